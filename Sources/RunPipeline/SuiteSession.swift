import ChildProcesses
import Counters
import Foundation
import Measurement
import Results
import Synchronization

/// One measured run of the suite, as `run` and `gate` perform it: select, check, measure, save after every
/// benchmark, point `latest` at it.
package struct SuiteSession {
    /// What to measure and where to write.
    package let request: RunRequest
    /// Every registered benchmark; the request's filters select among them.
    package let benchmarks: [Benchmark]

    package init(request: RunRequest, benchmarks: [Benchmark]) {
        self.request = request
        self.benchmarks = benchmarks
    }

    /// The benchmarks of `all` the filters select.
    /// - Throws: ``CommandFailure`` (bad input) naming a pattern that selects nothing.
    package static func select(_ filters: [String], from all: [Benchmark]) throws -> [Benchmark] {
        let filter = IDFilter(filters)
        if let unmatched = filter.unmatchedPatterns(in: all.map(\.id)).first {
            throw CommandFailure(.badInput, "unknown benchmark id or pattern '\(unmatched)' (see '\(ToolName.current) list')")
        }
        return all.filter { filter.matches($0.id) }
    }

    /// Measures the selected benchmarks and writes `results.json`.
    /// - Parameters:
    ///   - counters: the counter probe, or nil for none.
    ///   - roofs: measures the machine's roofs at the start (throughput is then set against them), or nil.
    ///   - runID: the run folder's name (default: `--run-id`, else a new time-sorted id).
    ///   - extraWarnings: warnings of the caller's own set-up (e.g. PAPI unusable), recorded with the run's.
    /// - Returns: the run and its folder; the run is incomplete when interrupted.
    package func execute(counters: (any CounterProbe)? = nil, countersMode: CounterMode = .none, runID: String? = nil,
                 roofs: RoofMeter? = nil, extraWarnings: [String] = []) throws -> (RunResults, RunDirectory) {
        // First of all: a signal during set-up or the roofs must end in a written (incomplete) run, not a kill.
        let interruption = Interruption.shared
        interruption.install()
        let prepared = try prepare(extraWarnings: extraWarnings)
        let directory = try RunDirectory.create(root: request.reportsRoot, runID: runID ?? request.runID ?? RunID.make())
        var run = RunResults(
            runID: directory.runID, startedAt: Date(), environment: prepared.environment,
            settings: recordedSettings(request.settings, counters: countersMode), warnings: prepared.warnings)
        prepared.warnings.forEach { Console.warning($0) }
        // A second signal saves the newest state at once (a benchmark that cannot stop must not cost the others).
        let latest = Mutex(run)
        interruption.onSecondSignal { first, second in
            directory.saveAtOnce(latest.withLock { $0 }, first: first, second: second)
        }
        defer { interruption.onSecondSignal(nil) }
        let save = { (run: RunResults) throws in
            try directory.save(run)
            latest.withLock { $0 = run }
        }
        if let roofs {
            Console.progress("measuring the machine's roofs …")
            run.roofs = roofs.measure()
        }
        run = try measure(prepared, into: run, directory: directory, counters: counters, roofs: roofs,
                          interruption: interruption, save: save)
        Console.endProgress()
        try directory.markLatest()
        return (run, directory)
    }

    /// What a run needs before its folder exists, each check failing before anything is written.
    private struct Prepared {
        let benchmarks: [Benchmark]
        let clock: ClockInfo
        let environment: EnvironmentInfo
        let warnings: [String]
    }

    /// Selects the benchmarks, checks their captures, reads the machine and its warnings, refuses a debug build
    /// without `--allow-debug`, and pins the measuring thread.
    private func prepare(extraWarnings: [String]) throws -> Prepared {
        let selected = try Self.select(request.filters, from: benchmarks)
        try checkWorkloadFolder()
        let preflight = try CapturePreflight.check(selected, source: request.source)
        let settings = request.settings
        let clock = MonotonicClock.characterize()
        let environment = EnvironmentProbe.collect(clock: clock)
        let injected = settings.injectedSlowdown > 0
            ? ["test-only: --inject-slowdown \(settings.injectedSlowdown) made every sample slower on purpose"] : []
        let warnings = StabilityWarnings.warnings(for: environment) + preflight.notes + extraWarnings + injected
        if environment.buildConfiguration == "debug" && !request.allowDebug {
            throw CommandFailure.debugBuild
        }
        if let cpu = settings.pinnedCPU {
            do { try ProcessResources.pinCurrentThread(to: cpu) }
            catch { throw CommandFailure(.badInput, "\(error)") }
        }
        return Prepared(benchmarks: preflight.runnable, clock: clock, environment: environment, warnings: warnings)
    }

    /// Measures the prepared benchmarks into `run`, saving after each, then annotates it and settles the roofs.
    /// - Throws: ``CommandFailure``: a first save that failed leaves no run folder; any other failure is a run failure.
    private func measure(_ prepared: Prepared, into run: RunResults, directory: RunDirectory, counters: (any CounterProbe)?,
                         roofs: RoofMeter?, interruption: Interruption,
                         save: (RunResults) throws -> Void) throws -> RunResults {
        var run = run
        let runner = SuiteRunner(
            runner: BenchmarkRunner(settings: request.settings, clock: prepared.clock, counters: counters),
            source: request.source, interruption: interruption, frameLoop: request.frameLoop)
        var saved = 0  // benchmarks in the newest file on disk
        do {
            try runner.run(prepared.benchmarks, into: &run, progress: showProgress) { partial in
                var state = annotate(partial, directory)
                // A run stopped by what no handler sees (a full disk, a kill) leaves this file: it says so itself.
                if !state.complete && state.incompleteReason == nil {
                    state.incompleteReason = "saved after \(state.benchmarks.count) of \(prepared.benchmarks.count) benchmarks, before the run's end"
                }
                try save(state)
                saved = state.benchmarks.count
                waitForTestSignal(after: partial, interruption)
            }
            run = annotate(run, directory)
            if let roofs, run.complete {
                run = RoofCheck.settle(run, meter: roofs)
                try save(run)
            }
        } catch let failure as CommandFailure {
            // The first save failed (a full disk): leave no empty run folder behind; a later one: say what stays.
            directory.removeIfNothingSaved()
            guard saved > 0 else { throw failure }
            throw CommandFailure(failure.status, "\(failure.message); the \(saved) benchmark(s) saved before stay in "
                                 + "\(directory.resultsPath), marked incomplete")
        } catch {
            try? directory.markLatest()
            throw CommandFailure(.runFailure, "\(error)")
        }
        return run
    }

    /// The machine class the run will have (this machine, this build, the request's settings): what a baseline is
    /// checked against before anything is measured.
    package func machineClass(countersMode: CounterMode) -> MachineClass {
        let environment = EnvironmentProbe.collect(clock: MonotonicClock.characterize())
        return MachineClass(environment: environment, settings: recordedSettings(request.settings, counters: countersMode))
    }

    /// Test-only (`--test-wait-for-signal-after N`): once N benchmarks are saved, block until a signal arrives, so a
    /// signal test knows where the run stands when it interrupts it (no race with the next benchmark's end).
    private func waitForTestSignal(after run: RunResults, _ interruption: Interruption) {
        guard let count = request.waitForSignalAfter, run.benchmarks.count == count, !run.complete,
              run.incompleteReason == nil else { return }
        Console.endProgress()
        Console.writeToStandardError("waiting for a signal after \(count) benchmarks\n")
        while !interruption.isRequested { usleep(10_000) }
        guard request.holdAfterSignal else { return }
        Console.writeToStandardError("holding after \(interruption.signalName ?? "the signal")\n")
        while true { usleep(10_000) }
    }

    /// Throughput against the roofs, and the files counted children kept (`--counters callgrind`) as artifacts.
    private func annotate(_ run: RunResults, _ directory: RunDirectory) -> RunResults {
        InstructionArtifacts.annotate(Roofline.annotate(run), runFolder: directory.path)
    }

    private func checkWorkloadFolder() throws {
        guard let folder = request.workload else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw CommandFailure(.badInput, "--workload \(folder): no such folder")
        }
        guard isDirectory.boolValue else { throw CommandFailure(.badInput, "--workload \(folder): not a folder (a capture is a folder of .npy files)") }
    }

    private func recordedSettings(_ settings: MeasurementSettings, counters: CounterMode) -> RunSettings {
        RunSettings(
            samples: settings.samples, targetSampleNanoseconds: settings.targetSampleNanoseconds,
            warmupNanoseconds: settings.warmupNanoseconds, cacheMode: settings.coldCache ? .cold : .warm,
            pinnedCPU: settings.pinnedCPU, quick: request.quick, filters: request.filters,
            workload: request.workload ?? "synthetic", seed: settings.seed, counters: counters,
            gateMaxProcesses: request.gateMaxProcesses)
    }

    private func showProgress(_ event: ProgressEvent) {
        switch event {
        case let .started(id, index, total): Console.progress("[\(index + 1)/\(total)] \(id) …")
        case .finished: break
        }
    }
}
