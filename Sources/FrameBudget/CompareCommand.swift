import ArgumentParser
import ChildProcesses
import Comparison
import Foundation
import History
import PostgresHistory
import Plots
import Results
import RunPipeline
import Statistics
import TextFormatting

/// `framebudget compare BASE.json HEAD.json`: per benchmark, a t test over process runs, Holm over the benchmarks,
/// each benchmark's noise floor and MDE, and a verdict; exit 1 when anything regressed, 3 when something is
/// inconclusive.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare", abstract: "Compare two sides (merged process runs): change, interval over runs, verdict.",
        discussion: ToolName.named("""
            Example: framebudget compare Reports/base/results.json Reports/head/results.json --format markdown --out pr.md
            Each process run is one replicate. A benchmark regressed (or improved) when the t test over runs, \
            Holm-adjusted over all compared benchmarks, is below --alpha AND the change exceeds its noise floor \
            (--threshold, or its between-run spread if larger); a change beyond the floor without that evidence, or \
            one run per side without a history, is INCONCLUSIVE. \
            Exit 0 nothing regressed or inconclusive, 1 something regressed, 3 something inconclusive or nothing \
            compared (none in common, or each left out; none regressed), 2 bad input (e.g. runs of different machine \
            classes), 4 a run failure, 5 the history server could not be reached, 64 a malformed command line.
            """))

    @Argument(help: "Results of the base (reference) run; with --database also a run number, run id, branch or commit.")
    var base: String

    @Argument(help: "Results of the head (candidate) run; with --database also a recorded run.")
    var head: String

    @Option(help: "History database: looks up a BASE or HEAD that is not a file, and each benchmark's between-run spread (noise floor) in the head's machine class (default: $FRAMEBUDGET_DATABASE, else none).")
    var database: String?

    /// The history: `--database`, else the fleet's `FRAMEBUDGET_DATABASE`; nil compares the files alone.
    private var history: String? { database ?? DatabaseOptions.environmentValue }

    /// How messages name the history's option.
    private var historyOption: String { database != nil ? "--database" : DatabaseOptions.environmentVariable }

    @Option(help: "Noise threshold in percent (e.g. 2 or 2%): a change is REGRESSED or IMPROVED only beyond it, UNCHANGED only when its 90% interval lies within it.")
    var threshold: String = "2"

    @Option(parsing: .unconditional, help: "Family-wise significance level (Holm over the compared benchmarks' run-level tests), 1e-9 to 0.5.")
    var alpha: Double = 0.01

    @Option(help: """
        How many looks at the same benchmarks this comparison is one of (a compare after every round: \
        Docs/COMPARE-AND-HISTORY.md, rounds): UNCHANGED then needs its 1 − 0.10/N interval inside the threshold \
        (Bonferroni; divide --alpha by the looks too).
        """)
    var looks: Int = 1

    @Option(help: "Output: console, markdown (the full table), pr-comment (short Markdown for a pull request: changes first, the rest collapsed, within GitHub's 65,536-character limit) or json.")
    var format: Format = .console

    @Option(help: "Write the output to this file (atomically) instead of stdout.")
    var out: String?

    @Option(help: "Also draw the comparison plot (PNG + SVG) into this folder.")
    var plots: String?

    @Option(help: ArgumentHelp(
        "Statistic to compare: median, or a percentile such as p10 (robust to bursts of interference on a shared machine).",
        valueName: "median|pN"))
    var statistic: String = "median"

    @Option(parsing: .unconditional, help: "Seed of the (informational) pooled-sample bootstrap intervals.")
    var seed: UInt64 = 0x5EED

    @Flag(help: "Print only the ids whose verdict more runs could change (inconclusive, its interval still wider than more runs would leave it): one per line (markdown: a list, json: an array), to stdout or --out; exit 0.")
    var undecided = false

    @Option(help: "What to compare: time (samples) or instructions (exact counts of '--counters callgrind' runs).")
    var mode: CompareMode = .time

    @OptionGroup var instructionOptions: InstructionCompareOptions

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case console, markdown, json
        case prComment = "pr-comment"
    }

    func validate() throws {
        // Unparsable is a malformed command line (64), as for any number option; out of range is bad input (2).
        guard let value = thresholdFraction else {
            throw ValidationError("--threshold '\(threshold)' is not a percentage such as 2 or 2%")
        }
        guard value >= 0, value < 10 else {
            throw badOptionValue("--threshold must be a percentage from 0 to under 1000, such as 2 or 2% (got \(threshold))")
        }
        guard (1...10_000).contains(looks) else { throw badOptionValue("--looks must be between 1 and 10000 (got \(looks))") }
        guard ComparisonSettings.alphaRange.contains(alpha) else {
            throw badOptionValue("--alpha must be between 1e-9 and 0.5 (got \(alpha))")
        }
        guard percentile != nil else { throw badOptionValue("--statistic must be median or pN with N in 1...99 (got \(statistic))") }
        if format == .prComment && (mode == .instructions || undecided) {
            throw badOptionValue("--format pr-comment is for time comparisons only (not with --mode instructions or --undecided)")
        }
    }

    /// `median` → 50, `p10` → 10.
    var percentile: Double? {
        if statistic == "median" { return 50 }
        guard statistic.hasPrefix("p"), let value = Double(statistic.dropFirst()), value >= 1, value <= 99 else { return nil }
        return value
    }

    var thresholdFraction: Double? {
        Double(threshold.hasSuffix("%") ? String(threshold.dropLast()) : threshold).map { $0 / 100 }
    }

    func run() throws {
        try reportingFailures {
            try OutputOverInput.refuse(out, option: "--out", inputs: [(base, "base results"), (head, "head results")]
                + (history.map { PostgresURL.isPostgres($0) ? [] : [($0, "history database")] } ?? []))
            // Plots asked for where no folder can be (a file): said before comparing, not as a warning after it.
            var isFolder: ObjCBool = false
            if let plots, FileManager.default.fileExists(atPath: plots, isDirectory: &isFolder), !isFolder.boolValue {
                throw CommandFailure(.badInput, "--plots \(plots): a file, not a folder")
            }
            if mode == .instructions {
                return try InstructionCompare(base: base, head: head, options: instructionOptions, format: format, out: out).run()
            }
            let headRun = try load(head)
            let baseRun = try load(base, machineClass: headRun.machineClass)
            if let refusal = Comparator.incompatibility(base: baseRun, head: headRun) { throw CommandFailure(.badInput, refusal) }
            if let shared = Comparator.sharedProcessRuns(baseRun, headRun) {
                Console.warning("base (\(base)) and head (\(head)) hold the same process run\(shared.count == 1 ? "" : "s") "
                    + "(\(shared.prefix(3).joined(separator: ", "))\(shared.count > 3 ? ", …" : "")): a run compared with itself "
                    + "shows no change whatever the code")
            }
            let settings = ComparisonSettings(alpha: alpha, threshold: thresholdFraction!, seed: seed, percentile: percentile!,
                                              looks: looks == 1 ? nil : looks)
            let report = Comparator.compare(base: baseRun, head: headRun, settings: settings, priors: try priors(for: headRun))
            if undecided {
                // The same --format and --out as the full comparison: a script reads the list from a file or as JSON.
                let text: String
                switch format {
                case .console: text = report.undecided.map { "\($0)\n" }.joined()
                case .markdown, .prComment: text = report.undecided.map { "- \(MarkdownText.inlineCode($0))\n" }.joined()
                case .json: text = String(decoding: try ResultsFile.encoder().encode(report.undecided), as: UTF8.self) + "\n"
                }
                if let out {
                    do { try AtomicFile.write(text, to: out) } catch { throw CommandFailure(.runFailure, "\(error)") }
                } else {
                    format == .json ? Console.outputRendered(text, terminator: "") : Console.output(text, terminator: "")
                }
                return
            }
            let text: String
            switch format {
            case .console: text = ComparisonText.console(report) + "\n"
            case .markdown: text = ComparisonText.markdown(report)
            case .prComment: text = PullRequestComment.markdown(report)
            case .json: text = try ComparisonText.json(report)
            }
            if let out {
                do { try AtomicFile.write(text, to: out) } catch { throw CommandFailure(.runFailure, "\(error)") }
                Console.output(ComparisonText.footer(report).joined(separator: "\n"))
            } else {
                Console.output(text, terminator: "")
            }
            if let plots { drawPlot(report, into: plots) }
            if report.hasRegression { throw ExitStatus.budgetFailure.code }
            // No benchmark compared (none in common, or every common one left out) decides nothing: a green "0
            // regressed" over 0 benchmarks, exit 0, passed a CI step that checks for exit 1.
            if report.comparedNothing {
                // The report's warnings say so; on stderr too when the report itself went to stdout in another format.
                if out == nil && format != .console {
                    Console.warning("no benchmark was compared (none in common, or each left out: see the warnings): nothing decided")
                }
                throw ExitStatus.inconclusive.code
            }
            // Benchmarks an interrupted side never measured are undecided, not removed: a green exit 0 hid them.
            if !report.inconclusive.isEmpty || report.notMeasured != nil { throw ExitStatus.inconclusive.code }
        }
    }


    /// Between-run spreads of the head's machine class from the history, when given and present.
    private func priors(for headRun: RunResults) throws -> [String: PriorSpread] {
        guard let database = history else { return [:] }
        // The history keeps the between-run spread of medians only; a tail's per-run spread is 2–6× wider on these
        // machines, so a median's floor made same-build p95s "improved" (−4.9%, [−7.1%, −2.6%]).
        guard percentile == 50 else {
            Console.warning("--statistic \(statistic): the history's noise floors are of medians; compared without them")
            return [:]
        }
        if !PostgresURL.isPostgres(database) && !FileManager.default.fileExists(atPath: database) {
            Console.warning("\(historyOption) \(database): no such file; compared without the history's noise floors")
            return [:]
        }
        do {
            return try HistoryLocation.reading(database)?.noiseFloors(of: headRun.benchmarks.map(\.id),
                                                                   machineClass: headRun.machineClass) ?? [:]
        } catch let error as HistoryError { throw CommandFailure(error.exitStatus, error.description) }
    }

    /// A results file, or (with --database) a recorded run resolved as `gate --baseline` resolves it (a branch or
    /// commit: its newest run of `machineClass`).
    private func load(_ reference: String, machineClass: MachineClass? = nil) throws -> RunResults {
        guard let database = history, !FileManager.default.fileExists(atPath: reference) else { return try ResultsFile.read(from: reference) }
        do {
            guard let history = try HistoryLocation.reading(database) else {
                throw CommandFailure(.badInput, "\(database): no history database")
            }
            return try BaselineResolver.resolve(reference, database: history, machineClass: machineClass).run
        } catch let error as HistoryError { throw CommandFailure(error.exitStatus, error.description) }
    }

    /// A plot that cannot be drawn is a warning: the comparison itself stands.
    private func drawPlot(_ report: ComparisonReport, into folder: String) {
        // Nothing compared has nothing to draw: no empty folder left behind, and said.
        guard !report.comparedNothing else { return Console.warning("--plots: no benchmark compared, no plot drawn") }
        do {
            // Staged and moved in whole, as a report folder: a stop while gnuplot drew left the data files and a PNG
            // without its SVG.
            let images = try StagedFolder.write(into: folder, what: "plot folder") { staging in
                try ComparisonPlot().plots(for: report).flatMap { try Gnuplot.render($0, into: staging) }
            }
            Console.writeToStandardError("plot: \(images.map { "\(folder)/\($0)" }.joined(separator: ", "))\n")
        } catch {
            Console.warning("\(error)")
        }
    }
}
