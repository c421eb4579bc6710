import Foundation
import Glibc

/// File-level checks of a history database path, made before SQLite opens it (SQLite's own errors for these cases,
/// "disk I/O error" for a folder, say nothing useful), and the helpers of read-only opening.
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

    /// True when the file system holding `path` is mounted read-only.
    static func onReadOnlyFileSystem(_ path: String) -> Bool {
        var info = statvfs()
        return statvfs(path, &info) == 0 && (info.f_flag & UInt(ST_RDONLY)) != 0
    }

    /// An SQLite URI opening `path` as immutable: no locks, no WAL index (only for a read-only file system, where
    /// no one can change the file).
    static func immutableURI(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:\(absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute)?immutable=1"
    }

    /// The `-wal` and `-shm` files SQLite creates beside a WAL database even for a read-only connection: those a
    /// check created are removed again when it refuses the database, so a refused file is left as found.
    struct Leftovers {
        private let created: [String]

        init(_ path: String) {
            created = ["-wal", "-shm"].map { path + $0 }.filter { !FileManager.default.fileExists(atPath: $0) }
        }

        func remove() {
            // A non-empty WAL holds someone's writes since the check: never touch it (nor its index).
            let wal = created.first { $0.hasSuffix("-wal") }
            if let wal, let size = try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int, size > 0 { return }
            created.forEach { unlink($0) }
        }
    }
}
