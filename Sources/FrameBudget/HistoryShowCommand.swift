import ArgumentParser
import ChildProcesses
import Comparison
import Foundation
import History
import Plots
import Results
import RunPipeline
import Statistics
import TextFormatting

/// `history show <benchmark-id>`: the series with the steps found in it.
struct HistoryShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print a benchmark's trend and the runs where its level stepped.",
        discussion: HelpText.named("Example: framebudget history show colormap/optimized/256x192"))

    @Argument(help: "Benchmark id.")
    var benchmark: String

    @Flag(name: .customLong("include-incomplete"), help: "Also use runs that were interrupted.")
    var includeIncomplete = false

    @Flag(help: "Print JSON.")
    var json = false

    @Option(name: .customLong("machine-class"), help: "The machine class (hash, see history list) whose series to show (default: that of the newest run).")
    var machineClass: String?

    @Option(help: "Only the runs of this branch (default: every branch's), as recorded with history record --branch.")
    var branch: String?

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        try reportingFailures {
            let trend = try loadTrend(benchmark, database: database, includeIncomplete: includeIncomplete, machineClass: machineClass,
                                      branch: branch)
            if json { Console.outputRendered(String(decoding: try ResultsFile.encoder().encode(trend), as: UTF8.self)); return }
            let stepRuns = Set(trend.steps.map(\.runID))
            Console.output(TextTable.render(header: ["#", "run", "commit", "median", "95% CI", "step"], rows: trend.points.map { p in
                let step = trend.steps.first { $0.runID == p.runID }
                return ["\(p.number)", p.runID, p.gitCommit.map { String($0.prefix(10)) } ?? "-", DurationText.string(nanoseconds: p.median),
                        p.lower.map { "[\(DurationText.string(nanoseconds: $0)), \(DurationText.string(nanoseconds: p.upper ?? $0))]" } ?? "-",
                        stepRuns.contains(p.runID) ? "← step \(Percent.signed(step!.relativeChange))" : ""]
            }))
            Console.output(trend.steps.isEmpty ? "\nno step detected over \(trend.points.count) runs"
                  : "\n" + trend.steps.map { "step \(Percent.signed($0.relativeChange)) at run \($0.runID) (commit \($0.gitCommit ?? "unknown"))" }.joined(separator: "\n"))
        }
    }
}

/// Loads a benchmark's series within one machine class (`machineClass`, or that of its newest run) and, with
/// `branch`, of that branch's runs, and detects its steps: runs of other machines or settings never make one series.
func loadTrend(_ benchmark: String, database: DatabaseOptions, includeIncomplete: Bool, machineClass: String?,
               branch: String?) throws -> Trend {
    // .refuse throws for an unrecorded benchmark: it never gives nil.
    try loadTrend(benchmark, database: database, includeIncomplete: includeIncomplete, machineClass: machineClass,
                  branch: branch, unrecorded: .refuse)!
}

/// What ``loadTrend(_:database:includeIncomplete:machineClass:unrecorded:)`` does with a benchmark that has no
/// (complete) run in the history or the machine class: refuse it (an id the user named) or give nil (every recorded
/// benchmark by default, some of which only incomplete runs or other machine classes hold).
enum UnrecordedBenchmark { case refuse, skip }

func loadTrend(_ benchmark: String, database: DatabaseOptions, includeIncomplete: Bool, machineClass: String?,
               branch: String? = nil, unrecorded: UnrecordedBenchmark) throws -> Trend? {
    let history = try database.openExisting()
    do {
        if let machineClass, try !history.machineClasses().contains(where: { $0.machineClass.hash == machineClass }) {
            throw CommandFailure(.badInput, "--machine-class \(machineClass): no such machine class in \(database.path) (see history list)")
        }
        // The branch's runs read once, not per series looked at.
        let onBranch = try branch.map { try history.runNumbers(onBranch: $0) }
        if let branch, onBranch?.isEmpty == true {
            throw CommandFailure(.badInput, "--branch \(branch): no run of this branch in \(database.path) (see history list)")
        }
        func series(_ machineClass: String?) throws -> [SeriesPoint] {
            let points = try history.series(of: benchmark, completeOnly: !includeIncomplete, machineClass: machineClass)
            guard let onBranch, let branch else { return points }
            let kept = points.filter { onBranch.contains($0.number) }
            if kept.isEmpty { throw HistoryError.notOnBranch(id: benchmark, branch: branch) }
            return kept
        }
        let chosen = try machineClass ?? history.newestMachineClass(of: benchmark, branch: branch)
        let points = try series(chosen)
        if let chosen, machineClass == nil, try series(nil).count > points.count {
            Console.warning("\(benchmark): showing machine class \(chosen) only; other classes: --machine-class (see history list)")
        }
        return Trend.analyze(benchmark, points: points)
    } catch let error as HistoryError where unrecorded == .skip && error.isUnrecordedBenchmark {
        return nil
    } catch let error as HistoryError { throw CommandFailure(error.exitStatus, error.description) }
}

extension HistoryError {
    /// The benchmark has no run in the history, or in the branch asked for.
    var isUnrecordedBenchmark: Bool {
        switch self {
        case .unknownBenchmark, .notOnBranch: return true
        default: return false
        }
    }
}

/// `history plot <benchmark-id>…`: trend plots with the budget line.
struct HistoryPlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot", abstract: "Plot benchmarks' trends (PNG + SVG), with a budget line and the detected steps.",
        discussion: HelpText.named("Example: framebudget history plot colormap/optimized/256x192 --budget-ms 2 --out Reports/trends"))

    @Argument(help: "Benchmark ids (default: every recorded benchmark).")
    var benchmarks: [String] = []

    @Option(help: "Folder for the images.")
    var out: String = "Reports/trends"

    @Option(name: .customLong("budget-ms"), parsing: .unconditional, help: "A limit on the median to draw over the medians, in ms, for every plotted benchmark (default: each benchmark's time budget in --budgets, drawn over a series of the statistic it limits).")
    var budgetMilliseconds: Double?

    @Option(help: ArgumentHelp(HelpText.named("The budgets file the budget lines come from, when --budget-ms is not given (default: Benchmarks/budgets.yaml, when it exists).")))
    var budgets: String?

    @Flag(name: .customLong("include-incomplete"), help: "Also use runs that were interrupted.")
    var includeIncomplete = false

    @Option(name: .customLong("machine-class"), help: "The machine class (hash, see history list) to plot (default: each benchmark's newest).")
    var machineClass: String?

    @Option(help: "Only the runs of this branch (default: every branch's), as recorded with history record --branch.")
    var branch: String?

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if let budgetMilliseconds, !(budgetMilliseconds.isFinite && budgetMilliseconds > 0) {
            throw badOptionValue("--budget-ms must be a positive number of milliseconds (got \(budgetMilliseconds))")
        }
    }

    func run() throws {
        try reportingFailures {
            let ids = benchmarks.isEmpty ? try database.openExisting().benchmarkIDs() : benchmarks
            let timeBudgets = try budgetLines()
            // Every series first: an unknown id or machine class is refused before the folder is made. By default
            // (every recorded benchmark) one without a complete run in the class is left out, saying so.
            let unrecorded: UnrecordedBenchmark = benchmarks.isEmpty ? .skip : .refuse
            let recorded = "\(includeIncomplete ? "" : "complete ")run recorded\(machineClass.map { " in machine class \($0)" } ?? "")"
                + (branch.map { " on branch \($0)" } ?? "")
            let trends = try ids.compactMap { id -> (String, Trend)? in
                guard let trend = try loadTrend(id, database: database, includeIncomplete: includeIncomplete,
                                                machineClass: machineClass, branch: branch, unrecorded: unrecorded) else {
                    Console.info("\(id): no \(recorded): not plotted")
                    return nil
                }
                return (id, trend)
            }
            guard !trends.isEmpty else {
                throw CommandFailure(.badInput, "\(database.path): no benchmark has a \(recorded): nothing to plot")
            }
            try Folders.create(out)
            let stems = TrendPlot.fileStems(of: trends.map(\.0))
            for (id, trend) in trends {
                // --budget-ms is a line over the medians, the series the plot draws; a budget brings its statistic.
                let budget = budgetMilliseconds.map { TrendPlot.BudgetLine(milliseconds: $0, statistic: .median) } ?? timeBudgets[id]
                let statistic = budget.map(\.statistic) ?? .median
                let labels = RunLabels.distinct(commits: trend.points.map(\.gitCommit), runIDs: trend.points.map(\.runID))
                let input = TrendPlot.Input(
                    benchmarkID: id,
                    points: zip(labels, trend.points).map { label, p in
                        .init(label: label, median: p.median / 1e6,
                              lower: (p.lower ?? p.median) / 1e6, upper: (p.upper ?? p.median) / 1e6,
                              budgetStatistic: p.value(of: statistic).map { $0 / 1e6 })
                    },
                    budget: budget,
                    steps: trend.steps.compactMap { step in
                        trend.points.firstIndex { $0.runID == step.runID }.map { ($0, Percent.signed(step.relativeChange)) }
                    },
                    fileStem: stems[id])
                for spec in TrendPlot().plots(for: input) {
                    do { Console.output(try Gnuplot.render(spec, into: out).map { "\(out)/\($0)" }.joined(separator: "\n")) }
                    catch { throw CommandFailure(.runFailure, "\(error)") }
                }
            }
        }
    }
}

extension HistoryPlotCommand {
    /// The time budget of each benchmark in the budgets file, in ms, with its statistic (the first when a
    /// benchmark has several).
    private func budgetLines() throws -> [String: TrendPlot.BudgetLine] {
        guard budgetMilliseconds == nil else { return [:] }
        return try TimeBudgets.firstPerBenchmark(named: budgets).mapValues {
            TrendPlot.BudgetLine(milliseconds: $0.nanoseconds / 1e6, statistic: $0.statistic, limitPhrase: $0.limitPhrase)
        }
    }
}

/// `history verify`: SQLite's integrity check, or a server history's consistency check.
struct HistoryVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the history's integrity (SQLite: PRAGMA integrity_check, each column's values, each run's result rows against its document; both: every result and spread belongs to a run, each run's results document reads as that run).",
        discussion: "Prints ok (exit 0). A damaged history is a malformed file: its problems in one line, exit 2.")

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        try reportingFailures {
            let result = try database.openExisting().integrityCheck()
            guard result == "ok" else {
                let problems = result.split(whereSeparator: \.isNewline).joined(separator: "; ")
                throw CommandFailure(.badInput, "\(database.path): integrity check failed: \(problems)")
            }
            Console.output(result)
        }
    }
}
