import Foundation
import GRDB
import GRDBSQLite
import Glibc

/// How reading commands open the history database: creating, writing and leaving no file, so that any user who can
/// read the file can read the history, whoever owns the folder, and no reader leaves a `-wal`/`-shm` of its own that
/// would stop the owner's next record.
///
/// SQLite reads a WAL-mode database without write access only when its `-wal` and `-shm` files already exist and are
/// readable, or when it is opened as immutable (wal.html, "Read-Only Databases"). Every read therefore looks at what
/// is beside the database first:
/// - a `-shm` and a `-wal` with frames (a writer is open, or stopped before its last checkpoint): `mode=ro` and
///   `readonly_shm=1`: SQLite uses them, the WAL's writes included and consistent with a live writer, and never
///   writes the index (without write access it rebuilds it in memory);
/// - otherwise (the state at rest: the last writer to close checkpointed and removed them; or a `-wal` of its
///   32-byte header alone, which adds nothing to the file): `immutable=1`, no
///   locks, no index, everything is in the file. A writer starting meanwhile changes the file only when it
///   checkpoints: a read during which the file changed is made again, on a fresh connection;
/// - a `-wal` with frames that cannot be used (its `-shm` is missing, or unreadable to this user, or left
///   inconsistent with the `-wal` by a writer killed mid-write) cannot be applied without creating or writing the
///   index: the file is read as immutable and the note says what is left out. The next record recovers them.
///
/// The `-wal` and journals are opened through a VFS that never creates them (``NoCreateVFS``): a writer removing its
/// files between the look and the open makes that open fail (the file is then read as immutable) instead of creating
/// them.
enum HistoryReading {
    /// How often a read is made again when the file changed during it (each retry is on a fresh connection, which
    /// by then sees the writer's `-wal` and `-shm` and reads through them).
    static let attempts = 4

    /// Runs `body` in one read transaction on a fresh read-only connection, and the note of what it could not see.
    static func read<T>(_ path: String, _ body: (Database) throws -> T) throws -> (value: T, note: String?) {
        for _ in 0..<attempts {
            let before = FileStamp(path)
            let connection = try open(path)
            defer { try? connection.queue.close() }
            let outcome = Result { try connection.queue.read(body) }
            if !connection.immutable || FileStamp(path) == before { return (try outcome.get(), connection.note) }
        }
        throw HistoryError.unusable(path: path, reason: "it kept changing while it was read (a writer checkpointing); try again")
    }

    private struct Connection {
        var queue: DatabaseQueue
        /// Read as immutable: nothing protects the read from a writer's checkpoint, so the file is compared after it.
        var immutable: Bool
        var note: String?
    }

    private static func open(_ path: String) throws -> Connection {
        let wal = path + "-wal", shm = path + "-shm"
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(HistoryDatabase.busyTimeout)
        // A WAL of its header alone adds nothing to the file, and a writer killed just after writing that header
        // leaves an index that a read-only connection spends ~10 s retrying on before it fails: read the file.
        if exists(shm) && hasFrames(wal) {
            do {
                let queue = try DatabaseQueue(path: uri(path, "mode=ro&readonly_shm=1" + NoCreateVFS.parameter), configuration: configuration)
                do { _ = try queue.read { try Int.fetchOne($0, sql: "PRAGMA schema_version") } }  // opens the WAL and its index
                catch { try? queue.close(); throw error }
                return Connection(queue: queue, immutable: false, note: nil)
            } catch let error as DatabaseError
                where [.SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PROTOCOL].contains(error.resultCode) {
                // Unreadable, or removed meanwhile by a writer that closed: read the file itself. PROTOCOL: an index
                // left by a killed writer that a read-only connection cannot rebuild (it retries, then gives up with
                // "locking protocol"); only a writer's recovery settles it.
            }
        }
        let queue = try DatabaseQueue(path: uri(path, "immutable=1"), configuration: configuration)
        return Connection(queue: queue, immutable: true, note: hasFrames(wal) ? note(path) : nil)
    }

    /// The one line saying that writes in the `-wal` are left out, and why.
    private static func note(_ path: String) -> String {
        let wal = path + "-wal", shm = path + "-shm"
        let reason = !exists(shm) ? "its -shm index is missing, and reading never creates one"
            : access(wal, R_OK) != 0 || access(shm, R_OK) != 0 ? "this user cannot read its -wal or -shm"
            : "SQLite could not open them read-only"
        return "\(wal) may hold recent writes that this reader cannot apply (\(reason)); shown without them until a user "
            + "who can write the folder records a run"
    }

    private static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// More than the 32-byte WAL header: frames, which may be writes not yet checkpointed into the file (only the
    /// missing index could tell).
    private static func hasFrames(_ wal: String) -> Bool {
        var info = stat()
        return stat(wal, &info) == 0 && info.st_size > 32
    }

    /// An SQLite URI of `path` (absolute, percent-encoded) with `parameters`.
    static func uri(_ path: String, _ parameters: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:\(absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute)?\(parameters)"
    }
}

/// What changes when a writer checkpoints into the file: compared before and after an immutable read.
struct FileStamp: Equatable {
    var device: UInt64, inode: UInt64, size: Int64
    var modified: [Int], changed: [Int]  // seconds, nanoseconds

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        (device, inode, size) = (UInt64(info.st_dev), UInt64(info.st_ino), Int64(info.st_size))
        modified = [info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
        changed = [info.st_ctim.tv_sec, info.st_ctim.tv_nsec]
    }
}

/// SQLite's default VFS, except that it never creates the files beside a database (`-wal`, journals): they are
/// opened only when they exist. Temporary files (sorting, temporary tables) are created as usual, elsewhere.
enum NoCreateVFS {
    static let name = "framebudget-no-create"

    /// `&vfs=…` for a URI, once registered (without it, the default VFS: only the race it closes stays open).
    static var parameter: String { registered ? "&vfs=\(name)" : "" }

    /// Registered once, on first use; SQLite keeps the structure for the life of the process.
    private static let registered: Bool = {
        guard let base = sqlite3_vfs_find(nil) else { return false }
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: base.pointee)
        vfs.pointee.pNext = nil
        vfs.pointee.zName = UnsafePointer(strdup(name))
        vfs.pointee.xOpen = { _, file, handle, flags, outFlags in
            guard let base = NoCreateVFS.base, let open = base.pointee.xOpen else { return SQLITE_ERROR }
            let beside = SQLITE_OPEN_WAL | SQLITE_OPEN_MAIN_JOURNAL | SQLITE_OPEN_SUPER_JOURNAL
            return open(base, file, handle, flags & beside != 0 ? flags & ~SQLITE_OPEN_CREATE : flags, outFlags)
        }
        NoCreateVFS.base = base
        return sqlite3_vfs_register(vfs, 0) == SQLITE_OK
    }()

    /// The default VFS the shim forwards to: set once, before the shim is registered.
    nonisolated(unsafe) private static var base: UnsafeMutablePointer<sqlite3_vfs>?
}
