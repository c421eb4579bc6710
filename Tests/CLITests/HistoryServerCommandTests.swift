import Foundation
import XCTest

/// `framebudget history` with `--database postgres://…`: a fleet's shared history on a real server (the one of
/// `make test`, scripts/test-postgres.sh; skipped without FRAMEBUDGET_TEST_POSTGRES_URL), and what happens to a
/// run when that server is unreachable, refuses the connection, or the writer is killed mid-record.
final class HistoryServerCommandTests: XCTestCase {
    private var folder = ""
    private var server = ""
    private var database = ""
    private var url: String { server.replacingOccurrences(of: "/framebudget_test?", with: "/\(database)?") }
    private var shownURL: String { url.replacingOccurrences(of: #":[0-9a-f]+@"#, with: "@", options: .regularExpression)
        .replacingOccurrences(of: "?sslmode=disable", with: "") }
    private var spool: String { folder + "/spool" }

    override func setUpWithError() throws {
        guard let value = ProcessInfo.processInfo.environment["FRAMEBUDGET_TEST_POSTGRES_URL"], !value.isEmpty else {
            throw XCTSkip("FRAMEBUDGET_TEST_POSTGRES_URL is not set: no PostgreSQL server to test against (make test starts one)")
        }
        server = value
        folder = NSTemporaryDirectory() + "fb-history-server-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        database = "fb_cli_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        XCTAssertEqual(try psql("CREATE DATABASE \(database)", on: "framebudget_test"), "")
    }

    override func tearDownWithError() throws {
        guard !database.isEmpty else { return }
        _ = try psql("DROP DATABASE IF EXISTS \(database) WITH (FORCE)", on: "framebudget_test")
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs SQL on the test server with psql; the first column of the first row.
    private func psql(_ sql: String, on name: String? = nil) throws -> String {
        let target = server.replacingOccurrences(of: "/framebudget_test?", with: "/\(name ?? database)?")
        let result = try Framebudget.command("/usr/bin/env", ["psql", "-X", "-A", "-t", "-q", target, "-c", sql])
        XCTAssertEqual(result.status, 0, result.stdout)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func results(_ night: Int) throws -> String {
        try ResultsFixtures.write(to: folder + "/n\(night).json", runID: "night-\(night)")
    }

    /// The same address with a port where nothing listens.
    private var unreachableURL: String { url.replacingOccurrences(of: #"@127\.0\.0\.1:[0-9]+/"#, with: "@127.0.0.1:9/",
                                                                   options: .regularExpression) }

    func testRecordAndListOnTheServerNamedByTheEnvironmentOrTheFlag() throws {
        let record = try Framebudget.run(["history", "record", try results(1), "--branch", "main"],
                                         environment: ["FRAMEBUDGET_DATABASE": url])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertEqual(record.stdout, "recorded run night-1 as #1 (2 benchmarks) in \(shownURL)\n")
        let password = try XCTUnwrap(URLComponents(string: server)?.password)
        XCTAssertFalse(record.stdout.contains(password), "the password is never shown")
        let list = try Framebudget.run(["history", "list", "--database", url], environment: ["FRAMEBUDGET_DATABASE": "nowhere.sqlite"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("night-1"), list.stdout)
        let again = try Framebudget.run(["history", "record", folder + "/n1.json", "--database", url])
        XCTAssertEqual(again.status, 2)
        XCTAssertEqual(again.stderr, "framebudget: error: run night-1 is already recorded (nothing changed)\n")
        XCTAssertEqual(try psql("SELECT count(*) FROM runs"), "1")
    }

    func testCompareReadsItsBaseFromTheServerByBranch() throws {
        let record = try Framebudget.run(["history", "record", try results(1), "--branch", "main", "--database", url])
        XCTAssertEqual(record.status, 0, record.stderr)
        let compare = try Framebudget.run(["compare", "main", try results(2), "--database", url, "--format", "json"])
        XCTAssertTrue([0, 3].contains(compare.status), "the same fixture on both sides: \(compare.stderr)")
        XCTAssertTrue(compare.stdout.contains("night-1"), "the base came from the server: \(compare.stdout)")
        let missing = try Framebudget.run(["compare", "no-such-branch", folder + "/n2.json", "--database", url])
        XCTAssertEqual(missing.status, 2, missing.stderr)
    }

    func testAnUnreachableServerSpoolsTheRunAndTheNextRecordSendsItFirst() throws {
        let missed = try Framebudget.run(["history", "record", try results(1), "--database", unreachableURL, "--spool", spool])
        XCTAssertEqual(missed.status, 5, missed.stderr)
        XCTAssertEqual(missed.stderr.split(separator: "\n").count, 1, missed.stderr)
        XCTAssertTrue(missed.stderr.contains("cannot reach the history server: connection refused; run night-1 spooled in \(spool)/night-1.json"),
                      missed.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: spool + "/night-1.json"))
        let next = try Framebudget.run(["history", "record", try results(2), "--database", url, "--spool", spool])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertTrue(next.stderr.contains("sent spooled run night-1 as #1"), next.stderr)
        XCTAssertTrue(next.stdout.hasPrefix("recorded run night-2 as #2"), next.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: spool), [])
        XCTAssertEqual(try psql("SELECT string_agg(run_id, ',' ORDER BY id) FROM runs"), "night-1,night-2")
    }

    /// One unreadable file in the spool (or a run a newer binary spooled) stopped every later record: exit 2, and the
    /// run being recorded was neither recorded nor spooled.
    func testAnUnreadableSpooledFileDoesNotKeepTheRunOutOfTheHistory() throws {
        try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: true)
        try #"{"runID":"#.write(toFile: spool + "/zz.json", atomically: true, encoding: .utf8)
        let record = try Framebudget.run(["history", "record", try results(1), "--database", url, "--spool", spool])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(record.stderr.contains("\(spool)/zz.json: not a spooled run"), record.stderr)
        XCTAssertEqual(try psql("SELECT run_id FROM runs"), "night-1")
        XCTAssertTrue(FileManager.default.fileExists(atPath: spool + "/zz.json"), "left for a person to look at")
    }

    func testFlushSendsTheSpooledRunsAndAWrongPasswordIsRefusedInOneLine() throws {
        let wrong = url.replacingOccurrences(of: #":[0-9a-f]+@"#, with: ":wrong@", options: .regularExpression)
        let refused = try Framebudget.run(["history", "record", try results(1), "--database", wrong, "--spool", spool])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertEqual(refused.stderr.split(separator: "\n").count, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("refused the connection: password authentication failed"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("wrong"), "the password is never shown")
        let flush = try Framebudget.run(["history", "flush", "--database", url, "--spool", spool])
        XCTAssertEqual(flush.status, 0, flush.stderr)
        XCTAssertTrue(flush.stdout.hasPrefix("sent 1 spooled run to \(shownURL); 0 left"), flush.stdout)
        XCTAssertEqual(try psql("SELECT run_id FROM runs"), "night-1")
    }

    /// kill -9 of a writer inside its transaction: the server rolls it back; nothing of the run is there, and the
    /// same run records afterwards.
    func testAWriterKilledInsideItsTransactionLeavesNothing() throws {
        let file = try results(1), log = folder + "/writer.log"
        let writer = try Framebudget.start(["history", "record", file, "--database", url,
                                            "--test-hold-in-transaction-until", folder + "/never"], stderrLog: log)
        Framebudget.waitFor("paused inside the transaction", in: log)
        XCTAssertEqual(try psql("SELECT count(*) FROM runs"), "0", "not visible before the commit")
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        let record = try Framebudget.run(["history", "record", file, "--database", url])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertEqual(try psql("SELECT count(*) FROM runs"), "1")
        XCTAssertEqual(try psql("SELECT count(*) FROM results"), "2")
    }
}

/// A history server that cannot be reached is exit 5 in every command, reading ones included: CI can tell a
/// network fault from its own bad input (2) or a failed run (4). No server is needed: nothing listens on port 9.
final class HistoryServerUnreachableTests: XCTestCase {
    private var folder = ""
    private let unreachable = "postgres://fleet:secret@127.0.0.1:9/framebudget?sslmode=disable"

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-history-unreachable-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testEveryCommandThatMeetsAnUnreachableServerExitsFiveInOneLine() throws {
        let results = try ResultsFixtures.write(to: folder + "/n1.json", runID: "night-1")
        let commands: [[String]] = [
            ["history", "list", "--database", unreachable],
            ["history", "show", "texture-upload/memcpy/256x192", "--database", unreachable],
            ["history", "export", "--out", folder + "/e.csv", "--database", unreachable],
            ["history", "verify", "--database", unreachable],
            ["history", "baseline-commit", "--branch", "main", "--database", unreachable],
            ["compare", "main", results, "--database", unreachable],
            ["gate", "--results", results, "--baseline", "main", "--history-database", unreachable, "--out", folder + "/g"],
        ]
        for command in commands {
            let result = try Framebudget.run(command)
            XCTAssertEqual(result.status, 5, "\(command): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("postgres://fleet@127.0.0.1:9/framebudget: cannot reach the history server"),
                          "\(command): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("secret"), "no password in messages")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["n1.json"], "nothing written")
    }
}
