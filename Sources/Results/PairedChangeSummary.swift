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
        public var pairs: Int
        /// `regressed`, `improved`, `unchanged` or `inconclusive`.
        public var verdict: String

        public init(id: String, relativeChange: Double, lower: Double?, upper: Double?, pairs: Int, verdict: String) {
            self.id = id
            self.relativeChange = relativeChange
            self.lower = lower
            self.upper = upper
            self.pairs = pairs
            self.verdict = verdict
        }
    }

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
