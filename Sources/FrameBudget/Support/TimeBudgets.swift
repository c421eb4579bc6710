import Budgets
import Foundation
import RunPipeline
import Statistics

/// The time budgets of a budgets file, as the lines `history plot` and `history site` draw over a trend.
enum TimeBudgets {
    /// Each benchmark's first time budget in `path` (its limit in ns and the statistic it limits); empty when the
    /// file does not exist.
    /// - Throws: ``RunPipeline/CommandFailure`` (bad input) for a malformed budgets file, naming it.
    static func firstPerBenchmark(in path: String) throws -> [String: (nanoseconds: Double, statistic: Statistic)] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        var limits: [String: (nanoseconds: Double, statistic: Statistic)] = [:]
        let budgets = try ReportPipeline.loadBudgets(path, knownIDs: Registration.knownIDs, frameLoopIDs: Registration.frameLoopIDs)
        for budget in budgets where budget.metric == .time && limits[budget.benchmarkID] == nil {
            limits[budget.benchmarkID] = (budget.limit * budget.unit.scale(for: .time), budget.statistic)
        }
        return limits
    }
}
