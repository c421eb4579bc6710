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
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base")
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head", slower: "texture-upload/optimized", factor: 1.25)
        let result = try gate(head: head, baseline: base)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("1 regressed against results file \(base): texture-upload/optimized/256x192 +25.0%"),
                      result.stderr)
    }

    func testTheSameRunAsBaselinePasses() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base")
        let result = try gate(head: base, baseline: base)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("no regression against results file \(base) in 2 benchmarks"), result.stdout)
    }

    func testAnUnknownBaselineIsBadInputBeforeAnyReportIsWritten() throws {
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head")
        let result = try gate(head: head, baseline: "no-such-branch")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("framebudget: error: --baseline no-such-branch: "), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/reports"))
    }
}
