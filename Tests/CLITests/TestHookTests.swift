import XCTest
import Foundation

/// The hidden test-only options: they must do what the tests relying on them assume, and say so where it matters.
final class TestHookTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-hooks-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testAPauseInTheTransactionLongerThanUSleepCanHoldWaitsUntilKilled() throws {
        // 5000 s is 5e9 µs, past UInt32: the pause used to trap as soon as it began. It must sleep until killed.
        let results = try ResultsFixtures.write(to: folder + "/n1.json", runID: "night-1")
        let log = folder + "/record.err"
        let process = try Framebudget.start(["history", "record", results, "--database", folder + "/h.sqlite",
                                             "--test-pause-in-transaction", "5000"], stderrLog: log)
        Framebudget.waitFor("paused inside the transaction", in: log)
        // Wait until the pause is under way (a thread asleep in nanosleep) or the process is gone: the old trap came
        // right after the announcement, so killing at once could beat it.
        XCTAssertTrue(isAsleep(process), "the pause began; the process did not trap")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGKILL, "ended by the kill, not by a trap of its own")
        let bad = try Framebudget.run(["history", "record", results, "--database", folder + "/h.sqlite",
                                       "--test-pause-in-transaction", "nan"])
        XCTAssertEqual(bad.status, 64, bad.stderr)
    }

    /// True once a thread of `process` sleeps in nanosleep; false if it ends first.
    private func isAsleep(_ process: Process) -> Bool {
        let tasks = "/proc/\(process.processIdentifier)/task"
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline {
            for task in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
                let channel = try? String(contentsOfFile: "\(tasks)/\(task)/wchan", encoding: .utf8)
                if channel?.contains("nanosleep") == true { return true }
            }
            usleep(10_000)
        }
        return false
    }

    func testAnInjectedSlowdownIsWrittenIntoTheResultsAsAWarning() throws {
        let run = try Framebudget.run(["run", "--quick", "--allow-debug", "--reports", folder + "/r", "--run-id", "slow",
                                       "--inject-slowdown", "0.5", "texture-upload/memcpy/256x192"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/r/slow/results.json"))) as! [String: Any]
        let warnings = json["warnings"] as? [String] ?? []
        XCTAssertTrue(warnings.contains("test-only: --inject-slowdown 0.5 made every sample slower on purpose"), "\(warnings)")
        XCTAssertTrue(run.stderr.contains("--inject-slowdown 0.5 made every sample slower on purpose"), run.stderr)
        let plain = try Framebudget.run(["run", "--quick", "--allow-debug", "--reports", folder + "/r", "--run-id", "plain",
                                         "texture-upload/memcpy/256x192"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let clean = try String(contentsOfFile: folder + "/r/plain/results.json", encoding: .utf8)
        XCTAssertFalse(clean.contains("inject-slowdown"), "no such warning without the option")
    }
}
