import ArgumentParser
import ChildProcesses
import Comparison
import Foundation
import History
import Measurement
import PostgresHistory
import Results
import RunPipeline
import TextFormatting

/// `framebudget nightly`: tonight's gate (the budgets, absolute), then tonight's build compared in pairs with the
/// baseline build (regressions, on tonight's machine state), and both recorded in the history.
struct NightlyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nightly",
        abstract: "The nightly gate: budgets (absolute), a paired comparison with the baseline build, recorded in the history.",
        discussion: ToolName.named("""
            Example: framebudget nightly --branch main --baseline-executable .build-compare/bin/1a2b3c4d5e6f/framebudget
            1. The gate, as `framebudget gate --reports REPORTS --run-id nightly-<time> [gate arguments after --]`: every \
            budget PASS/FAIL beyond noise, undecided ones re-measured in fresh processes. \
            2. With --baseline-executable (make nightly builds the branch's last recorded commit once and caches it): \
            this build against that one in pairs, over the gate's budgeted benchmarks (its --budgets and its filters; \
            compare-builds' procedure); written \
            beside the reports (paired.md, paired.json) and kept in results.json as pairedChange. \
            3. The run, with its paired change, recorded in --database on --branch. \
            Exit: 1 a budget failed or a benchmark regressed against the baseline; otherwise the gate's (0, 3 with \
            --strict, 2, 4); else 5 the history server could not be reached (the run is spooled; said, but never \
            in place of a verdict's status); 64 a malformed command \
            line (gate arguments included); 130/143 interrupted (what was measured is recorded, a second Ctrl-C \
            too; marked incomplete, never a baseline, when the stop cut the measuring short). A bad baseline, history or gate argument is refused before the gate measures.
            """))

    @Option(help: "The branch the run is recorded on.")
    var branch: String

    @Option(name: .customLong("baseline-executable"), help: "The baseline build's executable (the branch's last recorded commit).")
    var baselineExecutable: String?

    @Option(help: "Folder of the night's run folder.")
    var reports = "Reports"

    @OptionGroup var database: DatabaseOptions

    @OptionGroup var paired: PairedOptions

    @Option(name: .customLong("gate-max-minutes"), help: """
        Minutes the gate may re-measure undecided budgets in fresh processes (its --max-minutes; a --max-minutes \
        among the gate arguments wins). Longer than a gate's own 8: a nightly has the night, and one left yellow \
        by a busy host is a nightly nobody reads.
        """)
    var gateMaxMinutes: Double = NightlyCommand.defaultGateMinutes

    @Option(name: .customLong("test-signal-exit-delay-ms"), help: .hidden)
    var signalExitDelayMilliseconds = 0  // test-only: a second signal's exit waits this long (the night's own end races it)

    @Flag(name: .customLong("test-hold-after-measuring"), help: .hidden)
    var holdAfterMeasuring = false  // test-only: once measured, hold until a signal and 1.5 s more (a second signal records the night)

    @Argument(parsing: .postTerminator, help: ArgumentHelp(HelpText.named("Arguments for the gate (after --), e.g. -- --strict 'colormap/*'.")))
    var gateArguments: [String] = []

    /// The nightly gate's default re-measuring time. On the model-167 Intel guest (3 Dec) the host's busy minutes
    /// left 1–4 budgets undecided at the gate's 8-minute cap on 2 of 7 nights, after 9–14 processes of ~50 s.
    static let defaultGateMinutes = 20.0

    func validate() throws {
        if !(gateMaxMinutes >= 0 && gateMaxMinutes.isFinite) {
            throw badOptionValue("--gate-max-minutes must be ≥ 0 (got \(gateMaxMinutes))")
        }
        if paired.linkOrders {
            throw badOptionValue("--link-orders is for compare-builds and gate-quality: the nightly's head is this executable, which has no link orders")
        }
        _ = try plannedGate()  // a malformed gate argument is a malformed command line (64), refused before anything runs
    }

    func run() throws {
        try reportingFailures {
            // Everything the night needs is checked before the gate measures: a bad baseline, history or gate
            // argument found after half an hour of measuring threw the night away (and hid the gate's verdict).
            let gate = try plannedGate()
            // The gate's filters name benchmarks, as the gate will check: a typo the gate refused only after the
            // history had been created left an empty database (a refused night leaves none).
            _ = try SuiteSession.select(gate.filters, from: Registration.suite.benchmarks)
            if let baselineExecutable {
                if let problem = SystemFile.executableProblem(baselineExecutable) {
                    throw CommandFailure(.badInput, "\(baselineExecutable): \(problem) (--baseline-executable)")
                }
                // Both builds say hello: a debug build, one without the worker command, nothing budgeted to pair.
                try paired.checkGated(base: baselineExecutable, head: ProcessRunner.currentExecutable, budgets: gate.budgets,
                                      filters: gate.filters, allowDebug: gate.allowDebug)
            }
            // The budgets read before the history is created: a refused night leaves no empty database behind.
            _ = try ReportPipeline.loadBudgets(gate.budgets, knownIDs: Registration.knownIDs, frameLoopIDs: Registration.frameLoopIDs)
            try checkHistory()
            let interruption = Interruption()
            interruption.install()
            interruption.delayExitForTesting(milliseconds: signalExitDelayMilliseconds)
            let runID = "nightly-" + RunID.make()
            let path = "\(reports)/\(runID)/results.json"
            let history = NightHistory(database: database, branch: branch, spool: "\(reports)/spool")
            let night = NightRecording(resultsPath: path, interruption: interruption, recordRun: history.record)
            let gateStatus = try runGate(runID: runID, budgets: gate.budgets, interruption: interruption)
            guard FileManager.default.fileExists(atPath: path) else { throw ExitCode(gateStatus) }
            var run = try ResultsFile.read(from: path)
            night.update(run, unfinishedStep: baselineExecutable == nil ? nil : "after the gate, before the paired comparison with the baseline")
            var regressed = false
            if let baseline = baselineExecutable, interruption.signal == nil, run.complete {
                night.update(run, unfinishedStep: "after the gate, during the paired comparison with the baseline")
                let report = try paired.compareGated(base: baseline, head: ProcessRunner.currentExecutable, budgets: gate.budgets,
                                                     filters: gate.filters, allowDebug: gate.allowDebug, interruption: interruption)
                try writePaired(report, folder: "\(reports)/\(runID)")
                run.pairedChange = Self.summary(report, baseline: baseline)
                regressed = report.count(.regressed) > 0
                night.update(run, unfinishedStep: interruption.signal == nil ? nil
                             : "after the gate, during the paired comparison with the baseline")
            }
            holdAfterTheMeasuringForTesting(interruption)
            if let signal = interruption.signal, run.complete, baselineExecutable != nil {
                // The gate had finished; the night had not (its paired half stopped or never ran). Never a baseline.
                // Without a baseline the gate was the whole night: a stop after it cut nothing short.
                run.complete = false
                run.incompleteReason = "interrupted by \(signal.rawValue) after the gate, "
                    + (run.pairedChange == nil ? "before" : "during") + " the paired comparison with the baseline"
                run.interruptingSignal = signal
                Console.warning("\(run.incompleteReason ?? ""): the run is kept as incomplete")
            }
            // Everything is measured: a second signal from here on records the run as it now is.
            night.update(run, unfinishedStep: nil)
            if run.pairedChange != nil || !run.complete {
                // The gate's reports knew neither the paired half nor a stop after the gate: written again from the
                // run as it now is, judged as `report` judges a gate's file.
                let pipeline = try gate.options.pipeline().judging(run)
                try pipeline.writeReports(run, verdicts: pipeline.verdicts(for: run), into: "\(reports)/\(runID)")
            }
            // A history that cannot take the run (a server down: spooled, exit 5) is said, but the night's verdict
            // keeps its status: a CI step that tests for 1 must not read a failed budget as an outage.
            var recordingFailure: CommandFailure?
            do { try night.finish(run) } catch let failure as CommandFailure {
                Console.error(failure.message)
                recordingFailure = failure
            }
            if let signal = interruption.signal, run.complete {
                // Said, as every command says a stop after its measuring: a bare 130 read as a night lost.
                Console.warning("\(signal.rawValue) came after the measuring ended: the night's run is complete"
                                + (recordingFailure == nil ? " and recorded" : ""))
            }
            if let status = Self.exitStatus(signal: interruption.signal, regressed: regressed, gateStatus: gateStatus,
                                            recording: recordingFailure?.status) {
                throw ExitCode(status)
            }
        }
    }

    /// The night's exit status, most telling first: an interruption, a failed budget or paired regression (1), the
    /// gate's other status (3 inconclusive under --strict, 4), then a history that did not take the run (5 spooled,
    /// 4); nil for a night that passed and was recorded.
    static func exitStatus(signal: InterruptingSignal?, regressed: Bool, gateStatus: Int32, recording: ExitStatus?) -> Int32? {
        if let signal { return signal.exitStatus }
        if regressed || gateStatus == ExitStatus.budgetFailure.rawValue { return ExitStatus.budgetFailure.rawValue }
        if gateStatus != 0 { return gateStatus }
        return recording?.rawValue
    }

    /// The history opens (a file) or its URL parses (a server: one that is down spools the run instead, exit 5).
    private func checkHistory() throws {
        guard database.isServer else { _ = try database.open(); return }
        do { _ = try PostgresURL(database.resolved) }
        catch let error as HistoryError { throw CommandFailure(.badInput, error.description) }
    }

    /// What the night's gate will do with the arguments after `--`, read as the gate reads them (a malformed one is
    /// refused here, before any measuring): its budgets (the nightly's --budgets when the gate names none), its
    /// filters and whether it allows a debug build. The paired half compares the same benchmarks.
    /// Gate options the nightly sets itself, refused among the gate arguments.
    static let optionsSetByNightly = ["--reports", "--run-id", "--results", "--out"]

    private func plannedGate() throws -> (budgets: String, filters: [String], allowDebug: Bool, options: GateOptions) {
        for argument in gateArguments {
            if let option = Self.optionsSetByNightly.first(where: { argument == $0 || argument.hasPrefix($0 + "=") }) {
                throw ValidationError("gate arguments after --: \(option) is set by nightly (use nightly's --reports for the folder)")
            }
        }
        let gate: GateCommand
        do { gate = try GateCommand.parse(gateArguments) } catch {
            let message = GateCommand.message(for: error)
            if message.isEmpty { throw GateCommand.exitCode(for: error) }  // printed by the gate's own validation
            var line = String(message.split(separator: "\n").first ?? "")
            // The gate's close match may be an option the nightly sets itself, which it would then refuse.
            for option in Self.optionsSetByNightly where line.hasSuffix(" Did you mean '\(option)'?") {
                line = String(line.dropLast(" Did you mean '\(option)'?".count + 1))  // and the sentence's full stop
            }
            throw ValidationError("gate arguments after --: \(TerminalText.clause(line))")
        }
        let standard = Registration.suite.budgetsPath
        let gateBudgets = gate.gate.budgets, nightlyBudgets = paired.budgets
        if gateBudgets != standard && nightlyBudgets != standard && gateBudgets != nightlyBudgets {
            throw ValidationError("--budgets \(nightlyBudgets) and the gate's --budgets \(gateBudgets) disagree: give one")
        }
        var options = gate.gate
        options.budgets = gateBudgets != standard ? gateBudgets : nightlyBudgets
        return (options.budgets, gate.measurement.filters, gate.measurement.allowDebug, options)
    }

    /// The gate as a child process of this executable (``ProcessRunner``, as every child), its output shown as it
    /// comes; each signal to the nightly is passed on to it (it saves what it measured, marked incomplete; a second
    /// Ctrl-C stops it as it stops any run). Returns its exit status, 128 + the signal when one ended it.
    private func runGate(runID: String, budgets: String, interruption: Interruption) throws -> Int32 {
        // Given first, so that a --max-minutes among the gate arguments (parsed after it) wins.
        let arguments = ["gate", "--reports", reports, "--run-id", runID, "--max-minutes", "\(gateMaxMinutes)",
                         "--budgets", budgets] + gateArguments
        let request = ProcessRunner.Request(ProcessRunner.currentExecutable, arguments,
                                            forwardedSignals: { interruption.receivedSignals }, streamsOutput: true)
        let outcome: ProcessRunner.Outcome
        do { outcome = try ProcessRunner.run(request) } catch {
            throw CommandFailure(.runFailure, "cannot start the gate: \(error.reason)")
        }
        switch outcome.termination {
        case let .exited(code): return code
        case let .signaled(signal): return 128 + signal
        }
    }

    private func writePaired(_ report: PairedComparisonReport, folder: String) throws {
        do {
            try AtomicFile.write(PairedComparisonText.markdown(report), to: "\(folder)/paired.md")
            try AtomicFile.write(try PairedComparisonText.json(report), to: "\(folder)/paired.json")
        } catch { throw CommandFailure(.runFailure, "\(error)") }
        Console.output(PairedComparisonText.console(report), terminator: "")
    }

    static func summary(_ report: PairedComparisonReport, baseline: String) -> PairedChangeSummary {
        // A benchmark no pair measured (interrupted first, or not paired) has no change: left out, not recorded as 0%
        // (paired.json says why).
        var summary = PairedChangeSummary(baseline: report.base, benchmarks: report.benchmarks.compactMap { b in
            b.estimate.map { estimate in
                PairedChangeSummary.Entry(id: b.id, relativeChange: estimate.relativeChange, lower: b.interval?.lower,
                                          upper: b.interval?.upper, level: b.interval?.level, pairs: estimate.pairs,
                                          verdict: b.verdict.rawValue)
            }
        })
        summary.pairHostSteal = report.pairHostSteal
        return summary
    }

    /// Test-only (`--test-hold-after-measuring`): once the night is measured, say so and hold until a signal, then
    /// 1.5 s more (time for a test's second signal), so a test can stop the night before it is reported and recorded.
    private func holdAfterTheMeasuringForTesting(_ interruption: Interruption) {
        guard holdAfterMeasuring else { return }
        Console.writeToStandardError("holding after the measuring\n")
        while !interruption.isRequested { usleep(10_000) }
        usleep(1_500_000)
    }
}
