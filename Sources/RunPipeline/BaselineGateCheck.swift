import Comparison
import Foundation
import History
import Reports
import Results
import TextFormatting
import Statistics

/// What the regression check against a baseline needs besides the two runs: the reference as the user gave it,
/// where the history is, and the decision rule.
package struct BaselineCheckSettings: Sendable {
    /// A results file, or in the history database a run number or id, a branch or a commit prefix.
    package var reference: String
    package var historyDatabase: String
    package var comparison: ComparisonSettings
    /// Opens the history read-only, nil when there is none yet (a results-file baseline needs none). By default the
    /// SQLite file `historyDatabase`; the command line passes one that also reaches a PostgreSQL server.
    package var openHistory: @Sendable () throws -> (any HistoryStore)?

    package init(reference: String, historyDatabase: String, comparison: ComparisonSettings,
                 openHistory: (@Sendable () throws -> (any HistoryStore)?)? = nil) {
        self.reference = reference
        self.historyDatabase = historyDatabase
        self.comparison = comparison
        self.openHistory = openHistory ?? {
            FileManager.default.fileExists(atPath: historyDatabase) ? try HistoryDatabase.reading(historyDatabase) : nil
        }
    }

    /// The history, or nil when there is none yet.
    package func openDatabase() throws -> (any HistoryStore)? { try openHistory() }

    /// The baseline run within `machineClass`, resolved from the reference.
    package func resolve(machineClass: MachineClass) throws -> BaselineResolver.Baseline {
        let database = try openDatabase()
        // Say where the history was looked for: the option has a default, and it was given either way.
        if database == nil && !FileManager.default.fileExists(atPath: reference) {
            throw HistoryError.noBaseline(reference: reference, reason: "no such results file, and no history database at \(historyDatabase)")
        }
        return try BaselineResolver.resolve(reference, database: database, machineClass: machineClass)
    }
}

/// A regression against the baseline fails the gate (1), like a failed budget; added or removed benchmarks do not.
/// A baseline of another machine class is refused (2). Benchmarks the runs cannot decide are INCONCLUSIVE: reported,
/// and failing (3) only under `--strict`, like inconclusive budgets. The baseline is resolved again within the
/// gated run's machine class (the run may have been measured after the first resolution).
package struct BaselineGateCheck: GateCheck {
    package let settings: BaselineCheckSettings

    package init(settings: BaselineCheckSettings) { self.settings = settings }

    package func evaluate(_ input: ReportInput) -> (status: ExitStatus, message: String) {
        let head = input.run, reference = settings.reference
        let base: BaselineResolver.Baseline
        let priors: [String: PriorSpread]
        do {
            base = try settings.resolve(machineClass: head.machineClass)
            priors = try settings.openDatabase()?.noiseFloors(of: head.benchmarks.map(\.id), machineClass: head.machineClass) ?? [:]
        } catch let error as HistoryError {
            return (error.exitStatus, "--baseline \(reference): \(error)")
        } catch {
            return (.badInput, "--baseline \(reference): \(error)")
        }
        if let refusal = RegressionGate.refusal(base: base.run, head: head) {
            return (.badInput, "--baseline \(reference): \(refusal)")
        }
        let outcome = RegressionGate.evaluate(base: base.run, head: head, settings: settings.comparison, priors: priors)
        let (status, line) = Self.verdict(outcome, against: "against \(base.source) (\(outcome.familyWise))", strict: input.strict)
        // What weakens the comparison (a baseline from another host of the class, the run itself as its baseline)
        // goes with the verdict, as compare says it.
        var warnings = outcome.warnings
        if let shared = Comparator.sharedProcessRuns(base.run, head) {
            warnings.append("the baseline holds this run's own process run\(shared.count == 1 ? "" : "s") "
                + "(\(shared.prefix(3).joined(separator: ", "))\(shared.count > 3 ? ", …" : "")): a run compared with itself "
                + "shows no change whatever the code")
        }
        return (status, warnings.isEmpty ? line : line + "; but: " + warnings.joined(separator: "; "))
    }

    private static func verdict(_ outcome: RegressionGate.Outcome, against: String, strict: Bool) -> (ExitStatus, String) {
        if !outcome.passed {
            let list = outcome.regressions.map { regression in
                "\(regression.id) \(Percent.signed(regression.relativeChange)) "
                    + "(adjusted p = \(String(format: "%.2g", regression.pValue)), runs \(regression.baseRuns)/\(regression.headRuns))"
            }
            return (.budgetFailure, "\(outcome.regressions.count) regressed \(against): \(list.joined(separator: ", "))")
        }
        if !outcome.inconclusive.isEmpty {
            let line = "no regression \(against), but \(outcome.inconclusive.count) inconclusive (more runs or a recorded "
                + "noise floor needed): \(outcome.inconclusive.joined(separator: ", "))"
            return (strict ? .inconclusive : .success, line)
        }
        return (.success, "no regression \(against) in \(outcome.compared) benchmarks")
    }
}
