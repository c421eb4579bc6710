import ArgumentParser
import ChildProcesses
import Foundation
import History
import HistoryExport
import RunPipeline

/// `history site --out DIR`: the static history site (one page per benchmark and machine class, an index of recent
/// change points), written whole or not at all.
struct HistorySiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Write a static HTML site of the history: a trend page per benchmark and machine class, an index of recent changes.",
        discussion: ToolName.named("""
            Example: framebudget history site --out Reports/site
            Each page plots the median per run with its interval band (inline SVG, no script, nothing fetched), the \
            change points history show finds, the budget line from --budgets and every run's commit. The folder is \
            built beside --out and renamed into place: readers see the old site or the new one, never a mix.
            """))

    @Option(help: "Folder of the site (replaced as a whole).")
    var out: String = "Reports/site"

    @Option(help: ArgumentHelp(HelpText.named("The budgets file the budget lines come from (default: Benchmarks/budgets.yaml, when it exists).")))
    var budgets: String?

    @Flag(name: .customLong("include-incomplete"), help: "Also use runs that were interrupted.")
    var includeIncomplete = false

    @Option(help: "Only the runs of this branch (default: every branch's), as recorded with history record --branch.")
    var branch: String?

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        try reportingFailures {
            let history = try database.openExisting()
            if let branch, try history.runNumbers(onBranch: branch).isEmpty {
                throw CommandFailure(.badInput, "--branch \(branch): no run of this branch in \(database.path) (see history list)")
            }
            let limits = try TimeBudgets.firstPerBenchmark(named: budgets).mapValues {
                SiteBudget(nanoseconds: $0.nanoseconds, statistic: $0.statistic, limitPhrase: $0.limitPhrase)
            }
            let series: [SiteSeries]
            do { series = try SiteSeries.all(in: history, budgets: limits, includeIncomplete: includeIncomplete, branch: branch) }
            catch let error as HistoryError { throw CommandFailure(error.exitStatus, error.description) }
            let pages: Int
            do { pages = try HistorySite.write(series, into: out, branch: branch) }
            catch let error as SiteFolder.Failure { throw CommandFailure(.runFailure, error.description) }
            catch let error as SiteFolder.ForeignContent { throw CommandFailure(.badInput, error.description) }
            Console.output("wrote \(out)/index.html and \(pages - 1) series pages")
        }
    }
}
