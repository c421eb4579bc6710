import Measurement
import Results

/// The host's steal over each block of frames the drift trend is fitted on (``FrameRateMetrics/driftBlockRanges(frames:)``),
/// from the readings a realtime loop takes as it runs.
///
/// Why per block: the host's bursts last seconds, so one burst can land on the last fifth of a 10-s loop and nowhere
/// else. On the model-167 Intel guest (3 Dec, an unchanged build) a photo loop whose process saw 3.1% steal in all
/// had its first 16 blocks at 1.33–1.62 ms and its last 4 at 2.68–2.93 ms: a drift of 1.18 against a 1.10 limit from
/// a burst the per-process steal did not flag. Fitted without its stolen blocks, a run says how the loop behaves.
public enum DriftBlockSteal {
    /// Each block's share of all CPUs' time stolen, over the readings that bracket it (the last at or before its
    /// first frame's arrival, the first at or after its last frame's completion); nil where the readings cannot
    /// bracket it or no tick passed.
    /// - Parameters:
    ///   - processed: the processed frames, in arrival order (the frames the blocks are cut from).
    ///   - readings: in time order.
    public static func shares(processed: [FrameOutcome], readings: [HostCPUReading]) -> [Double?] {
        FrameRateMetrics.driftBlockRanges(frames: processed.count).map { range in
            guard let last = processed[range.upperBound - 1].completion else { return nil }
            let start = processed[range.lowerBound].arrival
            guard let before = readings.last(where: { $0.milliseconds <= start }) ?? readings.first,
                  let after = readings.first(where: { $0.milliseconds >= last }) ?? readings.last,
                  after.milliseconds > before.milliseconds else { return nil }
            return after.cpu.stolenShare(since: before.cpu)
        }
    }

    /// Which blocks are quiet (steal at most `Replicate.disturbingSteal`; a block whose steal is unknown counts as
    /// quiet); nil without readings (a simulated loop, or no `/proc/stat`).
    public static func quietBlocks(processed: [FrameOutcome], readings: [HostCPUReading]) -> [Bool]? {
        guard !readings.isEmpty else { return nil }
        return shares(processed: processed, readings: readings).map { ($0 ?? 0) <= Replicate.disturbingSteal }
    }

    /// A record's blocks stolen from, and the blocks its drift is fitted on: the quiet ones while at most
    /// ``FrameLoopSummary/mostStolenDriftBlocks`` were stolen; every block (nil) with more, when the run's drift
    /// counts as disturbed instead (a drift budget sets it aside). Nil without readings.
    public static func stolenBlocks(_ record: FrameLoopRecord) -> (count: Int, fittedOn: [Bool]?)? {
        let processed = record.outcomes.filter { !$0.isDropped }
        guard let quiet = quietBlocks(processed: processed, readings: record.hostCPU) else { return nil }
        let count = quiet.filter { !$0 }.count
        return (count, count <= FrameLoopSummary.mostStolenDriftBlocks ? quiet : nil)
    }
}
