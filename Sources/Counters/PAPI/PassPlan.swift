import CPAPI

/// How the available events are counted: all together, multiplexed, or split over several passes of the body.
public struct PassPlan: Sendable, Equatable {
    /// Event names per pass, in counting order.
    public let passes: [[String]]
    /// True when one multiplexed set holds every event (counts are then scaled estimates).
    public let multiplexed: Bool

    public init(passes: [[String]], multiplexed: Bool) {
        self.passes = passes
        self.multiplexed = multiplexed
    }

    /// The note a reading of `event` carries: `multiplexed`, `pass k of n`, or nil for a single plain pass.
    public func note(for event: String) -> String? {
        if multiplexed { return "multiplexed" }
        guard passes.count > 1, let index = passes.firstIndex(where: { $0.contains(event) }) else { return nil }
        return "pass \(index + 1) of \(passes.count)"
    }

    /// Splits `events` greedily, in order, into passes whose events `fit` together.
    /// An event that fits in no set, even alone, still gets a pass of its own (its failure is then reported).
    public static func split(_ events: [String], fit: ([String]) -> Bool) -> [[String]] {
        var passes = [[String]]()
        var current = [String]()
        for event in events {
            if current.isEmpty || fit(current + [event]) {
                current.append(event)
            } else {
                passes.append(current)
                current = [event]
            }
        }
        if !current.isEmpty { passes.append(current) }
        return passes
    }

    /// The plan for PAPI: one set when the events fit together; else one multiplexed set when the kernel allows
    /// it (it refuses on this KVM guest: `PAPI_set_multiplex` gives -7); else several passes.
    /// - Parameter maximumPerPass: caps the events per pass (a test and a safety valve), nil for PAPI's own limit.
    public static func forPAPI(_ events: [String], maximumPerPass: Int? = nil) -> PassPlan {
        let fitsTogether: ([String]) -> Bool = { names in
            if let maximumPerPass, names.count > maximumPerPass { return false }
            guard let set = try? EventSet(names) else { return false }
            return (try? set.count {}) != nil
        }
        if fitsTogether(events) { return PassPlan(passes: events.isEmpty ? [] : [events], multiplexed: false) }
        if maximumPerPass == nil, multiplexes(events) { return PassPlan(passes: [events], multiplexed: true) }
        return PassPlan(passes: split(events, fit: fitsTogether), multiplexed: false)
    }

    private static func multiplexes(_ events: [String]) -> Bool {
        guard PAPI_multiplex_init() == PAPI_OK, let set = try? EventSet() else { return false }
        guard (try? set.multiplex()) != nil else { return false }
        for event in events where (try? set.add(event)) == nil { return false }
        return (try? set.count {}) != nil
    }
}
