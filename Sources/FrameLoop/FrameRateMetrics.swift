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
    /// Share of the run at each end whose median is compared for drift.
    public static let driftWindowFraction = 0.25

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
        share(of: intervals, atMost: interval57FPSMilliseconds)
    }

    /// The 57-of-60 rule at any cadence: share (0...1) of intervals ≤ cadence × 60/57 (at 30 fps: ≥ 28.5 fps,
    /// intervals ≤ 35.09 ms); at a 60 fps cadence it equals ``shareAtOrAbove57FPS(intervals:)``.
    public static func shareOnRate(intervals: [Double], cadenceMilliseconds: Double) -> Double {
        share(of: intervals, atMost: cadenceMilliseconds * 60 / 57)
    }

    private static func share(of intervals: [Double], atMost limit: Double) -> Double {
        guard !intervals.isEmpty else { return 0 }
        let inclusiveLimit = limit + boundaryToleranceMilliseconds
        return Double(intervals.filter { $0 <= inclusiveLimit }.count) / Double(intervals.count)
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

    /// Median frame time of the last quarter of the run over that of the first quarter (at least one frame each):
    /// 1.0 is no drift; above 1 the loop degraded over time. 1.0 with fewer than two frames or a zero early median.
    public static func driftRatio(frameTimes: [Double]) -> Double {
        guard let (early, late) = driftWindows(frameTimes) else { return 1 }
        let earlyMedian = Descriptive.median(early)
        return earlyMedian > 0 ? Descriptive.median(late) / earlyMedian : 1
    }

    /// Blocks each drift window is cut into for ``driftInterval(frameTimes:resamples:seed:)``.
    public static let driftBlocks = 10

    /// 95% moving-block bootstrap interval of ``driftRatio(frameTimes:)``: each window is cut into ``driftBlocks``
    /// runs of consecutive frames, which are resampled whole (seeded). Frame times are autocorrelated — a machine
    /// goes through regimes of seconds (a preempted worker, another guest) — and resampling single frames would
    /// pretend they are independent and give an interval far too narrow. nil with fewer than 2 frames per block or
    /// a zero early median.
    public static func driftInterval(frameTimes: [Double], resamples: Int = 2000, seed: UInt64 = 0x5EED) -> ConfidenceInterval? {
        guard let (early, late) = driftWindows(frameTimes), early.count >= 2 * driftBlocks,
              Descriptive.median(early) > 0 else { return nil }
        var generator = SplitMix64(seed: seed)
        var ratios = [Double]()
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            let earlyMedian = blockResampledMedian(early, using: &generator)
            if earlyMedian > 0 { ratios.append(blockResampledMedian(late, using: &generator) / earlyMedian) }
        }
        guard !ratios.isEmpty else { return nil }
        ratios.sort()
        return ConfidenceInterval(lower: Percentile.ofSorted(ratios, 2.5), upper: Percentile.ofSorted(ratios, 97.5), level: 0.95)
    }

    /// The median of `window` rebuilt from ``driftBlocks`` of its blocks drawn with replacement.
    private static func blockResampledMedian(_ window: [Double], using generator: inout SplitMix64) -> Double {
        let length = window.count / driftBlocks
        var resample = [Double]()
        resample.reserveCapacity(length * driftBlocks)
        for _ in 0..<driftBlocks {
            let start = generator.index(below: driftBlocks) * length
            resample.append(contentsOf: window[start..<(start + length)])
        }
        return Descriptive.median(resample)
    }

    /// The first and last quarter of the run (at least one frame each), or nil with fewer than two frames.
    private static func driftWindows(_ frameTimes: [Double]) -> ([Double], [Double])? {
        guard frameTimes.count >= 2 else { return nil }
        let window = Swift.max(1, Int(Double(frameTimes.count) * driftWindowFraction))
        return (Array(frameTimes.prefix(window)), Array(frameTimes.suffix(window)))
    }
}
