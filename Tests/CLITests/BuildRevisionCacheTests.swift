import Foundation
import XCTest

/// `scripts/build-revision.sh` keeps the most recently used revisions' binaries and removes the rest, so a machine
/// that compares and runs nightlies for months does not keep one ~100 MB binary per revision it ever built.
final class BuildRevisionCacheTests: XCTestCase {
    private var scratch: ScratchRepository!
    private var commits: [String] = []
    private var repository: String { scratch.path }
    private var worktrees: String { repository + "/.build-compare" }

    override func setUpWithError() throws {
        scratch = try ScratchRepository(prefix: "fb-revision-cache")
        for k in 1...3 {
            try scratch.write("kernel.swift", "let work = \(k)\n")
            commits.append(try scratch.commitAll("commit \(k)"))
        }
    }

    override func tearDownWithError() throws { scratch?.remove() }

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

    /// Gives the cached binary of `commit` an apparent size of `megabytes` (a sparse file: the byte limit counts
    /// apparent sizes, and a test should not write gigabytes).
    private func grow(_ commit: String, megabytes: UInt64) throws {
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: try cacheFolder(commit) + "/framebudget"))
        try file.truncate(atOffset: megabytes << 20)
        try file.close()
    }

    private func buildRevision(_ commit: String, keep: String, gigabytes: String = "10", linkOrders: String = "",
                               hold: [String] = [], out: String? = nil) throws -> Framebudget.Result {
        try Framebudget.command("/usr/bin/env", [
            "COMPARE_CACHE_KEEP=" + keep, "COMPARE_CACHE_GB=" + gigabytes, "LAYOUT_FLAGS=", "LINK_ORDERS=" + linkOrders,
            "COMPARE_CACHE_HOLD=" + hold.joined(separator: " "),
            "bash", "-c", "cd \"$1\" && \"$2\" \"$3\" \"$4\"", "build",
            repository, Framebudget.repositoryRoot + "/scripts/build-revision.sh", commit, out ?? repository + "/out/framebudget"])
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

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

    /// make compare builds its head after its base: a cache too small for both must not remove the base's binary
    /// (nor its install) the comparison is about to run.
    func testARevisionTheCallerStillRunsIsKeptBeyondTheLimit() throws {
        let now = Date()
        try cache(commits[0], used: now.addingTimeInterval(-300))
        try cache(commits[1], used: now.addingTimeInterval(-200))
        try cache(commits[2], used: now.addingTimeInterval(-100))
        let base = repository + "/.build-compare/bin/\(commits[0].prefix(12))/framebudget"
        XCTAssertEqual(try buildRevision(commits[0], keep: "24", out: base).status, 0)
        try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-300)],
                                              ofItemAtPath: try cacheFolder(commits[0]))
        let result = try buildRevision(commits[2], keep: "1", hold: [commits[0]])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(exists(try cacheFolder(commits[0])), "the held revision was removed")
        XCTAssertTrue(exists(base), "the held revision's install was removed")
        XCTAssertFalse(exists(try cacheFolder(commits[1])), "a revision nobody holds is kept beyond the limit")
        XCTAssertTrue(exists(try cacheFolder(commits[2])))
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

    /// Link orders make a revision ~400 MB, so a count of revisions alone would let the cache take ten gigabytes.
    func testTheLeastRecentlyUsedBeyondTheByteLimitAreRemoved() throws {
        let now = Date()
        for (k, commit) in commits.enumerated() {
            try cache(commit, used: now.addingTimeInterval(Double(k - 3) * 100))
            try grow(commit, megabytes: 400)
        }
        // Asked for, commits[0] is the most recent; with commits[2] 800 MB fit in 1 GB, commits[1] would make 1200.
        let result = try buildRevision(commits[0], keep: "24", gigabytes: "1")
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(exists(try cacheFolder(commits[0])), "the revision just used was removed")
        XCTAssertTrue(exists(try cacheFolder(commits[2])), "a revision within the limit was removed")
        XCTAssertFalse(exists(try cacheFolder(commits[1])), "the least recently used is kept beyond the byte limit")
    }

    func testTheRevisionAskedForStaysEvenAloneBeyondTheByteLimit() throws {
        try cache(commits[0], used: Date().addingTimeInterval(-100))
        try cache(commits[1], used: Date().addingTimeInterval(-200))
        try grow(commits[0], megabytes: 1500)
        let result = try buildRevision(commits[0], keep: "24", gigabytes: "1")
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(exists(try cacheFolder(commits[0])))
        XCTAssertFalse(exists(try cacheFolder(commits[1])))
    }

    /// The installs are hard links, so a revision costs its cache folder only; they go with that folder, so that a
    /// nightly's baseline a night does not pile up in bin/ (it did: 21 revisions, 5 GB, on the development VM).
    func testInstallsAreLinksAndGoWithTheirRevisionsCache() throws {
        let now = Date()
        try cache(commits[0], used: now.addingTimeInterval(-300))
        try cache(commits[1], used: now.addingTimeInterval(-200))
        let install = { (commit: String) in "\(self.worktrees)/bin/\(commit.prefix(12))/framebudget" }
        XCTAssertEqual(try buildRevision(commits[0], keep: "24", out: install(commits[0])).status, 0)
        let nightlyWorkingTree = worktrees + "/bin/working-tree/framebudget"
        try FileManager.default.createDirectory(atPath: worktrees + "/bin/working-tree", withIntermediateDirectories: true)
        try "x".write(toFile: nightlyWorkingTree, atomically: true, encoding: .utf8)
        let cachedInode = try FileManager.default.attributesOfItem(atPath: try cacheFolder(commits[1]) + "/framebudget")[.systemFileNumber] as? Int
        // commits[1] asked for with room for one revision: commits[0]'s cache folder goes, and its install with it.
        let result = try buildRevision(commits[1], keep: "1", out: install(commits[1]))
        XCTAssertEqual(result.status, 0, result.stdout)
        let installedInode = try FileManager.default.attributesOfItem(atPath: install(commits[1]))[.systemFileNumber] as? Int
        XCTAssertNotNil(installedInode)
        XCTAssertEqual(installedInode, cachedInode, "the install is a copy, not a link to the cached binary")
        XCTAssertFalse(exists(try cacheFolder(commits[0])))
        XCTAssertFalse(exists("\(worktrees)/bin/\(commits[0].prefix(12))"), "an install outlived its revision's cache")
        XCTAssertTrue(exists(install(commits[1])))
        XCTAssertTrue(exists(nightlyWorkingTree), "an install not named by a commit was removed")
    }

    /// A revision asked for again (every bisection step against GOOD, every nightly) finds its install already the
    /// cached binary's link, and keeps it.
    func testInstallingTheSameRevisionAgainKeepsItsLink() throws {
        try cache(commits[0], used: Date())
        XCTAssertEqual(try buildRevision(commits[0], keep: "24").status, 0)
        let again = try buildRevision(commits[0], keep: "24", linkOrders: "")
        XCTAssertEqual(again.status, 0, again.stdout)
        let installed = try String(contentsOfFile: repository + "/out/framebudget", encoding: .utf8)
        XCTAssertTrue(installed.contains(commits[0]), installed)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: repository + "/out").sorted(),
                       ["framebudget", "framebudget.commit"], "a temporary file was left")
    }

    /// A build folder (~640 MB in release) is kept while a cached revision has its flags, so that the next build
    /// with them is incremental, and removed once none has: every set of flags ever asked for used to leave one.
    func testABuildFolderGoesWhenNoCachedRevisionHasItsFlags() throws {
        try cache(commits[0], used: Date().addingTimeInterval(-100))
        let current = try cacheFolder(commits[0]).split(separator: "-").last.map(String.init) ?? ""
        let cachedOther = "\(worktrees)/cache/\(commits[1].prefix(12))-0badf00d"
        try FileManager.default.createDirectory(atPath: cachedOther, withIntermediateDirectories: true)
        let folders = ["scratch-" + current, "scratch-0badf00d", "scratch-deadbeef", "scratch-notes"].map { worktrees + "/" + $0 }
        for folder in folders {
            try FileManager.default.createDirectory(atPath: folder + "/release", withIntermediateDirectories: true)
        }
        let result = try buildRevision(commits[0], keep: "24")
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(exists(folders[0]), "the build folder of the flags just used was removed")
        XCTAssertTrue(exists(folders[1]), "the build folder of a cached revision's flags was removed")
        XCTAssertFalse(exists(folders[2]), "a build folder no cached revision uses was kept")
        XCTAssertTrue(exists(folders[3]), "a folder not named by a flags key was removed")
    }

    func testABadByteLimitIsUsageAndRemovesNothing() throws {
        try cache(commits[0], used: Date())
        for bad in ["0", "1.5", "ten"] {
            let result = try buildRevision(commits[0], keep: "24", gigabytes: bad)
            XCTAssertEqual(result.status, 64, result.stdout)
            XCTAssertTrue(result.stdout.contains("COMPARE_CACHE_GB='\(bad)': not a whole number of gigabytes ≥ 1"), result.stdout)
        }
        XCTAssertTrue(exists(try cacheFolder(commits[0])))
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
