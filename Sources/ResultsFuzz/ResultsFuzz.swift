// libFuzzer target for results files (`make fuzz`): the loader's validation and everything that reads a loaded run.
// Built with `--sanitize=fuzzer -DRESULTS_FUZZING`, libFuzzer supplies `main` and calls `LLVMFuzzerTestOneInput`
// with mutated bytes (seeded from Schemas/examples). In an ordinary build the `@main` below stands in, so the binary
// replays inputs given as files (a crash file of a fuzzing run): `.build/debug/ResultsFuzz crash-1234`.
//
// A run the loader accepts must be safe for every reader, so each accepted input goes through what `report`, `gate`,
// `compare` and `merge` do with a file; a crash, a trap or a sanitizer report is a bug — in the reader, or a rule
// the loader (RunResults.validate) is missing. Beyond not crashing, what must hold of any valid run:
//   - it re-encodes canonically and loads again;
//   - merged with itself it is the same run (a process run counts once); merged with a renamed copy it is valid;
//   - compared with itself nothing regressed or improved, and the regression gate passes.
import Budgets
import Comparison
import Foundation
import Reports
import Results
import Statistics

/// Few bootstrap resamples: the statistics are exercised, not made precise, and each input stays fast.
private let resamples = 40

@_cdecl("LLVMFuzzerTestOneInput")
public func resultsFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(UnsafeBufferPointer(start: $0, count: size)) } ?? Data()
    guard let run = try? ResultsFile.decode(bytes, path: "input") else { return 0 }
    checkRoundTrip(run)
    checkMerges(run)
    checkComparisonWithItself(run)
    checkBudgetsAndReports(run)
    return 0
}

/// A valid run encodes, and what it encodes to loads again and encodes to the same bytes.
private func checkRoundTrip(_ run: RunResults) {
    guard let encoded = try? ResultsFile.encode(run) else { preconditionFailure("a valid run does not encode") }
    do {
        let again = try ResultsFile.encode(ResultsFile.decode(encoded, path: "round trip"))
        precondition(again == encoded, "re-encoding a valid run is not canonical")
    } catch {
        preconditionFailure("a valid run does not load after encoding: \(error)")
    }
}

private func checkMerges(_ run: RunResults) {
    let merged: RunResults
    do { merged = try RunMerge.merge([run, run], runID: "twice", resamples: resamples) }
    catch { preconditionFailure("a run does not merge with itself: \(error)") }
    for (result, original) in zip(merged.benchmarks, run.benchmarks) {
        precondition(result.replicates(runID: merged.runID).map(\.runID) == original.replicates(runID: run.runID).map(\.runID),
                     "\(original.id): merging a run with itself changed its process runs")
        precondition(result.samplesNanoseconds == original.samplesNanoseconds, "\(original.id): merging a run with itself changed its samples")
    }
    do { try merged.validate() } catch { preconditionFailure("a run merged with itself is invalid: \(error)") }

    // A copy under other run ids is another set of process runs: each benchmark's samples double. The new ids start
    // with a prefix no id of the run starts with, so none of them names a run of the original.
    let ids = [run.runID] + run.benchmarks.flatMap { $0.replicates?.map(\.runID) ?? [] }
    var prefix = "copy:"
    while ids.contains(where: { $0.hasPrefix(prefix) }) { prefix += "+" }
    var copy = run
    copy.runID = prefix + run.runID
    for index in copy.benchmarks.indices {
        copy.benchmarks[index].replicates = copy.benchmarks[index].replicates?.map { replicate in
            var renamed = replicate
            renamed.runID = prefix + replicate.runID
            return renamed
        }
    }
    do {
        let both = try RunMerge.merge([run, copy], runID: "both", resamples: resamples)
        for (result, original) in zip(both.benchmarks, run.benchmarks) {
            precondition(result.samplesNanoseconds.count == 2 * original.samplesNanoseconds.count, "\(original.id): a copy's samples were lost")
        }
        try both.validate()
        _ = Comparator.compare(base: run, head: both, settings: ComparisonSettings(resamples: resamples))
    } catch {
        preconditionFailure("a run and a renamed copy of it do not merge into a valid run: \(error)")
    }
}

private func checkComparisonWithItself(_ run: RunResults) {
    let settings = ComparisonSettings(resamples: resamples)
    let report = Comparator.compare(base: run, head: run, settings: settings)
    for comparison in report.benchmarks {
        precondition(comparison.verdict != .regressed && comparison.verdict != .improved,
                     "\(comparison.id): a run compared with itself is \(comparison.verdict.rawValue)")
        precondition(comparison.relativeChange == 0, "\(comparison.id): a run compared with itself changed by \(comparison.relativeChange)")
    }
    _ = ComparisonText.console(report)
    _ = ComparisonText.markdown(report)
    _ = try? ComparisonText.json(report)
    let gate = RegressionGate.evaluate(base: run, head: run, settings: settings)
    precondition(gate.passed, "the regression gate fails a run against itself: \(gate.regressions.map(\.id))")
}

/// Budgets on every metric of every benchmark, at a limit the run straddles, then every report.
private func checkBudgetsAndReports(_ run: RunResults) {
    var budgets: [Budget] = []
    for result in run.benchmarks {
        func budget(_ metric: BudgetMetric, _ statistic: Statistic, _ limit: Double, _ unit: BudgetUnit,
                    _ direction: BudgetDirection = .max) {
            budgets.append(Budget(name: "\(result.id)-\(metric.rawValue)", hotPath: result.hotPath, workload: result.workload,
                                  variant: result.variant, metric: metric, statistic: statistic, limit: limit, unit: unit,
                                  direction: direction, source: "fuzz"))
        }
        budget(.time, .p95, max(result.statistics.median, 1), .ns)
        budget(.allocations, .mean, 0, .count)
        budget(.peakMemory, .max, 1, .MB)
        if let loop = result.frameLoop {
            budget(.frameTime, .p99, max(loop.frameTime.median, 0.001), .ms)
            budget(.fpsShare, .mean, 0.95, .ratio, .min)
            budget(.drift, .p50, 1.1, .ratio)
        }
    }
    let verdicts = BudgetEvaluator().evaluate(budgets, against: run)
    let input = ReportInput(run: run, verdicts: verdicts)
    for reporter in ReportWriter.standard { _ = try? reporter.render(input) }
}

#if !RESULTS_FUZZING
@main
enum ResultsFuzzReplay {
    static func main() {
        let files = CommandLine.arguments.dropFirst()
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("usage: ResultsFuzz FILE... (replays inputs; build with 'make fuzz' to fuzz)\n".utf8))
            exit(64)
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("\(file): cannot read\n".utf8))
                exit(2)
            }
            _ = data.withUnsafeBytes { resultsFuzzOneInput($0.bindMemory(to: UInt8.self).baseAddress, data.count) }
            let verdict = (try? ResultsFile.decode(data, path: file)).map { _ in "valid, every reader ran" }
                ?? "refused by the loader"
            print("\(file): ok (\(verdict))")
        }
    }
}
#endif
