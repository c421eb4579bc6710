import Foundation
import XCTest

/// A history folder shared between users: one records, others read. The reading commands (`list`, `show`,
/// `verify`, and `compare`'s baseline and noise-floor look-ups, which `gate --baseline` and the nightly share) run
/// as users other than root, because root ignores folder and file permissions: a reader must work without write
/// access, and must never leave `-wal`/`-shm` files of its own that would stop the owner's next record.
final class HistorySharedFolderTests: XCTestCase {
    private var folder = ""
    private var database: String { folder + "/history.sqlite" }

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-history-shared-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// The database and whatever SQLite keeps beside it, with their owners: `history.sqlite-wal 64002`.
    private func databaseFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("history.sqlite") }.sorted().map { name in
            let owner = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.ownerAccountID] as? Int ?? -1
            return "\(name) \(owner)"
        }
    }

    private func chmod(_ path: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    private func record(_ file: String, branch: String = "main") throws {
        let result = try Framebudget.run(["history", "record", file, "--branch", branch, "--database", database])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// The usual share: the folder and the database belong to the recording account (here root), mode 0755/0644.
    /// Before the fix every reading command failed with exit 4, "cannot write the history database".
    func testAReaderWhoCannotWriteTheFolderListsShowsVerifiesAndComparesAgainstARecordedRun() throws {
        let reader = try OtherUser.nobody()
        let base = try ResultsFixtures.mergedSide(in: folder, name: "night-1", levels: [1.0, 1.004, 0.997])
        let head = try ResultsFixtures.mergedSide(in: folder, name: "night-2", levels: [0.998, 1.003, 1.001])
        try record(base)
        try chmod(folder, 0o755)
        try chmod(database, 0o644)
        let before = try databaseFiles()
        XCTAssertEqual(before, ["history.sqlite 0"])

        let list = try reader.run(["history", "list", "--database", database])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("night-1"), list.stdout)
        XCTAssertEqual(list.stderr, "")
        let show = try reader.run(["history", "show", "texture-upload/memcpy/256x192", "--database", database])
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains("night-1"), show.stdout)
        let verify = try reader.run(["history", "verify", "--database", database])
        XCTAssertEqual(verify.status, 0, verify.stderr)
        XCTAssertEqual(verify.stdout, "ok\n")
        // The baseline look-up by branch and the noise floors: what `gate --baseline main` and the nightly read.
        let compare = try reader.run(["compare", "main", head, "--database", database])
        XCTAssertEqual(compare.status, 0, compare.stdout + compare.stderr)
        XCTAssertTrue(compare.stdout.contains("0 regressed"), compare.stdout)
        XCTAssertEqual(try databaseFiles(), before, "nothing created beside the database")
    }

    /// A folder every user can write (or a group shares): the reader must still create nothing there. Before the
    /// fix its `-wal`/`-shm` stayed behind, owned by the reader, and the owner's next record failed with exit 4.
    func testAReaderWhoCanWriteTheFolderLeavesNothingThereAndTheOwnersNextRecordLands() throws {
        let owner = try OtherUser.unnamed(64_001), reader = try OtherUser.unnamed(64_002)
        let first = try ResultsFixtures.write(to: folder + "/n1.json", runID: "night-1")
        let second = try ResultsFixtures.write(to: folder + "/n2.json", runID: "night-2")
        try chmod(folder, 0o777)
        let recordFirst = try owner.run(["history", "record", first, "--database", database])
        XCTAssertEqual(recordFirst.status, 0, recordFirst.stderr)
        XCTAssertEqual(try databaseFiles(), ["history.sqlite 64001"])

        for command in [["list"], ["verify"], ["show", "texture-upload/memcpy/256x192"]] {
            let result = try reader.run(["history"] + command + ["--database", database])
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", "\(command)")
        }
        XCTAssertEqual(try databaseFiles(), ["history.sqlite 64001"], "no -wal/-shm of the reader's")

        let recordSecond = try owner.run(["history", "record", second, "--database", database])
        XCTAssertEqual(recordSecond.status, 0, recordSecond.stderr)
        XCTAssertTrue(recordSecond.stdout.hasPrefix("recorded run night-2 as #2"), recordSecond.stdout)
    }

    /// Writes still in the `-wal` (a writer stopped before checkpointing): with its `-shm` index a reader reads them
    /// without write access; without the index it cannot (and never creates one), so it shows the rest and says so
    /// in one line, instead of failing or showing stale data silently.
    func testWritesLeftInTheWALAreReadWithTheirIndexAndNamedInOneWarningWithout() throws {
        let reader = try OtherUser.nobody()
        try record(try ResultsFixtures.write(to: folder + "/n1.json", runID: "night-1"))
        // night-2 committed into the WAL by a writer that dies before any checkpoint.
        let unfinished = """
            import os, sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('PRAGMA wal_autocheckpoint = 0')
            c.execute('CREATE TEMP TABLE copy AS SELECT * FROM runs WHERE run_id = "night-1"')
            c.execute('UPDATE copy SET id = NULL, run_id = "night-2"')
            c.execute('INSERT INTO runs SELECT * FROM copy')
            os._exit(0)
            """
        let python = try Framebudget.python(["-c", unfinished, database])
        XCTAssertEqual(python.status, 0, python.stdout)
        try chmod(folder, 0o755)
        XCTAssertEqual(try databaseFiles(), ["history.sqlite 0", "history.sqlite-shm 0", "history.sqlite-wal 0"])

        let withIndex = try reader.run(["history", "list", "--database", database])
        XCTAssertEqual(withIndex.status, 0, withIndex.stderr)
        XCTAssertTrue(withIndex.stdout.contains("night-2"), "read from the WAL: \(withIndex.stdout)")
        XCTAssertEqual(withIndex.stderr, "")

        XCTAssertEqual(unlink(database + "-shm"), 0)
        let wal = try Data(contentsOf: URL(fileURLWithPath: database + "-wal"))
        let withoutIndex = try reader.run(["history", "list", "--database", database])
        XCTAssertEqual(withoutIndex.status, 0, withoutIndex.stderr)
        XCTAssertTrue(withoutIndex.stdout.contains("night-1"), withoutIndex.stdout)
        XCTAssertFalse(withoutIndex.stdout.contains("night-2"), withoutIndex.stdout)
        XCTAssertEqual(withoutIndex.stderr, "framebudget: warning: \(database)-wal may hold recent writes that this reader "
                       + "cannot apply (its -shm index is missing, and reading never creates one); shown without them "
                       + "until a user who can write the folder records a run\n")
        let verify = try reader.run(["history", "verify", "--database", database])
        XCTAssertEqual(verify.stdout, "ok\n", verify.stderr)
        XCTAssertEqual(try databaseFiles(), ["history.sqlite 0", "history.sqlite-wal 0"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database + "-wal")), wal, "the WAL is left as it was")
    }

    /// The writer leaves every run in the database file itself, even when it is not the last to close it (a reader
    /// keeps it open, so SQLite cannot checkpoint and remove the WAL at close): a copy of the file, or a reader that
    /// cannot use the WAL, sees everything. Before the fix the run stayed in the WAL only.
    func testARecordLandsInTheDatabaseFileEvenWhileAReaderKeepsItOpen() throws {
        try record(try ResultsFixtures.write(to: folder + "/n1.json", runID: "night-1"))
        let log = folder + "/holder.log"
        let holder = try PythonHolder(database: database, log: log)
        defer { holder.release() }
        Framebudget.waitFor("open", in: log)
        try record(try ResultsFixtures.write(to: folder + "/n2.json", runID: "night-2"))
        let walSize = try FileManager.default.attributesOfItem(atPath: database + "-wal")[.size] as? Int
        XCTAssertEqual(walSize, 0, "checkpointed and truncated")
        let immutable = try Framebudget.python(["-c", """
            import sqlite3, sys
            c = sqlite3.connect('file:' + sys.argv[1] + '?immutable=1', uri=True)
            print(' '.join(r[0] for r in c.execute('SELECT run_id FROM runs ORDER BY id')))
            """, database])
        XCTAssertEqual(immutable.stdout, "night-1 night-2\n", "the database file alone holds both runs")
    }
}

/// A python process holding the database open read-only (no transaction) until released, as a second reader does.
private struct PythonHolder {
    let process: Process
    let input: Pipe

    init(database: String, log: String) throws {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import sqlite3, sys
            c = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)
            c.execute('SELECT COUNT(*) FROM runs').fetchall()
            print('open', flush=True)
            sys.stdin.read()
            """, database]
        input = Pipe()
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try process.run()
    }

    func release() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// A user other than root to run `framebudget` as (setpriv drops root's user, group and supplementary groups):
/// file permissions are what these tests are about, and root ignores them.
struct OtherUser {
    let uid: Int
    let gid: Int

    /// The system's `nobody`.
    static func nobody() throws -> OtherUser { try available(OtherUser(uid: 65_534, gid: 65_534)) }

    /// A user id with no account (setpriv needs none): for tests that need two distinct non-root users.
    static func unnamed(_ id: Int) throws -> OtherUser { try available(OtherUser(uid: id, gid: id)) }

    private static func available(_ user: OtherUser) throws -> OtherUser {
        try XCTSkipUnless(getuid() == 0, "only root can run commands as another user (running as uid \(getuid()))")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "setpriv (util-linux) is missing")
        return user
    }

    /// Runs `framebudget` to completion as this user; stdout and stderr through files root opened, which the child
    /// inherits, so it needs no access to them.
    func run(_ arguments: [String]) throws -> Framebudget.Result {
        let base = NSTemporaryDirectory() + "fb-cli-output-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
        defer { try? FileManager.default.removeItem(atPath: base + ".out"); try? FileManager.default.removeItem(atPath: base + ".err") }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".err"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "--", Framebudget.binary.path] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: Framebudget.repositoryRoot)
        process.standardOutput = out
        process.standardError = err
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { _, new in new }
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Framebudget.Result(status: process.terminationStatus,
                                  stdout: try String(contentsOfFile: base + ".out", encoding: .utf8),
                                  stderr: try String(contentsOfFile: base + ".err", encoding: .utf8))
    }
}
