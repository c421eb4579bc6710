import FrameLoop
import Measurement
import Results
import XCTest

/// The host's steal per drift block, and the drift fitted without the blocks it fell on (issue 19, target 4).
final class DriftBlockStealTests: XCTestCase {
    /// 400 frames at a 10-ms cadence, each taking `times[i]` ms; the host's readings every 100 ms, stealing
    /// `stolenPerReading(t)` ticks (of 20: two CPUs, 100 ms at 100 Hz) in the 100 ms before time t.
    private func record(times: [Double], stolenPerReading: (Double) -> UInt64) -> FrameLoopRecord {
        let outcomes = times.enumerated().map { index, time in
            FrameOutcome.processed(index, arrival: Double(index) * 10, start: Double(index) * 10,
                                   completion: Double(index) * 10 + time)
        }
        var stolen: UInt64 = 0, total: UInt64 = 0
        let readings = stride(from: 0.0, through: 4100, by: 100).map { ms in
            if ms > 0 { stolen += stolenPerReading(ms); total += 20 }
            return HostCPUReading(milliseconds: ms, cpu: HostCPUTime(stolenTicks: stolen, totalTicks: total))
        }
        return FrameLoopRecord(cadenceMilliseconds: 10, policy: .drop, mode: .realtime, outcomes: outcomes,
                               callbackLatencies: Array(repeating: 0.01, count: times.count), hostCPU: readings)
    }

    /// The model-167 photo loop of 3 Dec in shape: 16 blocks at 1.36–1.54 ms without a trend, then a burst of the
    /// host over the last 4 that doubles the frame times (blocks are 20 frames, 200 ms, here). A plain step would
    /// not do: with every early block equal, most pairwise slopes are 0 and Theil–Sen ignores the step.
    private let burstAtTheEnd = (0..<400).map { frame -> Double in
        let block = frame / 20
        return block < 16 ? 1.45 * (1 + 0.03 * Double((block * 7) % 5 - 2)) : 2.8
    }

    func testABurstOnTheLastBlocksIsDriftUntilItsBlocksAreLeftOut() {
        XCTAssertGreaterThan(FrameRateMetrics.driftRatio(frameTimes: burstAtTheEnd), 1.1, "every block fitted")
        let quiet = (0..<20).map { $0 < 16 }
        XCTAssertEqual(FrameRateMetrics.driftRatio(frameTimes: burstAtTheEnd, quietBlocks: quiet), 1, accuracy: 1e-9)
        let interval = FrameRateMetrics.driftInterval(frameTimes: burstAtTheEnd, quietBlocks: quiet)
        XCTAssertTrue(interval?.contains(1) == true, "\(String(describing: interval))")
    }

    func testEachBlocksStealIsReadFromTheReadingsAroundIt() {
        // 10 of 20 ticks stolen in every 100 ms after 3.2 s: blocks 16–19 (3.2–4.0 s) at 50%, block 15 untouched.
        let loop = record(times: burstAtTheEnd) { $0 > 3200 ? 10 : 0 }
        let processed = loop.outcomes
        let shares = DriftBlockSteal.shares(processed: processed, readings: loop.hostCPU)
        XCTAssertEqual(shares.count, 20)
        XCTAssertEqual(shares[0], 0)
        XCTAssertEqual(shares[15], 0, "block 15 (3.0–3.19 s), bracketed by the 3.0- and 3.2-s readings")
        XCTAssertEqual(shares[16] ?? 0, 0.5, accuracy: 1e-12, "3.2–3.4 s, wholly in the burst")
        XCTAssertEqual(DriftBlockSteal.quietBlocks(processed: processed, readings: loop.hostCPU), (0..<20).map { $0 < 16 })
        XCTAssertNil(DriftBlockSteal.quietBlocks(processed: processed, readings: []), "no readings: nothing known")
    }

    func testTheSummaryFitsTheDriftOnTheQuietBlocksAndCountsTheOthers() {
        let summary = FrameLoopAnalysis.summary(of: record(times: burstAtTheEnd) { $0 > 3200 ? 10 : 0 }, resamples: 50)
        XCTAssertEqual(summary.driftBlocksStolen, 4)
        XCTAssertEqual(summary.driftWasDisturbed, false)
        XCTAssertEqual(summary.driftRatio, 1, accuracy: 1e-9)

        let quietHost = FrameLoopAnalysis.summary(of: record(times: burstAtTheEnd) { _ in 0 }, resamples: 50)
        XCTAssertEqual(quietHost.driftBlocksStolen, 0)
        XCTAssertGreaterThan(quietHost.driftRatio, 1.1, "no steal read: the slow end is the loop's own")
    }

    func testARunStolenThroughMostOfItsBlocksKeepsEveryBlockAndIsDisturbed() {
        // Steal from 0.8 s on: 16 blocks stolen, 4 quiet: too few to fit a trend on.
        let summary = FrameLoopAnalysis.summary(of: record(times: burstAtTheEnd) { $0 > 800 ? 5 : 0 }, resamples: 50)
        XCTAssertEqual(summary.driftBlocksStolen, 16)
        XCTAssertEqual(summary.driftWasDisturbed, true)
        XCTAssertGreaterThan(summary.driftRatio, 1.1, "fitted on every block, as without steal")
    }

    func testARealtimeLoopReadsTheHostThroughTheRun() {
        let record = RealtimeFrameLoop(cadenceMilliseconds: 5, policy: .drop).run(frames: 100, pipeline: ClosurePipeline { _ in })
        // On Linux /proc/stat is there: a reading before the first frame, about every 100 ms, and one at the end.
        XCTAssertGreaterThanOrEqual(record.hostCPU.count, 4, "\(record.hostCPU.count) readings over ~0.5 s")
        XCTAssertEqual(record.hostCPU.map(\.milliseconds), record.hostCPU.map(\.milliseconds).sorted())
        XCTAssertGreaterThanOrEqual(record.hostCPU.last!.milliseconds, record.outcomes.last!.arrival)
        XCTAssertNotNil(FrameLoopAnalysis.summary(of: record, resamples: 50).driftBlocksStolen)
    }
}
