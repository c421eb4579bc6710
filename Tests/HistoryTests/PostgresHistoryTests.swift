import Foundation
import History
@testable import PostgresHistory
import XCTest

/// What only a server can do wrong: schema versions met by several runners, and a server that is unreachable,
/// refuses the connection, or goes away in the middle of a record. On the server of `make test` (skipped without it).
final class PostgresHistoryTests: XCTestCase {
    private var url: PostgresURL!

    override func setUpWithError() throws { url = try TestPostgres.freshDatabase() }

    override func tearDownWithError() throws { if let url { try TestPostgres.drop(url) } }

    private func runCount() throws -> String? { try TestPostgres.value("SELECT count(*)::text FROM runs", on: url) }

    func testANewerSchemaIsRefusedBeforeAnythingIsWritten() throws {
        _ = try PostgresHistoryStore(url: url)
        try TestPostgres.execute("INSERT INTO framebudget_schema (version) VALUES (99)", on: url)
        for access in [HistoryDatabase.Access.readWrite, .readOnly] {
            XCTAssertThrowsError(try PostgresHistoryStore(url: url, access: access)) { error in
                XCTAssertEqual(error as? HistoryError, .newerDatabase(path: url.redacted, found: 99,
                                                                      supported: PostgresHistorySchema.currentVersion))
                XCTAssertTrue("\(error)".contains("newer than this framebudget handles"), "\(error)")
            }
        }
        XCTAssertEqual(try TestPostgres.value("SELECT max(version)::text FROM framebudget_schema", on: url), "99")
    }

    func testReadingAServerWithoutHistoryCreatesNothing() throws {
        XCTAssertThrowsError(try PostgresHistoryStore(url: url, access: .readOnly)) { error in
            XCTAssertEqual(error as? HistoryError, .noHistory(location: url.redacted))
        }
        XCTAssertEqual(try TestPostgres.value("SELECT to_regclass('framebudget_schema')::text", on: url), nil)
    }

    /// Schema 2 adds each run's process runs: a server of schema 1 is read as it is, and the first writer back-fills
    /// the process runs of the runs already there from their documents.
    func testAServerOfSchemaOneGainsTheProcessRunsOfItsRunsWhenOpenedForWriting() throws {
        let night = StoreContract.replicatedNight(1)
        try PostgresHistoryStore(url: url).record(night, branch: "main")
        try TestPostgres.execute("DROP TABLE run_process_runs", on: url)
        try TestPostgres.execute("DELETE FROM framebudget_schema WHERE version > 1", on: url)
        let reader = try PostgresHistoryStore(url: url, access: .readOnly)
        XCTAssertEqual(try reader.noiseFloor(of: "a/x/1", machineClass: night.machineClass)?.degreesOfFreedom, 2)
        XCTAssertEqual(try TestPostgres.value("SELECT to_regclass('run_process_runs')::text", on: url), nil, "reading did not migrate")
        let onRecord = try PostgresHistoryStore(url: url).processRunsOnRecord(of: night)
        XCTAssertEqual(onRecord.counted, ["a/x/1": ["night-01-1", "night-01-2", "night-01-3"]])
        XCTAssertTrue(onRecord.holdsAll(of: night))
    }

    /// Schema 3 keeps a merged result's process runs' statistics in its row (as its reports give them): a row an
    /// older framebudget wrote from the pooled samples is recomputed from its document by the first writer.
    func testAServerOfSchemaTwoGetsItsMergedRowsRecomputedWhenOpenedForWriting() throws {
        let night = StoreContract.replicatedNight(1)
        let result = try XCTUnwrap(night.benchmark("a/x/1"))
        let reported = result.reported(.median, runID: night.runID).value
        XCTAssertNotEqual(reported, result.statistics.median)
        try PostgresHistoryStore(url: url).record(night, branch: "main")
        XCTAssertEqual(Double(try XCTUnwrap(try TestPostgres.value("SELECT median::text FROM results", on: url))) ?? 0, reported,
                       accuracy: 1e-9 * reported, "recorded as the reports give it")
        try TestPostgres.execute("UPDATE results SET median = \(result.statistics.median)", on: url)
        try TestPostgres.execute("DELETE FROM framebudget_schema WHERE version > 2", on: url)
        _ = try PostgresHistoryStore(url: url)
        XCTAssertEqual(Double(try XCTUnwrap(try TestPostgres.value("SELECT median::text FROM results", on: url))) ?? 0, reported,
                       accuracy: 1e-9 * reported, "recomputed by migration 3")
        XCTAssertEqual(try TestPostgres.value("SELECT max(version)::text FROM framebudget_schema", on: url), "3")
    }

    func testRunnersMeetingANewServerAtOnceMigrateItOnce() throws {
        let failures = Failures()
        let done = DispatchGroup()
        for _ in 0..<4 {
            done.enter()
            Thread { [url] in
                do { _ = try PostgresHistoryStore(url: url!) } catch { failures.add("\(error)") }
                done.leave()
            }.start()
        }
        done.wait()
        XCTAssertEqual(failures.all, [])
        XCTAssertEqual(try TestPostgres.value("SELECT count(*)::text FROM framebudget_schema", on: url),
                       "\(PostgresHistorySchema.currentVersion)", "each migration applied once")
    }

    func testAnUnreachableServerIsOneLineAtOnce() throws {
        var closed = url!
        closed.port = try Self.closedPort()
        XCTAssertThrowsError(try PostgresHistoryStore(url: closed)) { error in
            XCTAssertEqual(error as? HistoryError, .serverUnreachable(location: closed.redacted, reason: "connection refused"))
            XCTAssertEqual("\(error)", "\(closed.redacted): cannot reach the history server: connection refused")
        }
    }

    func testAWrongPasswordIsRefusedWithoutShowingIt() throws {
        var wrong = url!
        wrong.password = "not-the-password"
        XCTAssertThrowsError(try PostgresHistoryStore(url: wrong)) { error in
            guard case .serverRefused(_, let reason) = error as? HistoryError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("password authentication failed"), reason)
            XCTAssertFalse("\(error)".contains("not-the-password"))
        }
    }

    func testRequiringTLSFromAServerWithoutItIsRefused() throws {
        var secure = url!
        secure.tls = .require
        XCTAssertThrowsError(try PostgresHistoryStore(url: secure)) { error in
            guard case .serverRefused(_, let reason) = error as? HistoryError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("does not offer TLS"), reason)
        }
    }

    /// The server ends the writer's connection inside the record's transaction (as a server being stopped does):
    /// the record fails as a lost connection (or, should the client not notice the close, at its operation timeout),
    /// and nothing of the run is on the server.
    func testAConnectionLostInsideTheTransactionKeepsNothingOfTheRun() throws {
        let store = try PostgresHistoryStore(url: url, operationTimeout: 5)
        let database = url.database, server = try TestPostgres.serverURL()
        XCTAssertThrowsError(try store.record(StoreContract.night(1), document: nil, branch: "main") {
            let ended = try? TestPostgres.psql("""
                SELECT count(pg_terminate_backend(pid, 5000))::text FROM pg_stat_activity
                WHERE datname = '\(database)' AND pid <> pg_backend_pid()
                """, on: server)
            XCTAssertEqual(ended, "1", "the writer's connection, ended")
        }) { error in
            guard case .connectionLost = error as? HistoryError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try runCount(), "0")
        XCTAssertEqual(try TestPostgres.value("SELECT count(*)::text FROM results", on: url), "0")
        try PostgresHistoryStore(url: url).record(StoreContract.night(1), branch: "main")
        XCTAssertEqual(try runCount(), "1", "recorded once the server is back")
    }

    /// A TCP port on loopback where nothing listens (bound, then closed).
    private static func closedPort() throws -> Int {
        let output = Pipe()
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1]); s.close()"]
        python.standardOutput = output
        try python.run()
        python.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return try XCTUnwrap(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}

/// Errors collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var errors = [String]()

    func add(_ error: String) { lock.withLock { errors.append(error) } }
    var all: [String] { lock.withLock { errors } }
}
