import Foundation
import XCTest

/// `framebudget nightly` end to end: the gate as a child, the paired comparison with a baseline build, the change
/// kept in results.json and the run recorded in the history (debug build: timing verdicts are not asserted).
final class NightlyCommandTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-nightly-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            version: 1
            budgets:
              - name: upload-p95
                hot-path: texture-upload
                variant: optimized
                workload: 256x192
                metric: time
                statistic: p95
                limit: 10
                unit: s
                direction: max
                source: "test"
              - name: memcpy-p95
                hot-path: texture-upload
                variant: memcpy
                workload: 256x192
                metric: time
                statistic: p95
                limit: 10
                unit: s
                direction: max
                source: "test"
            """.write(toFile: folder + "/budgets.yaml", atomically: true, encoding: .utf8)
    }

    /// The paired options of a short comparison (two pairs of two blocks on a debug build).
    private let shortPairs = ["--allow-debug", "--blocks", "2", "--block-samples", "1", "--warmup", "1", "--sample-time", "0.2"]

    private func results(_ run: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: run + "/results.json"))) as! [String: Any]
    }

    private func nightRuns() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder + "/r").filter { $0.hasPrefix("nightly-") }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// `nightly` with `options` (and `gate` after --) exits `status` with a line containing `message`, and
    /// measures and writes nothing.
    private func assertRefusedBeforeAnythingRuns(_ options: [String], gate: [String] = [], _ message: String, status: Int32 = 2,
                                                 line: UInt = #line) throws {
        let result = try Framebudget.run([
            "nightly", "--branch", "night", "--database", folder + "/h.sqlite", "--reports", folder + "/r"]
            + options + ["--", "--allow-debug", "--quick"] + gate)
        XCTAssertEqual(result.status, status, result.stderr, line: line)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)", line: line)
        XCTAssertTrue(result.stderr.contains(message), result.stderr, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/r"), "nothing measured, nothing written", line: line)
    }

    func testANegativeGateTimeCapIsBadInputBeforeAnythingRuns() throws {
        try assertRefusedBeforeAnythingRuns(["--gate-max-minutes=-1"], "--gate-max-minutes must be ≥ 0 (got -1.0)")
    }

    func testLinkOrdersAreRefusedBeforeAnythingRuns() throws {
        try assertRefusedBeforeAnythingRuns(["--link-orders"], "--link-orders is for compare-builds and gate-quality")
    }

    /// Found after the gate, each of these threw a night of measuring away and hid the gate's own verdict.
    func testABadBaselineHistoryOrGateArgumentIsRefusedBeforeTheGateMeasures() throws {
        try assertRefusedBeforeAnythingRuns(["--baseline-executable", folder + "/none/framebudget"],
                                            "\(folder)/none/framebudget: no such file (--baseline-executable)")
        try "not a database".write(toFile: folder + "/h.sqlite", atomically: true, encoding: .utf8)
        try assertRefusedBeforeAnythingRuns([], "not a usable history database")
        try FileManager.default.removeItem(atPath: folder + "/h.sqlite")
        try assertRefusedBeforeAnythingRuns(["--baseline-executable", "/bin/true"], "the base worker died", status: 4)
        try assertRefusedBeforeAnythingRuns(["--baseline-executable", Framebudget.binary.path], gate: ["nms/reference/typical"],
                                            "none of the 1 timed benchmark(s) matching nms/reference/typical carries a budget")
        try assertRefusedBeforeAnythingRuns(["--database", "postgres://bad"], "no user name")
        // Not "Did you mean '--out'?": the gate's close match is an option the nightly would refuse.
        try assertRefusedBeforeAnythingRuns([], gate: ["--bogus"], "gate arguments after --: unknown option '--bogus' (see", status: 64)
        try assertRefusedBeforeAnythingRuns([], gate: ["--run-id", "mine"], "gate arguments after --: --run-id is set by nightly", status: 64)
        try assertRefusedBeforeAnythingRuns(["--budgets", folder + "/budgets.yaml"], gate: ["--budgets", folder + "/other.yaml"],
                                            "disagree: give one", status: 64)
        // A filter naming no benchmark, refused by the gate only after the history was created, left an empty one.
        try assertRefusedBeforeAnythingRuns(["--budgets", folder + "/budgets.yaml"], gate: ["'colormap/*'"],
                                            "unknown benchmark id or pattern ''colormap/*''")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/h.sqlite"), "no history created for a refused night")
    }

    /// A signal during the gate reaches the gate child (through the one process runner), which saves what it
    /// measured marked incomplete; the night ends with the signal's status and is never a baseline.
    func testASignalDuringTheGateIsPassedOnAndTheNightIsIncomplete() throws {
        let log = folder + "/nightly.err"
        let nightly = try Framebudget.start([
            "nightly", "--branch", "night", "--database", folder + "/h.sqlite", "--reports", folder + "/r",
            "--baseline-executable", Framebudget.binary.path, "--min-pairs", "2", "--max-pairs", "2"] + shortPairs
            + ["--", "--allow-debug", "--budgets", folder + "/budgets.yaml", "texture-upload/*"], stderrLog: log)
        let deadline = Date().addingTimeInterval(300)
        while ((try? nightRuns()) ?? []).isEmpty {
            guard nightly.isRunning, Date() < deadline else { return XCTFail("the gate never opened its run folder") }
            usleep(50_000)
        }
        usleep(500_000)
        kill(nightly.processIdentifier, SIGINT)
        nightly.waitUntilExit()
        let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(nightly.terminationStatus, 130, stderr)
        XCTAssertTrue(stderr.contains("gate incomplete: interrupted by SIGINT"), "the gate's own output, passed through: \(stderr)")
        let runs = try nightRuns()
        XCTAssertEqual(runs.count, 1)
        XCTAssertEqual(try results(folder + "/r/" + runs[0])["complete"] as? Bool, false)
        let baseline = try Framebudget.run(["history", "baseline-commit", "--branch", "night", "--database", folder + "/h.sqlite"])
        XCTAssertEqual(baseline.stdout, "", "an interrupted night is no baseline")
    }

    /// A second Ctrl-C stops the night at once, but not before its gate (in a process group of its own) has had the
    /// signal and saved what it measured: the nightly returned the prompt, and said it had stopped, while the gate
    /// still wrote. The gate here holds after the first signal (a benchmark that cannot stop), so only the second
    /// one ends it, saving at once.
    func testASecondSignalWaitsForTheGateToSaveBeforeTheNightExits() throws {
        // The night's exit waits: its own thread, on from the gate's end, must not end it first with another status.
        let (nightly, log) = try nightlyWaitingAfterOneBenchmark(
            nightlyOptions: ["--test-signal-exit-delay-ms", "1000"], gate: ["--test-hold-after-signal"])
        kill(nightly.processIdentifier, SIGINT)
        Framebudget.waitFor("holding after SIGINT", in: log)
        usleep(600_000)  // a second signal, not a repeat of the first (Interruption.repeatWindowSeconds, 0.25 s)
        kill(nightly.processIdentifier, SIGINT)
        nightly.waitUntilExit()
        let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(nightly.terminationStatus, 130, stderr)
        let saved = try XCTUnwrap(stderr.range(of: "(a second SIGINT stopped it at once); partial results in"), stderr)
        let stopped = try XCTUnwrap(stderr.range(of: "SIGINT again: stopped at once, the night recorded as incomplete"), stderr)
        XCTAssertLessThan(saved.lowerBound, stopped.lowerBound, "the gate saved before the night said it stopped: \(stderr)")
        let gates = try Framebudget.command("/usr/bin/pgrep", ["-f", "gate --reports \(folder)/r"])
        XCTAssertEqual(gates.stdout, "", "no gate outlives the night")
        let runs = try nightRuns()
        XCTAssertEqual(try results(folder + "/r/" + runs[0])["complete"] as? Bool, false, "saved, marked incomplete")
        XCTAssertEqual(try recordedRuns(), [runs[0]: false], "what the gate measured is recorded, as the help promises")
    }

    /// The runs of the night's history, by run id: whether each is complete.
    private func recordedRuns() throws -> [String: Bool] {
        let list = try Framebudget.run(["history", "list", "--json", "--branch", "night", "--database", folder + "/h.sqlite"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let runs = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: runs.map { ($0["runID"] as? String ?? "", $0["complete"] as? Bool ?? true) })
    }

    /// A second Ctrl-C once the night is measured, before it is recorded (the paired half, the reports written again
    /// or the recording itself), records the night before the process exits: it used to stop at once and leave the
    /// night out of the history. Nothing was left to measure, so the run is recorded as it was.
    func testASecondSignalBeforeTheRecordingStillRecordsTheNight() throws {
        let (nightly, log) = try nightlyHeldAfterTheMeasuring()
        kill(nightly.processIdentifier, SIGINT)
        usleep(600_000)  // a second signal, not a repeat of the first (Interruption.repeatWindowSeconds, 0.25 s)
        kill(nightly.processIdentifier, SIGINT)
        nightly.waitUntilExit()
        let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(nightly.terminationStatus, 130, stderr)
        // Whichever comes first records it: the second signal's action, or the night's own end that the first
        // signal let go on (the other then finds it recorded).
        XCTAssertTrue(stderr.contains("SIGINT again: stopped at once, the night recorded\n")
                      || stderr.contains("SIGINT came after the measuring ended: the night's run is complete and recorded"), stderr)
        XCTAssertEqual(stderr.components(separatedBy: "recorded run ").count - 1, 1, "recorded once: \(stderr)")
        let runs = try nightRuns()
        XCTAssertEqual(runs.count, 1)
        XCTAssertEqual(try recordedRuns(), [runs[0]: true])
        XCTAssertEqual(try results(folder + "/r/" + runs[0])["complete"] as? Bool, true)
    }

    /// A night with no baseline is its gate: a Ctrl-C once the gate has measured cuts nothing short. It was recorded
    /// incomplete "before the paired comparison with the baseline" no one asked for (never a baseline, out of the
    /// site), and a stop during the recording exited 130 without a word.
    func testOneSignalAfterAGateOnlyNightSaysSoAndRecordsItComplete() throws {
        let (nightly, log) = try nightlyHeldAfterTheMeasuring()
        kill(nightly.processIdentifier, SIGINT)
        nightly.waitUntilExit()
        let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(nightly.terminationStatus, 130, stderr)
        XCTAssertFalse(stderr.contains("paired comparison"), stderr)
        XCTAssertTrue(stderr.contains("SIGINT came after the measuring ended: the night's run is complete and recorded"), stderr)
        let runs = try nightRuns()
        XCTAssertEqual(try recordedRuns(), [runs[0]: true])
    }

    /// A gate-only night held once it is measured (`--test-hold-after-measuring`), and the file its stderr goes to.
    private func nightlyHeldAfterTheMeasuring() throws -> (Process, String) {
        let log = folder + "/nightly.err"
        let nightly = try Framebudget.start([
            "nightly", "--branch", "night", "--database", folder + "/h.sqlite", "--reports", folder + "/r",
            "--test-hold-after-measuring", "--",
            "--allow-debug", "--quick", "--budgets", folder + "/budgets.yaml", "texture-upload/optimized/256x192"], stderrLog: log)
        Framebudget.waitFor("holding after the measuring", in: log)
        return (nightly, log)
    }

    /// Ctrl-Z stops the night and its gate (which the terminal's SIGTSTP, sent to the night's process group, does
    /// not reach), and `fg`'s SIGCONT continues both: the gate used to measure on while the night was stopped.
    func testCtrlZStopsTheGateWithTheNightAndFgContinuesBoth() throws {
        let (nightly, log) = try nightlyWaitingAfterOneBenchmark()
        let found = try Framebudget.command("/usr/bin/pgrep", ["-f", "gate --reports \(folder)/r"])
        let gate = try XCTUnwrap(Int32(found.stdout.split(separator: "\n").first ?? ""), found.stdout)
        kill(nightly.processIdentifier, SIGTSTP)
        XCTAssertTrue(Self.waitForState(of: gate, stopped: true), "the gate stopped with the night")
        XCTAssertTrue(Self.waitForState(of: nightly.processIdentifier, stopped: true), "the night stopped")
        kill(nightly.processIdentifier, SIGCONT)
        XCTAssertTrue(Self.waitForState(of: gate, stopped: false), "the gate continued with the night")
        usleep(600_000)
        kill(nightly.processIdentifier, SIGINT)
        nightly.waitUntilExit()
        XCTAssertEqual(nightly.terminationStatus, 130, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    /// A nightly whose gate has saved its first benchmark and waits for a signal (`gate`: more gate test hooks), and
    /// the file its stderr goes to.
    private func nightlyWaitingAfterOneBenchmark(nightlyOptions: [String] = [], gate: [String] = []) throws -> (Process, String) {
        let log = folder + "/nightly.err"
        let nightly = try Framebudget.start([
            "nightly", "--branch", "night", "--database", folder + "/h.sqlite", "--reports", folder + "/r",
            "--baseline-executable", Framebudget.binary.path] + shortPairs + nightlyOptions
            + ["--", "--allow-debug", "--quick", "--budgets", folder + "/budgets.yaml", "--test-wait-for-signal-after", "1"]
            + gate + ["texture-upload/*"], stderrLog: log)
        Framebudget.waitFor("waiting for a signal after 1 benchmarks", in: log)
        return (nightly, log)
    }

    /// Polls /proc/PID/stat until the process is stopped (state T) or not, for up to 10 s; true when it got there.
    private static func waitForState(of pid: Int32, stopped: Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let state = stat[stat.index(close, offsetBy: 2)]
            if (state == "T") == stopped { return true }
            usleep(20_000)
        }
        return false
    }

    /// A night is recorded complete only when both halves ran: one stopped in its paired half is never a baseline.
    func testASignalDuringThePairedComparisonRecordsTheNightIncomplete() throws {
        let log = folder + "/nightly.err"
        let nightly = try Framebudget.start([
            "nightly", "--branch", "night", "--database", folder + "/h.sqlite", "--reports", folder + "/r",
            "--baseline-executable", Framebudget.binary.path, "--min-pairs", "200", "--max-pairs", "200"] + shortPairs
            + ["--", "--allow-debug", "--quick", "--budgets", folder + "/budgets.yaml", "texture-upload/optimized/256x192"],
            stderrLog: log)
        let deadline = Date().addingTimeInterval(300)
        while !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("pair 2:") {
            guard nightly.isRunning, Date() < deadline else { return XCTFail("the paired comparison never reached pair 2") }
            usleep(50_000)
        }
        kill(nightly.processIdentifier, SIGINT)
        nightly.waitUntilExit()
        let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(nightly.terminationStatus, 130, stderr)
        XCTAssertTrue(stderr.contains("interrupted by SIGINT after the gate, during the paired comparison with the baseline"), stderr)
        let runs = try nightRuns()
        XCTAssertEqual(runs.count, 1)
        let json = try results(folder + "/r/" + runs[0])
        XCTAssertEqual(json["complete"] as? Bool, false)
        XCTAssertEqual(json["interruptingSignal"] as? String, "SIGINT")
        XCTAssertNotNil(json["pairedChange"], "what the pairs measured is kept")
        // The gate's reports are written again from the run as it now is: every file says it is incomplete.
        let verdicts = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/r/" + runs[0] + "/verdicts.json"))) as! [String: Any]
        XCTAssertEqual(verdicts["complete"] as? Bool, false)
        let junit = try String(contentsOfFile: folder + "/r/" + runs[0] + "/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("<property name=\"complete\" value=\"false\"/>"), junit)
        let baseline = try Framebudget.run(["history", "baseline-commit", "--branch", "night", "--database", folder + "/h.sqlite"])
        XCTAssertEqual(baseline.status, 0, baseline.stderr)
        XCTAssertEqual(baseline.stdout, "", "an incomplete night is no baseline")
    }

    /// A history server that is down spools the run (exit 5 when the night passed), but a failed budget is still 1:
    /// a CI step that tests for 1 must not read the night's failure as an outage.
    func testAFailedBudgetKeepsItsStatusWhenTheHistoryServerIsDownAndTheRunIsSpooled() throws {
        let budgets = try String(contentsOfFile: folder + "/budgets.yaml", encoding: .utf8)
        try budgets.replacingOccurrences(of: "limit: 10\n", with: "limit: 0.000000001\n")
            .write(toFile: folder + "/tight.yaml", atomically: true, encoding: .utf8)
        let down = "postgres://fleet:x@127.0.0.1:9/framebudget?sslmode=disable"
        for (file, status) in [("tight.yaml", Int32(1)), ("budgets.yaml", 5)] {
            let result = try Framebudget.run([
                "nightly", "--branch", "night", "--database", down, "--reports", folder + "/r",
                "--", "--allow-debug", "--quick", "--budgets", folder + "/" + file, "texture-upload/optimized/256x192"])
            XCTAssertEqual(result.status, status, "\(file): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("cannot reach the history server"), result.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/r/spool").count, 2, "both nights kept")
    }

    func testTheGateThePairedChangeAndTheHistoryRecord() throws {
        let binary = Framebudget.binary.path
        let result = try Framebudget.run([
            "nightly", "--branch", "night", "--database", folder + "/h.sqlite", "--reports", folder + "/r",
            "--baseline-executable", binary, "--min-pairs", "2", "--max-pairs", "2"] + shortPairs
            + ["--", "--allow-debug", "--quick", "--budgets", folder + "/budgets.yaml", "texture-upload/optimized/256x192"])
        XCTAssertTrue([0, 1].contains(result.status), result.stderr)
        let runs = try nightRuns()
        XCTAssertEqual(runs.count, 1)
        let run = folder + "/r/" + runs[0]
        XCTAssertTrue(FileManager.default.fileExists(atPath: run + "/paired.md"))
        let json = try results(run)
        XCTAssertEqual(json["complete"] as? Bool, true)
        let paired = try XCTUnwrap(json["pairedChange"] as? [String: Any], "the paired change is kept with the run")
        let entries = paired["benchmarks"] as! [[String: Any]]
        XCTAssertEqual(entries.map { $0["id"] as! String }, ["texture-upload/optimized/256x192"],
                       "the gate's budgeted benchmarks: its budgets file, and its filter (not memcpy's budget)")
        XCTAssertEqual(entries[0]["pairs"] as? Int, 2)
        let junit = try String(contentsOfFile: run + "/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("<testsuite name=\"paired\""), "the paired half in the CI test view: \(junit)")
        XCTAssertTrue(try String(contentsOfFile: run + "/report.md", encoding: .utf8).contains("### Paired comparison"))
        let schema = try Framebudget.python([Framebudget.repositoryRoot + "/Schemas/validate.py", run + "/results.json"])
        XCTAssertEqual(schema.status, 0, "results.json with its paired change against the schema: \(schema.stdout)")
        let list = try Framebudget.run(["history", "list", "--database", folder + "/h.sqlite", "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains(runs[0]), list.stdout)
        let baseline = try Framebudget.run(["history", "baseline-commit", "--branch", "night", "--database", folder + "/h.sqlite"])
        XCTAssertEqual(baseline.status, 0, baseline.stderr)
        let none = try Framebudget.run(["history", "baseline-commit", "--branch", "other", "--database", folder + "/h.sqlite"])
        XCTAssertEqual(none.status, 0, none.stderr)
        XCTAssertEqual(none.stdout, "", "a branch without a complete run has no baseline yet")
    }
}
