import Foundation
import XCTest

/// `bisect --link-orders K`: every revision is built with `LINK_ORDERS=K` and every comparison runs
/// `compare-builds --link-orders`, so a search step reads the same kind of interval as `make compare LINK_ORDERS=K`.
///
/// The build script is a stand-in that installs this test's binary (a release build per revision, with its link
/// orders, takes minutes: `scripts/bisect-check.sh` bisects real builds); the comparisons are real `compare-builds`
/// runs, whose JSON is checked for the orders they ran.
final class BisectLinkOrdersTests: XCTestCase {
    private var folder = ""
    private var scratch: ScratchRepository!
    private var repository: String { scratch.path }
    private var buildLog: String { folder + "/builds.log" }

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-bisect-orders-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        scratch = try ScratchRepository.notes(prefix: "fb-bisect-orders-repo")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
        scratch?.remove()
    }

    private func bisect(_ extra: [String], environment: [String: String] = [:]) throws -> Framebudget.Result {
        try Framebudget.run([
            "bisect", "--good", "HEAD~1", "--bad", "HEAD", "finger-count/optimized/21-landmarks", "--repo", repository,
            "--build-script", try StandInBuildScript.write(in: folder, log: buildLog), "--configuration", "debug", "--reports", folder + "/reports",
            "--max-pairs", "3", "--max-minutes", "0.2", "--remeasures", "0", "--profile-seconds", "0"] + extra,
            environment: environment.merging(["COMPARE_WORKTREES": folder + "/worktrees"]) { $1 })
    }

    /// The compare-builds JSON files the bisection kept.
    private func comparisons() throws -> [[String: Any]] {
        let reports = folder + "/reports"
        let bisection = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: reports).first)
        let kept = "\(reports)/\(bisection)/comparisons"
        return try FileManager.default.contentsOfDirectory(atPath: kept).sorted().map {
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(kept)/\($0)"))) as! [String: Any]
        }
    }

    func testEveryRevisionIsBuiltWithItsOrdersAndEveryComparisonRunsThem() throws {
        let result = try bisect(["--link-orders", "2"])
        // Identical builds: not regressed (1) or undecided in three pairs (3); a regression (0) is possible by chance.
        XCTAssertTrue([0, 1, 3].contains(result.status), result.stderr)
        let builds = try String(contentsOfFile: buildLog, encoding: .utf8).split(separator: "\n")
        XCTAssertFalse(builds.isEmpty)
        XCTAssertTrue(builds.allSatisfy { $0.hasSuffix(" LINK_ORDERS=2") }, builds.joined(separator: "\n"))
        let measured = try comparisons()
        XCTAssertFalse(measured.isEmpty, "no comparison kept")
        for comparison in measured {
            XCTAssertEqual((comparison["settings"] as? [String: Any])?["linkOrders"] as? Int, 2)
        }
    }

    /// Without the option the build script is told no orders, even when the caller's shell exported some.
    func testWithoutTheOptionNoRevisionIsBuiltWithOrders() throws {
        let result = try bisect([], environment: ["LINK_ORDERS": "8"])
        XCTAssertTrue([0, 1, 3].contains(result.status), result.stderr)
        let builds = try String(contentsOfFile: buildLog, encoding: .utf8).split(separator: "\n")
        XCTAssertTrue(builds.allSatisfy { $0.hasSuffix(" LINK_ORDERS=") }, builds.joined(separator: "\n"))
        for comparison in try comparisons() {
            XCTAssertNil((comparison["settings"] as? [String: Any])?["linkOrders"] as? Int)
        }
    }

    func testOrdersOutOfRangeOrWithInstructionCountsAreBadInputBeforeAnyBuild() throws {
        let cases: [([String], String)] = [
            (["--link-orders", "1"], "--link-orders must be a number of link orders in 2…64 (got 1)"),
            (["--link-orders", "65"], "--link-orders must be a number of link orders in 2…64 (got 65)"),
            (["--link-orders", "8", "--mode", "instructions"],
             "--link-orders is for --mode time: instruction counts do not depend on where the linker put a function"),
        ]
        for (options, message) in cases {
            let result = try bisect(options)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(result.stderr, "framebudget: error: \(message)\n")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: buildLog), "a revision was built")
    }
}
