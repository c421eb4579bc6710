import Foundation
import Results
import Statistics

/// Decides one budget on process runs, the unit of replication.
///
/// - Two runs or more: the statistic is read in each run; the estimate is the mean of the per-run values on the
///   log scale (times, frame times, drift ratios, memory; plain for shares) and the interval is the Student-t
///   interval over runs (``RunLevel/meanInterval(_:level:prior:minimumSpread:)``, pooled with the history's spread when one is
///   known) at ``intervalLevel`` (``SequentialLooks``: wider than 95% because the gate looks after every process).
///   PASS / FAIL / INCONCLUSIVE as the interval lies under, over or across the limit.
/// - One run: the between-run variance is unknown, so a FAIL is never declared. PASS when the run's own 95%
///   interval clears the limit by 1.645·s on the log scale (a factor e^(1.645·s); for shares by 1.645·s plainly),
///   s the benchmark's between-run spread from history or ``defaultSpread(for:statistic:)``: a single run sits that far on
///   the good side of its build's run-level value in only 5% of runs. Anything else is INCONCLUSIVE until more
///   processes are measured.
/// - Exact counts (allocations) have no noise: one process decides.
/// - Runs the host stole more than `Replicate.disturbingSteal` from are set aside where they could mislead
///   (``StealEffect``), and the rest decide as above (``decideOnQuietRuns(_:result:convert:)``); none left is
///   INCONCLUSIVE, and the gate measures another process.
public struct RunLevelVerdict: Sendable {
    /// The between-run standard deviation assumed when neither the runs nor the history give one: 0.10 on the log
    /// scale (10%) for times, ratios and peak memory, 0.20 for a tail of times (p90 and above, max: the display colormap's
    /// p95 ran 1.58–2.43 ms over four processes, a log spread near 0.2, where 0.10 let a kernel at 1.02× its p95
    /// budget PASS on one process 3–16% of the time in simulation); 0.02 (two percentage points) for shares of frames.
    public static func defaultSpread(for metric: BudgetMetric, statistic: Statistic = .median) -> Double {
        if metric.isShare { return 0.02 }
        // A peak is the one statistic memory has (`max`), and it is no tail of noisy samples: one high-water mark.
        if metric == .peakMemory { return 0.10 }
        return (statistic.percentile ?? 50) >= 90 ? 0.20 : 0.10
    }
    /// One-sided 95% normal quantile: how many between-run standard deviations one run must clear the limit by.
    public static let oneProcessMarginQuantile = 1.645
    /// Level of an interval looked at once: one process's own interval, and the family level of the gate's looks.
    public static let level = 0.95

    public var budget: Budget
    /// The benchmark's between-run spread from history (same machine class), used for `time` budgets on the median
    /// or mean: the history keeps the spread of per-run medians, which says nothing of tails, frame loops, shares or
    /// memory.
    public var prior: PriorSpread?
    /// The level of the interval over two process runs or more (``SequentialLooks/intervalLevel(for:)``).
    public var intervalLevel: Double

    public init(budget: Budget, prior: PriorSpread? = nil, intervalLevel: Double = RunLevelVerdict.level) {
        self.budget = budget
        // The history keeps the spread of per-run medians: a tail's spread is 2–6× wider, so only a median (or a
        // mean, as stable) budget takes it.
        self.prior = budget.metric == .time && (budget.statistic.percentile ?? 50) == 50 ? prior : nil
        self.intervalLevel = intervalLevel
    }

    /// What the rule decided, in the budget's unit.
    public struct Decision: Equatable, Sendable {
        public var outcome: VerdictOutcome
        public var measured: Double
        public var interval: ConfidenceInterval?
        public var evidence: VerdictEvidence
    }

    /// Decides from the pooled reading of the result (``MetricReading``, base unit) and its process runs.
    public func decide(_ reading: MetricReading, result: BenchmarkResult) -> Decision {
        let convert = { budget.unit.convert($0, for: budget.metric) }
        let measured = convert(reading.value)
        let interval = reading.interval.map(inBudgetUnit)
        if budget.metric.isExact {
            // Counted once, in the first process (a merged result keeps its count): no between-run noise to judge.
            let evidence = VerdictEvidence(processes: 1, perRunValues: [measured], runInterval: nil,
                                           betweenRunSpread: nil, spreadSource: nil, basis: .exactCount)
            return Decision(outcome: BudgetEvaluator.outcome(measured: measured, interval: nil, budget: budget),
                            measured: measured, interval: nil, evidence: evidence)
        }
        let runs = PerRunValues.readEach(budget.metric, statistic: budget.statistic, from: result)
        let perRun = runs.compactMap(\.value).map(convert)
        let everyRun = perRun.count >= 2 ? overRuns(perRun, within: runs.filter { $0.value != nil })
            : onlyMeasuredRun(runs, result: result, convert: convert)
                ?? oneProcess(measured: measured, interval: interval, ceiling: reading.ceiling.map(convert))
        switch StealEffect(budget) {
        case .none: return everyRun
        case .onlyTowardFailing where everyRun.outcome == .pass: return everyRun
        case .onlyTowardFailing, .eitherWay:
            return decideOnQuietRuns(runs, result: result, convert: convert) ?? everyRun
        }
    }

    /// A merged result of which one process run measured the statistic (the others measured no time): that run
    /// decides as one process, on its own samples, not on the pooled reading its empty runs pull towards 0.
    private func onlyMeasuredRun(_ runs: [PerRunValues.Run], result: BenchmarkResult, convert: (Double) -> Double) -> Decision? {
        let measured = runs.indices.filter { runs[$0].value != nil }
        guard runs.count > 1, measured.count == 1, let run = result.processRun(at: measured[0], runID: ""),
              case let .success(reading) = MetricReading.read(budget.metric, statistic: budget.statistic, from: run) else { return nil }
        return oneProcess(measured: convert(reading.value), interval: reading.interval.map(inBudgetUnit),
                          ceiling: reading.ceiling.map(convert))
    }

    /// How the host's steal can move a budget's statistic, and so what a stolen run can be trusted to show.
    public enum StealEffect: Equatable, Sendable {
        /// Steal does not move it (memory, exact counts): every run counts.
        case none
        /// Steal only makes it worse (a time or frame time under a limit, a share of frames on time over one): a
        /// PASS with the stolen runs in stands (without them it would pass by more), anything else is decided on the
        /// quiet runs, since the stolen ones cannot tell a slow build from a slow host.
        case onlyTowardFailing
        /// Steal can move it either way (the drift of a loop, whose early or late frames it hits at random; a limit
        /// on the other side): decided on the quiet runs whenever a run was stolen from.
        case eitherWay

        public init(_ budget: Budget) {
            switch budget.metric {
            case .allocations, .custom, .peakMemory: self = .none
            case .drift: self = .eitherWay
            case .time, .frameTime: self = budget.direction == .max ? .onlyTowardFailing : .eitherWay
            case .fpsShare: self = budget.direction == .min ? .onlyTowardFailing : .eitherWay
            }
        }
    }

    /// The decision on the process runs the host stole at most `Replicate.disturbingSteal` from, as if the stolen
    /// ones had not been measured; the gate measures another process while that leaves the budget undecided. Nil
    /// when no run was stolen from (the common rule decides).
    ///
    /// Why: on a shared host another guest's burst lands on some processes and not others. On the model-167 Intel
    /// guest (3 Dec) the display colormap's p95 read 1.13–1.32 ms in its six quiet processes and 1.95–4.81 ms in the
    /// three stolen 14–33% from, an interval of [1.17, 2.45] ms over all nine against a 2 ms limit; a frame loop's
    /// drift scattered 0.21 on the log scale over 20 processes, 0.13 over the 11 quiet ones.
    func decideOnQuietRuns(_ runs: [PerRunValues.Run], result: BenchmarkResult, convert: (Double) -> Double) -> Decision? {
        let measuredRuns = runs.indices.filter { runs[$0].value != nil }
        let quiet = measuredRuns.filter { !runs[$0].stolen }
        let setAside = measuredRuns.count - quiet.count
        guard setAside > 0 else { return nil }
        var decision: Decision
        if quiet.count >= 2 {
            decision = overRuns(quiet.compactMap { runs[$0].value }.map(convert), within: quiet.map { runs[$0] })
        } else if let index = quiet.first, let run = result.processRun(at: index, runID: ""),
                  case let .success(reading) = MetricReading.read(budget.metric, statistic: budget.statistic, from: run) {
            decision = oneProcess(measured: convert(reading.value), interval: reading.interval.map(inBudgetUnit),
                                  ceiling: reading.ceiling.map(convert))
        } else {
            let evidence = VerdictEvidence(processes: 0, perRunValues: [], runInterval: nil, betweenRunSpread: nil,
                                           spreadSource: nil, basis: .allSetAsideForSteal)
            let pooled = measuredRuns.compactMap { runs[$0].value }.map(convert)
            decision = Decision(outcome: .inconclusive, measured: pooled.isEmpty ? 0 : Descriptive.median(pooled),
                                interval: nil, evidence: evidence)
        }
        decision.evidence.setAsideForSteal = setAside
        return decision
    }

    /// Two runs or more: the t interval over per-run values decides.
    func overRuns(_ values: [Double], within runs: [PerRunValues.Run] = []) -> Decision {
        let logScale = !budget.metric.isShare && values.allSatisfy { $0 > 0 && $0.isFinite }
        let scaled = logScale ? values.map { Foundation.log($0) } : values
        let back: (Double) -> Double = logScale ? { Foundation.exp($0) } : { $0 }
        let spread = RunLevel.Spread(scaled)
        // A share's own binomial error, root mean square over the runs, in the budget's unit (logScale is never a share).
        let errors = runs.compactMap(\.withinRunStandardError)
        let floor = errors.isEmpty ? nil
            : (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot() * (budget.metric.isShare ? allFrames : 1)
        // n ≥ 2 always gives an interval (n − 1 degrees of freedom).
        let onScale = RunLevel.meanInterval(scaled, level: intervalLevel, prior: prior, minimumSpread: floor)!
        var interval = ConfidenceInterval(lower: back(onScale.lower), upper: back(onScale.upper), level: intervalLevel)
        if budget.metric.isShare {  // a share is in [0, all frames], and so is any interval of it (1, or 100 in percent)
            interval = ConfidenceInterval(lower: max(0, interval.lower), upper: min(allFrames, interval.upper), level: intervalLevel)
        }
        let measured = back(spread.mean)
        var evidence = VerdictEvidence(
            processes: values.count, perRunValues: values, runInterval: interval,
            betweenRunSpread: RunLevel.pooledStandardDeviation([spread], prior: prior), spreadSource: prior == nil ? .runs : .runsAndHistory,
            basis: .runLevelInterval)
        var outcome = BudgetEvaluator.outcome(measured: measured, interval: interval, budget: budget)
        if let needed = tooFewValuesPerRun(runs), outcome == (budget.direction == .max ? .pass : .fail) {
            // Each run's tail is then its largest value, below the quantile more often than not: the values lean
            // towards the budget's good side, so only a verdict on the other side holds.
            outcome = .inconclusive
            evidence.valuesPerRunNeeded = needed
        }
        return Decision(outcome: outcome, measured: measured, interval: interval, evidence: evidence)
    }

    /// The values per run a tail statistic needs (``Statistics/Percentile/medianUnbiasedMinimumCount(_:)``), when a
    /// run has fewer; nil when each has enough or the statistic is no percentile of samples.
    func tooFewValuesPerRun(_ runs: [PerRunValues.Run]) -> Int? {
        guard let q = budget.statistic.percentile, q > 50, q < 100,
              let needed = Percentile.medianUnbiasedMinimumCount(q) else { return nil }
        return runs.contains { ($0.valueCount ?? needed) < needed } ? needed : nil
    }

    /// An interval read in base units (ms, ratio, share), in the budget's unit.
    private func inBudgetUnit(_ interval: ConfidenceInterval) -> ConfidenceInterval {
        ConfidenceInterval(lower: budget.unit.convert(interval.lower, for: budget.metric),
                           upper: budget.unit.convert(interval.upper, for: budget.metric), level: interval.level)
    }

    /// A whole share of frames in the budget's unit: 1 as a ratio, 100 in percent.
    private var allFrames: Double { budget.unit.convert(1, for: budget.metric) }

    /// One run: a clear PASS, or INCONCLUSIVE (never FAIL). A tail statistic with no interval is cleared by its
    /// `ceiling` (the largest value measured, ``MetricReading/ceiling``), not its point estimate.
    func oneProcess(measured: Double, interval: ConfidenceInterval?, ceiling: Double? = nil) -> Decision {
        let spread = prior?.standardDeviation ?? Self.defaultSpread(for: budget.metric, statistic: budget.statistic)
        // A share's spread is a fraction of all frames (0.02): in points of the budget's unit (2 in percent).
        let margin = Self.oneProcessMarginQuantile * spread * (budget.metric.isShare ? allFrames : 1)
        let lower = interval?.lower ?? measured, upper = interval?.upper ?? Swift.max(measured, ceiling ?? measured)
        let clear: Bool
        switch (budget.direction, budget.metric.isShare) {
        case (.max, false): clear = upper * Foundation.exp(margin) < budget.limit
        case (.min, false): clear = lower * Foundation.exp(-margin) > budget.limit
        case (.max, true): clear = upper + margin < budget.limit
        case (.min, true): clear = lower - margin > budget.limit
        }
        var runInterval: ConfidenceInterval?
        if let prior, measured > 0, let onScale = RunLevel.meanInterval([Foundation.log(measured)], level: Self.level, prior: prior) {
            runInterval = ConfidenceInterval(lower: Foundation.exp(onScale.lower), upper: Foundation.exp(onScale.upper), level: Self.level)
        }
        let evidence = VerdictEvidence(
            processes: 1, perRunValues: [measured], runInterval: runInterval, betweenRunSpread: spread,
            spreadSource: prior == nil ? .assumedDefault : .history,
            basis: clear ? .oneProcessClearPass : .oneProcessUndecided,
            judgedOnLargest: interval == nil && budget.direction == .max ? ceiling : nil)
        return Decision(outcome: clear ? .pass : .inconclusive, measured: measured, interval: interval, evidence: evidence)
    }
}

/// A budget's statistic read in each process run of a result (base units: ns, ms of frame time, bytes, ratio).
public enum PerRunValues {
    /// One process run's value of the statistic (nil when the run did not measure it) and whether the host stole
    /// more than `Replicate.disturbingSteal` from it.
    public struct Run: Equatable, Sendable {
        public var value: Double?
        public var stolen: Bool
        /// The value's own sampling error, where the run says it: a share of frames' binomial standard error
        /// (Agresti–Coull, never 0), the least spread runs of one build can show (``RunLevel/meanInterval(_:level:prior:minimumSpread:)``).
        public var withinRunStandardError: Double? = nil
        /// How many values the run's statistic was read from (samples, frames); nil where it is no statistic of
        /// samples (memory, shares, drift).
        public var valueCount: Int? = nil
    }

    /// Every replicate, in run order, with its value and its steal; empty for exact values (allocations, custom
    /// metrics: the first run's).
    public static func readEach(_ metric: BudgetMetric, statistic: Statistic, from result: BenchmarkResult) -> [Run] {
        let replicates = result.replicates(runID: "")
        let values: [Double?]
        var counts: [Int?] = replicates.map { _ in nil }
        switch metric {
        case .allocations, .custom:
            return []
        case .time:
            let slices = result.samplesByReplicate(runID: "")
            // A run with no sample above 0 measured no time (see MetricReading): left out, not averaged in as 0 ns.
            values = slices.map { $0.contains { $0 > 0 } ? value(of: statistic, in: $0) : nil }
            counts = slices.map(\.count)
        case .peakMemory:
            values = replicates.map { $0.peakResidentBytes.map(Double.init) }
        case .frameTime:
            // The frames' own times (the samples, ns) where each run's slice holds them, for the estimator below;
            // else the run's stored summary.
            let slices = result.samplesByReplicate(runID: "")
            let framesKept = slices.count == replicates.count
                && zip(slices, replicates).allSatisfy { $0.count == $1.frameLoop?.frameTimesMilliseconds.count }
            values = framesKept ? slices.map { value(of: statistic, in: $0).map { $0 / 1e6 } }
                : replicates.map { $0.frameLoop?.frameTime.value(of: statistic) }.map { $0?.isFinite == true ? $0 : nil }
            if framesKept { counts = slices.map(\.count) }
        case .fpsShare:
            values = replicates.map { $0.frameLoop?.judgeableShare }
        case .drift:
            values = replicates.map { $0.frameLoop?.judgeableDrift }
        }
        return zip(zip(values, counts), replicates).map { valueAndCount, replicate in
            let (value, count) = valueAndCount
            // A drift whose steal was read per block has its stolen blocks out of the fit already: only one stolen
            // through most of its blocks is disturbed. Otherwise the process's steal decides.
            let perBlock = metric == .drift ? replicate.frameLoop?.driftWasDisturbed : nil
            let error = metric == .fpsShare ? replicate.frameLoop.flatMap { shareError($0.shareOnRate ?? $0.shareAtOrAbove57FPS, intervals: $0.shareTrials) } : nil
            return Run(value: value, stolen: perBlock ?? replicate.hostWasDisturbed, withinRunStandardError: error,
                       valueCount: count)
        }
    }

    /// The binomial standard error of a share of `intervals` (Agresti–Coull: two successes and two failures added,
    /// so a share of 0 or 1 still has one); nil without an interval.
    static func shareError(_ share: Double, intervals: Double) -> Double? {
        guard intervals > 0, share.isFinite else { return nil }
        let n = intervals + 4, p = (share * intervals + 2) / n
        return (p * (1 - p) / n).squareRoot()
    }

    /// A statistic of one run's samples; nil for an empty run. A percentile is read by the median-unbiased
    /// definition (``Statistics/Percentile/medianUnbiasedOfSorted(_:_:)``), not ``SampleSummary``'s: the interval
    /// over runs averages these values, and type 7's p95 of each run's 20 values sat near the p90.5, so a build whose
    /// p95 was at its limit PASSed 11 of 40 sequential gates (audit, 7 Dec; in simulation 4–34% of gates, 1.5–2.5%
    /// with this definition at 20 values or more).
    public static func value(of statistic: Statistic, in samples: ArraySlice<Double>) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        switch statistic {
        case .mean, .min, .max, .median, .p50: return statistic.of(sorted: sorted)  // a median is the middle either way
        default: return Percentile.medianUnbiasedOfSorted(sorted, statistic.percentile!)
        }
    }
}

extension BudgetMetric {
    /// Shares of frames live in [0, 1]: averaged and given margins on the plain scale, not the log scale.
    public var isShare: Bool { self == .fpsShare }
}
