import History
import TextFormatting

/// The short texts the site's pages and plots share, from a series point (unescaped: callers escape).
enum SitePageText {
    /// The first 10 characters of the commit, or the run id when the run has none.
    static func commitLabel(_ point: SeriesPoint) -> String {
        point.gitCommit.map { String($0.prefix(10)) } ?? point.runID
    }

    /// `[1.02 ms, 1.05 ms]`, or `-` without an interval.
    static func interval(_ point: SeriesPoint) -> String {
        guard let lower = point.lower, let upper = point.upper else { return "-" }
        return "[\(DurationText.string(nanoseconds: lower)), \(DurationText.string(nanoseconds: upper))]"
    }

    /// One line for a point's hover title: run, date, commit, median and interval.
    static func pointSummary(_ point: SeriesPoint) -> String {
        "run \(point.runID) · \(point.startedAt) · commit \(point.gitCommit ?? "unknown") · median "
            + "\(DurationText.string(nanoseconds: point.median)) \(interval(point))" + (point.complete ? "" : " · incomplete")
    }

    /// `+10.0% (1.00 ms → 1.10 ms)`.
    static func change(_ step: Trend.Step) -> String {
        "\(Percent.signed(step.relativeChange)) (\(DurationText.string(nanoseconds: step.before)) → "
            + "\(DurationText.string(nanoseconds: step.after)))"
    }
}
