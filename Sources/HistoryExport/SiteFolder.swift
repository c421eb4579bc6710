import Foundation
import Glibc
import Results

/// Replaces a folder as a whole: its new content is built in a hidden staging folder beside it, then swapped in
/// with one exchange of names (``PendingOutputs/replaceFolder(_:with:aside:)``), so the folder is never half
/// written or missing and a failure leaves the old one as it was. Staging folders
/// that a killed writer left (`.<name>.staging-<pid>-…`, `.<name>.old-<pid>-…`) are removed by the next writer.
public enum SiteFolder {
    /// Why the folder could not be written; one line naming it.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var path: String
        public var reason: String
        public var description: String { "\(path): cannot write the site: \(reason) (any previous site is unchanged)" }
    }

    /// The folder holds what the site does not write (a history database, run folders, a project's docs): replaced
    /// whole, they went with it (`--out Reports` deleted the history the site was made from).
    public struct ForeignContent: Error, CustomStringConvertible, Equatable {
        public var path: String
        public var entries: [String]
        public var description: String {
            "\(path): holds \(entries.count == 1 ? "an entry" : "\(entries.count) entries") the site does not write "
                + "(\(entries[0])): not replaced; give --out a new or empty folder, or a previous site's"
        }
    }

    /// Runs `build` with an empty staging folder beside `folder`, then puts it in `folder`'s place (the old
    /// content, if any, is removed once the new one is in place).
    /// - Parameter owns: whether an entry of an existing `folder` is one the site writes (a regular file of that
    ///   name); a folder holding anything else is not replaced.
    /// - Throws: ``ForeignContent`` before anything is written when `folder` holds what `owns` refuses; ``Failure``
    ///   when `folder` is a file, its parent cannot be made, or a rename fails; whatever `build` throws (the staging
    ///   folder is removed).
    public static func replace(_ folder: String, owns: (String) -> Bool, build: (String) throws -> Void) throws {
        let url = URL(fileURLWithPath: folder)
        let parent = url.deletingLastPathComponent().path, name = url.lastPathComponent
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder)
        if exists && !isFolder.boolValue { throw Failure(path: folder, reason: "it is a file, not a folder") }
        if exists {
            let foreign = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { entry in
                var info = stat()
                return !(lstat("\(folder)/\(entry)", &info) == 0 && info.st_mode & S_IFMT == S_IFREG && owns(entry))
            }.sorted()
            if !foreign.isEmpty { throw ForeignContent(path: folder, entries: foreign) }
        }
        do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
        catch { throw Failure(path: folder, reason: "cannot create \(parent)") }
        sweepAbandoned(of: name, in: parent)
        let tag = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let staging = "\(parent)/.\(name).staging-\(tag)", old = "\(parent)/.\(name).old-\(tag)"
        // PendingOutputs entries: an interruption removes them, and waits for the swap below to finish.
        let made = try PendingOutputs.create(staging) { mkdir(staging, 0o755) == 0 ? 0 : errno }
        try PendingOutputs.create(old) {}
        defer {
            for path in [staging, old] {
                try? FileManager.default.removeItem(atPath: path)
                PendingOutputs.release(path)
            }
        }
        guard made == 0 else { throw Failure(path: folder, reason: reason(made)) }
        try build(staging)
        try PendingOutputs.publish(folder) {
            // Swapped in one step where the file system can: readers see the old site or the new one, never none.
            let failure = exists ? PendingOutputs.replaceFolder(folder, with: staging, aside: old)
                : rename(staging, folder) == 0 ? 0 : errno
            guard failure == 0 else { throw Failure(path: folder, reason: reason(failure)) }
        }
    }

    /// Writes one file of the staged content; `naming` is its final path, for the message.
    public static func writeFile(_ data: Data, to path: String, naming: String) throws {
        do { try data.write(to: URL(fileURLWithPath: path)) }
        catch { throw Failure(path: naming, reason: (error as NSError).localizedDescription) }
    }

    /// Removes the staging and old folders of `name` that a killed process left behind (their process is gone).
    static func sweepAbandoned(of name: String, in parent: String) {
        PendingOutputs.sweepAbandoned(in: parent) { entry in
            [".\(name).staging-", ".\(name).old-"].first(where: entry.hasPrefix)
                .flatMap { pid_t(entry.dropFirst($0.count).prefix { $0 != "-" }) }
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
