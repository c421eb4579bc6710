import ArgumentParser
import ChildProcesses
import Budgets
import Foundation
import Gate
import History
import Measurement
import Reports
import Results
import RunPipeline

/// `framebudget gate`: measures the suite (or reads a results file), checks every budget, writes every report into
/// the run folder and exits with the gate's status.
struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "Check the budgets of the budgets file (--budgets); write every report; exit non-zero on a failure.",
        discussion: HelpText.named("""
            Examples: framebudget gate · framebudget gate 'colormap/*' --strict · framebudget gate --results Reports/latest/results.json · framebudget gate --baseline main
            Budgets are judged on process runs: one process passes a budget only with a clear margin and never fails it; \
            undecided budgets get fresh processes (--max-processes, --max-minutes) and are then PASS, FAIL (≥ 2 processes) or INCONCLUSIVE.
            Exit: 0 all pass · 1 a budget failed or is missing · 2 bad input · 3 inconclusive (--strict) · 4 run failure \
            (a re-measuring process died, an incomplete --results file) · 5 the history server of --baseline could not be \
            reached · 130/143 interrupted. \
            With --advisory the verdicts are reported but only 2 and 4 fail (make bench).
            """))

    @OptionGroup var measurement: MeasurementOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var gate: GateOptions
    @OptionGroup var counterOptions: CounterOptions
    @OptionGroup var baselineOptions: BaselineOptions

    @Option(help: "Gate a results file instead of measuring (reports are written beside it, or into --out).")
    var results: String?

    @Option(help: "Folder for the reports of --results (default: the results file's folder).")
    var out: String?

    @Option(name: .customLong("max-processes"), help: """
        Process runs per undecided benchmark, the gate's own included: an INCONCLUSIVE budget's benchmark is measured \
        again in fresh processes, one at a time, until decided or this many (1: never). Default: the budget's own \
        max-processes (budgets file), else 10; given here, it caps every budget. The cap also sets the level of \
        every look's interval over runs (a Pocock boundary over looks 2 … cap: 99.0% for 10). A --results file is \
        judged at the cap recorded by the gate that measured it, unless one is given here (and by its id filters, \
        unless ids are given).
        """)
    var maxProcesses: Int?

    @Option(name: .customLong("max-minutes"), parsing: .unconditional, help: "No new re-measuring process starts after this many minutes of re-measuring.")
    var maxMinutes: Double = SequentialGate.Cap().seconds / 60

    @Flag(help: "Report the verdicts but exit 0 when budgets fail or are missing (bad input and run failures still fail).")
    var advisory = false

    func validate() throws {
        if let maxProcesses, !(1...1000).contains(maxProcesses) {
            throw badOptionValue("--max-processes must be in 1…1000, as in the budgets file (got \(maxProcesses))")
        }
        if !(maxMinutes >= 0 && maxMinutes.isFinite) { throw badOptionValue("--max-minutes must be ≥ 0 (got \(maxMinutes))") }
        if out != nil && results == nil { throw ValidationError("--out applies to --results only (a measured run reports into its own folder)") }
        // Silently ignored, they would read as if the file had been measured so.
        if results != nil, let option = measurement.measuringOptionsGiven.first {
            throw ValidationError("\(option) shapes a measurement: it does not apply to --results (the file is judged as it was measured)")
        }
    }

    func run() throws {
        try reportingFailures {
            // A results file first: its ids are budgets' ids too (a package's run judged by this tool); a measured
            // run's budgets are read before it measures, so a typo costs no measuring.
            let measuring = results == nil ? try gate.pipeline() : nil
            let (run, directory, processes) = try measureOrRead()
            let pipeline = try measuring ?? gate.pipeline(judging: run)
            // A results file is judged as its gate judged it (its recorded filters and cap) unless told otherwise here.
            if results != nil && measurement.filters.isEmpty, let mismatch = ReportPipeline.recordedFiltersMismatch(run) {
                Console.warning(mismatch)
            }
            let session = GateSession(
                pipeline: pipeline.judging(run, filters: measurement.filters, maxProcesses: maxProcesses),
                extraChecks: baselineOptions.settings.map { [BaselineGateCheck(settings: $0)] } ?? [],
                advisory: advisory)
            let status = try session.gate(run, from: results.map { .resultsFile($0) } ?? .measured(processes), directory: directory)
            // A signal that stopped the re-measuring made the gated run incomplete, said so and set `status` (128 + N);
            // only one that came after a complete gated run is told here.
            if results == nil && status < 128 { try stopIfSignalledAfterMeasuring("the run, its verdicts and reports are") }
            if status != 0 { throw ExitCode(status) }
        }
    }

    /// The run to gate (read, or measured after the baseline is resolved, so that a bad baseline fails before any
    /// measuring), its report folder, and the re-measurement of a measured run.
    private func measureOrRead() throws -> (RunResults, String, FreshProcesses?) {
        if let results {
            let run: RunResults
            do { run = try ResultsFile.read(from: results) } catch { throw CommandFailure(.badInput, "\(error)") }
            // As a measuring gate's: a pattern that selects nothing is a typo, not a gate with nothing to judge.
            let known = Registration.knownIDs.union(run.benchmarks.map(\.id)).sorted()
            if let unmatched = IDFilter(measurement.filters).unmatchedPatterns(in: known).first {
                throw CommandFailure(.badInput, "unknown benchmark id or pattern '\(unmatched)': neither in \(results) nor in "
                    + "'\(ToolName.current) list'")
            }
            _ = try baselineOptions.resolve(head: run) { run.machineClass }
            let folder = out ?? URL(fileURLWithPath: results).deletingLastPathComponent().path
            return (run, folder, nil)
        }
        var request = measurement.request(output)
        request.gateMaxProcesses = maxProcesses
        let session = SuiteSession(request: request, benchmarks: Registration.suite.benchmarks)
        _ = try baselineOptions.resolve(head: nil) { session.machineClass(countersMode: counterOptions.counters) }
        let (run, directory, _) = try session.execute(counting: counterOptions)
        return (run, directory.path, FreshProcesses(runArguments: measurement.forwardedArguments(counters: counterOptions), cap: cap, directory: directory))
    }

    /// How far the gate re-measures, from `--max-processes` and `--max-minutes`.
    private var cap: SequentialGate.Cap {
        SequentialGate.Cap(processes: maxProcesses ?? SequentialGate.Cap().processes, seconds: maxMinutes * 60,
                           overridesBudgets: maxProcesses != nil)
    }
}

/// Options shared by `gate` and `report`: which budgets, how strict, which warning margin.
struct GateOptions: ParsableArguments {
    @Option(help: "The budgets file.")
    var budgets: String = Registration.suite.budgetsPath

    // Shared help, so it says what both commands do: `report` writes reports and exits 0 whatever the verdicts.
    @Flag(help: "Treat INCONCLUSIVE as a failure: a failure in JUnit and the reports, and exit 3 from gate (report exits 0 once its reports are written).")
    var strict = false

    @Option(name: .customLong("margin"), parsing: .unconditional, help: "Warn when a PASS leaves less headroom than this percentage of the limit.")
    var marginPercent: Double = 20

    func validate() throws {
        if !(marginPercent >= 0 && marginPercent < 100) { throw badOptionValue("--margin must be in [0, 100) (got \(marginPercent))") }
    }

    /// The budgets and how they are judged. `run`: a results file being judged, whose benchmarks a budget may name
    /// too: a package's own benchmarks, written by its executable and reported by `framebudget` (they were "unknown
    /// benchmark id" to every suite but the package's).
    func pipeline(judging run: RunResults? = nil) throws -> ReportPipeline {
        let recorded = run?.benchmarks ?? []
        let known = Registration.knownIDs.union(recorded.map(\.id))
        let frameLoops = Registration.frameLoopIDs.union(recorded.filter { $0.frameLoop != nil }.map(\.id))
        return ReportPipeline(budgets: try ReportPipeline.loadBudgets(budgets, knownIDs: known, frameLoopIDs: frameLoops),
                              evaluator: BudgetEvaluator(warningMarginPercent: marginPercent), strict: strict)
    }
}
