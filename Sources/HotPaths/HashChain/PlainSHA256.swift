import COpenSSLSHA

/// SHA-256 of one buffer with nothing chained: the roof the hash chain is measured against (what
/// `openssl speed -evp sha256` times), through the same OpenSSL code the chain uses.
public enum PlainSHA256 {
    /// The SHA-256 digest of `bytes`.
    public static func digest(_ bytes: UnsafeRawBufferPointer) -> ChainDigest {
        var digest = ChainDigest.zero
        withUnsafeMutableBytes(of: &digest.bytes) { out in
            fb_sha256(bytes.baseAddress, bytes.count, out.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return digest
    }
}
