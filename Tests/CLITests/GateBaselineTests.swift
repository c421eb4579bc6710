import Foundation
import XCTest

/// `gate --baseline`: a significant regression against an earlier run fails the gate like a failed budget.
final class GateBaselineTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-gate-baseline-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // One generous budget, so only the baseline can fail the gate.
        try """
            version: 1
            budgets:
              - {name: upload, hot-path: texture-upload, workload: 256x192, metric: time, statistic: p95, limit: 1, unit: s, direction: max, source: test}
            """.write(toFile: folder + "/budgets.yaml", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func gate(head: String, baseline: String) throws -> Framebudget.Result {
        try Framebudget.run(["gate", "--results", head, "--out", folder + "/reports", "--budgets", folder + "/budgets.yaml",
                             "--baseline", baseline])
    }

    func testARegressionAgainstTheBaselineFailsTheGateAndNamesIt() throws {
        let base = try ResultsFixtures.mergedSide(in: folder, name: "base", levels: [1.0, 1.004, 0.997])
        let head = try ResultsFixtures.mergedSide(in: folder, name: "head", levels: [0.998, 1.003, 1.001],
                                                  slower: "texture-upload/optimized", factor: 1.25)
        let result = try gate(head: head, baseline: base)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("1 regressed against results file \(base) (exit code: Holm-adjusted over 2 benchmarks, "
                                             + "family-wise α = 0.01): texture-upload/optimized/256x192 +25."), result.stderr)
        XCTAssertTrue(result.stderr.contains("runs 3/3)"), result.stderr)
    }

    /// The run as its own baseline passes, and says why that proves nothing (as `compare` does).
    func testTheSameRunsAsBaselinePassSayingTheyAreTheRunItself() throws {
        let base = try ResultsFixtures.mergedSide(in: folder, name: "base", levels: [1.0, 1.004, 0.997])
        let result = try gate(head: base, baseline: base)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("no regression against results file \(base) (exit code: Holm-adjusted over 2 benchmarks, "
                                             + "family-wise α = 0.01) in 2 benchmarks"), result.stdout)
        XCTAssertTrue((result.stdout + result.stderr).contains("but: the baseline holds this run's own process runs (base-1, base-2, base-3): "
                                                               + "a run compared with itself shows no change whatever the code"),
                      result.stdout + result.stderr)
    }

    func testASingleRunAgainstASingleBaselineIsInconclusiveNeverARegression() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base")
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head", slower: "texture-upload/optimized", factor: 1.25)
        let result = try gate(head: head, baseline: base)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("but 2 inconclusive (more runs or a recorded noise floor needed)"), result.stdout)
        let strict = try Framebudget.run(["gate", "--results", head, "--out", folder + "/reports", "--budgets", folder + "/budgets.yaml",
                                          "--baseline", base, "--strict"])
        XCTAssertEqual(strict.status, 3, strict.stderr)
    }

    /// The fixture run with another sample time: another machine class.
    private func otherClass() throws -> String {
        var json = try ResultsFixtures.realRun()
        var settings = json["settings"] as! [String: Any]
        settings["targetSampleNanoseconds"] = 123456.0
        json["settings"] = settings
        json["runID"] = "other"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: folder + "/other.json"))
        return folder + "/other.json"
    }

    func testABaselineOfAnotherMachineClassIsRefused() throws {
        let other = try otherClass()
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head")
        let result = try gate(head: head, baseline: other)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("framebudget: error: --baseline \(other): base other and head head were measured in different "
                                             + "machine classes (sample 123456ns vs "), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/reports"), "refused before any report is written")
    }

    /// As a missing baseline is: before anything is measured, as an error (it used to come after the whole run and
    /// its reports, as a warning).
    func testABaselineOfAnotherMachineClassIsRefusedBeforeMeasuring() throws {
        let other = try otherClass()
        let result = try Framebudget.run(["gate", "--quick", "--allow-debug", "--reports", folder + "/r", "--run-id", "g",
                                          "--budgets", folder + "/budgets.yaml", "--baseline", other,
                                          "texture-upload/optimized/256x192"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("framebudget: error: --baseline \(other): base other and this run would be measured in "
                                             + "different machine classes (sample 123456ns vs 1000000ns)"), result.stderr)
        XCTAssertFalse(result.stderr.contains("warning: --baseline"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/r/g"), "nothing measured")
        XCTAssertEqual(result.stdout, "", "no verdict table")
    }

    func testAnUnknownBaselineIsBadInputBeforeAnyReportIsWritten() throws {
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head")
        let result = try gate(head: head, baseline: "no-such-branch")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("framebudget: error: --baseline no-such-branch: "), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/reports"))
    }
}
