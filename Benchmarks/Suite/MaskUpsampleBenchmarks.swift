import CaptureKernels
import HotPaths
import Measurement
import NumpyFiles
import Workloads

/// Instance masks (001 §2b): 32 coefficients × 160×120 prototypes per detection, sigmoid, crop, bilinear upsample
/// to 1920×1440, flip, bytes; for 1, 10 and 100 detections. The optimized variant marks its two stages and runs
/// on the shared worker pool (one thread per core).
enum MaskUpsampleBenchmarks: BenchmarkGroup {
    static let geometry = MaskGeometry()
    static let detections = [1, 10, 100]

    static func benchmarks() -> [Benchmark] {
        ["reference", "optimized"].flatMap { variant in
            Benchmark.sweep(detections, workload: { "n=\($0)" }) { n, workload in
                Benchmark(hotPath: "mask-upsample", variant: variant, workload: workload,
                          parameters: ["detections": "\(n)", "protos": "32x120x160", "output": "1920x1440", "flip": "true"]
                            .merging(variant == "optimized" ? ["isa": VectorISA.active.rawValue, "blas": BLASKernel.description]
                                                                    : [:]) { $1 },
                          bytesPerIteration: Double(n * geometry.pixels + 32 * geometry.protoCells * 4),
                          flopsPerIteration: Double(2 * n * 32 * geometry.protoCells),
                          threads: variant == "optimized" ? WorkerPool.shared.threads : 1) { source in
                    let scene = try load(source, detections: n)
                    return variant == "reference" ? reference(scene) : optimized(scene)
                }
            }
        }
    }

    private static func reference(_ scene: MaskPrototypes) -> Iteration {
        Iteration {
            blackHole(ReferenceMasks.run(prototypes: scene.prototypes, coefficients: scene.coefficients,
                                         boxes: scene.boxes, channels: scene.channels, geometry: geometry))
        }
    }

    /// Inputs and output buffers pinned in set-up; the stages are the pipeline's own, so together they are `run`.
    private static func optimized(_ scene: MaskPrototypes) -> Iteration {
        let buffers = MaskBuffers(scene, pixels: geometry.pixels)
        let pipeline = InstanceMaskPipeline(geometry: geometry, channels: scene.channels, capacity: scene.detections)
        pipeline.bind(prototypes: buffers.prototypes, coefficients: buffers.coefficients, boxes: buffers.boxes,
                      masks: buffers.masks)
        let names = InstanceMaskPipeline.stageNames
        let stages = [
            Stage(names[0]) { pipeline.multiplyAndSigmoid() },
            Stage(names[1]) { pipeline.upsampleAndConvert(); blackHole(buffers.masks.baseAddress) },
        ]
        return Iteration(stages: stages, tearDown: { buffers.deallocate() }) {
            pipeline.run()
            blackHole(buffers.masks.baseAddress)
        }
    }

    /// The synthetic scene, or `protos.npy`, `coeffs.npy`, `boxes.npy` of a capture folder (its first n detections).
    private static func load(_ source: WorkloadSource, detections n: Int) throws -> MaskPrototypes {
        switch source {
        case let .synthetic(seed): return MaskPrototypes.scene(detections: n, seed: seed)
        case let .capture(directory):
            let (shape, prototypes) = try CaptureInputs.read("protos.npy", in: directory, as: Float.self, rank: 3)
            let coefficients = try CaptureInputs.read("coeffs.npy", in: directory, as: Float.self, rank: 2).values
            let boxes = try CaptureInputs.read("boxes.npy", in: directory, as: Float.self, rank: 2).values
            guard shape[1] == 120, shape[2] == 160, boxes.count >= 4 * n, coefficients.count >= n * shape[0] else {
                throw NpyError.badShape(file: "protos.npy", reason: "need [C, 120, 160] prototypes and at least \(n) detections")
            }
            return MaskPrototypes(prototypes: prototypes, coefficients: Array(coefficients[0..<(n * shape[0])]),
                                  boxes: Array(boxes[0..<(4 * n)]), channels: shape[0], protoWidth: 160, protoHeight: 120)
        }
    }
}

/// A scene's inputs and its masks output in stable memory, freed by the benchmark's tear-down.
final class MaskBuffers: @unchecked Sendable {
    let prototypes: UnsafeBufferPointer<Float>
    let coefficients: UnsafeBufferPointer<Float>
    let boxes: UnsafeBufferPointer<Float>
    let masks: UnsafeMutableBufferPointer<UInt8>

    init(_ scene: MaskPrototypes, pixels: Int) {
        prototypes = UnsafeBufferPointer(pinned(scene.prototypes))
        coefficients = UnsafeBufferPointer(pinned(scene.coefficients))
        boxes = UnsafeBufferPointer(pinned(scene.boxes))
        masks = .allocate(capacity: scene.detections * pixels)
        masks.initialize(repeating: 0)  // touch every page before timing
    }

    func deallocate() { prototypes.deallocate(); coefficients.deallocate(); boxes.deallocate(); masks.deallocate() }
}

/// A copy of `values` in memory that stays put.
func pinned<T>(_ values: [T]) -> UnsafeMutableBufferPointer<T> {
    let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: values.count)
    _ = buffer.initialize(from: values)
    return buffer
}
