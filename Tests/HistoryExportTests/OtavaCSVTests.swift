import Foundation
import History
import HistoryExport
import XCTest

/// `history export --format csv`: what Otava reads, one machine class at a time.
final class OtavaCSVTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try SyntheticHistory.folder("otava-csv") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func machineClass(_ cpu: String, in history: HistoryDatabase) throws -> String {
        try XCTUnwrap(history.machineClasses().first { $0.machineClass.canonical.contains("cpu=\(cpu);") }).machineClass.hash
    }

    func testOneRowPerRunOfTheClassOldestFirstWithItsAttributes() throws {
        let history = try SyntheticHistory.write(to: folder + "/history.sqlite")
        let other = try machineClass("Other CPU", in: history)
        let lines = OtavaCSV.csv(try OtavaCSV.table(from: history, machineClass: other), machine: other).split(separator: "\n")
        XCTAssertEqual(lines.first, "time,commit,branch,run,machine,colormap/optimized/256x192", "only what the class measured")
        XCTAssertEqual(lines.count, 1 + SyntheticHistory.otherNights)
        let first = lines[1].split(separator: ",").map(String.init)
        XCTAssertEqual(Array(first[1...4]), ["000ther00000", "main", "other-night-00", other])
        XCTAssertEqual(try XCTUnwrap(Double(first[5])), 2_000, accuracy: 60, "the night's median, ns")
        XCTAssertEqual(lines.dropFirst().map { $0.split(separator: ",")[3] }, (0..<10).map { "other-night-0\($0)"[...] })
    }

    func testAFieldWithACommaOrQuoteIsQuotedAsRFC4180Says() throws {
        let history = try SyntheticHistory.write(to: folder + "/history.sqlite")
        let test = try machineClass("Test CPU", in: history)
        let header = try XCTUnwrap(OtavaCSV.csv(try OtavaCSV.table(from: history, machineClass: test), machine: test)
            .split(separator: "\n").first)
        XCTAssertEqual(header, #"time,commit,branch,run,machine,"<img src=x onerror=alert(1)>/&amp;""'/<svg onload=alert(2)>","#
                       + "colormap/optimized/256x192,nms/fast/1k")
    }

    /// A benchmark added to the suite last night is not a reason to drop every older run: by default the columns are
    /// the benchmarks every selected run measured, the others named; named benchmarks keep the runs that measured them.
    func testTheDefaultColumnsAreWhatEveryRunMeasuredAndNamedOnesLeaveOutTheRunsWithout() throws {
        let history = try SyntheticHistory.write(to: folder + "/history.sqlite")
        var partial = SyntheticHistory.run(40, cpu: "Test CPU", ids: [SyntheticHistory.colormap])
        partial.runID = "test-night-40-partial"
        try history.record(partial, branch: "main")
        let test = try machineClass("Test CPU", in: history)
        let all = try OtavaCSV.table(from: history, machineClass: test)
        XCTAssertEqual(all.omittedRuns, 0)
        XCTAssertEqual(all.rows.count, SyntheticHistory.nights + 1)
        XCTAssertEqual(all.benchmarkIDs, [SyntheticHistory.colormap])
        XCTAssertEqual(all.omittedBenchmarks, [SyntheticHistory.hostileID, SyntheticHistory.nms])
        let named = try OtavaCSV.table(from: history, machineClass: test, benchmarkIDs: [SyntheticHistory.colormap, SyntheticHistory.nms])
        XCTAssertEqual(named.omittedRuns, 1)
        XCTAssertEqual(named.rows.count, SyntheticHistory.nights)
    }

    /// With --branch the columns came from every benchmark the class ever measured: a benchmark only a feature branch
    /// measured left main's export a header and no row (exit 0).
    func testABranchsColumnsAreWhatItsOwnRunsMeasured() throws {
        let history = try SyntheticHistory.write(to: folder + "/history.sqlite")
        var feature = SyntheticHistory.run(41, cpu: "Test CPU", ids: [SyntheticHistory.colormap, "new/bench/a"])
        feature.runID = "feature-night"
        try history.record(feature, branch: "feat")
        let test = try machineClass("Test CPU", in: history)
        let main = try OtavaCSV.table(from: history, machineClass: test, branch: "main")
        XCTAssertFalse(main.benchmarkIDs.contains("new/bench/a"))
        XCTAssertEqual(main.rows.count, SyntheticHistory.nights)
        let feat = try OtavaCSV.table(from: history, machineClass: test, branch: "feat")
        XCTAssertEqual(feat.benchmarkIDs, [SyntheticHistory.colormap, "new/bench/a"])
        XCTAssertEqual(feat.rows.map(\.run.runID), ["feature-night"])
    }
}
