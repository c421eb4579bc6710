import Budgets
import ChildProcesses
import Reports
import Results
import TextFormatting

/// One gate, after its run is measured or read: judge the budgets (re-measuring undecided ones in fresh processes
/// when the run was measured here), write every report, run the checks, and decide the exit status.
/// `framebudget gate` parses its options into one of these; the procedure lives here, testable without a command line.
package struct GateSession {
    /// The budgets of the selected benchmarks, how they are judged, and `--strict`.
    package let pipeline: ReportPipeline
    /// Checks besides the budgets (``BaselineGateCheck``); ``BudgetGateCheck`` always runs first.
    package let extraChecks: [any GateCheck]
    /// Report the verdicts but exit 0 when budgets fail (bad input and run failures still fail).
    package let advisory: Bool

    package init(pipeline: ReportPipeline, extraChecks: [any GateCheck] = [], advisory: Bool = false) {
        self.pipeline = pipeline
        self.extraChecks = extraChecks
        self.advisory = advisory
    }

    /// Where the run comes from: measured here (its undecided budgets can get more processes) or a results file.
    package enum Source {
        case measured(FreshProcesses?)
        case resultsFile(String)
    }

    /// Gates `run`, writing its reports into `directory`.
    /// - Returns: the exit status (0 pass; 1 a budget failed or a regression; 3 inconclusive under `--strict`;
    ///   130/143 an interrupted run, whose partial results are saved).
    /// - Throws: ``CommandFailure`` for an incomplete run (4), a results file that cannot be gated, unwritable reports.
    package func gate(_ measured: RunResults, from source: Source, directory: String) throws -> Int32 {
        var run = measured
        if pipeline.budgets.isEmpty { Console.warning("no budget applies to the selected benchmarks: nothing to gate") }
        var verdicts: [BudgetVerdict]
        if case .measured(let processes?) = source, run.complete {
            (run, verdicts) = try processes.decide(run, budgets: pipeline.budgets, evaluator: pipeline.evaluator)
        } else {
            verdicts = pipeline.verdicts(for: run)
            if case .resultsFile(let file) = source { noteSingleProcess(verdicts, file: file) }
        }
        let undecided = verdicts.filter(\.needsMoreProcesses).count
        if undecided > 0 && !pipeline.strict {
            Console.warning("\(undecided) budget(s) INCONCLUSIVE: not shown over or under the limit beyond run-to-run noise; "
                + "not a failure (--strict makes it exit 3)")
        }
        let resultsFile: String? = if case .resultsFile(let file) = source { file } else { nil }
        let input = try pipeline.writeReports(run, verdicts: verdicts, into: directory, resultsFile: resultsFile)
        Console.outputRendered(ReportPipeline.consoleTable(input))
        Console.output("\nreports: \(FolderPath.joined(directory, "report.html"))")
        try refuseIncomplete(run, from: source, directory: directory)
        if let signal = run.interruptingSignal { return signal.exitStatus }
        return exitStatus(checking: input)
    }

    /// An incomplete run is not gated: measured now and interrupted, it exits with its signal's status (130/143,
    /// the caller's return); stopped otherwise (a failed set-up, a re-measuring process that died), or read from a
    /// results file whatever stopped it (this gate was not interrupted), it is a run failure (4).
    private func refuseIncomplete(_ run: RunResults, from source: Source, directory: String) throws {
        guard !run.complete else { return }
        let resultsPath: String, isResultsFile: Bool
        if case .resultsFile(let file) = source { (resultsPath, isResultsFile) = (file, true) }
        else { (resultsPath, isResultsFile) = ("\(directory)/results.json", false) }
        let reason = run.incompleteReason ?? "no reason recorded"
        if run.interruptingSignal != nil && !isResultsFile {
            Console.warning("gate incomplete: \(reason); partial results in \(resultsPath)")
            return
        }
        if isResultsFile { throw CommandFailure(.runFailure, "\(resultsPath): incomplete run (\(reason)): not gated") }
        throw CommandFailure(.runFailure, "\(reason); the results so far are in \(resultsPath), marked incomplete")
    }

    /// The worst status the checks ask for; a passing extra check still says its line (a baseline's "no regression").
    private func exitStatus(checking input: ReportInput) -> Int32 {
        var status = ExitStatus.success
        for (index, check) in ([BudgetGateCheck()] + extraChecks).enumerated() {
            let (checkStatus, message) = check.evaluate(input)
            if checkStatus != .success { Console.warning(message) } else if index > 0 { Console.output(message) }
            status = .worst(status, checkStatus)
        }
        if advisory && status != .success {
            Console.warning("--advisory: exiting 0 although the gate would exit \(status.rawValue)")
            return 0
        }
        return status.rawValue
    }

    /// A results file cannot be re-measured: say once why budgets that rest on one process stay INCONCLUSIVE.
    private func noteSingleProcess(_ verdicts: [BudgetVerdict], file: String) {
        let undecided = verdicts.filter { $0.evidence?.basis == .oneProcessUndecided }
        guard !undecided.isEmpty else { return }
        Console.warning("\(file): \(undecided.count) budget(s) rest on one process run, whose between-run variance is unknown: "
            + "INCONCLUSIVE, not FAIL (a FAIL needs ≥ 2 process runs: let gate measure, or gate a file of '\(ToolName.current) merge')")
    }
}
