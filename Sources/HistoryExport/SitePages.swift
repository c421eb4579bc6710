import History
import TextFormatting

/// The HTML of the history site: one page per series and an index of recent change points. Self-contained pages
/// (inline style and SVG, no script, nothing fetched); every string from the history is HTML-escaped.
enum SitePages {
    static let style = """
        body{font-family:system-ui,sans-serif;margin:1.5rem;color:#222}table{border-collapse:collapse;margin:1rem 0}\
        th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}td.number{text-align:right}\
        code{font-size:.9em}.up{color:#cb181d}.down{color:#238b45}
        """

    /// A whole document around `body`.
    static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(XMLText.escape(title))</title>
        <style>\(style)</style></head>
        <body>
        \(body)</body></html>

        """
    }

    /// A series' page: the trend plot, its change points and every run with its commit.
    static func seriesPage(_ series: SiteSeries) -> String {
        let e = XMLText.escape
        var body = "<p><a href=\"index.html\">← all benchmarks</a></p>\n"
        body += "<h1><code>\(e(series.benchmarkID))</code></h1>\n"
        body += "<p>Machine: \(e(series.machineName)) · class <code>\(e(series.machineClass.hash))</code> "
            + "<small>(\(e(series.machineClass.canonical)))</small></p>\n"
        if let budget = series.budget {
            body += "<p>Budget: \(e(budget.statistic.rawValue)) \(e(budget.limitPhrase))</p>\n"
        }
        body += TrendSVG(series).render() + "\n"
        body += changePointTable(series) + runTable(series)
        return document(title: "\(series.benchmarkID) on \(series.machineName)", body: body)
    }

    private static func changePointTable(_ series: SiteSeries) -> String {
        guard !series.trend.steps.isEmpty else {
            return "<h2>Change points</h2>\n<p>No change point over \(series.trend.points.count) runs.</p>\n"
        }
        let rows = series.trend.steps.map { step in
            let point = series.trend.points.first { $0.runID == step.runID }
            return row([XMLText.escape(point?.startedAt ?? ""), "<code>\(XMLText.escape(step.runID))</code>",
                        "<code>\(XMLText.escape(step.gitCommit ?? "unknown"))</code>", branchCell(point), changeCell(step)])
        }
        return "<h2>Change points</h2>\n<table class=\"change-points\"><tr><th>first run at the new level</th><th>run</th>"
            + "<th>commit</th><th>branch</th><th>change</th></tr>\n\(rows.joined())</table>\n"
    }

    private static func branchCell(_ point: SeriesPoint?) -> String {
        point?.gitBranch.map { "<code>\(XMLText.escape($0))</code>" } ?? "-"
    }

    private static func runTable(_ series: SiteSeries) -> String {
        let rows = series.trend.points.reversed().map { point in
            // An interrupted run (with --include-incomplete) is said in its row, not only in a hover title.
            row(["\(point.number)", XMLText.escape(point.startedAt),
                 "<code>\(XMLText.escape(point.runID))</code>" + (point.complete ? "" : " <strong>incomplete</strong>"),
                 "<code>\(XMLText.escape(point.gitCommit ?? "unknown"))</code>", branchCell(point),
                 XMLText.escape(DurationText.string(nanoseconds: point.median)), XMLText.escape(SitePageText.interval(point))])
        }
        return "<h2>Runs (newest first)</h2>\n<table class=\"runs\"><tr><th>#</th><th>started</th><th>run</th><th>commit</th>"
            + "<th>branch</th><th>median</th><th>interval</th></tr>\n\(rows.joined())</table>\n"
    }

    /// Which branches' runs the series hold: one named, or, when several share the series, a warning that a change
    /// point between two branches' runs is a change of branch (a feature branch's nights in main's series read as a
    /// regression of main, then an improvement of main's next commit).
    static func branchNote(_ all: [SiteSeries], branch: String?) -> String {
        let e = XMLText.escape
        if let branch { return "<p>Branch: <code>\(e(branch))</code> (the runs recorded on it only).</p>\n" }
        let branches = SitePageText.branches(all.flatMap(\.trend.points))
        guard branches.count > 1 else {
            return branches.first.map { $0.isEmpty ? "" : "<p>Branch: <code>\(e($0))</code>.</p>\n" } ?? ""
        }
        let names = branches.map { $0.isEmpty ? "(none recorded)" : "<code>\(e($0))</code>" }.joined(separator: ", ")
        return "<p><strong>These series hold the runs of \(branches.count) branches</strong> (\(names)): a change point "
            + "between two branches' runs is a change of branch, not only of code (each run's branch is in its page's "
            + "table). <code>history site --branch &lt;name&gt;</code> keeps to one.</p>\n"
    }

    /// The index: change points of every series, newest first, then every page by machine class.
    static func index(_ all: [SiteSeries], pageNames: [String], branch: String? = nil) -> String {
        let e = XMLText.escape
        var body = "<h1>Benchmark history</h1>\n" + branchNote(all, branch: branch) + "<h2>Recent changes (newest first)</h2>\n"
        let changes = recentChanges(all, pageNames: pageNames)
        body += changes.isEmpty ? "<p>No change point in any series.</p>\n"
            : "<table class=\"changes\"><tr><th>first run at the new level</th><th>benchmark</th><th>machine</th><th>change</th>"
                + "<th>commit</th><th>branch</th></tr>\n" + changes.map { change in
                    row([e(change.point.startedAt), "<a href=\"\(e(change.page))\"><code>\(e(change.series.benchmarkID))</code></a>",
                         e(change.series.machineName), changeCell(change.step), "<code>\(e(change.step.gitCommit ?? "unknown"))</code>",
                         branchCell(change.point)])
                }.joined() + "</table>\n"
        body += "<h2>All series</h2>\n"
        var currentClass: String?
        for (series, page) in zip(all, pageNames) {
            if series.machineClass.hash != currentClass {
                body += (currentClass == nil ? "" : "</ul>\n")
                    + "<h3>\(e(series.machineName)) <small><code>\(e(series.machineClass.hash))</code></small></h3>\n<ul>\n"
                currentClass = series.machineClass.hash
            }
            body += "<li><a href=\"\(e(page))\"><code>\(e(series.benchmarkID))</code></a> (\(series.trend.points.count) runs, "
                + "\(series.trend.steps.count) change points)</li>\n"
        }
        body += currentClass == nil ? "<p>The history holds no series.</p>\n" : "</ul>\n"
        return document(title: "Benchmark history", body: body)
    }

    struct Change {
        var series: SiteSeries, step: Trend.Step, point: SeriesPoint, page: String
    }

    /// Every change point with its series and page, the newest run first (ties: by benchmark id).
    static func recentChanges(_ all: [SiteSeries], pageNames: [String]) -> [Change] {
        zip(all, pageNames).flatMap { series, page in
            series.trend.steps.compactMap { step in
                series.trend.points.first { $0.runID == step.runID }.map { Change(series: series, step: step, point: $0, page: page) }
            }
        }.sorted { ($0.point.startedAt, $1.series.benchmarkID) > ($1.point.startedAt, $0.series.benchmarkID) }
    }

    private static func changeCell(_ step: Trend.Step) -> String {
        "<span class=\"\(step.relativeChange > 0 ? "up" : "down")\">\(XMLText.escape(SitePageText.change(step)))</span>"
    }

    private static func row(_ cells: [String]) -> String {
        "<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>\n"
    }
}
