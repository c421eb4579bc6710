import Foundation
import Results
import Statistics

/// How repeatable one benchmark's measurement is on this machine: its median in several runs, each a fresh process,
/// and the spread of those medians, the run-to-run noise a comparison or a budget verdict has to see through
/// (each run's own interval is far narrower: samples within a run are not independent runs).
package struct Repeatability: Sendable, Equatable {
    /// One process run's reading of the benchmark.
    package struct Run: Codable, Sendable, Equatable {
        /// Its run folder's name, `run-<n>`.
        package var runID: String
        /// Nanoseconds per iteration.
        package var median: Double
        /// The run's own (bootstrap) interval of its median, when it has one.
        package var medianInterval: ConfidenceInterval?
        /// Standard deviation over mean of the run's samples.
        package var coefficientOfVariation: Double

        package init(runID: String, _ statistics: SampleSummary) {
            self.runID = runID
            median = statistics.median
            medianInterval = statistics.interval(of: .median)
            coefficientOfVariation = statistics.coefficientOfVariation
        }
    }

    package var benchmark: String
    /// In the order they ran.
    package var runs: [Run] = []
    /// The runs asked for (`--runs`): fewer in ``runs`` when a signal stopped them.
    package var requestedRuns: Int?
    /// The signal that stopped the runs early; nil when none did.
    package var interruptingSignal: InterruptingSignal?

    package init(benchmark: String, requestedRuns: Int? = nil) {
        self.benchmark = benchmark
        self.requestedRuns = requestedRuns
    }

    /// Every run asked for was measured.
    package var complete: Bool { interruptingSignal == nil && runs.count >= (requestedRuns ?? runs.count) }

    /// Mean and standard deviation (n − 1) of the runs' medians.
    package var spread: RunLevel.Spread { RunLevel.Spread(runs.map(\.median)) }

    /// The standard deviation of the medians over their mean; nil with fewer than two runs.
    package var coefficientOfVariation: Double? {
        let spread = spread
        return spread.standardDeviation.map { spread.mean == 0 ? 0 : $0 / spread.mean }
    }

    /// One line per run, then the spread across runs.
    package var lines: [String] {
        let rows = runs.enumerated().map { index, run in
            let interval = run.medianInterval.map { String(format: "[%.1f, %.1f]", $0.lower, $0.upper) } ?? "[no interval]"
            return String(format: "run %2d: median %12.1f ns  ", index + 1, run.median) + interval
                + String(format: "  CV within run %.2f%%", run.coefficientOfVariation * 100)
        }
        let spread = spread
        let cut = interruptingSignal.map { ["interrupted by \($0.rawValue) after \(runs.count) of \(requestedRuns ?? runs.count) runs"] } ?? []
        guard let sd = spread.standardDeviation, let cv = coefficientOfVariation else {
            return rows + cut + ["\(benchmark): \(runs.count) run(s): no spread across runs without two of them"]
        }
        // What so few runs can say of the spread (a normal sample's chi-squared interval): ten runs' CV is known
        // only within [0.69, 1.83]× itself, three runs' within [0.52, 6.3]×.
        let interval = ChiSquared.standardDeviationInterval(cv, count: spread.count)
            .map { String(format: " [95%%: %.2f%%, %.2f%%]", $0.lower * 100, $0.upper * 100) } ?? ""
        return rows + cut + ["\(benchmark): \(runs.count) runs, "
            + String(format: "mean of medians %.1f ns, sd %.1f ns, CV of the median across runs %.2f%%", spread.mean, sd, cv * 100)
            + interval + " (runs back to back: a machine's state that outlasts a run narrows it)"]
    }
}

extension Repeatability: Encodable {
    private enum CodingKeys: String, CodingKey {
        case benchmark, runs, medians, coefficientOfVariation, coefficientOfVariationInterval, requestedRuns, complete, interruptingSignal
    }

    /// `repeatability.json`: the runs, the mean and standard deviation of their medians, the CV across runs and its
    /// 95% interval.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(benchmark, forKey: .benchmark)
        try container.encode(runs, forKey: .runs)
        // A file a signal stopped says so: the runs measured, of how many, and by what.
        try container.encodeIfPresent(requestedRuns, forKey: .requestedRuns)
        try container.encode(complete, forKey: .complete)
        try container.encodeIfPresent(interruptingSignal, forKey: .interruptingSignal)
        try container.encode(spread, forKey: .medians)
        try container.encodeIfPresent(coefficientOfVariation, forKey: .coefficientOfVariation)
        try container.encodeIfPresent(coefficientOfVariation.flatMap { ChiSquared.standardDeviationInterval($0, count: runs.count) },
                                      forKey: .coefficientOfVariationInterval)
    }
}
