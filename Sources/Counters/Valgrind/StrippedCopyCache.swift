import Foundation
import Results

/// The folder of ``ValgrindBinary``'s stripped copies, one subfolder a build, each with a record of the binary it
/// was copied from (`origin`), and the rule that keeps it from growing without end.
///
/// A copy is evicted when no run can ask for it again: its original was rebuilt in place (the same path now holds
/// another build, whose copy has another folder) or no longer exists (a clean clone removed, a worktree pruned). A
/// folder without a record (made before records existed, or being made right now) goes once it is an hour old.
/// A process still running valgrind on an evicted copy is unharmed: an unlinked file stays readable to whoever
/// has it open.
public struct StrippedCopyCache: Sendable {
    /// The cache folder.
    public let folder: String
    /// How old a folder without an origin record must be before it is evicted (an hour: one being made is seconds
    /// old).
    public let unrecordedGrace: TimeInterval

    /// The file in each copy's folder that names its original.
    static let originFile = "origin"

    /// The per-user cache every run shares: `/tmp/framebudget-valgrind-<uid>`.
    public static var shared: StrippedCopyCache { StrippedCopyCache(folder: "/tmp/framebudget-valgrind-\(getuid())") }

    public init(folder: String, unrecordedGrace: TimeInterval = 3600) {
        self.folder = folder
        self.unrecordedGrace = unrecordedGrace
    }

    /// Writes the record naming `original` as the source of the copy in `entry`.
    func recordOrigin(_ original: String, of entry: String) throws {
        try AtomicFile.write(original, to: "\(folder)/\(entry)/\(Self.originFile)")
    }

    /// The original the copy in `entry` was made from, nil when it has no record.
    func origin(of entry: String) -> String? {
        try? String(contentsOfFile: "\(folder)/\(entry)/\(Self.originFile)", encoding: .utf8)
    }

    /// Removes every copy but `kept` that no run can ask for again (see the type's rule); best effort, silent: a
    /// copy that cannot be removed now is tried again by the next new copy.
    public func evict(supersededBy original: String, keeping kept: String, now: Date = Date()) {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where entry != kept && isStale(entry, supersededBy: original, now: now) {
            try? manager.removeItem(atPath: "\(folder)/\(entry)")
        }
    }

    private func isStale(_ entry: String, supersededBy original: String, now: Date) -> Bool {
        if let source = origin(of: entry) {
            return source == original || !FileManager.default.fileExists(atPath: source)
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: "\(folder)/\(entry)")
        guard let modified = attributes?[.modificationDate] as? Date else { return false }
        return now.timeIntervalSince(modified) > unrecordedGrace
    }
}
