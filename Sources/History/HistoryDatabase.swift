import Foundation
import GRDB
import Results
import TextFormatting

/// The nightly history: an SQLite database (WAL mode) written through GRDB, the embedded ``HistoryStore``.
///
/// Every record is one IMMEDIATE transaction, so a process killed mid-write leaves the previous state; concurrent
/// writers wait for each other (busy timeout) instead of failing. A database from a newer framebudget is refused
/// before anything is written to it. Reading creates, writes and leaves no file (``HistoryReading``): the history
/// folder may belong to another user.
public final class HistoryDatabase: HistoryStore {
    public let path: String
    /// The database file (``HistoryStore/location``).
    public var location: String { path }
    /// The recording connections; nil when reading, where every read opens the file afresh (``HistoryReading``).
    let pool: DatabasePool?
    /// When reading: one line on what the history shown leaves out (writes in a `-wal` this reader cannot apply
    /// without creating or writing its index), for the command to print; nil when nothing is left out.
    public let readNote: String?
    /// True when this open created the database (no file was there): a record says so, for a path mistyped in a
    /// CI script starts an empty history, and its first night gates the budgets alone.
    public let isNew: Bool

    /// Seconds a writer waits for another writer's transaction before giving up.
    public static let busyTimeout: TimeInterval = 60

    /// How a command uses the database.
    public enum Access: Sendable {
        /// Recording: creates the database when absent and brings its schema up to date.
        case readWrite
        /// Listing, showing, verifying, resolving a baseline: the file must exist; it is read without creating,
        /// writing or migrating anything, so a folder or file system the reader cannot write works, and a refused
        /// file is left exactly as it was.
        case readOnly
    }

    /// Opens the database at `path`: for ``Access/readWrite`` creating it if needed and bringing its schema up to
    /// date; for ``Access/readOnly`` an existing history database only, changing nothing.
    /// - Throws: ``HistoryError/newerDatabase(path:found:supported:)``, ``HistoryError/unwritable(path:reason:)``
    ///   or ``HistoryError/unusable(path:reason:)``.
    /// - Parameters:
    ///   - onLockWait: called once when a write first has to wait for another writer's transaction (a test hook: it
    ///     proves two writers really contended); the wait itself is the same busy timeout.
    ///   - inLastMigration: called inside the schema's last migration, before it commits, when this process migrates
    ///     (a test hook: another process can then be made to migrate the same new database at the same moment).
    public init(path: String, access: Access = .readWrite, onLockWait: (@Sendable () -> Void)? = nil,
                inLastMigration: (@Sendable () -> Void)? = nil) throws {
        self.path = path
        let exists = try HistoryFileCheck.existingFile(path)
        isNew = !exists
        switch access {
        case .readOnly:
            guard exists else { throw HistoryError.unusable(path: path, reason: "no such file (record a run first: \(ToolName.current) history record)") }
            try HistoryFileCheck.notEmpty(path)
            readNote = try Self.checkVersion(path: path, reading: true)
            pool = nil
        case .readWrite:
            if exists { _ = try Self.checkVersion(path: path, reading: false) }
            else {
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
                do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                catch { throw HistoryError.unwritable(path: path, reason: "cannot create folder \(folder)") }
            }
            var configuration = Configuration()
            configuration.busyMode = onLockWait.map(Self.observedBusyMode) ?? .timeout(Self.busyTimeout)
            var opened: DatabasePool?
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                opened = pool
                try Self.migrate(pool, inLastMigration: inLastMigration)
                self.pool = pool
            } catch {
                let failure = Self.failure(error, path: path, creating: !exists)
                if !exists, case .unwritable = failure {
                    try? opened?.close()
                    Self.removeEmptyCreation(path)
                }
                throw failure
            }
            readNote = nil
        }
    }

    /// Runs `body` in one read transaction: on the recording pool, or on a fresh read-only connection. SQLite's own
    /// errors (a damaged page: "database disk image is malformed") name the file in one line, as
    /// ``HistoryError/unusable(path:reason:)``, not GRDB's several lines quoting the query.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            if let pool { return try pool.read(body) }
            return try HistoryReading.read(path, body).value
        } catch let error as DatabaseError {
            throw Self.failure(error, path: path)
        } catch let error as HistoryValueError {
            throw HistoryError.unusable(path: path, reason: error.reason)
        }
    }

    /// The busy timeout as a callback that reports the first wait: retry after ≥ 1 ms sleeps, for `busyTimeout`.
    private static func observedBusyMode(_ onLockWait: @escaping @Sendable () -> Void) -> Database.BusyMode {
        .callback { retries in
            if retries == 0 { onLockWait() }
            usleep(1000)
            return retries < Int(busyTimeout * 1000)
        }
    }

    /// Brings the schema up to date. Two processes creating the same new database at once both try migration v1;
    /// the loser fails ("table runs already exists") after the winner committed, and may go on when it did.
    private static func migrate(_ pool: DatabasePool, inLastMigration: (@Sendable () -> Void)?) throws {
        do { try HistorySchema.migrator(inLastMigration: inLastMigration).migrate(pool) }
        catch {
            guard try pool.read({ try HistorySchema.migrator.hasCompletedMigrations($0) }) else { throw error }
        }
    }

    /// Refuses a newer schema (or, for `reading`, a file without the history tables or of an older schema) before
    /// anything is written, reading it as ``HistoryReading`` does: nothing is created beside a refused file.
    /// - Returns: the note of that read (see ``readNote``).
    private static func checkVersion(path: String, reading: Bool) throws -> String? {
        let version: Int, superseded: Bool, hasTables: Bool, foreignTables: [String], note: String?
        do {
            ((version, superseded, hasTables, foreignTables), note) = try HistoryReading.read(path) { db in
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let migrated = try db.tableExists("grdb_migrations")
                let superseded = try migrated && HistorySchema.migrator.hasBeenSuperseded(db)
                // Tables in a file no history migration ever touched belong to another program.
                let foreign = migrated ? [] : try String.fetchAll(db, sql: """
                    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name
                    """)
                return (version, superseded, try db.tableExists("runs") && db.tableExists("results"), foreign)
            }
        } catch {
            // Reading writes nothing, so nothing of it is a write failure ("cannot write … nothing was recorded").
            let failure = failure(error, path: path)
            if reading, case .unwritable(_, let reason) = failure { throw HistoryError.unusable(path: path, reason: reason) }
            throw failure
        }
        if version > HistorySchema.currentVersion {
            throw HistoryError.newerDatabase(path: path, found: version, supported: HistorySchema.currentVersion)
        }
        if superseded { throw HistoryError.unknownMigrations(path: path) }
        if !reading && !foreignTables.isEmpty {
            let names = foreignTables.prefix(5).joined(separator: ", ") + (foreignTables.count > 5 ? ", …" : "")
            throw HistoryError.unusable(path: path, reason: "an SQLite file of another program (its tables: \(names)); nothing was written")
        }
        if reading && !hasTables {
            throw HistoryError.unusable(path: path, reason: "no history tables (an empty or foreign SQLite file)")
        }
        // Reading never migrates: a schema older than v2 lacks what the queries read (machine classes, between-run spreads).
        if reading && version < HistorySchema.oldestReadable {
            throw HistoryError.olderDatabase(path: path, found: version, supported: HistorySchema.currentVersion)
        }
        return note
    }

    /// `PRAGMA integrity_check`, then each column's values and each run's results document (``HistoryValueAudit``):
    /// `ok` for a sound database.
    public func integrityCheck() throws -> String {
        try read { db in
            let pages = try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ")
            guard pages == "ok" else { return pages }
            let unsound = try HistoryValueAudit.problems(db)
            let values = unsound + [try HistoryValueAudit.documentProblem(db, comparingResults: unsound.isEmpty)].compactMap { $0 }
            return values.isEmpty ? "ok" : values.joined(separator: "; ")
        }
    }

    /// A database error as a ``HistoryError``: a full disk or an I/O failure is a write failure of an intact
    /// database (SQLite rolled back), anything else means the file is not usable.
    /// `creating`: the file did not exist, so a file that cannot be opened is a folder that cannot be written to.
    static func failure(_ error: Error, path: String, creating: Bool = false) -> HistoryError {
        if let error = error as? HistoryError { return error }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_READONLY:
                return .unwritable(path: path, reason: describe(error))
            case .SQLITE_CANTOPEN where creating:
                return .unwritable(path: path, reason: describe(error))
            default: break
            }
        }
        return .unusable(path: path, reason: describe(error))
    }

    /// Removes the file (and its `-wal`, `-shm`) a recording created and could not write a schema into (a full
    /// disk): "the database is unchanged" then holds, with no empty file for the next reader to find. A file that
    /// holds any table (another process's schema, created at the same moment) is left.
    private static func removeEmptyCreation(_ path: String) {
        let tables = (try? DatabaseQueue(path: path, configuration: {
            var configuration = Configuration()
            configuration.readonly = true
            return configuration
        }()).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM sqlite_master") }) ?? nil
        guard tables == 0 || !FileManager.default.fileExists(atPath: path) else { return }
        for file in [path, path + "-wal", path + "-shm"] { unlink(file) }
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
