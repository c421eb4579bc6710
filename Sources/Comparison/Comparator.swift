import Foundation
import Results
import Statistics

/// Compares two runs benchmark by benchmark: relative change of the median (or another percentile) with intervals, Mann–Whitney U test,
/// verdict, counter deltas, and the geometric-mean summary. Pure: results in, report out.
public enum Comparator {
    public static func compare(base: RunResults, head: RunResults, settings: ComparisonSettings = ComparisonSettings())
        -> ComparisonReport {
        let baseIDs = Set(base.benchmarks.map(\.id)), headIDs = Set(head.benchmarks.map(\.id))
        let common = head.benchmarks.filter { baseIDs.contains($0.id) }
        let compared = common.compactMap { headResult in
            compare(base: base.benchmark(headResult.id)!, head: headResult, settings: settings)
        }
        let skipped = common.map(\.id).filter { id in !compared.contains { $0.id == id } }
        return ComparisonReport(
            baseRunID: base.runID, headRunID: head.runID,
            baseCommit: base.environment.gitCommit, headCommit: head.environment.gitCommit, settings: settings,
            benchmarks: compared,
            added: head.benchmarks.map(\.id).filter { !baseIDs.contains($0) },
            removed: base.benchmarks.map(\.id).filter { !headIDs.contains($0) },
            summary: summary(compared),
            warnings: warnings(base: base, head: head) + skipped.map { "\($0): not compared, a side has no positive finite sample" })
    }

    /// One benchmark; nil when either side has no usable sample.
    public static func compare(base: BenchmarkResult, head: BenchmarkResult, settings: ComparisonSettings)
        -> BenchmarkComparison? {
        let x = base.samplesNanoseconds.filter { $0.isFinite && $0 > 0 }
        let y = head.samplesNanoseconds.filter { $0.isFinite && $0 > 0 }
        guard !x.isEmpty, !y.isEmpty else { return nil }
        let ratio = RatioBootstrap.ratioOfPercentiles(
            base: x, head: y, percentile: settings.percentile, level: settings.level, resamples: settings.resamples,
            seed: settings.seed)
        let shift = HodgesLehmann.shift(base: x.map(log), head: y.map(log), level: settings.level)
        let test = MannWhitney.test(x, y)
        let change = ratio.ratio - 1
        var notes = [String]()
        if x.count < 5 || y.count < 5 { notes.append("few samples (\(x.count) vs \(y.count)): the test has little power") }
        let counters = CounterDeltas.between(base.counters, head.counters)
        return BenchmarkComparison(
            id: head.id, baseSamples: x.count, headSamples: y.count,
            baseMedian: Descriptive.median(x), headMedian: Descriptive.median(y),
            baseStatistic: Percentile.of(x, settings.percentile), headStatistic: Percentile.of(y, settings.percentile),
            relativeChange: change,
            interval: ConfidenceInterval(lower: ratio.interval.lower - 1, upper: ratio.interval.upper - 1, level: settings.level),
            hodgesLehmannChange: exp(shift.shift) - 1,
            hodgesLehmannInterval: ConfidenceInterval(
                lower: exp(shift.interval.lower) - 1, upper: exp(shift.interval.upper) - 1, level: settings.level),
            pValue: test.pValue, test: test.method,
            verdict: verdict(change: change, pValue: test.pValue, settings: settings),
            counters: counters, explanation: CounterDeltas.explanation(counters), notes: notes)
    }

    /// Significant (p < α) and beyond the noise threshold, in either direction; otherwise unchanged.
    public static func verdict(change: Double, pValue: Double, settings: ComparisonSettings) -> Verdict {
        guard pValue < settings.alpha, abs(change) > settings.threshold else { return .unchanged }
        return change > 0 ? .regressed : .improved
    }

    static func summary(_ compared: [BenchmarkComparison]) -> GeometricMeanSummary {
        let logs = compared.map { log(1 + $0.relativeChange) }
        let geometric = logs.isEmpty ? 0 : exp(logs.reduce(0, +) / Double(logs.count)) - 1
        return GeometricMeanSummary(
            relativeChange: geometric, benchmarks: compared.count,
            improved: compared.filter { $0.verdict == .improved }.count,
            regressed: compared.filter { $0.verdict == .regressed }.count,
            unchanged: compared.filter { $0.verdict == .unchanged }.count)
    }

    static func warnings(base: RunResults, head: RunResults) -> [String] {
        var warnings = [String]()
        for (side, run) in [("base", base), ("head", head)] where !run.complete {
            warnings.append("\(side) run \(run.runID) is incomplete (\(run.incompleteReason ?? "no reason given"))")
        }
        let (a, b) = (base.environment, head.environment)
        if a.hostname != b.hostname || a.cpuModel != b.cpuModel {
            warnings.append("runs come from different machines (\(a.hostname) vs \(b.hostname)): differences may be the machine's")
        }
        if a.buildConfiguration != b.buildConfiguration {
            warnings.append("build configurations differ (\(a.buildConfiguration) vs \(b.buildConfiguration))")
        }
        if base.settings.cacheMode != head.settings.cacheMode {
            warnings.append("cache modes differ (\(base.settings.cacheMode) vs \(head.settings.cacheMode))")
        }
        return warnings
    }
}
