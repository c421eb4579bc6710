import Results

/// One benchmark's exact instruction count per iteration (valgrind, `--counters callgrind`) and, where the run kept
/// them, its functions' shares of it.
public struct InstructionProfile: Sendable, Equatable {
    public var id: String
    public var instructionsPerIteration: Double
    public var functions: [FunctionInstructions]

    public init(id: String, instructionsPerIteration: Double, functions: [FunctionInstructions] = []) {
        self.id = id
        self.instructionsPerIteration = instructionsPerIteration
        self.functions = functions
    }

    /// The `Ir` reading counted by valgrind of every benchmark of `run` that has one; `functions` gives the
    /// per-function counts by benchmark id (read from the run's `functions.tsv` artifacts by the caller).
    public static func profiles(of run: RunResults, functions: [String: [FunctionInstructions]] = [:]) -> [InstructionProfile] {
        run.benchmarks.compactMap { result in
            guard let reading = result.counters.first(where: { $0.name == "Ir" && $0.source == .callgrind }),
                  let count = reading.perIteration else { return nil }
            return InstructionProfile(id: result.id, instructionsPerIteration: count, functions: functions[result.id] ?? [])
        }
    }
}

/// One function's exclusive instructions per iteration in one benchmark.
public struct FunctionInstructions: Sendable, Equatable, Codable {
    /// The symbol as the binary names it: what identifies the function in both builds.
    public var symbol: String
    /// The readable (demangled) name.
    public var name: String
    public var instructionsPerIteration: Double

    public init(symbol: String, name: String, instructionsPerIteration: Double) {
        self.symbol = symbol
        self.name = name
        self.instructionsPerIteration = instructionsPerIteration
    }
}

/// How instruction counts are judged.
public struct InstructionComparisonSettings: Sendable, Codable, Equatable {
    /// A change beyond ±threshold (a fraction: 0.005 = 0.5%) is `regressed` or `improved`; a smaller one is
    /// `below threshold`. Equal counts are `unchanged` whatever the threshold.
    public var threshold: Double
    /// How many functions to name for each benchmark whose count changed.
    public var topFunctions: Int

    public init(threshold: Double = 0.005, topFunctions: Int = 5) {
        self.threshold = threshold
        self.topFunctions = topFunctions
    }
}

/// The verdict on one benchmark's instruction count.
public enum InstructionVerdict: String, Sendable, Codable {
    /// The counts are equal: counts are exact and deterministic, so there is no tolerance.
    case unchanged
    /// The count moved, but by no more than the threshold: shown, never a failure.
    case belowThreshold = "below threshold"
    case regressed
    case improved
}

/// One function whose instructions per iteration differ between the builds.
public struct FunctionChange: Sendable, Codable, Equatable {
    public var symbol: String
    public var name: String
    /// Instructions per iteration in each build (0 where the function did not run, e.g. added or inlined away).
    public var base: Double
    public var head: Double
    public var change: Double { head - base }
}

/// One benchmark compared by its instruction count.
public struct InstructionChange: Sendable, Codable, Equatable {
    public var id: String
    public var base: Double
    public var head: Double
    /// head/base − 1; nil when the base count is 0 and the head's is not.
    public var relativeChange: Double?
    public var verdict: InstructionVerdict
    /// The functions whose counts changed most (by absolute change), at most `topFunctions`; empty when unchanged.
    public var functions: [FunctionChange]
}

/// The whole instruction-count comparison of two runs.
public struct InstructionComparisonReport: Sendable, Codable, Equatable {
    /// What the two sides are (a commit or a run id), for the headline.
    public var baseLabel: String
    public var headLabel: String
    public var settings: InstructionComparisonSettings
    public var benchmarks: [InstructionChange]
    /// Counted in head only / base only.
    public var added: [String]
    public var removed: [String]

    public var hasRegression: Bool { benchmarks.contains { $0.verdict == .regressed } }

    /// How many benchmarks got `verdict`.
    public func count(_ verdict: InstructionVerdict) -> Int { benchmarks.filter { $0.verdict == verdict }.count }
}

/// Compares exact instruction counts of two builds, benchmark by benchmark. Pure.
public enum InstructionComparison {
    public static func compare(
        base: [InstructionProfile], head: [InstructionProfile], settings: InstructionComparisonSettings = .init(),
        baseLabel: String = "base", headLabel: String = "head"
    ) -> InstructionComparisonReport {
        let baseByID = Dictionary(base.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let headIDs = Set(head.map(\.id))
        var seen = Set<String>()
        let changes = head.compactMap { after -> InstructionChange? in
            guard let before = baseByID[after.id], seen.insert(after.id).inserted else { return nil }
            return change(before, after, settings: settings)
        }
        return InstructionComparisonReport(
            baseLabel: baseLabel, headLabel: headLabel, settings: settings, benchmarks: changes,
            added: head.map(\.id).filter { baseByID[$0] == nil },
            removed: base.map(\.id).filter { !headIDs.contains($0) })
    }

    static func change(_ base: InstructionProfile, _ head: InstructionProfile,
                       settings: InstructionComparisonSettings) -> InstructionChange {
        let before = base.instructionsPerIteration, after = head.instructionsPerIteration
        let relative: Double? = before != 0 ? after / before - 1 : (after == 0 ? 0 : nil)
        let verdict: InstructionVerdict
        if after == before {
            verdict = .unchanged
        } else if let relative, abs(relative) <= settings.threshold {
            verdict = .belowThreshold
        } else {
            verdict = after > before ? .regressed : .improved
        }
        let functions = verdict == .unchanged ? [] : topChanges(base.functions, head.functions, limit: settings.topFunctions)
        return InstructionChange(id: head.id, base: before, head: after, relativeChange: relative, verdict: verdict,
                                 functions: functions)
    }

    /// The functions with the largest absolute change of instructions per iteration, matched by symbol; ties
    /// broken by name so the order is stable.
    static func topChanges(_ base: [FunctionInstructions], _ head: [FunctionInstructions], limit: Int) -> [FunctionChange] {
        var changes = [String: FunctionChange]()
        for function in base {
            changes[function.symbol, default: FunctionChange(symbol: function.symbol, name: function.name, base: 0, head: 0)]
                .base += function.instructionsPerIteration
        }
        for function in head {
            changes[function.symbol, default: FunctionChange(symbol: function.symbol, name: function.name, base: 0, head: 0)]
                .head += function.instructionsPerIteration
        }
        return changes.values.filter { $0.change != 0 }
            .sorted { abs($0.change) != abs($1.change) ? abs($0.change) > abs($1.change) : $0.name < $1.name }
            .prefix(max(0, limit)).map { $0 }
    }
}
