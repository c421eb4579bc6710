import CaptureKernels
import HotPaths
import Measurement
import NumpyFiles
import Workloads

/// YOLO post-processing NMS (001 §2): 8400 candidates of a 640×640 input, class-aware greedy suppression at IoU
/// 0.5, at most 300 detections. `typical` is a room at confidence 0.7 (a few dozen candidates pass); `crowded` a
/// cluttered scene at 0.25 (over a thousand pass, many overlapping); the sweep grows the crowded scene from 100 to
/// 25200 candidates at constant density, for the cost-against-size fit.
enum NMSBenchmarks: BenchmarkGroup {
    static let sweep = [100, 1000, 8400, 25200]

    static func benchmarks() -> [Benchmark] {
        var all: [Benchmark] = []
        for variant in ["reference", "optimized"] {
            all.append(make(variant, "typical", confidence: 0.7) { YoloCandidates.typical(seed: $0) })
            all.append(make(variant, "crowded", confidence: 0.25) { YoloCandidates.crowded(seed: $0) })
            all += Benchmark.sweep(sweep, workload: { "n=\($0)" }) { n, workload in
                make(variant, workload, confidence: 0.25, sweepSize: Double(n)) { YoloCandidates.crowded(count: n, seed: $0) }
            }
        }
        return all
    }

    private static func make(_ variant: String, _ workload: String, confidence: Float, sweepSize: Double? = nil,
                             scene: @escaping @Sendable (UInt64) -> YoloCandidates) -> Benchmark {
        let parameters = NMSParameters(confidence: confidence)
        return Benchmark(
            hotPath: "nms", variant: variant, workload: workload,
            parameters: ["conf": "\(confidence)", "iou": "0.5", "max_det": "300", "input": "640x640"],
            sweepSize: sweepSize
        ) { source in
            let candidates = try load(source, scene)
            return variant == "reference" ? reference(candidates, parameters) : optimized(candidates, parameters)
        }
    }

    private static func reference(_ candidates: YoloCandidates, _ parameters: NMSParameters) -> Iteration {
        Iteration {
            blackHole(ReferenceNMS.run(boxes: candidates.boxes, scores: candidates.scores, classes: candidates.classes,
                                       parameters: parameters))
        }
    }

    /// Scratch sized and warmed in set-up: the timed call allocates nothing.
    private static func optimized(_ candidates: YoloCandidates, _ parameters: NMSParameters) -> Iteration {
        let inputs = PinnedCandidates(candidates)
        let nms = NonMaxSuppression(capacity: candidates.count, maxDetections: parameters.maxDetections)
        return Iteration(tearDown: { inputs.deallocate() }) {
            blackHole(nms.run(boxes: inputs.boxes, scores: inputs.scores, classes: inputs.classes, parameters: parameters).count)
        }
    }

    /// The synthetic scene, or `boxes.npy`, `scores.npy`, `classes.npy` of a capture folder.
    static func load(_ source: WorkloadSource, _ scene: (UInt64) -> YoloCandidates) throws -> YoloCandidates {
        switch source {
        case let .synthetic(seed): return scene(seed)
        case let .capture(directory):
            // Through CaptureInputs: an absent file is "missing" (the run skips the benchmark), not a read error.
            let boxes = try CaptureInputs.read("boxes.npy", in: directory, as: Float.self, rank: 2).values
            let scores = try CaptureInputs.read("scores.npy", in: directory, as: Float.self, rank: 1).values
            let classes = try CaptureInputs.read("classes.npy", in: directory, as: Int32.self, rank: 1).values
            guard boxes.count == 4 * scores.count, classes.count == scores.count else {
                throw NpyError.badShape(file: "boxes.npy", reason: "boxes, scores and classes must have the same N")
            }
            return YoloCandidates(boxes: boxes, scores: scores, classes: classes)
        }
    }
}

/// Candidate arrays copied to stable memory in set-up, so the timed body passes pointers without bridging arrays.
final class PinnedCandidates: @unchecked Sendable {
    let boxes: UnsafeBufferPointer<Float>
    let scores: UnsafeBufferPointer<Float>
    let classes: UnsafeBufferPointer<Int32>

    init(_ candidates: YoloCandidates) {
        boxes = UnsafeBufferPointer(Self.copy(candidates.boxes))
        scores = UnsafeBufferPointer(Self.copy(candidates.scores))
        classes = UnsafeBufferPointer(Self.copy(candidates.classes))
    }

    private static func copy<T>(_ values: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(values.count, 1))
        _ = buffer.initialize(from: values)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<values.count])
    }

    func deallocate() {
        boxes.deallocate(); scores.deallocate(); classes.deallocate()
    }
}
