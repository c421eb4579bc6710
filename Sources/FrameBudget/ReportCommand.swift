import ArgumentParser
import ChildProcesses
import Foundation
import Results
import TextFormatting
import RunPipeline

/// `framebudget report`: regenerates every report and plot from a results file (no measuring; not a gate).
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Regenerate every report and plot of a results file.",
        discussion: ToolName.named("""
            Example: framebudget report Reports/latest/results.json --out /tmp/review
            The file is judged as the gate that measured it judged it: only the budgets of the benchmarks its id \
            filters selected, every interval at the level of its --max-processes (both recorded in results.json).
            Exit: 0 reports written (whatever the verdicts) · 2 bad input · 4 cannot write.
            """))

    @Argument(help: "A results.json written by run or gate.")
    var resultsPath: String

    @Option(help: "Folder for the reports (default: the results file's folder).")
    var out: String?

    @OptionGroup var gate: GateOptions

    func run() throws {
        try reportingFailures {
            let run: RunResults
            do { run = try ResultsFile.read(from: resultsPath) } catch { throw CommandFailure(.badInput, "\(error)") }
            let loaded = try gate.pipeline(judging: run)
            if let mismatch = ReportPipeline.recordedFiltersMismatch(run) { Console.warning(mismatch) }
            let pipeline = loaded.judging(run)   // as the gate that measured it: its id filters, its cap's looks
            let folder = out ?? URL(fileURLWithPath: resultsPath).deletingLastPathComponent().path
            let input = try pipeline.writeReports(run, verdicts: pipeline.verdicts(for: run), into: folder, resultsFile: resultsPath)
            Console.outputRendered(ReportPipeline.consoleTable(input))
            Console.output("\nreports: \(FolderPath.joined(folder, "report.html"))")
        }
    }
}
