import Foundation
import Glibc
import Results

/// Writes a folder of reports whole: everything goes into a hidden staging folder beside the destination, and is
/// moved into place only once all of it was written, so a failure (a full disk) leaves no partial report folder.
///
/// A destination that does not exist yet is the staging folder renamed (one `rename(2)`: it appears whole or not at
/// all). An existing one (a run folder, which holds `results.json`) gets each staged entry renamed into it: renames
/// need no space, so they do not fail on a full disk, and each file appears whole.
///
/// The staging folder is `.reports.staging-<pid>-<random>`, beside a new destination or inside an existing one; one
/// left by a killed process is removed by the next report written there.
package enum StagedFolder {
    /// Runs `body` with the staging folder, then moves what it wrote into `destination`, first removing from an
    /// existing destination the files named by `removing` (given what `body` returned) that it did not stage.
    /// - Parameter what: the folder's kind in messages, e.g. `report folder`.
    /// - Throws: ``CommandFailure`` (run failure) naming `destination` (never the staging folder) when it cannot be
    ///   made, staged or moved into place; whatever `body` throws, with the staging folder's path replaced by the
    ///   destination's in a ``CommandFailure``'s message.
    /// - Parameter ownExtensions: the files of a sub-folder it may replace (a plots folder's by default: `.dat`,
    ///   `.png`, `.svg`); a sub-folder holding anything else is not replaced.
    package static func write<T>(into destination: String, what: String, removing: (T) -> [String] = { _ in [] },
                                 ownExtensions: Set<String> = plotExtensions, _ body: (String) throws -> T) throws -> T {
        let fail = { (reason: String) in CommandFailure(.runFailure, "\(destination): cannot create \(what): \(reason)") }
        let exists = try check(destination, fail: fail)
        // A new folder is staged beside its place; an existing one inside itself (renames stay in one folder, and
        // need no write access to its parent).
        let parent = exists ? destination : parentFolder(of: destination)
        if !exists, let problem = Folders.make(parent) { throw fail(problem) }
        sweepStale(in: parent)
        let staging = "\(parent)/.reports.staging-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        // A PendingOutputs entry: an interruption removes it, and waits for the moves below to finish.
        let made = try PendingOutputs.create(staging) { mkdir(staging, 0o755) == 0 ? 0 : errno }
        defer {
            try? FileManager.default.removeItem(atPath: staging)
            PendingOutputs.release(staging)
        }
        guard made == 0 else { throw fail(SystemFile.reason(errno: made)) }
        let result: T
        do { result = try body(staging) }
        catch let failure as CommandFailure {
            throw CommandFailure(failure.status, failure.message.replacingOccurrences(of: staging, with: destination))
        }
        try PendingOutputs.publish(destination) {
            if !exists {
                guard rename(staging, destination) == 0 else { throw fail(SystemFile.reason(errno: errno)) }
                return
            }
            let staged: [String]
            do { staged = try FileManager.default.contentsOfDirectory(atPath: staging).sorted() }
            catch { throw fail(ResultsFile.systemReason(error)) }
            // Checked for every entry before any moves: a refusal leaves the destination as it was.
            for name in staged {
                if let problem = replacementProblem("\(staging)/\(name)", "\(destination)/\(name)", ownExtensions: ownExtensions) {
                    throw CommandFailure(.badInput, "\(destination)/\(name): \(problem); choose another output folder or remove it")
                }
            }
            for name in removing(result) where !staged.contains(name) {
                try? FileManager.default.removeItem(atPath: "\(destination)/\(name)")
            }
            for name in staged {
                try moveIntoPlace("\(staging)/\(name)", "\(destination)/\(name)", staging: staging)
            }
        }
        return result
    }

    /// Whether `destination` exists as a folder (or a link to one).
    /// - Throws: `fail` when it is something else, or cannot be looked up (a link loop, a name too long).
    private static func check(_ destination: String, fail: (String) -> CommandFailure) throws -> Bool {
        var info = stat()
        if stat(destination, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw fail("\(destination) is a file, not a folder") }
            return true
        }
        let code = errno
        // Absent (or under a file): the parent's creation says why, in Folders' words.
        if code == ENOENT || code == ENOTDIR {
            var link = stat()
            if code == ENOENT && lstat(destination, &link) == 0 { throw fail("a link to a missing folder") }
            return false
        }
        throw fail(SystemFile.reason(errno: code))
    }

    /// The file extensions of what a report folder's subfolders hold (`plots/`: gnuplot's data, PNG and SVG).
    /// The files of a report's plots folder.
    package static let plotExtensions: Set<String> = ["dat", "png", "svg"]

    /// Why `target` must not be replaced by `staged`, or nil: a folder where a file goes, or a folder holding what
    /// this tool does not write (a project's own `plots/` with its notes, under `report --out .`) — replaced whole,
    /// it was deleted without a word.
    static func replacementProblem(_ staged: String, _ target: String, ownExtensions: Set<String> = plotExtensions) -> String? {
        var old = stat(), new = stat()
        guard lstat(target, &old) == 0, old.st_mode & S_IFMT == S_IFDIR else { return nil }
        guard lstat(staged, &new) == 0, new.st_mode & S_IFMT == S_IFDIR else {
            return "a folder where the report writes a file: not replaced"
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []
        let foreign = entries.filter { name in
            var info = stat()
            let isFile = lstat("\(target)/\(name)", &info) == 0 && info.st_mode & S_IFMT == S_IFREG
            return !(isFile && ownExtensions.contains(URL(fileURLWithPath: name).pathExtension.lowercased()))
        }.sorted()
        guard let first = foreign.first else { return nil }
        return "holds \(foreign.count == 1 ? "a file" : "\(foreign.count) entries") this tool does not write (\(first)): not replaced"
    }

    /// Renames a staged entry over its place; a staged folder (`plots/`) replaces the old one whole, in one step
    /// (the old one is left in the staging folder, which goes); ``replacementProblem(_:_:)`` has said it may.
    private static func moveIntoPlace(_ staged: String, _ target: String, staging: String) throws {
        var old = stat()
        if lstat(target, &old) == 0 && old.st_mode & S_IFMT == S_IFDIR {
            let aside = "\(staging)/.old-\(URL(fileURLWithPath: target).lastPathComponent)"
            let failure = PendingOutputs.replaceFolder(target, with: staged, aside: aside)
            guard failure == 0 else {
                throw CommandFailure(.runFailure, "\(target): cannot replace: \(SystemFile.reason(errno: failure))")
            }
            return
        }
        guard rename(staged, target) == 0 else {
            throw CommandFailure(.runFailure, "\(target): cannot move into place: \(SystemFile.reason(errno: errno))")
        }
    }

    private static func parentFolder(of path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.range(of: "/", options: .backwards) else { return "." }
        return slash.lowerBound == trimmed.startIndex ? "/" : String(trimmed[..<slash.lowerBound])
    }

    /// Removes `.reports.staging-<pid>-<n>` folders in `parent` whose process is gone.
    private static func sweepStale(in parent: String) {
        PendingOutputs.sweepAbandoned(in: parent) { name in
            guard name.hasPrefix(".reports.staging-") else { return nil }
            let parts = name.dropFirst(".reports.staging-".count).split(separator: "-")
            return parts.count == 2 && UInt32(parts[1]) != nil ? pid_t(parts[0]) : nil
        }
    }
}
