import Foundation
import Results
import Statistics

/// Why runs cannot be merged.
public enum RunMergeError: Error, CustomStringConvertible, Equatable {
    case noRuns

    public var description: String { "merge needs at least one results file" }
}

/// Merges the rounds of an interleaved comparison (several runs of the same build) into one run: the samples of
/// each benchmark are concatenated in round order and its statistics recomputed; counters are averaged over the
/// rounds that measured them. The merged run is complete only when every round was.
public enum RunMerge {
    public static func merge(_ runs: [RunResults], runID: String? = nil, resamples: Int = 2000) throws -> RunResults {
        guard var merged = runs.first else { throw RunMergeError.noRuns }
        merged.runID = runID ?? "merged-\(merged.runID)"
        merged.complete = runs.allSatisfy(\.complete)
        merged.incompleteReason = runs.compactMap(\.incompleteReason).first
        merged.finishedAt = runs.compactMap(\.finishedAt).max()
        merged.warnings = Array(Set(runs.flatMap(\.warnings))).sorted()
        var order = [String](), groups = [String: [BenchmarkResult]]()
        for result in runs.flatMap(\.benchmarks) {
            if groups[result.id] == nil { order.append(result.id) }
            groups[result.id, default: []].append(result)
        }
        merged.benchmarks = order.map { combine(groups[$0]!, rounds: runs.count, seed: merged.settings.seed, resamples: resamples) }
        return merged
    }

    private static func combine(_ results: [BenchmarkResult], rounds: Int, seed: UInt64, resamples: Int) -> BenchmarkResult {
        var combined = results[0]
        guard results.count > 1 else { return combined }
        combined.samplesNanoseconds = results.flatMap(\.samplesNanoseconds)
        if !combined.samplesNanoseconds.isEmpty {
            combined.statistics = .of(combined.samplesNanoseconds, resamples: resamples, seed: seed)
        }
        combined.counters = averageCounters(results.map(\.counters))
        combined.notes.append("merged from \(results.count) of \(rounds) rounds (\(combined.samplesNanoseconds.count) samples)")
        return combined
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
