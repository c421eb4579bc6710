import COpenSSLSHA

/// The integrity chain of a recorded video (002, Stories 7-4/7-5): `h_i = SHA-256(h_{i−1} ‖ frame_i)`, with
/// `h_{−1}` the genesis (32 zero bytes unless given).
///
/// This is the optimized variant the frame loop uses: ``append(_:)`` streams the previous link and the frame's
/// bytes into one SHA-256 context, copying nothing, through the system's OpenSSL (``SHA256Implementation``: its
/// AVX2 + BMI2 code where the CPU has no SHA extensions, which swift-crypto's BoringSSL lacks). The context lives on
/// the stack: no allocation per frame. A value type: copy it to fork a chain.
public struct FrameHashChain: Sendable {
    /// The link before the first frame.
    public let genesis: ChainDigest
    /// The latest link (the genesis while no frame was appended).
    public private(set) var head: ChainDigest
    /// Frames appended so far.
    public private(set) var frameCount: Int

    public init(genesis: ChainDigest = .zero) {
        self.genesis = genesis
        self.head = genesis
        self.frameCount = 0
    }

    /// Chains one frame's bytes (any length, including empty) and returns the new head.
    @discardableResult
    public mutating func append(_ frame: UnsafeRawBufferPointer) -> ChainDigest {
        head = Self.link(previous: head, frame: frame)
        frameCount += 1
        return head
    }

    /// Chains one frame held in two buffers — e.g. a bi-planar YUV frame's luma and chroma planes — exactly as the
    /// packed frame `first ‖ second` would chain, without copying them together.
    @discardableResult
    public mutating func append(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> ChainDigest {
        head = Self.hash(previous: head, first, second)
        frameCount += 1
        return head
    }

    /// The head and the number of frames it covers, to store as a checkpoint (e.g. every second of video).
    public var checkpoint: ChainCheckpoint { ChainCheckpoint(frameCount: frameCount, digest: head) }

    /// `SHA-256(previous ‖ frame)` without concatenating.
    public static func link(previous: ChainDigest, frame: UnsafeRawBufferPointer) -> ChainDigest {
        hash(previous: previous, frame, UnsafeRawBufferPointer(start: nil, count: 0))
    }

    /// SHA-256(previous ‖ first ‖ second).
    private static func hash(previous: ChainDigest, _ first: UnsafeRawBufferPointer,
                             _ second: UnsafeRawBufferPointer) -> ChainDigest {
        var digest = ChainDigest.zero
        withUnsafeBytes(of: previous.bytes) { previousBytes in
            withUnsafeMutableBytes(of: &digest.bytes) { out in
                fb_sha256_link(previousBytes.baseAddress!.assumingMemoryBound(to: UInt8.self), first.baseAddress,
                               first.count, second.baseAddress, second.count, out.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return digest
    }
}

/// A stored chain head: after `frameCount` frames the chain's head was `digest`.
public struct ChainCheckpoint: Hashable, Sendable {
    public let frameCount: Int
    public let digest: ChainDigest

    public init(frameCount: Int, digest: ChainDigest) {
        self.frameCount = frameCount
        self.digest = digest
    }
}
