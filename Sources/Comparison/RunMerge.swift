import Foundation
import Results
import Statistics

/// Why runs cannot be merged into one side.
public enum RunMergeError: Error, CustomStringConvertible, Equatable {
    case noRuns
    /// Two runs were measured by different builds (executables, configurations or Swift versions).
    case differentBuilds(first: String, other: String, field: String, values: (String, String))
    /// A run records neither its executable's digest nor its commit: nothing says it is the others' build.
    case unknownBuild(file: String)
    /// Two runs were measured with different settings.
    case differentSettings(first: String, other: String, field: String, values: (String, String))
    /// Two files hold a process run of the same run id with different samples: two runs under one name, which no
    /// merge can tell apart as replicates.
    case conflictingRun(runID: String, benchmark: String, first: String, other: String)
    /// A process run whose samples of a benchmark are another run's, sample for sample, under another run id: a copy,
    /// which would count as a second replicate with no spread between them.
    case copiedRun(runID: String, copyOf: String, benchmark: String, first: String, other: String)

    public var description: String {
        switch self {
        case .noRuns: return "merge needs at least one results file"
        case let .differentBuilds(first, other, field, values):
            return "\(other): measured by a different build than \(first) (\(field) \(values.1) vs \(values.0)); "
                + "runs of different builds are not one side of a comparison"
        case let .unknownBuild(file):
            return "\(file): environment names no build (neither executableDigest nor gitCommit): "
                + "nothing shows it was measured by the same build as the others; merge runs that record their build"
        case let .differentSettings(first, other, field, values):
            return "\(other): measured with different settings than \(first) (\(field) \(values.1) vs \(values.0)); "
                + "merge runs measured alike"
        case let .conflictingRun(runID, benchmark, first, other):
            let advice = runID.wholeMatch(of: /p[0-9]+/) != nil
                ? "two gates' re-measuring processes both named \(runID) (gates before 7 Dec 2026 named them p2, p3, … in "
                    + "every run): these two files cannot be one side; gate again with this build, whose runs name them apart"
                : "two runs under one run id cannot both be replicates (give each run its own --run-id)"
            return "\(other): process run \(runID) is also in \(first), with other samples of \(benchmark); " + advice
        case let .copiedRun(runID, copyOf, benchmark, first, other):
            return "\(other): process run \(runID) has the very samples of \(benchmark) that run \(copyOf) of \(first) has: a copy "
                + "under another run id, not a second replicate (it would show no spread between them)"
        }
    }

    public static func == (a: RunMergeError, b: RunMergeError) -> Bool { a.description == b.description }
}

/// Merges several process runs of the same build (interleaved rounds, a gate's extra runs) into one results file
/// that keeps each run apart as a ``Replicate``: the samples are concatenated in run order, the pooled statistics
/// recomputed for reports, and each benchmark's replicates say which samples, counters and frame-loop summary came
/// from which run — what run-level comparisons and gates judge. A merged file merges again (its replicates carry
/// over). The merged run is complete only when every run was.
///
/// A process run is identified by its run id: one given twice (the same file named twice, or a merged file together
/// with one of its own rounds) is counted once — a second copy of a run is no evidence, and counting it would
/// fabricate a replicate with zero between-run spread. The same run id with other samples is refused.
public enum RunMerge {
    /// A process run met again in a later file, and counted once.
    public struct RepeatedRun: Sendable, Equatable {
        /// The run id of the process run.
        public var runID: String
        /// The file (or run) that repeated it, and the one it was first taken from.
        public var file: String
        public var firstFile: String

        public init(runID: String, file: String, firstFile: String) {
            self.runID = runID
            self.file = file
            self.firstFile = firstFile
        }
    }

    /// The merged run, and the process runs that were given more than once.
    public struct Outcome: Sendable {
        public var run: RunResults
        public var repeatedRuns: [RepeatedRun]
    }

    /// - Parameter names: how each run is named in errors (its file path); defaults to the run ids.
    /// - Throws: ``RunMergeError`` for no runs, runs of different builds or runs measured with different settings,
    ///   and one run id with two different runs' samples.
    public static func merge(_ runs: [RunResults], names: [String]? = nil, runID: String? = nil, resamples: Int = 2000) throws
        -> RunResults {
        try outcome(of: runs, names: names, runID: runID, resamples: resamples).run
    }

    /// ``merge(_:names:runID:resamples:)``, also saying which process runs were given more than once (counted once).
    public static func outcome(of runs: [RunResults], names: [String]? = nil, runID: String? = nil, resamples: Int = 2000)
        throws -> Outcome {
        guard var merged = runs.first else { throw RunMergeError.noRuns }
        let labels = names ?? runs.map(\.runID)
        for index in runs.indices.dropFirst() {
            try checkSameBuild(runs[0], runs[index], first: labels[0], other: labels[index])
            try checkSameSettings(runs[0].settings, runs[index].settings, first: labels[0], other: labels[index])
        }
        merged.runID = runID ?? "merged-\(merged.runID)"
        merged.complete = runs.allSatisfy(\.complete)
        merged.incompleteReason = runs.compactMap(\.incompleteReason).first
        merged.interruptingSignal = runs.compactMap(\.interruptingSignal).first
        merged.finishedAt = runs.compactMap(\.finishedAt).max()
        merged.warnings = MergedWarnings.merge(runs.map(\.warnings))
        merged.hostSteal = mean(runs.compactMap(\.hostSteal))
        // No filter selects every benchmark: a gate's run of the whole suite stays whole when its re-measuring
        // processes, filtered to the undecided benchmarks, are merged into it.
        merged.settings.filters = runs.contains { $0.settings.filters.isEmpty } ? []
            : Array(Set(runs.flatMap(\.settings.filters))).sorted()
        var order = [String](), groups = [String: [Part]]()
        for (index, run) in runs.enumerated() {
            for result in run.benchmarks {
                if groups[result.id] == nil { order.append(result.id) }
                groups[result.id, default: []].append(Part(file: labels[index], run: run, result: result))
            }
        }
        var repeated = [RepeatedRun]()
        merged.benchmarks = try order.map {
            try combine(groups[$0]!, rounds: runs.count, seed: merged.settings.seed, resamples: resamples, repeated: &repeated)
        }
        return Outcome(run: merged, repeatedRuns: repeated)
    }

    /// One file's result of a benchmark.
    private struct Part {
        var file: String
        var run: RunResults
        var result: BenchmarkResult
    }

    /// Joins one benchmark's results: each process run's samples once, in file order; a run met again is skipped
    /// (noted in `repeated`), or refused when its samples differ.
    private static func combine(_ parts: [Part], rounds: Int, seed: UInt64, resamples: Int,
                                repeated: inout [RepeatedRun]) throws -> BenchmarkResult {
        var samples = [Double](), replicates = [Replicate](), contributing = [BenchmarkResult]()
        var seconds = [Double]()  // each contributing part's measuring time, in the share of its runs it gave
        var seen = [String: (file: String, samples: ArraySlice<Double>)]()
        try checkSameFrameLoop(parts)
        try checkSameCodePath(parts)
        for part in parts {
            let runID = part.run.runID
            var contributed = false, given = 0
            for (replicate, slice) in zip(part.result.replicates(runID: runID), part.result.samplesByReplicate(runID: runID)) {
                if let earlier = seen[replicate.runID] {
                    guard earlier.samples.elementsEqual(slice) else {
                        throw RunMergeError.conflictingRun(runID: replicate.runID, benchmark: part.result.id,
                                                           first: earlier.file, other: part.file)
                    }
                    let again = RepeatedRun(runID: replicate.runID, file: part.file, firstFile: earlier.file)
                    if !repeated.contains(again) { repeated.append(again) }
                    continue
                }
                // Real runs never repeat a benchmark's samples to the last digit; a copy renamed would pass as a
                // replicate with no spread (a "+5.0% [+5.0%, +5.0%]" of two copies against two others).
                if slice.count > 1, let copy = seen.first(where: { $0.value.samples.elementsEqual(slice) }) {
                    throw RunMergeError.copiedRun(runID: replicate.runID, copyOf: copy.key, benchmark: part.result.id,
                                                  first: copy.value.file, other: part.file)
                }
                seen[replicate.runID] = (part.file, slice)
                var kept = replicate
                kept.firstSample = samples.count
                kept.sampleCount = slice.count
                replicates.append(kept)
                samples += slice
                contributed = true
                given += 1
            }
            if contributed { contributing.append(part.result) }
            // A merged file that brings some runs already counted brings only theirs of its time (each run's own
            // where recorded, else their share of the file's).
            let kept = replicates.suffix(given)
            if given > 0, kept.allSatisfy({ $0.measurementSeconds != nil }) {
                seconds.append(kept.compactMap(\.measurementSeconds).reduce(0, +))
            } else if let time = part.result.measurementSeconds, given > 0 {
                seconds.append(time * Double(given) / Double(part.result.replicates(runID: runID).count))
            }
        }
        var combined = contributing.first ?? parts[0].result
        combined.replicates = replicates
        combined.hostSteal = mean(replicates.compactMap(\.hostSteal))
        guard contributing.count > 1 || combined.samplesNanoseconds != samples else { return combined }
        combined.samplesNanoseconds = samples
        if !samples.isEmpty { combined.statistics = .of(samples, resamples: resamples, seed: seed) }
        combined.counters = averageCounters(contributing.map(\.counters))
        combined.peakResidentBytes = contributing.compactMap(\.peakResidentBytes).max()
        combined.allocations = mostAllocations(contributing.map(\.allocations)) ?? combined.allocations
        // The time every run spent measuring (the first run's alone fell short of the gate's in JUnit's times).
        combined.measurementSeconds = seconds.isEmpty ? nil : seconds.reduce(0, +)
        combined.notes = Array(Set(contributing.flatMap(\.notes).filter { !$0.hasPrefix("merged from ") })).sorted()
        combined.notes.append("merged from \(replicates.count) process runs (\(contributing.count) of \(rounds) files; \(samples.count) samples)")
        return combined
    }

    /// The count of the run that allocated most, among those that counted: an exact count is judged on one count,
    /// and the first file's alone made a zero-allocation budget PASS or FAIL by the order of the files given.
    static func mostAllocations(_ counts: [AllocationStatistics]) -> AllocationStatistics? {
        counts.filter(\.counted).max { ($0.perIteration, $0.bytesPerIteration) < ($1.perIteration, $1.bytesPerIteration) }
    }

    /// A frame loop run in realtime (timer wake-ups, the processing thread's hand-offs) and one simulated from its
    /// processing times measure different things, and so do loops of different lengths (`--frames`: a share or a
    /// drift over 120 frames is not one over 600), cadences or policies: never one benchmark's replicates.
    private static func checkSameFrameLoop(_ parts: [Part]) throws {
        let looped = parts.filter { $0.result.frameLoop != nil }
        guard let first = looped.first, let loop = first.result.frameLoop else { return }
        let fields: [(String, (FrameLoopSummary) -> String)] = [
            ("frame-loop mode", \.mode), ("frames offered (--frames)", { String($0.framesOffered) }),
            ("frame cadence", { "\($0.cadenceMilliseconds) ms" }), ("frame policy", { $0.policy.rawValue }),
        ]
        for part in looped {
            for (field, value) in fields where part.result.frameLoop.map(value) != value(loop) {
                throw RunMergeError.differentSettings(first: first.file, other: part.file, field: "\(field) of \(first.result.id)",
                                                      values: (value(loop), part.result.frameLoop.map(value) ?? "none"))
            }
        }
    }

    /// Runs of one benchmark on different code paths (`FRAMEBUDGET_ISA=portable` beside AVX-512: 20.5 µs against 8.3 µs)
    /// measure different code: merged, the result kept the first run's path, and compare's "code path differs" warning
    /// never came.
    private static func checkSameCodePath(_ parts: [Part]) throws {
        guard let first = parts.first else { return }
        for (key, label) in CodePathKeys.labelled {
            let value = first.result.parameters[key]
            if let other = parts.first(where: { $0.result.parameters[key] != value }) {
                throw RunMergeError.differentSettings(first: first.file, other: other.file, field: "\(label) of \(first.result.id)",
                                                      values: (value ?? "none", other.result.parameters[key] ?? "none"))
            }
        }
    }

    /// The mean of `values`, nil for none: the steal of a merged run or result, over the process runs that recorded it.
    private static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : Descriptive.mean(values)
    }

    private static func checkSameBuild(_ a: RunResults, _ b: RunResults, first: String, other: String) throws {
        let (da, db) = (a.environment.executableDigest, b.environment.executableDigest)
        // Older results carry no digest: then they must at least name the same commit.
        let identity: (String, String?, String?) = da != nil && db != nil
            ? ("executable", da.map { String($0.prefix(12)) }, db.map { String($0.prefix(12)) })
            : ("commit", a.environment.gitCommit, b.environment.gitCommit)
        // Two unknowns are not one build: a file with neither says nothing of what measured it.
        for (run, name) in [(a, first), (b, other)] where run.environment.executableDigest == nil && run.environment.gitCommit == nil {
            throw RunMergeError.unknownBuild(file: name)
        }
        let fields: [(String, String?, String?)] = [
            identity,
            ("build configuration", a.environment.buildConfiguration, b.environment.buildConfiguration),
            ("Swift", a.environment.swiftVersion, b.environment.swiftVersion),
            ("CPU", a.environment.cpuModel, b.environment.cpuModel),
            ("CPU features", a.environment.cpuFeatures, b.environment.cpuFeatures),
            ("logical cores", String(a.environment.logicalCores), String(b.environment.logicalCores)),
        ]
        for (field, x, y) in fields where x != y {
            throw RunMergeError.differentBuilds(first: first, other: other, field: field, values: (x ?? "unknown", y ?? "unknown"))
        }
    }

    /// The settings that change what a sample means. Filters and sample counts may differ: extra rounds measure
    /// only the undecided benchmarks, and a gate's extra runs may take more samples.
    private static func checkSameSettings(_ a: RunSettings, _ b: RunSettings, first: String, other: String) throws {
        let fields: [(String, String, String)] = [
            ("sample time", "\(a.targetSampleNanoseconds) ns", "\(b.targetSampleNanoseconds) ns"),
            ("warm-up", "\(a.warmupNanoseconds) ns", "\(b.warmupNanoseconds) ns"),
            ("cache mode", a.cacheMode.rawValue, b.cacheMode.rawValue),
            ("counters", a.counters.rawValue, b.counters.rawValue),
            ("quick", "\(a.quick)", "\(b.quick)"),
            ("workload", a.workload, b.workload),
            ("pinned CPU", a.pinnedCPU.map(String.init) ?? "none", b.pinnedCPU.map(String.init) ?? "none"),
            ("seed", a.sceneSeed.map { String($0) } ?? "-", b.sceneSeed.map { String($0) } ?? "-"),
        ]
        for (field, x, y) in fields where x != y {
            throw RunMergeError.differentSettings(first: first, other: other, field: field, values: (x, y))
        }
    }

    private static func averageCounters(_ rounds: [[CounterReading]]) -> [CounterReading] {
        var order = [String](), readings = [String: [CounterReading]]()
        for reading in rounds.flatMap({ $0 }) {
            if readings[reading.name] == nil { order.append(reading.name) }
            readings[reading.name, default: []].append(reading)
        }
        return order.map { name in
            let all = readings[name]!
            let measured = all.filter { $0.perIteration != nil && $0.source != .unavailable }
            guard var first = measured.first else { return all[0] }
            first.perIteration = measured.map { $0.perIteration! }.reduce(0, +) / Double(measured.count)
            return first
        }
    }
}
