import Foundation
import XCTest
@testable import Statistics

/// The bootstrap intervals of p50 and p95 that decide a budget's PASS / FAIL / INCONCLUSIVE, against a simulation
/// with known quantiles: lognormal timings (σ = 0.1 in log, a noisy benchmark) whose true median is e^μ and true p95
/// e^(μ + 1.6449σ). A 95% interval must contain the truth in about 95% of experiments.
final class QuantileCoverageTests: XCTestCase {
    private static let mu = log(1_000_000.0), sigma = 0.1
    private static let truth = ["median": exp(mu), "p95": exp(mu + 1.6448536269514722 * sigma)]

    /// The fraction of `experiments` samples of `n` timings whose interval of the `q`-th percentile contains the truth.
    private func coverage(q: Double, n: Int, experiments: Int = 300, seed: UInt64) -> Double {
        var noise = GaussianNoise(seed: seed)
        let truth = exp(Self.mu + Self.sigma * (q == 50 ? 0 : 1.6448536269514722))
        var covered = 0
        for experiment in 0..<experiments {
            let sorted = (0..<n).map { _ in exp(Self.mu + Self.sigma * noise.next()) }.sorted()
            // The call SampleSummary makes for the intervals budgets read (one statistic, for speed).
            let interval = Bootstrap.intervals(ofSorted: sorted, percentiles: ["q": q], includeMean: false,
                                               resamples: 1000, seed: UInt64(experiment))["q"]!
            if interval.contains(truth) { covered += 1 }
        }
        return Double(covered) / Double(experiments)
    }

    /// Reference coverage of the same method, by numpy over 2000 experiments (Golden/quantile_coverage.py; scipy's
    /// percentile bootstrap gives the same for p95, n = 100: 0.885). Tolerance: 4 binomial σ of 300 experiments.
    private static let reference: [(q: Double, n: Int, rate: Double)] = [
        (50, 100, 0.9435), (50, 20, 0.9385), (95, 100, 0.8935), (95, 20, 0.6355),
    ]

    func testIntervalsCoverTheTrueQuantileAsOftenAsTheReferenceBootstrapDoes() {
        var measured: [String: Double] = [:]
        for (index, (q, n, rate)) in Self.reference.enumerated() {
            let name = "p\(Int(q)) at n = \(n)"
            measured[name] = coverage(q: q, n: n, seed: UInt64(100 + index))
            let tolerance = 4 * (rate * (1 - rate) / 300).squareRoot()
            XCTAssertEqual(measured[name]!, rate, accuracy: tolerance, name)
        }
        // The median's intervals hold their 95% nominal level at a default run (n = 100) and at --quick (n = 20).
        XCTAssertGreaterThanOrEqual(measured["p50 at n = 100"]!, 0.90)
        XCTAssertGreaterThanOrEqual(measured["p50 at n = 20"]!, 0.90)
        // The p95's do not with few samples: a known weakness of percentile intervals of tail quantiles, documented
        // in Docs/BUDGETS-AND-REPORTS.md and pinned here so that a change of method shows.
        XCTAssertLessThan(measured["p95 at n = 20"]!, 0.80)
    }
}
