import Statistics

/// The measurement of one benchmark (hot path × variant × workload).
public struct BenchmarkResult: Codable, Sendable {
    /// `hotPath/variant/workload` (``benchmarkID`` as text).
    public var id: String
    public var hotPath: String
    public var variant: String
    public var workload: String
    public var parameters: [String: String]
    /// For swept benchmarks, the size n of this point.
    public var sweepSize: Double?
    /// Threads the kernel used.
    public var threads: Int
    /// Iterations timed together in one sample (calibrated so a sample lasts far above the clock's resolution).
    public var iterationsPerSample: Int
    /// Raw samples: nanoseconds per iteration, one per sample, in measurement order.
    public var samplesNanoseconds: [Double]
    /// Statistics of `samplesNanoseconds`.
    public var statistics: SampleSummary
    public var allocations: AllocationStatistics
    /// Peak resident set size of the process after this benchmark, in bytes (VmHWM).
    public var peakResidentBytes: Int?
    /// Counters per iteration, each with its source; a missing counter says why instead of reading 0.
    public var counters: [CounterReading]
    /// Achieved bandwidth / compute and the distance to the machine's roofs, where the benchmark declares work.
    public var throughput: Throughput?
    /// Per-stage times, when the benchmark was profiled.
    public var stages: [StageResult]?
    /// The frame-loop analysis, for frame-loop benchmarks.
    public var frameLoop: FrameLoopSummary?
    /// Files written for this benchmark (profiles, flame graphs), relative to the run folder.
    public var artifacts: [String: String]
    /// Anything the reader should know (a stage that could not be measured, a capture used...).
    public var notes: [String]
    /// For a result merged from several process runs: each run's share (samples, counters, frame loop). Absent for
    /// a single run, which is its own single replicate (``replicates(runID:)``).
    public var replicates: [Replicate]?
    /// Wall-clock seconds the benchmark took to measure: set-up, warm-up, samples (or the frame loop) and the
    /// allocation and counter passes. Nil in results written before it was recorded. JUnit reports it as the time
    /// of the benchmark's budgets.
    public var measurementSeconds: Double?
    /// Values the benchmark reports about its own work (boxes kept, bytes out, a quality score), by name: what a
    /// `metric: custom` budget names. Taken from the first process run of a merged result, like allocations.
    public var metrics: [String: Double]?
    /// The share of the machine's CPU time (every CPU, `/proc/stat`) the hypervisor stole for other guests while the
    /// benchmark was measured, 0...1: a median that moved with it moved with the host, not the code. For a merged
    /// result, the mean of its replicates' that know it. Nil off Linux and in results written before 3 Dec 2026.
    public var hostSteal: Double?

    public init(
        id: String, hotPath: String, variant: String, workload: String, parameters: [String: String] = [:],
        sweepSize: Double? = nil, threads: Int = 1, iterationsPerSample: Int, samplesNanoseconds: [Double],
        statistics: SampleSummary, allocations: AllocationStatistics, peakResidentBytes: Int? = nil,
        counters: [CounterReading] = [], throughput: Throughput? = nil, stages: [StageResult]? = nil,
        frameLoop: FrameLoopSummary? = nil, artifacts: [String: String] = [:], notes: [String] = []
    ) {
        self.id = id
        self.hotPath = hotPath
        self.variant = variant
        self.workload = workload
        self.parameters = parameters
        self.sweepSize = sweepSize
        self.threads = threads
        self.iterationsPerSample = iterationsPerSample
        self.samplesNanoseconds = samplesNanoseconds
        self.statistics = statistics
        self.allocations = allocations
        self.peakResidentBytes = peakResidentBytes
        self.counters = counters
        self.throughput = throughput
        self.stages = stages
        self.frameLoop = frameLoop
        self.artifacts = artifacts
        self.notes = notes
    }

    /// Hot path, variant and workload as one value.
    public var benchmarkID: BenchmarkID { BenchmarkID(hotPath: hotPath, variant: variant, workload: workload) }
}

/// Heap allocations per iteration, counted exactly by the malloc interposer over a dedicated pass.
public struct AllocationStatistics: Codable, Sendable, Equatable {
    /// Allocations per iteration (0 for a kernel that allocates nothing after warm-up).
    public var perIteration: Double
    /// Bytes allocated per iteration.
    public var bytesPerIteration: Double
    /// Iterations the counts were taken over (0 when the pass did not run: the run was stopped before it).
    public var iterations: Int
    /// False when counting was compiled out (sanitizer builds), the result was measured outside FrameBudget (a
    /// peer library) or the run was stopped before the allocation pass; the numbers are then meaningless.
    public var counted: Bool

    public init(perIteration: Double, bytesPerIteration: Double, iterations: Int, counted: Bool) {
        self.perIteration = perIteration
        self.bytesPerIteration = bytesPerIteration
        self.iterations = iterations
        self.counted = counted
    }

    /// Why the numbers are not a count, or nil when they are.
    public var notCountedReason: String? {
        guard !counted else { return nil }
        return iterations == 0 ? "the run was stopped before its allocation pass"
            : "allocations were not counted (counting compiled out of the build, or measured outside FrameBudget)"
    }
}

/// Time of one stage of a profiled benchmark.
public struct StageResult: Codable, Sendable {
    public var name: String
    public var statistics: SampleSummary
    /// Share of the sum of stage medians, 0...1.
    public var share: Double
    public var counters: [CounterReading]

    public init(name: String, statistics: SampleSummary, share: Double, counters: [CounterReading] = []) {
        self.name = name
        self.statistics = statistics
        self.share = share
        self.counters = counters
    }
}
