import Budgets
import Foundation
import Statistics

/// The phrases every report uses for a verdict, so the console, Markdown, JUnit and HTML say the same thing.
public enum VerdictText {
    /// `0.8312 ms [0.8011, 0.8544]`, or `MISSING` when nothing was measured.
    public static func measured(_ verdict: BudgetVerdict) -> String {
        guard let measured = verdict.measured else { return "—" }
        let unit = verdict.budget.unit
        guard let interval = verdict.interval else { return UnitFormat.value(measured, unit) }
        return "\(UnitFormat.value(measured, unit)) [\(UnitFormat.number(interval.lower)), \(UnitFormat.number(interval.upper))]"
    }

    /// `< 1 ms` or `≥ 0.95 ratio`.
    public static func limit(_ budget: Budget) -> String { budget.limitPhrase }

    /// `+23.5%`, `-4%`, or `—`.
    public static func headroom(_ verdict: BudgetVerdict) -> String {
        guard let headroom = verdict.headroomPercent else { return "—" }
        return (headroom >= 0 ? "+" : "") + UnitFormat.number(headroom) + "%"
    }

    /// One sentence for a verdict: what was measured against what, and why it lands where it does.
    public static func explanation(_ verdict: BudgetVerdict) -> String {
        let budget = verdict.budget
        let subject = "\(budget.statistic) \(budget.metric.rawValue) of \(budget.benchmarkID)"
        switch verdict.outcome {
        case .missing:
            return "\(subject): not measured (\(verdict.warning ?? "no result"))"
        case .pass, .fail, .inconclusive:
            let ci = verdict.interval == nil ? "point estimate" : "95% CI"
            var text = "\(subject) = \(measured(verdict)) (\(ci)); budget \(limit(budget))"
            if verdict.outcome == .inconclusive { text += ": the interval straddles the limit, measure more" }
            if let warning = verdict.warning { text += "; \(warning)" }
            return text
        }
    }

    /// A MISSING verdict whose benchmark did not run at all (as opposed to one that ran without this metric):
    /// text reports fold these into one line so they do not drown the measured ones.
    public static func didNotRun(_ verdict: BudgetVerdict) -> Bool {
        verdict.outcome == .missing && verdict.measured == nil && verdict.warning?.hasSuffix("did not run") == true
    }

    /// A plain symbol per outcome for text formats.
    public static func symbol(_ outcome: VerdictOutcome) -> String {
        switch outcome {
        case .pass: return "✅"
        case .fail: return "❌"
        case .inconclusive: return "⚠️"
        case .missing: return "⛔"
        }
    }
}
