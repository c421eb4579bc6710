import Foundation

/// File-level checks of a history database path, made before SQLite opens it (SQLite's own errors for these cases,
/// "disk I/O error" for a folder, say nothing useful).
enum HistoryFileCheck {
    /// True when a file is at `path`, false when nothing is.
    /// - Throws: ``HistoryError/unusable(path:reason:)`` when a folder is there.
    static func existingFile(_ path: String) throws -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
        guard !isDirectory.boolValue else { throw HistoryError.unusable(path: path, reason: "is a folder, not a database file") }
        return true
    }

    /// A reading command refuses an empty file rather than reading it as an empty database.
    static func notEmpty(_ path: String) throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if size == 0 { throw HistoryError.unusable(path: path, reason: "empty file (no run was ever recorded in it)") }
    }
}
