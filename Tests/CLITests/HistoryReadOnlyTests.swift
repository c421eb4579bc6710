import Foundation
import XCTest

/// `history list`, `show` and `verify` only read: a read-only file system works, and a database they refuse (or
/// cannot read) is left byte for byte as it was, with no `-wal`/`-shm` beside it and no schema written into it.
final class HistoryReadOnlyTests: XCTestCase {
    private var folder = ""
    private var mount: ScratchMount?
    private var database: String { folder + "/history.sqlite" }

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-history-ro-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        mount?.unmount()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func record(_ runID: String, into database: String) throws {
        let file = try ResultsFixtures.write(to: folder + "/\(runID).json", runID: runID)
        let result = try Framebudget.run(["history", "record", file, "--database", database])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    private func siblings(of path: String) throws -> [String] {
        let url = URL(fileURLWithPath: path)
        return try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(url.lastPathComponent) }.sorted()
    }

    func testReadingCommandsWorkOnAReadOnlyFileSystem() throws {
        let mount = try ScratchMount.make(kilobytes: 4096)
        self.mount = mount
        let database = mount.path + "/history.sqlite"
        try record("night-1", into: database)
        try mount.remountReadOnly()
        let list = try Framebudget.run(["history", "list", "--database", database])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("night-1"), list.stdout)
        let verify = try Framebudget.run(["history", "verify", "--database", database])
        XCTAssertEqual(verify.stdout, "ok\n", verify.stderr)
        let show = try Framebudget.run(["history", "show", "texture-upload/memcpy/256x192", "--database", database])
        XCTAssertEqual(show.status, 0, show.stderr)
    }

    func testAnEmptyFileIsRefusedAndStaysEmpty() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: database, contents: nil))
        for command in ["list", "verify"] {
            let result = try Framebudget.run(["history", command, "--database", database])
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.stderr, "framebudget: error: \(database): not a usable history database: empty file (no run was ever recorded in it)\n")
        }
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int, 0, "no schema written")
        XCTAssertEqual(try siblings(of: database), ["history.sqlite"])
    }

    func testANewerDatabaseIsRefusedWithoutWALFilesAppearingBesideIt() throws {
        try record("night-1", into: database)
        let python = try Framebudget.python(["-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA user_version = 7'); c.commit(); c.close()", database])
        XCTAssertEqual(python.status, 0, python.stdout)
        XCTAssertEqual(try siblings(of: database), ["history.sqlite"])
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        for command in [["list"], ["verify"], ["show", "texture-upload/memcpy/256x192"]] {
            let result = try Framebudget.run(["history"] + command + ["--database", database])
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.stderr.contains("schema version 7 is newer than this framebudget handles (4)"), result.stderr)
        }
        XCTAssertEqual(try siblings(of: database), ["history.sqlite"], "no -wal/-shm created beside a refused database")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before)
    }

    func testUnknownMigrationsAreNamedAsSuchNotAsANewerVersionNumber() throws {
        try record("night-1", into: database)
        let python = try Framebudget.python(["-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(\"INSERT INTO grdb_migrations VALUES ('v9-from-the-future')\"); c.commit(); c.close()", database])
        XCTAssertEqual(python.status, 0, python.stdout)
        let result = try Framebudget.run(["history", "list", "--database", database])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: \(database): history database was written by a newer framebudget "
                       + "(schema changes this one does not know); upgrade framebudget (the database was not modified)\n")
    }
}

extension HistoryReadOnlyTests {
    /// Reading never migrates, so a database of an older schema (v1: no machine classes, no between-run spreads) is
    /// refused by reading commands with the way out, and left byte-identical; recording upgrades it.
    func testAnOlderDatabaseIsRefusedByReadingCommandsAndUpgradedByRecording() throws {
        try record("night-1", into: database)
        let downgrade = """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            c.execute('DELETE FROM grdb_migrations WHERE identifier != "v1"')
            c.execute('PRAGMA user_version = 1')
            c.commit(); c.close()
            """
        XCTAssertEqual(try Framebudget.python(["-c", downgrade, database]).status, 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let list = try Framebudget.run(["history", "list", "--database", database])
        XCTAssertEqual(list.status, 2)
        XCTAssertTrue(list.stderr.contains("history schema version 1 is older than this framebudget's (4); reading commands never migrate"),
                      list.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before, "left as it was")
    }
}
