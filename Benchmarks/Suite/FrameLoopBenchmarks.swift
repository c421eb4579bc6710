import FrameLoop
import HotPaths
import Measurement

/// The per-frame pipelines driven at the camera's cadence (Docs/FRAME-LOOP.md), each under both policies:
/// photo mode at 60 fps (seed 000 AC3: > 57 fps for 95 % of frames) and recording at 30 fps (seed 002).
enum FrameLoopBenchmarks: BenchmarkGroup {
    /// 10 s of preview at 60 fps.
    static let photoFrames = 600
    /// 15 s, the longest recording (seed 002 AC5), at 30 fps.
    static let videoFrames = 450

    static func benchmarks() -> [Benchmark] {
        [FramePolicy.drop, .queue()].flatMap { policy in [photo(policy), video(policy)] }
            .sorted { $0.id < $1.id }
    }

    private static func photo(_ policy: FramePolicy) -> Benchmark {
        Benchmark(hotPath: "frame-loop", variant: "photo", workload: policy.name,
                  parameters: parameters(fps: 60, policy: policy, work: "depth upload 256x192 + colormap to 1920x1440"),
                  bytesPerIteration: PhotoFramePipeline.bytesPerFrame, threads: WorkerPool.shared.threads,
                  frameLoop: FrameLoopSpec(fps: 60, policy: policy, defaultFrames: photoFrames)) { source in
            let pipeline = try PhotoFramePipeline(source: source)
            return Iteration { pipeline.processFrame() }
        }
    }

    private static func video(_ policy: FramePolicy) -> Benchmark {
        Benchmark(hotPath: "frame-loop", variant: "video", workload: policy.name,
                  parameters: parameters(fps: 30, policy: policy,
                                         work: "edge overlay 256x192 + hash-chain append of 1920x1440 yuv420"),
                  bytesPerIteration: Double(VideoFramePipeline.frameBytes + 2 * 256 * 192 * 4),
                  frameLoop: FrameLoopSpec(fps: 30, policy: policy, defaultFrames: videoFrames)) { source in
            let pipeline = try VideoFramePipeline(source: source)
            return Iteration { pipeline.processFrame() }
        }
    }

    private static func parameters(fps: Int, policy: FramePolicy, work: String) -> [String: String] {
        ["fps": "\(fps)", "policy": policy.name, "queueCapacity": "\(policy.waitingCapacity)", "work": work,
         "isa": VectorISA.active.rawValue]
    }
}
