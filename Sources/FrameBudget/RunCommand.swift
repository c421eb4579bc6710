import ArgumentParser
import ChildProcesses
import Foundation
import Results
import RunPipeline

/// `framebudget run`: measures the suite (or the benchmarks the filters select) and writes
/// `Reports/<run-id>/results.json`.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Measure benchmarks and write Reports/<run-id>/results.json.",
        discussion: HelpText.named("Example: framebudget run --quick 'colormap/*' 'fusion'"))

    @OptionGroup var measurement: MeasurementOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var counterOptions: CounterOptions

    @Option(help: "What to print on stdout: console (a table), json (the results document), none.")
    var format: OutputFormat = .console

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case console, json, none
    }

    func run() throws {
        try reportingFailures {
            let (results, directory, _) = try SuiteSession(request: measurement.request(output), benchmarks: Registration.suite.benchmarks)
                .execute(counting: counterOptions)
            switch format {
            case .console:
                Console.output(SummaryTable.render(results))
                Console.output("\nresults: \(directory.resultsPath)")
            case .json:
                Console.outputRendered(String(decoding: try ResultsFile.encode(results), as: UTF8.self))
            case .none:
                break
            }
            if let note = results.incompleteNote {
                Console.warning("\(note); partial results in \(directory.resultsPath)")
                throw results.interruptingSignal.map { ExitCode($0.exitStatus) } ?? ExitStatus.runFailure.code
            }
            try stopIfSignalledAfterMeasuring("the results are")  // run writes no reports (report does)
            try checkInstructionCounts(results)
        }
    }

    /// With `--counters callgrind`, every benchmark measured by time must have its instructions counted: valgrind
    /// failing (a broken install, exit 127) left `Ir` unavailable "on this machine", the run complete and exit 0, and
    /// a later `compare --mode instructions` said the run was never counted. A tool that failed is exit 4.
    private func checkInstructionCounts(_ results: RunResults) throws {
        guard counterOptions.counters == .callgrind else { return }
        let failed = results.benchmarks.filter { result in
            result.statistics.count > 0 && result.counters.contains { $0.name == "Ir" && $0.perIteration == nil }
        }
        guard let first = failed.first else { return }
        let reason = first.counters.first { $0.name == "Ir" }?.note ?? "no reason given"
        throw CommandFailure(.runFailure, "valgrind could not count \(failed.count) benchmark(s) (first: \(first.id): \(reason)); "
                             + "the timings are in \(results.runID)'s results.json")
    }
}
