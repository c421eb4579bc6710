import ChildProcesses
import XCTest
import Foundation
import Measurement
import Results
import Statistics

final class ResultsFileTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "fb-results-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testRoundTripKeepsEveryField() throws {
        let run = try RealRun.make()
        let path = directory + "/results.json"
        try ResultsFile.write(run, to: path)
        let back = try ResultsFile.read(from: path)
        XCTAssertEqual(back.runID, run.runID)
        XCTAssertEqual(back.benchmarks.first?.samplesNanoseconds, run.benchmarks.first?.samplesNanoseconds)
        XCTAssertEqual(back.benchmarks.first?.statistics, run.benchmarks.first?.statistics)
        XCTAssertEqual(back.environment, run.environment)
        XCTAssertEqual(try ResultsFile.encode(back), try ResultsFile.encode(run), "encoding is canonical")
    }

    func testRealOutputValidatesAgainstTheCommittedSchema() throws {
        let path = directory + "/results.json"
        try ResultsFile.write(try RealRun.make(), to: path)
        let (status, output) = try RealRun.python([RealRun.repositoryRoot + "/Schemas/validate.py", path])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("valid"), output)
    }

    /// The schema's checker says what is wrong with a damaged file in its one line (it printed a traceback).
    func testTheSchemaCheckerCallsATruncatedFileInvalidInOneLine() throws {
        let path = directory + "/truncated.json"
        try "{\"schemaVersion\": 3,".write(toFile: path, atomically: true, encoding: .utf8)
        let (status, output) = try RealRun.python([RealRun.repositoryRoot + "/Schemas/validate.py", path])
        XCTAssertEqual(status, 1, output)
        XCTAssertEqual(output.split(separator: "\n").count, 1, output)
        XCTAssertTrue(output.hasPrefix("\(path): invalid: not JSON"), output)
    }

    /// A measuring gate's `--max-processes` is kept (report judges at its level), meets the schema, and is absent
    /// from a run that had none, so older readers see the file as before.
    func testAGatesProcessCapIsRecordedAndMeetsTheSchema() throws {
        var run = try RealRun.make()
        let path = directory + "/gated.json"
        try ResultsFile.write(run, to: path)
        XCTAssertFalse(try String(contentsOfFile: path, encoding: .utf8).contains("gateMaxProcesses"))
        run.settings.gateMaxProcesses = 3
        try ResultsFile.write(run, to: path)
        XCTAssertEqual(try ResultsFile.read(from: path).settings.gateMaxProcesses, 3)
        let (status, output) = try RealRun.python([RealRun.repositoryRoot + "/Schemas/validate.py", path])
        XCTAssertEqual(status, 0, output)
        // A cap sets how many looks a boundary is computed over: a billion hung the reader, Int.max trapped it.
        for cap in [0, 1_000_000_000, Int.max] {
            run.settings.gateMaxProcesses = cap
            try ResultsFile.write(run, to: path)
            XCTAssertThrowsError(try ResultsFile.read(from: path)) { error in
                XCTAssertTrue("\(error)".contains("settings.gateMaxProcesses: \(cap) is not a process cap"), "\(error)")
            }
        }
    }

    /// A run stopped mid-benchmark writes its allocations as the runner does then (0 iterations, not counted): the
    /// file reads back and meets the schema, so `history record` takes an interrupted nightly (it used to refuse it).
    func testAnInterruptedRunsSkippedAllocationPassReadsBackAndMeetsTheSchema() throws {
        var run = try RealRun.make()
        run.complete = false
        run.incompleteReason = "interrupted by SIGINT"
        run.benchmarks[0].allocations = AllocationStatistics(perIteration: 0, bytesPerIteration: 0, iterations: 0, counted: false)
        let path = directory + "/interrupted.json"
        try ResultsFile.write(run, to: path)
        XCTAssertEqual(try ResultsFile.read(from: path).benchmarks[0].allocations.iterations, 0)
        let (status, output) = try RealRun.python([RealRun.repositoryRoot + "/Schemas/validate.py", path])
        XCTAssertEqual(status, 0, output)
        run.benchmarks[0].allocations.counted = true
        try ResultsFile.write(run, to: path)
        XCTAssertEqual(try RealRun.python([RealRun.repositoryRoot + "/Schemas/validate.py", path]).0, 1,
                       "a count over 0 iterations is no count")
    }

    func testSchemaRejectsAZeroWrittenForAnUnavailableCounter() throws {
        var run = try RealRun.make()
        run.benchmarks[0].counters = [CounterReading(name: "PAPI_TOT_CYC", perIteration: 0, source: .unavailable, note: "no PMU")]
        let path = directory + "/bad.json"
        try ResultsFile.write(run, to: path)
        let (status, output) = try RealRun.python([RealRun.repositoryRoot + "/Schemas/validate.py", path])
        XCTAssertEqual(status, 1, output)
    }

    func testNewerSchemaVersionIsRefusedWithAClearMessage() throws {
        let path = directory + "/future.json"
        try #"{"schemaVersion": 99, "runID": "x"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ResultsFile.read(from: path)) {
            XCTAssertEqual("\($0)", "\(path): schema version 99 is newer than this framebudget reads (1); upgrade framebudget")
        }
    }

    func testMissingFieldIsNamedWithItsPath() throws {
        var object = try JSONSerialization.jsonObject(with: ResultsFile.encode(RealRun.make())) as! [String: Any]
        var benchmarks = object["benchmarks"] as! [[String: Any]]
        benchmarks[0].removeValue(forKey: "statistics")
        object["benchmarks"] = benchmarks
        let path = directory + "/broken.json"
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ResultsFile.read(from: path)) {
            XCTAssertTrue("\($0)".contains("missing field 'statistics' at benchmarks[0]"), "\($0)")
        }
    }

    func testGarbageAndMissingFilesGiveOneLineErrors() throws {
        let garbage = directory + "/garbage.json"
        try "not json".write(toFile: garbage, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ResultsFile.read(from: garbage)) {
            XCTAssertTrue("\($0)".hasPrefix("\(garbage): not a FrameBudget results file"))
            XCTAssertFalse("\($0)".contains("\n"))
        }
        XCTAssertThrowsError(try ResultsFile.read(from: directory + "/none.json")) {
            XCTAssertTrue("\($0)".contains("cannot read"))
        }
    }

    func testATruncatedResultsFileIsCalledTruncatedNotMissingItsVersion() throws {
        let whole = try ResultsFile.encode(RealRun.make())
        let path = directory + "/cut.json"
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ResultsFile.read(from: path)) {
            XCTAssertEqual("\($0)", "\(path): not a FrameBudget results file: not valid JSON: it ends in the middle of a value (truncated?)")
        }
        try Data().write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ResultsFile.read(from: path)) {
            XCTAssertEqual("\($0)", "\(path): not a FrameBudget results file: the file is empty")
        }
    }

    func testAtomicWriteIntoAMissingFolderFailsWithoutLeavingFiles() throws {
        XCTAssertThrowsError(try AtomicFile.write("x", to: directory + "/no/such/file.json"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
    }
}

/// A run measured for real (a tiny benchmark, few samples), for model and schema tests.
enum RealRun {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static func make() throws -> RunResults {
        let settings = MeasurementSettings(samples: 5, targetSampleNanoseconds: 100_000, warmupNanoseconds: 100_000,
                                           maxBenchmarkSeconds: 1, minimumSamples: 2, resamples: 100)
        let clock = MonotonicClock.characterize(reads: 200)
        let benchmark = Benchmark(hotPath: "sum", variant: "reference", workload: "n=1000", bytesPerIteration: 4000) { _ in
            let values = [Float](repeating: 1, count: 1000)
            return Iteration { blackHole(values.reduce(0, +)) }
        }
        var run = RunResults(
            runID: "test-run", startedAt: Date(timeIntervalSince1970: 1_800_000_000),
            environment: EnvironmentProbe.collect(clock: clock),
            settings: RunSettings(samples: 5, targetSampleNanoseconds: 1e5, warmupNanoseconds: 1e5))
        run.benchmarks = [try BenchmarkRunner(settings: settings, clock: clock).run(benchmark, source: .synthetic(seed: 1))]
        run.benchmarks[0].counters = [
            CounterReading(name: "perf::TASK-CLOCK", perIteration: 1234, source: .papiSoftware),
            .unavailable("PAPI_TOT_CYC", reason: "no hardware PMU"),
        ]
        run.complete = true
        run.finishedAt = Date(timeIntervalSince1970: 1_800_000_010)
        return run
    }

    static func python(_ arguments: [String]) throws -> (Int32, String) {
        let outcome = try ProcessRunner.run(.init("/usr/bin/env", ["python3"] + arguments))
        return (outcome.termination.status, outcome.standardOutput + outcome.standardError)
    }
}
