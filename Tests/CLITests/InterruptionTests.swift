import Foundation
import XCTest

/// Signals at awkward moments: before the run's first benchmark, and in the middle of `framebudget kernel`.
final class InterruptionTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "fb-signal-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    /// Polls (no time limit on the answer: only a guard against hanging) until `condition` holds.
    private func waitUntil(_ what: String, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(120)
        while !condition() {
            guard Date() < deadline else { return XCTFail("never happened: \(what)") }
            usleep(1_000)
        }
    }

    func testSIGINTWhileTheRoofsAreMeasuredStillWritesAnIncompleteRun() throws {
        // The run folder appears before the roofs are measured: a signal then used to kill the process outright.
        let process = try Framebudget.start(["run", "--allow-debug", "--reports", root, "--run-id", "early",
                                             "texture-upload/optimized/256x192"])
        waitUntil("run folder created") { FileManager.default.fileExists(atPath: root + "/early") }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "killed by the signal instead of handling it")
        XCTAssertEqual(process.terminationStatus, 130)
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/early/results.json"))
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        XCTAssertEqual(json["complete"] as? Bool, false)
        XCTAssertEqual(json["incompleteReason"] as? String, "interrupted by SIGINT")
        XCTAssertEqual(json["interruptingSignal"] as? String, "SIGINT")
    }

    /// Waits for `process` to end; one still running after `seconds` is killed and the test fails.
    private func waitForExit(_ process: Process, within seconds: Double, _ what: String) -> Double {
        let start = Date()
        while process.isRunning && Date().timeIntervalSince(start) < seconds { usleep(10_000) }
        if process.isRunning {
            XCTFail("\(what): still running \(seconds) s after the signal")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return Date().timeIntervalSince(start)
    }

    private func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    /// A warm-up that would outlast the test: the signal must cut it, not wait for it (it used to finish the
    /// warm-up and the benchmark: 13 s late, or never with an endless warm-up; an hour, the longest allowed, is endless enough here).
    private func startEndlessWarmUp(_ runID: String, log: String) throws -> Process {
        try Framebudget.start(["run", "--allow-debug", "--no-roofs", "--counters", "none", "--warmup", "3600000",
                               "--reports", root, "--run-id", runID, "texture-upload/memcpy/256x192"], stderrLog: log)
    }

    func testSIGTERMDuringAnEndlessWarmUpStopsWithinSecondsAndWritesTheIncompleteRun() throws {
        let log = root + "/run.err"
        let process = try startEndlessWarmUp("warm", log: log)
        waitUntil("run folder created") { FileManager.default.fileExists(atPath: root + "/warm") }
        kill(process.processIdentifier, SIGTERM)
        let seconds = waitForExit(process, within: 60, "run")
        XCTAssertLessThan(seconds, 10)
        XCTAssertEqual(process.terminationStatus, 143, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        let run = try json(root + "/warm/results.json")
        XCTAssertEqual(run["complete"] as? Bool, false)
        XCTAssertEqual(run["interruptingSignal"] as? String, "SIGTERM")
        XCTAssertEqual((run["benchmarks"] as? [Any])?.count, 0, "a benchmark stopped in its warm-up has no samples: not kept")
    }

    func testASecondCtrlCHalfASecondAfterTheFirstStillWritesThePartialRunAndSaysSo() throws {
        let log = root + "/run.err"
        let process = try startEndlessWarmUp("twice", log: log)
        waitUntil("run folder created") { FileManager.default.fileExists(atPath: root + "/twice") }
        kill(process.processIdentifier, SIGINT)
        usleep(500_000)
        kill(process.processIdentifier, SIGINT)
        _ = waitForExit(process, within: 60, "run")
        let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(process.terminationStatus, 130, stderr)
        XCTAssertTrue(stderr.contains("framebudget: warning: run incomplete: interrupted by SIGINT"), stderr)
        let run = try json(root + "/twice/results.json")
        XCTAssertEqual(run["complete"] as? Bool, false)
        XCTAssertEqual(run["interruptingSignal"] as? String, "SIGINT")
    }

    /// The first signal cannot be acted on (a test hook holds the run as a benchmark that never returns would): the
    /// second still saves what was measured, marked incomplete, and says so, instead of exiting without a word.
    func testASecondSignalWhileTheFirstCannotBeActedOnSavesThePartialRunAndSaysSo() throws {
        let log = root + "/run.err"
        let process = try Framebudget.start(["run", "--allow-debug", "--quick", "--no-roofs", "--counters", "none",
                                             "--reports", root, "--run-id", "held", "--test-wait-for-signal-after", "1",
                                             "--test-hold-after-signal",
                                             "texture-upload/optimized/256x192", "texture-upload/memcpy/256x192"], stderrLog: log)
        Framebudget.waitFor("waiting for a signal after 1 benchmarks", in: log)
        kill(process.processIdentifier, SIGINT)
        Framebudget.waitFor("holding after SIGINT", in: log)
        // A user's second Ctrl-C, not a repeat of the first (one within 0.25 s is the same request: `timeout` sends
        // its signal twice at once).
        usleep(500_000)
        kill(process.processIdentifier, SIGINT)
        _ = waitForExit(process, within: 60, "run")
        let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 130, stderr)
        XCTAssertTrue(stderr.contains("framebudget: warning: run incomplete: interrupted by SIGINT (a second SIGINT stopped it at once); "
                                      + "partial results in \(root)/held/results.json"), stderr)
        let run = try json(root + "/held/results.json")
        XCTAssertEqual(run["complete"] as? Bool, false)
        XCTAssertEqual(run["incompleteReason"] as? String, "interrupted by SIGINT")
        XCTAssertEqual(run["interruptingSignal"] as? String, "SIGINT")
        XCTAssertEqual((run["benchmarks"] as? [Any])?.count, 1, "the benchmark saved before the signals is kept")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/latest"), "held")
    }

    /// A 2x3 depth map in `root/in`.
    private func writeDepth() throws -> String {
        let input = root + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        try NpyFixture.float32(rows: 2, columns: 3, [0.5, 1, 2, 3, 4, 4.5]).write(to: URL(fileURLWithPath: input + "/depth.npy"))
        return input
    }

    /// The depth map colormapped to 16384x2048: seconds of work in a debug build, and 128 MB of output.
    private func startSlowKernel(out: String) throws -> Process {
        try Framebudget.start(["kernel", "colormap", "--in", try writeDepth(), "--out", out,
                               "--param", "width=16384", "--param", "height=2048"])
    }

    private func stagingFolders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.contains(".staging-") }
    }

    func testSIGTERMDuringAKernelLeavesNoStagingFolder() throws {
        let process = try startSlowKernel(out: root + "/out")
        waitUntil("staging folder created") { ((try? stagingFolders()) ?? []).isEmpty == false }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "killed by the signal instead of cleaning up")
        XCTAssertEqual(process.terminationStatus, 143)
        XCTAssertEqual(try stagingFolders(), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"))
    }

    func testAKernelRunSweepsStagingFoldersOfDeadProcessesOnly() throws {
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = root + "/.out.staging-\(finished.processIdentifier)-12345"
        let alive = root + "/.out.staging-\(getpid())-777"
        for folder in [dead, alive] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("partial".utf8).write(to: URL(fileURLWithPath: folder + "/rgba.npy"))
        }
        let result = try Framebudget.run(["kernel", "colormap", "--in", try writeDepth(), "--out", root + "/out"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dead), "a dead process's staging folder is swept")
        XCTAssertTrue(FileManager.default.fileExists(atPath: alive), "a live process's staging folder is left alone")
    }

    /// Hidden entries (staging folders, `.<file>.<pid>.tmp`) anywhere below `folder`.
    private func hiddenEntries(below folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
            .filter { URL(fileURLWithPath: $0).lastPathComponent.hasPrefix(".") }
    }

    /// `report` stops at once on SIGTERM, as the default action would, but first removes what it had not put in
    /// place: it used to die by the signal and leave its staging folder (~85 plot files) beside the reports. An
    /// existing report folder keeps a whole report, old or new, file by file.
    func testSIGTERMDuringAReportLeavesNoStagingOrTemporaryFile() throws {
        let results = try ResultsFixtures.write(to: root + "/results.json", runID: "cut")
        let out = root + "/reports"
        let first = try Framebudget.run(["report", results, "--out", out])
        XCTAssertEqual(first.status, 0, first.stderr)
        let log = root + "/report.err"
        let process = try Framebudget.start(["report", results, "--out", out], stderrLog: log)
        waitUntil("staging folder created") { hiddenEntries(below: out).contains { $0.hasPrefix(".reports.staging-") } }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "killed by the signal instead of cleaning up")
        XCTAssertEqual(process.terminationStatus, 143)
        XCTAssertEqual(hiddenEntries(below: root), [], "left behind")
        for file in ["report.md", "report.html", "junit.xml", "plots"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/" + file), "\(file) of the report went missing")
        }
        let said = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertTrue(said.hasSuffix("SIGTERM: stopped; nothing was left half-written\n"), said)
    }
}
