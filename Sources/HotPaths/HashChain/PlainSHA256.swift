import Crypto

/// SHA-256 of one buffer with nothing chained: the roof the hash chain is measured against (what
/// `openssl speed -evp sha256` times), through the same swift-crypto hasher the chain uses.
public enum PlainSHA256 {
    public static func digest(_ bytes: UnsafeRawBufferPointer) -> ChainDigest {
        var hasher = SHA256()
        hasher.update(bufferPointer: bytes)
        return hasher.finalize().withUnsafeBytes { ChainDigest($0)! }
    }
}
