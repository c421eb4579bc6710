import Foundation
import GRDB
import Results

/// A value of the history database that is not what its column holds: a number column holding text, a
/// statistic that is negative or not finite. Only a damaged or hand-edited file has one (SQLite keeps any value
/// in any column); reading it is bad input, never a trap in GRDB's subscript.
struct HistoryValueError: Error {
    let table: String
    let column: String
    let value: DatabaseValue
    let expected: String

    /// One line: which column holds what, and what it should hold.
    var reason: String {
        "\(table).\(column) holds \(HistoryValueError.shown(value)), not \(expected) (a damaged or hand-edited history; "
            + "'history verify' lists every such value)"
    }

    static func shown(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: return "NULL"
        case let .int64(number): return "\(number)"
        case let .double(number): return "\(number)"
        case let .string(text): return "'\(text.count > 40 ? String(text.prefix(39)) + "…" : text)' (text)"
        case let .blob(data): return "a blob of \(data.count) bytes"
        }
    }
}

extension Row {
    /// The value of `column` of `table`, decoded as `Value`, or ``HistoryValueError``.
    func checked<Value: DatabaseValueConvertible>(_ column: String, of table: String, as _: Value.Type = Value.self) throws -> Value {
        do { return try decode(Value.self, forColumn: column) }
        catch { throw HistoryValueError(table: table, column: column, value: self[column], expected: Self.kind(of: Value.self)) }
    }

    /// A recorded statistic (ns per iteration): a finite number ≥ 0, or ``HistoryValueError``.
    func statistic(_ column: String, of table: String) throws -> Double {
        let value: Double = try checked(column, of: table)
        guard value.isFinite, value >= 0 else {
            throw HistoryValueError(table: table, column: column, value: self[column], expected: "a finite number ≥ 0")
        }
        return value
    }

    /// An optional recorded statistic: NULL, or as ``statistic(_:of:)``.
    func optionalStatistic(_ column: String, of table: String) throws -> Double? {
        (self[column] as DatabaseValue).isNull ? nil : try statistic(column, of: table)
    }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Double?.Type: return "a number"
        case is Int.Type, is Int64.Type, is Bool.Type, is Int?.Type, is Int64?.Type, is Bool?.Type: return "an integer"
        case is String.Type, is String?.Type: return "text"
        default: return "a \(type)"
        }
    }
}

/// `history verify`'s check of the values SQLite's integrity check does not look at: each column's type, and the
/// recorded statistics finite and ≥ 0.
enum HistoryValueAudit {
    /// (table, column, SQL condition a sound value meets).
    private static let rules: [(table: String, column: String, sound: String)] = {
        var rules: [(String, String, String)] = []
        let number = "typeof(%@) IN ('real', 'integer') AND %@ >= 0 AND %@ < 9e999"
        let nullableNumber = "%@ IS NULL OR (\(number))"
        for column in ["median", "p95", "p99", "mean", "standard_deviation"] { rules.append(("results", column, number)) }
        for column in ["median_lower", "median_upper"] { rules.append(("results", column, nullableNumber)) }
        for column in ["samples", "run"] { rules.append(("results", column, "typeof(%@) = 'integer'")) }
        rules.append(("results", "benchmark_id", "typeof(%@) = 'text'"))
        for column in ["run_id", "started_at", "hostname"] { rules.append(("runs", column, "typeof(%@) = 'text'")) }
        for column in ["git_commit", "git_branch", "machine_class_hash"] {
            rules.append(("runs", column, "%@ IS NULL OR typeof(%@) = 'text'"))
        }
        rules.append(("runs", "complete", "typeof(%@) = 'integer'"))
        rules.append(("runs", "document", "typeof(%@) IN ('blob', 'text')"))
        for column in ["log_standard_deviation", "degrees_of_freedom"] { rules.append(("run_spreads", column, number)) }
        rules.append(("run_process_runs", "in_spread", "typeof(%@) = 'integer'"))
        return rules.map { ($0.0, $0.1, $0.2.replacingOccurrences(of: "%@", with: $0.1)) }
    }()

    /// Each run's stored results document, read as every reader reads it (``ResultsFile/decode(_:path:)``): a
    /// damaged one made `baseline-commit` and `gate --baseline` fail every night while verify said `ok`. One line
    /// (how many runs, the first one's problem), or nil.
    /// - Parameter comparingResults: also compare each run's result rows with its document (off when unsound values
    ///   are reported already: a median of -5 is said once, as unsound).
    static func documentProblem(_ db: Database, comparingResults: Bool = true) throws -> String? {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, run_id, document FROM runs WHERE typeof(run_id) = 'text' AND typeof(document) IN ('blob', 'text') ORDER BY id
            """)
        var audit = RunDocumentAudit()
        var disagreeing = 0, firstDisagreement: String?
        while let row = try rows.next() {
            let document: DatabaseValue = row["document"]
            let run: RunResults?
            switch document.storage {
            case .blob(let bytes): run = audit.check(runID: row["run_id"], document: bytes)
            case .string(let text): run = audit.check(runID: row["run_id"], document: Data(text.utf8))
            default: continue
            }
            // show, site and export read the results rows; gate --baseline reads the document: they must agree.
            guard comparingResults, let run, let problem = try resultsDisagreement(db, number: row["id"], run: run) else { continue }
            disagreeing += 1
            firstDisagreement = firstDisagreement ?? problem
        }
        let results = firstDisagreement.map {
            "results: \(disagreeing == 1 ? "1 run's rows do" : "\(disagreeing) runs' rows do") not agree with its results document (first: \($0))"
        }
        let problems = [audit.problem, results, try orphanProblem(db)].compactMap { $0 }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// The first of run `number`'s result rows whose median is not its document's, or that its document does not hold.
    private static func resultsDisagreement(_ db: Database, number: Int64, run: RunResults) throws -> String? {
        let medians = Dictionary(run.benchmarks.map { ($0.id, HistoryResultRow($0, runID: run.runID).median) }) { first, _ in first }
        let rows = try Row.fetchAll(db, sql: "SELECT benchmark_id, median FROM results WHERE run = ? ORDER BY benchmark_id",
                                    arguments: [number])
        for row in rows {
            guard let id = row["benchmark_id"] as String?, let median = row["median"] as Double? else { continue }
            guard let stored = medians[id] else { return "run \(run.runID), \(id): not in its document" }
            if stored != median { return "run \(run.runID), \(id): median \(median), its document \(stored)" }
        }
        return nil
    }

    /// Result or spread rows of a run that is gone (a deleted run whose rows stayed): read by show and the site as
    /// no run's.
    private static func orphanProblem(_ db: Database) throws -> String? {
        var problems: [String] = []
        for table in ["results", "run_spreads", "run_process_runs"] where try db.tableExists(table) {
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE run NOT IN (SELECT id FROM runs)") ?? 0
            if count > 0 { problems.append("\(table): \(count == 1 ? "1 row belongs" : "\(count) rows belong") to no run") }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// One line per unsound column (its first bad value and how many rows hold one); empty for a sound history.
    static func problems(_ db: Database) throws -> [String] {
        var problems: [String] = []
        for rule in rules {
            let unsound = "NOT (\(rule.sound))"
            guard let first = try Row.fetchOne(db, sql: """
                SELECT \(rule.column) AS value, (SELECT COUNT(*) FROM \(rule.table) WHERE \(unsound)) AS rows
                FROM \(rule.table) WHERE \(unsound) LIMIT 1
                """) else { continue }
            let rows: Int = first["rows"]
            problems.append("\(rule.table).\(rule.column): \(rows == 1 ? "1 row holds" : "\(rows) rows hold") an unsound value "
                            + "(first: \(HistoryValueError.shown(first["value"])))")
        }
        return problems
    }
}

/// Reads stored results documents as every reader does, counting those that do not read as the run their row names:
/// `history verify`'s look at what SQLite (or the server) keeps but cannot judge.
public struct RunDocumentAudit {
    public private(set) var unreadable = 0
    /// The first unreadable document's problem: `run night-10: not valid JSON: …`.
    public private(set) var first: String?

    public init() {}

    /// Reads `document`, the results of run `runID`. - Returns: the run, nil when it does not read (counted).
    @discardableResult
    public mutating func check(runID: String, document: Data) -> RunResults? {
        do { return try Self.decode(document, of: runID, path: "run \(runID)") } catch {
            unreadable += 1
            first = first ?? "\(error)"
            return nil
        }
    }

    /// The run `document` holds, which must be run `runID` (the row it is stored in): every reader of a stored run
    /// comes through here, so a document of another run is never compared against as this one.
    /// - Throws: ``ResultsFileError`` naming `path`.
    public static func decode(_ document: Data, of runID: String, path: String) throws -> RunResults {
        let run = try ResultsFile.decode(document, path: path)
        guard run.runID == runID else {
            throw ResultsFileError.invalid(path: path, field: "runID", problem: "'\(run.runID)' is not the run recorded "
                                           + "here: a damaged or hand-edited history")
        }
        return run
    }

    /// `runs.document: 1 run's results document does not read (first: …)`, or nil when every one read.
    public var problem: String? {
        guard let first else { return nil }
        let runs = unreadable == 1 ? "1 run's results document does" : "\(unreadable) runs' results documents do"
        return "runs.document: \(runs) not read (first: \(first))"
    }
}
