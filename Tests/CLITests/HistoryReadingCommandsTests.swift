import Foundation
import XCTest

/// The history's reading commands as a nightly's user meets them: a branch named like a run, a class that is not
/// the newest, a benchmark only an interrupted run holds, a damaged database.
final class HistoryReadingCommandsTests: XCTestCase {
    private var folder = ""
    private var database: String { folder + "/h.sqlite" }

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-history-reading-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// Writes a variant of the fixture run with `runID`, `commit` and (when given) another CPU model, which makes
    /// another machine class, and records it on `branch`.
    private func record(_ runID: String, branch: String, commit: String, cpu: String? = nil) throws {
        var json = try ResultsFixtures.realRun()
        json["runID"] = runID
        var environment = json["environment"] as! [String: Any]
        environment["gitCommit"] = commit
        if let cpu { environment["cpuModel"] = cpu }
        json["environment"] = environment
        let path = folder + "/\(runID).json"
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        let result = try Framebudget.run(["history", "record", path, "--branch", branch, "--database", database])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// `make nightly` passes the branch: a branch named "1" or like a run id must not resolve to run #1 or that run.
    func testBaselineCommitReadsItsArgumentAsABranchNameOnly() throws {
        try record("night-01", branch: "main", commit: String(repeating: "a", count: 40))
        for name in ["1", "night-01", "aaaaaaa"] {
            let result = try Framebudget.run(["history", "baseline-commit", "--branch", name, "--database", database])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, "", "branch \(name) has no run, yet a commit was printed")
        }
        let main = try Framebudget.run(["history", "baseline-commit", "--branch", "main", "--database", database])
        XCTAssertEqual(main.stdout, String(repeating: "a", count: 40) + "\n")
        // No database (a first night, or a mistyped path): no commit, exit 0, and a line that says where it looked.
        let none = try Framebudget.run(["history", "baseline-commit", "--branch", "main", "--database", folder + "/typo.sqlite"])
        XCTAssertEqual(none.status, 0, none.stderr)
        XCTAssertEqual(none.stdout, "")
        XCTAssertEqual(none.stderr, "framebudget: \(folder)/typo.sqlite: no history recorded there yet: no baseline commit\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/typo.sqlite"), "reading creates nothing")
    }

    /// A feature branch's nights in main's series read as steps of main: show, plot, site and export keep to one
    /// branch when asked, and its machine class is the branch's newest, not the whole history's.
    func testShowPlotSiteAndExportKeepToOneBranchInItsOwnMachineClass() throws {
        let id = "texture-upload/memcpy/256x192"
        for (runID, branch) in [("main-1", "main"), ("feature-1", "feature"), ("main-2", "main"), ("feature-2", "feature")] {
            try record(runID, branch: branch, commit: String(repeating: "c", count: 40))
        }
        try record("epyc-1", branch: "epyc", commit: String(repeating: "e", count: 40), cpu: "Another CPU")
        func shown(_ branch: String) throws -> [String] {
            let result = try Framebudget.run(["history", "show", id, "--branch", branch, "--json", "--database", database])
            XCTAssertEqual(result.status, 0, result.stderr)
            let trend = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
            return (trend["points"] as! [[String: Any]]).map { $0["runID"] as! String }
        }
        XCTAssertEqual(try shown("main"), ["main-1", "main-2"], "main's class, though epyc-1 is the newest run")
        XCTAssertEqual(try shown("feature"), ["feature-1", "feature-2"])
        let unknown = try Framebudget.run(["history", "show", id, "--branch", "nosuch", "--database", database])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "framebudget: error: --branch nosuch: no run of this branch in \(database) (see history list)\n")
        let plot = try Framebudget.run(["history", "plot", id, "--branch", "main", "--out", folder + "/plots", "--database", database])
        XCTAssertEqual(plot.status, 0, plot.stderr)
        let site = try Framebudget.run(["history", "site", "--branch", "feature", "--out", folder + "/site", "--database", database])
        XCTAssertEqual(site.status, 0, site.stderr)
        XCTAssertEqual(site.stdout, "wrote \(folder)/site/index.html and 2 series pages\n", "the feature branch's class only")
        let export = try Framebudget.run(["history", "export", "--branch", "main", "--out", folder + "/main.csv", "--database", database])
        XCTAssertEqual(export.status, 0, export.stderr)
        let rows = try String(contentsOfFile: folder + "/main.csv", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(rows.count, 3, "a header and main's two runs, in main's class: \(rows)")
        // An --out that is the database (under another spelling too) would turn the history into CSV.
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let over = try Framebudget.run(["history", "export", "--out", folder + "/./" + (database as NSString).lastPathComponent,
                                        "--database", database], directory: folder)
        XCTAssertEqual(over.status, 2, over.stderr)
        XCTAssertTrue(over.stderr.hasPrefix("framebudget: error: --out \(folder)/./"), over.stderr)
        XCTAssertTrue(over.stderr.contains(": is the history database (\(database)) this command reads: writing it would destroy it"), over.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before, "the history untouched")
    }

    func testListAppliesItsLimitWithinTheMachineClassAndRefusesAZeroLimit() throws {
        try record("kind-a", branch: "main", commit: String(repeating: "a", count: 40))
        try record("kind-b", branch: "main", commit: String(repeating: "b", count: 40), cpu: "Another CPU")
        let list = try Framebudget.run(["history", "list", "--limit", "1", "--machine-class-of", folder + "/kind-a.json",
                                        "--database", database])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("kind-a"), "the class's run, though a newer run of another class exists: \(list.stdout)")
        XCTAssertFalse(list.stdout.contains("kind-b"))
        let zero = try Framebudget.run(["history", "list", "--limit", "0", "--database", database])
        XCTAssertEqual(zero.status, 2)
        XCTAssertEqual(zero.stderr, "framebudget: error: --limit must be at least 1 (got 0)\n")
    }

    /// By default every recorded benchmark is plotted: one that only an interrupted run holds is left out, saying so,
    /// rather than failing the whole command.
    func testPlotLeavesOutByDefaultABenchmarkWithoutACompleteRun() throws {
        let examples = Framebudget.repositoryRoot + "/Schemas/examples/"
        for (file, branch) in [("results-complete.json", "main"), ("results-interrupted.json", "main")] {
            let result = try Framebudget.run(["history", "record", examples + file, "--branch", branch, "--database", database])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let plot = try Framebudget.run(["history", "plot", "--out", folder + "/plots", "--database", database])
        XCTAssertEqual(plot.status, 0, plot.stderr)
        XCTAssertTrue(plot.stderr.contains("no complete run recorded: not plotted"), plot.stderr)
        XCTAssertTrue(plot.stdout.contains(".png"), plot.stdout)
    }

    /// A damaged page (the runs table's root) is named with the file in one line, exit 2, by readers and by verify.
    func testADamagedHistoryIsNamedInOneLineByEveryReader() throws {
        try record("night-01", branch: "main", commit: String(repeating: "a", count: 40))
        let file = try FileHandle(forUpdatingAtPath: database).unwrap()
        let pageSize = 4096, runsRootPage = 4   // (sqlite_master: runs at root page 4 of this schema)
        try file.seek(toOffset: UInt64((runsRootPage - 1) * pageSize))
        file.write(Data(repeating: 0xFF, count: pageSize))
        try file.close()
        for arguments in [["list"], ["verify"], ["show", "texture-upload/optimized/256x192"]] {
            let result = try Framebudget.run(["history"] + arguments + ["--database", database])
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("framebudget: error: \(database): "), "\(arguments): \(result.stderr)")
        }
    }
}

private extension Optional {
    func unwrap(file: StaticString = #filePath, line: UInt = #line) throws -> Wrapped {
        try XCTUnwrap(self, file: file, line: line)
    }
}
