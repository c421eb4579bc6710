import RunFixtures
import Foundation
import GRDB
import XCTest
@testable import History
import Results
import Statistics

/// The history database on real SQLite files in a temporary folder.
final class HistoryDatabaseTests: XCTestCase {
    private var folder = ""
    private var path: String { folder + "/history.sqlite" }

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-history-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func night(_ index: Int, median: Double, branch: String = "main") -> (RunResults, String) {
        var run = Fixture.run(String(format: "night-%02d", index),
                              [Fixture.result("a/x/1", Fixture.times(20, median: median, seed: UInt64(index)))],
                              commit: String(format: "%02dabcdef0123", index))
        run.startedAt = Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 86_400)
        return (run, branch)
    }

    func testRecordsRunsWithRawSamplesAndListsThemNewestFirst() throws {
        let history = try HistoryDatabase(path: path)
        let (first, _) = night(1, median: 1000), (second, _) = night(2, median: 1000)
        XCTAssertEqual(try history.record(first, branch: "main"), 1)
        XCTAssertEqual(try history.record(second, branch: "main"), 2)
        XCTAssertEqual(try history.runs().map(\.runID), ["night-02", "night-01"])
        XCTAssertEqual(try history.run("night-01").benchmarks[0].samplesNanoseconds, first.benchmarks[0].samplesNanoseconds)
        XCTAssertEqual(try history.run("2").runID, "night-02", "a run number works as a reference too")
        XCTAssertEqual(try history.integrityCheck(), "ok")
    }

    /// SQLite keeps any value in any column: a hand-edited median of 'abc' trapped in GRDB's subscript (exit 132,
    /// a backtrace) and a negative one was shown as "-5.0 ns", while `history verify` said "ok". Reading it is bad
    /// input naming the column and the value; verify lists it.
    func testAValueOfTheWrongKindIsNamedByEveryReaderAndByVerify() throws {
        let damages: [(sql: String, shown: String, verify: String)] = [
            ("UPDATE results SET median = 'abc' WHERE run = 1", "results.median holds 'abc' (text), not a number",
             "results.median: 1 row holds an unsound value (first: 'abc' (text))"),
            ("UPDATE results SET median = -5", "results.median holds -5.0, not a finite number ≥ 0",
             "results.median: 2 rows hold an unsound value (first: -5.0)"),
            ("UPDATE results SET p95 = 9e999 WHERE run = 2", "results.p95 holds inf, not a finite number ≥ 0",
             "results.p95: 1 row holds an unsound value (first: inf)"),
            ("UPDATE runs SET complete = 'yes' WHERE id = 2", "runs.complete holds 'yes' (text), not an integer",
             "runs.complete: 1 row holds an unsound value (first: 'yes' (text))"),
        ]
        for (index, damage) in damages.enumerated() {
            let damaged = folder + "/damaged-\(index).sqlite"
            let history = try HistoryDatabase(path: damaged)
            for night in 1...2 { try history.record(self.night(night, median: 1000).0, branch: "main") }
            XCTAssertEqual(try history.integrityCheck(), "ok")
            XCTAssertEqual(try history.series(of: "a/x/1").count, 2)
            let queue = try DatabaseQueue(path: damaged)
            try queue.write { try $0.execute(sql: damage.sql) }
            try queue.close()
            let reader = try HistoryDatabase(path: damaged, access: .readOnly)
            XCTAssertThrowsError(try reader.series(of: "a/x/1"), damage.sql) { error in
                XCTAssertEqual("\(error)", "\(damaged): not a usable history database: \(damage.shown) (a damaged or "
                               + "hand-edited history; 'history verify' lists every such value)")
            }
            XCTAssertEqual(try reader.integrityCheck(), damage.verify)
        }
    }

    /// show, the site and export read the result rows, `gate --baseline` the stored document: a row edited to three
    /// times its median, or rows left by a deleted run, read "ok" to verify while the two disagreed.
    func testVerifyFindsResultRowsThatDisagreeWithTheirDocumentOrBelongToNoRun() throws {
        let damages: [(sql: String, verify: String)] = [
            ("UPDATE results SET median = median * 3 WHERE run = 2",
             "results: 1 run's rows do not agree with its results document (first: run night-02, a/x/1: median "),
            ("PRAGMA foreign_keys = OFF; DELETE FROM runs WHERE id = 1",
             "results: 1 row belongs to no run"),
        ]
        for (index, damage) in damages.enumerated() {
            let damaged = folder + "/disagreeing-\(index).sqlite"
            let history = try HistoryDatabase(path: damaged)
            for night in 1...2 { try history.record(self.night(night, median: 1000).0, branch: "main") }
            XCTAssertEqual(try history.integrityCheck(), "ok")
            let queue = try DatabaseQueue(path: damaged)
            try queue.writeWithoutTransaction { try $0.execute(sql: damage.sql) }
            try queue.close()
            let verdict = try HistoryDatabase(path: damaged, access: .readOnly).integrityCheck()
            XCTAssertTrue(verdict.contains(damage.verify), "\(damage.sql): \(verdict)")
        }
    }

    /// `history record --database` pointed at another program's SQLite file used to add the history's tables to it
    /// (or fail half-way on a table of the same name): it is refused, byte for byte untouched. An empty file is a
    /// history to create.
    func testRecordingIntoAnotherProgramsSQLiteFileIsRefusedAndChangesNothing() throws {
        for tables in [["CREATE TABLE foo(x)"], ["CREATE TABLE runs(x)", "CREATE TABLE bar(y)"]] {
            try? FileManager.default.removeItem(atPath: path)
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in for sql in tables { try db.execute(sql: sql) } }
            try queue.close()
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try HistoryDatabase(path: path)) { error in
                let names = tables.map { $0.split(separator: " ")[2].prefix { $0 != "(" } }.sorted().joined(separator: ", ")
                XCTAssertEqual("\(error)", "\(path): not a usable history database: an SQLite file of another program "
                               + "(its tables: \(names)); nothing was written")
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["history.sqlite"])
        }
        try? FileManager.default.removeItem(atPath: path)
        FileManager.default.createFile(atPath: path, contents: nil)
        XCTAssertNoThrow(try HistoryDatabase(path: path).record(night(1, median: 1000).0, branch: "main"))
    }

    func testRecordingARunTwiceIsRefusedAndChangesNothing() throws {
        let history = try HistoryDatabase(path: path)
        let (run, _) = night(1, median: 1000)
        try history.record(run)
        XCTAssertThrowsError(try history.record(run)) { XCTAssertEqual($0 as? HistoryError, .alreadyRecorded(runID: "night-01")) }
        XCTAssertEqual(try history.runs().count, 1)
    }

    func testAFailureInsideTheTransactionLeavesNoPartialRun() throws {
        let history = try HistoryDatabase(path: path)
        var (run, _) = night(1, median: 1000)
        run.benchmarks.append(run.benchmarks[0])  // a duplicate id violates the primary key on the second insert
        XCTAssertThrowsError(try history.record(run))
        XCTAssertEqual(try history.runs().count, 0)
        let orphans = try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM results") }
        XCTAssertEqual(orphans, 0)
    }

    func testTrendNamesTheRunAndCommitWhereTheLevelStepped() throws {
        let history = try HistoryDatabase(path: path)
        for index in 1...16 { try history.record(night(index, median: index <= 9 ? 1000 : 1100).0, branch: "main") }
        let trend = Trend.analyze("a/x/1", points: try history.series(of: "a/x/1"))
        XCTAssertEqual(trend.points.count, 16)
        XCTAssertEqual(trend.steps.map(\.runID), ["night-10"])
        XCTAssertEqual(trend.steps.first?.gitCommit, "10abcdef0123")
        XCTAssertEqual(trend.steps.first?.relativeChange ?? 0, 0.10, accuracy: 0.02)
        XCTAssertThrowsError(try history.series(of: "nope/x/1")) {
            XCTAssertEqual($0 as? HistoryError, .unknownBenchmark(id: "nope/x/1"))
        }
    }

    /// A trend plot draws a p95 budget over the p95 per run, so the series carries the statistics the history keeps.
    func testTheSeriesCarriesEachRunsP95P99AndMeanForBudgetsOnThem() throws {
        let history = try HistoryDatabase(path: path)
        let (run, _) = night(1, median: 1000)
        try history.record(run)
        let point = try XCTUnwrap(try history.series(of: "a/x/1").first)
        let statistics = run.benchmarks[0].statistics
        XCTAssertEqual(point.value(of: .p95), statistics.p95)
        XCTAssertEqual(point.value(of: .p99), statistics.p99)
        XCTAssertEqual(point.value(of: .mean), statistics.mean)
        XCTAssertEqual(point.value(of: .p50), statistics.median)
        XCTAssertNil(point.value(of: .p999), "not kept per run: a budget on it is not drawn")
    }

    func testANewerSchemaIsRefusedWithoutTouchingTheFile() throws {
        _ = try HistoryDatabase(path: path)
        try DatabaseQueue(path: path).write { try $0.execute(sql: "PRAGMA user_version = 99") }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try HistoryDatabase(path: path)) { error in
            XCTAssertEqual(error as? HistoryError, .newerDatabase(path: path, found: 99, supported: HistorySchema.currentVersion))
            XCTAssertTrue("\(error)".contains("newer than this framebudget handles"))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    }

    func testAFileThatIsNotADatabaseIsRefusedAndKept() throws {
        try "not sqlite".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try HistoryDatabase(path: path)) { error in
            guard case .unusable = error as? HistoryError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "not sqlite")
    }

    func testBaselineResolvesAFileARunABranchAndACommit() throws {
        let history = try HistoryDatabase(path: path)
        try history.record(night(1, median: 1000).0, branch: "main")
        try history.record(night(2, median: 1000).0, branch: "feature")
        try history.record(night(3, median: 1000).0, branch: "main")
        XCTAssertEqual(try BaselineResolver.resolve("main", database: history).run.runID, "night-03")
        XCTAssertEqual(try BaselineResolver.resolve("feature", database: history).run.runID, "night-02")
        XCTAssertEqual(try BaselineResolver.resolve("01abcdef", database: history).run.runID, "night-01")
        XCTAssertEqual(try BaselineResolver.resolve("night-02", database: history).run.runID, "night-02")
        XCTAssertEqual(try BaselineResolver.resolve("1", database: history).run.runID, "night-01")
        let file = folder + "/base.json"
        try ResultsFile.write(night(9, median: 1).0, to: file)
        XCTAssertEqual(try BaselineResolver.resolve(file, database: nil).run.runID, "night-09")
        XCTAssertThrowsError(try BaselineResolver.resolve("no-such-branch", database: history)) { error in
            guard case .noBaseline = error as? HistoryError else { return XCTFail("\(error)") }
        }
    }

    func testIncompleteRunsAreNeverABranchOrCommitBaseline() throws {
        let history = try HistoryDatabase(path: path)
        var cut = night(4, median: 900).0
        cut.complete = false
        cut.incompleteReason = "interrupted by SIGINT"
        try history.record(night(3, median: 1000).0, branch: "main")
        try history.record(cut, branch: "main")  // newer than night-03, but interrupted
        XCTAssertEqual(try BaselineResolver.resolve("main", database: history).run.runID, "night-03")
        // A branch (and a commit) with interrupted runs only: refused, saying why, rather than its partial numbers.
        var onlyCut = night(5, median: 900).0
        onlyCut.complete = false
        try history.record(onlyCut, branch: "wip")
        XCTAssertThrowsError(try BaselineResolver.resolve("wip", database: history)) { error in
            XCTAssertEqual(error as? HistoryError, .noBaseline(reference: "wip", reason:
                "branch wip has only incomplete (interrupted) runs (1); an incomplete run is never a baseline (name its run number or id to compare with it anyway)"))
        }
        XCTAssertThrowsError(try BaselineResolver.resolve("04abcdef", database: history)) { error in
            XCTAssertEqual(error as? HistoryError, .noBaseline(reference: "04abcdef", reason:
                "commit 04abcdef has only incomplete (interrupted) runs (1); an incomplete run is never a baseline (name its run number or id to compare with it anyway)"))
        }
        XCTAssertEqual(try BaselineResolver.resolve("night-05", database: history).run.runID, "night-05", "named explicitly, it is used")
        // Trends leave incomplete runs out unless asked.
        XCTAssertEqual(try history.series(of: "a/x/1", completeOnly: true).map(\.runID), ["night-03"])
        XCTAssertEqual(try history.series(of: "a/x/1").map(\.runID), ["night-03", "night-04", "night-05"])
    }
}
