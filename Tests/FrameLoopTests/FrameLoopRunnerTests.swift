import ChildProcesses
import XCTest
import Foundation
import FrameLoop
import Measurement
import Results

/// The engine's frame-loop path on a synthetic per-frame body; timings are never asserted.
final class FrameLoopRunnerTests: XCTestCase {
    private let settings = MeasurementSettings(
        samples: 12, targetSampleNanoseconds: 200_000, warmupNanoseconds: 1_000_000, maxBenchmarkSeconds: 1,
        minimumSamples: 3, resamples: 200)

    private func loopBenchmark(policy: FramePolicy = .drop, allocating: Bool = false) -> Benchmark {
        Benchmark(hotPath: "frame-loop", variant: "test", workload: policy.name, parameters: ["k": "v"],
                  bytesPerIteration: 256, frameLoop: FrameLoopSpec(fps: 200, policy: policy, defaultFrames: 30)) { _ in
            Iteration {
                var x: UInt64 = 1
                for i in 0..<500 { x = x &* 6364136223846793005 &+ UInt64(i) }
                if allocating { blackHole([UInt64](repeating: x, count: 64)) }
                blackHole(x)
            }
        }
    }

    private func run(_ benchmark: Benchmark, mode: FrameLoopMode, frames: Int? = nil) throws -> BenchmarkResult {
        try FrameLoopRunner(settings: settings, frameLoop: FrameLoopSettings(frames: frames, mode: mode))
            .run(benchmark, source: .synthetic(seed: 1))
    }

    func testSimulatedResultSamplesAreTheFrameTimesInNanoseconds() throws {
        let result = try run(loopBenchmark(), mode: .simulated)
        let loop = try XCTUnwrap(result.frameLoop)
        XCTAssertEqual(loop.mode, "simulated")
        XCTAssertEqual(loop.framesOffered, 30, "the spec's default frame count")
        XCTAssertEqual(result.iterationsPerSample, 1)
        XCTAssertEqual(result.samplesNanoseconds, loop.frameTimesMilliseconds.map { $0 * 1e6 })
        XCTAssertEqual(result.statistics.count, loop.framesProcessed)
        XCTAssertEqual(loop.cadenceMilliseconds, 5, accuracy: 1e-12)
        XCTAssertEqual(result.parameters, ["k": "v"])
        XCTAssertEqual(result.throughput?.bytesPerIteration, 256)
    }

    /// What a frame reports and declares is recorded as a batch benchmark's is: metrics, items, flops (a `custom`
    /// budget on a frame loop was always MISSING); a body that times only part of itself is refused by name.
    func testAFrameLoopRecordsItsMetricsAndWorkAndRefusesAPartTimedBody() throws {
        let spec = FrameLoopSpec(fps: 200, policy: .drop, defaultFrames: 10)
        let reporting = Benchmark(hotPath: "frame-loop", variant: "test", workload: "metrics", flopsPerIteration: 1000,
                                  itemsPerIteration: 4, itemName: "boxes", frameLoop: spec) { _ in
            Iteration { blackHole(1) }.reporting { ["boxes-kept": 3, "ratio": .nan] }
        }
        let result = try run(reporting, mode: .simulated)
        XCTAssertEqual(result.metrics, ["boxes-kept": 3])
        XCTAssertTrue(result.notes.contains { $0.contains("'ratio'") }, "a non-finite metric is left out with a note: \(result.notes)")
        XCTAssertEqual(result.throughput?.flopsPerIteration, 1000)
        let scoped = Benchmark(hotPath: "frame-loop", variant: "test", workload: "scoped", frameLoop: spec) { _ in
            Iteration(state: 0, measuring: { state, scope in scope.measure { state += 1 } })
        }
        XCTAssertThrowsError(try run(scoped, mode: .simulated)) { error in
            XCTAssertTrue("\(error)".hasPrefix("frame-loop/test/scoped: a frame loop times each frame whole"), "\(error)")
        }
    }

    func testRealtimeRunOffersTheRequestedFramesAndAccountsForAll() throws {
        let result = try run(loopBenchmark(policy: .queue()), mode: .realtime, frames: 12)
        let loop = try XCTUnwrap(result.frameLoop)
        XCTAssertEqual(loop.mode, "realtime")
        XCTAssertEqual(loop.policy, .queue)
        XCTAssertEqual(loop.framesOffered, 12)
        XCTAssertEqual(loop.framesProcessed + loop.framesDropped, 12)
        XCTAssertEqual(loop.callbackLatency.count, 12)
        XCTAssertEqual(result.samplesNanoseconds.count, loop.framesProcessed)
    }

    func testARealtimeLoopRunsTwoSecondsAtItsCadenceBeforeItsMeasuredFramesAndASimulatedOneDoesNot() throws {
        let calls = CallCount()
        let counted = Benchmark(hotPath: "frame-loop", variant: "test", workload: "drop",
                                frameLoop: FrameLoopSpec(fps: 200, policy: .drop, defaultFrames: 30)) { _ in
            Iteration {
                calls.add()
                let start = MonotonicClock.now()
                while MonotonicClock.now() - start < 100_000 {}  // 0.1 ms: the 1-ms warm-up runs it ~10 times, not 10⁵
            }
        }
        let leadIn = Int(FrameLoopRunner.leadInSeconds * 200)
        let realtime = try XCTUnwrap(try run(counted, mode: .realtime, frames: 12).frameLoop)
        XCTAssertEqual(realtime.framesOffered, 12, "the lead-in's frames are not recorded")
        // Warm-up (≥ 3), the lead-in at 5 ms a frame (dropped ones are not run), the 12 frames, 10 counted after.
        XCTAssertGreaterThanOrEqual(calls.value, 3 + leadIn / 2 + realtime.framesProcessed + 10)
        let before = calls.value
        _ = try run(counted, mode: .simulated, frames: 12)
        XCTAssertLessThan(calls.value - before, leadIn / 2, "a simulated loop has no idle gaps to warm up to")
    }

    func testSteadyStateAllocationsPerFrameAreCounted() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
        // The fewest of 3 runs, each counting its own window: the counter also sees other threads of the test
        // process (see ``AllocationCounter/fewest``). Other threads only add, so "at least 1" needs one run.
        XCTAssertEqual(try AllocationCounter.fewest(windows: 8) {
            try run(loopBenchmark(), mode: .simulated, frames: 5).allocations
        }.perIteration, 0)
        XCTAssertGreaterThanOrEqual(try run(loopBenchmark(allocating: true), mode: .simulated, frames: 5)
            .allocations.perIteration, 1)
    }

    func testSuiteRunnerDrivesOnlyFrameLoopBenchmarksAsLoops() throws {
        let plain = Benchmark(hotPath: "spin", variant: "test", workload: "w") { _ in Iteration { blackHole(1) } }
        let clock = MonotonicClock.characterize(reads: 200)
        var results = RunResults(
            runID: "t", startedAt: Date(), environment: EnvironmentProbe.collect(clock: clock),
            settings: RunSettings(samples: 12, targetSampleNanoseconds: 2e5, warmupNanoseconds: 1e6))
        try SuiteRunner(runner: BenchmarkRunner(settings: settings, clock: clock), source: .synthetic(seed: 1),
                        frameLoop: FrameLoopSettings(frames: 8, mode: .simulated))
            .run([plain, loopBenchmark()], into: &results)
        XCTAssertNil(results.benchmarks[0].frameLoop)
        XCTAssertEqual(results.benchmarks[1].frameLoop?.framesOffered, 8)
        for result in results.benchmarks { XCTAssertGreaterThan(result.measurementSeconds ?? 0, 0, "\(result.id) took no time?") }
        XCTAssertTrue(results.complete)
    }

    func testFrameLoopResultValidatesAgainstTheCommittedSchema() throws {
        var results = try runResults()
        let valid = try validate(results)
        XCTAssertEqual(valid.status, 0, valid.output)
        XCTAssertTrue(valid.json.contains("\"peakWaitingFrames\"") && valid.json.contains("\"processingTime\""))
        results.benchmarks[0].frameLoop?.queueCapacity = -1
        XCTAssertEqual(try validate(results).status, 1, "the schema checks the frame-loop fields")
    }

    /// Every required field of `frameLoop` is typed, and a key the model does not have is refused.
    func testSchemaRefusesUnknownKeysAndMistypedFieldsInTheFrameLoop() throws {
        let valid = try validate(try runResults())
        XCTAssertEqual(valid.status, 0, valid.output)
        let edits: [(String, Any)] = [
            ("unknownKey", 1), ("cadenceMilliseconds", "16.67"), ("policy", 3), ("mode", "slow-motion"),
            ("framesOffered", 1.5), ("framesProcessed", "10"), ("framesDropped", -1), ("deadlineMisses", true),
            ("effectiveFPS", "60"), ("shareAtOrAbove57FPS", 1.5), ("driftRatio", "1"),
        ]
        for (key, value) in edits {
            var document = try JSONSerialization.jsonObject(with: Data(valid.json.utf8)) as! [String: Any]
            var benchmarks = document["benchmarks"] as! [[String: Any]]
            var loop = benchmarks[0]["frameLoop"] as! [String: Any]
            loop[key] = value
            benchmarks[0]["frameLoop"] = loop
            document["benchmarks"] = benchmarks
            let result = try validate(json: JSONSerialization.data(withJSONObject: document))
            XCTAssertEqual(result.status, 1, "frameLoop.\(key) = \(value) must be refused: \(result.output)")
        }
    }

    /// A probe that counts in another process (valgrind) needs the benchmark's id: the frame-loop path must ask
    /// for readings *for* the benchmark, as the timed path does, or `--counters callgrind` gives it no count.
    func testCountersAreAskedForByBenchmarkSoAProbeThatNeedsTheIDCounts() throws {
        let runner = FrameLoopRunner(settings: settings, frameLoop: FrameLoopSettings(frames: 5, mode: .simulated),
                                     counters: CountsByID())
        let result = try runner.run(loopBenchmark(), source: .synthetic(seed: 1))
        XCTAssertEqual(result.counters.map(\.name), ["Ir"])
        XCTAssertEqual(result.counters.first?.source, .callgrind, "\(result.counters)")
        XCTAssertEqual(result.counters.first?.note, "counted frame-loop/test/drop")
    }

    private func runResults() throws -> RunResults {
        let clock = MonotonicClock.characterize(reads: 200)
        var results = RunResults(
            runID: "t", startedAt: Date(), environment: EnvironmentProbe.collect(clock: clock),
            settings: RunSettings(samples: 12, targetSampleNanoseconds: 2e5, warmupNanoseconds: 1e6))
        results.benchmarks = [try run(loopBenchmark(policy: .queue()), mode: .simulated, frames: 10)]
        results.complete = true
        results.finishedAt = Date()
        return results
    }

    /// Writes the run and runs Schemas/validate.py on it.
    private func validate(_ results: RunResults) throws -> (status: Int32, output: String, json: String) {
        try validate(json: ResultsFile.encode(results))
    }

    /// Runs Schemas/validate.py on a document.
    private func validate(json: Data) throws -> (status: Int32, output: String, json: String) {
        let path = NSTemporaryDirectory() + "frameloop-schema-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try json.write(to: URL(fileURLWithPath: path))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let outcome = try ProcessRunner.run(.init("/usr/bin/env", ["python3", root + "/Schemas/validate.py", path]))
        return (outcome.termination.status, outcome.standardOutput + outcome.standardError,
                try String(contentsOfFile: path, encoding: .utf8))
    }
}

/// Like ``ValgrindCounter``: it can count only a benchmark it is told the id of.
private struct CountsByID: CounterProbe {
    func readings(_ context: CountingContext, running body: () -> Void) -> [CounterReading] {
        guard let id = context.benchmarkID else { return [.unavailable("Ir", reason: "no id given")] }
        body()
        return [CounterReading(name: "Ir", perIteration: 1, source: .callgrind, note: "counted \(id)")]
    }
}

/// Calls of a frame body, which runs on the loop's processing thread.
private final class CallCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
