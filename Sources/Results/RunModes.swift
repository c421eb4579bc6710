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

/// The signal that interrupted a run: the run stops between samples, writes what it measured, and exits with
/// 128 + the signal's number, as the signal's default action would.
public enum InterruptingSignal: String, Codable, Sendable, CaseIterable {
    case sigint = "SIGINT"
    case sigterm = "SIGTERM"

    /// The signal with this number, if it is one a run stops on.
    public init?(number: Int32) {
        guard let signal = Self.allCases.first(where: { $0.number == number }) else { return nil }
        self = signal
    }

    /// POSIX numbers, the same on Linux and macOS.
    public var number: Int32 {
        switch self {
        case .sigint: return 2
        case .sigterm: return 15
        }
    }

    /// 130 for SIGINT, 143 for SIGTERM.
    public var exitStatus: Int32 { 128 + number }
}
