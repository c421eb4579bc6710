/// What happened to one offered frame. Times are milliseconds from the loop's origin (the first frame's due time).
public struct FrameOutcome: Sendable, Equatable {
    /// Position of the frame in arrival order, from 0.
    public let index: Int
    /// When the frame arrived (the camera callback was called).
    public let arrival: Double
    /// When the processing thread started it; nil for a dropped frame.
    public let start: Double?
    /// When its processing finished; nil for a dropped frame.
    public let completion: Double?

    /// A frame the callback refused.
    public static func dropped(_ index: Int, arrival: Double) -> FrameOutcome {
        FrameOutcome(index: index, arrival: arrival, start: nil, completion: nil)
    }

    /// A frame that was processed from `start` to `completion`.
    public static func processed(_ index: Int, arrival: Double, start: Double, completion: Double) -> FrameOutcome {
        FrameOutcome(index: index, arrival: arrival, start: start, completion: completion)
    }

    public var isDropped: Bool { completion == nil }

    /// Arrival to completion: what the frame's viewer waits, including time spent waiting in a queue.
    public var frameTime: Double? { completion.map { $0 - arrival } }

    /// Start to completion: the pipeline's own work on this frame.
    public var processingTime: Double? {
        guard let start, let completion else { return nil }
        return completion - start
    }
}
