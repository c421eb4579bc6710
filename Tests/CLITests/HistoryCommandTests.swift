import Foundation
import XCTest

/// `framebudget history` end to end, and the database's safety with real processes killed or racing.
final class HistoryCommandTests: XCTestCase {
    private var folder = ""
    private var database: String { folder + "/history.sqlite" }

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-history-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func sqlite(_ statement: String) throws -> String {
        let script = "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); r = c.execute(sys.argv[2]).fetchall(); c.commit(); print(r[0][0] if r else '')"
        let result = try Framebudget.python(["-c", script, database, statement])
        XCTAssertEqual(result.status, 0, result.stdout)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until `file` contains `text` (a child announcing it reached a point), at most 60 s.
    private func wait(for text: String, in file: String) { Framebudget.waitFor(text, in: file) }

    func testRecordListShowAndPlotATrend() throws {
        for night in 1...3 {
            let file = try ResultsFixtures.write(to: folder + "/n\(night).json", runID: "night-\(night)",
                                                 slower: "texture-upload/optimized", factor: night == 3 ? 1.2 : 1)
            let record = try Framebudget.run(["history", "record", file, "--branch", "main", "--database", database])
            XCTAssertEqual(record.status, 0, record.stderr)
            XCTAssertTrue(record.stdout.hasPrefix("recorded run night-\(night) as #\(night) (2 benchmarks)"), record.stdout)
        }
        let list = try Framebudget.run(["history", "list", "--database", database])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(list.stdout.split(separator: "\n").count, 5, list.stdout)
        XCTAssertTrue(list.stdout.split(separator: "\n")[2].hasPrefix("3  night-3"), list.stdout)
        let show = try Framebudget.run(["history", "show", "texture-upload/optimized/256x192", "--database", database])
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains("night-3"))
        let plot = try Framebudget.run(["history", "plot", "texture-upload/optimized/256x192", "--budget-ms", "0.05",
                                        "--out", folder + "/trends", "--database", database])
        XCTAssertEqual(plot.status, 0, plot.stderr)
        // Without --budget-ms the line comes from the budgets file: the committed one holds this id at 1 ms.
        let fromFile = try Framebudget.run(["history", "plot", "texture-upload/optimized/256x192", "--out", folder + "/budgeted",
                                            "--database", database, "--budgets", Framebudget.repositoryRoot + "/Benchmarks/budgets.yaml"])
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        let again = try Framebudget.run(["history", "record", folder + "/n1.json", "--database", database])
        XCTAssertEqual(again.status, 2)
        XCTAssertEqual(again.stderr, "framebudget: error: run night-1 is already recorded (nothing changed)\n")
        // Another run under the same id (a CI job's fixed --run-id) is named as such, with its file.
        let other = try ResultsFixtures.write(to: folder + "/other.json", runID: "night-1", slower: "texture-upload/optimized", factor: 1.5)
        let taken = try Framebudget.run(["history", "record", other, "--database", database])
        XCTAssertEqual(taken.status, 2)
        XCTAssertEqual(taken.stderr, "framebudget: error: \(other): run id 'night-1' is recorded for another run (other samples): "
                       + "nothing changed; record this run under a run id of its own (--run-id)\n")
        try Framebudget.requireGnuplot()
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/trends/trend-texture-upload_optimized_256x192.svg"))
        let svg = try String(contentsOfFile: folder + "/budgeted/trend-texture-upload_optimized_256x192.svg", encoding: .utf8)
        // The committed budget limits the p95: drawn over the p95 per run, never over the medians alone.
        XCTAssertTrue(svg.contains("p95 budget &lt; 1 ms"), "the budget line's legend, with its direction: \(svg)")
        XCTAssertTrue(svg.contains("p95 per run"), "the series the budget limits")
    }

    /// A fixture run whose environment says it was built in `configuration`.
    private func run(_ runID: String, builtIn configuration: String) throws -> String {
        let file = try ResultsFixtures.write(to: folder + "/\(runID).json", runID: runID)
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [String: Any]
        var environment = json["environment"] as! [String: Any]
        environment["buildConfiguration"] = configuration
        json["environment"] = environment
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: file))
        return file
    }

    func testADebugBuildsRunIsRecordedWithAWarningThatItStandsApart() throws {
        let debug = try run("debug-1", builtIn: "debug")
        let record = try Framebudget.run(["history", "record", debug, "--database", database])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertEqual(record.stderr, "framebudget: \(database): a new history database (no file was there)\n"
                       + "framebudget: warning: \(debug): a debug build's run: recorded in a series of its own "
                       + "(build=debug); release runs are never compared with it\n", "a mistyped path is seen at once")
        let release = try run("release-1", builtIn: "release")
        XCTAssertEqual(try Framebudget.run(["history", "record", release, "--database", database]).stderr, "")
    }

    func testAMergeOfRecordedProcessRunsIsRecordedWithAWarningOrRefusedWhenItHoldsNothingNew() throws {
        let night = try ResultsFixtures.mergedSide(in: folder, name: "night-1", levels: [1.0, 1.004, 0.997])
        let first = try Framebudget.run(["history", "record", night, "--database", database])
        XCTAssertFalse(first.stderr.contains("process runs"), first.stderr)
        let extra = try ResultsFixtures.writeScaled(to: folder + "/extra.json", runID: "extra", scales: ["/": 1.002])
        let again = folder + "/again.json"
        let parts = (1...3).map { "\(folder)/night-1-\($0).json" } + [extra]
        XCTAssertEqual(try Framebudget.run(["merge", "--out", again, "--run-id", "again"] + parts).status, 0)
        let record = try Framebudget.run(["history", "record", again, "--database", database])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(record.stderr.contains("framebudget: warning: \(again): 3 of its process runs (night-1-1, night-1-2, "
                      + "night-1-3) are already recorded (in run night-1): its trend point shares their samples, and its "
                      + "between-run spreads leave them out\n"), record.stderr)
        XCTAssertTrue(record.stdout.hasPrefix("recorded run again as #2"), record.stdout)
        let single = try Framebudget.run(["history", "record", "\(folder)/night-1-2.json", "--database", database])
        XCTAssertEqual(single.status, 2)
        XCTAssertTrue(single.stderr.hasSuffix("framebudget: error: run night-1-2 measures nothing new: each of its process runs "
                      + "is already recorded (in run again, night-1); nothing changed\n"), single.stderr)
    }

    func testReadingCommandsNeedAnExistingDatabaseAndUnknownBenchmarksAreBadInput() throws {
        let list = try Framebudget.run(["history", "list", "--database", database])
        XCTAssertEqual(list.status, 2)
        XCTAssertTrue(list.stderr.contains("no history database"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: database), "reading never creates a database")
        let file = try ResultsFixtures.write(to: folder + "/n1.json", runID: "night-1")
        XCTAssertEqual(try Framebudget.run(["history", "record", file, "--database", database]).status, 0)
        let show = try Framebudget.run(["history", "show", "nope/x/1", "--database", database])
        XCTAssertEqual(show.status, 2)
        XCTAssertTrue(show.stderr.contains("no recorded results for benchmark 'nope/x/1'"))
        // Refused before the folder is made, not after (it used to leave an empty one).
        let plot = try Framebudget.run(["history", "plot", "nope/x/1", "--out", folder + "/deep/trends", "--database", database])
        XCTAssertEqual(plot.status, 2, plot.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/deep"), "a refused plot made its folder")
        let bogus = try Framebudget.run(["history", "show", "texture-upload/optimized/256x192", "--machine-class", "bogus",
                                         "--database", database])
        XCTAssertEqual(bogus.status, 2)
        XCTAssertEqual(bogus.stderr, "framebudget: error: --machine-class bogus: no such machine class in \(database) (see history list)\n")
    }

    /// A bad spooled run is the spool's problem, named before any database is opened (a failed flush used to create
    /// an empty history, and blame it); a file where the spool folder should be is not an empty spool.
    func testFlushNamesABadSpoolBeforeTouchingTheDatabase() throws {
        let spool = folder + "/spool"
        try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: spool + "/r1.json", contents: Data())
        let flush = try Framebudget.run(["history", "flush", "--database", database, "--spool", spool])
        XCTAssertEqual(flush.status, 2, flush.stderr)
        XCTAssertEqual(flush.stderr, "framebudget: error: \(spool)/r1.json: not a spooled run (the file is empty) (the spool is left as it was)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: database), "a failed flush created the database")
        let file = folder + "/spool-file"
        FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let onFile = try Framebudget.run(["history", "flush", "--database", database, "--spool", file])
        XCTAssertEqual(onFile.status, 2, onFile.stderr)
        XCTAssertEqual(onFile.stderr, "framebudget: error: \(file): is a file, not a spool folder (the spool is left as it was)\n")
        // A spooled entry whose name disagrees with the run it holds used to be sent under the wrong name.
        try FileManager.default.removeItem(atPath: spool + "/r1.json")
        let document = try Data(contentsOf: URL(fileURLWithPath: try ResultsFixtures.write(to: folder + "/r1.json", runID: "r1")))
        let entry = try JSONSerialization.data(withJSONObject: ["runID": "zzz", "branch": "main", "document": document.base64EncodedString()])
        try entry.write(to: URL(fileURLWithPath: spool + "/zzz.json"))
        let mismatch = try Framebudget.run(["history", "flush", "--database", database, "--spool", spool])
        XCTAssertEqual(mismatch.status, 0, mismatch.stderr)
        XCTAssertEqual(mismatch.stderr, "framebudget: warning: spooled run zzz (\(spool)/zzz.json) not sent: it holds run r1\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: spool + "/zzz.json"), "the entry stays for a person to look at")
    }

    /// A mistyped server URL (one slash) was used as an SQLite path: exit 0, "recorded", and folders named after the
    /// password made; an upper-case scheme (schemes are case-insensitive) likewise. A flush with nothing spooled never
    /// looked at the address, and printed the password.
    func testAMistypedServerURLIsRefusedAndAnUpperCaseSchemeIsAServer() throws {
        let file = try ResultsFixtures.write(to: folder + "/n1.json", runID: "night-1")
        let mistyped = "postgres:/fleet:secretpw1@127.0.0.1:9/framebudget"
        let result = try Framebudget.run(["history", "record", file, "--database", mistyped], directory: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "framebudget: error: history postgres:/fleet:***@127.0.0.1:9/framebudget: a URL that names no "
                       + "PostgreSQL server (postgres://user:password@host:port/database); an SQLite file is a path\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/postgres:"), "no folder made of the URL")
        let upper = try Framebudget.run(["history", "record", file, "--database", "Postgres://fleet:secretpw1@127.0.0.1:9/framebudget",
                                         "--spool", folder + "/spool"], directory: folder)
        XCTAssertEqual(upper.status, 5, "a server, unreachable: spooled: \(upper.stderr)")
        XCTAssertFalse(upper.stderr.contains("secretpw1"), upper.stderr)
        let flush = try Framebudget.run(["history", "flush", "--database", "postgres://fleet:TopSecret@127.0.0.1:notaport/framebudget",
                                         "--spool", folder + "/empty"])
        XCTAssertEqual(flush.status, 2, flush.stderr)
        XCTAssertFalse((flush.stdout + flush.stderr).contains("TopSecret"), flush.stdout + flush.stderr)
    }

    func testANewerDatabaseIsRefusedAndLeftUntouched() throws {
        let file = try ResultsFixtures.write(to: folder + "/n1.json", runID: "night-1")
        XCTAssertEqual(try Framebudget.run(["history", "record", file, "--database", database]).status, 0)
        _ = try sqlite("PRAGMA user_version = 7")
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let second = try ResultsFixtures.write(to: folder + "/n2.json", runID: "night-2")
        let result = try Framebudget.run(["history", "record", second, "--database", database])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("schema version 7 is newer than this framebudget handles (4)"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before)
        XCTAssertEqual(try sqlite("SELECT COUNT(*) FROM runs"), "1")
    }

    func testKill9InsideTheRecordTransactionLeavesNoPartialRunAndASoundDatabase() throws {
        let first = try ResultsFixtures.write(to: folder + "/n1.json", runID: "night-1")
        XCTAssertEqual(try Framebudget.run(["history", "record", first, "--database", database]).status, 0)
        let second = try ResultsFixtures.write(to: folder + "/n2.json", runID: "night-2")
        let log = folder + "/record.err"
        FileManager.default.createFile(atPath: log, contents: nil)
        let process = try Framebudget.start(["history", "record", second, "--database", database,
                                             "--test-pause-in-transaction", "30"],
                                            stderr: try FileHandle(forWritingTo: URL(fileURLWithPath: log)))
        wait(for: "paused inside the transaction", in: log)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(try sqlite("PRAGMA integrity_check"), "ok")
        XCTAssertEqual(try sqlite("SELECT COUNT(*) FROM runs"), "1", "the killed run is not visible")
        XCTAssertEqual(try sqlite("SELECT COUNT(*) FROM results WHERE run NOT IN (SELECT id FROM runs)"), "0")
        let verify = try Framebudget.run(["history", "verify", "--database", database])
        XCTAssertEqual(verify.stdout, "ok\n", verify.stderr)
        XCTAssertEqual(try Framebudget.run(["history", "record", second, "--database", database]).status, 0,
                       "the same run records fine afterwards")
    }

    /// After the commit, the checkpoint waits (up to the busy timeout) for a reader in a transaction: a Ctrl-C then
    /// said "stopped; nothing was left half-written" of a run that was recorded, and the retry was refused as
    /// already recorded. The stop line now names the recorded run.
    func testAStopWhileTheCheckpointWaitsForAReaderSaysTheRunIsRecorded() throws {
        let first = try ResultsFixtures.write(to: folder + "/n1.json", runID: "night-1")
        XCTAssertEqual(try Framebudget.run(["history", "record", first, "--database", database]).status, 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        reader.arguments = ["python3", "-c", """
            import sqlite3, time
            c = sqlite3.connect('\(database)', isolation_level=None)
            c.execute('BEGIN'); c.execute('SELECT COUNT(*) FROM runs').fetchall()
            print('reading', flush=True); time.sleep(30)
            """]
        let readerOut = Pipe()
        reader.standardOutput = readerOut
        try reader.run()
        defer { reader.terminate(); reader.waitUntilExit() }
        _ = readerOut.fileHandleForReading.availableData  // "reading": its snapshot is open
        let second = try ResultsFixtures.write(to: folder + "/n2.json", runID: "night-2")
        let log = folder + "/record.err"
        let process = try Framebudget.start(["history", "record", second, "--database", database], stderrLog: log)
        let deadline = Date().addingTimeInterval(60)
        while (try? sqlite("SELECT COUNT(*) FROM runs")) != "2" {
            guard process.isRunning, Date() < deadline else { return XCTFail("the record never committed while a reader read") }
            usleep(20_000)
        }
        usleep(300_000)
        XCTAssertTrue(process.isRunning, "the checkpoint waits for the reader")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(process.terminationStatus, 130, stderr)
        XCTAssertTrue(stderr.contains("SIGINT: stopped; nothing was left half-written; run night-2 as #2 in \(database) had been written"), stderr)
    }

    func testTwoProcessesRecordingAtOnceBothLand() throws {
        let first = try ResultsFixtures.write(to: folder + "/n1.json", runID: "night-1")
        let second = try ResultsFixtures.write(to: folder + "/n2.json", runID: "night-2")
        XCTAssertEqual(try Framebudget.run(["history", "list", "--database", database]).status, 2)
        // The first holds the write lock until the test releases it; the second is released only once it has
        // said it waits for that lock: the writers always contend, and the second must wait, not fail.
        let release = folder + "/release"
        let slow = try Framebudget.start(["history", "record", first, "--database", database,
                                          "--test-hold-in-transaction-until", release], stderrLog: folder + "/slow.err")
        wait(for: "paused inside the transaction", in: folder + "/slow.err")
        let fast = try Framebudget.start(["history", "record", second, "--database", database, "--test-announce-lock-wait"],
                                         stderrLog: folder + "/fast.err")
        wait(for: "waiting for the write lock", in: folder + "/fast.err")
        XCTAssertTrue(fast.isRunning, "still waiting while the first holds the lock")
        FileManager.default.createFile(atPath: release, contents: nil)
        slow.waitUntilExit()
        fast.waitUntilExit()
        XCTAssertEqual(slow.terminationStatus, 0)
        XCTAssertEqual(fast.terminationStatus, 0, (try? String(contentsOfFile: folder + "/fast.err", encoding: .utf8)) ?? "")
        XCTAssertEqual(try sqlite("SELECT COUNT(*) FROM runs"), "2")
        XCTAssertEqual(try sqlite("PRAGMA integrity_check"), "ok")
    }

    func testCompareResolvesRecordedRunsBranchesAndCommitsThroughTheDatabase() throws {
        let first = try ResultsFixtures.mergedSide(in: folder, name: "night-1", levels: [1.0, 1.004, 0.997])
        let second = try ResultsFixtures.mergedSide(in: folder, name: "night-2", levels: [0.998, 1.003, 1.001], slower: "memcpy", factor: 1.3)
        for file in [first, second] {
            XCTAssertEqual(try Framebudget.run(["history", "record", file, "--branch", "main", "--database", database]).status, 0)
        }
        let byRun = try Framebudget.run(["compare", "night-1", "2", "--database", database])
        XCTAssertEqual(byRun.status, 1, byRun.stderr)
        XCTAssertTrue(byRun.stdout.contains("1 regressed"), byRun.stdout)
        let byBranch = try Framebudget.run(["compare", "main", second, "--database", database])
        XCTAssertEqual(byBranch.status, 0, "the newest run on main is night-2 itself: \(byBranch.stdout)")
        let unknown = try Framebudget.run(["compare", "no-such-branch", second, "--database", database])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("framebudget: error: baseline 'no-such-branch': "), unknown.stderr)
    }

    /// The history's noise floors are spreads of medians: a percentile is compared without them (a p95's per-run
    /// spread is 2–6× a median's here, and a median's floor made same-build p95s "improved").
    func testComparingAPercentileTakesNoNoiseFloorOfMedians() throws {
        let first = try ResultsFixtures.mergedSide(in: folder, name: "night-1", levels: [1.0, 1.004, 0.997])
        let second = try ResultsFixtures.mergedSide(in: folder, name: "night-2", levels: [0.998, 1.003, 1.001])
        for file in [first, second] {
            XCTAssertEqual(try Framebudget.run(["history", "record", file, "--branch", "main", "--database", database]).status, 0)
        }
        func priors(_ statistic: String) throws -> (degrees: [Double?], stderr: String) {
            let compare = try Framebudget.run(["compare", first, second, "--statistic", statistic, "--database", database,
                                               "--format", "json"])
            let json = try JSONSerialization.jsonObject(with: Data(compare.stdout.utf8)) as? [String: Any]
            let rows = try XCTUnwrap(json?["benchmarks"] as? [[String: Any]], compare.stdout)
            return (rows.map { ($0["runLevel"] as? [String: Any])?["priorDegreesOfFreedom"] as? Double }, compare.stderr)
        }
        let median = try priors("median")
        XCTAssertTrue(median.degrees.contains { $0 != nil }, "the medians take the floors: \(median.degrees)")
        XCTAssertEqual(median.stderr, "")
        let tail = try priors("p95")
        XCTAssertEqual(tail.degrees.compactMap { $0 }, [])
        XCTAssertEqual(tail.stderr, "framebudget: warning: --statistic p95: the history's noise floors are of medians; "
                                    + "compared without them\n")
    }

    /// A fleet sets its history once, in FRAMEBUDGET_DATABASE: `compare` and `gate --baseline` read it as the
    /// history commands do (they looked in Reports/history.sqlite and found no history).
    func testCompareAndGateBaselineReadTheHistoryNamedByTheEnvironment() throws {
        let first = try ResultsFixtures.mergedSide(in: folder, name: "night-1", levels: [1.0, 1.004, 0.997])
        let second = try ResultsFixtures.mergedSide(in: folder, name: "night-2", levels: [0.998, 1.003, 1.001], slower: "memcpy", factor: 1.3)
        let fleet = ["FRAMEBUDGET_DATABASE": database]
        XCTAssertEqual(try Framebudget.run(["history", "record", first, "--branch", "main"], environment: fleet).status, 0)
        let compare = try Framebudget.run(["compare", "main", second], environment: fleet)
        XCTAssertEqual(compare.status, 1, compare.stderr)
        XCTAssertTrue(compare.stdout.contains("1 regressed"), compare.stdout)
        let gate = try Framebudget.run(["gate", "--results", second, "--out", folder + "/gate", "--baseline", "main"], environment: fleet)
        XCTAssertFalse(gate.stderr.contains("no history database"), gate.stderr)
        XCTAssertEqual(gate.status, 1, gate.stderr)
        XCTAssertTrue(gate.stderr.contains("1 regressed against newest complete run night-1 on branch main"), gate.stderr)
    }

    func testAResultsFileOfAnotherSchemaVersionIsRefusedBeforeTheDatabaseIsCreated() throws {
        var newer = try ResultsFixtures.realRun()
        newer["schemaVersion"] = 2
        try JSONSerialization.data(withJSONObject: newer).write(to: URL(fileURLWithPath: folder + "/newer.json"))
        let result = try Framebudget.run(["history", "record", folder + "/newer.json", "--database", database])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: \(folder)/newer.json: schema version 2 is newer than this framebudget reads (1); upgrade framebudget\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: database))
    }

    func testProcessesCreatingANewDatabaseAtTheSameMomentAllLand() throws {
        // Both find the new database's schema incomplete and migrate it; the loser's migration fails once the
        // winner's has committed ("duplicate column", "table runs already exists") and it must go on, not fail.
        // Six processes started together met like this in about 2 of 5 trials; here the meeting is forced: the
        // first holds its last migration open until the test releases it, and the second is released only once it
        // has read the schema as incomplete and waits for the write lock to migrate it too.
        let release = folder + "/release"
        let first = try Framebudget.start(["history", "record", try ResultsFixtures.write(to: folder + "/r0.json", runID: "r0"),
                                           "--database", database, "--test-hold-in-migration-until", release],
                                          stderrLog: folder + "/first.err")
        wait(for: "paused inside the migration", in: folder + "/first.err")
        let second = try Framebudget.start(["history", "record", try ResultsFixtures.write(to: folder + "/r1.json", runID: "r1"),
                                            "--database", database, "--test-announce-lock-wait"], stderrLog: folder + "/second.err")
        wait(for: "waiting for the write lock", in: folder + "/second.err")
        XCTAssertTrue(second.isRunning, "still waiting while the first migrates")
        _ = FileManager.default.createFile(atPath: release, contents: nil)
        first.waitUntilExit()
        second.waitUntilExit()
        XCTAssertEqual(first.terminationStatus, 0, (try? String(contentsOfFile: folder + "/first.err", encoding: .utf8)) ?? "")
        XCTAssertEqual(second.terminationStatus, 0, (try? String(contentsOfFile: folder + "/second.err", encoding: .utf8)) ?? "")
        XCTAssertEqual(try sqlite("SELECT COUNT(*) FROM runs"), "2")
    }
}
