import Foundation
import XCTest

/// `history site`, `history export --format csv` and `compare --format pr-comment` end to end, on the binary.
final class HistorySiteCommandTests: XCTestCase {
    private var folder = ""
    private var database: String { folder + "/history.sqlite" }

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-site-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func recordNights(_ count: Int) throws {
        for night in 1...count {
            let file = try ResultsFixtures.write(to: folder + "/n\(night).json", runID: "night-\(night)",
                                                 slower: "texture-upload/optimized", factor: night == count ? 1.2 : 1)
            let record = try Framebudget.run(["history", "record", file, "--branch", "main", "--database", database])
            XCTAssertEqual(record.status, 0, record.stderr)
        }
    }

    func testSiteWritesAnIndexAndOnePagePerBenchmark() throws {
        try recordNights(3)
        let site = try Framebudget.run(["history", "site", "--out", folder + "/site", "--database", database,
                                        "--budgets", Framebudget.repositoryRoot + "/Benchmarks/budgets.yaml"])
        XCTAssertEqual(site.status, 0, site.stderr)
        XCTAssertEqual(site.stdout, "wrote \(folder)/site/index.html and 2 series pages\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/site")
        XCTAssertEqual(files.count, 3, "\(files)")
        let page = try XCTUnwrap(files.first { $0.hasPrefix("texture-upload_optimized_256x192-") })
        let html = try String(contentsOfFile: "\(folder)/site/\(page)", encoding: .utf8)
        // Its committed budget (p95 < 1 ms over µs medians) is named in the key, off-scale, not drawn flat on 0.
        XCTAssertTrue(html.contains("p95 budget &lt; 1 ms (off-scale, above; dotted: p95 per run)"), "the committed budget of this id is named")
        XCTAssertFalse(html.contains("<g class=\"budget\">"), "a budget 200× above the series drawn as a line")
    }

    func testSiteRefusesAMissingDatabaseAndAFileInItsPlaceWritingNothing() throws {
        let missing = try Framebudget.run(["history", "site", "--out", folder + "/site", "--database", database])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/site"))
        try recordNights(1)
        _ = FileManager.default.createFile(atPath: folder + "/taken", contents: Data("keep".utf8))
        let taken = try Framebudget.run(["history", "site", "--out", folder + "/taken", "--database", database])
        XCTAssertEqual(taken.status, 4)
        XCTAssertEqual(taken.stderr, "framebudget: error: \(folder)/taken: cannot write the site: it is a file, not a folder "
                       + "(any previous site is unchanged)\n")
        XCTAssertEqual(try String(contentsOfFile: folder + "/taken", encoding: .utf8), "keep")
    }

    /// A budgets file named on the command line must exist: a typo drew no budget line and said nothing.
    func testANamedBudgetsFileThatDoesNotExistIsBadInputForSiteAndPlot() throws {
        try recordNights(1)
        for command in [["site", "--out", folder + "/site"], ["plot", "texture-upload/optimized/256x192", "--out", folder + "/plots"]] {
            let result = try Framebudget.run(["history"] + command + ["--database", database, "--budgets", folder + "/nosuch.yaml"])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(result.stderr, "framebudget: error: \(folder)/nosuch.yaml: cannot read: No such file or directory\n")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/site"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/plots"))
    }

    func testExportWritesOneRowPerRunAndOneColumnPerBenchmark() throws {
        try recordNights(3)
        let export = try Framebudget.run(["history", "export", "--format", "csv", "--out", folder + "/h.csv", "--database", database])
        XCTAssertEqual(export.status, 0, export.stderr)
        let lines = try String(contentsOfFile: folder + "/h.csv", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.first, "time,commit,branch,run,machine,texture-upload/memcpy/256x192,texture-upload/optimized/256x192")
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual(lines.dropFirst().map { $0.split(separator: ",")[3] }, ["night-1", "night-2", "night-3"])
        let only = try Framebudget.run(["history", "export", "--benchmark", "texture-upload/memcpy/256x192", "--database", database])
        XCTAssertEqual(only.stdout.split(separator: "\n").first, "time,commit,branch,run,machine,texture-upload/memcpy/256x192")
    }

    /// Otava refuses a file of several branches (and exits 0 having analysed nothing): the export warns, and
    /// `--branch` exports one.
    func testExportOfSeveralBranchesWarnsAndBranchExportsOne() throws {
        try recordNights(2)
        let feature = try ResultsFixtures.write(to: folder + "/f.json", runID: "feature-1")
        XCTAssertEqual(try Framebudget.run(["history", "record", feature, "--branch", "feature", "--database", database]).status, 0)
        let mixed = try Framebudget.run(["history", "export", "--database", database])
        XCTAssertEqual(mixed.status, 0, mixed.stderr)
        XCTAssertTrue(mixed.stderr.contains("warning: the export holds 2 branches (feature, main): otava analyze refuses it"), mixed.stderr)
        let main = try Framebudget.run(["history", "export", "--branch", "main", "--database", database])
        XCTAssertEqual(main.status, 0, main.stderr)
        XCTAssertEqual(main.stderr, "")
        XCTAssertEqual(main.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[3] }, ["night-1", "night-2"])
        let none = try Framebudget.run(["history", "export", "--branch", "nope", "--out", folder + "/h.csv", "--database", database])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.hasPrefix("framebudget: error: --branch nope: no run of machine class "), none.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/h.csv"))
    }

    func testExportNamesAnUnknownMachineClassOrBenchmarkInOneLine() throws {
        try recordNights(1)
        let machine = try Framebudget.run(["history", "export", "--machine-class", "0000", "--out", folder + "/h.csv", "--database", database])
        XCTAssertEqual(machine.status, 2)
        XCTAssertEqual(machine.stderr, "framebudget: error: --machine-class 0000: no such machine class in \(database) (see history list)\n")
        let benchmark = try Framebudget.run(["history", "export", "--benchmark", "nope/x/1", "--out", folder + "/h.csv", "--database", database])
        XCTAssertEqual(benchmark.status, 2)
        XCTAssertTrue(benchmark.stderr.hasPrefix("framebudget: error: no recorded results for benchmark 'nope/x/1'"), benchmark.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/h.csv"), "no output on bad input")
    }

    func testComparePRCommentIsShortMarkdownAndRefusedInInstructionMode() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base")
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head", slower: "texture-upload/optimized", factor: 1.5)
        let comment = try Framebudget.run(["compare", base, head, "--format", "pr-comment"])
        XCTAssertEqual(comment.status, 3, "one run per side: inconclusive\n\(comment.stderr)")
        XCTAssertTrue(comment.stdout.hasPrefix("### 🟡 FrameBudget: 0 regressed, 0 improved"), comment.stdout)
        XCTAssertTrue(comment.stdout.contains("<details><summary>2 unchanged or inconclusive</summary>"), comment.stdout)
        let instructions = try Framebudget.run(["compare", base, head, "--mode", "instructions", "--format", "pr-comment"])
        XCTAssertEqual(instructions.status, 2)
        XCTAssertEqual(instructions.stderr.split(separator: "\n").count, 1, instructions.stderr)
    }
}
