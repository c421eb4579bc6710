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

    /// Longest field or problem text echoed: a message stays one readable line whatever the file holds.
    static let maximumEchoed = 200

    public var description: String {
        let location = line.map { "\(path):\($0)" } ?? path
        let problem = Self.printable(problem)
        return field.map { "\(location): \(Self.printable($0)): \(problem)" } ?? "\(location): \(problem)"
    }

    /// Text from the file as it may appear in a message: control characters escaped, cut at ``maximumEchoed``.
    static func printable(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            guard shown.unicodeScalars.count < maximumEchoed else { return shown + "…" }
            shown += scalar.value < 0x20 || scalar.value == 0x7F ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return shown
    }
}
