/// FNV-1a over a text's UTF-8 bytes (Fowler–Noll–Vo, the `1a` order: xor, then multiply): a fast, stable,
/// non-cryptographic hash for names that must not change between versions (machine classes, cache folders, colours).
public enum FNV1a {
    /// The 64-bit hash (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
    public static func hash64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// The 32-bit hash (offset basis 0x811c9dc5, prime 0x01000193).
    public static func hash32(_ text: String) -> UInt32 {
        var hash: UInt32 = 0x811c_9dc5
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return hash
    }

    /// `value` as 16 lower-case hex digits, zero-padded.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
