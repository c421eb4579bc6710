import Foundation
import Results
import Statistics

/// Compares two sides (each a merged file of several process runs, or a single run) benchmark by benchmark.
///
/// The process run is the unit of replication: each benchmark's verdict rests on a t test over the log of each
/// run's statistic (``RunLevelDecision``), Holm-adjusted over all compared benchmarks so that the exit code controls
/// the chance of any false regression; a change needs to exceed the benchmark's noise floor too. The pooled-sample
/// bootstrap, Hodges–Lehmann and Mann–Whitney figures stay in the report as information. Pure: results in, report out.
public enum Comparator {
    /// - Parameter priors: between-run spreads from the history (same machine class), by benchmark id.
    public static func compare(base: RunResults, head: RunResults, settings: ComparisonSettings = ComparisonSettings(),
                               priors: [String: PriorSpread] = [:]) -> ComparisonReport {
        let baseIDs = Set(base.benchmarks.map(\.id)), headIDs = Set(head.benchmarks.map(\.id))
        let matched = head.benchmarks.filter { baseIDs.contains($0.id) }
        let sameMode = { (result: BenchmarkResult) in result.frameLoop?.mode == base.benchmark(result.id)!.frameLoop?.mode }
        let common = matched.filter(sameMode), otherModes = matched.filter { !sameMode($0) }
        var compared = common.compactMap { headResult in
            measure(base: base.benchmark(headResult.id)!, baseRunID: base.runID, head: headResult,
                    headRunID: head.runID, settings: settings, prior: priors[headResult.id])
        }
        let family = decide(&compared, settings: settings)
        // Not compared, so nothing decided on them: a benchmark without a positive sample, or whose frame loop ran
        // realtime on one side and simulated on the other (the default differs between CI and a desk, so this one
        // is easy to hit; it exited 0 under a green headline).
        let skipped = common.map(\.id).filter { id in !compared.contains { $0.id == id } } + otherModes.map(\.id)
        return ComparisonReport(
            baseRunID: base.runID, headRunID: head.runID,
            baseCommit: base.environment.gitCommit, headCommit: head.environment.gitCommit,
            machineClass: head.machineClass == base.machineClass ? head.machineClass.description : nil,
            settings: settings, familyWise: family, benchmarks: compared,
            // A side that was interrupted did not remove or add anything: it stopped before measuring it.
            added: base.complete ? head.benchmarks.map(\.id).filter { !baseIDs.contains($0) } : [],
            removed: head.complete ? base.benchmarks.map(\.id).filter { !headIDs.contains($0) } : [],
            notMeasured: notMeasured(base: base, head: head).map { $0 + skipped } ?? (skipped.isEmpty ? nil : skipped),
            summary: summary(compared),
            warnings: warnings(base: base, head: head, compared: compared)
                + skipped.filter { id in !otherModes.contains { $0.id == id } }.map { "\($0): not compared, a side has no positive finite sample" }
                + otherModes.map { "\($0.id): not compared, its frame loop ran \(base.benchmark($0.id)!.frameLoop?.mode ?? "none") in base "
                    + "and \($0.frameLoop?.mode ?? "none") in head (timer wake-ups are in realtime only)" })
    }

    /// The ids one side lacks because that side's run was interrupted (nil for none).
    static func notMeasured(base: RunResults, head: RunResults) -> [String]? {
        let baseIDs = Set(base.benchmarks.map(\.id)), headIDs = Set(head.benchmarks.map(\.id))
        let ids = (head.complete ? [] : base.benchmarks.map(\.id).filter { !headIDs.contains($0) })
            + (base.complete ? [] : head.benchmarks.map(\.id).filter { !baseIDs.contains($0) })
        return ids.isEmpty ? nil : ids
    }

    /// Why two runs must not be compared at all (different machine classes, the workload among them, or the
    /// synthetic scene drawn from two seeds: two inputs); nil when they may be.
    public static func incompatibility(base: RunResults, head: RunResults) -> String? {
        // The seed first: its own words say more than the class's field (a class holds a seed other than the default).
        if let a = base.settings.sceneSeed, let b = head.settings.sceneSeed, a != b {
            return "base \(base.runID) and head \(head.runID) were measured on different inputs (synthetic scene of seed "
                + "\(a) vs \(b)); only runs of the same inputs are compared"
        }
        guard let difference = head.machineClass.difference(from: base.machineClass) else { return nil }
        return "base \(base.runID) and head \(head.runID) were measured in different machine classes (\(difference)); "
            + "only runs of one class are compared"
    }

    /// One benchmark before the family-wise step (verdict and adjusted p filled in by ``decide``); nil when either
    /// side has no usable sample.
    static func measure(base: BenchmarkResult, baseRunID: String, head: BenchmarkResult, headRunID: String,
                        settings: ComparisonSettings, prior: PriorSpread?) -> BenchmarkComparison? {
        let x = base.samplesNanoseconds.filter { $0.isFinite && $0 > 0 }
        let y = head.samplesNanoseconds.filter { $0.isFinite && $0 > 0 }
        let logBase = RunLevelDecision.perRunLogStatistics(base, runID: baseRunID, percentile: settings.percentile)
        let logHead = RunLevelDecision.perRunLogStatistics(head, runID: headRunID, percentile: settings.percentile)
        guard !x.isEmpty, !y.isEmpty, !logBase.isEmpty, !logHead.isEmpty else { return nil }
        let evidence = RunLevelDecision.evidence(base: logBase, head: logHead, prior: prior, settings: settings)
        let ratio = RatioBootstrap.ratioOfPercentiles(
            base: x, head: y, percentile: settings.percentile, level: settings.level, resamples: settings.resamples,
            seed: settings.seed)
        let shift = HodgesLehmann.shift(base: x.map(log), head: y.map(log), level: settings.level)
        let mannWhitney = MannWhitney.test(x, y)
        let counters = CounterDeltas.between(base.replicates(runID: baseRunID), head.replicates(runID: headRunID),
                                             alpha: settings.alpha)
        let runLevel = evidence.test.map {
            RunLevelTest(method: $0.method, difference: $0.difference, standardError: $0.standardError,
                         degreesOfFreedom: $0.degreesOfFreedom, pValue: $0.pValue,
                         priorDegreesOfFreedom: $0.method == .pooled ? prior?.degreesOfFreedom : nil)
        }
        return BenchmarkComparison(
            id: head.id, baseRuns: logBase.count, headRuns: logHead.count, baseSamples: x.count, headSamples: y.count,
            baseMedian: Descriptive.median(x), headMedian: Descriptive.median(y),
            baseStatistic: exp(RunLevelDecision.mean(logBase)), headStatistic: exp(RunLevelDecision.mean(logHead)),
            relativeChange: exp(evidence.difference) - 1,
            interval: evidence.test.map { relative($0.interval(level: settings.level)) },
            runLevel: runLevel, adjustedPValue: nil, betweenRunSpread: evidence.spread, noiseFloor: evidence.noiseFloor,
            minimumDetectableEffect: evidence.minimumDetectableEffect, needsMoreRuns: true, verdict: .inconclusive,
            pooledChange: ratio.ratio - 1,
            pooledInterval: ConfidenceInterval(lower: ratio.interval.lower - 1, upper: ratio.interval.upper - 1, level: settings.level),
            hodgesLehmannChange: exp(shift.shift) - 1,
            hodgesLehmannInterval: relative(shift.interval),
            mannWhitneyPValue: mannWhitney.pValue, mannWhitneyMethod: mannWhitney.method,
            counters: counters, explanation: CounterDeltas.explanation(counters),
            notes: notes(evidence, prior: prior))
    }

    /// A change shown (adjusted p < α) beyond the threshold but within the benchmark's noise floor: INCONCLUSIVE by
    /// the floor's rule, which no number of runs changes (the floor is the between-run spread, not its error), so
    /// not one to measure again (160 runs a side left +2.8% [+1.9%, +3.7%] "need more runs" for ever).
    static func decidedWithinFloor(_ c: BenchmarkComparison, settings: ComparisonSettings) -> Bool {
        guard let p = c.adjustedPValue, p < settings.alpha else { return false }
        let change = abs(log(1 + c.relativeChange))
        return change > log(1 + settings.threshold) && change <= log(1 + c.noiseFloor)
    }

    /// Holm over the run-level p-values of every benchmark with a test, then each verdict.
    static func decide(_ compared: inout [BenchmarkComparison], settings: ComparisonSettings) -> FamilyWiseControl {
        let tested = compared.indices.filter { compared[$0].runLevel != nil }
        let adjusted = Holm.adjust(tested.map { compared[$0].runLevel!.pValue })
        for (index, p) in zip(tested, adjusted) { compared[index].adjustedPValue = p }
        for index in compared.indices {
            var c = compared[index]
            c.equivalenceInterval = c.runLevel.map { RunLevelDecision.equivalenceInterval($0, level: settings.equivalenceLevel) }
            c.verdict = RunLevelDecision.verdict(difference: log(1 + c.relativeChange), adjustedPValue: c.adjustedPValue,
                                                 noiseFloor: c.noiseFloor, alpha: settings.alpha,
                                                 equivalenceInterval: c.equivalenceInterval, threshold: settings.threshold)
            c.needsMoreRuns = c.verdict == .inconclusive && !Self.decidedWithinFloor(c, settings: settings)
            compared[index] = c
        }
        return FamilyWiseControl(
            method: "holm", tests: tested.count, alpha: settings.alpha,
            description: "exit code: Holm-adjusted over \(tested.count) benchmark\(tested.count == 1 ? "" : "s"), "
                + "family-wise α = \(settings.alpha)")
    }

    static func notes(_ evidence: RunLevelDecision.Evidence, prior: PriorSpread?) -> [String] {
        if evidence.test == nil {
            return ["between-run variance unknown: one run per side; merge more runs (make compare does) or record history"]
        }
        var notes = [String]()
        if let prior, evidence.test?.method == .pooled {
            notes.append("between-run spread from history: \(String(format: "%.2f%%", 100 * prior.standardDeviation)) "
                         + "over \(Int(prior.degreesOfFreedom)) degrees of freedom")
        } else if evidence.baseRuns == 1 || evidence.headRuns == 1 {
            notes.append("one run on a side: the between-run spread comes from the other side only")
        }
        return notes
    }

    static func relative(_ logInterval: ConfidenceInterval) -> ConfidenceInterval {
        ConfidenceInterval(lower: exp(logInterval.lower) - 1, upper: exp(logInterval.upper) - 1, level: logInterval.level)
    }

    static func summary(_ compared: [BenchmarkComparison]) -> GeometricMeanSummary {
        let geometric = compared.isEmpty ? nil : Descriptive.geometricMean(compared.map { 1 + $0.relativeChange }) - 1
        func count(_ verdict: Verdict) -> Int { compared.filter { $0.verdict == verdict }.count }
        return GeometricMeanSummary(
            relativeChange: geometric, benchmarks: compared.count, improved: count(.improved),
            regressed: count(.regressed), unchanged: count(.unchanged), inconclusive: count(.inconclusive))
    }

    static func warnings(base: RunResults, head: RunResults, compared: [BenchmarkComparison]) -> [String] {
        var warnings = [String]()
        if compared.isEmpty { warnings.append("no benchmark was compared (none in common, or each left out): nothing decided") }
        for (side, run) in [("base", base), ("head", head)] where !run.complete {
            warnings.append("\(side) run \(run.runID) is incomplete (\(run.incompleteReason ?? "no reason given"))")
        }
        for result in head.benchmarks where base.benchmark(result.id) != nil {
            for (side, run, benchmark) in [("base", base, base.benchmark(result.id)!), ("head", head, result)] {
                let empty = benchmark.samplesByReplicate(runID: run.runID).filter { $0.allSatisfy { !($0.isFinite && $0 > 0) } }.count
                let runs = benchmark.replicateCount
                if empty > 0 && empty < runs {
                    warnings.append("\(result.id): \(empty) of \(runs) \(side) process runs have no positive sample: left out")
                }
            }
        }
        let untested = compared.filter { $0.runLevel == nil }.count
        if untested > 0 {
            warnings.append("between-run variance unknown for \(untested) benchmark\(untested == 1 ? "" : "s") "
                            + "(one run per side, no history): INCONCLUSIVE, not a verdict")
        }
        if let difference = incompatibility(base: base, head: head) { warnings.append(difference) }
        if base.environment.hostname != head.environment.hostname {
            warnings.append("runs come from different hosts (\(base.environment.hostname) vs \(head.environment.hostname)) of one machine class")
        }
        return warnings + codePathChanges(base: base, head: head, compared: compared)
    }

    /// Benchmarks whose recorded code path (`parameters["isa"]`, `["sha256"]`) differs between the sides: their
    /// change is partly the path's (AVX2 against AVX-512, SHA-NI against none), which a reader must know.
    static func codePathChanges(base: RunResults, head: RunResults, compared: [BenchmarkComparison]) -> [String] {
        let ids = Set(compared.map(\.id))
        let baseParameters = Dictionary(base.benchmarks.map { ($0.id, $0.parameters) }) { first, _ in first }
        return CodePathKeys.labelled.map(\.0).compactMap { key in
            let changed = head.benchmarks.filter { ids.contains($0.id) }.compactMap { benchmark -> String? in
                let before = baseParameters[benchmark.id]?[key], after = benchmark.parameters[key]
                return before != after ? "\(benchmark.id) (\(before ?? "none") → \(after ?? "none"))" : nil
            }
            guard let first = changed.first else { return nil }
            let more = changed.count > 1 ? " and \(changed.count - 1) more" : ""
            return "code path '\(key)' differs between the sides for \(first)\(more): the change includes the path's"
        }
    }
}
