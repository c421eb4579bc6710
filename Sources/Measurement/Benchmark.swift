import Results

/// Where a benchmark takes its input from.
public enum WorkloadSource: Sendable, Equatable {
    /// The deterministic synthetic scene, generated from this seed.
    case synthetic(seed: UInt64)
    /// A recorded capture: a folder of `.npy` files named as `framebudget kernel` expects them.
    case capture(directory: String)
}

/// One named part of an iteration, for the per-stage profile. The stages of an ``Iteration`` run in order and
/// together do exactly what ``Iteration/run`` does.
public struct Stage: Sendable {
    /// What `profile` calls the stage (`upload`, `colormap`).
    public let name: String
    /// The stage's part of one iteration.
    public let run: @Sendable () -> Void

    /// A stage called `name` doing `run`, its part of one iteration.
    public init(_ name: String, run: @escaping @Sendable () -> Void) {
        self.name = name
        self.run = run
    }
}

/// What a benchmark's set-up hands to the engine: the timed body, optional stages, and an untimed tear-down.
///
/// Everything that allocates (inputs, output buffers, thread pools) belongs to set-up, which runs outside the
/// timed window; the body is what is measured (all of `run` for a plain iteration; a measured scope's part). The initializers in `Iteration+State.swift` add
/// mutable state without a hand-written box, untimed set-up before every sample or every iteration, and a body
/// that times only a part of itself.
public struct Iteration: Sendable {
    /// One whole iteration (set-up before each iteration and the untimed parts of a measured body included): what
    /// the warm-up, the allocation count and the counters run.
    public let run: @Sendable () -> Void
    /// The iteration in named parts, for `profile`'s per-stage times (empty: no stage profile).
    public let stages: [Stage]
    /// Runs once after the benchmark, untimed (releases what set-up took: a pool's threads, a mapped file).
    public let tearDown: @Sendable () -> Void
    /// How a sample is timed: the whole batch (after an untimed preparation, for some), or only what the body
    /// measures (``MeasuredScope``).
    let timing: Timing
    /// What the benchmark reports about its work once it is measured (``reporting(_:)``).
    var metrics: (@Sendable () -> [String: Double])?

    /// The metrics ``reporting(_:)`` declared, read now (nil without them): for runners outside this module.
    package func reportedMetrics() -> [String: Double]? { metrics?() }

    /// Whether a sample times whole iterations (``run``): not a measured scope or a prepared batch, which only the
    /// batch runner knows how to time.
    package var timesWholeIterations: Bool {
        if case .wholeBatch = timing { return true }
        return false
    }

    /// An iteration timed whole: `run` is the body every sample times in batches.
    /// - Parameters:
    ///   - stages: the same work in named parts, in order, for `profile` (they must do together what `run` does).
    ///   - tearDown: untimed, once after the benchmark.
    ///   - run: one iteration of the timed body.
    public init(
        stages: [Stage] = [],
        tearDown: @escaping @Sendable () -> Void = {},
        run: @escaping @Sendable () -> Void
    ) {
        self.init(stages: stages, tearDown: tearDown, run: run, timing: .wholeBatch)
    }

    init(stages: [Stage], tearDown: @escaping @Sendable () -> Void, run: @escaping @Sendable () -> Void, timing: Timing) {
        self.run = run
        self.stages = stages
        self.tearDown = tearDown
        self.timing = timing
    }

    /// What a sample's clock covers.
    enum Timing: Sendable {
        /// One clock read before and after a batch of ``Iteration/run``: the fastest bodies can be timed.
        case wholeBatch
        /// `prepare(iterations)`, untimed, then one clock read before and after a batch of `body`.
        case preparedBatch(prepare: @Sendable (Int) -> Void, body: @Sendable () -> Void)
        /// Only the parts of each iteration inside ``MeasuredScope/measure(_:)``, summed over the batch.
        case scoped(@Sendable (inout MeasuredScope) -> Void)
    }
}

/// A benchmark definition: one hot path, one variant, one workload.
///
/// Its id is `hotPath/variant/workload`, e.g. `colormap/optimized/256x192`; filters and budgets refer to it.
public struct Benchmark: Sendable {
    /// The hot path, e.g. `colormap`. Budgets are keyed by hot path and workload.
    public let hotPath: String
    /// `reference`, `optimized`, or another named variant such as `blas`.
    public let variant: String
    /// The workload name, e.g. `256x192` or `n=8400`.
    public let workload: String
    /// Parameters of the workload, recorded in the results (`width`, `conf`, `threads`...).
    public let parameters: [String: String]
    /// Bytes read plus bytes written per iteration, where known: gives GB/s and the memory roof.
    public let bytesPerIteration: Double?
    /// Floating-point operations per iteration, where known: gives GFLOP/s and the compute roof.
    public let flopsPerIteration: Double?
    /// Distinct bytes an iteration touches, where it differs from `bytesPerIteration` (inputs cycled through, data
    /// read twice): decides the memory level, and so the bandwidth roof, the benchmark is held to.
    public let workingSetBytes: Double?
    /// Threads the kernel uses; counters of a multithreaded kernel cover the calling thread only.
    public let threads: Int
    /// For swept benchmarks, the size `n` of this point: cost-against-size plots and complexity fits use it.
    public let sweepSize: Double?
    /// Items of the benchmark's own unit per iteration (pixels, frames, boxes…), where they say more than bytes:
    /// results and `run`'s table give their rate (`12.3 M pixels/s`).
    public var itemsPerIteration: Double? = nil
    /// The plural name of those items (`pixels`, `frames`); `items` by default.
    public var itemName: String = "items"
    /// The change (a fraction: 0.05 is 5%) a comparison of two builds calls a regression for this benchmark, where
    /// the default (2%, 3% on several threads) does not suit it; budgets.yaml's `regression-thresholds` and
    /// `--threshold-for` override it.
    public var regressionThreshold: Double? = nil
    /// Whether `value` can be a ``regressionThreshold``: a fraction in (0, 1] (`5` meant as 5% would be 500%, and
    /// that benchmark could never be called REGRESSED). Checked where a suite is registered and where a build's
    /// declared thresholds are read (builds before 7 Dec 2026 never checked them).
    public static func isRegressionThreshold(_ value: Double) -> Bool { value > 0 && value <= 1 }
    /// Builds inputs and outputs, outside the timed window. Throws on an unreadable capture.
    public let setUp: @Sendable (WorkloadSource) throws -> Iteration
    /// Set for benchmarks measured otherwise than in timed batches: a frame loop's spec (module `FrameLoop`, whose
    /// `Benchmark.frameLoop` reads it back) drives the iteration, one frame at a time, at a cadence.
    public var driver: (any BenchmarkDriver)? = nil

    /// A benchmark with id `hotPath/variant/workload`; each parameter is the property of the same name. Only
    /// `setUp` is required besides the id: it builds the inputs, outside the timed window, and returns the
    /// ``Iteration`` to time.
    public init(
        hotPath: String,
        variant: String,
        workload: String,
        parameters: [String: String] = [:],
        bytesPerIteration: Double? = nil,
        flopsPerIteration: Double? = nil,
        workingSetBytes: Double? = nil,
        threads: Int = 1,
        sweepSize: Double? = nil,
        itemsPerIteration: Double? = nil,
        itemName: String = "items",
        regressionThreshold: Double? = nil,
        setUp: @escaping @Sendable (WorkloadSource) throws -> Iteration
    ) {
        self.regressionThreshold = regressionThreshold
        self.itemsPerIteration = itemsPerIteration
        self.itemName = itemName
        self.hotPath = hotPath
        self.variant = variant
        self.workload = workload
        self.parameters = parameters
        self.bytesPerIteration = bytesPerIteration
        self.flopsPerIteration = flopsPerIteration
        self.workingSetBytes = workingSetBytes
        self.threads = threads
        self.sweepSize = sweepSize
        self.setUp = setUp
    }

    /// Hot path, variant and workload as one value.
    public var benchmarkID: BenchmarkID { BenchmarkID(hotPath: hotPath, variant: variant, workload: workload) }

    /// `hotPath/variant/workload`: ``benchmarkID`` as filters, results files and budgets write it.
    public var id: String { benchmarkID.description }

    /// One definition, many inputs: a benchmark per value (sizes, candidate counts, thread counts).
    ///
    /// - Parameters:
    ///   - values: the swept values, e.g. `[100, 1000, 8400, 25200]`.
    ///   - workload: names the workload of one value, e.g. `{ "n=\($0)" }`.
    ///   - make: builds the benchmark for one value and its workload name.
    public static func sweep<Value: Sendable>(
        _ values: [Value],
        workload: (Value) -> String,
        make: (Value, String) -> Benchmark
    ) -> [Benchmark] {
        values.map { make($0, workload($0)) }
    }
}

/// Keeps a value alive so the optimizer cannot delete the work that produced it.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

extension Benchmark {
    /// The work it declares as a result records it (bytes, flops, working set, items at `medianNanoseconds` per
    /// iteration): the same for a batch benchmark and a frame loop.
    package func throughput(medianNanoseconds: Double) -> Throughput {
        Throughput(bytesPerIteration: bytesPerIteration, flopsPerIteration: flopsPerIteration, workingSetBytes: workingSetBytes)
            .withItems(itemsPerIteration, name: itemName, medianNanoseconds: medianNanoseconds)
    }
}
