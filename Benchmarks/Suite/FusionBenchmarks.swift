import CaptureKernels
import HotPaths
import Measurement
import Workloads

/// LiDAR + relative-depth fusion (001 §3): a 256×192 LiDAR frame fitted onto a 518×392 relative map, budget < 10 ms.
/// With `run --workload DIR` the inputs are the capture's lidar.npy / confidence.npy / relative.npy instead.
enum FusionBenchmarks: BenchmarkGroup {
    static let workload = "256x192-to-518x392"
    static let lidarSize = (width: 256, height: 192), relativeSize = (width: 518, height: 392)

    static func benchmarks() -> [Benchmark] {
        [
            make("reference", threads: 1) { input in
                Iteration { blackHole(ReferenceFusion.fuse(input)) }
            },
            // Pair collection and apply split their rows over HotPaths' worker pool (one thread per core).
            make("optimized", threads: WorkerPool.shared.threads) { input in optimized(input) },
            make("blas", threads: 1) { input in blas(input) },
        ]
    }

    private static func make(_ variant: String, threads: Int,
                             iteration: @escaping @Sendable (FusionInput) -> Iteration) -> Benchmark {
        Benchmark(hotPath: "fusion", variant: variant, workload: workload,
                  parameters: ["lidar": "256x192", "relative": "518x392", "minDepth": "0.1", "maxDepth": "4.0",
                               "minConfidence": "2", "threads": "\(threads)"]
                    .merging(variant == "reference" ? [:] : ["isa": VectorISA.active.rawValue]) { $1 }
                    .merging(variant == "blas" ? ["blas": BLASKernel.description] : [:]) { $1 },
                  bytesPerIteration: bytes, flopsPerIteration: flops, workingSetBytes: workingSet,
                  threads: threads) { source in
            iteration(try inputs(source))
        }
    }

    /// Read once: LiDAR depth and confidence, the relative map twice (sampling, apply); written once: the metric map.
    static let bytes: Double = {
        let lidar = Double(lidarSize.width * lidarSize.height), relative = Double(relativeSize.width * relativeSize.height)
        return lidar * 5 + relative * 4 * 3
    }()

    /// Distinct bytes: the relative map counts once although it is read twice.
    static let workingSet: Double = {
        let lidar = Double(lidarSize.width * lidarSize.height), relative = Double(relativeSize.width * relativeSize.height)
        return lidar * 5 + relative * 4 * 2
    }()

    /// Per LiDAR pixel: 12 for the bilinear sample and 6 for the sums; per output value: a multiply and an add.
    static let flops: Double = Double(lidarSize.width * lidarSize.height) * 18
        + Double(relativeSize.width * relativeSize.height) * 2

    /// The synthetic room for a seed, or the capture's files.
    /// - Throws: ``KernelInputError/missingFile`` when the capture lacks lidar.npy or relative.npy (the run skips it); ``KernelInputError`` when
    ///   a file is present but invalid.
    static func inputs(_ source: WorkloadSource) throws -> FusionInput {
        switch source {
        case let .synthetic(seed):
            let lidar = RoomScene.lidar(seed: seed), relative = RoomScene.relativeDepth(seed: seed)
            return FusionInput(lidarDepth: lidar.depth.values, confidence: lidar.confidence,
                               lidarWidth: lidar.depth.width, lidarHeight: lidar.depth.height,
                               relative: relative.values, relativeWidth: relative.width, relativeHeight: relative.height)
        case let .capture(directory):
            return try FusionCaptureInputs.read(from: directory).input
        }
    }

    private static func optimized(_ input: FusionInput) -> Iteration {
        let fusion = OptimizedFusion(lidarWidth: input.lidarWidth, lidarHeight: input.lidarHeight,
                                     relativeWidth: input.relativeWidth, relativeHeight: input.relativeHeight,
                                     pool: .shared)
        let output = OutputBuffer(count: input.relative.count)
        return Iteration(
            stages: [
                Stage("pair collection") { fusion.collectPairs(input) },
                Stage("fit") { fusion.solve() },
                Stage("apply") { fusion.apply(input, into: output.buffer) },
            ],
            tearDown: { output.deallocate() }
        ) {
            blackHole(fusion.fuse(input, into: output.buffer))
        }
    }

    /// One OpenBLAS thread while it runs: a 40 000 × 2 QR gains nothing from threads, and on 2 shared cores
    /// OpenBLAS's default of 2 threads measured 2.3× slower. The previous count is restored by tear-down.
    private static func blas(_ input: FusionInput) -> Iteration {
        let previousThreads = BlasFusion.libraryThreads
        BlasFusion.libraryThreads = 1
        let fusion = BlasFusion(lidarWidth: input.lidarWidth, lidarHeight: input.lidarHeight,
                                relativeWidth: input.relativeWidth, relativeHeight: input.relativeHeight)
        let output = OutputBuffer(count: input.relative.count)
        return Iteration(tearDown: {
            output.deallocate()
            BlasFusion.libraryThreads = previousThreads
        }) {
            blackHole(fusion.fuse(input, into: output.buffer))
        }
    }
}

/// The metric map, allocated by set-up and freed by tear-down, so iterations allocate nothing.
private final class OutputBuffer: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Float>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: 0)
    }

    func deallocate() { buffer.deallocate() }
}
