import Foundation
import Results
import TextFormatting

/// Runs that could not be recorded because the history server was unavailable, kept locally until they are sent:
/// one file per run, `<folder>/<run-id>.json`, written atomically (a temporary file renamed into place), so a
/// spooled run is either whole or absent. The next record, or `framebudget history flush`, sends them first.
public struct HistorySpool: Sendable {
    /// One spooled run: the results document as read, and the branch it was to be recorded with.
    public struct Entry: Codable, Sendable, Equatable {
        public var runID: String
        public var branch: String?
        /// The results JSON, byte for byte (stored as is, as a record would).
        public var document: Data

        /// A run to keep: its id, branch and results document as read.
        public init(runID: String, branch: String?, document: Data) {
            (self.runID, self.branch, self.document) = (runID, branch, document)
        }
    }

    public let folder: String

    /// The spool in `folder` (created when the first run is spooled).
    public init(folder: String) { self.folder = folder }

    /// Keeps a run for later.
    /// - Returns: the file it was written to.
    /// - Throws: ``HistoryError/unwritable(path:reason:)`` when the folder or file cannot be written.
    @discardableResult
    public func keep(_ entry: Entry) throws -> String {
        let path = file(of: entry.runID)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let data = try JSONEncoder().encode(entry)
            try AtomicFile.write(data, to: path)
        } catch {
            throw HistoryError.unwritable(path: path, reason: "cannot spool the run: \(error.localizedDescription)")
        }
        return path
    }

    /// The spooled runs, oldest first (by file modification time, then name), and the spooled files that cannot be
    /// read or decoded, each with why (they stay in place: one bad file must not keep every later run out of the
    /// history). A file another process sent and removed meanwhile is neither.
    /// - Throws: ``HistoryError/unusableSpool(path:reason:)`` for a spool path that is not a folder.
    public func pendingAndUnreadable() throws -> (pending: [(path: String, entry: Entry)], unreadable: [(path: String, reason: String)]) {
        var pending = [(path: String, entry: Entry)](), unreadable = [(path: String, reason: String)]()
        for path in try files() {
            switch read(path) {
            case .success(let entry?): pending.append((path, entry))
            case .success(nil): continue
            case .failure(let error): unreadable.append((path, error.reason))
            }
        }
        return (pending, unreadable)
    }

    /// The spooled runs, oldest first (by file modification time, then name).
    /// - Throws: ``HistoryError/unusableSpool(path:reason:)`` for a spooled file that cannot be read or decoded
    ///   (it is left in place), or a spool path that is not a folder.
    public func pending() throws -> [(path: String, entry: Entry)] {
        let (pending, unreadable) = try pendingAndUnreadable()
        if let first = unreadable.first { throw HistoryError.unusableSpool(path: first.path, reason: first.reason) }
        return pending
    }

    /// The spool's files, oldest first.
    private func files() throws -> [String] {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && !isFolder.boolValue {
            throw HistoryError.unusableSpool(path: folder, reason: "is a file, not a spool folder")
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        let paths = names.filter { $0.hasSuffix(".json") }.map { "\(folder)/\($0)" }
        let dated = paths.map { path in
            (path, (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast)
        }
        return dated.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
    }

    private struct Unreadable: Error { let reason: String }

    /// One spooled file; nil when it is gone (another record or flush sent it meanwhile).
    private func read(_ path: String) -> Result<Entry?, Unreadable> {
        let data: Data
        do throws(SystemFile.ReadError) { data = try SystemFile.read(path) }
        catch {
            if !FileManager.default.fileExists(atPath: path) { return .success(nil) }
            return .failure(Unreadable(reason: "cannot read the spooled run: \(error.reason)"))
        }
        do { return .success(try JSONDecoder().decode(Entry.self, from: data)) }
        catch { return .failure(Unreadable(reason: "not a spooled run (\(ResultsFile.describe(error, decoding: data)))")) }
    }

    /// Removes a run once it is recorded; one already gone was sent by another process sharing the spool (a record
    /// beside a flush), which is what removing it would have said.
    public func remove(_ path: String) throws {
        do { try FileManager.default.removeItem(atPath: path) }
        catch {
            guard FileManager.default.fileExists(atPath: path) else { return }
            throw HistoryError.unwritable(path: path, reason: "cannot remove the sent run from the spool")
        }
    }

    /// The file of a run id: characters other than letters, digits, `.`, `-` and `_` become `_`, so any run id
    /// names a file inside the folder; a run id so changed also gets its hash (`ci run 7` and `ci/run/7` would
    /// otherwise share `ci_run_7.json`, the second spooled run overwriting the first).
    public func file(of runID: String) -> String {
        var safe = String(runID.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
        if safe.hasPrefix(".") { safe = "_" + safe }
        if safe != runID { safe += "-" + FNV1a.hex(FNV1a.hash64(runID)).prefix(8) }
        return "\(folder)/\(safe).json"
    }
}
