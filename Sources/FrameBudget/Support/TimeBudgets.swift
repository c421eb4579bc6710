import Budgets
import Foundation
import RunPipeline
import Statistics

/// A time budget as a trend shows it.
struct TimeBudget {
    /// The limit, ns per iteration.
    var nanoseconds: Double
    var statistic: Statistic
    /// The limit with its direction as the reports say it (`< 1 ms`, `> 5 µs`): a floor is not a ceiling.
    var limitPhrase: String
}

/// The time budgets of a budgets file, as the lines `history plot` and `history site` draw over a trend.
enum TimeBudgets {
    /// Each benchmark's first time budget in `path` (its limit in ns and the statistic it limits). The default file
    /// missing (a command run outside the repository) gives none, with a warning that no budget line is drawn; a
    /// file named on the command line must exist (a typo drew no line and said nothing).
    /// - Throws: ``RunPipeline/CommandFailure`` (bad input) for a malformed budgets file or a missing one that was
    ///   named, naming it.
    /// - Parameter named: the file `--budgets` named, nil for the default.
    static func firstPerBenchmark(named: String?) throws -> [String: TimeBudget] {
        let path = named ?? Registration.suite.budgetsPath
        guard FileManager.default.fileExists(atPath: path) else {
            if named != nil { throw CommandFailure(.badInput, "\(path): cannot read: No such file or directory") }
            Console.warning("\(path) not found here: no budget lines (run from the repository, or give --budgets)")
            return [:]
        }
        var limits: [String: TimeBudget] = [:]
        let budgets = try ReportPipeline.loadBudgets(path, knownIDs: Registration.knownIDs, frameLoopIDs: Registration.frameLoopIDs)
        for budget in budgets where budget.metric == .time && limits[budget.benchmarkID] == nil {
            limits[budget.benchmarkID] = TimeBudget(nanoseconds: budget.limit * budget.unit.scale(for: .time),
                                                    statistic: budget.statistic, limitPhrase: budget.limitPhrase)
        }
        return limits
    }
}
