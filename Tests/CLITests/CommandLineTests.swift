import XCTest
import Foundation

/// Runs the built `framebudget` binary and checks its output, files and exit codes, as a user would see them.
final class CommandLineTests: XCTestCase {
    private var reports = ""

    override func setUpWithError() throws {
        reports = NSTemporaryDirectory() + "fb-cli-\(UUID().uuidString)"
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: reports)
    }

    func testListPrintsTheTextureUploadBenchmarks() throws {
        let result = try Framebudget.run(["list", "texture-upload"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("texture-upload/optimized/256x192"))
    }

    func testUnknownBenchmarkIsABadInputError() throws {
        let result = try Framebudget.run(["run", "--allow-debug", "--reports", reports, "no-such-kernel"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: unknown benchmark id or pattern 'no-such-kernel' (see 'framebudget list')\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: reports), "nothing written on bad input")
    }

    func testMalformedFlagIsAUsageError() throws {
        let result = try Framebudget.run(["run", "--samples", "many"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--samples"))
    }

    func testDebugBuildIsRefusedUnlessForced() throws {
        let result = try Framebudget.run(["run", "--quick", "--reports", reports, "texture-upload/memcpy/256x192"])
        guard result.stdout.isEmpty && result.status != 0 else { return }  // a release test build measures normally
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("debug build"))
    }

    func testQuickRunWritesValidResultsAndPointsLatestAtThem() throws {
        let result = try Framebudget.run(["run", "--quick", "--allow-debug", "--reports", reports, "--run-id", "smoke",
                                           "texture-upload/optimized/256x192", "texture-upload/memcpy/256x192"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("median [95% CI]"))
        XCTAssertTrue(result.stderr.contains("warning: debug build"))
        let results = reports + "/smoke/results.json"
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: reports + "/latest"), "smoke")
        let validation = try Framebudget.python([Framebudget.repositoryRoot + "/Schemas/validate.py", results])
        XCTAssertEqual(validation.status, 0, validation.stdout)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as! [String: Any]
        XCTAssertEqual(json["complete"] as? Bool, true)
        XCTAssertEqual((json["benchmarks"] as? [Any])?.count, 2)
    }

    func testUnwritableReportsFolderFailsBeforeMeasuring() throws {
        try "a file, not a folder".write(toFile: reports, atomically: true, encoding: .utf8)
        let result = try Framebudget.run(["run", "--quick", "--allow-debug", "--reports", reports, "texture-upload/memcpy/256x192"])
        XCTAssertEqual(result.status, 4)
        XCTAssertTrue(result.stderr.hasPrefix("framebudget: error: \(reports): cannot create run folder"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").filter { $0.contains("error") }.count, 1)
    }

    func testSIGINTWritesWhatWasMeasuredMarkedIncomplete() throws {
        let process = try Framebudget.start(["run", "--allow-debug", "--reports", reports, "--run-id", "cut",
                                             "--max-time", "2", "texture-upload/optimized/256x192",
                                             "texture-upload/memcpy/256x192"])
        let results = reports + "/cut/results.json"
        // Wait until the first benchmark has been saved, then interrupt the second.
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: results) && Date() < deadline { usleep(50_000) }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as! [String: Any]
        XCTAssertEqual(json["complete"] as? Bool, false)
        XCTAssertEqual(json["incompleteReason"] as? String, "interrupted by SIGINT")
        XCTAssertGreaterThanOrEqual((json["benchmarks"] as? [Any])?.count ?? 0, 1)
    }

    func testKernelWithUnknownIdNamesTheKnownOnes() throws {
        let result = try Framebudget.run(["kernel", "warp-drive", "--in", "/tmp", "--out", reports])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("framebudget: error: unknown kernel 'warp-drive'"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: reports))
    }

    func testEnvReportsTheClockAndBuild() throws {
        let result = try Framebudget.run(["env"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("CLOCK_MONOTONIC"))
        XCTAssertTrue(result.stdout.contains("build"))
    }
}
