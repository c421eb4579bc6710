/// The night's paired comparison against the baseline build, kept with the run (and so in the history) beside the
/// absolute times: each benchmark's change measured with both builds alive at once, on the same machine state.
public struct PairedChangeSummary: Codable, Sendable, Equatable {
    /// One benchmark's change.
    public struct Entry: Codable, Sendable, Equatable {
        public var id: String
        /// head / base − 1 (+0.03: 3% slower tonight).
        public var relativeChange: Double
        /// The equivalence interval of the change, when at least two pairs were measured.
        public var lower: Double?
        public var upper: Double?
        /// The interval's confidence level, 0...1 (0.989 for an UNCHANGED spent over looks 3…40). Absent before
        /// 7 Dec 2026, when it was 0.90: read it through ``intervalLevel``.
        public var level: Double?
        public var pairs: Int
        /// `regressed`, `improved`, `unchanged` or `inconclusive` (``PairedChangeSummary/verdicts``).
        public var verdict: String

        public init(id: String, relativeChange: Double, lower: Double?, upper: Double?, level: Double? = nil, pairs: Int,
                    verdict: String) {
            self.id = id
            self.relativeChange = relativeChange
            self.lower = lower
            self.upper = upper
            self.level = level
            self.pairs = pairs
            self.verdict = verdict
        }

        /// The level of ``lower``…``upper``: as recorded, else the 90% every night used before levels were kept.
        public var intervalLevel: Double { level ?? 0.90 }
    }

    /// The verdicts an entry may hold.
    public static let verdicts = ["regressed", "improved", "unchanged", "inconclusive"]

    /// The baseline build: its commit, or what its executable said of itself.
    public var baseline: String
    public var benchmarks: [Entry]
    /// The host's steal over each process pair, 0...1 (``Comparison/PairedComparisonReport/pairHostSteal``): a night
    /// whose pairs ran while the host was elsewhere says so in the history. Absent before 3 Dec 2026.
    public var pairHostSteal: [Double]?

    public init(baseline: String, benchmarks: [Entry]) {
        self.baseline = baseline
        self.benchmarks = benchmarks
    }
}
