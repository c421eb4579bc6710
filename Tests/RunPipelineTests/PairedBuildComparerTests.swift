import Comparison
import Foundation
import Results
import XCTest
@testable import RunPipeline

/// A bisection's paired steps run the real `compare-builds` of the built binary, and each step's whole comparison is
/// kept beside the result: a step that reads a change no later step confirms (a busy minute on 5 Dec 2026 read a
/// comment-only commit at +8.2%) can then be read pair by pair. Timing verdicts are not asserted (a debug build on a
/// shared machine; thresholds of 100% keep noise from ever deciding).
final class PairedBuildComparerTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-bisect-steps-\(UUID().uuidString)"
        for revision in ["aaaa", "bbbb"] {
            try FileManager.default.createDirectory(atPath: "\(folder)/bin/\(revision)", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: tool, toPath: "\(folder)/bin/\(revision)/framebudget")
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private var tool: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("framebudget").path
    }

    private func comparer(benchmark: String = "finger-count/optimized/21-landmarks") -> PairedBuildComparer {
        PairedBuildComparer(
            tool: tool, benchmarks: [benchmark], maximumPairs: 2,
            arguments: ["--allow-debug", "--blocks", "2", "--block-samples", "1", "--warmup", "1", "--sample-time", "0.2",
                        "--min-pairs", "2", "--threshold", "100", "--threshold-multithreaded", "100"],
            workingDirectory: FileManager.default.currentDirectoryPath, scratch: "\(folder)/result/comparisons")
    }

    private func kept() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "\(folder)/result/comparisons").sorted()
    }

    func testEachComparisonIsKeptNumberedWithItsPairsAndAFailedOneLeavesNothing() throws {
        let steps = comparer()
        let first = try steps.compare(base: "\(folder)/bin/aaaa/framebudget", head: "\(folder)/bin/bbbb/framebudget",
                                      attempt: 0, threshold: nil)
        XCTAssertEqual(first.comparison, "comparisons/01-bbbb-against-aaaa.json")
        let data = try XCTUnwrap(FileManager.default.contents(atPath: "\(folder)/result/\(first.comparison ?? "")"))
        let report = try ResultsFile.decoder().decode(PairedComparisonReport.self, from: data)
        XCTAssertEqual(report.benchmarks.map(\.id), ["finger-count/optimized/21-landmarks"])
        XCTAssertEqual(report.benchmarks.first?.estimate?.pairLogRatios.count, 2, "every pair's ratio is in the kept file")
        XCTAssertEqual(first.pairs, report.benchmarks.first?.estimate?.pairs)
        XCTAssertNotNil(first.pairs)

        let second = try steps.compare(base: "\(folder)/bin/bbbb/framebudget", head: "\(folder)/bin/aaaa/framebudget",
                                       attempt: 0, threshold: MidpointThreshold(benchmark: "finger-count/optimized/21-landmarks", change: 0.5))
        XCTAssertEqual(second.comparison, "comparisons/02-aaaa-against-bbbb.json")

        try FileManager.default.removeItem(atPath: "\(folder)/result/comparisons")  // published, as BisectOutput does
        let missing = comparer(benchmark: "no-such-benchmark/*")
        XCTAssertThrowsError(try missing.compare(base: "\(folder)/bin/aaaa/framebudget", head: "\(folder)/bin/bbbb/framebudget",
                                                 attempt: 0, threshold: nil))
        XCTAssertEqual(try kept(), [], "a new comparer (bisection) numbers from 1 again, and a failed step keeps no file")
    }

    func testTheConsoleLineSaysHowManyPairsAStepIsOver() {
        let step = BisectStep(role: .search, commit: BisectCommit(sha: "c4", subject: "comment"), base: "c0",
                              measurement: BisectMeasurement(verdict: .regressed, benchmark: "b", change: 0.082,
                                                             interval: ConfidenceIntervalBounds(lower: 0.063, upper: 0.102),
                                                             pairs: 3, comparison: "comparisons/02-c4-against-c0.json"),
                              attempts: 1, answer: .bad)
        XCTAssertEqual(BisectText.line(step), "search   c4 comment  bad +8.2% [+6.3%, +10.2%] (b, 3 pairs)")
        let counted = BisectMeasurement(verdict: .regressed, benchmark: "b", change: 0.05)
        XCTAssertEqual(BisectText.describe(counted), "REGRESSED +5.0% (b)", "instruction counts have no pairs")
    }
}
