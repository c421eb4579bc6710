/// Adler-32 (RFC 1950) of `bytes`: the checksum of zlib streams.
public func adler32(_ bytes: [UInt8]) -> UInt32 {
    let modulus: UInt32 = 65_521
    var a: UInt32 = 1, b: UInt32 = 0
    // 5552 bytes is the longest run whose sums cannot overflow 32 bits before the modulo (zlib's NMAX).
    var start = 0
    while start < bytes.count {
        let end = min(start + 5552, bytes.count)
        for index in start..<end {
            a &+= UInt32(bytes[index])
            b &+= a
        }
        a %= modulus
        b %= modulus
        start = end
    }
    return b << 16 | a
}

/// The words of `text` (separated by spaces or newlines), sorted by their UTF-8 bytes.
public func sortedWords(_ text: String) -> [Substring] {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
}

/// `input` with ASCII letters upper-cased, written into `output` (the same length): no allocation per call.
public func uppercaseASCII(_ input: [UInt8], into output: inout [UInt8]) {
    precondition(output.count == input.count, "output must be as long as input")
    for index in input.indices {
        let byte = input[index]
        output[index] = byte &- (byte >= 97 && byte <= 122 ? 32 : 0)
    }
}
