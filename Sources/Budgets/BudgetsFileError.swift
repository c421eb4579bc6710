/// A problem in a budgets file, located to the line: `Benchmarks/budgets.yaml:12: limit: must be positive (got 0)`.
public struct BudgetsFileError: Error, CustomStringConvertible, Equatable {
    public var path: String
    /// 1-based line of the offending node; nil when the file could not be read at all.
    public var line: Int?
    /// The field at fault (`limit`, `budgets[3]`…), or nil for a file-level problem.
    public var field: String?
    public var problem: String

    public init(path: String, line: Int?, field: String?, problem: String) {
        self.path = path
        self.line = line
        self.field = field
        self.problem = problem
    }

    public var description: String {
        let location = line.map { "\(path):\($0)" } ?? path
        return field.map { "\(location): \($0): \(problem)" } ?? "\(location): \(problem)"
    }
}
