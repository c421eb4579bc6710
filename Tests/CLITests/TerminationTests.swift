import Foundation
import XCTest

/// SIGTERM, as a CI runner's timeout sends it, behaves as SIGINT does: partial results, exit 143.
final class TerminationTests: XCTestCase {
    func testSIGTERMAfterABenchmarkWritesValidIncompleteResultsAndExits143() throws {
        let reports = NSTemporaryDirectory() + "fb-cli-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: reports) }
        // A test hook holds the run after the first benchmark until the signal comes: no race with the second.
        let log = reports + ".err"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let process = try Framebudget.start(["run", "--allow-debug", "--reports", reports, "--run-id", "cut", "--quick",
                                             "--test-wait-for-signal-after", "1",
                                             "texture-upload/optimized/256x192", "texture-upload/memcpy/256x192"], stderrLog: log)
        let results = reports + "/cut/results.json"
        Framebudget.waitFor("waiting for a signal after 1 benchmarks", in: log)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 143)
        let validation = try Framebudget.python([Framebudget.repositoryRoot + "/Schemas/validate.py", results])
        XCTAssertEqual(validation.status, 0, validation.stdout)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as! [String: Any]
        XCTAssertEqual(json["complete"] as? Bool, false)
        XCTAssertEqual(json["incompleteReason"] as? String, "interrupted by SIGTERM")
        XCTAssertEqual(json["interruptingSignal"] as? String, "SIGTERM", "the exit status follows from this field, not from the words")
        XCTAssertEqual((json["benchmarks"] as? [Any])?.count, 1, "the first benchmark kept, the second never started")
    }

    /// A gate's re-measuring `run` lives in a process group of its own, where no signal sent to the gate reaches it:
    /// when the gate is killed (SIGKILL), the run stops as on SIGTERM instead of measuring on beside the next job.
    /// Here the parent it is told of has already gone, as a killed gate would have.
    func testARunWhoseParentIsGoneStopsAsOnSIGTERM() throws {
        let reports = NSTemporaryDirectory() + "fb-cli-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: reports) }
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let process = try Framebudget.start(["run", "--allow-debug", "--reports", reports, "--run-id", "orphan", "--quick",
                                             "--test-wait-for-signal-after", "1",
                                             "texture-upload/optimized/256x192", "texture-upload/memcpy/256x192"],
                                            environment: ["FRAMEBUDGET_STOP_WITH_PARENT": String(gone.processIdentifier)])
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 143)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: reports + "/orphan/results.json"))) as! [String: Any]
        XCTAssertEqual(json["complete"] as? Bool, false)
        XCTAssertEqual(json["interruptingSignal"] as? String, "SIGTERM")
    }
}
