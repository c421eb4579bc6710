import Results
import Statistics

/// Turns a run's record into the ``FrameLoopSummary`` the results carry; the same for both modes.
public enum FrameLoopAnalysis {
    /// Summarizes a record.
    /// - Parameters:
    ///   - record: at least one processed frame and one callback latency.
    ///   - resamples: bootstrap replicates of the intervals.
    ///   - seed: bootstrap seed.
    public static func summary(of record: FrameLoopRecord, resamples: Int = 2000, seed: UInt64 = 0x5EED) -> FrameLoopSummary {
        let frameTimes = record.frameTimes
        let completions = record.completions
        let processing = record.outcomes.compactMap(\.processingTime)
        let intervals = FrameRateMetrics.intervals(
            completions: completions, cadenceMilliseconds: record.cadenceMilliseconds)
        var summary = FrameLoopSummary(
            cadenceMilliseconds: record.cadenceMilliseconds, policy: record.policy.kind, mode: record.mode.rawValue,
            framesOffered: record.outcomes.count, framesProcessed: frameTimes.count,
            framesDropped: record.outcomes.count - frameTimes.count,
            deadlineMisses: FrameRateMetrics.deadlineMisses(
                frameTimes: frameTimes, cadenceMilliseconds: record.cadenceMilliseconds),
            frameTime: .of(frameTimes, resamples: resamples, seed: seed),
            callbackLatency: .of(record.callbackLatencies, resamples: resamples, seed: seed),
            effectiveFPS: FrameRateMetrics.effectiveFPS(completions: completions),
            shareAtOrAbove57FPS: FrameRateMetrics.shareAtOrAbove57FPS(intervals: intervals),
            driftRatio: FrameRateMetrics.driftRatio(frameTimes: frameTimes),
            frameTimesMilliseconds: frameTimes)
        summary.processingTime = processing.isEmpty ? nil : .of(processing, resamples: resamples, seed: seed)
        summary.shareOnRate = FrameRateMetrics.shareOnRate(
            intervals: intervals, cadenceMilliseconds: record.cadenceMilliseconds)
        summary.queueCapacity = record.policy.waitingCapacity
        summary.peakWaitingFrames = FrameSchedule.peakWaiting(record.outcomes)
        summary.driftInterval = FrameRateMetrics.driftInterval(frameTimes: frameTimes)
        fitDriftOnQuietBlocks(&summary, record: record)
        return summary
    }

    /// With the host's steal read per block (a realtime loop): the blocks stolen from are counted, and while no more
    /// than ``FrameLoopSummary/mostStolenDriftBlocks`` were, the drift and its interval are fitted on the others.
    /// With more, the fit keeps every block and the run's drift counts as disturbed (a drift budget sets it aside).
    private static func fitDriftOnQuietBlocks(_ summary: inout FrameLoopSummary, record: FrameLoopRecord) {
        let processed = record.outcomes.filter { !$0.isDropped }
        guard let quiet = DriftBlockSteal.quietBlocks(processed: processed, readings: record.hostCPU) else { return }
        let stolen = quiet.filter { !$0 }.count
        summary.driftBlocksStolen = stolen
        guard stolen > 0, stolen <= FrameLoopSummary.mostStolenDriftBlocks else { return }
        let frameTimes = record.frameTimes
        summary.driftRatio = FrameRateMetrics.driftRatio(frameTimes: frameTimes, quietBlocks: quiet)
        summary.driftInterval = FrameRateMetrics.driftInterval(frameTimes: frameTimes, quietBlocks: quiet)
    }
}
