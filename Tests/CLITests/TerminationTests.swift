import Foundation
import XCTest

/// SIGTERM, as a CI runner's timeout sends it, behaves as SIGINT does: partial results, exit 143.
final class TerminationTests: XCTestCase {
    func testSIGTERMAfterABenchmarkWritesValidIncompleteResultsAndExits143() throws {
        let reports = NSTemporaryDirectory() + "fb-cli-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: reports) }
        let process = try Framebudget.start(["run", "--allow-debug", "--reports", reports, "--run-id", "cut",
                                             "--max-time", "2", "texture-upload/optimized/256x192", "texture-upload/memcpy/256x192"])
        let results = reports + "/cut/results.json"
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: results) && Date() < deadline { usleep(50_000) }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 143)
        let validation = try Framebudget.python([Framebudget.repositoryRoot + "/Schemas/validate.py", results])
        XCTAssertEqual(validation.status, 0, validation.stdout)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as! [String: Any]
        XCTAssertEqual(json["complete"] as? Bool, false)
        XCTAssertEqual(json["incompleteReason"] as? String, "interrupted by SIGTERM")
        XCTAssertGreaterThanOrEqual((json["benchmarks"] as? [Any])?.count ?? 0, 1)
    }
}
