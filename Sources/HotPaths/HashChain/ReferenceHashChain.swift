import Crypto

/// The straightforward hash chain: each link hashes a freshly concatenated `h_{i−1} ‖ frame_i` buffer.
/// Same digests as ``FrameHashChain``; it costs a frame-sized allocation and copy per frame.
public enum ReferenceHashChain {
    /// `SHA-256(previous ‖ frame)` through a concatenated copy.
    public static func link(previous: ChainDigest, frame: [UInt8]) -> ChainDigest {
        var message = previous.byteArray
        message.append(contentsOf: frame)
        return SHA256.hash(data: message).withUnsafeBytes { ChainDigest($0)! }
    }

    /// Every link of the chain over `frames`, in order.
    public static func chain(frames: [[UInt8]], genesis: ChainDigest = .zero) -> [ChainDigest] {
        var links: [ChainDigest] = []
        var previous = genesis
        for frame in frames {
            previous = link(previous: previous, frame: frame)
            links.append(previous)
        }
        return links
    }
}
