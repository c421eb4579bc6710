import BenchmarkSuite
import Budgets
import Foundation
import FrameLoop
import XCTest

/// The committed budgets file against the suite `framebudget` registers: every id it names is a registered benchmark
/// (what `gate` checks; an unregistered id would be bad input).
final class CommittedBudgetsTests: XCTestCase {
    func testTheCommittedBudgetsFileNamesOnlyRegisteredBenchmarks() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/budgets.yaml").path
        let budgets = try BudgetsFile.load(path: path, knownIDs: Set(Suite.all().map(\.id)),
                                           frameLoopIDs: Set(Suite.all().filter { $0.frameLoop != nil }.map(\.id)))
        XCTAssertGreaterThan(budgets.count, 20)
        let byName = Dictionary(uniqueKeysWithValues: budgets.map { ($0.name, $0) })
        XCTAssertEqual(byName["texture-upload-256x192-p95"]?.rule, "p95 time < 1 ms")
        XCTAssertEqual(byName["frame-loop-photo-fps-share"]?.rule, "mean fps-share > 0.95 ratio")
        XCTAssertEqual(byName["frame-loop-video-peak-memory"]?.rule, "max peak-memory < 300 MB")
        XCTAssertTrue(budgets.allSatisfy { !$0.source.isEmpty })
    }
}
