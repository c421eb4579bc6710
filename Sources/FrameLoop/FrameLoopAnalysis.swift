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
        let stolenBlocks = DriftBlockSteal.stolenBlocks(record)
        // Per offered frame: a dropped frame is a frame not shown on rate (FrameRateMetrics.onRateFlags).
        let shown = record.outcomes.map { !$0.isDropped }
        let at57 = FrameRateMetrics.onRateFlags(shown: shown, intervals: intervals, atMost: FrameRateMetrics.interval57FPSMilliseconds)
        let onRate = FrameRateMetrics.onRateFlags(shown: shown, intervals: intervals, atMost: record.cadenceMilliseconds * 60 / 57)
        var summary = FrameLoopSummary(
            cadenceMilliseconds: record.cadenceMilliseconds, policy: record.policy.kind, mode: record.mode.rawValue,
            framesOffered: record.outcomes.count, framesProcessed: frameTimes.count,
            framesDropped: record.outcomes.count - frameTimes.count,
            deadlineMisses: FrameRateMetrics.deadlineMisses(
                frameTimes: frameTimes, cadenceMilliseconds: record.cadenceMilliseconds),
            frameTime: .of(frameTimes, resamples: resamples, seed: seed),
            callbackLatency: .of(record.callbackLatencies, resamples: resamples, seed: seed),
            effectiveFPS: FrameRateMetrics.effectiveFPS(completions: completions),
            shareAtOrAbove57FPS: FrameRateMetrics.share(of: at57),
            driftRatio: FrameRateMetrics.driftRatio(frameTimes: frameTimes, quietBlocks: stolenBlocks?.fittedOn),
            frameTimesMilliseconds: frameTimes)
        summary.processingTime = processing.isEmpty ? nil : .of(processing, resamples: resamples, seed: seed)
        summary.shareOnRate = FrameRateMetrics.share(of: onRate)
        summary.queueCapacity = record.policy.waitingCapacity
        summary.peakWaitingFrames = FrameSchedule.peakWaiting(record.outcomes)
        summary.driftInterval = FrameRateMetrics.driftInterval(frameTimes: frameTimes, quietBlocks: stolenBlocks?.fittedOn)
        summary.driftBlocksStolen = stolenBlocks?.count
        // The trials of the share a budget judges (on rate at the loop's cadence; the 57 fps one at 60 fps).
        summary.shareEffectiveIntervals = FrameRateMetrics.effectiveTrials(flags: onRate)
        summary.droppedFrames = record.outcomes.indices.filter { record.outcomes[$0].isDropped }
        return summary
    }
}
