import FrameLoop
import Measurement

/// What one run measures and where it writes: the commands' options, parsed. The pipeline reads only this, so the
/// first run and every re-measuring process (the same executable's `run`, see ``FreshProcesses``) take one path.
package struct RunRequest: Sendable {
    /// Benchmark ids or globs; empty selects every registered benchmark.
    package var filters: [String]
    /// `--quick`: recorded in the run's settings.
    package var quick: Bool
    /// The engine's settings (samples, warm-up, pinning, seed …).
    package var settings: MeasurementSettings
    /// A capture folder (`--workload`), or nil for the seeded synthetic workloads.
    package var workload: String?
    /// Measure a debug build anyway.
    package var allowDebug: Bool
    /// How frame-loop benchmarks run.
    package var frameLoop: FrameLoopSettings
    /// Test-only: after saving this many benchmarks, wait for SIGINT/SIGTERM.
    package var waitForSignalAfter: Int?
    /// Test-only: once that wait has seen its signal, keep holding, as a benchmark that cannot stop would.
    package var holdAfterSignal: Bool
    /// The folder of run folders (`--reports`).
    package var reportsRoot: String
    /// The run folder's name, or nil for a new time-sorted id.
    package var runID: String?
    /// A measuring gate's `--max-processes`, recorded in the run's settings (``RunSettings/gateMaxProcesses``).
    package var gateMaxProcesses: Int?

    package init(filters: [String], quick: Bool, settings: MeasurementSettings, workload: String?, allowDebug: Bool,
                 frameLoop: FrameLoopSettings, waitForSignalAfter: Int?, holdAfterSignal: Bool = false, reportsRoot: String, runID: String?) {
        self.filters = filters
        self.quick = quick
        self.settings = settings
        self.workload = workload
        self.allowDebug = allowDebug
        self.frameLoop = frameLoop
        self.waitForSignalAfter = waitForSignalAfter
        self.holdAfterSignal = holdAfterSignal
        self.reportsRoot = reportsRoot
        self.runID = runID
    }

    /// The workload the benchmarks set up on.
    package var source: WorkloadSource {
        workload.map { .capture(directory: $0) } ?? .synthetic(seed: settings.seed)
    }
}
