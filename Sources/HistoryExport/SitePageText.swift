import History
import TextFormatting

/// The short texts the site's pages and plots share, from a series point (unescaped: callers escape).
enum SitePageText {
    /// The first 10 characters of the commit, or the run id when the run has none.
    static func commitLabel(_ point: SeriesPoint) -> String {
        point.gitCommit.map { String($0.prefix(10)) } ?? point.runID
    }

    /// Each point's label on the x axis: its short commit, with its run id where several runs share the commit.
    static func axisLabels(_ points: [SeriesPoint]) -> [String] {
        RunLabels.distinct(commits: points.map(\.gitCommit), runIDs: points.map(\.runID))
    }

    /// The branches of `points`, sorted, "" for runs recorded without one.
    static func branches(_ points: [SeriesPoint]) -> [String] {
        Set(points.map { $0.gitBranch ?? "" }).sorted()
    }

    /// `[1.02 ms, 1.05 ms]`, or `-` without an interval.
    static func interval(_ point: SeriesPoint) -> String {
        guard let lower = point.lower, let upper = point.upper else { return "-" }
        return "[\(DurationText.string(nanoseconds: lower)), \(DurationText.string(nanoseconds: upper))]"
    }

    /// One line for a point's hover title: run, date, commit, median and interval.
    static func pointSummary(_ point: SeriesPoint) -> String {
        "run \(point.runID) · \(point.startedAt) · commit \(point.gitCommit ?? "unknown")"
            + (point.gitBranch.map { " on \($0)" } ?? "") + " · median "
            + "\(DurationText.string(nanoseconds: point.median)) \(interval(point))" + (point.complete ? "" : " · incomplete")
    }

    /// `+10.0% (1.00 ms → 1.10 ms)`.
    static func change(_ step: Trend.Step) -> String {
        "\(Percent.signed(step.relativeChange)) (\(DurationText.string(nanoseconds: step.before)) → "
            + "\(DurationText.string(nanoseconds: step.after)))"
    }
}
