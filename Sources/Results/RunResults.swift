import Foundation
import Statistics

/// One run of the suite: the single results model that every report, plot, comparison and history record reads.
///
/// Serialized as `Reports/<run-id>/results.json` (see `Schemas/results.schema.json`). Bump
/// ``currentSchemaVersion`` on any incompatible change; readers refuse versions they do not know.
public struct RunResults: Codable, Sendable {
    /// The schema version this build writes and reads.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// Unique id of the run, also its folder name: `yyyyMMdd-HHmmss-<6 hex>`.
    public var runID: String
    public var startedAt: Date
    public var finishedAt: Date?
    /// False when the run was interrupted (SIGINT/SIGTERM) or a benchmark failed to set up.
    public var complete: Bool
    /// Why the run is incomplete, e.g. `interrupted by SIGINT`.
    public var incompleteReason: String?
    /// What every report says of an incomplete run, `run incomplete: <reason>` (`unknown reason` when the file does
    /// not say); nil for a complete run.
    public var incompleteNote: String? { complete ? nil : "run incomplete: \(incompleteReason ?? "unknown reason")" }
    /// The signal that interrupted the run, when one did (absent in files written before it was recorded): the
    /// exit status (130, 143) follows from it.
    public var interruptingSignal: InterruptingSignal?
    public var environment: EnvironmentInfo
    public var settings: RunSettings
    /// Machine roofs measured at the start of the run, when requested.
    public var roofs: MachineRoofs?
    public var benchmarks: [BenchmarkResult]
    /// Stability warnings (virtual machine, load, governor, debug build...).
    public var warnings: [String]
    /// The nightly's paired comparison against its baseline build, when one was made (absent otherwise).
    public var pairedChange: PairedChangeSummary?
    /// The share of the machine's CPU time the hypervisor stole for other guests from the first benchmark's start to
    /// the run's end, 0...1 (each benchmark's own is ``BenchmarkResult/hostSteal``); for merged runs the mean of
    /// theirs. Nil off Linux and in results written before 3 Dec 2026.
    public var hostSteal: Double?

    public init(
        runID: String, startedAt: Date, environment: EnvironmentInfo, settings: RunSettings,
        benchmarks: [BenchmarkResult] = [], warnings: [String] = []
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.runID = runID
        self.startedAt = startedAt
        self.finishedAt = nil
        self.complete = false
        self.incompleteReason = nil
        self.interruptingSignal = nil
        self.environment = environment
        self.settings = settings
        self.roofs = nil
        self.benchmarks = benchmarks
        self.warnings = warnings
    }

    /// The result of a benchmark by id.
    public func benchmark(_ id: String) -> BenchmarkResult? {
        benchmarks.first { $0.id == id }
    }
}

/// How the run was asked to measure.
public struct RunSettings: Codable, Sendable, Equatable {
    /// Samples per benchmark.
    public var samples: Int
    /// Target duration of one sample, in nanoseconds (iterations per sample are calibrated to reach it).
    public var targetSampleNanoseconds: Double
    /// Warm-up duration per benchmark, in nanoseconds.
    public var warmupNanoseconds: Double
    /// `warm` (default) or `cold` (caches evicted between samples).
    public var cacheMode: CacheMode
    /// The CPU the measuring thread was pinned to, if any.
    public var pinnedCPU: Int?
    /// True for a `--quick` smoke pass.
    public var quick: Bool
    /// The id filters given on the command line (globs).
    public var filters: [String]
    /// `synthetic` or the capture folder.
    public var workload: String
    /// Seed of the synthetic workloads and of the bootstrap.
    public var seed: UInt64
    /// Counter mode: `papi`, `callgrind`, or `none`.
    public var counters: CounterMode
    /// The `--max-processes` of the gate that measured this run (absent: no cap was given, so each budget's own
    /// `max-processes`, else 10). It sets the level of every interval over runs, so `report` and `gate --results`
    /// judge the file at the level its gate did.
    public var gateMaxProcesses: Int?

    /// The seed that drew the run's inputs: nil for a capture, whose inputs do not depend on it (two runs of two
    /// scene seeds measured two inputs).
    public var sceneSeed: UInt64? { workload == "synthetic" ? seed : nil }

    /// The seed of the synthetic scene unless `--seed` says otherwise.
    public static let defaultSeed: UInt64 = 0x5EED

    public init(
        samples: Int, targetSampleNanoseconds: Double, warmupNanoseconds: Double, cacheMode: CacheMode = .warm,
        pinnedCPU: Int? = nil, quick: Bool = false, filters: [String] = [], workload: String = "synthetic",
        seed: UInt64 = RunSettings.defaultSeed, counters: CounterMode = .papi, gateMaxProcesses: Int? = nil
    ) {
        self.samples = samples
        self.targetSampleNanoseconds = targetSampleNanoseconds
        self.warmupNanoseconds = warmupNanoseconds
        self.cacheMode = cacheMode
        self.pinnedCPU = pinnedCPU
        self.quick = quick
        self.filters = filters
        self.workload = workload
        self.seed = seed
        self.counters = counters
        self.gateMaxProcesses = gateMaxProcesses
    }
}
