import Foundation
import Results
import Statistics
import Budgets
import XCTest
@testable import Reports

/// The report's Roofs and Peers sections.
final class RoofsSectionTests: XCTestCase {
    static func run() -> RunResults {
        var run = ReportFixture.run
        run.roofs = MachineRoofs(
            cacheBandwidthGBps: 100, memoryBandwidthGBps: 20, sgemmGFLOPS: 90, method: "m",
            cacheLevels: [CacheLevelInfo(name: "L1", bytes: 32768, sharedByCPUs: 1)],
            bandwidths: [BandwidthRoof(level: "L1", threads: 1, kind: "read", workingSetBytes: 16384, gigabytesPerSecond: 200),
                         BandwidthRoof(level: "DRAM", threads: 1, kind: "copy", workingSetBytes: 1 << 26, gigabytesPerSecond: 20)],
            computePeaks: [ComputeRoof(threads: 1, instructionSet: "avx512f", gigaflopsPerSecond: 110)])
        var kernel = ReportFixture.result("copy/optimized/16k", centre: 1000)
        var throughput = Throughput(bytesPerIteration: 16384, gigabytesPerSecond: 16.384, percentOfMemoryRoof: 8.192, bound: .memory)
        throughput.roofLevel = "L1"
        throughput.roofThreads = 1
        throughput.roofKind = "read"
        throughput.roofGigabytesPerSecond = 200
        kernel.throughput = throughput
        run.benchmarks = [kernel, ReportFixture.result("copy/peer-1core/16k", centre: 4000)]
        run.benchmarks[1].threads = 1
        return run
    }

    func testEachBenchmarkIsShownAgainstTheRoofOfItsLevelAndThreads() {
        let lines = RoofsSection.markdown(Self.run()).joined(separator: "\n")
        XCTAssertTrue(lines.contains("| `copy/optimized/16k` | 1 | 16 KiB | L1, 1 thr | 16.38 GB/s | 200 GB/s (read) | 8.192% of bandwidth | — | memory |"),
                      lines)
        XCTAssertTrue(lines.contains("L1 200, DRAM 20; fp32 FMA peak 110 GFLOP/s"), lines)
    }

    func testEachOptimizedKernelIsShownBesideItsPeersWithTheRatio() {
        let lines = RoofsSection.markdown(Self.run()).joined(separator: "\n")
        let run = Self.run()
        let ratio = RatioBootstrap.ratioOfMedians(base: run.benchmarks[0].samplesNanoseconds, head: run.benchmarks[1].samplesNanoseconds,
                                                  level: 0.95, resamples: 2000, seed: run.settings.seed)
        XCTAssertEqual(ratio.ratio, 4, accuracy: 1e-12)
        XCTAssertLessThan(ratio.interval.lower, 4)
        XCTAssertGreaterThan(ratio.interval.upper, 4)
        let cell = "4× [\(UnitFormat.number(ratio.interval.lower))–\(UnitFormat.number(ratio.interval.upper))]"
        XCTAssertTrue(lines.contains("| `copy/optimized/16k` | 1.00 µs | `copy/peer-1core/16k` (1 thr) | 4.00 µs | \(cell) | — |"), lines)
        XCTAssertTrue(lines.contains("each side is one process"), "the ratio's interval is not taken for a process-to-process one")
        XCTAssertTrue(RoofsSection.html(Self.run()).contains("<section id=\"peers\">"))
    }

    /// A kernel merged from several processes: the ratio to its runs' geometric mean (what its tables report), with no
    /// interval over pooled samples (the peer is one process, the kernel several).
    func testAMergedKernelsPeerRatioIsToItsReportedMedianWithoutAnInterval() {
        var run = Self.run()
        let samples = Array(repeating: 1000.0, count: 50) + Array(repeating: 4000.0, count: 51)
        run.benchmarks[0].samplesNanoseconds = samples
        run.benchmarks[0].statistics = .of(samples, resamples: 50)
        run.benchmarks[0].replicates = [Replicate(runID: "a", firstSample: 0, sampleCount: 50),
                                        Replicate(runID: "b", firstSample: 50, sampleCount: 51)]
        let lines = RoofsSection.markdown(run).joined(separator: "\n")
        // Geometric mean of 1 µs and 4 µs: 2 µs; the peer's 4 µs is 2× that (the pooled median, 4 µs, read 1×).
        XCTAssertTrue(lines.contains("| `copy/optimized/16k` | 2.00 µs | `copy/peer-1core/16k` (1 thr) | 4.00 µs | 2× | — |"), lines)
    }

    /// A library allowed two threads that keeps one core busy is not shown as a two-thread peer alone: the report
    /// shows what scripts/peers.py measured (CPU time over wall time while it was timed) beside the setting.
    func testAPeersThreadsAllowedAreShownBesideTheCoresItKeptBusy() {
        var run = Self.run()
        run.benchmarks[1].threads = 2
        run.benchmarks[1].parameters["cpuPerWall"] = "1.02"
        XCTAssertTrue(RoofsSection.markdown(run).joined(separator: "\n").contains("`copy/peer-1core/16k` (2 thr, 1.02 busy)"))
        XCTAssertTrue(RoofsSection.html(run).contains("copy/peer-1core/16k (2 thr, 1.02 busy)"))
    }

    func testTheConsoleListsEachOptimizedKernelsShareAndTheHighest() {
        let lines = RoofsSection.console(Self.run())
        XCTAssertTrue(lines.contains { $0.hasPrefix("copy/optimized/16k") && $0.contains("L1, 1 thr") && $0.contains("8.192% of bandwidth") },
                      lines.joined(separator: "\n"))
        XCTAssertEqual(lines.last, "highest share of a roof in this run: 8.192%")
    }

    func testARunWithoutThroughputOrPeersAddsNothing() {
        XCTAssertEqual(RoofsSection.console(ReportFixture.run), [])
        XCTAssertEqual(RoofsSection.markdown(ReportFixture.run), [])
        XCTAssertEqual(RoofsSection.html(ReportFixture.run), "")
    }
}
