/// Checks recorded frames against stored chain links or checkpoints, naming the first tampered frame.
///
/// Per-frame links are checkpoints with `frameCount = i + 1`, so one walk serves both: with a link per frame the
/// tampered range is a single frame; with a checkpoint every N frames it is the N frames of the first failing
/// checkpoint. Frames after the last checkpoint (an interrupted recording) are counted but not verified.
public enum HashChainVerifier {
    /// Recomputes the chain over packed frames and compares it at every checkpoint, in order.
    ///
    /// - Parameters:
    ///   - frames: `frameCount` frames of `frameBytes` bytes each, back to back (as `frames.npy [F, B]` holds them).
    ///   - checkpoints: strictly increasing `frameCount`s, each at least 1 and at most `frameCount`.
    ///   - genesis: the link before the first frame.
    /// - Throws: ``HashChainError`` when the sizes disagree or the checkpoints are out of order or beyond the frames.
    public static func verify(
        frames: UnsafeRawBufferPointer, frameCount: Int, frameBytes: Int,
        checkpoints: [ChainCheckpoint], genesis: ChainDigest = .zero
    ) throws -> ChainVerification {
        guard frameCount >= 0, frameBytes >= 0, frames.count == frameCount * frameBytes else {
            throw HashChainError.framesSizeMismatch(bytes: frames.count, frameCount: frameCount, frameBytes: frameBytes)
        }
        try validate(checkpoints, frameCount: frameCount)
        var chain = FrameHashChain(genesis: genesis)
        var verified = 0
        for checkpoint in checkpoints {
            while chain.frameCount < checkpoint.frameCount {
                let start = chain.frameCount * frameBytes
                chain.append(UnsafeRawBufferPointer(rebasing: frames[start..<(start + frameBytes)]))
            }
            guard chain.head == checkpoint.digest else {
                return ChainVerification(verifiedFrames: verified, totalFrames: frameCount,
                                         tamperedFrames: verified..<checkpoint.frameCount)
            }
            verified = checkpoint.frameCount
        }
        return ChainVerification(verifiedFrames: verified, totalFrames: frameCount, tamperedFrames: nil)
    }

    /// Checkpoints every frame: `links[i]` is the head after frame `i`.
    public static func checkpoints(perFrameLinks links: [ChainDigest]) -> [ChainCheckpoint] {
        links.enumerated().map { ChainCheckpoint(frameCount: $0.offset + 1, digest: $0.element) }
    }

    /// Checkpoints every `interval` frames: `digests[k]` is the head after `(k + 1) · interval` frames.
    public static func checkpoints(_ digests: [ChainDigest], every interval: Int) -> [ChainCheckpoint] {
        digests.enumerated().map { ChainCheckpoint(frameCount: ($0.offset + 1) * interval, digest: $0.element) }
    }

    private static func validate(_ checkpoints: [ChainCheckpoint], frameCount: Int) throws {
        var previous = 0
        for (index, checkpoint) in checkpoints.enumerated() {
            guard checkpoint.frameCount > previous else {
                throw HashChainError.checkpointsOutOfOrder(index: index)
            }
            guard checkpoint.frameCount <= frameCount else {
                throw HashChainError.checkpointBeyondFrames(index: index, covers: checkpoint.frameCount,
                                                            available: frameCount)
            }
            previous = checkpoint.frameCount
        }
    }
}

/// The outcome of ``HashChainVerifier/verify(frames:frameCount:frameBytes:checkpoints:genesis:)``.
public struct ChainVerification: Equatable, Sendable {
    /// Frames covered by the last checkpoint that matched (all of them before a tampered one).
    public let verifiedFrames: Int
    /// Frames available.
    public let totalFrames: Int
    /// Where the first mismatch lies: the frames between the last good checkpoint and the first bad one
    /// (one frame when every frame has a link); nil when every checkpoint matched.
    public let tamperedFrames: Range<Int>?

    public init(verifiedFrames: Int, totalFrames: Int, tamperedFrames: Range<Int>?) {
        self.verifiedFrames = verifiedFrames
        self.totalFrames = totalFrames
        self.tamperedFrames = tamperedFrames
    }

    /// The first frame that may have been altered: exact with per-frame links.
    public var firstTamperedFrame: Int? { tamperedFrames?.lowerBound }

    /// One line for a user: "verified 300 of 360 frames (10.0 s of 12.0 s)" or the first tampered frame.
    public func summary(framesPerSecond: Double) -> String {
        let seconds = { (frames: Int) in "\((Double(frames) / framesPerSecond * 10).rounded() / 10) s" }
        if let range = tamperedFrames {
            let place = range.count == 1 ? "frame \(range.lowerBound)" : "frames \(range.lowerBound)..<\(range.upperBound)"
            return "tampered: first tampered frame in \(place) (at \(seconds(range.lowerBound))); "
                + "verified \(verifiedFrames) of \(totalFrames) frames before it"
        }
        return "verified \(verifiedFrames) of \(totalFrames) frames (\(seconds(verifiedFrames)) of \(seconds(totalFrames)))"
    }
}

/// Checkpoints that cannot belong to the frames given.
public enum HashChainError: Error, Equatable, CustomStringConvertible {
    case checkpointsOutOfOrder(index: Int)
    case checkpointBeyondFrames(index: Int, covers: Int, available: Int)
    case framesSizeMismatch(bytes: Int, frameCount: Int, frameBytes: Int)

    public var description: String {
        switch self {
        case let .checkpointsOutOfOrder(index):
            return "checkpoint \(index) does not cover more frames than the one before it"
        case let .checkpointBeyondFrames(index, covers, available):
            return "checkpoint \(index) covers \(covers) frames, only \(available) frames were given"
        case let .framesSizeMismatch(bytes, frameCount, frameBytes):
            return "\(bytes) bytes of frames do not hold \(frameCount) frames of \(frameBytes) bytes"
        }
    }
}
