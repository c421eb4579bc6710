import ArgumentParser
import ChildProcesses
import Counters
import Foundation
import Measurement
import Results
import RunPipeline

/// `framebudget profile <id>`: why is this benchmark as fast as it is? Per-stage times and counters, a perf flame
/// graph, and (with `--counters callgrind`) exact instructions and the top functions per iteration. Writes
/// `Reports/<run-id>/results.json` with one benchmark and its files under `profiles/<id>/`.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "Profile one benchmark: stages, flame graph, top functions.",
        discussion: HelpText.named("Example: framebudget profile mask-upsample/optimized/n=10 --seconds 5 --counters callgrind"))

    @OptionGroup var measurement: MeasurementOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var counterOptions: CounterOptions

    @Option(parsing: .unconditional, help: "Seconds of perf sampling.")
    var seconds: Double = 3

    @Option(name: .customLong("callgrind-iterations"), parsing: .unconditional, help: "n of the callgrind runs (n and 2n iterations are differenced).")
    var callgrindIterations: Int = 10

    @Flag(name: .customLong("no-perf"), help: "Skip the perf flame graph.")
    var noPerf = false

    func validate() throws {
        // Beyond an hour a profile is a mistake (1e11 s crashed the iterating child converting it to nanoseconds).
        guard seconds > 0, seconds <= 3600 else { throw badOptionValue("--seconds must be in (0, 3600] (got \(seconds))") }
        guard callgrindIterations >= 1 else { throw badOptionValue("--callgrind-iterations must be ≥ 1") }
    }

    func run() throws {
        try reportingFailures {
            let benchmark = try selectOne()
            let tools = try ProfileTools(perf: !noPerf, callgrind: counterOptions.counters == .callgrind)
            let (results, directory, _) = try SuiteSession(request: measurement.request(output), benchmarks: Registration.suite.benchmarks)
                .execute(counting: counterOptions, quickRoofs: true)
            guard var result = results.benchmarks.first, results.complete else {
                // The timing itself was interrupted: SuiteSession saved what it measured, marked incomplete.
                Console.warning("\(results.incompleteNote ?? "run incomplete"); partial results in \(directory.resultsPath)")
                throw results.interruptingSignal.map { ExitCode($0.exitStatus) } ?? ExitStatus.runFailure.code
            }
            let record = try ProfileRecord(results, directory: directory, staging: ProfileTools.stagingFolder(in: directory))
            defer { record.close() }
            try step(&result, record) { try profileStages(benchmark, into: &$0, clock: results.environment.clock) }
            try step(&result, record) {
                try tools.recordFlameGraph(benchmark, workload: workloadArguments, into: &$0, directory: directory, seconds: seconds)
            }
            try step(&result, record) {
                try tools.recordTopFunctions(benchmark, workload: workloadArguments, into: &$0, directory: directory,
                                             iterations: callgrindIterations)
            }
            try record.save(result, finished: true)
            Console.output(ProfileSummary.render(result, runFolder: directory.path))
            try stopIfSignalledAfterMeasuring("the profile and its files are")
        }
    }

    /// Runs one profiler on the benchmark's result and saves the run with what it added. A profiler that fails
    /// ends the profile as a run failure (4); a SIGINT/SIGTERM ends it once the profiler stops, which its tools do at
    /// once (they get the signal too), with 128 + the signal. Either way the run keeps what the earlier profilers
    /// added, marked incomplete: a tool that died of the signal meant for this process is an interruption, not a
    /// failure.
    private func step(_ result: inout BenchmarkResult, _ record: ProfileRecord,
                      _ profiler: (inout BenchmarkResult) throws -> Void) throws {
        var extended = result
        do {
            try profiler(&extended)
        } catch {
            if let signal = Interruption.shared.signal { try record.interrupted(result, by: signal) }
            try record.failed(result, reason: (error as? CommandFailure)?.message ?? "\(error)")
        }
        result = extended
        if let signal = Interruption.shared.signal { try record.interrupted(result, by: signal) }
        try record.save(result, finished: false)
    }

    /// The one benchmark the ids (or a pattern selecting exactly one) name; an id given twice names it once.
    private func selectOne() throws -> Benchmark {
        let selected = try SuiteSession.select(measurement.filters, from: Registration.suite.benchmarks)
        if selected.count == 1 { return selected[0] }
        // An exact id also prefixes the ids below it ('a/b' selects 'a/b/c'): the exact one is meant.
        if Set(measurement.filters).count == 1, let exact = selected.first(where: { $0.id == measurement.filters[0] }) { return exact }
        let count = measurement.filters.isEmpty ? "none" : "\(selected.count) selected"
        throw CommandFailure(.badInput, ToolName.named("profile needs exactly one benchmark id (\(count); see 'framebudget list')"))
    }

    private var workloadArguments: [String] {
        ["--seed", "\(measurement.seed)"] + (measurement.workload.map { ["--workload", $0] } ?? [])
    }

    /// Times each stage (when the benchmark declares stages) and reads PAPI counters per stage.
    private func profileStages(_ benchmark: Benchmark, into result: inout BenchmarkResult, clock: ClockInfo) throws {
        let iteration: Iteration
        do { iteration = try benchmark.setUp(measurement.request(output).source) }
        catch { throw CommandFailure(.runFailure, "\(benchmark.id): set-up failed: \(error)") }
        defer { iteration.tearDown() }
        guard !iteration.stages.isEmpty else {
            result.notes.append("no stages declared: per-stage profile skipped")
            return
        }
        let settings = measurement.settings
        let papi: (any CounterProbe)? = counterOptions.counters == .papi && PAPIRuntime.state == .ready
            ? PAPICounterProbe(wanted: try counterOptions.requestedEvents()) : nil
        let profiler = StageProfiler(samples: min(settings.samples, 50), targetSampleNanoseconds: settings.targetSampleNanoseconds,
                                     clockOverheadNanoseconds: clock.overheadNanoseconds, resamples: settings.resamples,
                                     seed: settings.seed, counters: papi)
        let stages = profiler.profile(iteration, threads: benchmark.threads) { Interruption.shared.isRequested }
        // Stopped by a signal: the step ends the profile without these stages.
        guard !Interruption.shared.isRequested else { return }
        result.stages = stages
        let sum = stages.map(\.statistics.median).reduce(0, +)
        let whole = result.statistics.median
        let ratio = whole > 0 ? sum / whole : 0
        result.notes.append(String(format: "stage medians sum to %.0f ns; whole iteration median %.0f ns (sum/whole %.3f)", sum, whole, ratio))
        // Timed apart, the stages add up to the whole within a few percent on a quiet machine (0.976–1.065 in
        // three --quick runs); 1.63 was seen beside a busy neighbour, and a table of shares then misleads.
        if !(Self.stagesAddUp).contains(ratio) {
            let warning = String(format: "the stages do not add up to the whole iteration (sum/whole %.3f, outside %.2f–%.2f): their shares "
                                 + "are not a breakdown of it; measure again on a quieter machine, or without --quick", ratio,
                                 Self.stagesAddUp.lowerBound, Self.stagesAddUp.upperBound)
            result.notes.append(warning)
            Console.warning(warning)
        }
    }

    /// How far the stages' sum may lie from the whole iteration before the profile warns.
    static let stagesAddUp: ClosedRange<Double> = 0.8...1.25
}
