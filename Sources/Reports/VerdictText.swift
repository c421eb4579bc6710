import Budgets
import Foundation
import Results
import Statistics
import TextFormatting

/// The phrases every report uses for a verdict, so the console, Markdown, JUnit and HTML say the same thing.
public enum VerdictText {
    /// `831.2 µs [801.1, 854.4]`, or `—` when nothing was measured. Times are written per row in the unit that keeps
    /// them between 1 and 1000 (`4.373 µs`, `15.85 ns`, not `0.004373 ms`), as the run table does; other metrics in
    /// the budget's unit.
    public static func measured(_ verdict: BudgetVerdict) -> String {
        guard let measured = verdict.measured else { return "—" }
        let (factor, unit) = displayUnit(for: measured, verdict.budget)
        let value = "\(UnitFormat.number(measured * factor)) \(unit)"
        guard let interval = verdict.interval else { return value }
        return "\(value) [\(UnitFormat.number(interval.lower * factor)), \(UnitFormat.number(interval.upper * factor))]"
    }

    /// ``measured(_:)`` for a table's cell, with its interval's level (`1.572 ms [1.441, 1.715] 99%`): one
    /// process's 95% and an interval over runs at the gate's looks (99%) share the column, and read the same
    /// without it. Sentences name the interval in words instead (``intervalKind(_:)``).
    public static func measuredCell(_ verdict: BudgetVerdict) -> String {
        guard let interval = verdict.interval, verdict.measured != nil else { return measured(verdict) }
        return measured(verdict) + " " + levelText(interval)
    }

    /// `3.328 ms`: a value in the budget's unit, written in the unit ``measured(_:)`` writes the verdict's value in,
    /// so a list of per-run values reads beside it (every number with its unit).
    static func withUnit(_ value: Double, _ verdict: BudgetVerdict) -> String {
        let (factor, unit) = displayUnit(for: verdict.measured ?? value, verdict.budget)
        return "\(UnitFormat.number(value * factor)) \(unit)"
    }

    /// What a value in the budget's unit is multiplied by for display, and the unit then written.
    static func displayUnit(for value: Double, _ budget: Budget) -> (factor: Double, unit: String) {
        let timeUnits: Set<BudgetUnit> = [.ns, .us, .µs, .ms, .s]
        guard budget.metric == .time || budget.metric == .frameTime, timeUnits.contains(budget.unit) else {
            return (1, budget.unit.symbol)
        }
        let nanosecondsPerUnit = budget.unit.scale(for: .time)
        let (divisor, unit) = timeUnit(forNanoseconds: value * nanosecondsPerUnit)
        return (nanosecondsPerUnit / divisor, unit)
    }

    /// The unit that writes a time between 1 and 1000, and the nanoseconds in one of it.
    public static func timeUnit(forNanoseconds nanoseconds: Double) -> (nanoseconds: Double, unit: String) {
        DurationText.unit(forNanoseconds: nanoseconds)
    }

    /// `< 1 ms` or `≥ 0.95 ratio`.
    public static func limit(_ budget: Budget) -> String { budget.limitPhrase }

    /// A measured value more than this many times a `max` budget's limit is written as a ratio, not a headroom.
    static let overrunRatioCutOver = 2.0

    /// `+23.5%`, `-4%`, `338× over the limit`, or `—`: every report's headroom cell. Past twice its limit an overrun
    /// is the ratio measured / limit, since `-33745%` has to be worked out where `338× over the limit` reads at once;
    /// up to it (and for `min` budgets, whose headroom cannot fall under -100%) the percentage says more.
    public static func headroom(_ verdict: BudgetVerdict) -> String {
        guard let headroom = verdict.headroomPercent else { return "—" }
        // headroom = (limit − measured) / limit × 100, so measured / limit = 1 − headroom / 100.
        let ratio = 1 - headroom / 100
        if verdict.budget.direction == .max, ratio > overrunRatioCutOver, ratio.isFinite {
            return "\(overrunRatio(ratio))× over the limit"
        }
        return (headroom >= 0 ? "+" : "") + UnitFormat.number(headroom) + "%"
    }

    /// `2.4`, `338`: a tenth where it still tells overruns apart, whole numbers beyond 10.
    static func overrunRatio(_ ratio: Double) -> String {
        // 9.97 rounds to 10 either way: decide on the rounded value, so it is `10`, not `10.0`.
        String(format: (ratio * 10).rounded() < 100 ? "%.1f" : "%.0f", ratio)
    }

    /// One sentence for a verdict: what was measured against what, over how many process runs, and why it lands
    /// where it does.
    public static func explanation(_ verdict: BudgetVerdict) -> String {
        let budget = verdict.budget
        let subject = "\(budget.statistic.rawValue) \(budget.metric.rawValue) of \(budget.benchmarkID)"
        switch verdict.outcome {
        case .missing:
            return "\(subject): not measured (\(verdict.warning ?? "no result"))"
        case .pass, .fail, .inconclusive:
            var text = "\(subject) = \(measured(verdict)) (\(intervalKind(verdict))); budget \(limit(budget))"
            if let basis = basis(verdict) { text += ": \(basis)" }
            if let warning = verdict.warning { text += "; \(warning)" }
            return text
        }
    }

    /// What the interval is: `95% CI over 4 process runs`, `95% CI of one process`, `point estimate`, `exact count`.
    public static func intervalKind(_ verdict: BudgetVerdict) -> String {
        guard let evidence = verdict.evidence else { return verdict.interval == nil ? "point estimate" : "95% CI" }
        switch evidence.basis {
        case .exactCount: return "exact count"
        case .runLevelInterval:
            return "\(levelText(verdict.interval)) CI over \(evidence.processes) process runs" + setAsideClause(evidence)
        case .oneProcessClearPass, .oneProcessUndecided:
            let kind = evidence.judgedOnLargest != nil ? "one process, judged by its largest value"
                : verdict.interval == nil ? "point estimate of one process" : "95% CI of one process"
            return kind + setAsideClause(evidence)
        case .allSetAsideForSteal: return "no interval" + setAsideClause(evidence)
        }
    }

    /// `95%`, or `99.3%` for an interval at the level of the gate's repeated looks (``SequentialLooks``).
    static func levelText(_ interval: ConfidenceInterval?) -> String {
        Percent.level(interval?.level ?? RunLevelVerdict.level)
    }

    /// `` (2 more set aside: host steal > 5%)``, or nothing when no run was set aside.
    static func setAsideClause(_ evidence: VerdictEvidence) -> String {
        guard let count = evidence.setAsideForSteal, count > 0 else { return "" }
        return " (\(count) more set aside: host steal > \(disturbingSteal))"
    }

    /// The steal above which a budget sets a run aside: `5%`.
    private static var disturbingSteal: String { "\(UnitFormat.number(Replicate.disturbingSteal * 100))%" }

    /// How many process runs the verdict rests on: `4`, `4+2 set aside` when runs were set aside for the host's
    /// steal, or `—` when nothing was measured.
    public static func runs(_ verdict: BudgetVerdict) -> String {
        guard let evidence = verdict.evidence else { return "—" }
        guard let setAside = evidence.setAsideForSteal, setAside > 0 else { return "\(evidence.processes)" }
        return "\(evidence.processes)+\(setAside) set aside"
    }

    /// Why the rule landed where it did, from the verdict's evidence; nil for exact counts and plain passes of
    /// verdicts without evidence.
    public static func basis(_ verdict: BudgetVerdict) -> String? {
        guard let evidence = verdict.evidence else {
            return verdict.outcome == .inconclusive ? "the interval straddles the limit, measure more" : nil
        }
        let margin = evidence.betweenRunSpread.map { spread -> String in
            let source = evidence.spreadSource == .history ? "the history's between-run spread" : "an assumed between-run spread"
            let quantile = RunLevelVerdict.oneProcessMarginQuantile
            if verdict.budget.metric.isShare {  // a spread of shares (0…1): 0.02 is two percentage points
                let points = { (share: Double) in "\(UnitFormat.number(share * 100)) percentage points" }
                return "\(points(quantile * spread)) (1.645 × \(source) of \(points(spread)))"
            }
            let percent = UnitFormat.number((exp(quantile * spread) - 1) * 100)
            return "\(percent)% (1.645 × \(source) of \(UnitFormat.number(spread * 100))%)"
        } ?? "the between-run margin"
        switch (evidence.basis, verdict.outcome) {
        case (.exactCount, _):
            return nil
        case (.oneProcessClearPass, _):
            if let largest = evidence.judgedOnLargest {
                return "one process, whose largest value (\(withUnit(largest, verdict))) clears the limit by more than \(margin): "
                    + "its values cannot bound the \(verdict.budget.statistic.rawValue)"
            }
            return "one process, whose interval clears the limit by more than \(margin)"
        case (.oneProcessUndecided, _):
            let judged = evidence.judgedOnLargest.map { "its largest value (\(withUnit($0, verdict)), its values cannot bound the "
                + "\(verdict.budget.statistic.rawValue)) not clear" } ?? "not clear"
            return "one process, \(judged) of the limit by \(margin): between-run variance unknown, and a FAIL needs ≥ 2 process runs"
        case (.allSetAsideForSteal, _):
            return "every process run was set aside: the host stole more than \(disturbingSteal) of the CPUs while each "
                + "measured; measure in a quieter hour"
        case (.runLevelInterval, let outcome):
            let values = "per run " + evidence.perRunValues.map { withUnit($0, verdict) }.joined(separator: ", ")
            // A `max` budget must stay under its limit, a `min` one over it.
            let (good, bad) = verdict.budget.direction == .max ? ("under", "over") : ("over", "under")
            if let needed = evidence.valuesPerRunNeeded {
                return "a run has fewer than \(needed) values, too few to estimate its \(verdict.budget.statistic.rawValue) "
                    + "without leaning \(good) the limit: measure more samples (\(values))"
            }
            switch outcome {
            case .pass: return "the interval over runs is wholly \(good) the limit (\(values))"
            case .fail: return "the interval over runs is wholly \(bad) the limit (\(values))"
            default: return "the interval over runs straddles the limit (\(values))"
            }
        }
    }

    /// A MISSING verdict whose benchmark did not run at all (as opposed to one that ran without this metric):
    /// text reports fold these into one line so they do not drown the measured ones.
    public static func didNotRun(_ verdict: BudgetVerdict) -> Bool {
        verdict.outcome == .missing && verdict.missingReason == .benchmarkDidNotRun
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

