import Foundation
import XCTest

/// Results files that decode but break what every reader relies on, and option values out of range: each command
/// refuses them with one line naming the file and field (or the option) and exits 2 — never a crash, never a verdict
/// built on fabricated replicates.
final class ResultsValidationCommandTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-validate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// The fixture run with `edit` applied to its first benchmark, written to `name`.
    private func edited(_ name: String, _ edit: (inout [[String: Any]]) -> Void) throws -> String {
        var json = try ResultsFixtures.realRun()
        var benchmarks = json["benchmarks"] as! [[String: Any]]
        edit(&benchmarks)
        json["benchmarks"] = benchmarks
        let path = "\(folder)/\(name)"
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func sampleCount(_ benchmark: [String: Any]) -> Int { (benchmark["samplesNanoseconds"] as! [Double]).count }

    /// Every command that reads a results file, on `file`.
    private func readers(_ file: String) -> [(name: String, arguments: [String])] {
        [("report", ["report", file, "--out", folder + "/report"]),
         ("gate", ["gate", "--results", file, "--out", folder + "/gate"]),
         ("compare", ["compare", file, file]),
         ("merge", ["merge", "--out", folder + "/merged.json", file]),
         ("history record", ["history", "record", file, "--database", folder + "/history.sqlite"])]
    }

    private func assertEveryReaderRefuses(_ file: String, with line: String, file testFile: StaticString = #filePath,
                                          line testLine: UInt = #line) throws {
        for (name, arguments) in readers(file) {
            let result = try Framebudget.run(arguments)
            XCTAssertEqual(result.status, 2, "\(name): \(result.stderr)", file: testFile, line: testLine)
            XCTAssertEqual(result.stderr, "framebudget: error: \(file): \(line)\n", name, file: testFile, line: testLine)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/merged.json"), "merge wrote nothing",
                       file: testFile, line: testLine)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/history.sqlite"), "history recorded nothing",
                       file: testFile, line: testLine)
    }

    func testANegativeReplicateFirstSampleIsRefusedByEveryReader() throws {
        let file = try edited("negative.json") { benchmarks in
            benchmarks[0]["replicates"] = [["runID": "r1", "firstSample": -3, "sampleCount": 2, "counters": []]]
        }
        try assertEveryReaderRefuses(file, with: "benchmarks[0].replicates[0].firstSample: -3 is negative")
    }

    func testAHugeReplicateSampleCountIsRefusedByEveryReader() throws {
        var samples = 0
        let file = try edited("huge.json") { benchmarks in
            samples = self.sampleCount(benchmarks[0])
            // 1 + Int.max: where the range's end was computed, an overflow.
            benchmarks[0]["replicates"] = [["runID": "r1", "firstSample": 0, "sampleCount": 1, "counters": []],
                                           ["runID": "r2", "firstSample": 1, "sampleCount": Int.max, "counters": []]]
        }
        try assertEveryReaderRefuses(file, with: "benchmarks[0].replicates[1].sampleCount: \(Int.max) from sample 1 runs past the \(samples) samples")
    }

    func testADuplicateBenchmarkIDIsRefusedByEveryReader() throws {
        // The memcpy variant's numbers under the optimized variant's id: readers would pair or gate the wrong row.
        let file = try edited("duplicate.json") { benchmarks in
            var impostor = benchmarks[1]
            for key in ["id", "hotPath", "variant", "workload"] { impostor[key] = benchmarks[0][key] }
            benchmarks.append(impostor)
        }
        try assertEveryReaderRefuses(file, with: "benchmarks[2].id: 'texture-upload/optimized/256x192' repeats benchmarks[0]: "
                                     + "each benchmark appears once in a run")
    }

    func testABenchmarkWithoutSamplesIsRefusedByEveryReader() throws {
        let file = try edited("empty.json") { benchmarks in benchmarks[0]["samplesNanoseconds"] = [Double]() }
        try assertEveryReaderRefuses(file, with: "benchmarks[0].samplesNanoseconds: is empty: a benchmark has at least one sample")
    }

    func testAFileThatCountsOneRunTwiceIsRefusedAtLoad() throws {
        // What `merge q1 q1` wrote before a run was identified by its id: two replicates of one process run.
        let file = try edited("twice.json") { benchmarks in
            for index in benchmarks.indices {
                let samples = benchmarks[index]["samplesNanoseconds"] as! [Double]
                benchmarks[index]["samplesNanoseconds"] = samples + samples
                benchmarks[index]["replicates"] = [
                    ["runID": "q1", "firstSample": 0, "sampleCount": samples.count, "counters": []],
                    ["runID": "q1", "firstSample": samples.count, "sampleCount": samples.count, "counters": []],
                ]
                var statistics = benchmarks[index]["statistics"] as! [String: Any]
                statistics["count"] = 2 * samples.count
                benchmarks[index]["statistics"] = statistics
            }
        }
        let result = try Framebudget.run(["compare", file, file])
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "framebudget: error: \(file): benchmarks[0].replicates[1].runID: 'q1' repeats replicates[0]: "
                       + "a process run counts once\n")
        XCTAssertEqual(result.stdout, "")
    }

    func testMergingOneRunTwiceCountsItOnce() throws {
        let q1 = try ResultsFixtures.write(to: folder + "/q1.json", runID: "q1")
        let merge = try Framebudget.run(["merge", "--out", folder + "/twice.json", q1, q1])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        XCTAssertTrue(merge.stdout.hasPrefix("merged 2 files: 1 process run (1 per benchmark), 2 benchmarks"), merge.stdout)
        XCTAssertEqual(merge.stderr, "framebudget: warning: \(q1): process run q1 is already merged from \(q1): counted once\n")
        let merged = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/twice.json"))) as! [String: Any]
        let original = (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: q1))) as! [String: Any])["benchmarks"]
            as! [[String: Any]]
        for (benchmark, single) in zip(merged["benchmarks"] as! [[String: Any]], original) {
            XCTAssertEqual(benchmark["samplesNanoseconds"] as? [Double], single["samplesNanoseconds"] as? [Double])
            XCTAssertEqual((benchmark["replicates"] as? [[String: Any]])?.map { $0["runID"] as? String }, ["q1"])
        }
        // One run per side: the comparison knows nothing of the between-run spread and says so, instead of calling a
        // change from the two copies' zero spread.
        let compare = try Framebudget.run(["compare", folder + "/twice.json", folder + "/twice.json"])
        XCTAssertEqual(compare.status, 3, compare.stdout + compare.stderr)
        XCTAssertTrue(compare.stdout.contains("0 regressed, 0 improved, 0 unchanged, 2 inconclusive"), compare.stdout)
    }

    func testTwoRunsUnderOneRunIDAreRefusedByMerge() throws {
        let first = try ResultsFixtures.write(to: folder + "/a.json", runID: "same")
        let second = try ResultsFixtures.write(to: folder + "/b.json", runID: "same", slower: "texture-upload/optimized", factor: 1.1)
        let merge = try Framebudget.run(["merge", "--out", folder + "/merged.json", first, second])
        XCTAssertEqual(merge.status, 2, merge.stdout + merge.stderr)
        XCTAssertEqual(merge.stderr, "framebudget: error: \(second): process run same is also in \(first), with other samples of "
                       + "texture-upload/optimized/256x192; two runs under one run id cannot both be replicates (give each run its own --run-id)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/merged.json"))
    }

    /// A merged run id every reader accepts: an empty one wrote a file nothing could read back, and one of the merged
    /// runs' own ids would name the merge like one of its replicates.
    func testMergeRefusesAnEmptyRunIDOrOneOfItsProcessRunsIDsWritingNothing() throws {
        let first = try ResultsFixtures.write(to: folder + "/a.json", runID: "a1")
        let second = try ResultsFixtures.write(to: folder + "/b.json", runID: "a2")
        for (runID, problem) in [("", "--run-id is empty (an unset variable?)"), ("a1", "--run-id a1 is the id of one of the process runs merged")] {
            let merge = try Framebudget.run(["merge", "--out", folder + "/merged.json", "--run-id", runID, first, second])
            XCTAssertEqual(merge.status, 2, merge.stderr)
            XCTAssertTrue(merge.stderr.hasPrefix("framebudget: error: \(problem)"), merge.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/merged.json"))
        }
    }

    func testAnAlphaTooSmallForTheStatisticsIsBadInputNotACrash() throws {
        let base = try ResultsFixtures.mergedSide(in: folder, name: "base", levels: [1.0, 1.004, 0.997])
        let head = try ResultsFixtures.mergedSide(in: folder, name: "head", levels: [0.998, 1.003, 1.001])
        let compare = try Framebudget.run(["compare", base, head, "--alpha", "1e-16"])
        XCTAssertEqual(compare.status, 2, compare.stdout + compare.stderr)
        XCTAssertEqual(compare.stderr, "framebudget: error: --alpha must be between 1e-9 and 0.5 (got 1e-16)\n")
        let gate = try Framebudget.run(["gate", "--results", head, "--out", folder + "/gate", "--baseline", base,
                                        "--regression-alpha", "1e-16"])
        XCTAssertEqual(gate.status, 2, gate.stdout + gate.stderr)
        XCTAssertEqual(gate.stderr, "framebudget: error: --regression-alpha must be between 1e-9 and 0.5 (got 1e-16)\n")
        // The smallest α accepted runs the whole comparison.
        let smallest = try Framebudget.run(["compare", base, head, "--alpha", "1e-9"])
        XCTAssertEqual(smallest.status, 0, smallest.stdout + smallest.stderr)
        XCTAssertTrue(smallest.stdout.contains("family-wise α = 1e-09"), smallest.stdout)
    }

    func testOptionValuesOutOfRangeAreBadInputInOneLine() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base")
        let cases: [([String], String)] = [
            (["compare", base, base, "--alpha", "0.7"], "--alpha must be between 1e-9 and 0.5 (got 0.7)"),
            (["compare", base, base, "--threshold", "nan"], "--threshold must be a percentage from 0 to under 1000, such as 2 or 2% (got nan)"),
            (["compare", base, base, "--threshold", "1000"], "--threshold must be a percentage from 0 to under 1000, such as 2 or 2% (got 1000)"),
            (["compare", base, base, "--statistic", "p100"], "--statistic must be median or pN with N in 1...99 (got p100)"),
            (["gate", "--results", base, "--margin", "100"], "--margin must be in [0, 100) (got 100.0)"),
            (["gate", "--max-processes", "0"], "--max-processes must be in 1…1000, as in the budgets file (got 0)"),
            // A negative number after its option is its value, not a missing value and an unknown option (exit 64).
            (["run", "--samples", "-1"], "--samples must be at least 2 (got -1)"),
            (["gate", "--results", base, "--margin", "-5"], "--margin must be in [0, 100) (got -5.0)"),
            // 100000 spun for ten minutes judging a results file.
            (["gate", "--results", base, "--max-processes", "100000"],
             "--max-processes must be in 1…1000, as in the budgets file (got 100000)"),
            (["gate", "--results", base, "--baseline", base, "--regression-threshold=-1"],
             "--regression-threshold must be a percentage in [0, 1000) (got -1.0)"),
        ]
        for (arguments, message) in cases {
            let result = try Framebudget.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr, "framebudget: error: \(message)\n", "\(arguments)")
            XCTAssertEqual(result.stdout, "")
        }
        // Not a number at all is a malformed command line, as for every number option.
        let unparsable = try Framebudget.run(["compare", base, base, "--threshold", "abc"])
        XCTAssertEqual(unparsable.status, 64, unparsable.stderr)
        XCTAssertTrue(unparsable.stderr.hasPrefix("framebudget: error: --threshold 'abc' is not a percentage such as 2 or 2%"),
                      unparsable.stderr)
    }

    func testMeasurementTimesPastTheirRangeAreBadInputBeforeMeasuring() throws {
        // --max-time 1e300 trapped converting the affordable sample count to Int; --sample-time 1e300 calibrated forever.
        let cases: [([String], String)] = [
            (["--max-time", "1e300"], "--max-time must be a positive number of seconds up to 86400 (a day) (got 1e+300)"),
            (["--sample-time", "1e300"], "--sample-time must be a positive number of milliseconds up to 60000 (a minute) (got 1e+300)"),
            (["--warmup", "4e6"], "--warmup must be a positive number of milliseconds up to 3600000 (an hour) (got 4000000.0)"),
        ]
        for (options, message) in cases {
            let result = try Framebudget.run(["run", "--quick", "--allow-debug", "--reports", folder + "/r"] + options
                                             + ["texture-upload/memcpy/256x192"])
            XCTAssertEqual(result.status, 2, "\(options): \(result.stderr)")
            XCTAssertEqual(result.stderr, "framebudget: error: \(message)\n", "\(options)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/r"), "nothing measured or written")
        }
    }
}
