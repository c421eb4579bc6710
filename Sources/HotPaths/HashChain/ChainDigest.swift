/// One 32-byte link of a frame hash chain (a SHA-256 digest), held inline so passing it around never allocates.
public struct ChainDigest: Hashable, Sendable, CustomStringConvertible {
    /// The digest bytes, in order.
    public var bytes: SIMD32<UInt8>

    /// The number of bytes in a digest.
    public static let byteCount = 32

    /// All zeros: the default genesis of a chain.
    public static let zero = ChainDigest(bytes: SIMD32<UInt8>(repeating: 0))

    public init(bytes: SIMD32<UInt8>) { self.bytes = bytes }

    /// The digest held in `buffer`, which must hold exactly 32 bytes.
    /// - Returns: nil when `buffer` is not 32 bytes long.
    public init?(_ buffer: UnsafeRawBufferPointer) {
        guard buffer.count == Self.byteCount else { return nil }
        var bytes = SIMD32<UInt8>()
        withUnsafeMutableBytes(of: &bytes) { $0.copyMemory(from: buffer) }
        self.bytes = bytes
    }

    /// Parses 64 hexadecimal digits (upper or lower case; surrounding whitespace ignored).
    /// - Returns: nil for any other length or a non-hex character.
    public init?(hex text: String) {
        let digits = Array(text.trimmingWhitespace().utf8)
        guard digits.count == 2 * Self.byteCount else { return nil }
        var bytes = SIMD32<UInt8>()
        for i in 0..<Self.byteCount {
            guard let high = Self.nibble(digits[2 * i]), let low = Self.nibble(digits[2 * i + 1]) else { return nil }
            bytes[i] = high << 4 | low
        }
        self.bytes = bytes
    }

    /// Lower-case hexadecimal, 64 digits.
    public var hex: String {
        let alphabet = Array("0123456789abcdef".utf8)
        var digits = [UInt8]()
        digits.reserveCapacity(2 * Self.byteCount)
        for i in 0..<Self.byteCount {
            digits.append(alphabet[Int(bytes[i] >> 4)])
            digits.append(alphabet[Int(bytes[i] & 0xF)])
        }
        return String(decoding: digits, as: UTF8.self)
    }

    public var description: String { hex }

    /// The bytes as an array (for writing files; allocates).
    public var byteArray: [UInt8] { (0..<Self.byteCount).map { bytes[$0] } }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
