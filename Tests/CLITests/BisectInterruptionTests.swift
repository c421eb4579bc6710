import Foundation
import XCTest

/// `bisect` stopped by a signal in the middle of a comparison: it used to be killed outright (exit 130, nothing
/// written, "nothing was left half-written" while the compare-builds child's worker copies stayed behind), losing
/// every step measured. Now compare-builds is given the signal, stops with its pairs, and the bisection writes the
/// steps completed and the range still in question.
final class BisectInterruptionTests: XCTestCase {
    private var folder = ""
    private var scratch: ScratchRepository!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-bisect-signal-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        scratch = try ScratchRepository.notes(prefix: "fb-bisect-signal-repo")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
        scratch?.remove()
    }

    func testSIGINTDuringAComparisonWritesTheResultMarkedInterruptedAndExits130() throws {
        let log = folder + "/builds.log", stderr = folder + "/stderr.log"
        FileManager.default.createFile(atPath: stderr, contents: nil)
        let process = try Framebudget.start([
            "bisect", "--good", "HEAD~1", "--bad", "HEAD", "finger-count/optimized/21-landmarks", "--repo", scratch.path,
            "--build-script", try StandInBuildScript.write(in: folder, log: log), "--configuration", "debug",
            "--reports", folder + "/reports", "--max-pairs", "200", "--max-minutes", "30", "--profile-seconds", "0",
        ], stderr: try FileHandle(forWritingTo: URL(fileURLWithPath: stderr)),
           environment: ["COMPARE_WORKTREES": folder + "/worktrees"])
        // Both revisions built: the comparison of BAD with GOOD (3 pairs at least, seconds each) is starting.
        let deadline = Date().addingTimeInterval(120)
        while ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count < 2 && Date() < deadline {
            usleep(20_000)
        }
        sleep(1)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let said = try String(contentsOfFile: stderr, encoding: .utf8)
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 130, said)
        XCTAssertFalse(said.contains("nothing was left half-written"), "killed outright: \(said)")
        let reports = folder + "/reports"
        let bisection = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: reports).first)
        let result = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: "\(reports)/\(bisection)/bisect.json"))) as! [String: Any]
        XCTAssertEqual(result["outcome"] as? String, "interrupted")
        XCTAssertEqual((result["steps"] as? [Any])?.count, 0, "the comparison cut short is not a step")
        XCTAssertEqual((result["range"] as? [Any])?.count, 1, "HEAD, still in question")
        XCTAssertTrue((result["summary"] as? String)?.hasPrefix("interrupted by SIGINT after 0 steps; still in question: 1 commit, ") == true, "\(result)")
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: folder + "/worktrees").filter { $0.contains(".framebudget.worker-") }
        XCTAssertEqual(leftovers, [], "compare-builds' executable copies were left behind")
    }
}
