/// What a set of verdicts means for a gate: counts per outcome and the outcome that decides the exit status.
public struct GateSummary: Equatable, Sendable {
    public var counts: [VerdictOutcome: Int]

    public init(_ verdicts: [BudgetVerdict]) {
        counts = Dictionary(grouping: verdicts, by: \.outcome).mapValues(\.count)
    }

    public func count(_ outcome: VerdictOutcome) -> Int { counts[outcome] ?? 0 }

    /// True when some budget failed or is missing: the gate fails whatever `--strict` says.
    public var hasFailures: Bool { count(.fail) + count(.missing) > 0 }

    /// `3 PASS · 1 FAIL · 0 INCONCLUSIVE · 1 MISSING`.
    public var line: String {
        VerdictOutcome.allCases.map { "\(count($0)) \($0.rawValue)" }.joined(separator: " · ")
    }
}
