import Foundation
import XCTest
@testable import Measurement
import Results

/// The host's steal, read from `/proc/stat` and recorded with every benchmark and run.
final class HostCPUTimeTests: XCTestCase {
    private let stat = """
        cpu  1000 20 300 8000 50 0 30 600 0 0
        cpu0 500 10 150 4000 25 0 15 300 0 0
        intr 12345
        """

    func testTheAggregateLineGivesStealAndAllTicks() throws {
        let reading = try XCTUnwrap(HostCPUTime.parse(stat))
        XCTAssertEqual(reading.stolenTicks, 600)
        XCTAssertEqual(reading.totalTicks, 1000 + 20 + 300 + 8000 + 50 + 0 + 30 + 600, "guest time is inside user already")
    }

    func testAKernelWithoutAStealColumnReadsNoSteal() throws {
        let reading = try XCTUnwrap(HostCPUTime.parse("cpu  10 0 5 85\n"))
        XCTAssertEqual(reading.stolenTicks, 0)
        XCTAssertEqual(reading.totalTicks, 100)
    }

    func testATextWithoutACPULineOrWithGarbageIsNoReading() {
        XCTAssertNil(HostCPUTime.parse("cpu0 1 2 3 4\nintr 5\n"), "per-CPU lines are not the aggregate")
        XCTAssertNil(HostCPUTime.parse("cpu  1 2 x 4 5\n"))
        XCTAssertNil(HostCPUTime.parse("cpu  1 2\n"))
        XCTAssertNil(HostCPUTime.now(path: "/nonexistent/stat"))
    }

    func testTheShareIsStolenTicksOverAllTicksBetweenTwoReadings() throws {
        let earlier = HostCPUTime(stolenTicks: 600, totalTicks: 10_000)
        XCTAssertEqual(try XCTUnwrap(HostCPUTime(stolenTicks: 660, totalTicks: 10_200).stolenShare(since: earlier)), 0.3, accuracy: 1e-12)
        XCTAssertEqual(HostCPUTime(stolenTicks: 600, totalTicks: 10_200).stolenShare(since: earlier), 0)
        XCTAssertNil(HostCPUTime(stolenTicks: 600, totalTicks: 10_000).stolenShare(since: earlier), "no tick passed: no figure")
        XCTAssertNil(HostCPUTime(stolenTicks: 500, totalTicks: 10_200).stolenShare(since: earlier), "counters went backwards")
    }

    func testThisMachineHasAReading() throws {
        #if os(Linux)
        let reading = try XCTUnwrap(HostCPUTime.now())
        XCTAssertGreaterThan(reading.totalTicks, 0)
        XCTAssertLessThanOrEqual(reading.stolenTicks, reading.totalTicks)
        #else
        throw XCTSkip("/proc/stat is Linux's")
        #endif
    }

    func testARunAboveFivePercentStealIsWarnedAboutAndOneBelowIsNot() throws {
        XCTAssertNil(StabilityWarnings.stealWarning(nil))
        XCTAssertNil(StabilityWarnings.stealWarning(0.05))
        let warning = try XCTUnwrap(StabilityWarnings.stealWarning(0.213))
        XCTAssertTrue(warning.hasPrefix("host steal: the hypervisor took 21.3% of the CPUs' time"), warning)
    }

    func testTheSuiteRunnerRecordsStealPerBenchmarkAndOverTheRun() throws {
        #if os(Linux)
        // 30 ms of warm-up each: several of /proc/stat's 10-ms ticks pass on every CPU, so a share exists.
        let settings = MeasurementSettings(samples: 5, targetSampleNanoseconds: 2e6, warmupNanoseconds: 3e7,
                                           maxBenchmarkSeconds: 1, minimumSamples: 3, resamples: 100)
        let clock = MonotonicClock.characterize(reads: 200)
        let spin = Benchmark(hotPath: "spin", variant: "test", workload: "w") { _ in Iteration { blackHole(1) } }
        var run = RunResults(runID: "t", startedAt: Date(), environment: EnvironmentProbe.collect(clock: clock),
                             settings: RunSettings(samples: 5, targetSampleNanoseconds: 2e6, warmupNanoseconds: 3e7))
        try SuiteRunner(runner: BenchmarkRunner(settings: settings, clock: clock), source: .synthetic(seed: 1)).run([spin], into: &run)
        let benchmarkSteal = try XCTUnwrap(run.benchmarks[0].hostSteal)
        let runSteal = try XCTUnwrap(run.hostSteal)
        XCTAssertTrue((0...1).contains(benchmarkSteal) && (0...1).contains(runSteal), "\(benchmarkSteal) \(runSteal)")
        XCTAssertEqual(run.warnings.contains { $0.hasPrefix("host steal") }, runSteal > StabilityWarnings.stealThreshold)
        XCTAssertNoThrow(try run.validate())
        #else
        throw XCTSkip("/proc/stat is Linux's")
        #endif
    }
}
