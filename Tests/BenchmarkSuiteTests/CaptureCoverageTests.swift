import BenchmarkSuite
import Foundation
import Measurement
import XCTest

/// Which benchmarks read a capture (`run --workload DIR`) and which run on their synthetic scene only, against what
/// Docs/FUSION.md says of them.
final class CaptureCoverageTests: XCTestCase {
    /// Every registered benchmark set up on an empty capture folder: one that reads the capture fails on a missing
    /// input file; one that runs on its synthetic scene only says so (``MeasurementSetUpError``).
    private func syntheticOnlyHotPaths() throws -> (syntheticOnly: Set<String>, readingCaptures: Set<String>) {
        let empty = NSTemporaryDirectory() + "fb-empty-capture-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        var syntheticOnly = Set<String>(), readingCaptures = Set<String>()
        for benchmark in Suite.all() {
            do {
                try benchmark.setUp(.capture(directory: empty)).tearDown()
                XCTFail("\(benchmark.id) set up on an empty capture: it ignores the capture without saying so")
            } catch is MeasurementSetUpError {
                syntheticOnly.insert(benchmark.hotPath)
            } catch {
                readingCaptures.insert(benchmark.hotPath)
            }
        }
        return (syntheticOnly, readingCaptures)
    }

    func testFusionDocNamesExactlyTheHotPathsThatRunOnTheirSyntheticSceneOnly() throws {
        let (syntheticOnly, readingCaptures) = try syntheticOnlyHotPaths()
        XCTAssertTrue(syntheticOnly.isDisjoint(with: readingCaptures), "a hot path is one or the other")
        XCTAssertEqual(syntheticOnly, ["unproject", "yolo-post"])
        let doc = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/FUSION.md").path, encoding: .utf8)
        let paragraph = try XCTUnwrap(doc.components(separatedBy: "\n\n").first { $0.contains("synthetic scene only") },
                                      "Docs/FUSION.md says which hot paths run on their synthetic scene only")
        let named = Set(paragraph.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
        XCTAssertEqual(named.intersection(syntheticOnly.union(readingCaptures)), syntheticOnly, paragraph)
        XCTAssertFalse(doc.contains("Every hot path reads its inputs from the capture"), "not every hot path does")
    }
}
