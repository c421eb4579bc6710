import Foundation
import XCTest

/// `profile` when its timing or its tools are interrupted or fail: the run folder always says what it holds.
/// The tools are test doubles (a `perf` script on `PATH`), so nothing here depends on the machine's perf.
final class ProfileCommandTests: XCTestCase {
    private var root = ""
    private var reports: String { root + "/reports" }
    private var tools: String { root + "/bin" }
    private let benchmark = "texture-upload/memcpy/256x192"

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "fb-profile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    /// Writes an executable `perf` that runs `body` (sh), first on `PATH` for the profile.
    private func fakePerf(_ body: String) throws {
        let path = tools + "/perf"
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
    }

    private var environment: [String: String] {
        ["PATH": tools + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "FB_FAKE_PERF_LOG": root + "/perf.log"]
    }

    private func profileArguments(_ runID: String, _ extra: [String] = []) -> [String] {
        ["profile", "--quick", "--allow-debug", "--no-roofs", "--counters", "none", "--seconds", "0.5",
         "--reports", reports, "--run-id", runID] + extra + [benchmark]
    }

    private func results(_ runID: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(reports)/\(runID)/results.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// What the run folder holds besides results.json (no perf.data, no staging folder, no empty profiles tree).
    private func leftovers(_ runID: String) throws -> [String] {
        let folder = "\(reports)/\(runID)"
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder)
        return names.filter { $0 != "results.json" }.sorted()
    }

    /// Starts the profile, waits until its perf is recording, sends `signal` to the profile alone (as `kill` does),
    /// and returns the exited process. The fake perf leaves a partial perf.data and would record for 20 s more:
    /// unhandled, the profile outlived the signal and ended as a run failure.
    private func signalWhilePerfRecords(_ signal: Int32, runID: String) throws -> Process {
        try fakePerf("""
            case "$1" in record) echo partial > "$7"; echo recording >> "$FB_FAKE_PERF_LOG"; exec sleep 20;; esac
            echo 'perf script: not expected' >&2; exit 1
            """)
        let process = try Framebudget.start(profileArguments(runID), environment: environment)
        Framebudget.waitFor("recording", in: root + "/perf.log")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process
    }

    func testSIGTERMWhilePerfRecordsSavesTheTimedRunMarkedInterruptedAndExits143() throws {
        let process = try signalWhilePerfRecords(SIGTERM, runID: "term")
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 143)
        let run = try results("term")
        XCTAssertEqual(run["complete"] as? Bool, false)
        XCTAssertEqual(run["incompleteReason"] as? String, "interrupted by SIGTERM")
        XCTAssertEqual(run["interruptingSignal"] as? String, "SIGTERM")
        let measured = try XCTUnwrap((run["benchmarks"] as? [[String: Any]])?.first)
        XCTAssertNotNil(measured["statistics"], "the timing is kept")
        XCTAssertTrue((measured["notes"] as? [String])?.contains("no stages declared: per-stage profile skipped") == true,
                      "the stage step, done before perf, is kept: \(measured)")
        XCTAssertEqual((measured["artifacts"] as? [String: String]) ?? [:], [:])
        XCTAssertEqual(try leftovers("term"), [], "perf's partial output is removed")
    }

    func testSIGINTWhilePerfRecordsExits130WithTheRunMarkedInterrupted() throws {
        let process = try signalWhilePerfRecords(SIGINT, runID: "int")
        XCTAssertEqual(process.terminationStatus, 130)
        XCTAssertEqual(try results("int")["incompleteReason"] as? String, "interrupted by SIGINT")
        XCTAssertEqual(try leftovers("int"), [])
    }

    /// A perf that ignores the signal cannot be waited for: the second signal saves the run at once, marked
    /// interrupted by the first, and removes perf's unfinished output (the at-once exit skips the usual clean-up).
    func testASecondSignalWhilePerfIgnoresTheFirstSavesTheRunAndLeavesNoPartialOutput() throws {
        try fakePerf("""
            trap '' INT TERM
            echo partial > "$7"; echo "recording $$" >> "$FB_FAKE_PERF_LOG"; exec sleep 20
            """)
        let process = try Framebudget.start(profileArguments("second"), environment: environment)
        Framebudget.waitFor("recording", in: root + "/perf.log")
        kill(process.processIdentifier, SIGINT)
        usleep(300_000)  // only the order matters: a different signal is always a second one
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let log = try String(contentsOfFile: root + "/perf.log", encoding: .utf8)
        if let perf = Int32(log.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") {
            kill(perf, SIGKILL)  // the double outlives the profile by design; end it here
        }
        XCTAssertEqual(process.terminationStatus, 130)
        let run = try results("second")
        XCTAssertEqual(run["complete"] as? Bool, false)
        XCTAssertEqual(run["incompleteReason"] as? String, "interrupted by SIGINT")
        XCTAssertEqual(try leftovers("second"), [])
    }

    func testSIGTERMDuringTheTimingExits143NotTheSIGINTStatus() throws {
        let log = root + "/stderr.log"
        FileManager.default.createFile(atPath: log, contents: nil)
        let process = try Framebudget.start(profileArguments("timing", ["--no-perf", "--test-wait-for-signal-after", "1"]),
                                            stderr: try FileHandle(forWritingTo: URL(fileURLWithPath: log)), environment: environment)
        Framebudget.waitFor("waiting for a signal after 1 benchmarks", in: log)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 143)
        let run = try results("timing")
        XCTAssertEqual(run["complete"] as? Bool, false)
        XCTAssertEqual(run["interruptingSignal"] as? String, "SIGTERM")
    }

    func testAPerfThatFailsLeavesTheRunIncompleteWithTheReasonAndExits4() throws {
        try fakePerf("echo 'perf: out of fake buffers' >&2; exit 255")
        let result = try Framebudget.run(profileArguments("failed"), environment: environment)
        XCTAssertEqual(result.status, 4, result.stderr)
        XCTAssertTrue(result.stderr.contains("framebudget: error: perf record exited with 255: perf: out of fake buffers"), result.stderr)
        let run = try results("failed")
        XCTAssertEqual(run["complete"] as? Bool, false)
        XCTAssertEqual(run["incompleteReason"] as? String, "perf record exited with 255: perf: out of fake buffers")
        XCTAssertNil(run["interruptingSignal"])
        let measured = try XCTUnwrap((run["benchmarks"] as? [[String: Any]])?.first)
        XCTAssertNotNil(measured["statistics"], "the timing is kept")
        XCTAssertEqual(try leftovers("failed"), [])
    }

    func testTheSameIdTwiceProfilesThatOneBenchmark() throws {
        var arguments = profileArguments("twice", ["--no-perf"])
        arguments.append(benchmark)
        let result = try Framebudget.run(arguments, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try results("twice")["complete"] as? Bool, true)
    }

    func testNoPerfWithoutCallgrindWritesNoProfilesFolder() throws {
        let result = try Framebudget.run(profileArguments("none", ["--no-perf"]), environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try leftovers("none"), [], "no tool ran: no profiles/<id>/ tree")
    }
}
