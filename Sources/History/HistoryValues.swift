import GRDB

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
