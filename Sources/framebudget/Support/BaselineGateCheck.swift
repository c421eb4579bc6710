import ArgumentParser
import Comparison
import Foundation
import History
import Reports
import Results

/// `gate --baseline REF`: besides the budgets, fail on a significant regression against an earlier run.
struct BaselineOptions: ParsableArguments {
    @Option(help: """
        Also fail (exit 1) on a significant regression against this run: a results file, or in the history database \
        a run number or id, a branch (its newest complete run) or a commit prefix (its newest complete run).
        """)
    var baseline: String?

    @Option(name: .customLong("history-database"), help: "The history database --baseline looks runs up in.")
    var historyDatabase = "Reports/history.sqlite"

    @Option(name: .customLong("regression-threshold"), help: "--baseline: changes of the median under this percentage never fail.")
    var regressionThreshold: Double = 2

    @Option(name: .customLong("regression-alpha"), help: "--baseline: significance level of the Mann–Whitney test.")
    var regressionAlpha: Double = 0.01

    func validate() throws {
        guard regressionThreshold >= 0 && regressionThreshold < 1000 else {
            throw ValidationError("--regression-threshold must be a percentage ≥ 0 (got \(regressionThreshold))")
        }
        guard regressionAlpha > 0 && regressionAlpha < 1 else {
            throw ValidationError("--regression-alpha must be in (0, 1) (got \(regressionAlpha))")
        }
    }

    /// The baseline run, resolved before anything is measured so that a bad reference fails at once (exit 2).
    func resolve() throws -> BaselineResolver.Baseline? {
        guard let baseline else { return nil }
        do {
            let database = FileManager.default.fileExists(atPath: historyDatabase)
                ? try HistoryDatabase(path: historyDatabase, access: .readOnly) : nil
            return try BaselineResolver.resolve(baseline, database: database)
        } catch {
            throw CommandFailure(.badInput, "--baseline \(baseline): \(error)")
        }
    }

    var settings: ComparisonSettings {
        ComparisonSettings(alpha: regressionAlpha, threshold: regressionThreshold / 100)
    }
}

/// A regression against the baseline fails the gate (1), like a failed budget; added or removed benchmarks do not.
struct BaselineGateCheck: GateCheck {
    let baseline: BaselineResolver.Baseline
    let head: RunResults
    let settings: ComparisonSettings

    func evaluate(_ input: ReportInput) -> (status: ExitStatus, message: String) {
        let outcome = RegressionGate.evaluate(base: baseline.run, head: head, settings: settings)
        let against = "against \(baseline.source)"
        guard !outcome.passed else {
            return (.success, "no regression \(against) in \(outcome.compared) benchmarks")
        }
        let list = outcome.regressions
            .map { "\($0.id) \(String(format: "%+.1f%%", 100 * $0.relativeChange)) (p = \(String(format: "%.2g", $0.pValue)))" }
        return (.budgetFailure, "\(outcome.regressions.count) regressed \(against): \(list.joined(separator: ", "))")
    }
}
