/// `functions.tsv`: one benchmark's exclusive instructions per iteration by function, as `--counters callgrind`
/// keeps it (see ``InstructionArtifacts``). A `#` header line, then one line per function, largest first:
/// `<instructions per iteration> TAB <symbol> TAB <readable name>`. The symbol (mangled, as the binary names it)
/// identifies a function across two builds; the readable name (demangled) is what a reviewer reads.
public enum FunctionCountsFile {
    /// One line of the file.
    public struct Entry: Sendable, Equatable {
        public let symbol: String
        public let name: String
        public let instructionsPerIteration: Double

        public init(symbol: String, name: String, instructionsPerIteration: Double) {
            self.symbol = symbol
            self.name = name
            self.instructionsPerIteration = instructionsPerIteration
        }
    }

    static let header = "# instructions-per-iteration\tsymbol\tfunction"

    /// The file's text for per-function counts; `names` maps a symbol to its readable name (absent: the symbol).
    public static func render(_ counts: [String: Double], names: [String: String]) -> String {
        let lines = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { entry in
            "\(format(entry.value))\t\(entry.key)\t\(names[entry.key] ?? entry.key)"
        }
        return ([header] + lines).joined(separator: "\n") + "\n"
    }

    /// The entries of a file's text.
    /// - Throws: ``ToolError`` naming `path` and the line when a line is not `count TAB symbol TAB name`.
    public static func parse(_ text: String, path: String) throws -> [Entry] {
        var entries = [Entry]()
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty && !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let count = Double(fields[0]), count.isFinite, !fields[1].isEmpty else {
                throw ToolError(kind: .failed, message: "\(path): line \(index + 1) is not 'count<TAB>symbol<TAB>function'")
            }
            entries.append(Entry(symbol: String(fields[1]), name: String(fields[2]), instructionsPerIteration: count))
        }
        return entries
    }

    /// Whole numbers without a fraction (the usual case), others with enough digits to read back exactly.
    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
