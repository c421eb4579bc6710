import Foundation
import XCTest

/// `scripts/build-revision.sh` keeps the most recently used revisions' binaries and removes the rest, so a machine
/// that compares and runs nightlies for months does not keep one ~100 MB binary per revision it ever built.
final class BuildRevisionCacheTests: XCTestCase {
    private var repository = ""
    private var commits: [String] = []
    private var worktrees: String { repository + "/.build-compare" }

    override func setUpWithError() throws {
        repository = NSTemporaryDirectory() + "fb-revision-cache-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        try git("init", "--quiet")
        for k in 1...3 {
            try "let work = \(k)\n".write(toFile: repository + "/kernel.swift", atomically: true, encoding: .utf8)
            try git("add", "--all")
            try git("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "--quiet", "-m", "commit \(k)")
            commits.append(try git("rev-parse", "HEAD"))
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: repository) }

    @discardableResult
    private func git(_ arguments: String...) throws -> String {
        let result = try Framebudget.command("/usr/bin/env", ["git", "-C", repository] + arguments)
        XCTAssertEqual(result.status, 0, "git \(arguments.joined(separator: " ")): \(result.stdout)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The cache folder build-revision uses for `commit` with no layout flags (its key: the flags, package, product
    /// and configuration, hashed as the script hashes them).
    private func cacheFolder(_ commit: String) throws -> String {
        let key = try Framebudget.command("/usr/bin/env", [
            "bash", "-c", "printf '%s|%s|%s|%s' '' . framebudget release | sha256sum | cut -c1-8"])
        return "\(worktrees)/cache/\(commit.prefix(12))-\(key.stdout.trimmingCharacters(in: .whitespacesAndNewlines))"
    }

    /// A cached "binary" for `commit` (a script: the cache path is only checked for an executable), last used at
    /// `used`.
    private func cache(_ commit: String, used: Date) throws {
        let folder = try cacheFolder(commit)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "#!/bin/sh\necho \(commit)\n".write(toFile: folder + "/framebudget", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/framebudget")
        try FileManager.default.setAttributes([.modificationDate: used], ofItemAtPath: folder)
    }

    private func buildRevision(_ commit: String, keep: String, linkOrders: String = "") throws -> Framebudget.Result {
        try Framebudget.command("/usr/bin/env", [
            "COMPARE_CACHE_KEEP=" + keep, "LAYOUT_FLAGS=", "LINK_ORDERS=" + linkOrders, "bash", "-c", "cd \"$1\" && \"$2\" \"$3\" \"$4\"", "build",
            repository, Framebudget.repositoryRoot + "/scripts/build-revision.sh", commit, repository + "/out/framebudget"])
    }

    func testATakenRevisionIsKeptAndTheLeastRecentlyUsedBeyondTheLimitAreRemoved() throws {
        let now = Date()
        try cache(commits[0], used: now.addingTimeInterval(-300))
        try cache(commits[1], used: now.addingTimeInterval(-200))
        try cache(commits[2], used: now.addingTimeInterval(-100))
        // The oldest is asked for: it becomes the most recent, and the next oldest goes.
        let result = try buildRevision(commits[0], keep: "2")
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: try cacheFolder(commits[0])), "the revision just used was removed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: try cacheFolder(commits[1])), "the least recently used is kept")
        XCTAssertTrue(FileManager.default.fileExists(atPath: try cacheFolder(commits[2])))
        let installed = try String(contentsOfFile: repository + "/out/framebudget", encoding: .utf8)
        XCTAssertTrue(installed.contains(commits[0]), installed)
        let named = try String(contentsOfFile: repository + "/out/framebudget.commit", encoding: .utf8)
        XCTAssertEqual(named.trimmingCharacters(in: .whitespacesAndNewlines), commits[0])
    }

    func testWithinTheLimitNothingIsRemoved() throws {
        try cache(commits[0], used: Date().addingTimeInterval(-300))
        try cache(commits[1], used: Date().addingTimeInterval(-200))
        let result = try buildRevision(commits[1], keep: "24")
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: try cacheFolder(commits[0])))
        XCTAssertTrue(FileManager.default.fileExists(atPath: try cacheFolder(commits[1])))
    }

    func testABadLimitIsUsageAndRemovesNothing() throws {
        try cache(commits[0], used: Date())
        let result = try buildRevision(commits[0], keep: "0")
        XCTAssertEqual(result.status, 64, result.stdout)
        XCTAssertTrue(result.stdout.contains("COMPARE_CACHE_KEEP='0'"), result.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: try cacheFolder(commits[0])))
    }

    func testABadNumberOfLinkOrdersIsUsageBeforeAnyBuild() throws {
        for bad in ["1", "65", "eight", "-3"] {
            let result = try buildRevision(commits[0], keep: "24", linkOrders: bad)
            XCTAssertEqual(result.status, 64, result.stdout)
            XCTAssertTrue(result.stdout.contains("LINK_ORDERS='\(bad)': not a whole number of link orders in 2…64"), result.stdout)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: worktrees + "/src"), "nothing checked out")
    }

    /// A revision installed without link orders takes away the orders an earlier build left beside the binary, so
    /// that `--link-orders` cannot run another link of the revision than the one named.
    func testAnInstallWithoutLinkOrdersRemovesStaleOnes() throws {
        try cache(commits[0], used: Date())
        let stale = repository + "/out/framebudget.link-orders"
        try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: true)
        try "x".write(toFile: stale + "/1", atomically: true, encoding: .utf8)
        let result = try buildRevision(commits[0], keep: "24")
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
    }
}
