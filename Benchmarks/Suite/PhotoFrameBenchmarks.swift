import HotPaths
import Measurement

/// One photo-mode frame as an ordinary benchmark: depth upload 256×192 + colormap into 1920×1440, held to seed 000's
/// "< 2 ms per frame" (GPU time per frame, here CPU). Profiled in its two stages.
enum PhotoFrameBenchmarks: BenchmarkGroup {
    static func benchmarks() -> [Benchmark] {
        [
            Benchmark(hotPath: "photo-frame", variant: "optimized", workload: "256x192-to-1920x1440",
                      parameters: ["depth": "256x192", "display": "1920x1440", "isa": VectorISA.active.rawValue],
                      bytesPerIteration: PhotoFramePipeline.bytesPerFrame, threads: WorkerPool.shared.threads) { source in
                let pipeline = try PhotoFramePipeline(source: source)
                return Iteration(stages: [
                    Stage("upload") { pipeline.upload() },
                    Stage("colormap") { pipeline.renderOverlay() },
                ]) { pipeline.processFrame() }
            },
        ]
    }
}
