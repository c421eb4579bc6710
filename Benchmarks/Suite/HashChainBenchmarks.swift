import CaptureKernels
import HotPaths
import Measurement
import NumpyFiles
import Workloads

/// The recorded-video hash chain (002, Stories 7-4/7-5), one 1920×1440 YUV 4:2:0 frame per iteration, beside
/// SHA-256 over 16 KiB blocks: the roof the chain is held to (`openssl speed -evp sha256 -bytes 16384`).
///
/// Throughput counts the bytes hashed (frame plus the 32-byte previous link), so every variant reads in GB/s of
/// SHA-256 and compares directly with openssl.
enum HashChainBenchmarks: BenchmarkGroup {
    static let width = 1920, height = 1440
    static let frameBytes = YUVFrames.byteCount(width: width, height: height)
    /// Distinct frames cycled through, so consecutive iterations hash different bytes (16.6 MB in all).
    static let distinctFrames = 4
    static let blockBytes = 16_384
    static let workload = "1920x1440-yuv420"
    /// The frame, and which SHA-256 code ran (SHA-NI or not differs 4× per byte).
    static var parameters: [String: String] {
        ["width": "\(width)", "height": "\(height)", "format": "yuv420-nv12", "fps": "30",
         "sha256": SHA256Implementation.current]
    }

    static func benchmarks() -> [Benchmark] {
        let hashed = Double(frameBytes + ChainDigest.byteCount)
        // The frames cycled through are the working set: each iteration hashes the next one.
        let cycled = Double(distinctFrames * frameBytes)
        return [
            Benchmark(hotPath: "hash-chain", variant: "reference", workload: workload, parameters: parameters,
                      bytesPerIteration: hashed, workingSetBytes: cycled) { try reference(frames(from: $0)) },
            Benchmark(hotPath: "hash-chain", variant: "optimized", workload: workload, parameters: parameters,
                      bytesPerIteration: hashed, workingSetBytes: cycled) { try optimized(frames(from: $0)) },
            Benchmark(hotPath: "hash-chain", variant: "sha256-16k", workload: workload,
                      parameters: parameters.merging(["block": "\(blockBytes)"]) { $1 },
                      bytesPerIteration: Double(frameBytes / blockBytes * blockBytes),
                      workingSetBytes: cycled) { try blocks(frames(from: $0)) },
        ]
    }

    /// Concatenates the previous link and the frame into a new buffer, then hashes it.
    private static func reference(_ frames: [[UInt8]]) -> Iteration {
        let state = ChainState(frames: frames)
        return Iteration {
            state.head = ReferenceHashChain.link(previous: state.head, frame: state.nextFrame())
            blackHole(state.head)
        }
    }

    /// Streams the previous link and the frame into the hasher: no copy.
    private static func optimized(_ frames: [[UInt8]]) -> Iteration {
        let state = ChainState(frames: frames)
        return Iteration {
            let frame = state.nextFrame()
            frame.withUnsafeBytes { _ = state.chain.append($0) }
            blackHole(state.chain.head)
        }
    }

    /// Independent SHA-256 digests of consecutive 16 KiB blocks of the frame, as `openssl speed -bytes 16384` does.
    private static func blocks(_ frames: [[UInt8]]) -> Iteration {
        let state = ChainState(frames: frames)
        return Iteration {
            state.nextFrame().withUnsafeBytes { frame in
                var start = 0
                while start + blockBytes <= frame.count {
                    let block = UnsafeRawBufferPointer(rebasing: frame[start..<(start + blockBytes)])
                    state.head = PlainSHA256.digest(block)
                    start += blockBytes
                }
            }
            blackHole(state.head)
        }
    }

    /// The frames of a capture (`frames.npy`, uint8 [F, B]) or the seeded synthetic recording.
    private static func frames(from source: WorkloadSource) throws -> [[UInt8]] {
        switch source {
        case let .synthetic(seed):
            return (0..<distinctFrames).map { YUVFrames.frame(width: width, height: height, seed: seed, index: $0) }
        case let .capture(directory):
            let (shape, bytes) = try CaptureInputs.read("frames.npy", in: directory, as: UInt8.self, rank: 2)
            guard shape[0] > 0 else { throw NpyError.badShape(file: "frames.npy", reason: "no frames") }
            return (0..<shape[0]).map { Array(bytes[($0 * shape[1])..<(($0 + 1) * shape[1])]) }
        }
    }
}

/// A benchmark's mutable state, touched only by the engine's one measuring thread.
private final class ChainState: @unchecked Sendable {
    let frames: [[UInt8]]
    var next = 0
    var chain = FrameHashChain()
    var head = ChainDigest.zero

    init(frames: [[UInt8]]) { self.frames = frames }

    func nextFrame() -> [UInt8] {
        defer { next = (next + 1) % frames.count }
        return frames[next]
    }
}
