import Results

/// The unit of a hot path's time axes: ns, µs or ms, whichever its largest median reads in.
struct AxisUnit: Equatable {
    /// Nanoseconds per unit.
    let nanoseconds: Double
    let name: String

    static func of(_ results: [BenchmarkResult]) -> AxisUnit {
        of(largestNanoseconds: results.map(\.statistics.median).max() ?? 0)
    }

    /// ns below 1 µs, µs below 1 ms, else ms.
    static func of(largestNanoseconds largest: Double) -> AxisUnit {
        if largest < 1e3 { return AxisUnit(nanoseconds: 1, name: "ns") }
        return largest < 1e6 ? AxisUnit(nanoseconds: 1e3, name: "µs") : AxisUnit(nanoseconds: 1e6, name: "ms")
    }

    func value(_ nanoseconds: Double) -> Double { nanoseconds / self.nanoseconds }

    /// The axis label, as script text of FrameBudget's own (one of three literals).
    var axisLabel: GnuplotScript {
        switch name {
        case "ns": return "'ns per iteration'"
        case "µs": return "'µs per iteration'"
        default: return "'ms per iteration'"
        }
    }

    /// The same, for a log-scale axis.
    var logAxisLabel: GnuplotScript {
        switch name {
        case "ns": return "'ns per iteration (log scale)'"
        case "µs": return "'µs per iteration (log scale)'"
        default: return "'ms per iteration (log scale)'"
        }
    }
}
