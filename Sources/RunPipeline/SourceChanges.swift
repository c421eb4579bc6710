import Foundation

/// The functions a commit changed, read from its diff against its parent: a profiled function counts as changed when
/// a line the commit added, changed or removed lies in that function's body as the commit has it.
///
/// A sampling profile cannot tell "a caller calls its callee more often" from "the callee got slower": both add the
/// time under both. The commit's own diff can, so a bisection's culprit profile names the function the commit changed
/// (``DifferentialProfile/responsible(_:relativeChange:changed:)``). Definitions are found by their text (Swift
/// `func name`, `init`; C-like `type name(…) {` or a macro-pasted `FB_NAME(name)(…) {`), bodies by their braces: a
/// heuristic that errs towards "not changed", which leaves the profile's own rule to decide.
public struct SourceChanges: Sendable {
    /// Per file (its path at the commit): the lines the commit touched, 1-based; a removal marks the lines around it.
    public private(set) var touched: [String: Set<Int>] = [:]
    private var sources: [String: [Substring]] = [:]

    /// - Parameters:
    ///   - diff: `git diff -U0` of the parent against the commit.
    ///   - source: a touched file's text at the commit (nil: deleted or unreadable, skipped).
    public init(diff: String, source: (String) -> String?) {
        var file: String?
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("+++ ") {
                file = line.hasPrefix("+++ b/") ? String(line.dropFirst(6)) : nil
            } else if line.hasPrefix("@@"), let file, let lines = Self.newSideLines(line) {
                touched[file, default: []].formUnion(lines)
            }
        }
        for path in touched.keys {
            if let text = source(path) { sources[path] = text.split(separator: "\n", omittingEmptySubsequences: false) }
        }
    }

    /// The commit's changes against `parent` in `repository`, nil when git cannot say.
    public static func load(repository: String, parent: String, commit: String) -> SourceChanges? {
        let history = GitHistory(repository: repository)
        guard let diff = history.output(["diff", "-U0", "--no-color", "--no-ext-diff", "--no-renames", parent, commit]) else { return nil }
        return SourceChanges(diff: diff) { history.output(["show", "\(commit):\($0)"]) }
    }

    /// Whether the commit touched the body of the profiled function `name` (a demangled Swift name such as
    /// `closure #1 in DepthColormap.renderBand(_:_:_:)`, or a C symbol such as `palette_row_avx512`).
    public func changed(function name: String) -> Bool {
        let identifiers = Self.identifiers(of: name)
        return sources.contains { path, lines in
            guard let lines = touched[path] else { return false }
            let cLike = Self.cLikeExtensions.contains((path as NSString).pathExtension.lowercased())
            return identifiers.contains { identifier in
                Self.bodies(of: identifier, in: self.sources[path] ?? [], cLike: cLike)
                    .contains { body in lines.contains(where: body.contains) }
            }
        }
    }

    /// "@@ -12,3 +14,5 @@" → 14...18; a pure removal ("+14,0") → 14...15, the lines on either side of the gap.
    static func newSideLines(_ header: Substring) -> ClosedRange<Int>? {
        guard let plus = header.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { return nil }
        let fields = plus.dropFirst().split(separator: ",")
        guard let start = Int(fields[0]) else { return nil }
        let count = fields.count > 1 ? Int(fields[1]) ?? 1 : 1
        return count == 0 ? Swift.max(start, 1)...(start + 1) : start...(start + count - 1)
    }

    /// The source identifiers a profiled name may be defined under: the name called last (`renderBand` in
    /// `closure #1 in DepthColormap.renderBand(_:_:_:)`), and a C symbol without an instruction-set suffix
    /// (`palette_row` for `palette_row_avx512`, as a macro pastes it).
    static func identifiers(of name: String) -> [String] {
        var plain = name  // generic arguments out: `run<A>(_:)` is defined as `run`
        while let generic = plain.range(of: "<[^<>]*>", options: .regularExpression) { plain.removeSubrange(generic) }
        let beforeParenthesis = plain.split(separator: "(").first.map(String.init) ?? plain
        let trailing = beforeParenthesis.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).last
        guard let identifier = trailing.map(String.init), !identifier.isEmpty else { return [] }
        let suffixes = ["_avx512", "_avx2", "_avx", "_sse42", "_sse2", "_neon", "_portable", "_scalar"]
        let stems = suffixes.filter { identifier.hasSuffix($0) && identifier.count > $0.count }
            .map { String(identifier.dropLast($0.count)) }
        return [identifier] + stems
    }

    /// Files whose functions are defined `type name(…) {` (a call there is a statement ending in `;`).
    static let cLikeExtensions: Set<String> = ["c", "h", "cc", "cpp", "cxx", "hpp", "hh", "m", "mm"]

    /// The line ranges (1-based, definition line to closing brace) of every definition of `identifier` in `lines`.
    static func bodies(of identifier: String, in lines: [Substring], cLike: Bool) -> [ClosedRange<Int>] {
        lines.indices.filter { defines(identifier, lines[$0], cLike: cLike) }.compactMap { body(from: $0, in: lines) }
    }

    /// A definition's first line: `func identifier(` or `<` (Swift, Go; `fn` for Rust), `init(`; in a C-like file
    /// also `… identifier(` (or `identifier)(`, a pasted name) with no `=`, `return` or control keyword before it
    /// (those are calls). Not in Swift, where a call statement has no `;` to tell it from a definition.
    static func defines(_ identifier: String, _ line: Substring, cLike: Bool) -> Bool {
        let text = String(line)
        let name = NSRegularExpression.escapedPattern(for: identifier)
        if identifier == "init" { return text.range(of: #"\binit[?!]?\s*[(<]"#, options: .regularExpression) != nil && !text.contains("=") }
        if text.range(of: #"\b(func|fn)\s+\#(name)\s*[(<]"#, options: .regularExpression) != nil { return true }
        guard cLike, let match = text.range(of: #"\b\#(name)\)?\s*\("#, options: .regularExpression) else { return false }
        let before = text[..<match.lowerBound]
        let calls = #"(=|\breturn\b|\bif\b|\bwhile\b|\bfor\b|\bswitch\b|\bcase\b|\bguard\b|\blet\b|\bvar\b|\.|->|\bfunc\b)"#
        return before.range(of: calls, options: .regularExpression) == nil
    }

    /// From a definition's line to the brace that closes its body; nil when a `;` comes before the first `{` (a
    /// declaration or a call statement) or no body opens within a few lines.
    static func body(from start: Int, in lines: [Substring]) -> ClosedRange<Int>? {
        var depth = 0, opened = false
        for index in start..<lines.count {
            let code = lines[index].components(separatedBy: "//").first ?? ""
            for character in code.replacingOccurrences(of: #""([^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression) {
                switch character {
                case "{": depth += 1; opened = true
                case "}": depth -= 1
                case ";" where !opened: return nil
                default: break
                }
                if opened && depth == 0 { return (start + 1)...(index + 1) }
            }
            if !opened && index - start > 8 { return nil }
        }
        return nil
    }
}
