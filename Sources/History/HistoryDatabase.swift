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

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    /// - Parameter onLockWait: called once when a write first has to wait for another writer's transaction (a test
    ///   hook: it proves two writers really contended); the wait itself is the same busy timeout.
    /// - Throws: ``HistoryError/newerDatabase(path:found:supported:)`` or ``HistoryError/unusable(path:reason:)``.
    public init(path: String, onLockWait: (@Sendable () -> Void)? = nil) throws {
        self.path = path
        if FileManager.default.fileExists(atPath: path) { try Self.checkVersion(path: path) }
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
            throw HistoryError.unusable(path: path, reason: Self.describe(error))
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

    /// Refuses a newer schema by reading it through a read-only connection (nothing is written).
    private static func checkVersion(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        let version: Int
        let superseded: Bool
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            (version, superseded) = try queue.read { db in
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let superseded = try db.tableExists("grdb_migrations") && HistorySchema.migrator.hasBeenSuperseded(db)
                return (version, superseded)
            }
            try queue.close()
        } catch {
            throw HistoryError.unusable(path: path, reason: describe(error))
        }
        if version > HistorySchema.currentVersion || superseded {
            throw HistoryError.newerDatabase(path: path, found: version, supported: HistorySchema.currentVersion)
        }
    }

    /// `PRAGMA integrity_check`: `ok` for a sound database.
    public func integrityCheck() throws -> String {
        try pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ") }
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
