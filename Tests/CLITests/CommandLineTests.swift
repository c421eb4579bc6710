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

    func testListVerboseNamesEachBenchmarksThreadsOnce() throws {
        let result = try Framebudget.run(["list", "--verbose", "texture-upload"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertFalse(lines.isEmpty)
        for line in lines {
            XCTAssertEqual(line.components(separatedBy: "threads=").count, 2, "threads once: \(line)")
        }
    }

    func testUnknownBenchmarkIsABadInputError() throws {
        let result = try Framebudget.run(["run", "--allow-debug", "--reports", reports, "no-such-kernel"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: unknown benchmark id or pattern 'no-such-kernel' (see 'framebudget list')\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: reports), "nothing written on bad input")
    }

    func testAMalformedCommandLineIsOneLineNamingTheProblemAndTheCommandsHelp() throws {
        let samples = try Framebudget.run(["run", "--samples", "many"])
        XCTAssertEqual(samples.status, 64)
        XCTAssertEqual(samples.stderr, "framebudget: error: the value 'many' is invalid for '--samples <samples>' "
                                        + "(see 'framebudget run --help')\n")
        let nested = try Framebudget.run(["history", "show", "colormap/optimized/256x192", "--bogus"])
        XCTAssertEqual(nested.status, 64)
        XCTAssertEqual(nested.stderr, "framebudget: error: unknown option '--bogus' (see 'framebudget history show --help')\n")
        let watch = try Framebudget.run(["nightly-quality", "a", "b"])
        XCTAssertEqual(watch.status, 64, "no default budget to watch: a package's suite has none of FrameBudget's")
        XCTAssertEqual(watch.stderr, "framebudget: error: missing expected argument '--watch <watch>' "
                                     + "(see 'framebudget nightly-quality --help')\n")
        let help = try Framebudget.run(["run", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: framebudget run"), help.stdout)
    }

    /// `make bench REPORTS=` passed `--reports ""`, which put a run folder and a `latest` link into `/`: an empty
    /// value is refused in one line, exit 2, before anything runs; an empty positional after a flag is not an option's.
    func testAnOptionGivenAnEmptyValueIsRefusedBeforeAnythingRuns() throws {
        let cases = [("--reports", ["run", "--reports", "", "texture-upload/memcpy/256x192"]),
                     ("--plots", ["compare", "a.json", "b.json", "--plots="]), ("--out", ["history", "plot", "x", "--out", ""]),
                     ("--budgets", ["nightly", "--branch", "b", "--", "--budgets", ""])]
        for (option, arguments) in cases {
            let result = try Framebudget.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr, "framebudget: error: \(option) is empty (an unset variable?): give it a value\n")
        }
        let positional = try Framebudget.run(["report", "--strict", ""])
        XCTAssertEqual(positional.status, 2, positional.stderr)
        XCTAssertEqual(positional.stderr, "framebudget: error: argument 3 is empty (an unset variable?): give it a value\n",
                       "a results file, not --strict's value")
    }

    func testHelpForACommandThatDoesNotExistIsAMalformedCommandLine() throws {
        let unknown = try Framebudget.run(["help", "nosuch"])
        XCTAssertEqual(unknown.status, 64, "the tool's own help and exit 0 looked answered")
        XCTAssertEqual(unknown.stdout, "")
        XCTAssertEqual(unknown.stderr, "framebudget: error: unknown command 'nosuch' for 'help' (see 'framebudget --help')\n")
        let nested = try Framebudget.run(["help", "history", "shw"])
        XCTAssertEqual(nested.status, 64)
        XCTAssertEqual(nested.stderr, "framebudget: error: unknown command 'shw' for 'help' (see 'framebudget history --help')\n")
        let known = try Framebudget.run(["help", "history", "show"])
        XCTAssertEqual(known.status, 0)
        XCTAssertTrue(known.stdout.contains("USAGE: framebudget history show"), known.stdout)
    }

    func testDebugBuildIsRefusedUnlessForced() throws {
        // The binary is built in the configuration of this test bundle (make test: debug).
        #if DEBUG
        let result = try Framebudget.run(["run", "--quick", "--reports", reports, "texture-upload/memcpy/256x192"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("this is a debug build"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: reports), "nothing written")
        #else
        throw XCTSkip("a release build measures without --allow-debug; the refusal is a debug build's")
        #endif
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

    /// A folder where `latest` goes (a CI cache restores links as folders) failed the run after all its measuring,
    /// exit 4, and no report was written: it is refused first, and nothing is measured or created.
    func testAFolderWhereTheLatestLinkGoesIsRefusedBeforeMeasuring() throws {
        try FileManager.default.createDirectory(atPath: reports + "/latest", withIntermediateDirectories: true)
        let result = try Framebudget.run(["gate", "--quick", "--allow-debug", "--reports", reports, "--run-id", "g",
                                          "texture-upload/memcpy/256x192"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("framebudget: error: \(reports)/latest: not the link this tool keeps to the "
                      + "newest run (restored from a CI cache or artifact?): remove or rename it\n"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: reports), ["latest"], "no run folder")
    }

    func testSIGINTWritesWhatWasMeasuredMarkedIncomplete() throws {
        // The run saves the first benchmark, then waits for the signal (a test hook): the signal always lands
        // between the first and the second benchmark.
        let log = NSTemporaryDirectory() + "fb-sigint-\(UUID().uuidString).err"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let process = try Framebudget.start(["run", "--allow-debug", "--reports", reports, "--run-id", "cut",
                                             "--quick", "--test-wait-for-signal-after", "1", "texture-upload/optimized/256x192",
                                             "texture-upload/memcpy/256x192"], stderrLog: log)
        let results = reports + "/cut/results.json"
        Framebudget.waitFor("waiting for a signal after 1 benchmarks", in: log)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as! [String: Any]
        XCTAssertEqual(json["complete"] as? Bool, false)
        XCTAssertEqual(json["incompleteReason"] as? String, "interrupted by SIGINT")
        let ids = (json["benchmarks"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        XCTAssertEqual(ids, ["texture-upload/optimized/256x192"], "the first benchmark kept, the second never started")
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
