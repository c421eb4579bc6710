import Foundation
import Results

/// Counter changes that explain a time change: only counters both sides measured, plus IPC when both have
/// instructions and cycles.
public enum CounterDeltas {
    /// Short names for the explanation line.
    static let shortNames = [
        "PAPI_TOT_INS": "instructions", "PAPI_TOT_CYC": "cycles", "PAPI_L1_DCM": "L1 misses",
        "PAPI_L2_TCM": "L2 misses", "PAPI_L3_TCM": "L3 misses", "PAPI_BR_MSP": "branch misses", "Ir": "instructions",
        "perf::PAGE-FAULTS": "page faults", "perf::CONTEXT-SWITCHES": "context switches", "perf::TASK-CLOCK": "task clock",
    ]

    /// Deltas of every counter available on both sides, largest relative change first.
    public static func between(_ base: [CounterReading], _ head: [CounterReading]) -> [CounterDelta] {
        var baseValues = values(base), headValues = values(head)
        for side in [0, 1] {
            let v = side == 0 ? baseValues : headValues
            if let instructions = v["PAPI_TOT_INS"], let cycles = v["PAPI_TOT_CYC"], cycles > 0 {
                if side == 0 { baseValues["IPC"] = instructions / cycles } else { headValues["IPC"] = instructions / cycles }
            }
        }
        let deltas = baseValues.keys.filter { headValues[$0] != nil }.map { name in
            let b = baseValues[name]!, h = headValues[name]!
            return CounterDelta(name: name, base: b, head: h, relativeChange: b == 0 ? nil : h / b - 1)
        }
        return deltas.sorted {
            let (a, b) = (abs($0.relativeChange ?? 0), abs($1.relativeChange ?? 0))
            return a != b ? a > b : $0.name < $1.name
        }
    }

    /// `instructions +12%, IPC −8%`: counters that moved by at least `minimum` (relative), at most four.
    public static func explanation(_ deltas: [CounterDelta], minimum: Double = 0.01) -> String {
        deltas.compactMap { delta -> String? in
            guard let change = delta.relativeChange, abs(change) >= minimum else { return nil }
            return "\(shortNames[delta.name] ?? delta.name) \(Percent.signed(change))"
        }.prefix(4).joined(separator: ", ")
    }

    private static func values(_ readings: [CounterReading]) -> [String: Double] {
        var result = [String: Double]()
        for reading in readings where reading.source != .unavailable {
            if let value = reading.perIteration, value.isFinite { result[reading.name] = value }
        }
        return result
    }
}

/// Signed percentages with a true minus sign: `+12.0%`, `−8.0%`.
public enum Percent {
    public static func signed(_ fraction: Double, digits: Int = 1) -> String {
        let text = String(format: "%.\(digits)f%%", abs(fraction) * 100)
        return (fraction < 0 ? "−" : "+") + text
    }
}
