import ArgumentParser
import ChildProcesses
import Glibc
import History
import HistoryExport
import Results
import RunPipeline

/// `history export --format csv`: one machine class's runs as the CSV Apache Otava reads.
struct HistoryExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export one machine class's medians per run as CSV (for Apache Otava's csv tests).",
        discussion: ToolName.named("""
            Example: framebudget history export --format csv --out history.csv
            Columns: time, commit, branch, run, machine, then one per benchmark (median, ns per iteration); one row \
            per run, oldest first. A run that did not measure every exported benchmark is left out (a warning says \
            how many): Otava needs a number in every cell. Docs/COMPARE-AND-HISTORY.md has an Otava config for it.
            """))

    enum Format: String, ExpressibleByArgument, CaseIterable { case csv }

    @Option(help: "Output format.")
    var format: Format = .csv

    @Option(help: "Write to this file (atomically) instead of stdout.")
    var out: String?

    @Option(name: .customLong("machine-class"), help: "The machine class (hash, see history list) to export (default: the newest run's).")
    var machineClass: String?

    @Option(name: .customLong("benchmark"), help: "Export only this benchmark (repeat for several; default: every benchmark of the class).")
    var benchmarks: [String] = []

    @Flag(name: .customLong("include-incomplete"), help: "Also export runs that were interrupted.")
    var includeIncomplete = false

    @Option(help: "Export only the runs of this branch (Otava refuses a file of several branches unless its own --branch names one).")
    var branch: String?

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        try reportingFailures {
            if !database.isServer { try OutputOverInput.refuse(out, option: "--out", inputs: [(database.resolved, "history database")]) }
            let history = try database.openExisting()
            let classes = try history.machineClasses().map(\.machineClass)
            // With --branch, the class of the branch's newest run: the newest of the whole history may be another's.
            let branchClass = try branch.flatMap { try history.runs(limit: 1, branch: $0).first?.machineClass }
            guard let chosen = machineClass ?? branchClass ?? classes.first?.hash else {
                throw CommandFailure(.badInput, "\(database.path): no run with a machine class to export")
            }
            guard classes.contains(where: { $0.hash == chosen }) else {
                throw CommandFailure(.badInput, "--machine-class \(chosen): no such machine class in \(database.path) (see history list)")
            }
            if machineClass == nil && classes.count > 1 {
                Console.warning("exporting machine class \(chosen) only, the newest\(branch.map { " of branch \($0)" } ?? "") of \(classes.count); "
                                + "others: --machine-class (see history list)")
            }
            let table: OtavaCSV.Table
            do {
                table = try OtavaCSV.table(from: history, machineClass: chosen, benchmarkIDs: benchmarks.isEmpty ? nil : benchmarks,
                                           includeIncomplete: includeIncomplete, branch: branch)
            } catch let error as HistoryError {
                // The class narrows a query's outcome; a damaged file is damaged whatever the class.
                guard case .unusable = error else { throw CommandFailure(error.exitStatus, "\(error.description) in machine class \(chosen)") }
                throw CommandFailure(error.exitStatus, error.description)
            }
            if let branch, table.rows.isEmpty && table.omittedRuns == 0 {
                throw CommandFailure(.badInput, "--branch \(branch): no run of machine class \(chosen) on this branch in \(database.path) (see history list)")
            }
            let branches = OtavaCSV.branches(table)
            if branch == nil && branches.count > 1 {
                Console.warning("the export holds \(branches.count) branches (\(branches.map { $0.isEmpty ? "none" : $0 }.joined(separator: ", "))): "
                                + "otava analyze refuses it without its --branch; or export one with --branch")
            }
            if table.omittedRuns > 0 {
                Console.warning("\(table.omittedRuns) runs left out: they did not measure every exported benchmark (choose fewer with --benchmark)")
            }
            if !table.omittedBenchmarks.isEmpty {
                Console.warning("\(table.omittedBenchmarks.count) benchmark(s) left out: not measured by every exported run "
                                + "(\(table.omittedBenchmarks.prefix(3).joined(separator: ", "))\(table.omittedBenchmarks.count > 3 ? ", …" : "")); "
                                + "name them with --benchmark to export the runs that did")
            }
            // A header and no row: Otava reads nothing, and the export said nothing either (exit 0).
            if table.rows.isEmpty || table.benchmarkIDs.isEmpty {
                throw CommandFailure(.badInput, "nothing to export from machine class \(chosen)\(branch.map { " on branch \($0)" } ?? ""): "
                                     + (table.benchmarkIDs.isEmpty ? "no benchmark was measured by every run (name some with --benchmark)"
                                        : "no run measured every named benchmark"))
            }
            let text = OtavaCSV.csv(table, machine: chosen)
            // Piped, the file's bytes, as --out writes them; on a terminal, control characters made visible (a branch
            // name's escape sequence must not reach the terminal).
            guard let out else {
                return isatty(STDOUT_FILENO) != 0 ? Console.output(text, terminator: "") : Console.outputRendered(text, terminator: "")
            }
            do { try AtomicFile.write(text, to: out) } catch { throw CommandFailure(.runFailure, "\(error)") }
        }
    }
}
