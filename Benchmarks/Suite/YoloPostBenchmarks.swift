import HotPaths
import Measurement
import Workloads

/// YOLO post-processing as the app runs it after inference (001 §2, §2b): NMS over 8400 candidates at confidence
/// 0.7 and IoU 0.5, then the 1920×1440 masks of the survivors — the part of the < 100 ms YOLO budget on the CPU.
/// The masks run on the shared worker pool, so the benchmark has the pool's threads (and their regression threshold).
enum YoloPostBenchmarks: BenchmarkGroup {
    static func benchmarks() -> [Benchmark] {
        [Benchmark(hotPath: "yolo-post", variant: "optimized", workload: "typical",
                   parameters: ["candidates": "8400", "conf": "0.7", "iou": "0.5", "max_det": "300",
                                "protos": "32x120x160", "output": "1920x1440", "isa": VectorISA.active.rawValue,
                                "blas": BLASKernel.description],
                   threads: WorkerPool.shared.threads) { source in
            guard case let .synthetic(seed) = source else {
                throw MeasurementSetUpError.syntheticOnly("yolo-post/optimized/typical")
            }
            return typical(seed: seed)
        }]
    }

    private static func typical(seed: UInt64) -> Iteration {
        let candidates = PinnedCandidates(YoloCandidates.typical(seed: seed))
        // Mask coefficients for every candidate (the detector's 32 extra outputs) and the image's prototypes.
        let head = MaskBuffers(MaskPrototypes.scene(detections: candidates.scores.count, seed: seed), pixels: 0)
        let processor = YoloPostProcessor()
        let parameters = NMSParameters(confidence: 0.7, iou: 0.5, maxDetections: 300)
        let body: @Sendable () -> Void = {
            let result = processor.run(boxes: candidates.boxes, scores: candidates.scores, classes: candidates.classes,
                                       coefficients: head.coefficients, prototypes: head.prototypes, parameters: parameters)
            blackHole(result.masks.baseAddress)
        }
        body()  // sizes the survivors' scratch outside the timed window
        return Iteration(tearDown: { candidates.deallocate(); head.deallocate() }, run: body)
    }
}
