import Statistics

/// What a frame-loop benchmark measured: the per-frame pipeline driven at a fixed cadence.
public struct FrameLoopSummary: Codable, Sendable {
    /// Target frame interval, ms (16.67 at 60 fps, 33.3 at 30 fps).
    public var cadenceMilliseconds: Double
    /// `drop` (a busy pipeline drops the new frame) or `queue` (frames wait).
    public var policy: FramePolicyKind
    /// `realtime` (waits for each deadline) or `simulated` (schedule computed from measured durations).
    public var mode: String
    public var framesOffered: Int
    public var framesProcessed: Int
    public var framesDropped: Int
    public var deadlineMisses: Int
    /// Frame time (arrival to completion), ms.
    public var frameTime: SampleSummary
    /// Callback latency (arrival to the callback returning), ms.
    public var callbackLatency: SampleSummary
    public var effectiveFPS: Double
    /// Share of offered frames shown at an instantaneous rate ≥ 57 fps, 0...1: a shown frame counts when the
    /// interval from the previous presentation (each completion shown at the next frame tick, one frame per tick) is
    /// ≤ 1000/57 ms (a late frame makes one interval of two ticks); a dropped frame, never shown, counts as not on
    /// rate (since 7 Dec 2026: before, the share was over shown frames only, and a one-second freeze that dropped
    /// 60 frames was one interval).
    public var shareAtOrAbove57FPS: Double
    /// The robust trend of frame time over the run, first quarter to last (1.0 = no drift; FrameRateMetrics.driftRatio).
    public var driftRatio: Double
    /// Frame times in order, ms (the timeline plot reads them).
    public var frameTimesMilliseconds: [Double]
    /// Processing time (the processing thread's start to completion of a frame, queueing excluded), ms.
    public var processingTime: SampleSummary?
    /// The 57-of-60 rule at this loop's own cadence: share of offered frames shown within cadence × 60/57 of the
    /// previous one, 0...1 (at 30 fps, frames shown at ≥ 28.5 fps; at 60 fps the same as `shareAtOrAbove57FPS`).
    public var shareOnRate: Double?
    /// Frames that may wait behind the one in process (0 for `drop`).
    public var queueCapacity: Int?
    /// The most frames found waiting behind a busy processing thread at once (the backlog a queue built up).
    public var peakWaitingFrames: Int?
    /// 95% interval of `driftRatio` (Sen's interval of the Theil–Sen slope over 20 blocks of frames), so a drift
    /// budget is judged on noise like every other statistic.
    public var driftInterval: ConfidenceInterval?
    /// Blocks of the drift trend (of 20) the host stole more than `Replicate.disturbingSteal` from, read per block
    /// by a realtime loop; nil when steal was not read per block (simulated loops, older files). While at most
    /// ``mostStolenDriftBlocks`` were, `driftRatio` and `driftInterval` are fitted on the other blocks.
    public var driftBlocksStolen: Int?
    /// How many independent intervals `shareAtOrAbove57FPS` is worth (batch means over 20 blocks: late frames come
    /// in runs); the trials of its interval. Nil in files from before 7 Dec 2026: every interval counted as one.
    public var shareEffectiveIntervals: Double?
    /// The offered frames that were dropped, by their index among the offered frames (0-based, increasing): with
    /// them each processed frame's arrival is known, and a timeline shows a freeze where it happened. Nil in files
    /// from before 8 Dec 2026 (a timeline then counts processed frames only).
    public var droppedFrames: [Int]?

    /// Each processed frame's index among the offered frames (the frames ``frameTimesMilliseconds`` times, in order),
    /// or nil when the dropped frames are not recorded.
    public var processedFrameArrivals: [Int]? {
        guard let droppedFrames else { return nil }
        let dropped = Set(droppedFrames)
        return Array((0..<framesOffered).lazy.filter { !dropped.contains($0) }.prefix(frameTimesMilliseconds.count))
    }

    /// Fewest frames a drift is judged on: 4 per drift block (20 blocks), as its interval needs.
    public static let minimumDriftFrames = 80

    /// The share an fps-share budget judges: on rate at the loop's own cadence (``shareOnRate``, the 57 fps share at
    /// 60 fps; that one in files that do not record it); nil with fewer than two frames shown (no interval between
    /// frames: `--frames 1` read a share of 0, FAIL).
    public var judgeableShare: Double? { framesProcessed >= 2 ? shareOnRate ?? shareAtOrAbove57FPS : nil }

    /// The drift ratio, when the run is long enough to have one: nil under ``minimumDriftFrames`` frames shown (a
    /// 5-frame loop read "1 [0.90, 1.09]", PASS, for "no degradation over long runs").
    public var judgeableDrift: Double? { framesProcessed >= Self.minimumDriftFrames ? driftRatio : nil }

    public init(
        cadenceMilliseconds: Double, policy: FramePolicyKind, mode: String, framesOffered: Int, framesProcessed: Int,
        framesDropped: Int, deadlineMisses: Int, frameTime: SampleSummary, callbackLatency: SampleSummary,
        effectiveFPS: Double, shareAtOrAbove57FPS: Double, driftRatio: Double, frameTimesMilliseconds: [Double]
    ) {
        self.cadenceMilliseconds = cadenceMilliseconds
        self.policy = policy
        self.mode = mode
        self.framesOffered = framesOffered
        self.framesProcessed = framesProcessed
        self.framesDropped = framesDropped
        self.deadlineMisses = deadlineMisses
        self.frameTime = frameTime
        self.callbackLatency = callbackLatency
        self.effectiveFPS = effectiveFPS
        self.shareAtOrAbove57FPS = shareAtOrAbove57FPS
        self.driftRatio = driftRatio
        self.frameTimesMilliseconds = frameTimesMilliseconds
    }
}

extension FrameLoopSummary {
    /// The most drift blocks (of 20) the host may steal from while the drift is fitted on the rest: at least half
    /// the run stays to fit the trend on.
    public static let mostStolenDriftBlocks = 10

    /// Whether the host's steal leaves this run's drift unreadable: more than ``mostStolenDriftBlocks`` blocks
    /// stolen from; nil when steal was not read per block.
    public var driftWasDisturbed: Bool? { driftBlocksStolen.map { $0 > Self.mostStolenDriftBlocks } }
}
