import Foundation
import XCTest

/// `scripts/tied`: make passes a SIGTERM to its recipe's shell alone, so the scripts start their long children tied
/// to themselves, and a script that dies of the signal takes its build or run with it instead of leaving it orphaned.
final class TiedChildTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-tied-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testATiedChildEndsWhenTheScriptThatStartedItIsTerminated() throws {
        let (script, child) = try startScriptAndTerminateIt(tied: true)
        XCTAssertTrue(ends(child, within: 10), "the tied child outlived its script")
        kill(child, SIGKILL)
        script.waitUntilExit()
        XCTAssertEqual(script.terminationReason, .uncaughtSignal, "the script did not die of SIGTERM")
    }

    /// The same script without `tied`: the child runs on (what the scripts did before), so the test above can fail.
    func testAnUntiedChildOutlivesItsTerminatedScript() throws {
        let (script, child) = try startScriptAndTerminateIt(tied: false)
        XCTAssertFalse(ends(child, within: 1), "an untied child ended with its script: the tied test proves nothing here")
        // Killed before waiting: the orphan would hold what the script inherited, and Process's wait with it.
        kill(child, SIGKILL)
        script.waitUntilExit()
        XCTAssertEqual(script.terminationReason, .uncaughtSignal, "the script did not die of SIGTERM")
    }

    /// Runs a bash script (as the scripts run, `set -euo pipefail`) whose foreground child writes its pid and sleeps,
    /// sends the script SIGTERM once the child runs, waits for the script to end (a zombie: not yet waited for), and
    /// returns both.
    private func startScriptAndTerminateIt(tied: Bool) throws -> (script: Process, child: pid_t) {
        let pidFile = folder + "/child.pid"
        let prefix = tied ? "\"$0\" " : ""
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/bin/bash")
        // (`; true` last: bash may exec the last command of a -c string in its own place, and there would be no script.)
        script.arguments = ["-c", "set -euo pipefail; \(prefix)bash -c 'echo $$ > \"$1\"; exec sleep 300' child \"$1\"; true",
                            Framebudget.repositoryRoot + "/scripts/tied", pidFile]
        script.standardOutput = FileHandle.nullDevice
        script.standardError = FileHandle.nullDevice
        try script.run()
        let deadline = Date().addingTimeInterval(20)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? ""
            if text.hasSuffix("\n") { break }
            usleep(20_000)
        }
        let child = try XCTUnwrap(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), "the child never started")
        usleep(100_000)   // the child has exec'd sleep
        kill(script.processIdentifier, SIGTERM)
        XCTAssertTrue(ends(script.processIdentifier, within: 10), "the script did not end on SIGTERM")
        return (script, child)
    }

    /// The process is gone, or a zombie waiting for a reaper, within `seconds`.
    private func ends(_ pid: pid_t, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            if let state = stat.split(separator: ")").last?.split(separator: " ").first, state == "Z" { return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }
}
