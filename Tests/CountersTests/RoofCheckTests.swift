import Foundation
import Results
import Statistics
import XCTest
@testable import Counters

/// A benchmark above its roof makes the roof's cell be measured again (the real meter, small and quick here).
final class RoofCheckTests: XCTestCase {
    static var meter: RoofMeter {
        var meter = RoofMeter.quick
        meter.caches = [CacheLevelInfo(name: "L1", bytes: 32 * 1024, sharedByCPUs: 1)]
        meter.minimumMemoryBytes = 1024 * 1024
        meter.threadCounts = [1]
        meter.bytesPerTiming = 512 * 1024
        return meter
    }

    /// A run whose L1 roof was "measured" at 0.001 GB/s, with one benchmark of 16 KiB moving `gigabytesPerSecond`.
    static func run(gigabytesPerSecond: Double) -> RunResults {
        let clock = ClockInfo(source: "c", resolutionNanoseconds: 1, granularityNanoseconds: 1, overheadNanoseconds: 1)
        let environment = EnvironmentInfo(hostname: "h", cpuModel: "cpu", logicalCores: 1, frequencyGovernor: nil,
                                          virtualization: nil, kernel: "k", operatingSystem: "Linux", swiftVersion: "6.3",
                                          buildConfiguration: "release", gitCommit: nil, gitDirty: nil, loadAverage: [],
                                          clock: clock)
        var run = RunResults(runID: "r", startedAt: Date(timeIntervalSince1970: 0), environment: environment,
                             settings: RunSettings(samples: 3, targetSampleNanoseconds: 1, warmupNanoseconds: 1))
        run.complete = true
        let slow = ["copy", "read", "write", "write-nt"].flatMap { kind in
            ["L1", "DRAM"].map { BandwidthRoof(level: $0, threads: 1, kind: kind, workingSetBytes: 16384, gigabytesPerSecond: 0.001) }
        }
        run.roofs = MachineRoofs(cacheBandwidthGBps: 0.001, memoryBandwidthGBps: 0.001, sgemmGFLOPS: 1, method: "disturbed",
                                 cacheLevels: meter.caches, bandwidths: slow, computePeaks: [])
        let median = 16384 / gigabytesPerSecond
        run.benchmarks = [BenchmarkResult(
            id: "copy/optimized/16k", hotPath: "copy", variant: "optimized", workload: "16k", iterationsPerSample: 1,
            samplesNanoseconds: [median], statistics: .of([median], resamples: 10),
            allocations: AllocationStatistics(perIteration: 0, bytesPerIteration: 0, iterations: 1, counted: true),
            throughput: Throughput(bytesPerIteration: 16384))]
        return Roofline.annotate(run)
    }

    /// A merged result's throughput is of the median every table reports (the runs' geometric mean), not of the
    /// pooled samples' median: they were 12% apart in one gate, and the roofs table disagreed with the results table.
    func testAMergedResultsThroughputIsOfTheReportedMedian() throws {
        var run = Self.run(gigabytesPerSecond: 1)
        let samples: [Double] = [100, 100, 100, 300, 300, 300, 300]  // runs of medians 100 and 300; pooled median 300
        run.benchmarks[0].samplesNanoseconds = samples
        run.benchmarks[0].statistics = .of(samples, resamples: 10)
        run.benchmarks[0].replicates = [Replicate(runID: "r-1", firstSample: 0, sampleCount: 3),
                                        Replicate(runID: "r-2", firstSample: 3, sampleCount: 4)]
        let annotated = Roofline.annotate(run)
        let reported = (100.0 * 300).squareRoot()
        XCTAssertEqual(try XCTUnwrap(annotated.benchmarks[0].throughput?.gigabytesPerSecond), 16384 / reported, accuracy: 1e-9)
    }

    func testABeatenRoofIsMeasuredAgainAndTheBenchmarkComesUnderIt() throws {
        let run = Self.run(gigabytesPerSecond: 0.01)
        XCTAssertEqual(try XCTUnwrap(run.benchmarks[0].throughput?.percentOfMemoryRoof), 1000, accuracy: 1e-6)
        let settled = RoofCheck.settle(run, meter: Self.meter)
        let share = try XCTUnwrap(settled.benchmarks[0].throughput?.percentOfMemoryRoof)
        XCTAssertLessThan(share, 100, "a real L1 stream moves far more than 0.01 GB/s")
        XCTAssertTrue(settled.roofs?.method.contains("re-measured after the run: L1 on 1 thread(s)") ?? false)
        XCTAssertEqual(settled.warnings, [])
        XCTAssertEqual(settled.roofs?.bandwidths?.first { $0.level == "DRAM" }?.gigabytesPerSecond, 0.001, "only the beaten cell")
    }

    func testABenchmarkStillAboveItsRoofIsNamedInAWarningNotClipped() throws {
        let settled = RoofCheck.settle(Self.run(gigabytesPerSecond: 1e9), meter: Self.meter)
        XCTAssertGreaterThan(try XCTUnwrap(settled.benchmarks[0].throughput?.percentOfMemoryRoof), 100)
        XCTAssertEqual(settled.warnings.count, 1)
        XCTAssertTrue(settled.warnings[0].contains("copy/optimized/16k"), settled.warnings[0])
    }

    func testARunUnderItsRoofsIsLeftAlone() throws {
        var run = Self.run(gigabytesPerSecond: 0.0001)
        run.roofs?.method = "untouched"
        let settled = RoofCheck.settle(run, meter: Self.meter)
        XCTAssertEqual(settled.roofs?.method, "untouched")
    }
}
