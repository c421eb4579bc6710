/// The closed vocabularies of a results file: each encodes as the word results files have always held.

/// Whether caches were left warm or evicted between samples (`--cold-cache`).
public enum CacheMode: String, Codable, Sendable, CaseIterable {
    case warm, cold
}

/// Which counters a run read (`--counters`).
public enum CounterMode: String, Codable, Sendable, CaseIterable {
    /// Hardware and software events through PAPI.
    case papi
    /// Exact instruction counts under valgrind's callgrind.
    case callgrind
    /// No counters.
    case none
}

/// What a frame loop does with a frame that arrives while the pipeline is busy (see `FrameLoop.FramePolicy`).
public enum FramePolicyKind: String, Codable, Sendable, CaseIterable {
    /// The new frame is dropped.
    case drop
    /// The new frame waits in a bounded FIFO.
    case queue
}

/// Which roof limits a benchmark, from its declared work and the machine's ridge point.
public enum RooflineBound: String, Codable, Sendable, CaseIterable {
    /// Limited by bandwidth: declares bytes only, or its flops per byte lie under the ridge point.
    case memory
    /// Limited by arithmetic: declares flops only, or its flops per byte reach the ridge point.
    case compute
}
