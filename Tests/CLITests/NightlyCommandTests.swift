import Foundation
import XCTest

/// `framebudget nightly` end to end: the gate as a child, the paired comparison with a baseline build, the change
/// kept in results.json and the run recorded in the history (debug build: timing verdicts are not asserted).
final class NightlyCommandTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-nightly-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            version: 1
            budgets:
              - name: upload-p95
                hot-path: texture-upload
                variant: optimized
                workload: 256x192
                metric: time
                statistic: p95
                limit: 10
                unit: s
                direction: max
                source: "test"
            """.write(toFile: folder + "/budgets.yaml", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// `nightly` with `option` exits 2 with a line containing `message`, and measures and writes nothing.
    private func assertRefusedBeforeAnythingRuns(_ option: String, _ message: String, line: UInt = #line) throws {
        let result = try Framebudget.run([
            "nightly", "--branch", "night", "--database", folder + "/h.sqlite", "--reports", folder + "/r",
            option, "--", "--allow-debug", "--quick"])
        XCTAssertEqual(result.status, 2, result.stderr, line: line)
        XCTAssertTrue(result.stderr.contains(message), result.stderr, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/r"), "nothing measured, nothing written", line: line)
    }

    func testANegativeGateTimeCapIsBadInputBeforeAnythingRuns() throws {
        try assertRefusedBeforeAnythingRuns("--gate-max-minutes=-1", "--gate-max-minutes must be ≥ 0 (got -1.0)")
    }

    func testLinkOrdersAreRefusedBeforeAnythingRuns() throws {
        try assertRefusedBeforeAnythingRuns("--link-orders", "--link-orders is for compare-builds and gate-quality")
    }

    func testTheGateThePairedChangeAndTheHistoryRecord() throws {
        let binary = Framebudget.binary.path
        let result = try Framebudget.run([
            "nightly", "--branch", "night", "--database", folder + "/h.sqlite", "--reports", folder + "/r",
            "--baseline-executable", binary, "--budgets", folder + "/budgets.yaml", "--allow-debug",
            "--blocks", "2", "--block-samples", "1", "--warmup", "1", "--sample-time", "0.2", "--min-pairs", "2", "--max-pairs", "2",
            "--", "--allow-debug", "--quick", "--budgets", folder + "/budgets.yaml", "texture-upload/optimized/256x192"])
        XCTAssertTrue([0, 1].contains(result.status), result.stderr)
        let runs = try FileManager.default.contentsOfDirectory(atPath: folder + "/r").filter { $0.hasPrefix("nightly-") }
        XCTAssertEqual(runs.count, 1)
        let run = folder + "/r/" + runs[0]
        XCTAssertTrue(FileManager.default.fileExists(atPath: run + "/paired.md"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: run + "/results.json"))) as! [String: Any]
        let paired = try XCTUnwrap(json["pairedChange"] as? [String: Any], "the paired change is kept with the run")
        let entries = paired["benchmarks"] as! [[String: Any]]
        XCTAssertEqual(entries.map { $0["id"] as! String }, ["texture-upload/optimized/256x192"], "the budgeted benchmark")
        XCTAssertEqual(entries[0]["pairs"] as? Int, 2)
        let schema = try Framebudget.python([Framebudget.repositoryRoot + "/Schemas/validate.py", run + "/results.json"])
        XCTAssertEqual(schema.status, 0, "results.json with its paired change against the schema: \(schema.stdout)")
        let list = try Framebudget.run(["history", "list", "--database", folder + "/h.sqlite", "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains(runs[0]), list.stdout)
        let baseline = try Framebudget.run(["history", "baseline-commit", "--branch", "night", "--database", folder + "/h.sqlite"])
        XCTAssertEqual(baseline.status, 0, baseline.stderr)
        let none = try Framebudget.run(["history", "baseline-commit", "--branch", "other", "--database", folder + "/h.sqlite"])
        XCTAssertEqual(none.status, 0, none.stderr)
        XCTAssertEqual(none.stdout, "", "a branch without a complete run has no baseline yet")
    }
}
