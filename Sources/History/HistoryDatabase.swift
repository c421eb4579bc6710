import Foundation
import GRDB
import Results

/// The nightly history: an SQLite database (WAL mode) written through GRDB.
///
/// Every record is one IMMEDIATE transaction, so a process killed mid-write leaves the previous state; concurrent
/// writers wait for each other (busy timeout) instead of failing. A database from a newer framebudget is refused
/// before anything is written to it.
public final class HistoryDatabase: Sendable {
    public let path: String
    let pool: DatabasePool

    /// Seconds a writer waits for another writer's transaction before giving up.
    public static let busyTimeout: TimeInterval = 60

    /// How a command uses the database.
    public enum Access: Sendable {
        /// Recording: creates the database when absent and brings its schema up to date.
        case readWrite
        /// Listing, showing, verifying, resolving a baseline: the file must exist; it is opened read-only and never
        /// migrated, so a read-only file or file system works and a refused file is left exactly as it was.
        case readOnly
    }

    /// Opens the database at `path`: for ``Access/readWrite`` creating it if needed and bringing its schema up to
    /// date; for ``Access/readOnly`` an existing history database only, changing nothing.
    /// - Throws: ``HistoryError/newerDatabase(path:found:supported:)``, ``HistoryError/unwritable(path:reason:)``
    ///   or ``HistoryError/unusable(path:reason:)``.
    /// - Parameter onLockWait: called once when a write first has to wait for another writer's transaction (a test
    ///   hook: it proves two writers really contended); the wait itself is the same busy timeout.
    public init(path: String, access: Access = .readWrite, onLockWait: (@Sendable () -> Void)? = nil) throws {
        self.path = path
        let exists = try HistoryFileCheck.existingFile(path)
        switch access {
        case .readOnly:
            guard exists else { throw HistoryError.unusable(path: path, reason: "no such file (record a run first: framebudget history record)") }
            try HistoryFileCheck.notEmpty(path)
            pool = try Self.openReadOnly(path)
        case .readWrite:
            if exists { try Self.checkVersion(path: path) }
            else {
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
                do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                catch { throw HistoryError.unusable(path: path, reason: "cannot create folder \(folder)") }
            }
            var configuration = Configuration()
            configuration.busyMode = onLockWait.map(Self.observedBusyMode) ?? .timeout(Self.busyTimeout)
            do {
                pool = try DatabasePool(path: path, configuration: configuration)
                try Self.migrate(pool)
            } catch {
                throw Self.failure(error, path: path)
            }
        }
    }

    /// A read-only pool after the version and table checks. On a read-only file system SQLite cannot create the
    /// WAL index beside the file; nobody can write there either, so the file is then read as immutable.
    private static func openReadOnly(_ path: String) throws -> DatabasePool {
        try checkVersion(path: path, requireTables: true)
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            _ = try pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM runs") }
            return pool
        } catch {
            guard HistoryFileCheck.onReadOnlyFileSystem(path) else { throw failure(error, path: path) }
            do { return try DatabasePool(path: HistoryFileCheck.immutableURI(path), configuration: configuration) }
            catch { throw failure(error, path: path) }
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
    private static func migrate(_ pool: DatabasePool) throws {
        do { try HistorySchema.migrator.migrate(pool) }
        catch {
            guard try pool.read({ try HistorySchema.migrator.hasCompletedMigrations($0) }) else { throw error }
        }
    }

    /// Refuses a newer schema (or, for reading, a file without the history tables) through a read-only connection.
    /// Nothing is written: WAL files this check had to create beside a refused database are removed again.
    private static func checkVersion(path: String, requireTables: Bool = false) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        let leftovers = HistoryFileCheck.Leftovers(path)
        let version: Int, superseded: Bool, hasTables: Bool
        do {
            let queue: DatabaseQueue
            do { queue = try DatabaseQueue(path: path, configuration: configuration) }
            catch where HistoryFileCheck.onReadOnlyFileSystem(path) {
                queue = try DatabaseQueue(path: HistoryFileCheck.immutableURI(path), configuration: configuration)
            }
            (version, superseded, hasTables) = try queue.read { db in
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let superseded = try db.tableExists("grdb_migrations") && HistorySchema.migrator.hasBeenSuperseded(db)
                return (version, superseded, try db.tableExists("runs") && db.tableExists("results"))
            }
            try queue.close()
        } catch {
            leftovers.remove()
            throw failure(error, path: path)
        }
        if version > HistorySchema.currentVersion {
            leftovers.remove()
            throw HistoryError.newerDatabase(path: path, found: version, supported: HistorySchema.currentVersion)
        }
        if superseded {
            leftovers.remove()
            throw HistoryError.unknownMigrations(path: path)
        }
        if requireTables && !hasTables {
            leftovers.remove()
            throw HistoryError.unusable(path: path, reason: "no history tables (an empty or foreign SQLite file)")
        }
        // Reading never migrates: an older schema lacks what the queries read (machine classes, between-run spreads).
        if requireTables && version < HistorySchema.currentVersion {
            leftovers.remove()
            throw HistoryError.olderDatabase(path: path, found: version, supported: HistorySchema.currentVersion)
        }
    }

    /// `PRAGMA integrity_check`: `ok` for a sound database.
    public func integrityCheck() throws -> String {
        try pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ") }
    }

    /// A database error as a ``HistoryError``: a full disk or an I/O failure is a write failure of an intact
    /// database (SQLite rolled back), anything else means the file is not usable.
    static func failure(_ error: Error, path: String) -> HistoryError {
        if let error = error as? HistoryError { return error }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_READONLY:
                return .unwritable(path: path, reason: describe(error))
            default: break
            }
        }
        return .unusable(path: path, reason: describe(error))
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
