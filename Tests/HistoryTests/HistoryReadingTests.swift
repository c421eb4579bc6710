import RunFixtures
import Foundation
import GRDB
import XCTest
@testable import History
import Results

/// Reading the history (``HistoryDatabase/Access/readOnly``) creates and changes no file: other users share the
/// folder, and files a reader left there would be theirs. (The permission cases run as other users in the CLI
/// tests, `HistorySharedFolderTests`; these hold for any user.)
final class HistoryReadingTests: XCTestCase {
    private var folder = ""
    private var path: String { folder + "/history.sqlite" }

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-history-reading-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func night(_ index: Int) -> RunResults {
        var run = Fixture.run(String(format: "night-%02d", index),
                              [Fixture.result("a/x/1", Fixture.times(20, median: 1000, seed: UInt64(index)))],
                              commit: String(format: "%02dabcdef0123", index))
        run.startedAt = Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 86_400)
        return run
    }

    private func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    private func recordNights(_ indices: ClosedRange<Int>) throws {
        let writer = try HistoryDatabase(path: path)
        for index in indices { try writer.record(night(index), branch: "main") }
    }

    func testReadingCreatesNoFileBesideTheDatabase() throws {
        try recordNights(1...2)
        XCTAssertEqual(try files(in: folder), ["history.sqlite"])
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let reader = try HistoryDatabase(path: path, access: .readOnly)
        XCTAssertEqual(try reader.runs().map(\.runID), ["night-02", "night-01"])
        XCTAssertEqual(try reader.series(of: "a/x/1").count, 2)
        XCTAssertEqual(try BaselineResolver.resolve("main", database: reader).run.runID, "night-02")
        XCTAssertEqual(try reader.integrityCheck(), "ok")
        XCTAssertNil(reader.readNote)
        XCTAssertEqual(try files(in: folder), ["history.sqlite"], "no -wal/-shm left by a reader")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    }

    /// A reader that found no WAL reads the file as immutable: a writer checkpointing afterwards changes the file
    /// under it, and the reader must see the new state, not its cached pages of the old one.
    func testAReaderSeesRunsRecordedAfterItOpened() throws {
        try recordNights(1...1)
        let reader = try HistoryDatabase(path: path, access: .readOnly)
        XCTAssertEqual(try reader.runs().map(\.runID), ["night-01"])
        do {
            let writer = try HistoryDatabase(path: path)
            try writer.record(night(2), branch: "main")
            XCTAssertEqual(try reader.runs().map(\.runID), ["night-02", "night-01"], "while the writer is open")
            try writer.record(night(3), branch: "main")
        }
        XCTAssertEqual(try reader.runs().map(\.runID), ["night-03", "night-02", "night-01"], "after it closed")
        XCTAssertEqual(try BaselineResolver.resolve("main", database: reader).run.runID, "night-03")
    }

    /// Readers look for the `-wal` and `-shm` before opening through them; a writer closing in between removes them.
    /// SQLite would then create a new `-wal` (the reader's) in a folder it can write: the reading VFS fails the open
    /// instead, and the read is made on the file itself.
    func testTheReadingVFSNeverCreatesAWALBesideTheDatabase() throws {
        try recordNights(1...1)
        XCTAssertEqual(try files(in: folder), ["history.sqlite"])
        var configuration = Configuration()
        configuration.readonly = true
        func count(_ parameters: String) throws -> Int? {
            let queue = try DatabaseQueue(path: HistoryReading.uri(path, parameters), configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM runs") }
        }
        XCTAssertThrowsError(try count("mode=ro&readonly_shm=1"))
        XCTAssertEqual(try files(in: folder), ["history.sqlite", "history.sqlite-wal"], "what SQLite alone does")
        try FileManager.default.removeItem(atPath: path + "-wal")

        XCTAssertThrowsError(try count("mode=ro&readonly_shm=1" + NoCreateVFS.parameter)) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CANTOPEN, "\(error)")
        }
        XCTAssertEqual(try files(in: folder), ["history.sqlite"])
    }

    /// A WAL holding committed writes whose `-shm` index is gone (a writer died before its checkpoint, and the
    /// index was cleaned away or not copied): applying the WAL means creating the index, which a reader never does.
    /// It reads the rest, leaves both files as found, and says so in its note.
    func testWritesInAWALWithoutItsIndexAreLeftOutAndNamed() throws {
        try recordNights(1...1)
        let copy = folder + "/copy"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        // A writer that commits night-02 into the WAL without checkpointing; the database and its WAL are copied
        // while it is still open (the -shm index is not).
        let writer = try DatabaseQueue(path: path)
        try writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        try writer.write { db in
            try db.execute(sql: "CREATE TEMP TABLE copy AS SELECT * FROM runs")
            try db.execute(sql: "UPDATE copy SET id = NULL, run_id = 'night-02'")
            try db.execute(sql: "INSERT INTO runs SELECT * FROM copy")
        }
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + "/history.sqlite" + suffix) }
        try writer.close()
        let copied = copy + "/history.sqlite"
        let wal = try Data(contentsOf: URL(fileURLWithPath: copied + "-wal"))
        XCTAssertGreaterThan(wal.count, 32, "the WAL holds frames")

        let reader = try HistoryDatabase(path: copied, access: .readOnly)
        XCTAssertEqual(try reader.runs().map(\.runID), ["night-01"])
        XCTAssertEqual(try files(in: copy), ["history.sqlite", "history.sqlite-wal"], "no -shm created")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copied + "-wal")), wal)
        XCTAssertEqual(reader.readNote, "\(copied)-wal may hold recent writes that this reader cannot apply (its -shm "
                       + "index is missing, and reading never creates one); shown without them until a user who can "
                       + "write the folder records a run")

        // A writer applies them.
        let recorder = try HistoryDatabase(path: copied)
        XCTAssertEqual(try recorder.runs().map(\.runID), ["night-02", "night-01"])
    }

    /// The `-wal` and `-shm` of a writer killed after it wrote a new WAL header and before it wrote its index (a
    /// record killed in its first milliseconds, 1 kill in 20 there): the index's salts disagree with the WAL's, and
    /// a read-only connection retries until SQLite gives up with "locking protocol". Every command, `history record`
    /// included, used to stop there until someone ran sqlite3 on the file. Readers read the file itself (the WAL
    /// holds no frames: nothing is left out), and the next record recovers and removes them.
    func testTheFilesOfAWriterKilledMidHeaderLeaveTheHistoryReadableAndRecordable() throws {
        try recordNights(1...1)
        // Byte for byte, the files a `history record` killed at 25 ms left (the -shm beyond these 128 bytes is zero).
        let shmHeader = "18e22d00000000000000000001000000000000000000000000000000000000000000000000000000380718063593db09"
        let shm = Self.bytes(shmHeader + shmHeader + "000000000000000000000000ffffffffffffffffffffffff00000000")
        let wal = Self.bytes("377f0682002de2180000100000000000" + "7cea2e64b41dacd43915ed8fc5a9e2e8")
        try (shm + Data(count: 32_768 - shm.count)).write(to: URL(fileURLWithPath: path + "-shm"))
        try wal.write(to: URL(fileURLWithPath: path + "-wal"))

        let reader = try HistoryDatabase(path: path, access: .readOnly)
        XCTAssertEqual(try reader.runs().map(\.runID), ["night-01"])
        XCTAssertEqual(try reader.integrityCheck(), "ok")
        XCTAssertNil(reader.readNote, "a WAL of its header alone holds no write to leave out")
        XCTAssertEqual(try files(in: folder), ["history.sqlite", "history.sqlite-shm", "history.sqlite-wal"], "a reader changed them")

        do {
            let writer = try HistoryDatabase(path: path)
            try writer.record(night(2), branch: "main")
        }
        XCTAssertEqual(try HistoryDatabase(path: path, access: .readOnly).runs().map(\.runID), ["night-02", "night-01"])
        XCTAssertEqual(try files(in: folder), ["history.sqlite"], "the writer recovered and removed them")
    }

    private static func bytes(_ hex: String) -> Data {
        var data = Data()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            data.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return data
    }
}
