/// The two-sided Mann–Whitney U test (Wilcoxon rank-sum), as `scipy.stats.mannwhitneyu(x, y, method="auto")`.
///
/// Method choice follows scipy's "auto": exact when either sample has at most 8 values and there are no ties,
/// otherwise the normal approximation with tie correction and continuity correction. Exact p-values are computed
/// only while the larger sample has at most ``exactLimit`` values (the distribution table grows as m·n²); beyond it
/// the normal approximation is used and `method` says so.
public enum MannWhitney {
    public enum Method: String, Codable, Sendable { case exact, asymptotic }

    public struct Result: Codable, Sendable, Equatable {
        /// U of the first sample: the number of pairs (x, y) with x > y, ties counting one half.
        public var u1: Double
        /// Two-sided p-value.
        public var pValue: Double
        public var method: Method
    }

    /// Largest sample the exact distribution is tabulated for.
    public static let exactLimit = 400

    /// Tests whether `x` and `y` come from the same distribution.
    /// - Precondition: both samples are non-empty. Time: O((n + m) log(n + m)), exact: O(m²·n²) with m ≤ 8.
    public static func test(_ x: [Double], _ y: [Double]) -> Result {
        precondition(!x.isEmpty && !y.isEmpty, "Mann-Whitney test of an empty sample")
        let (ranks, tieSizes) = Ranking.average(x + y)
        let n1 = Double(x.count), n2 = Double(y.count)
        let r1 = ranks[0..<x.count].reduce(0, +)
        let u1 = r1 - n1 * (n1 + 1) / 2
        let u = Swift.max(u1, n1 * n2 - u1)
        let small = Swift.min(x.count, y.count), large = Swift.max(x.count, y.count)
        let hasTies = tieSizes.contains { $0 > 1 }
        if (x.count <= 8 || y.count <= 8) && !hasTies && large <= exactLimit {
            let p = 2 * ExactUDistribution(m: small, n: large).survival(Int(u.rounded()))
            return Result(u1: u1, pValue: Swift.min(Swift.max(p, 0), 1), method: .exact)
        }
        let z = zScore(u: u, n1: n1, n2: n2, tieSizes: tieSizes)
        let p = z.isNaN ? 1 : 2 * NormalDistribution.survival(z)
        return Result(u1: u1, pValue: Swift.min(Swift.max(p, 0), 1), method: .asymptotic)
    }

    /// (U − n1·n2/2 − 0.5) / σ with σ tie-corrected, as scipy's `_get_mwu_z`.
    static func zScore(u: Double, n1: Double, n2: Double, tieSizes: [Int]) -> Double {
        let n = n1 + n2
        let tieTerm = tieSizes.reduce(0.0) { sum, t in let t = Double(t); return sum + t * t * t - t }
        let sigma = (n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))).squareRoot()
        return (u - n1 * n2 / 2 - 0.5) / sigma
    }
}

/// Ranks with ties given their average rank (scipy's `rankdata(method="average")`).
public enum Ranking {
    /// - Returns: 1-based ranks in input order, and the size of every group of equal values.
    public static func average(_ values: [Double]) -> (ranks: [Double], tieSizes: [Int]) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var tieSizes = [Int]()
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count && values[order[end]] == values[order[start]] { end += 1 }
            let rank = Double(start + end + 1) / 2  // mean of the 1-based ranks start+1 … end
            for k in start..<end { ranks[order[k]] = rank }
            tieSizes.append(end - start)
            start = end
        }
        return (ranks, tieSizes)
    }
}

/// The null distribution of U for samples of sizes m and n without ties:
/// P_{m,n}(u) = m/(m+n)·P_{m−1,n}(u−n) + n/(m+n)·P_{m,n−1}(u), kept as probabilities so nothing overflows.
struct ExactUDistribution {
    let probabilities: [Double]

    init(m: Int, n: Int) {
        // row[j] = distribution for (i, j) at the current i; starts at i = 0 (U is 0 with certainty).
        var row = [[Double]](repeating: [1], count: n + 1)
        for i in 1...Swift.max(m, 1) where m > 0 {
            var next = [[Double]](repeating: [], count: n + 1)
            next[0] = [1]  // no y values: U = 0
            for j in 1...Swift.max(n, 1) where n > 0 {
                var p = [Double](repeating: 0, count: i * j + 1)
                let wx = Double(i) / Double(i + j), wy = Double(j) / Double(i + j)
                // The largest value is an x (it beats all j y's) or a y (it adds nothing to U).
                for (u, q) in row[j].enumerated() { p[u + j] += wx * q }
                for (u, q) in next[j - 1].enumerated() { p[u] += wy * q }
                next[j] = p
            }
            row = next
        }
        probabilities = row[n]
    }

    /// P(U ≥ k).
    func survival(_ k: Int) -> Double {
        guard k > 0 else { return 1 }
        guard k < probabilities.count else { return 0 }
        // Sum the shorter tail for accuracy, as scipy does by symmetry.
        let upper = probabilities[k...].reduce(0, +)
        return upper
    }
}
