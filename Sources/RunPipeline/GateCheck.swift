import Budgets
import Reports

/// One thing a gate checks after the run (``GateSession``): the budgets (``BudgetGateCheck``), a regression against
/// a baseline (``BaselineGateCheck``).
package protocol GateCheck {
    /// The exit status this check asks for (`.success` when satisfied) and one line saying why.
    func evaluate(_ input: ReportInput) -> (status: ExitStatus, message: String)
}

/// Budgets: FAIL or MISSING fail the gate (1); INCONCLUSIVE fails it only under `--strict` (3).
package struct BudgetGateCheck: GateCheck {
    package init() {}

    package func evaluate(_ input: ReportInput) -> (status: ExitStatus, message: String) {
        let summary = input.summary
        if summary.hasFailures { return (.budgetFailure, "budgets: \(summary.count(.fail)) failed, \(summary.count(.missing)) missing") }
        if input.strict && summary.count(.inconclusive) > 0 {
            return (.inconclusive, "budgets: \(summary.count(.inconclusive)) inconclusive (--strict)")
        }
        return (.success, "budgets: \(summary.line)")
    }
}

extension ExitStatus {
    /// Which of two gate outcomes decides the exit: a failure (1) outranks an inconclusive strict gate (3).
    package static func worst(_ a: ExitStatus, _ b: ExitStatus) -> ExitStatus {
        let rank: [ExitStatus: Int] = [.success: 0, .inconclusive: 1, .budgetFailure: 2]
        return (rank[a] ?? 3) >= (rank[b] ?? 3) ? a : b
    }
}
