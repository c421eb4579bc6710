import Budgets
import ChildProcesses
import Foundation
import Plots
import Reports
import Results

/// From a run and its budgets to every report on disk: verdicts → plots → reports. Shared by `gate` and `report`.
package struct ReportPipeline {
    package let budgets: [Budget]
    package let evaluator: BudgetEvaluator
    package let strict: Bool

    package init(budgets: [Budget], evaluator: BudgetEvaluator, strict: Bool) {
        self.budgets = budgets
        self.evaluator = evaluator
        self.strict = strict
    }

    /// Loads the budgets file, checking every id against the registered benchmarks: a budget naming a registered
    /// benchmark that did not run is MISSING later (exit 1); one naming no registered benchmark is a typo, bad input,
    /// and so is a frame-loop metric on a benchmark that is no frame loop (it could never be read).
    /// - Parameters:
    ///   - knownIDs: the ids of every registered benchmark (not only the selected ones).
    ///   - frameLoopIDs: those of them that are frame-loop benchmarks.
    /// - Throws: ``CommandFailure`` (bad input) with the file, line and field.
    package static func loadBudgets(_ path: String, knownIDs: Set<String>, frameLoopIDs: Set<String>) throws -> [Budget] {
        do { return try BudgetsFile.load(path: path, knownIDs: knownIDs, frameLoopIDs: frameLoopIDs) }
        catch { throw CommandFailure(.badInput, "\(error)") }
    }

    package func verdicts(for run: RunResults) -> [BudgetVerdict] {
        evaluator.evaluate(budgets, against: run)
    }

    /// Reports written into another run's folder (`report --out`, `gate --results --out`) sat beside its
    /// results.json: one run's results with another's verdicts, JUnit and pages. A results.json there that does not
    /// read as a run (another version's, a damaged one) is not taken for this run's either.
    /// - Throws: ``CommandFailure`` (bad input) before anything is written.
    static func checkNotAnotherRunsFolder(_ folder: String, run: RunResults) throws {
        let resident = URL(fileURLWithPath: folder).appendingPathComponent("results.json").path
        guard FileManager.default.fileExists(atPath: resident) else { return }
        // The run id alone, read leniently: a file of a newer schema still names its run.
        let document = (try? Data(contentsOf: URL(fileURLWithPath: resident))).flatMap { try? JSONSerialization.jsonObject(with: $0) }
        let other = (document as? [String: Any])?["runID"] as? String
        guard other != run.runID else { return }
        throw CommandFailure(.badInput, "\(folder): holds " + (other.map { "the results of run \($0)" } ?? "a results.json that names no run")
                             + ", and these reports are of run \(run.runID): give the reports a folder of their own")
    }

    /// Draws the plots into `<directory>/plots/` and writes every report into `directory` (created when absent),
    /// all staged and moved into place at the end (``StagedFolder``): a failure, such as a full disk, leaves no
    /// partial report folder.
    /// - Parameter resultsFile: the run's results file when it is not `results.json` in `directory`.
    /// - Returns: the report input (for the console table and the gate checks).
    @discardableResult
    package func writeReports(_ run: RunResults, verdicts: [BudgetVerdict], into directory: String,
                              resultsFile: String? = nil) throws -> ReportInput {
        try Self.checkNotAnotherRunsFolder(directory, run: run)
        return try StagedFolder.write(into: directory, what: "report folder",
                               removing: { ReportWriter().withheldFileNames(for: $0.run) }) { staging in
            let plotFolder = "\(staging)/plots"
            let specs = StandardPlots.specs(for: PlotInput(run: run, verdicts: verdicts))
            let (rendered, stagedNote) = PlotRendering.render(specs, into: plotFolder)
            let images = rendered.map { plot in
                PlotImage(name: plot.spec.name, title: plot.spec.title, hotPath: plot.spec.hotPath,
                          files: plot.files.map { "plots/\($0)" },
                          svg: plot.files.first { $0.hasSuffix(".svg") }.flatMap { try? String(contentsOfFile: "\(plotFolder)/\($0)", encoding: .utf8) })
            }
            let note = stagedNote?.replacingOccurrences(of: staging, with: directory)
            if let note { Console.warning(note) }
            var input = ReportInput(run: run, verdicts: verdicts, plots: images, plotsNote: note, strict: strict,
                                    toolName: ToolName.current)
            // Absolute: a path relative to the shell the report was made in means nothing beside report.md.
            if let resultsFile, !Self.isResultsFile(resultsFile, in: directory) {
                input.resultsFile = URL(fileURLWithPath: resultsFile).standardizedFileURL.path
            }
            do { try ReportWriter().write(input, to: staging) }
            catch { throw CommandFailure(.runFailure, "\(error)") }
            return input
        }
    }

    /// Whether `path` is the `results.json` of `directory` (the reports' own name for it).
    static func isResultsFile(_ path: String, in directory: String) -> Bool {
        let file = URL(fileURLWithPath: path).standardizedFileURL
        return file.lastPathComponent == "results.json"
            && file.deletingLastPathComponent().path == URL(fileURLWithPath: directory).standardizedFileURL.path
    }

    /// The verdict table for stdout, coloured on a terminal.
    package static func consoleTable(_ input: ReportInput) -> String {
        let text = (try? ConsoleReporter(colour: Console.stdoutIsTerminal).text(input)) ?? ""
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
