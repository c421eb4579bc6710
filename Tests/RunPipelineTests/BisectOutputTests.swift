import Foundation
import XCTest
@testable import RunPipeline

/// Where a bisection writes: an earlier result of the same range, and the comparisons it refers to, stay until the
/// new result is written (a second bisection emptied `comparisons/` at its first comparison, and when it was stopped
/// or refused, the old bisect.json pointed at files that were gone).
final class BisectOutputTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-bisect-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/comparisons", withIntermediateDirectories: true)
        try "old".write(toFile: folder + "/comparisons/01-old.json", atomically: true, encoding: .utf8)
        try "{}".write(toFile: folder + "/bisect.json", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private var result: BisectResult {
        let commit = BisectCommit(sha: "c1", subject: "s")
        return BisectResult(good: commit, bad: commit, outcome: .inconclusive, range: [], skipped: [], steps: [], summary: "new")
    }

    private func names(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    func testTheEarlierComparisonsStayUntilTheNewResultIsWrittenThenAreReplaced() throws {
        let output = BisectOutput(folder: folder)
        try FileManager.default.createDirectory(atPath: output.scratch, withIntermediateDirectories: true)
        try "new".write(toFile: output.scratch + "/01-new.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(names(folder + "/comparisons"), ["01-old.json"], "measuring must not touch the earlier result")
        try output.publish(result)
        XCTAssertEqual(names(folder + "/comparisons"), ["01-new.json"])
        XCTAssertEqual(names(folder), ["bisect.json", "comparisons"], "no scratch folder left")
        XCTAssertTrue(try String(contentsOfFile: folder + "/bisect.json", encoding: .utf8).contains("\"summary\" : \"new\""))
        try output.publish(result)  // again, with the profile: the comparisons stay
        XCTAssertEqual(names(folder + "/comparisons"), ["01-new.json"])
    }

    func testARefusedBisectionLeavesTheEarlierResultAsItWas() throws {
        let output = BisectOutput(folder: folder)
        try FileManager.default.createDirectory(atPath: output.scratch, withIntermediateDirectories: true)
        output.discard()
        XCTAssertEqual(names(folder), ["bisect.json", "comparisons"])
        XCTAssertEqual(names(folder + "/comparisons"), ["01-old.json"])
    }

    func testAResultWithNoComparisonRemovesTheEarlierOnesAndTheScratchOfAKilledBisection() throws {
        let dead = folder + "/.comparisons-of-2147483000"  // no such process
        try FileManager.default.createDirectory(atPath: dead, withIntermediateDirectories: true)
        let live = folder + "/.comparisons-of-\(getppid())"
        try FileManager.default.createDirectory(atPath: live, withIntermediateDirectories: true)
        try BisectOutput(folder: folder).publish(result)
        XCTAssertEqual(names(folder), [".comparisons-of-\(getppid())", "bisect.json"],
                       "the earlier comparisons and the dead bisection's scratch are gone; a live one's stays")
    }
}
