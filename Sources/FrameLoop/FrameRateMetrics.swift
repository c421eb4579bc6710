import Foundation
import Statistics

/// The frame-rate figures of a loop, as pure functions over times in milliseconds.
///
/// Two different times matter. A frame's *frame time* is arrival to completion (what one frame costs the viewer,
/// queueing included). The *interval* is the time between two consecutive processed frames' presentations: a
/// display shows a completed frame at the next frame tick (vsync, on the arrival grid k × cadence) and one new frame
/// per tick, so intervals are whole ticks. A dropped or late frame makes one interval of two ticks or more; jitter
/// within a tick, which no viewer sees, makes none.
public enum FrameRateMetrics {
    /// 1000/57 ms: the longest interval of a frame shown at ≥ 57 fps (seed 000 AC3: "> 57 fps for 95% of frames").
    public static let interval57FPSMilliseconds = 1000.0 / 57
    /// Slack on the 57 fps boundary for floating-point rounding of sums of times (1 ps).
    public static let boundaryToleranceMilliseconds = 1e-9

    /// When each completed frame is shown: the first tick k × cadence at or after its completion, and at least one
    /// tick after the previous frame's presentation (a display latches one new frame per vsync).
    /// - Parameter completions: non-decreasing, on the clock whose 0 is frame 0's due time.
    public static func presentations(completions: [Double], cadenceMilliseconds: Double) -> [Double] {
        var previous = -Double.infinity
        return completions.map { completion in
            // The slack keeps a completion that lands on a tick, up to rounding, on that tick.
            let tick = (completion / cadenceMilliseconds - 1e-9).rounded(.up) * cadenceMilliseconds
            previous = Swift.max(tick, previous + cadenceMilliseconds)
            return previous
        }
    }

    /// Intervals between consecutive presentations (``presentations(completions:cadenceMilliseconds:)``); one
    /// fewer than the completions.
    public static func intervals(completions: [Double], cadenceMilliseconds: Double) -> [Double] {
        let shown = presentations(completions: completions, cadenceMilliseconds: cadenceMilliseconds)
        return zip(shown.dropFirst(), shown).map { $0 - $1 }
    }

    /// Share (0...1) of intervals ≤ 1000/57 ms, i.e. of frames shown at an instantaneous rate ≥ 57 fps; 0 when
    /// there is no interval (fewer than two processed frames).
    public static func shareAtOrAbove57FPS(intervals: [Double]) -> Double {
        share(of: flags(intervals, atMost: interval57FPSMilliseconds))
    }

    /// The 57-of-60 rule at any cadence: share (0...1) of intervals ≤ cadence × 60/57 (at 30 fps: ≥ 28.5 fps,
    /// intervals ≤ 35.09 ms); at a 60 fps cadence it equals ``shareAtOrAbove57FPS(intervals:)``.
    public static func shareOnRate(intervals: [Double], cadenceMilliseconds: Double) -> Double {
        share(of: flags(intervals, atMost: cadenceMilliseconds * 60 / 57))
    }

    /// Each interval within `limit` (with the boundary's slack for rounding).
    private static func flags(_ intervals: [Double], atMost limit: Double) -> [Bool] {
        let inclusiveLimit = limit + boundaryToleranceMilliseconds
        return intervals.map { $0 <= inclusiveLimit }
    }

    /// One flag per offered frame after the first one shown, in arrival order: a shown frame's interval within
    /// `limit`, and false for a dropped frame — never shown, so not shown on rate. Over shown frames alone, a loop
    /// that froze twice for a second, dropping 120 of 600 frames, had 99.5% of its intervals at ≥ 57 fps and passed
    /// "60 fps sustained": a freeze was one interval, however long.
    /// - Parameters:
    ///   - shown: one per offered frame, in arrival order: whether it was processed (and shown).
    ///   - intervals: the intervals between consecutive shown frames (one fewer than the shown frames).
    public static func onRateFlags(shown: [Bool], intervals: [Double], atMost limit: Double) -> [Bool] {
        let onRate = flags(intervals, atMost: limit)
        var result = [Bool](), next = 0, first = true
        for isShown in shown {
            guard isShown else { result.append(false); continue }
            if first { first = false; continue }  // the first shown frame has no interval before it
            result.append(next < onRate.count && onRate[next])
            next += 1
        }
        return result
    }

    /// The share (0...1) of true flags; 0 with none.
    public static func share(of flags: [Bool]) -> Double {
        flags.isEmpty ? 0 : Double(flags.filter { $0 }.count) / Double(flags.count)
    }

    /// How many independent intervals the share of ``shareAtOrAbove57FPS(intervals:)`` is worth: the intervals
    /// divided by the design effect that batch means measure over `blocks` consecutive blocks (the variance of the
    /// blocks' shares against the binomial one of a block). Late frames come in runs (a stall makes several), so a
    /// binomial interval over every interval was too narrow: with frames correlated as AR(1) at 0.9 the share's
    /// variance is ~8.6× the binomial one, and a loop exactly at a 95% budget was called PASS in 10% of gates, not
    /// 2.5%. Never more than the intervals; all of them when every interval or none is on rate (no spread to read)
    /// or there are fewer than two per block.
    public static func effectiveTrials(intervals: [Double], atMost limit: Double = interval57FPSMilliseconds,
                                       blocks: Int = 20) -> Double {
        effectiveTrials(flags: flags(intervals, atMost: limit), blocks: blocks)
    }

    /// ``effectiveTrials(intervals:atMost:blocks:)`` over on-rate flags (``onRateFlags(shown:intervals:atMost:)``).
    public static func effectiveTrials(flags: [Bool], blocks: Int = 20) -> Double {
        let n = flags.count, size = n / Swift.max(blocks, 1)
        guard size >= 2, blocks >= 2 else { return Double(n) }
        let p = share(of: flags)
        guard p > 0, p < 1 else { return Double(n) }
        let shares = (0..<blocks).map { share(of: Array(flags[($0 * size)..<(($0 + 1) * size)])) }
        let mean = shares.reduce(0, +) / Double(blocks)
        let variance = shares.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(blocks - 1)
        let designEffect = variance * Double(size) / (p * (1 - p))
        return designEffect > 1 ? Double(n) / designEffect : Double(n)
    }

    /// Processed frames per second between the first and the last completion: (n − 1) / span. 0 with fewer than
    /// two completions or a zero span (nothing to divide).
    public static func effectiveFPS(completions: [Double]) -> Double {
        guard completions.count >= 2, let first = completions.first, let last = completions.last, last > first else {
            return 0
        }
        return Double(completions.count - 1) * 1000 / (last - first)
    }

    /// Processed frames whose frame time exceeds the cadence (not done before the next frame arrives).
    public static func deadlineMisses(frameTimes: [Double], cadenceMilliseconds: Double) -> Int {
        frameTimes.filter { $0 > cadenceMilliseconds + boundaryToleranceMilliseconds }.count
    }

    /// Blocks of consecutive frames the drift trend is fitted over.
    public static let driftBlocks = 20

    /// The cumulative degradation of the loop: the robust trend of frame time over the run, as the ratio of the
    /// trend's value at the centre of the last quarter to its value at the centre of the first (1.0 is no drift;
    /// above 1 the loop degraded over time).
    ///
    /// The run is cut into ``driftBlocks`` blocks of consecutive frames; the trend is the Theil–Sen slope (the
    /// median of the pairwise slopes) of the blocks' log median frame times against their positions. A regime of
    /// the machine that comes and goes (another guest for a few seconds, a preempted worker) moves a few blocks and
    /// leaves the median slope where it was; a degradation that accumulates moves every block. (Comparing the first
    /// and last quarters' medians, as before, called such regimes drift whenever they fell late: on a shared VM
    /// 3 of 8 drift budgets stayed INCONCLUSIVE after 5 processes.) 1.0 with fewer than two frames.
    ///
    /// `quietBlocks`, when given (one flag per block, ``driftBlockRanges(frames:)``), leaves the blocks the host
    /// stole from out of the fit; their positions stay where they were.
    public static func driftRatio(frameTimes: [Double], quietBlocks: [Bool]? = nil) -> Double {
        guard let blocks = driftBlockMedians(frameTimes, quietBlocks: quietBlocks) else { return 1 }
        return exp(theilSenSlope(blocks) * 0.75 * Double(frameTimes.count))
    }

    /// The 95% interval of ``driftRatio(frameTimes:)`` from Sen's distribution-free interval of the Theil–Sen
    /// slope (the pairwise slopes ranked, the ranks from Kendall's τ variance for the ``driftBlocks`` blocks).
    /// Frame times are autocorrelated within seconds; blocks of a twentieth of the run carry that with them, and the
    /// blocks are the units. nil with fewer than 4 frames per block.
    public static func driftInterval(frameTimes: [Double], quietBlocks: [Bool]? = nil, level: Double = 0.95) -> ConfidenceInterval? {
        guard frameTimes.count >= 4 * driftBlocks,
              let blocks = driftBlockMedians(frameTimes, quietBlocks: quietBlocks), blocks.count >= 2 else { return nil }
        let slopes = pairwiseSlopes(blocks).sorted()
        let n = Double(blocks.count), pairs = Double(slopes.count)
        let half = NormalDistribution.quantile(0.5 + level / 2) * (n * (n - 1) * (2 * n + 5) / 18).squareRoot()
        // 1-based ranks (M − C)/2 and (M + C)/2 + 1 of the sorted slopes, kept inside the list.
        let lower = Int(((pairs - half) / 2).rounded(.down)), upper = Int(((pairs + half) / 2).rounded(.up)) + 1
        let span = 0.75 * Double(frameTimes.count)
        let slope = { (rank: Int) in slopes[Swift.min(Swift.max(rank, 1), slopes.count) - 1] }
        return ConfidenceInterval(lower: exp(slope(lower) * span), upper: exp(slope(upper) * span), level: level)
    }

    /// The frames of each drift block: ``driftBlocks`` runs of consecutive frames (fewer with fewer frames).
    public static func driftBlockRanges(frames: Int) -> [Range<Int>] {
        let count = Swift.min(driftBlocks, frames)
        return (0..<count).map { block in (block * frames / count)..<((block + 1) * frames / count) }
    }

    /// Each kept block's centre (in frames) and the log of its median frame time; nil with fewer than two frames or
    /// a frame time that is not positive. Without `quietBlocks` (or with a flag list of another length) every block
    /// is kept.
    private static func driftBlockMedians(_ frameTimes: [Double], quietBlocks: [Bool]? = nil) -> [(position: Double, logMedian: Double)]? {
        guard frameTimes.count >= 2, frameTimes.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        let ranges = driftBlockRanges(frames: frameTimes.count)
        let keep: [Bool] = quietBlocks?.count == ranges.count ? quietBlocks! : Array(repeating: true, count: ranges.count)
        var blocks: [(position: Double, logMedian: Double)] = []
        for (range, quiet) in zip(ranges, keep) where quiet {
            let position = Double(range.lowerBound + range.upperBound - 1) / 2
            blocks.append((position, log(Descriptive.median(Array(frameTimes[range])))))
        }
        return blocks
    }

    /// The median of the slopes between every two blocks (0 with one block).
    static func theilSenSlope(_ points: [(position: Double, logMedian: Double)]) -> Double {
        let slopes = pairwiseSlopes(points)
        return slopes.isEmpty ? 0 : Descriptive.median(slopes)
    }

    /// The slope between every two points at different positions.
    private static func pairwiseSlopes(_ points: [(position: Double, logMedian: Double)]) -> [Double] {
        var slopes: [Double] = []
        slopes.reserveCapacity(points.count * (points.count - 1) / 2)
        for i in points.indices {
            for j in (i + 1)..<points.count where points[j].position != points[i].position {
                slopes.append((points[j].logMedian - points[i].logMedian) / (points[j].position - points[i].position))
            }
        }
        return slopes
    }
}
