import ArgumentParser
import ChildProcesses
import Comparison
import Counters
import Foundation
import Results
import RunPipeline

/// What `compare` compares.
enum CompareMode: String, ExpressibleByArgument, CaseIterable {
    /// Timing samples: medians, intervals, Mann–Whitney (the default).
    case time
    /// Exact instruction counts per iteration from `--counters callgrind` runs, with the functions that moved.
    case instructions
}

/// The options of `compare --mode instructions`.
struct InstructionCompareOptions: ParsableArguments {
    @Option(name: .customLong("instruction-threshold"), help: ArgumentHelp(
        "With --mode instructions: a count that moved by more than this many percent is regressed/improved (e.g. 0.5 or 0.5%).",
        valueName: "percent"))
    var threshold: String = "0.5"

    @Option(name: .customLong("top-functions"), parsing: .unconditional, help: "With --mode instructions: functions named per changed benchmark.")
    var topFunctions: Int = 5

    func validate() throws {
        guard let value = thresholdFraction, value >= 0, value < 1 else {
            throw badOptionValue("--instruction-threshold must be a percentage such as 0.5 or 0.5% (got \(threshold))")
        }
        guard topFunctions >= 0 else { throw badOptionValue("--top-functions must be ≥ 0 (got \(topFunctions))") }
    }

    var thresholdFraction: Double? {
        Double(threshold.hasSuffix("%") ? String(threshold.dropLast()) : threshold).map { $0 / 100 }
    }
}

/// `framebudget compare --mode instructions BASE.json HEAD.json`: reads each run's valgrind instruction counts and
/// per-function counts (`instructions/<id>/functions.tsv`, listed in the benchmark's artifacts), compares them and
/// prints the report. Exit 1 when a benchmark regressed.
struct InstructionCompare {
    let base: String
    let head: String
    let options: InstructionCompareOptions
    let format: CompareCommand.Format
    let out: String?

    func run() throws {
        let (baseRun, baseProfiles) = try load(base)
        let (headRun, headProfiles) = try load(head)
        let settings = InstructionComparisonSettings(threshold: options.thresholdFraction!, topFunctions: options.topFunctions)
        let report = InstructionComparison.compare(
            base: baseProfiles, head: headProfiles, settings: settings,
            baseLabel: baseRun.runID, headLabel: headRun.runID)
        let text: String
        switch format {
        case .console: text = InstructionComparisonText.console(report)
        case .markdown, .prComment: text = InstructionComparisonText.markdown(report)  // pr-comment: refused by validate()
        case .json: text = try InstructionComparisonText.json(report)
        }
        if let out {
            do { try AtomicFile.write(text, to: out) } catch { throw CommandFailure(.runFailure, "\(error)") }
            Console.output(InstructionComparisonText.footer(report).joined(separator: "\n"))
        } else {
            Console.output(text, terminator: "")
        }
        if report.hasRegression { throw ExitStatus.budgetFailure.code }
    }

    /// A results file's instruction profiles, each with the per-function counts its artifacts list.
    /// - Throws: ``CommandFailure`` (bad input) for a file without any valgrind count, or a listed per-function
    ///   file that is missing or malformed.
    private func load(_ path: String) throws -> (RunResults, [InstructionProfile]) {
        let run = try ResultsFile.read(from: path)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var functions = [String: [FunctionInstructions]]()
        for result in run.benchmarks {
            guard let file = result.artifacts[InstructionArtifacts.functionsKey] else { continue }
            let full = "\(folder)/\(file)"
            guard let text = try? String(contentsOfFile: full, encoding: .utf8) else {
                throw CommandFailure(.badInput, "\(full): cannot read the per-function counts of \(result.id) (listed in \(path))")
            }
            do {
                functions[result.id] = try FunctionCountsFile.parse(text, path: full).map {
                    FunctionInstructions(symbol: $0.symbol, name: $0.name, instructionsPerIteration: $0.instructionsPerIteration)
                }
            } catch { throw CommandFailure(.badInput, "\(error)") }
        }
        let profiles = InstructionProfile.profiles(of: run, functions: functions)
        guard !profiles.isEmpty else {
            throw CommandFailure(.badInput, ToolName.named("\(path): no instruction counts (measure with 'framebudget run --counters callgrind')"))
        }
        return (run, profiles)
    }
}
