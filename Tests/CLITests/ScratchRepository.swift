import Foundation
import XCTest

/// A throwaway git repository in the temporary folder, for the tests of the scripts and commands that build
/// revisions of one (build-revision.sh, snapshot-tree.sh, bisect). Commits carry a fixed test identity, so they
/// need no git configuration on the machine (a fresh CI runner has none).
struct ScratchRepository {
    /// The repository's folder.
    let path: String

    /// An empty repository in a new folder of the temporary folder named `<prefix>-<UUID>`.
    init(prefix: String) throws {
        path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try git("init", "--quiet")
    }

    /// Writes `text` to `name` inside the repository (its folders made as needed).
    func write(_ name: String, _ text: String) throws {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// Runs git in the repository; its output, trimmed. A non-zero exit fails the calling test.
    @discardableResult
    func git(_ arguments: String...) throws -> String { try git(arguments) }

    @discardableResult
    func git(_ arguments: [String]) throws -> String {
        let result = try Framebudget.command("/usr/bin/env", ["git", "-C", path] + arguments)
        XCTAssertEqual(result.status, 0, "git \(arguments.joined(separator: " ")): \(result.stdout)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Commits every change in the tree with `message`; the new commit's sha.
    @discardableResult
    func commitAll(_ message: String) throws -> String {
        try git("add", "--all")
        try git("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "--quiet", "-m", message)
        return try git("rev-parse", "HEAD")
    }

    /// A repository of `count` commits that each rewrite NOTES.md (GOOD and BAD for a bisection of builds that do
    /// not differ).
    static func notes(prefix: String, count: Int = 2) throws -> ScratchRepository {
        let repository = try ScratchRepository(prefix: prefix)
        for k in 1...count {
            try repository.write("NOTES.md", "note \(k)\n")
            try repository.commitAll("note \(k)")
        }
        return repository
    }

    /// Removes the repository's folder.
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
