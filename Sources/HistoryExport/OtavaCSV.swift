import History
import Results

/// The history of one machine class as the CSV Apache Otava reads (its `csv` test type): a `time` column, the
/// attribute columns `commit`, `branch`, `run` and `machine`, and one column per benchmark holding its median, ns
/// per iteration. One row per run, oldest first.
///
/// Otava reads every metric cell as a number, so a row has no empty cell. By default the columns are the benchmarks
/// every selected run measured (a benchmark added to the suite last night would otherwise drop every older run;
/// ``Table/omittedBenchmarks`` names the others); with named benchmarks, a run that did not measure them all is left
/// out (``Table/omittedRuns`` says how many).
public enum OtavaCSV {
    /// The attribute columns, in order, after `time`.
    public static let attributes = ["commit", "branch", "run", "machine"]

    /// The runs and benchmark columns of one machine class.
    public struct Table: Sendable, Equatable {
        public var benchmarkIDs: [String]
        /// One per exported run: its record and the median of each benchmark, in ``benchmarkIDs``' order.
        public var rows: [(run: RunRecord, medians: [Double])]
        /// Runs of the class left out because they did not measure every exported benchmark.
        public var omittedRuns: Int
        /// Benchmarks some selected runs measured and others did not, left out of the default columns.
        public var omittedBenchmarks: [String] = []

        public static func == (a: Table, b: Table) -> Bool {
            a.benchmarkIDs == b.benchmarkIDs && a.omittedRuns == b.omittedRuns
                && a.rows.map(\.run) == b.rows.map(\.run) && a.rows.map(\.medians) == b.rows.map(\.medians)
        }
    }

    /// Reads the runs of `machineClass` (a hash) from `history` through its reading API.
    /// - Parameters:
    ///   - benchmarkIDs: the columns; nil for the benchmarks every selected run (class, branch, completeness) measured.
    ///   - includeIncomplete: also export interrupted runs.
    ///   - branch: only the runs of this branch (Otava refuses a file of several unless told which one to read).
    /// - Throws: ``History/HistoryError/unknownBenchmark(id:)`` for a requested id the class never measured.
    public static func table(from history: any HistoryStore, machineClass: String, benchmarkIDs: [String]? = nil,
                             includeIncomplete: Bool = false, branch: String? = nil) throws -> Table {
        let runs = try history.runs(limit: Int.max, branch: branch).reversed()
            .filter { $0.machineClass == machineClass && (includeIncomplete || $0.complete) }
        let selected = Set(runs.map(\.runID))
        var medians = [String: [String: Double]]()  // benchmark → run id → median, of the selected runs
        for id in try benchmarkIDs ?? history.benchmarkIDs() {
            do {
                let points = try history.series(of: id, completeOnly: !includeIncomplete, machineClass: machineClass)
                    .filter { selected.contains($0.runID) }
                if benchmarkIDs == nil && points.isEmpty { continue }  // not measured by these runs at all
                medians[id] = Dictionary(points.map { ($0.runID, $0.median) }, uniquingKeysWith: { first, _ in first })
            } catch HistoryError.unknownBenchmark where benchmarkIDs == nil { continue }
        }
        let everyRun = medians.keys.filter { medians[$0]!.count == selected.count }.sorted()
        let ids = benchmarkIDs ?? everyRun
        var table = Table(benchmarkIDs: ids, rows: [], omittedRuns: 0)
        if benchmarkIDs == nil { table.omittedBenchmarks = medians.keys.filter { !everyRun.contains($0) }.sorted() }
        for run in runs {
            let values = ids.compactMap { medians[$0]?[run.runID] }
            if values.count == ids.count { table.rows.append((run, values)) } else { table.omittedRuns += 1 }
        }
        return table
    }

    /// The branches of the exported runs, sorted (a run recorded without one is "").
    public static func branches(_ table: Table) -> [String] {
        Set(table.rows.map { $0.run.gitBranch ?? "" }).sorted()
    }

    /// The CSV text (RFC 4180: fields with a comma, quote or line break quoted; lines end with `\n`).
    public static func csv(_ table: Table, machine: String) -> String {
        let header = ["time"] + attributes + table.benchmarkIDs
        let lines = table.rows.map { row in
            [row.run.startedAt, row.run.gitCommit ?? "", row.run.gitBranch ?? "", row.run.runID, machine]
                + row.medians.map { String($0) }
        }
        return ([header] + lines).map { $0.map(field).joined(separator: ",") + "\n" }.joined()
    }

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
