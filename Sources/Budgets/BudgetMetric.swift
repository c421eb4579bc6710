import Statistics

/// What a budget measures, and where in a benchmark result it is found.
public enum BudgetMetric: String, Codable, Sendable, CaseIterable {
    /// Per-iteration latency (`BenchmarkResult.statistics`, ns per iteration).
    case time
    /// Heap allocations per iteration, counted exactly (`BenchmarkResult.allocations`).
    case allocations
    /// Frame time of a frame-loop benchmark, arrival to completion (`FrameLoopSummary.frameTime`, ms).
    case frameTime = "frame-time"
    /// Share of offered frames shown on rate, 0…1: the 57-of-60 rule at the loop's own cadence
    /// (`FrameLoopSummary.shareOnRate`: at 60 fps, frames at ≥ 57 fps, `shareAtOrAbove57FPS`; at 30 fps, ≥ 28.5 fps —
    /// the 57 fps share, 0 by construction there, made a budget on a 30 fps loop fail whatever it did).
    case fpsShare = "fps-share"
    /// Peak resident memory of the process after the benchmark (`BenchmarkResult.peakResidentBytes`).
    case peakMemory = "peak-memory"
    /// The robust trend of frame time from the first quarter of the run to the last (`FrameLoopSummary.driftRatio`).
    case drift
    /// A value the benchmark reports itself (`BenchmarkResult.metrics`), named by the budget's `custom-metric`.
    case custom

    /// The statistics a budget may name for this metric.
    public var statistics: [Statistic] {
        switch self {
        case .time, .frameTime: return [.p50, .median, .p90, .p95, .p99, .p999, .max, .mean, .min]
        // The allocation pass counts a total over many iterations: its per-iteration mean is all there is.
        case .allocations: return [.mean]
        // The share of frames on rate is the mean of a per-offered-frame indicator.
        case .fpsShare: return [.mean]
        case .peakMemory: return [.max]
        // The drift ratio is of medians: the Theil–Sen trend of the blocks' median frame times (FRAME-LOOP.md), which
        // replaced the late-window over early-window median that BUDGETS.md describes.
        case .drift: return [.p50]
        // One value per benchmark, the first process's: `mean` reads it as reported.
        case .custom: return [.mean]
        }
    }

    /// The units a limit on this metric may be written in.
    public var units: [BudgetUnit] {
        switch self {
        case .time, .frameTime: return [.ns, .us, .µs, .ms, .s]
        case .allocations: return [.count]
        case .fpsShare: return [.ratio, .percent]
        case .peakMemory: return [.bytes, .kB, .MB, .GB, .KiB, .MiB, .GiB]
        case .drift: return [.ratio]
        case .custom: return [.value, .count, .ratio]
        }
    }

    /// Exact metrics have no sampling noise, so their limits are inclusive and a `max` limit may be 0 ("exactly
    /// none"): allocations are counted, and a custom metric is taken as the benchmark computes it (counts, sizes,
    /// scores of a deterministic input).
    public var isExact: Bool { self == .allocations || self == .custom }

    /// Read from a frame loop's summary: only frame-loop benchmarks have one.
    public var isFrameLoop: Bool { [.frameTime, .fpsShare, .drift].contains(self) }

    /// The largest value the metric can take, in its base unit, where it has one (a share: 1).
    public var maximum: Double? { self == .fpsShare ? 1 : nil }
}

/// A unit a limit is written in. Every metric is converted into the budget's unit before comparison.
public enum BudgetUnit: String, Codable, Sendable, CaseIterable {
    case ns, us, µs, ms, s
    case count
    /// A custom metric's value as the benchmark reports it, in its own unit.
    case value
    case ratio, percent
    /// Decimal (SI) byte multiples: 1 MB = 10⁶ bytes; binary ones are spelled KiB/MiB/GiB.
    case bytes, kB, MB, GB, KiB, MiB, GiB

    /// The unit as reports write it: `µs` for a limit written `us` (a budgets file may spell it either way; a
    /// report spells it one way, as its times are written). Machine formats keep ``rawValue``.
    public var symbol: String { self == .us ? BudgetUnit.µs.rawValue : rawValue }

    /// How many of the metric's base unit one of this unit is. Base units: ns (time), ms (frame time), bytes,
    /// ratio, count.
    public func scale(for metric: BudgetMetric) -> Double {
        let nanoseconds: Double
        switch self {
        case .ns: nanoseconds = 1
        case .us, .µs: nanoseconds = 1e3
        case .ms: nanoseconds = 1e6
        case .s: nanoseconds = 1e9
        case .count, .value, .ratio, .bytes: return 1
        case .percent: return 0.01
        case .kB: return 1e3
        case .MB: return 1e6
        case .GB: return 1e9
        case .KiB: return 1024
        case .MiB: return 1024 * 1024
        case .GiB: return 1024 * 1024 * 1024
        }
        // Frame-loop summaries are in milliseconds; benchmark samples in nanoseconds.
        return metric == .frameTime ? nanoseconds / 1e6 : nanoseconds
    }

    /// Converts a value in the metric's base unit into this unit.
    public func convert(_ base: Double, for metric: BudgetMetric) -> Double {
        base / scale(for: metric)
    }
}
