/// Where a counter value came from. A counter the machine cannot give is `unavailable` with a reason,
/// never a zero.
public enum CounterSource: String, Codable, Sendable, CaseIterable {
    /// A PAPI hardware event (preset or native PMU event).
    case papiHardware = "papi-hw"
    /// A PAPI software event (perf:: task clock, page faults, context switches...).
    case papiSoftware = "papi-sw"
    /// Counted by valgrind (cachegrind/callgrind): exact instructions, simulated caches.
    case callgrind
    /// Not measured; `reason` says why.
    case unavailable
}

/// One counter of one benchmark, per iteration.
public struct CounterReading: Codable, Sendable, Equatable {
    /// Event name as PAPI or valgrind names it, e.g. `PAPI_TOT_INS`, `perf::TASK-CLOCK`, `Ir`.
    public var name: String
    /// Per-iteration value; nil exactly when `source` is `unavailable`.
    public var perIteration: Double?
    public var source: CounterSource
    /// Why the counter is unavailable, or how it was derived (e.g. `multiplexed`, `pass 2 of 3`).
    public var note: String?
    /// What was counted for a multithreaded kernel: `calling thread` or `process`.
    public var scope: String?

    public init(name: String, perIteration: Double?, source: CounterSource, note: String? = nil, scope: String? = nil) {
        self.name = name
        self.perIteration = perIteration
        self.source = source
        self.note = note
        self.scope = scope
    }

    /// A counter that could not be measured.
    public static func unavailable(_ name: String, reason: String) -> CounterReading {
        CounterReading(name: name, perIteration: nil, source: .unavailable, note: reason)
    }

    /// What the counter `name` counts: time counters count nanoseconds, cycle counters cycles, IPC is a ratio, the
    /// rest events. One place, so that a plot's axis and a console line never disagree on a unit.
    public static func unit(of name: String) -> String {
        if name == "IPC" { return "instructions/cycle" }
        if name.hasSuffix("-ns") || name.contains("TASK-CLOCK") || name.contains("CPU-CLOCK") { return "ns" }
        if name.contains("CYC") { return "cycles" }
        if name == "Ir" { return "instructions" }
        return "events"
    }
}
