import ArgumentParser
import ChildProcesses
import Counters
import Foundation
import Measurement
import Results
import RunPipeline
import TextFormatting

/// Which counters a run reads and whether it measures the machine's roofs (`run`, `profile`).
struct CounterOptions: ParsableArguments {
    typealias Mode = CounterMode

    @Option(help: "Counters: papi (hardware/software events), callgrind (exact instructions under valgrind), none.")
    var counters: Mode = .papi

    @Option(help: ArgumentHelp(ToolName.named("PAPI events to count instead of the standard set, comma-separated (see 'framebudget counters').")))
    var events: String?

    @Flag(name: .customLong("simulate-caches"), help: "With --counters callgrind: simulate caches and estimate cycles.")
    var simulateCaches = false

    @Option(name: .customLong("counted-iterations"), help: ArgumentHelp(
        "With --counters callgrind: count every benchmark over exactly N and 2N iterations (default: 10, or 1 for a benchmark whose sample holds fewer).",
        valueName: "N"))
    var countedIterations: Int?

    @Flag(name: .customLong("no-roofs"), help: "Skip measuring the machine's roofs (memcpy, sgemm) at the start.")
    var noRoofs = false

    func validate() throws {
        if events != nil && counters != .papi { throw ValidationError("--events needs --counters papi") }
        if simulateCaches && counters != .callgrind { throw ValidationError("--simulate-caches needs --counters callgrind") }
        if let countedIterations {
            if counters != .callgrind { throw ValidationError("--counted-iterations needs --counters callgrind") }
            guard countedIterations >= 1 else { throw badOptionValue("--counted-iterations must be ≥ 1 (got \(countedIterations))") }
        }
    }

    /// The probe these options ask for, and warnings for the run (PAPI unusable).
    /// - Throws: ``CommandFailure`` (bad input) for an unknown event name, with close matches, or when valgrind
    ///   is missing for `--counters callgrind`: both are checked before anything is measured.
    /// - Parameter runFolder: where `--counters callgrind` keeps each benchmark's cachegrind outputs and
    ///   per-function counts (`instructions/<id>/`, see ``InstructionArtifacts``).
    func probe(seed: UInt64, workload: String?, runFolder: String? = nil) throws -> (probe: (any CounterProbe)?, warnings: [String]) {
        switch counters {
        case .none:
            return (nil, [])
        case .callgrind:
            var arguments = ["--seed", "\(seed)"]
            if let folder = workload { arguments += ["--workload", folder] }
            do {
                let binary = ProcessRunner.currentExecutable
                return (try ValgrindCounter(
                    binary: binary, workloadArguments: arguments, simulateCaches: simulateCaches,
                    iterations: countedIterations ?? 10, fixedIterations: countedIterations != nil, outputFolder: runFolder,
                    forwardedSignals: { Interruption.shared.receivedSignals }), [])
            } catch { throw CommandFailure(.badInput, "\(error)") }
        case .papi:
            let wanted = try requestedEvents()
            if case let .unusable(reason) = PAPIRuntime.state {
                return (nil, ["PAPI unusable (\(reason)): this run has no counters"])
            }
            return (PAPICounterProbe(wanted: wanted), [])
        }
    }

    /// The `--events` list, each name checked against PAPI's and the perf:: names.
    func requestedEvents() throws -> [WantedCounter] {
        guard let events else { return EventCatalog.standard }
        let names = events.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw CommandFailure(.badInput, "--events: no event names given") }
        for name in names where !EventNames.isKnown(name) {
            let matches = CloseMatches.of(name, in: EventNames.all)
            throw CommandFailure(.badInput, "--events: unknown event '\(name)'"
                + (matches.isEmpty ? ToolName.named(" (see 'framebudget counters')") : "; close matches: \(matches.joined(separator: ", "))"))
        }
        // Each once, in the order first named: a repeat would be counted and listed twice.
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }.map(EventCatalog.wanted(named:))
    }

    /// The roof meter for this run, or nil with --no-roofs.
    func roofMeter(quick: Bool) -> RoofMeter? {
        noRoofs ? nil : (quick ? RoofMeter.quick : RoofMeter())
    }
}

extension SuiteSession {
    /// Measures with the counter probe and roof meter that `options` ask for (what `run`, `gate` and `profile` all do).
    /// - Parameter quickRoofs: the short roof measurement; by default when the run itself is `--quick`.
    /// - Returns: the run, its folder, and the probe (for re-measuring with the same counters).
    func execute(
        counting options: CounterOptions, quickRoofs: Bool? = nil
    ) throws -> (run: RunResults, directory: RunDirectory, probe: (any CounterProbe)?) {
        let runID = request.runID ?? RunID.make()
        let (probe, warnings) = try options.probe(
            seed: request.settings.seed, workload: request.workload, runFolder: "\(request.reportsRoot)/\(runID)")
        let (run, directory) = try execute(
            counters: probe, countersMode: options.counters, runID: runID,
            roofs: options.roofMeter(quick: quickRoofs ?? request.quick), extraWarnings: warnings)
        return (run, directory, probe)
    }
}

extension CounterMode: ExpressibleByArgument {}
