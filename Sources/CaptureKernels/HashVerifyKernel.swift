import Foundation
import HotPaths
import NumpyFiles

/// `framebudget kernel hash-verify`: checks recorded frames against a stored chain or its checkpoints and names
/// the first tampered frame; an interrupted recording verifies up to its last checkpoint.
public enum HashVerifyKernel: CaptureKernel {
    public static let id = "hash-verify"
    public static let usage = """
        in: frames.npy uint8 [F, B], chain.npy uint8 [K, 32], optional genesis.hex → out: verification.txt (one line). \
        Row k of chain.npy is the head after (k+1)·checkpoint_every frames (checkpoint_every=1: a link per frame, as \
        hash-chain writes it). Tampering fails with exit 2 naming the first tampered frame. \
        params: checkpoint_every=1, fps=30
        """

    public static func run(input: String, output: String, parameters: KernelParameters) throws -> String {
        try parameters.requireOnly(["checkpoint_every", "fps"])
        let interval = try parameters.int("checkpoint_every", default: 1)
        guard (1...(1 << 32)).contains(interval) else {
            throw KernelInputError.badParameter(name: "checkpoint_every", reason: "must be in 1...\(1 << 32)")
        }
        let fps = try parameters.double("fps", default: 30)
        guard fps > 0 else { throw KernelInputError.badParameter(name: "fps", reason: "must be positive") }
        let frames = try HashChainInputs.frames(in: input)
        let genesis = try HashChainInputs.genesis(in: input)
        let checkpoints = HashChainVerifier.checkpoints(try storedDigests(in: input), every: interval)
        let outcome: ChainVerification
        do {
            outcome = try frames.bytes.withUnsafeBytes {
                try HashChainVerifier.verify(frames: $0, frameCount: frames.count, frameBytes: frames.frameBytes,
                                             checkpoints: checkpoints, genesis: genesis)
            }
        } catch let error as HashChainError {
            throw KernelInputError.invalidInput(file: input + "/chain.npy", reason: error.description)
        }
        let summary = outcome.summary(framesPerSecond: fps)
        guard outcome.tamperedFrames == nil else { throw KernelInputError.noResult(reason: summary) }
        try OutputFile.write(summary + "\n", file: "verification.txt", in: output)
        return "hash-verify: " + summary
    }

    /// `chain.npy`, uint8 [K, 32].
    private static func storedDigests(in folder: String) throws -> [ChainDigest] {
        let path = folder + "/chain.npy"
        guard FileManager.default.fileExists(atPath: path) else { throw KernelInputError.missingFile(file: path) }
        let (shape, bytes) = try NpyFile.read(path, as: UInt8.self, rank: 2)
        guard shape[1] == ChainDigest.byteCount else {
            throw NpyError.wrongRank(file: path, expected: "[K, 32] (32-byte SHA-256 links)", found: shape)
        }
        return bytes.withUnsafeBytes { raw in
            (0..<shape[0]).map { ChainDigest(UnsafeRawBufferPointer(rebasing: raw[($0 * 32)..<(($0 + 1) * 32)]))! }
        }
    }
}
