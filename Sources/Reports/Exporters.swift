import Budgets
import Foundation
import Results

/// Bencher Metric Format: `{benchmark id: {"latency": {value, lower_value, upper_value}}}`, median ns per iteration
/// with its 95% interval (Bencher's `latency` measure is in nanoseconds); over process runs when the result merges
/// several (``Results/BenchmarkResult/reported(_:runID:)``).
public struct BencherExporter: Reporter {
    public var fileName: String { "bencher.json" }
    /// BMF has no field for it: Bencher would store an interrupted run's few benchmarks as a whole run.
    public var writesIncompleteRuns: Bool { false }

    public init() {}

    struct Metric: Encodable {
        var value: Double
        var lower_value: Double?
        var upper_value: Double?
    }

    public func render(_ input: ReportInput) throws -> Data {
        var document: [String: [String: Metric]] = [:]
        for result in input.run.benchmarks where result.statistics.count > 0 {
            let (median, interval) = result.reported(.median, runID: input.run.runID)
            document[result.id] = ["latency": Metric(value: median, lower_value: interval?.lower, upper_value: interval?.upper)]
        }
        return try JSONExport.encode(document)
    }
}

/// github-action-benchmark's `customSmallerIsBetter` input: `[{name, unit, value, range, extra}]`, median ns (over
/// process runs when the result merges several, as for Bencher).
public struct GitHubActionBenchmarkExporter: Reporter {
    public var fileName: String { "github-action-benchmark.json" }
    /// Its input has no field for it either.
    public var writesIncompleteRuns: Bool { false }

    public init() {}

    struct Entry: Encodable {
        var name: String
        var unit: String
        var value: Double
        var range: String?
        var extra: String
    }

    public func render(_ input: ReportInput) throws -> Data {
        let entries = input.run.benchmarks.filter { $0.statistics.count > 0 }.map { result -> Entry in
            let s = result.statistics, runID = input.run.runID
            let (median, interval) = result.reported(.median, runID: runID)
            // The interval's wider side: a skewed interval's half-width put its upper bound below the true one. The
            // bounds themselves go in `extra` (github-action-benchmark shows `range` as written).
            let range = interval.map { "± \(UnitFormat.number(Swift.max($0.upper - median, median - $0.lower)))" }
            let bounds = interval.map { "95% CI [\(UnitFormat.number($0.lower)), \(UnitFormat.number($0.upper))] ns; " } ?? ""
            let runs = result.replicateCount > 1 ? " over \(result.replicateCount) process runs" : ""
            let extra = bounds + "p95 \(UnitFormat.number(result.reported(.p95, runID: runID).value)) ns; "
                + "p99 \(UnitFormat.number(result.reported(.p99, runID: runID).value)) ns; "
                + "\(s.count) samples × \(result.iterationsPerSampleText) iterations\(runs); allocations/iter "
                + (result.allocations.counted ? UnitFormat.number(result.allocations.perIteration) : "not counted")
            return Entry(name: result.id, unit: "ns", value: median, range: range, extra: extra)
        }
        return try JSONExport.encode(entries)
    }
}

/// The verdicts as JSON (`verdicts.json`), for tools that gate on FrameBudget's decisions rather than its numbers.
public struct VerdictsExporter: Reporter {
    public var fileName: String { "verdicts.json" }

    public init() {}

    struct Document: Encodable {
        var runID: String
        /// False for an interrupted run (its unmeasured budgets are MISSING), with the reason.
        var complete: Bool
        var incompleteReason: String?
        var strict: Bool
        var summary: [String: Int]
        var verdicts: [BudgetVerdict]
        /// A nightly's paired comparison with its baseline build, when one was made: its regressions fail the night
        /// as a failed budget does, so a reader of this file must see them.
        var pairedChange: PairedChangeSummary?
    }

    public func render(_ input: ReportInput) throws -> Data {
        let summary = Dictionary(uniqueKeysWithValues: VerdictOutcome.allCases.map { ($0.rawValue, input.summary.count($0)) })
        return try JSONExport.encode(Document(
            runID: input.run.runID, complete: input.run.complete, incompleteReason: input.run.complete ? nil : input.run.incompleteReason ?? "unknown reason",
            strict: input.strict, summary: summary, verdicts: input.verdicts, pairedChange: input.run.pairedChange))
    }
}

enum JSONExport {
    /// The results encoder (sorted keys, stable bytes), with a final newline.
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        var data = try ResultsFile.encoder().encode(value)
        data.append(0x0A)
        return data
    }
}
