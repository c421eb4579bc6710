import ArgumentParser
import Comparison
import Foundation
import History
import Reports
import Results
import RunPipeline
import Statistics

/// `gate --baseline REF`: besides the budgets, fail on a significant regression against an earlier run.
struct BaselineOptions: ParsableArguments {
    @Option(help: """
        Also fail (exit 1) on a significant regression against this run: a results file, or in the history database \
        a run number or id, a branch (its newest complete run of this machine class) or a commit prefix (its newest \
        complete run of this machine class).
        """)
    var baseline: String?

    @Option(name: .customLong("history-database"),
            help: "The history --baseline looks runs and noise floors up in: an SQLite file or a postgres:// URL (default: $FRAMEBUDGET_DATABASE, else Reports/history.sqlite).")
    var historyDatabase: String?

    @Option(name: .customLong("regression-threshold"), parsing: .unconditional, help: "--baseline: changes under this percentage (or a benchmark's own noise floor, if larger) never fail.")
    var regressionThreshold: Double = 2

    @Option(name: .customLong("regression-alpha"), parsing: .unconditional, help: "--baseline: family-wise significance level (Holm over the compared benchmarks), 1e-9 to 0.5.")
    var regressionAlpha: Double = 0.01

    func validate() throws {
        guard regressionThreshold >= 0 && regressionThreshold < 1000 else {
            throw badOptionValue("--regression-threshold must be a percentage in [0, 1000) (got \(regressionThreshold))")
        }
        guard ComparisonSettings.alphaRange.contains(regressionAlpha) else {
            throw badOptionValue("--regression-alpha must be between 1e-9 and 0.5 (got \(regressionAlpha))")
        }
    }

    /// The baseline run, resolved before anything is measured, within the machine class the head has (`head`, a
    /// results file) or will have (`machineClass()`, a run about to be measured), so that a bad reference or one of
    /// another class fails at once (exit 2), as a missing one does. After the run, `BaselineGateCheck` resolves it
    /// again within the run's machine class.
    func resolve(head: RunResults?, machineClass: () -> MachineClass) throws -> BaselineResolver.Baseline? {
        guard let baseline else { return nil }
        let headClass = head?.machineClass ?? machineClass()
        let resolved: BaselineResolver.Baseline
        do { resolved = try settings!.resolve(machineClass: headClass) }
        catch let error as HistoryError { throw CommandFailure(error.exitStatus, "--baseline \(baseline): \(error)") }
        catch { throw CommandFailure(.badInput, "--baseline \(baseline): \(error)") }
        if let head, let refusal = RegressionGate.refusal(base: resolved.run, head: head) {
            throw CommandFailure(.badInput, "--baseline \(baseline): \(refusal)")
        }
        if head == nil, let difference = headClass.difference(from: resolved.run.machineClass) {
            throw CommandFailure(.badInput, "--baseline \(baseline): base \(resolved.run.runID) and this run would be measured in "
                + "different machine classes (\(difference)); only runs of one class are compared")
        }
        return resolved
    }

    /// The check's settings (``BaselineGateCheck`` lives in RunPipeline): only when `--baseline` was given.
    var settings: BaselineCheckSettings? {
        let location = historyDatabase ?? DatabaseOptions.environmentValue ?? DatabaseOptions.defaultPath
        return baseline.map { BaselineCheckSettings(reference: $0, historyDatabase: location,
                                                    comparison: ComparisonSettings(alpha: regressionAlpha, threshold: regressionThreshold / 100),
                                                    openHistory: { try HistoryLocation.reading(location) }) }
    }
}
