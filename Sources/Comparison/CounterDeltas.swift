import Foundation
import Results
import Statistics
import TextFormatting

/// Counter changes that explain a time change, with the same kind of evidence as the timings: per counter, a t test
/// over the log of each process run's value (Holm-adjusted within the benchmark's counters). Only counters both
/// sides measured; IPC per run when a run has instructions and cycles.
public enum CounterDeltas {
    /// Short names for the explanation line.
    static let shortNames = [
        "PAPI_TOT_INS": "instructions", "PAPI_TOT_CYC": "cycles", "PAPI_L1_DCM": "L1 misses",
        "PAPI_L2_TCM": "L2 misses", "PAPI_L3_TCM": "L3 misses", "PAPI_BR_MSP": "branch misses", "Ir": "instructions",
        "perf::PAGE-FAULTS": "page faults", "perf::CONTEXT-SWITCHES": "context switches", "perf::TASK-CLOCK": "task clock",
    ]

    /// The smallest relative change of a noisy counter that is shown.
    public static let minimumChange = 0.01

    /// Deltas of every counter measured on both sides, largest relative change first, each marked
    /// ``CounterDelta/evidenced`` when it may be shown: adjusted p < `alpha` and a change ≥ 1%, or an exact counter
    /// (no spread on either side, ≥ 2 runs on one) that differs. A counter of a single run per side is never evidenced.
    public static func between(_ base: [Replicate], _ head: [Replicate], alpha: Double) -> [CounterDelta] {
        let baseRuns = base.map { values($0.counters) }, headRuns = head.map { values($0.counters) }
        let names = Set(baseRuns.flatMap(\.keys)).intersection(headRuns.flatMap(\.keys)).sorted()
        var deltas = [CounterDelta](), pValues = [Int: Double](), exact = Set<Int>()
        for name in names {
            let b = baseRuns.compactMap { $0[name] }, h = headRuns.compactMap { $0[name] }
            let (bm, hm) = (center(b), center(h))
            let delta = CounterDelta(name: name, base: bm, head: hm, relativeChange: bm == 0 ? nil : hm / bm - 1,
                                     baseRuns: b.count, headRuns: h.count)
            if b.allSatisfy({ $0 > 0 }), h.allSatisfy({ $0 > 0 }), b.count + h.count > 2,
               let test = TwoSampleT.test(base: b.map(log), head: h.map(log)) {
                if test.standardError == 0 { exact.insert(deltas.count) }
                pValues[deltas.count] = test.pValue
            }
            deltas.append(delta)
        }
        let tested = pValues.keys.sorted()
        for (index, p) in zip(tested, Holm.adjust(tested.map { pValues[$0]! })) {
            deltas[index].adjustedPValue = p
            let change = abs(deltas[index].relativeChange ?? 0)
            deltas[index].evidenced = exact.contains(index) ? change > 0 : p < alpha && change >= minimumChange
        }
        return deltas.sorted {
            let (a, b) = (abs($0.relativeChange ?? 0), abs($1.relativeChange ?? 0))
            return a != b ? a > b : $0.name < $1.name
        }
    }

    /// `instructions +12%, IPC −8%`: evidenced deltas only, at most four.
    public static func explanation(_ deltas: [CounterDelta]) -> String {
        deltas.compactMap { delta -> String? in
            guard delta.evidenced, let change = delta.relativeChange else { return nil }
            return "\(shortNames[delta.name] ?? delta.name) \(Percent.signed(change))"
        }.prefix(4).joined(separator: ", ")
    }

    /// Geometric mean of positive values (the scale the test works on), else the arithmetic mean.
    static func center(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        return values.allSatisfy { $0 > 0 } ? Descriptive.geometricMean(values) : Descriptive.mean(values)
    }

    /// One run's measured counters, plus its IPC when it has instructions and cycles.
    static func values(_ readings: [CounterReading]) -> [String: Double] {
        var result = [String: Double]()
        for reading in readings where reading.source != .unavailable {
            if let value = reading.perIteration, value.isFinite { result[reading.name] = value }
        }
        if let instructions = result["PAPI_TOT_INS"], let cycles = result["PAPI_TOT_CYC"], cycles > 0 {
            result["IPC"] = instructions / cycles
        }
        return result
    }
}
