import Foundation
import History
import HistoryExport
import XCTest

/// The history site's pages, from a synthetic history with known steps, read as files.
final class HistorySiteTests: XCTestCase {
    private var folder = ""
    private var site: String { folder + "/site" }

    override func setUpWithError() throws { folder = try SyntheticHistory.folder("site") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func writeSite() throws -> [SiteSeries] {
        let history = try SyntheticHistory.write(to: folder + "/history.sqlite")
        let series = try SiteSeries.all(in: history, budgets: [SyntheticHistory.colormap: SyntheticHistory.colormapBudget])
        try HistorySite.write(series, into: site)
        return series
    }

    private func page(_ series: SiteSeries) throws -> String {
        try String(contentsOfFile: "\(site)/\(HistorySite.pageName(series))", encoding: .utf8)
    }

    func testEveryBenchmarkGetsOnePagePerMachineClassLinkedFromTheIndex() throws {
        let series = try writeSite()
        XCTAssertEqual(series.map(\.machineName), ["Test CPU", "Test CPU", "Test CPU", "Other CPU"], "the newest class first")
        let files = try FileManager.default.contentsOfDirectory(atPath: site).sorted()
        XCTAssertEqual(files, (["index.html"] + series.map(HistorySite.pageName)).sorted())
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        for page in series.map(HistorySite.pageName) { XCTAssertTrue(index.contains("href=\"\(page)\""), page) }
    }

    func testTheIndexListsChangePointsNewestFirstWithLinksToTheirPages() throws {
        let series = try writeSite()
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        let table = try XCTUnwrap(index.components(separatedBy: "<table class=\"changes\">").dropFirst().first?
            .components(separatedBy: "</table>").first)
        let rows = table.components(separatedBy: "<tr><td>").dropFirst()
        let dates = rows.map { String($0.prefix { $0 != "<" }) }
        XCTAssertEqual(dates, dates.sorted(by: >), "newest first")
        let found = rows.map { row in series.first { row.contains("href=\"\(HistorySite.pageName($0))\"") }?.benchmarkID }
        XCTAssertEqual(found, [SyntheticHistory.colormap, SyntheticHistory.nms, SyntheticHistory.colormap],
                       "the colormap step back at night 22, the nms step at 18, the colormap step at 12")
    }

    /// A feature branch's nights in main's series read as a regression of main and then an improvement of main's
    /// next commit, and no page said which branch a run came from.
    func testEachRunsBranchIsShownAndAnIndexOfSeveralBranchesSaysSo() throws {
        let history = try SyntheticHistory.write(to: folder + "/history.sqlite")
        var feature = SyntheticHistory.run(41, cpu: "Test CPU", ids: [SyntheticHistory.colormap])
        feature.runID = "feature-night"
        try history.record(feature, branch: "feat/<b>")
        let all = try SiteSeries.all(in: history, budgets: [:])
        try HistorySite.write(all, into: site)
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        XCTAssertTrue(index.contains("<strong>These series hold the runs of 2 branches</strong> (<code>feat/&lt;b&gt;</code>, "
                                     + "<code>main</code>)"), index)
        let colormap = try XCTUnwrap(all.first { $0.benchmarkID == SyntheticHistory.colormap && $0.machineName == "Test CPU" })
        let page = try page(colormap)
        XCTAssertTrue(page.contains("<code>feature-night</code></td><td><code>"), page)
        XCTAssertTrue(page.contains("</code></td><td><code>feat/&lt;b&gt;</code></td>"), "the run's branch in its row")
        XCTAssertTrue(page.contains("on feat/&lt;b&gt; · median"), "and in its point's title")
        let kept = try SiteSeries.all(in: history, budgets: [:], branch: "main")
        try HistorySite.write(kept, into: site, branch: "main")
        let mainIndex = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        XCTAssertTrue(mainIndex.contains("<p>Branch: <code>main</code> (the runs recorded on it only).</p>"), mainIndex)
    }

    func testAPageDrawsTheBandEveryChangePointTheBudgetLineAndEveryCommit() throws {
        let series = try writeSite()
        let colormap = try XCTUnwrap(series.first { $0.benchmarkID == SyntheticHistory.colormap && $0.machineName == "Test CPU" })
        XCTAssertEqual(colormap.trend.points.count, SyntheticHistory.nights)
        let html = try page(colormap)
        XCTAssertEqual(html.components(separatedBy: "<polygon class=\"band\"").count, 2)
        XCTAssertEqual(html.components(separatedBy: "<g class=\"change-point\">").count - 1, colormap.trend.steps.count)
        XCTAssertEqual(colormap.trend.steps.count, 2)
        XCTAssertTrue(html.contains("<g class=\"budget\">") && html.contains("median budget &lt; 1.30 µs"), "the budget line, labelled")
        for point in colormap.trend.points {
            XCTAssertTrue(html.contains("<code>\(point.gitCommit!)</code>"), "commit \(point.gitCommit!) in the runs table")
            XCTAssertTrue(html.contains("<title>run \(point.runID) · "), "hover title of \(point.runID)")
        }
        let other = try XCTUnwrap(series.first { $0.machineName == "Other CPU" })
        XCTAssertFalse(try page(other).contains("<g class=\"change-point\">"), "no step in the other class")
    }

    func testStringsFromTheHistoryAreEscapedOnEveryPage() throws {
        _ = try writeSite()
        for file in try FileManager.default.contentsOfDirectory(atPath: site) {
            let html = try String(contentsOfFile: "\(site)/\(file)", encoding: .utf8)
            for raw in ["<img", "<svg onload", "onerror=alert(1)>", "<script"] { XCTAssertFalse(html.contains(raw), "\(file): \(raw)") }
        }
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        XCTAssertTrue(index.contains("&lt;img src=x onerror=alert(1)&gt;/&amp;amp;&quot;&apos;/&lt;svg onload=alert(2)&gt;"))
    }

    func testPagesFetchNothingFromOutsideTheSite() throws {
        _ = try writeSite()
        for file in try FileManager.default.contentsOfDirectory(atPath: site) {
            let html = try String(contentsOfFile: "\(site)/\(file)", encoding: .utf8)
                .replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
            XCTAssertFalse(html.contains("http:") || html.contains("https:"), file)
            let sourceAttribute = #"<[a-zA-Z]+(\s+[a-zA-Z:-]+="[^"]*")*\s+src="#  // an attribute, not text inside another's value
            XCTAssertNil(html.range(of: sourceAttribute, options: .regularExpression), "\(file): a tag that loads something")
            let links = html.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            for link in links { XCTAssertTrue(FileManager.default.fileExists(atPath: "\(site)/\(link)"), "\(file) → \(link)") }
        }
    }
}
