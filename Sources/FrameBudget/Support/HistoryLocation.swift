import Foundation
import History
import PostgresHistory
import RunPipeline

/// A history named by a reading command's option (`compare --database`, `gate --history-database`): an SQLite file
/// or a PostgreSQL server's URL, opened read-only as the `history` commands open it.
enum HistoryLocation {
    /// The history at `location`, or nil when it is an SQLite file that does not exist yet.
    /// - Throws: ``History/HistoryError`` (a newer or broken database, an unreachable server, a refused login).
    static func reading(_ location: String) throws -> (any HistoryStore)? {
        if PostgresURL.isPostgres(location) {
            return try PostgresHistoryStore(url: PostgresURL(location), access: .readOnly)
        }
        return FileManager.default.fileExists(atPath: location) ? try HistoryDatabase.reading(location) : nil
    }
}
