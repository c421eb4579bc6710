import BenchmarkSuite
import Budgets
import Foundation
import FrameLoop
import XCTest

/// The committed budgets file against the suite `framebudget` registers: every id it names is a registered benchmark
/// (what `gate` checks; an unregistered id would be bad input).
final class CommittedBudgetsTests: XCTestCase {
    func testTheCommittedBudgetsFileNamesOnlyRegisteredBenchmarks() throws {
        let budgets = try BudgetsFile.load(path: Self.path, knownIDs: Set(Suite.all().map(\.id)),
                                           frameLoopIDs: Set(Suite.all().filter { $0.frameLoop != nil }.map(\.id)))
        XCTAssertGreaterThan(budgets.count, 20)
        let byName = Dictionary(uniqueKeysWithValues: budgets.map { ($0.name, $0) })
        XCTAssertEqual(byName["texture-upload-256x192-p95"]?.rule, "p95 time < 1 ms")
        XCTAssertEqual(byName["frame-loop-photo-fps-share"]?.rule, "mean fps-share > 0.95 ratio")
        XCTAssertEqual(byName["frame-loop-video-peak-memory"]?.rule, "max peak-memory < 300 MB")
        XCTAssertTrue(budgets.allSatisfy { !$0.source.isEmpty })
    }

    /// A typo in `regression-thresholds` would fail every `make compare`: its ids are registered too.
    func testTheCommittedRegressionThresholdsNameRegisteredBenchmarks() throws {
        let thresholds = try BudgetsFile.regressionThresholds(path: Self.path, knownIDs: Set(Suite.all().map(\.id)))
        XCTAssertEqual(thresholds["nms/optimized/crowded"], 0.05)
        XCTAssertNil(thresholds["colormap/optimized/256x192"], "the kernels the gate-quality slowdowns touch keep the defaults")
    }

    private static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/budgets.yaml").path
    }
}
