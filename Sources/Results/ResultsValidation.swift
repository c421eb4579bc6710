import Foundation
import Statistics

/// A decoded results document that breaks a rule the rest of FrameBudget relies on: one field, one problem,
/// e.g. `benchmarks[3].replicates[0].sampleCount` and `-5 is negative`.
public struct ResultsValidationError: Error, Equatable, CustomStringConvertible {
    /// The field as a path from the top of the document: `benchmarks[3].replicates[0].sampleCount`.
    public var field: String
    /// What is wrong with it, in words.
    public var problem: String

    public init(field: String, problem: String) {
        self.field = field
        self.problem = problem
    }

    public var description: String { "\(field): \(problem)" }
}

extension RunResults {
    /// No sample (ns per iteration: 32 years) or counter (events per iteration) is larger: beyond it is no
    /// measurement, and the sums a merge takes over samples and runs (pooled mean and variance, averaged counters)
    /// would overflow.
    public static let largestMeasurement = 1e18

    /// Checks what the decoder accepts but every reader of a run assumes: finite numbers, counts that are not
    /// negative, replicates that tile the samples (in order, inside the array, each process run once), at least one
    /// sample per benchmark, each benchmark once. ``ResultsFile`` runs it on every file it reads, so a report, gate,
    /// comparison, merge or history record never sees a run that breaks these rules.
    ///
    /// The rules are those of `Schemas/results.schema.json`, plus the ones a JSON schema cannot say (unique ids,
    /// replicate ranges, a summary that counts the samples it summarizes).
    /// - Throws: the first field that breaks a rule, in document order.
    public func validate() throws(ResultsValidationError) {
        var check = FieldCheck()
        check.nonEmpty(runID, "runID")
        if let finishedAt, finishedAt < startedAt {
            check.fail("finishedAt", "\(ISO8601DateFormatter().string(from: finishedAt)) is before startedAt "
                       + "\(ISO8601DateFormatter().string(from: startedAt))")
        }
        // A signal that interrupted a complete run is a contradiction no writer makes: a gate read it as its own
        // interruption and exited 130 in silence.
        if complete, let signal = interruptingSignal {
            check.fail("interruptingSignal", "\(signal.rawValue) interrupted a run that says it is complete (complete: true)")
        }
        check.environment(environment, "environment")
        check.settings(settings, "settings")
        if let roofs { check.roofs(roofs, "roofs") }
        var firstIndex: [String: Int] = [:]
        for (index, result) in benchmarks.enumerated() {
            let path = "benchmarks[\(index)]"
            if let earlier = firstIndex[result.id] {
                check.fail("\(path).id", "'\(result.id)' repeats benchmarks[\(earlier)]: each benchmark appears once in a run")
            }
            firstIndex[result.id] = firstIndex[result.id] ?? index
            check.benchmark(result, path)
        }
        if let hostSteal { check.fraction(hostSteal, "hostSteal") }
        if let pairedChange { check.pairedChange(pairedChange, "pairedChange") }
        if let error = check.error { throw error }
    }
}

/// Collects the first broken rule; later checks are skipped once one failed, so the message names the first field in
/// document order and no check runs on a value an earlier rule already refused.
private struct FieldCheck {
    var error: ResultsValidationError?

    var ok: Bool { error == nil }

    mutating func fail(_ field: String, _ problem: String) {
        if error == nil { error = ResultsValidationError(field: field, problem: problem) }
    }

    // MARK: - Scalars

    mutating func nonEmpty(_ text: String, _ field: String) {
        if ok && text.isEmpty { fail(field, "is empty") }
    }

    mutating func finite(_ value: Double, _ field: String) {
        if ok && !value.isFinite { fail(field, "\(value) is not a finite number") }
    }

    mutating func nonNegative(_ value: Double, _ field: String) {
        finite(value, field)
        if ok && value < 0 { fail(field, "\(value) is negative") }
    }

    mutating func positive(_ value: Double, _ field: String) {
        finite(value, field)
        if ok && !(value > 0) { fail(field, "\(value) is not positive") }
    }

    /// A measured time or count that merges sum over samples and runs.
    mutating func measurement(_ value: Double, _ field: String) {
        finite(value, field)
        if ok && value < 0 { fail(field, "\(value) is negative") }
        if ok && value > RunResults.largestMeasurement {
            fail(field, "\(value) is more than \(RunResults.largestMeasurement), beyond any measurement")
        }
    }

    mutating func fraction(_ value: Double, _ field: String) {
        finite(value, field)
        if ok && !(0...1).contains(value) { fail(field, "\(value) is outside 0...1") }
    }

    mutating func nonNegative(_ value: Int, _ field: String) {
        if ok && value < 0 { fail(field, "\(value) is negative") }
    }

    mutating func atLeastOne(_ value: Int, _ field: String) {
        if ok && value < 1 { fail(field, "\(value) is less than 1") }
    }

    /// A nightly's paired change: a report shows a regression only for a verdict it knows (`REGRESSED` read as none).
    mutating func pairedChange(_ summary: PairedChangeSummary, _ path: String) {
        for (index, entry) in summary.benchmarks.enumerated() {
            let field = "\(path).benchmarks[\(index)]"
            nonEmpty(entry.id, "\(field).id")
            finite(entry.relativeChange, "\(field).relativeChange")
            if let lower = entry.lower { finite(lower, "\(field).lower") }
            if let upper = entry.upper { finite(upper, "\(field).upper") }
            if ok, (entry.lower == nil) != (entry.upper == nil) {
                fail("\(field).\(entry.lower == nil ? "lower" : "upper")", "is absent while its other bound is given")
            }
            if ok, let lower = entry.lower, let upper = entry.upper, lower > upper {
                fail("\(field).lower", "\(lower) is above upper (\(upper))")
            }
            if let level = entry.level {
                finite(level, "\(field).level")
                if ok && !(level > 0 && level < 1) { fail("\(field).level", "\(level) is outside (0, 1)") }
            }
            nonNegative(entry.pairs, "\(field).pairs")
            oneOf(entry.verdict, PairedChangeSummary.verdicts, "\(field).verdict")
        }
        for (index, steal) in (summary.pairHostSteal ?? []).enumerated() { fraction(steal, "\(path).pairHostSteal[\(index)]") }
    }

    mutating func oneOf(_ value: String, _ allowed: [String], _ field: String) {
        if ok && !allowed.contains(value) {
            fail(field, "'\(value)' is none of \(allowed.map { "'\($0)'" }.joined(separator: ", "))")
        }
    }

    // MARK: - Run

    mutating func environment(_ environment: EnvironmentInfo, _ path: String) {
        atLeastOne(environment.logicalCores, "\(path).logicalCores")
        oneOf(environment.buildConfiguration, ["debug", "release"], "\(path).buildConfiguration")
        if let digest = environment.executableDigest, ok,
           !(digest.utf8.count == 64 && digest.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }) {
            fail("\(path).executableDigest", "'\(digest)' is not a SHA-256 in 64 lowercase hex digits")
        }
        if ok && environment.loadAverage.count > 3 {
            fail("\(path).loadAverage", "holds \(environment.loadAverage.count) values (at most 3: 1, 5 and 15 minutes)")
        }
        for (index, load) in environment.loadAverage.enumerated() { finite(load, "\(path).loadAverage[\(index)]") }
        finite(environment.clock.resolutionNanoseconds, "\(path).clock.resolutionNanoseconds")
        finite(environment.clock.granularityNanoseconds, "\(path).clock.granularityNanoseconds")
        finite(environment.clock.overheadNanoseconds, "\(path).clock.overheadNanoseconds")
    }

    mutating func settings(_ settings: RunSettings, _ path: String) {
        atLeastOne(settings.samples, "\(path).samples")
        nonNegative(settings.targetSampleNanoseconds, "\(path).targetSampleNanoseconds")
        nonNegative(settings.warmupNanoseconds, "\(path).warmupNanoseconds")
        if let cpu = settings.pinnedCPU { nonNegative(cpu, "\(path).pinnedCPU") }
        // The gate's own range: the cap sets how many looks a boundary is computed over (a billion would hang the
        // reader, Int.max overflow it).
        if let cap = settings.gateMaxProcesses, !(1...1000).contains(cap) {
            fail("\(path).gateMaxProcesses", "\(cap) is not a process cap (1…1000, as gate --max-processes)")
        }
    }

    mutating func roofs(_ roofs: MachineRoofs, _ path: String) {
        nonNegative(roofs.cacheBandwidthGBps, "\(path).cacheBandwidthGBps")
        nonNegative(roofs.memoryBandwidthGBps, "\(path).memoryBandwidthGBps")
        nonNegative(roofs.sgemmGFLOPS, "\(path).sgemmGFLOPS")
        for (index, level) in (roofs.cacheLevels ?? []).enumerated() {
            atLeastOne(level.bytes, "\(path).cacheLevels[\(index)].bytes")
            atLeastOne(level.sharedByCPUs, "\(path).cacheLevels[\(index)].sharedByCPUs")
        }
        for (index, roof) in (roofs.bandwidths ?? []).enumerated() {
            let field = "\(path).bandwidths[\(index)]"
            atLeastOne(roof.threads, "\(field).threads")
            oneOf(roof.kind, ["copy", "read", "write", "write-nt"], "\(field).kind")
            atLeastOne(roof.workingSetBytes, "\(field).workingSetBytes")
            positive(roof.gigabytesPerSecond, "\(field).gigabytesPerSecond")
        }
        for (index, roof) in (roofs.computePeaks ?? []).enumerated() {
            atLeastOne(roof.threads, "\(path).computePeaks[\(index)].threads")
            positive(roof.gigaflopsPerSecond, "\(path).computePeaks[\(index)].gigaflopsPerSecond")
        }
    }

    // MARK: - Benchmark

    mutating func benchmark(_ result: BenchmarkResult, _ path: String) {
        // The schema's id pattern and the command line refuse a '/' in any part: so does the loader.
        for (part, name) in [(result.hotPath, "hotPath"), (result.variant, "variant"), (result.workload, "workload")] where ok {
            nonEmpty(part, "\(path).\(name)")
            if ok && part.contains("/") { fail("\(path).\(name)", "'\(part)' holds a '/' (ids are hot-path/variant/workload)") }
        }
        if ok, (try? BenchmarkID(parsing: result.id)) != result.benchmarkID {
            fail("\(path).id", "'\(result.id)' is not its hotPath/variant/workload ('\(result.benchmarkID)')")
        }
        if let size = result.sweepSize { finite(size, "\(path).sweepSize") }
        atLeastOne(result.threads, "\(path).threads")
        atLeastOne(result.iterationsPerSample, "\(path).iterationsPerSample")
        if ok && result.samplesNanoseconds.isEmpty { fail("\(path).samplesNanoseconds", "is empty: a benchmark has at least one sample") }
        for (index, sample) in result.samplesNanoseconds.enumerated() where ok {
            measurement(sample, "\(path).samplesNanoseconds[\(index)]")
        }
        summary(result.statistics, of: result.samplesNanoseconds.count, "\(path).statistics")
        nonNegative(result.allocations.perIteration, "\(path).allocations.perIteration")
        nonNegative(result.allocations.bytesPerIteration, "\(path).allocations.bytesPerIteration")
        // A pass that did not run (counting compiled out, or the run stopped before it) counted over 0 iterations.
        if result.allocations.counted {
            atLeastOne(result.allocations.iterations, "\(path).allocations.iterations")
        } else {
            nonNegative(result.allocations.iterations, "\(path).allocations.iterations")
        }
        if let bytes = result.peakResidentBytes { nonNegative(bytes, "\(path).peakResidentBytes") }
        counters(result.counters, "\(path).counters")
        if let throughput = result.throughput { self.throughput(throughput, "\(path).throughput") }
        for (name, value) in (result.metrics ?? [:]).sorted(by: { $0.key < $1.key }) where ok {
            nonEmpty(name, "\(path).metrics")
            finite(value, "\(path).metrics.\(name)")
        }
        for (index, stage) in (result.stages ?? []).enumerated() {
            let field = "\(path).stages[\(index)]"
            summary(stage.statistics, of: nil, "\(field).statistics")
            fraction(stage.share, "\(field).share")
            counters(stage.counters, "\(field).counters")
        }
        if let frameLoop = result.frameLoop { self.frameLoop(frameLoop, "\(path).frameLoop") }
        if let seconds = result.measurementSeconds { nonNegative(seconds, "\(path).measurementSeconds") }
        if let steal = result.hostSteal { fraction(steal, "\(path).hostSteal") }
        if let replicates = result.replicates { self.replicates(replicates, samples: result.samplesNanoseconds.count, "\(path).replicates") }
        // Last: a file whose structure is wrong is told that first.
        agrees(result.statistics, with: result.samplesNanoseconds, "\(path).statistics")
    }

    /// Replicates tile the samples: the first starts at sample 0, each starts where the one before ended, the last
    /// ends at the last sample, none is empty, and each process run appears once.
    mutating func replicates(_ replicates: [Replicate], samples: Int, _ path: String) {
        if ok && replicates.isEmpty { fail(path, "is empty: a merged result has at least one replicate (leave the field out for a single run)") }
        var next = 0
        var firstIndex: [String: Int] = [:]
        for (index, replicate) in replicates.enumerated() where ok {
            let field = "\(path)[\(index)]"
            nonEmpty(replicate.runID, "\(field).runID")
            if ok, let earlier = firstIndex[replicate.runID] {
                fail("\(field).runID", "'\(replicate.runID)' repeats replicates[\(earlier)]: a process run counts once")
            }
            firstIndex[replicate.runID] = firstIndex[replicate.runID] ?? index
            nonNegative(replicate.firstSample, "\(field).firstSample")
            nonNegative(replicate.sampleCount, "\(field).sampleCount")
            if ok && replicate.firstSample != next {
                fail("\(field).firstSample", index == 0
                    ? "\(replicate.firstSample) is not 0: the first replicate starts at the first sample"
                    : "\(replicate.firstSample) is not \(next), where replicates[\(index - 1)] ends")
            }
            if ok && replicate.sampleCount == 0 { fail("\(field).sampleCount", "is 0: a replicate has at least one sample") }
            if ok && replicate.sampleCount > samples - next {
                fail("\(field).sampleCount", "\(replicate.sampleCount) from sample \(next) runs past the \(samples) samples")
            }
            if ok { next += replicate.sampleCount }
            counters(replicate.counters, "\(field).counters")
            if let bytes = replicate.peakResidentBytes { nonNegative(bytes, "\(field).peakResidentBytes") }
            if let frameLoop = replicate.frameLoop { self.frameLoop(frameLoop, "\(field).frameLoop") }
            if let steal = replicate.hostSteal { fraction(steal, "\(field).hostSteal") }
            if let iterations = replicate.iterationsPerSample { atLeastOne(iterations, "\(field).iterationsPerSample") }
            if let seconds = replicate.measurementSeconds { nonNegative(seconds, "\(field).measurementSeconds") }
        }
        if ok && !replicates.isEmpty && next != samples {
            fail(path, "cover \(next) of the \(samples) samples: every sample belongs to one replicate")
        }
    }

    mutating func counters(_ counters: [CounterReading], _ path: String) {
        for (index, counter) in counters.enumerated() where ok {
            let field = "\(path)[\(index)]"
            nonEmpty(counter.name, "\(field).name")
            switch (counter.source, counter.perIteration) {
            case (.unavailable, .some):
                fail("\(field).perIteration", "an unavailable counter has no value (its note says why)")
            case (.unavailable, .none):
                if ok && counter.note == nil { fail("\(field).note", "an unavailable counter says why it is unavailable") }
            case (_, .none):
                fail("\(field).perIteration", "missing: a \(counter.source.rawValue) counter has a value")
            case let (_, .some(value)):
                finite(value, "\(field).perIteration")
                if ok && abs(value) > RunResults.largestMeasurement {
                    fail("\(field).perIteration", "\(value) is more than \(RunResults.largestMeasurement) in size, beyond any measurement")
                }
            }
        }
    }

    mutating func throughput(_ throughput: Throughput, _ path: String) {
        let values: [(Double?, String)] = [
            (throughput.bytesPerIteration, "bytesPerIteration"), (throughput.flopsPerIteration, "flopsPerIteration"),
            (throughput.gigabytesPerSecond, "gigabytesPerSecond"), (throughput.gigaflopsPerSecond, "gigaflopsPerSecond"),
            (throughput.percentOfMemoryRoof, "percentOfMemoryRoof"), (throughput.percentOfComputeRoof, "percentOfComputeRoof"),
            (throughput.percentOfCacheRoof, "percentOfCacheRoof"), (throughput.arithmeticIntensity, "arithmeticIntensity"),
            (throughput.itemsPerIteration, "itemsPerIteration"), (throughput.itemsPerSecond, "itemsPerSecond"),
        ]
        // Work and rates: a negative one is no measurement (it read as a bandwidth in the roofs table).
        for case let (value?, name) in values { nonNegative(value, "\(path).\(name)") }
        if let bytes = throughput.workingSetBytes { nonNegative(bytes, "\(path).workingSetBytes") }
        if let threads = throughput.roofThreads { atLeastOne(threads, "\(path).roofThreads") }
        if let roof = throughput.roofGigabytesPerSecond { positive(roof, "\(path).roofGigabytesPerSecond") }
        if let roof = throughput.roofGigaflopsPerSecond { positive(roof, "\(path).roofGigaflopsPerSecond") }
    }

    mutating func frameLoop(_ loop: FrameLoopSummary, _ path: String) {
        positive(loop.cadenceMilliseconds, "\(path).cadenceMilliseconds")
        oneOf(loop.mode, ["realtime", "simulated"], "\(path).mode")
        nonNegative(loop.framesOffered, "\(path).framesOffered")
        nonNegative(loop.framesProcessed, "\(path).framesProcessed")
        nonNegative(loop.framesDropped, "\(path).framesDropped")
        nonNegative(loop.deadlineMisses, "\(path).deadlineMisses")
        summary(loop.frameTime, of: nil, "\(path).frameTime")
        summary(loop.callbackLatency, of: nil, "\(path).callbackLatency")
        nonNegative(loop.effectiveFPS, "\(path).effectiveFPS")
        fraction(loop.shareAtOrAbove57FPS, "\(path).shareAtOrAbove57FPS")
        nonNegative(loop.driftRatio, "\(path).driftRatio")
        for (index, time) in loop.frameTimesMilliseconds.enumerated() where ok {
            nonNegative(time, "\(path).frameTimesMilliseconds[\(index)]")
        }
        if let processing = loop.processingTime { summary(processing, of: nil, "\(path).processingTime") }
        if let share = loop.shareOnRate { fraction(share, "\(path).shareOnRate") }
        if let capacity = loop.queueCapacity { nonNegative(capacity, "\(path).queueCapacity") }
        if let peak = loop.peakWaitingFrames { nonNegative(peak, "\(path).peakWaitingFrames") }
        if let interval = loop.driftInterval { self.interval(interval, "\(path).driftInterval") }
        if let stolen = loop.driftBlocksStolen { nonNegative(stolen, "\(path).driftBlocksStolen") }
        if let dropped = loop.droppedFrames { droppedFrames(dropped, of: loop, "\(path).droppedFrames") }
        if let effective = loop.shareEffectiveIntervals {
            nonNegative(effective, "\(path).shareEffectiveIntervals")
            // One trial per offered frame after the first: a dropped frame is a trial (not on rate) since 7 Dec 2026.
            if ok && effective > Double(max(0, loop.framesOffered - 1)) {
                fail("\(path).shareEffectiveIntervals", "\(effective) is more than the \(max(0, loop.framesOffered - 1)) frames offered after the first")
            }
        }
    }

    /// Offered-frame indexes, increasing, one per dropped frame: what places each processed frame on the timeline.
    mutating func droppedFrames(_ dropped: [Int], of loop: FrameLoopSummary, _ path: String) {
        guard dropped.count == loop.framesDropped else {
            return fail(path, "\(dropped.count) indexes for \(loop.framesDropped) dropped frames (framesDropped)")
        }
        var previous = -1
        for (index, frame) in dropped.enumerated() {
            guard frame > previous, frame < loop.framesOffered else {
                return fail("\(path)[\(index)]", "\(frame) is not an offered frame after \(previous) (0..<\(loop.framesOffered), increasing)")
            }
            previous = frame
        }
    }

    // MARK: - Statistics

    /// A summary of at least one value (of exactly `count` when it summarizes known samples), with finite figures
    /// and outlier counts that fit in it.
    mutating func summary(_ summary: SampleSummary, of count: Int?, _ path: String) {
        atLeastOne(summary.count, "\(path).count")
        if ok, let count, summary.count != count {
            fail("\(path).count", "\(summary.count) is not the \(count) samples it summarizes")
        }
        let figures: [(Double, String)] = [
            (summary.min, "min"), (summary.max, "max"), (summary.mean, "mean"),
            (summary.coefficientOfVariation, "coefficientOfVariation"), (summary.median, "median"), (summary.p50, "p50"),
            (summary.p90, "p90"), (summary.p95, "p95"), (summary.p99, "p99"), (summary.p999, "p999"),
        ]
        for (value, name) in figures { finite(value, "\(path).\(name)") }
        nonNegative(summary.coefficientOfVariation, "\(path).coefficientOfVariation")
        nonNegative(summary.standardDeviation, "\(path).standardDeviation")
        nonNegative(summary.medianAbsoluteDeviation, "\(path).medianAbsoluteDeviation")
        for key in summary.intervals.keys.sorted() { interval(summary.intervals[key]!, "\(path).intervals.\(key)") }
        order(summary, path)
        let outliers = summary.outliers
        let counts = [(outliers.lowSevere, "lowSevere"), (outliers.lowMild, "lowMild"), (outliers.highMild, "highMild"),
                      (outliers.highSevere, "highSevere")]
        var total = 0
        for (value, name) in counts where ok {
            nonNegative(value, "\(path).outliers.\(name)")
            if ok && value > summary.count - total {
                fail("\(path).outliers.\(name)", "\(value) outliers more than the \(summary.count) values hold")
            }
            if ok { total += value }
        }
        if ok && outliers.fences.count != 4 {
            fail("\(path).outliers.fences", "holds \(outliers.fences.count) values, not 4 (low severe, low mild, high mild, high severe)")
        }
        for (index, fence) in outliers.fences.enumerated() { finite(fence, "\(path).outliers.fences[\(index)]") }
    }

    /// What holds of every summary of times, whatever its samples: min ≥ 0; the percentiles in order; every
    /// statistic and every interval bound (a bootstrap of statistics of resamples) between min and max; intervals
    /// with lower ≤ upper. The gate reads these figures, not the samples: a p95 above the max would pass as its
    /// interval says. (Rounding of the interpolation and the mean is allowed for, a relative 1e-9.)
    mutating func order(_ summary: SampleSummary, _ path: String) {
        guard ok else { return }
        measurement(summary.min, "\(path).min")
        measurement(summary.max, "\(path).max")
        let slack = 1e-9 * Swift.max(abs(summary.max), 1)
        func notBelow(_ value: Double, _ floor: Double, _ field: String, _ what: String) {
            if ok && value < floor - slack { fail(field, "\(value) is below \(what) (\(floor))") }
        }
        func notAbove(_ value: Double, _ ceiling: Double, _ field: String, _ what: String) {
            if ok && value > ceiling + slack { fail(field, "\(value) is above \(what) (\(ceiling))") }
        }
        notBelow(summary.max, summary.min, "\(path).max", "the min")
        let percentiles = [(summary.p50, "p50"), (summary.p90, "p90"), (summary.p95, "p95"), (summary.p99, "p99"),
                           (summary.p999, "p999")]
        for (value, name) in [(summary.median, "median"), (summary.mean, "mean")] + percentiles {
            notBelow(value, summary.min, "\(path).\(name)", "the min")
            notAbove(value, summary.max, "\(path).\(name)", "the max")
        }
        for (lower, higher) in zip(percentiles, percentiles.dropFirst()) {
            notBelow(higher.0, lower.0, "\(path).\(higher.1)", "the \(lower.1)")
        }
        for key in summary.intervals.keys.sorted() {
            let interval = summary.intervals[key]!, field = "\(path).intervals.\(key)"
            notBelow(interval.upper, interval.lower, "\(field).upper", "its lower bound")
            notBelow(interval.lower, summary.min, "\(field).lower", "the min")
            notAbove(interval.upper, summary.max, "\(field).upper", "the max")
        }
    }

    /// A summary beside its samples is the summary of those samples: its min, max, mean and percentiles are what
    /// they give (a relative 1e-9 allowed). The gate and the reports read the summary, `compare` and the merges
    /// the samples: an edited or mis-merged file would have them tell two stories. (The bootstrap intervals are
    /// not recomputed: order() keeps them between the min and the max.)
    mutating func agrees(_ summary: SampleSummary, with samples: [Double], _ path: String) {
        guard ok, !samples.isEmpty else { return }
        let sorted = samples.sorted()
        let expected: [(Double, Double, String)] = [
            (summary.min, sorted[0], "min"), (summary.max, sorted[sorted.count - 1], "max"),
            (summary.mean, Descriptive.mean(sorted), "mean"), (summary.median, Percentile.ofSorted(sorted, 50), "median"),
            (summary.p50, Percentile.ofSorted(sorted, 50), "p50"), (summary.p90, Percentile.ofSorted(sorted, 90), "p90"),
            (summary.p95, Percentile.ofSorted(sorted, 95), "p95"), (summary.p99, Percentile.ofSorted(sorted, 99), "p99"),
            (summary.p999, Percentile.ofSorted(sorted, 99.9), "p999"),
        ]
        for (value, computed, name) in expected where ok && abs(value - computed) > 1e-9 * Swift.max(abs(computed), 1) {
            fail("\(path).\(name)", "\(value) is not the \(name) of samplesNanoseconds (\(computed)): the summary is not of these samples")
        }
    }

    mutating func interval(_ interval: ConfidenceInterval, _ path: String) {
        finite(interval.lower, "\(path).lower")
        finite(interval.upper, "\(path).upper")
        finite(interval.level, "\(path).level")
        if ok && !(interval.level > 0 && interval.level < 1) { fail("\(path).level", "\(interval.level) is outside (0, 1)") }
    }
}
