import Foundation
import XCTest

/// A nightly run on a tree with uncommitted changes: tonight's binary is built from a snapshot commit of the working
/// tree (`scripts/snapshot-tree.sh`), the way the baseline is built, and a baseline that measured such a tree says
/// that only its commit can be built again.
final class NightlyWorkingTreeTests: XCTestCase {
    private var scratch: ScratchRepository!
    private var repository: String { scratch.path }

    override func setUpWithError() throws {
        scratch = try ScratchRepository(prefix: "fb-snapshot")
        try write("kernel.swift", "let work = 1\n")
        try write(".gitignore", "scratch/\n")
        try scratch.commitAll("first")
    }

    override func tearDownWithError() throws { scratch?.remove() }

    private func write(_ name: String, _ text: String) throws { try scratch.write(name, text) }

    @discardableResult
    private func git(_ arguments: String...) throws -> String { try scratch.git(arguments) }

    /// The snapshot script run inside the repository, with no git identity configured (as on a fresh CI runner).
    private func snapshot() throws -> Framebudget.Result {
        try Framebudget.command("/usr/bin/env", [
            "HOME=" + repository, "GIT_CONFIG_NOSYSTEM=1", "bash", "-c", "cd \"$1\" && \"$2\"", "snapshot",
            repository, Framebudget.repositoryRoot + "/scripts/snapshot-tree.sh"])
    }

    func testACleanTreeIsItsHEAD() throws {
        let result = try snapshot()
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), try git("rev-parse", "HEAD"))
    }

    func testASnapshotHoldsTrackedChangesAndNewFilesButNotIgnoredOnesAndMovesNothing() throws {
        try write("kernel.swift", "let work = 2\n")
        try write("Sources/New.swift", "let added = true\n")
        try write("scratch/build.log", "ignored\n")
        let head = try git("rev-parse", "HEAD")
        let statusBefore = try git("status", "--porcelain")
        let result = try snapshot()
        XCTAssertEqual(result.status, 0, result.stdout)
        let commit = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertNotEqual(commit, head)
        XCTAssertEqual(try git("rev-parse", commit + "^"), head, "a child of HEAD")
        XCTAssertEqual(try git("show", commit + ":kernel.swift"), "let work = 2")
        XCTAssertEqual(try git("show", commit + ":Sources/New.swift"), "let added = true")
        XCTAssertEqual(try git("ls-tree", "-r", "--name-only", commit).split(separator: "\n"),
                       [".gitignore", "Sources/New.swift", "kernel.swift"], "the ignored scratch folder stays out")
        XCTAssertEqual(try git("rev-parse", "HEAD"), head, "no branch moved")
        XCTAssertEqual(try git("status", "--porcelain"), statusBefore, "the index and the working tree are untouched")
    }

    func testOutsideACheckoutItSaysSoAndExits2() throws {
        let outside = NSTemporaryDirectory() + "fb-no-git-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let result = try Framebudget.command("/usr/bin/env", [
            "GIT_CEILING_DIRECTORIES=" + NSTemporaryDirectory(), "bash", "-c", "cd \"$1\" && \"$2\"", "snapshot",
            outside, Framebudget.repositoryRoot + "/scripts/snapshot-tree.sh"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "snapshot-tree: not inside a git checkout\n")
    }

    func testABaselineThatMeasuredUncommittedChangesIsItsCommitWithAWarning() throws {
        let results = repository + "/dirty.json"
        var json = try ResultsFixtures.realRun()
        json["runID"] = "dirty-night"
        var environment = json["environment"] as! [String: Any]
        environment["gitCommit"] = "0123456789abcdef0123456789abcdef01234567"
        environment["gitDirty"] = true
        json["environment"] = environment
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: URL(fileURLWithPath: results))
        let database = repository + "/h.sqlite"
        let record = try Framebudget.run(["history", "record", results, "--branch", "dev", "--database", database])
        XCTAssertEqual(record.status, 0, record.stderr)
        let baseline = try Framebudget.run(["history", "baseline-commit", "--branch", "dev", "--database", database])
        XCTAssertEqual(baseline.status, 0, baseline.stderr)
        XCTAssertEqual(baseline.stdout, "0123456789abcdef0123456789abcdef01234567\n")
        XCTAssertTrue(baseline.stderr.contains("measured uncommitted changes on top of 0123456789; that commit is built without them"),
                      baseline.stderr)
    }
}
