import Foundation
import XCTest

/// Signals while the gate re-measures in fresh processes (issue 17 part 4): the gate forwards a signal to its child,
/// stops within seconds, saves what it has marked incomplete with the right signal, and writes its reports; a child
/// that dies of a signal the gate never received is named, with that signal, and is a run failure (4).
///
/// A test hook makes the fresh process wait, once it has saved its one benchmark, until a signal reaches it: the
/// tests know where everything stands when they signal (no race with the child's end).
final class GateInterruptionTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-gate-signal-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// A p50 budget of 1 ns: one process never fails it, so the gate always measures a fresh process 2.
    private func budgets() throws -> String {
        let path = folder + "/budgets.yaml"
        try """
            version: 1
            budgets:
              - name: upload-p50
                hot-path: texture-upload
                variant: optimized
                workload: 256x192
                metric: time
                statistic: p50
                limit: 1
                unit: ns
                direction: max
                source: "test"
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func gateArguments() throws -> [String] {
        ["gate", "--quick", "--allow-debug", "--samples", "5", "--counters", "none", "--no-roofs",
         "--reports", folder + "/r", "--run-id", "g", "--budgets", try budgets(),
         "--test-fresh-processes-wait-for-signal-after", "1", "texture-upload/optimized/256x192"]
    }

    private var childResults: String { folder + "/r/g/processes/p2/results.json" }

    /// Waits (a bound against hanging only) until the fresh process has saved its benchmark and waits for a signal.
    private func waitForTheWaitingChild(_ process: Process) {
        let deadline = Date().addingTimeInterval(180)
        while !FileManager.default.fileExists(atPath: childResults) {
            guard process.isRunning, Date() < deadline else { return XCTFail("the fresh process never saved its benchmark") }
            usleep(20_000)
        }
    }

    /// Waits for `process` to end; one still running after `seconds` is killed and the test fails (the old gate
    /// ignored SIGTERM and its child waited forever).
    private func waitForExit(_ process: Process, within seconds: Double, _ what: String) -> Double {
        let start = Date()
        while process.isRunning && Date().timeIntervalSince(start) < seconds { usleep(10_000) }
        if process.isRunning {
            XCTFail("\(what): still running \(seconds) s after the signal")
            killChildren(of: process.processIdentifier)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return Date().timeIntervalSince(start)
    }

    /// The pids whose parent is `pid` (from /proc).
    private func children(of pid: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                  let close = stat.range(of: ")", options: .backwards) else { return false }
            let fields = stat[close.upperBound...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == pid
        }
    }

    private func killChildren(of pid: pid_t) {
        for child in children(of: pid) { kill(child, SIGKILL) }
    }

    private func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    func testSIGTERMToTheGateWhileAFreshProcessMeasuresIsForwardedAndEndsInAnIncompleteRunAndExit143() throws {
        let log = folder + "/gate.err"
        let gate = try Framebudget.start(try gateArguments(), stderrLog: log)
        waitForTheWaitingChild(gate)
        let child = try XCTUnwrap(children(of: gate.processIdentifier).first, "the fresh process runs")
        kill(gate.processIdentifier, SIGTERM)
        let seconds = waitForExit(gate, within: 60, "the gate")
        XCTAssertLessThan(seconds, 10, "the gate stops promptly")
        XCTAssertEqual(gate.terminationReason, .exit)
        let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(gate.terminationStatus, 143, stderr)
        XCTAssertFalse(stderr.contains("came after the measuring ended"), "the re-measuring was interrupted: \(stderr)")
        XCTAssertNotEqual(kill(child, 0), 0, "the fresh process ended with the gate")
        let results = try json(folder + "/r/g/results.json")
        XCTAssertEqual(results["complete"] as? Bool, false)
        XCTAssertEqual(results["incompleteReason"] as? String, "interrupted by SIGTERM")
        XCTAssertEqual(results["interruptingSignal"] as? String, "SIGTERM")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/r/g/report.html"), "the reports of what was measured")
        let childRun = try json(childResults)
        XCTAssertEqual(childRun["interruptingSignal"] as? String, "SIGTERM", "the child got the gate's signal")
    }

    /// `timeout -s TERM` signals its whole process group: the gate and, before, each of its children at once.
    func testATimeoutSignallingTheWholeProcessGroupEndsInAnIncompleteRunWithItsReports() throws {
        let log = folder + "/gate.err"
        FileManager.default.createFile(atPath: log, contents: nil)
        let timeout = Process()
        timeout.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        timeout.arguments = ["-s", "TERM", "600", Framebudget.binary.path] + (try gateArguments())
        timeout.currentDirectoryURL = URL(fileURLWithPath: Framebudget.repositoryRoot)
        timeout.standardOutput = FileHandle.nullDevice
        timeout.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try timeout.run()
        waitForTheWaitingChild(timeout)
        // What timeout does when its time is up (it forwards a TERM it receives to the group the same way).
        kill(timeout.processIdentifier, SIGTERM)
        let seconds = waitForExit(timeout, within: 60, "timeout and its gate")
        XCTAssertLessThan(seconds, 10, "the gate stops promptly")
        let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(timeout.terminationStatus, 143, stderr)
        let results = try json(folder + "/r/g/results.json")
        XCTAssertEqual(results["complete"] as? Bool, false, "a partial result is never complete")
        XCTAssertEqual(results["interruptingSignal"] as? String, "SIGTERM")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/r/g/report.html"), stderr)
        XCTAssertFalse(stderr.contains("SIGINT"), stderr)
    }

    func testAFreshProcessKilledFromOutsideIsNamedWithItsSignalAndIsARunFailure() throws {
        let log = folder + "/gate.err"
        let gate = try Framebudget.start(try gateArguments(), stderrLog: log)
        waitForTheWaitingChild(gate)
        let child = try XCTUnwrap(children(of: gate.processIdentifier).first, "the fresh process runs")
        kill(child, SIGKILL)
        _ = waitForExit(gate, within: 60, "the gate")
        let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(gate.terminationStatus, 4, stderr)
        XCTAssertFalse(stderr.contains("interrupted by SIGINT"), stderr)
        XCTAssertTrue(stderr.contains("framebudget: error: re-measuring process p2 (pid \(child)) was killed by SIGKILL"), stderr)
        let results = try json(folder + "/r/g/results.json")
        XCTAssertEqual(results["complete"] as? Bool, false, "the gate's measurement is partial")
        XCTAssertNil(results["interruptingSignal"], "the gate itself was not interrupted")
        XCTAssertEqual(results["incompleteReason"] as? String, "re-measuring process p2 (pid \(child)) was killed by SIGKILL")
    }

    /// An incomplete results file without a signal (a set-up failure, a dead fresh process) is a failed run, not an
    /// interrupted one: 4, not 130.
    func testGatingAnIncompleteResultsFileWithNoSignalIsARunFailureNot130() throws {
        var run = try ResultsFixtures.realRun()
        run["complete"] = false
        run["incompleteReason"] = "texture-upload/optimized/256x192: set-up failed: out of memory"
        run.removeValue(forKey: "interruptingSignal")
        let path = folder + "/incomplete.json"
        try JSONSerialization.data(withJSONObject: run, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        let gate = try Framebudget.run(["gate", "--results", path, "--budgets", try budgets(), "--out", folder + "/out"])
        XCTAssertEqual(gate.status, 4, gate.stderr)
        XCTAssertTrue(gate.stderr.contains("framebudget: error: \(path): incomplete run (texture-upload/optimized/256x192: "
                                           + "set-up failed: out of memory)"), gate.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/out/report.html"), "still reported")
    }
}
