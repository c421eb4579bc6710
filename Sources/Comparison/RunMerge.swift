import Foundation
import Results
import Statistics

/// Why runs cannot be merged into one side.
public enum RunMergeError: Error, CustomStringConvertible, Equatable {
    case noRuns
    /// Two runs were measured by different builds (executables, configurations or Swift versions).
    case differentBuilds(first: String, other: String, field: String, values: (String, String))
    /// Two runs were measured with different settings.
    case differentSettings(first: String, other: String, field: String, values: (String, String))

    public var description: String {
        switch self {
        case .noRuns: return "merge needs at least one results file"
        case let .differentBuilds(first, other, field, values):
            return "\(other): measured by a different build than \(first) (\(field) \(values.1) vs \(values.0)); "
                + "runs of different builds are not one side of a comparison"
        case let .differentSettings(first, other, field, values):
            return "\(other): measured with different settings than \(first) (\(field) \(values.1) vs \(values.0)); "
                + "merge runs measured alike"
        }
    }

    public static func == (a: RunMergeError, b: RunMergeError) -> Bool { a.description == b.description }
}

/// Merges several process runs of the same build (interleaved rounds, a gate's extra runs) into one results file
/// that keeps each run apart as a ``Replicate``: the samples are concatenated in run order, the pooled statistics
/// recomputed for reports, and each benchmark's replicates say which samples, counters and frame-loop summary came
/// from which run — what run-level comparisons and gates judge. A merged file merges again (its replicates carry
/// over). The merged run is complete only when every run was.
public enum RunMerge {
    /// - Parameter names: how each run is named in errors (its file path); defaults to the run ids.
    /// - Throws: ``RunMergeError`` for no runs, runs of different builds or runs measured with different settings.
    public static func merge(_ runs: [RunResults], names: [String]? = nil, runID: String? = nil, resamples: Int = 2000) throws
        -> RunResults {
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
        merged.warnings = Array(Set(runs.flatMap(\.warnings))).sorted()
        merged.settings.filters = Array(Set(runs.flatMap(\.settings.filters))).sorted()
        var order = [String](), groups = [String: [(run: RunResults, result: BenchmarkResult)]]()
        for run in runs {
            for result in run.benchmarks {
                if groups[result.id] == nil { order.append(result.id) }
                groups[result.id, default: []].append((run, result))
            }
        }
        merged.benchmarks = order.map { combine(groups[$0]!, rounds: runs.count, seed: merged.settings.seed, resamples: resamples) }
        return merged
    }

    private static func combine(_ parts: [(run: RunResults, result: BenchmarkResult)], rounds: Int, seed: UInt64,
                                resamples: Int) -> BenchmarkResult {
        var combined = parts[0].result
        var samples = [Double](), replicates = [Replicate]()
        for (run, result) in parts {
            for var replicate in result.replicates(runID: run.runID) {
                replicate.firstSample += samples.count
                replicates.append(replicate)
            }
            samples += result.samplesNanoseconds
        }
        combined.replicates = replicates
        guard parts.count > 1 else { return combined }
        combined.samplesNanoseconds = samples
        if !samples.isEmpty { combined.statistics = .of(samples, resamples: resamples, seed: seed) }
        combined.counters = averageCounters(parts.map(\.result.counters))
        combined.peakResidentBytes = parts.compactMap(\.result.peakResidentBytes).max()
        combined.notes = Array(Set(parts.flatMap(\.result.notes).filter { !$0.hasPrefix("merged from ") })).sorted()
        combined.notes.append("merged from \(replicates.count) process runs (\(parts.count) of \(rounds) files; \(samples.count) samples)")
        return combined
    }

    private static func checkSameBuild(_ a: RunResults, _ b: RunResults, first: String, other: String) throws {
        let (da, db) = (a.environment.executableDigest, b.environment.executableDigest)
        // Older results carry no digest: then they must at least name the same commit.
        let identity: (String, String?, String?) = da != nil && db != nil
            ? ("executable", da.map { String($0.prefix(12)) }, db.map { String($0.prefix(12)) })
            : ("commit", a.environment.gitCommit, b.environment.gitCommit)
        let fields: [(String, String?, String?)] = [
            identity,
            ("build configuration", a.environment.buildConfiguration, b.environment.buildConfiguration),
            ("Swift", a.environment.swiftVersion, b.environment.swiftVersion),
            ("CPU", a.environment.cpuModel, b.environment.cpuModel),
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
