import Foundation
import XCTest

/// `gate` and `report` as a user runs them: exit codes, files, and nothing written on bad input.
final class GateCommandTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-gate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A budgets file with one time budget on the optimized depth upload.
    private func budgets(limit: String, statistic: String = "p95", unit: String = "s", extra: String = "") throws -> String {
        let path = folder + "/budgets.yaml"
        try """
            version: 1
            budgets:
              - name: upload-\(statistic)
                hot-path: texture-upload
                variant: optimized
                workload: 256x192
                metric: time
                statistic: \(statistic)
                limit: \(limit)
                unit: \(unit)
                direction: max
                source: "test"
            \(extra)
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private let reportFiles = ["results.json", "summary.txt", "report.md", "junit.xml", "report.html", "bencher.json",
                               "github-action-benchmark.json", "verdicts.json"]

    func testPassingGateWritesEveryReportAndPlotAndExitsZero() throws {
        let result = try Framebudget.run(["gate", "--quick", "--allow-debug", "--reports", folder + "/r", "--run-id", "g",
                                          "--budgets", try budgets(limit: "10"), "texture-upload/optimized/256x192"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("PASS     upload-p95"), result.stdout)
        let run = folder + "/r/g"
        for file in reportFiles { XCTAssertTrue(FileManager.default.fileExists(atPath: "\(run)/\(file)"), file) }
        // What CI consumers load: the real junit.xml against the structure Jenkins xUnit and Ant JUnit require,
        // written as a schema of our own (Schemas/junit-minimal.xsd), always.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") else {
            return XCTFail("xmllint is missing: make deps installs libxml2-utils")
        }
        let minimal = Framebudget.repositoryRoot + "/Tests/CLITests/Schemas/junit-minimal.xsd"
        let lint = try Framebudget.command("/usr/bin/xmllint", ["--noout", "--schema", minimal, "\(run)/junit.xml"])
        XCTAssertEqual(lint.status, 0, "junit-minimal.xsd: \(lint.stdout)")
        // And against those consumers' own schemas, third-party files that are not committed: from
        // FRAMEBUDGET_JUNIT_SCHEMAS or ../shared/junit-schemas when there; when not, the test ends skipped saying so,
        // after the checks below.
        let schemas = ProcessInfo.processInfo.environment["FRAMEBUDGET_JUNIT_SCHEMAS"]
            ?? (Framebudget.repositoryRoot + "/../shared/junit-schemas" as NSString).standardizingPath
        let thirdParty = ["junit-10.xsd": "Jenkins xUnit's junit-10.xsd", "JUnit.xsd": "Ant's JUnit.xsd"]
        let absent = thirdParty.keys.sorted().filter { !FileManager.default.fileExists(atPath: schemas + "/" + $0) }
        for schema in thirdParty.keys.sorted() where !absent.contains(schema) {
            let lint = try Framebudget.command("/usr/bin/xmllint", ["--noout", "--schema", schemas + "/" + schema, "\(run)/junit.xml"])
            XCTAssertEqual(lint.status, 0, "\(schema): \(lint.stdout)")
        }
        try Framebudget.requireGnuplot()
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(run)/plots/texture-upload-latency.svg"))
        if !absent.isEmpty {
            throw XCTSkip("junit.xml not checked against \(absent.compactMap { thirdParty[$0] }.joined(separator: " and ")): "
                          + "not in \(schemas) (third-party, not committed; set FRAMEBUDGET_JUNIT_SCHEMAS to a folder with "
                          + "both); every other check ran")
        }
    }

    func testFailingBudgetExitsOneUnlessAdvisory() throws {
        let path = try budgets(limit: "1", unit: "ns")
        let gate = try Framebudget.run(["gate", "--quick", "--allow-debug", "--reports", folder + "/r", "--run-id", "a",
                                        "--budgets", path, "texture-upload/optimized/256x192"])
        XCTAssertEqual(gate.status, 1, gate.stderr)
        XCTAssertTrue(gate.stdout.contains("FAIL"))
        let advisory = try Framebudget.run(["gate", "--quick", "--allow-debug", "--advisory", "--reports", folder + "/r",
                                            "--run-id", "b", "--budgets", path, "texture-upload/optimized/256x192"])
        XCTAssertEqual(advisory.status, 0, advisory.stderr)
        XCTAssertTrue(advisory.stderr.contains("--advisory: exiting 0 although the gate would exit 1"))
    }

    /// One CI log for both streams: the verdict table comes whole, and the gate's warning after it, not inside it.
    func testWarningsFollowTheTableWhenBothStreamsGoToOneLog() throws {
        let (status, log) = try Framebudget.runMerged(["gate", "--quick", "--allow-debug", "--reports", folder + "/r",
                                                       "--run-id", "m", "--budgets", try budgets(limit: "1", unit: "ns"),
                                                       "texture-upload/optimized/256x192"])
        XCTAssertEqual(status, 1, log)
        let table = try XCTUnwrap(log.range(of: "FAIL     upload-p95"), log)
        let reports = try XCTUnwrap(log.range(of: "\nreports: "), log)
        let warning = try XCTUnwrap(log.range(of: "framebudget: warning: budgets: 1 failed"), log)
        XCTAssertLessThan(table.lowerBound, reports.lowerBound, log)
        XCTAssertLessThan(reports.lowerBound, warning.lowerBound, "the warning was written before the table: \(log)")
    }

    func testBadBudgetsFileIsBadInputBeforeMeasuring() throws {
        let path = try budgets(limit: "0")
        let result = try Framebudget.run(["gate", "--quick", "--allow-debug", "--reports", folder + "/r", "--budgets", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: \(path):9: limit: must be positive (got 0) "
                       + "(0 is allowed only for allocations and custom metrics with direction: max, meaning exactly none)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/r"), "nothing measured, nothing written")
    }

    /// A frame-loop metric on a kernel benchmark could never be read: bad input before measuring, not MISSING (1)
    /// after the whole run.
    func testAFrameLoopMetricOnAKernelBenchmarkIsBadInputBeforeMeasuring() throws {
        let path = try budgets(limit: "20", statistic: "p95", unit: "ms").replacingOccurrences(of: "budgets.yaml", with: "frame.yaml")
        try String(contentsOfFile: folder + "/budgets.yaml", encoding: .utf8)
            .replacingOccurrences(of: "metric: time", with: "metric: frame-time").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Framebudget.run(["gate", "--quick", "--allow-debug", "--reports", folder + "/r", "--budgets", path,
                                          "texture-upload/optimized/256x192"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "framebudget: error: \(path):7: metric: frame-time is measured on frame-loop benchmarks only, "
                       + "and texture-upload/optimized/256x192 is not one (use time, allocations, peak-memory or custom)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/r"), "nothing measured, nothing written")
    }

    /// A results file is judged on the budgets its run's id filters selected, as a gate measuring with them would be;
    /// ids given with --results select the budgets instead, and a budgeted benchmark they select that did not run
    /// is MISSING.
    func testGatingAResultsFileMissingABudgetedBenchmarkItsFiltersSelectFails() throws {
        let run = try Framebudget.run(["run", "--quick", "--allow-debug", "--reports", folder + "/r", "--run-id", "m", "texture-upload/memcpy/256x192"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let budgetsFile = try budgets(limit: "10")
        let asMeasured = try Framebudget.run(["gate", "--results", folder + "/r/m/results.json", "--budgets", budgetsFile])
        XCTAssertEqual(asMeasured.status, 0, asMeasured.stdout)
        XCTAssertTrue(asMeasured.stderr.contains("no budget applies to the selected benchmarks"), asMeasured.stderr)
        let report = try Framebudget.run(["report", folder + "/r/m/results.json", "--budgets", budgetsFile, "--out", folder + "/rep"])
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertFalse(report.stdout.contains("MISSING  upload-p95"), "report judges as the run's gate would: \(report.stdout)")
        let markdown = try String(contentsOfFile: folder + "/rep/report.md", encoding: .utf8)
        XCTAssertTrue(markdown.hasSuffix("results: `\(folder)/r/m/results.json`\n"), "the file it was made from, not a results.json beside it")
        let relative = try Framebudget.run(["report", "r/m/results.json", "--budgets", budgetsFile, "--out", "rep2"], directory: folder)
        XCTAssertEqual(relative.status, 0, relative.stderr)
        XCTAssertTrue(try String(contentsOfFile: folder + "/rep2/report.md", encoding: .utf8).hasSuffix("results: `\(folder)/r/m/results.json`\n"),
                      "absolute: a path relative to the shell means nothing beside report.md")
        let gate = try Framebudget.run(["gate", "--results", folder + "/r/m/results.json", "--budgets", budgetsFile, "texture-upload/*"])
        XCTAssertEqual(gate.status, 1)
        XCTAssertTrue(gate.stdout.contains("MISSING  upload-p95"), gate.stdout)
        let junit = try String(contentsOfFile: folder + "/r/m/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("type=\"MISSING\""))
        // A measuring option cannot apply to a file already measured: refused, not silently ignored.
        let samples = try Framebudget.run(["gate", "--results", folder + "/r/m/results.json", "--samples", "500"])
        XCTAssertEqual(samples.status, 64, samples.stderr)
        XCTAssertTrue(samples.stderr.contains("--samples shapes a measurement: it does not apply to --results"), samples.stderr)
        XCTAssertEqual(try Framebudget.run(["gate", "--results", folder + "/r/m/results.json", "--quick"]).status, 64)
        // A file's frame loops ran already: --frame-loop-mode realtime judged a simulated file without a word.
        for option in [["--frames", "300"], ["--frame-loop-mode", "realtime"]] {
            let loop = try Framebudget.run(["gate", "--results", folder + "/r/m/results.json"] + option)
            XCTAssertEqual(loop.status, 64, loop.stderr)
            XCTAssertTrue(loop.stderr.contains("\(option[0]) shapes a measurement: it does not apply to --results"), loop.stderr)
        }
        // A typo in the ids is bad input, as when measuring: not a gate with nothing to judge that passes.
        let typo = try Framebudget.run(["gate", "--results", folder + "/r/m/results.json", "--budgets", budgetsFile,
                                        "--out", folder + "/typo", "texture-uplaod/*"])
        XCTAssertEqual(typo.status, 2, typo.stderr)
        XCTAssertEqual(typo.stderr, "framebudget: error: unknown benchmark id or pattern 'texture-uplaod/*': neither in "
                       + "\(folder)/r/m/results.json nor in 'framebudget list'\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/typo"), "nothing written")
    }

    /// Budget ids are checked against the benchmarks the executable registers (all of them, whatever was selected):
    /// a registered one that did not run is MISSING (above); one that names no registered benchmark is a typo.
    /// An incomplete run reported into a folder that holds a complete one's reports: the exports that cannot say
    /// "incomplete" go, so that an upload step fails rather than uploading the earlier run's figures as this one's.
    func testAnIncompleteRunReportedOverACompleteOneLeavesNoExportOfTheEarlierRun() throws {
        let complete = try ResultsFixtures.write(to: folder + "/complete.json", runID: "whole")
        XCTAssertEqual(try Framebudget.run(["report", complete, "--out", folder + "/rep"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/rep/bencher.json"))
        var json = try self.json(complete)
        (json["runID"], json["complete"], json["incompleteReason"]) = ("cut", false, "interrupted by SIGINT")
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: folder + "/cut.json"))
        let report = try Framebudget.run(["report", folder + "/cut.json", "--out", folder + "/rep"])
        XCTAssertEqual(report.status, 0, report.stderr)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder + "/rep")
        XCTAssertFalse(left.contains("bencher.json") || left.contains("github-action-benchmark.json"), "\(left)")
        XCTAssertTrue(try String(contentsOfFile: folder + "/rep/junit.xml", encoding: .utf8).contains("cut"))
    }

    func testABudgetNamingNoRegisteredBenchmarkIsOneLineOfBadInput() throws {
        let run = try Framebudget.run(["run", "--quick", "--allow-debug", "--reports", folder + "/r", "--run-id", "t", "texture-upload/memcpy/256x192"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let path = try budgets(limit: "10").replacingOccurrences(of: "budgets.yaml", with: "typo.yaml")
        try String(contentsOfFile: folder + "/budgets.yaml", encoding: .utf8)
            .replacingOccurrences(of: "workload: 256x192", with: "workload: 265x192").write(toFile: path, atomically: true, encoding: .utf8)
        let gate = try Framebudget.run(["gate", "--results", folder + "/r/t/results.json", "--budgets", path])
        XCTAssertEqual(gate.status, 2)
        XCTAssertEqual(gate.stderr.split(separator: "\n").count, 1, gate.stderr)
        XCTAssertTrue(gate.stderr.hasPrefix("framebudget: error: \(path):"), gate.stderr)
        XCTAssertTrue(gate.stderr.contains("unknown benchmark id 'texture-upload/optimized/265x192'"), gate.stderr)
    }

    /// A package's results file (its own benchmark ids) is judged by `framebudget` against the package's budgets:
    /// the ids the file holds are known too (they were "unknown benchmark id" to FrameBudget's suite).
    func testAPackagesResultsAreJudgedAgainstItsOwnBudgets() throws {
        var json = try ResultsFixtures.realRun()
        var benchmark = (json["benchmarks"] as! [[String: Any]])[0]
        (benchmark["hotPath"], benchmark["variant"], benchmark["workload"]) = ("checksum", "optimized", "64KiB")
        benchmark["id"] = "checksum/optimized/64KiB"
        json["benchmarks"] = [benchmark]
        let results = folder + "/package.json"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: results))
        let path = try budgets(limit: "10").replacingOccurrences(of: "budgets.yaml", with: "package.yaml")
        try String(contentsOfFile: folder + "/budgets.yaml", encoding: .utf8)
            .replacingOccurrences(of: "hot-path: texture-upload", with: "hot-path: checksum")
            .replacingOccurrences(of: "workload: 256x192", with: "workload: 64KiB").write(toFile: path, atomically: true, encoding: .utf8)
        let report = try Framebudget.run(["report", results, "--budgets", path, "--out", folder + "/report"])
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(report.stdout.contains("1 PASS"), report.stdout)
        let gate = try Framebudget.run(["gate", "--results", results, "--budgets", path, "--out", folder + "/gate"])
        XCTAssertEqual(gate.status, 0, gate.stderr)
        let typo = try Framebudget.run(["report", results, "--budgets", folder + "/budgets.yaml", "--out", folder + "/typo"])
        XCTAssertEqual(typo.status, 0, "texture-upload is FrameBudget's own: MISSING here, not unknown: \(typo.stderr)")
    }

    func testInconclusiveFailsOnlyUnderStrictAndReportRegeneratesEverything() throws {
        let run = try Framebudget.run(["run", "--quick", "--allow-debug", "--reports", folder + "/r", "--run-id", "i", "texture-upload/optimized/256x192"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let results = folder + "/r/i/results.json"
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results))) as! [String: Any]
        let statistics = ((json["benchmarks"] as! [[String: Any]])[0]["statistics"] as! [String: Any])
        // The median's: a --quick run's 20 samples bound no p95.
        let interval = (statistics["intervals"] as! [String: [String: Double]])["median"]!
        let inside = String(format: "%.3f", (interval["lower"]! + interval["upper"]!) / 2)
        try XCTSkipIf(interval["upper"]! - interval["lower"]! < 2, "interval too narrow to place a limit inside it")
        let path = try budgets(limit: inside, statistic: "median", unit: "ns")
        let lenient = try Framebudget.run(["gate", "--results", results, "--budgets", path])
        XCTAssertEqual(lenient.status, 0, lenient.stdout + lenient.stderr)
        XCTAssertTrue(lenient.stdout.contains("INCONCLUSIVE"))
        let strict = try Framebudget.run(["gate", "--results", results, "--budgets", path, "--strict"])
        XCTAssertEqual(strict.status, 3, strict.stderr)
        let out = folder + "/regenerated"
        let report = try Framebudget.run(["report", results, "--budgets", path, "--out", out])
        XCTAssertEqual(report.status, 0, report.stderr)
        for file in reportFiles.dropFirst() { XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/\(file)"), file) }
    }

    /// Removes every recorded `hostSteal` from a results file, as a run on a host without steal accounting has none.
    private func forgetHostSteal(in path: String) throws {
        var results = try json(path)
        results["hostSteal"] = nil
        results["benchmarks"] = (results["benchmarks"] as? [[String: Any]])?.map { benchmark in
            var benchmark = benchmark
            benchmark["hostSteal"] = nil
            return benchmark
        }
        try JSONSerialization.data(withJSONObject: results).write(to: URL(fileURLWithPath: path))
    }

    private func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    /// End to end (issue 10, issue 15 item 4): one process never fails a budget; the gate measures the benchmark
    /// again in a fresh process, merges it as a replicate into results.json, and the verdict rests on both.
    func testAnUndecidedBudgetIsMeasuredAgainInAFreshProcessAndMergedAsAReplicate() throws {
        let path = try budgets(limit: "1", statistic: "p50", unit: "ns")
        let gate = try Framebudget.run(["gate", "--quick", "--allow-debug", "--samples", "10", "--counters", "none",
                                        "--reports", folder + "/r", "--run-id", "g", "--budgets", path,
                                        "texture-upload/optimized/256x192"])
        XCTAssertEqual(gate.status, 1, gate.stderr)
        XCTAssertTrue(gate.stderr.contains("measuring them in fresh process 2 of ≤ 10: texture-upload/optimized/256x192"), gate.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/r/g/processes/p2/results.json"), "the fresh process's own run")
        let benchmark = try XCTUnwrap((try json(folder + "/r/g/results.json")["benchmarks"] as? [[String: Any]])?.first)
        // Two processes decide unless this (debug, shared) machine scatters them widely: then a third, up to ten.
        let replicates = try XCTUnwrap(benchmark["replicates"] as? [[String: Any]])
        XCTAssertTrue((2...10).contains(replicates.count), "\(replicates.count) process runs")
        XCTAssertEqual(replicates.map { $0["runID"] as? String }, ["g"] + (2...max(2, replicates.count)).map { "g-p\($0)" })
        // The round's own file says the same id: merged with the gate's file, that round counts once.
        let merged = try Framebudget.run(["merge", folder + "/r/g/results.json", folder + "/r/g/processes/p2/results.json",
                                          "--out", folder + "/m.json"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertTrue(merged.stderr.contains("process run g-p2 is already merged"), merged.stderr)
        XCTAssertTrue(merged.stdout.hasPrefix("merged 2 files: \(replicates.count) process runs"), merged.stdout)
        XCTAssertEqual((benchmark["samplesNanoseconds"] as? [Double])?.count, 10 * replicates.count, "10 samples from each process")
        let verdict = try XCTUnwrap((try json(folder + "/r/g/verdicts.json")["verdicts"] as? [[String: Any]])?.first)
        XCTAssertEqual(verdict["outcome"] as? String, "FAIL")
        let evidence = try XCTUnwrap(verdict["evidence"] as? [String: Any])
        // A process the host stole from is set aside (measured and merged, but not in the verdict): CI's shared
        // host did that to one of three on 3 Dec, so the verdict's processes and those set aside add up to all.
        let setAside = evidence["setAsideForSteal"] as? Int ?? 0
        XCTAssertEqual((evidence["processes"] as? Int ?? 0) + setAside, replicates.count, "\(evidence)")
        XCTAssertGreaterThanOrEqual(evidence["processes"] as? Int ?? 0, 2, "a FAIL rests on two quiet processes or more")
        XCTAssertEqual(evidence["basis"] as? String, "run-level-interval")
        XCTAssertTrue(gate.stdout.contains("FAIL     upload-p50"), gate.stdout)
    }

    func testWithOneProcessAllowedAnOverBudgetRunIsInconclusiveNotFail() throws {
        let path = try budgets(limit: "1", statistic: "p50", unit: "ns")
        let arguments = ["gate", "--quick", "--allow-debug", "--samples", "10", "--max-processes", "1", "--reports", folder + "/r",
                         "--budgets", path, "texture-upload/optimized/256x192"]
        let lenient = try Framebudget.run(arguments + ["--run-id", "one"])
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        XCTAssertTrue(lenient.stdout.contains("INCONCLUSIVE  upload-p50"), lenient.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/r/one/processes"), "no extra process")
        let strict = try Framebudget.run(arguments + ["--run-id", "two", "--strict"])
        XCTAssertEqual(strict.status, 3, strict.stderr)
    }

    /// A saved single run cannot be re-measured: its budgets rest on one process, so an over-budget one is
    /// INCONCLUSIVE with a message; the same runs merged give a run-level FAIL.
    func testGatingOneRunIsInconclusiveWithAMessageAndMergedRunsFail() throws {
        // Three runs, and the median: a debug build on a loaded machine can scatter two runs' tails by 5×.
        for id in ["a", "b", "c"] {
            let run = try Framebudget.run(["run", "--quick", "--allow-debug", "--samples", "10", "--reports", folder + "/r",
                                           "--run-id", id, "texture-upload/optimized/256x192"])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let path = try budgets(limit: "1", statistic: "p50", unit: "ns")
        let single = try Framebudget.run(["gate", "--results", folder + "/r/a/results.json", "--budgets", path])
        XCTAssertEqual(single.status, 0, single.stderr)
        XCTAssertTrue(single.stdout.contains("INCONCLUSIVE  upload-p50"), single.stdout)
        XCTAssertTrue(single.stderr.contains("1 budget(s) rest on one process run, whose between-run variance is unknown: "
                                             + "INCONCLUSIVE, not FAIL"), single.stderr)
        // What the host stole while each run measured is forgotten: a run stolen from is set aside (RunLevelVerdictTests
        // cover that), and two of three on a busy CI host would leave this verdict INCONCLUSIVE for the host's sake.
        for id in ["a", "b", "c"] { try forgetHostSteal(in: folder + "/r/\(id)/results.json") }
        let merge = try Framebudget.run(["merge", "--out", folder + "/merged.json"] + ["a", "b", "c"].map { folder + "/r/\($0)/results.json" })
        XCTAssertEqual(merge.status, 0, merge.stderr)
        let merged = try Framebudget.run(["gate", "--results", folder + "/merged.json", "--budgets", path, "--out", folder + "/m"])
        XCTAssertEqual(merged.status, 1, merged.stderr)
        XCTAssertTrue(merged.stdout.contains("FAIL     upload-p50"), merged.stdout)
        XCTAssertFalse(merged.stderr.contains("rest on one process run"), merged.stderr)
    }

    /// Reports into another run's folder sat beside its results.json (one run's results, another's verdicts): refused,
    /// the folder untouched; the run's own folder (or one without results) takes them.
    func testReportsIntoAnotherRunsFolderAreRefused() throws {
        try FileManager.default.createDirectory(atPath: folder + "/a", withIntermediateDirectories: true)
        let a = try ResultsFixtures.write(to: folder + "/a/results.json", runID: "a")
        let b = try ResultsFixtures.write(to: folder + "/b.json", runID: "b")
        let budgets = try budgets(limit: "10")
        let before = try FileManager.default.contentsOfDirectory(atPath: folder + "/a")
        let result = try Framebudget.run(["report", b, "--budgets", budgets, "--out", folder + "/a"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "framebudget: error: \(folder)/a: holds the results of run a, and these reports are of run b: "
                       + "give the reports a folder of their own\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/a"), before)
        let gate = try Framebudget.run(["gate", "--results", b, "--budgets", budgets, "--out", folder + "/a"])
        XCTAssertEqual(gate.status, 2, gate.stderr)
        XCTAssertEqual(try Framebudget.run(["report", a, "--budgets", budgets]).status, 0, "its own folder")
        // A results.json that does not read as a run is not taken for this one's.
        try FileManager.default.createDirectory(atPath: folder + "/d", withIntermediateDirectories: true)
        try "{".write(toFile: folder + "/d/results.json", atomically: true, encoding: .utf8)
        let damaged = try Framebudget.run(["report", b, "--budgets", budgets, "--out", folder + "/d"])
        XCTAssertEqual(damaged.status, 2, damaged.stderr)
        XCTAssertTrue(damaged.stderr.contains("holds a results.json that names no run, and these reports are of run b"), damaged.stderr)
    }

    func testReportOfAMalformedResultsFileIsBadInput() throws {
        try "{\"schemaVersion\": 1}".write(toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
        let result = try Framebudget.run(["report", folder + "/bad.json", "--budgets", try budgets(limit: "10")])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("framebudget: error: \(folder)/bad.json: not a FrameBudget results file"), result.stderr)
    }
}
