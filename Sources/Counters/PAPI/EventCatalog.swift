import Results

/// One counter a report wants, with the events that can give it, best first (a PAPI preset, then native events).
public struct WantedCounter: Sendable, Equatable {
    /// The name the reading carries when no candidate can be counted (the first candidate).
    public var name: String { candidates[0] }
    /// Event names to try in order; the first that can be added to an event set is counted.
    public let candidates: [String]
    /// `papiHardware` or `papiSoftware`: what a successful reading's source is.
    public let source: CounterSource

    public init(_ candidates: [String], source: CounterSource) {
        precondition(!candidates.isEmpty, "a wanted counter needs at least one event name")
        self.candidates = candidates
        self.source = source
    }
}

/// The counters every benchmark reports, and the event names this layer knows (for close matches of typos).
public enum EventCatalog {
    /// Cycles, instructions, cache, branch and TLB misses: presets first, Linux generic perf events second.
    public static let hardware: [WantedCounter] = [
        WantedCounter(["PAPI_TOT_CYC", "perf::CYCLES"], source: .papiHardware),
        WantedCounter(["PAPI_TOT_INS", "perf::INSTRUCTIONS"], source: .papiHardware),
        WantedCounter(["PAPI_L1_DCM", "perf::L1-DCACHE-LOAD-MISSES"], source: .papiHardware),
        WantedCounter(["PAPI_L2_TCM"], source: .papiHardware),
        WantedCounter(["PAPI_L3_TCM", "perf::LLC-LOAD-MISSES"], source: .papiHardware),
        WantedCounter(["PAPI_BR_INS", "perf::BRANCH-INSTRUCTIONS"], source: .papiHardware),
        WantedCounter(["PAPI_BR_MSP", "perf::BRANCH-MISSES"], source: .papiHardware),
        WantedCounter(["PAPI_TLB_DM", "perf::DTLB-LOAD-MISSES"], source: .papiHardware),
    ]

    /// Kernel software events: need no PMU, only PAPI's perf_event component.
    public static let software: [WantedCounter] = [
        "perf::TASK-CLOCK", "perf::PAGE-FAULTS", "perf::CONTEXT-SWITCHES", "perf::CPU-MIGRATIONS",
    ].map { WantedCounter([$0], source: .papiSoftware) }

    /// What a run counts by default.
    public static let standard = hardware + software

    /// Names of the perf_event generic events (libpfm4's `perf` PMU), known even where PAPI cannot enumerate them.
    static let perfSoftwareNames = [
        "perf::TASK-CLOCK", "perf::CPU-CLOCK", "perf::PAGE-FAULTS", "perf::FAULTS", "perf::MINOR-FAULTS",
        "perf::MAJOR-FAULTS", "perf::CONTEXT-SWITCHES", "perf::CS", "perf::CPU-MIGRATIONS", "perf::MIGRATIONS",
        "perf::ALIGNMENT-FAULTS", "perf::EMULATION-FAULTS",
    ]
    static let perfHardwareNames = [
        "perf::CYCLES", "perf::CPU-CYCLES", "perf::INSTRUCTIONS", "perf::CACHE-REFERENCES", "perf::CACHE-MISSES",
        "perf::BRANCHES", "perf::BRANCH-INSTRUCTIONS", "perf::BRANCH-MISSES", "perf::BUS-CYCLES", "perf::REF-CYCLES",
        "perf::STALLED-CYCLES-FRONTEND", "perf::STALLED-CYCLES-BACKEND", "perf::L1-DCACHE-LOADS",
        "perf::L1-DCACHE-LOAD-MISSES", "perf::L1-ICACHE-LOAD-MISSES", "perf::LLC-LOADS", "perf::LLC-LOAD-MISSES",
        "perf::DTLB-LOADS", "perf::DTLB-LOAD-MISSES", "perf::ITLB-LOAD-MISSES",
    ]

    /// A user-requested event as a wanted counter: its source follows from its name.
    public static func wanted(named name: String) -> WantedCounter {
        // Every spelling of a kernel software event (PERF_COUNT_SW_*, aliases), not only these names.
        let isSoftware = PerfSoftwareEvents.canonical(name) != nil
            || perfSoftwareNames.contains { $0.caseInsensitiveCompare(baseName(name)) == .orderedSame }
        return WantedCounter([name], source: isSoftware ? .papiSoftware : .papiHardware)
    }

    /// `perf::TASK-CLOCK:u` → `perf::TASK-CLOCK` (libpfm4 modifiers follow the event after a single colon).
    static func baseName(_ name: String) -> String {
        guard let range = name.range(of: "::") else { return name.split(separator: ":").first.map(String.init) ?? name }
        let rest = name[range.upperBound...]
        return String(name[..<range.upperBound]) + (rest.split(separator: ":").first.map(String.init) ?? "")
    }
}
