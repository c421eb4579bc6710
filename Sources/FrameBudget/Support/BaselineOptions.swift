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

    @Option(name: .customLong("history-database"), help: "The history database --baseline looks runs and noise floors up in.")
    var historyDatabase = "Reports/history.sqlite"

    @Option(name: .customLong("regression-threshold"), help: "--baseline: changes under this percentage (or a benchmark's own noise floor, if larger) never fail.")
    var regressionThreshold: Double = 2

    @Option(name: .customLong("regression-alpha"), help: "--baseline: family-wise significance level (Holm over the compared benchmarks), 1e-9 to 0.5.")
    var regressionAlpha: Double = 0.01

    func validate() throws {
        guard regressionThreshold >= 0 && regressionThreshold < 1000 else {
            throw badOptionValue("--regression-threshold must be a percentage ≥ 0 (got \(regressionThreshold))")
        }
        guard ComparisonSettings.alphaRange.contains(regressionAlpha) else {
            throw badOptionValue("--regression-alpha must be between 1e-9 and 0.5 (got \(regressionAlpha))")
        }
    }

    /// The baseline run, resolved before anything is measured, within the machine class the head has (`head`, a
    /// results file) or will have (`machineClass()`, a run about to be measured), so that a bad reference or one of
    /// another class fails at once (exit 2), as a missing one does. After the run, ``BaselineGateCheck`` resolves it
    /// again within the run's machine class.
    func resolve(head: RunResults?, machineClass: () -> MachineClass) throws -> BaselineResolver.Baseline? {
        guard let baseline else { return nil }
        let headClass = head?.machineClass ?? machineClass()
        let resolved: BaselineResolver.Baseline
        do { resolved = try BaselineResolver.resolve(baseline, database: openDatabase(), machineClass: headClass) }
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

    func openDatabase() throws -> HistoryDatabase? {
        FileManager.default.fileExists(atPath: historyDatabase) ? try HistoryDatabase.reading(historyDatabase) : nil
    }

    var settings: BaselineCheckSettings {
        BaselineCheckSettings(comparison: ComparisonSettings(alpha: regressionAlpha, threshold: regressionThreshold / 100),
                              options: self)
    }
}

/// What the regression check needs besides the two runs: the decision rule and where the history is.
struct BaselineCheckSettings {
    var comparison: ComparisonSettings
    var options: BaselineOptions
}

/// A regression against the baseline fails the gate (1), like a failed budget; added or removed benchmarks do not.
/// A baseline of another machine class is refused (2). Benchmarks the runs cannot decide are INCONCLUSIVE: reported,
/// and failing (3) only under `--strict`, like inconclusive budgets.
struct BaselineGateCheck: GateCheck {
    let baseline: BaselineResolver.Baseline
    let head: RunResults
    let settings: BaselineCheckSettings

    func evaluate(_ input: ReportInput) -> (status: ExitStatus, message: String) {
        let reference = settings.options.baseline ?? baseline.source
        let base: BaselineResolver.Baseline
        let priors: [String: PriorSpread]
        do {
            let database = try settings.options.openDatabase()
            base = try BaselineResolver.resolve(reference, database: database, machineClass: head.machineClass)
            priors = try database?.noiseFloors(of: head.benchmarks.map(\.id), machineClass: head.machineClass) ?? [:]
        } catch {
            return (.badInput, "--baseline \(reference): \(error)")
        }
        if let refusal = RegressionGate.refusal(base: base.run, head: head) {
            return (.badInput, "--baseline \(reference): \(refusal)")
        }
        let outcome = RegressionGate.evaluate(base: base.run, head: head, settings: settings.comparison, priors: priors)
        let against = "against \(base.source) (\(outcome.familyWise))"
        if !outcome.passed {
            let list = outcome.regressions.map { regression in
                "\(regression.id) \(String(format: "%+.1f%%", 100 * regression.relativeChange)) "
                    + "(adjusted p = \(String(format: "%.2g", regression.pValue)), runs \(regression.baseRuns)/\(regression.headRuns))"
            }
            return (.budgetFailure, "\(outcome.regressions.count) regressed \(against): \(list.joined(separator: ", "))")
        }
        if !outcome.inconclusive.isEmpty {
            let line = "no regression \(against), but \(outcome.inconclusive.count) inconclusive (more runs or a recorded "
                + "noise floor needed): \(outcome.inconclusive.joined(separator: ", "))"
            return (input.strict ? .inconclusive : .success, line)
        }
        return (.success, "no regression \(against) in \(outcome.compared) benchmarks")
    }
}
