/// The per-frame work a loop drives: upload + colormap in photo mode, edge overlay + hash chain in video mode.
///
/// Set-up (buffers, inputs) happens before the loop; `process` must not allocate if the pipeline claims "resources
/// reused across frames". It runs on the processing thread in realtime mode, so the pipeline must be thread-safe
/// against itself being called from one other thread at a time.
public protocol FramePipeline: Sendable {
    /// Processes frame `index` (0-based, in arrival order; dropped frames are skipped).
    func process(frame index: Int)
}

/// A pipeline given as a closure.
public struct ClosurePipeline: FramePipeline {
    private let body: @Sendable (Int) -> Void

    public init(_ body: @escaping @Sendable (Int) -> Void) {
        self.body = body
    }

    public func process(frame index: Int) {
        body(index)
    }
}
