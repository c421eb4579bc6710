import Results

/// What the camera callback does with a frame that arrives while the processing thread is busy.
///
/// Both policies are one rule over the frames in flight (accepted and not yet completed: the one being processed
/// plus those waiting): a frame is admitted while fewer than `1 + waitingCapacity` frames are in flight.
/// `drop` waits for nothing (seed 003: "drop frames vs queue them"); `queue` lets frames wait in a bounded FIFO and
/// drops the newest frame once the FIFO is full (a camera whose buffer pool is exhausted loses the new frame too).
public struct FramePolicy: Sendable, Equatable {
    /// `drop` or `queue`, as recorded in ``Results/FrameLoopSummary/policy``.
    public let kind: FramePolicyKind
    /// ``kind`` as a word: names the workload of a frame-loop benchmark.
    public var name: String { kind.rawValue }
    /// Frames that may wait behind the one being processed (0 for `drop`).
    public let waitingCapacity: Int

    /// A busy pipeline drops the new frame.
    public static let drop = FramePolicy(kind: .drop, waitingCapacity: 0)

    /// Frames waiting behind the one in process, by default: with it, three frames in flight, the triple-buffering
    /// bound of Metal frame pacing (Apple's `kMaxBuffersInFlight = 3`). Waiting more only adds latency: two waiting
    /// frames already add up to two cadences (33 ms at 60 fps) to a frame's time.
    public static let defaultWaitingCapacity = 2

    /// Frames wait in a FIFO of `capacity` places; when it is full, the new frame is dropped. A capacity below 1
    /// (0 is ``drop``) is the suite's ``problem``, refused in one line before any command: it trapped (exit 132)
    /// while the benchmarks were being declared.
    public static func queue(capacity: Int = defaultWaitingCapacity) -> FramePolicy {
        FramePolicy(kind: .queue, waitingCapacity: capacity)
    }

    /// What makes this policy unusable, or nil.
    public var problem: String? {
        kind == .queue && waitingCapacity < 1 ? "a queue holds at least one frame (capacity \(waitingCapacity); 0 is .drop)" : nil
    }

    /// The admission rule the camera callback applies, shared by the real loop and the computed schedule.
    /// - Parameter framesInFlight: frames accepted and not yet completed when the new frame arrives.
    @inline(__always)
    public func admits(framesInFlight: Int) -> Bool {
        framesInFlight <= waitingCapacity
    }
}
