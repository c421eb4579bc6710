/// Selects benchmarks by id with shell-style globs: `*` matches any run of characters (including `/`), `?` one
/// character. A pattern without a wildcard matches an id exactly or as a prefix ending at a `/`
/// (`colormap` selects every `colormap/...`).
public struct IDFilter: Sendable {
    public let patterns: [String]

    public init(_ patterns: [String]) { self.patterns = patterns }

    /// True when no pattern was given or any pattern matches.
    public func matches(_ id: String) -> Bool {
        patterns.isEmpty || patterns.contains { Self.match(pattern: $0, id: id) }
    }

    /// Patterns that select nothing from `ids` (so the command can name them instead of running nothing).
    public func unmatchedPatterns(in ids: [String]) -> [String] {
        patterns.filter { pattern in !ids.contains { Self.match(pattern: pattern, id: $0) } }
    }

    static func match(pattern: String, id: String) -> Bool {
        if !pattern.contains("*") && !pattern.contains("?") {
            return id == pattern || id.hasPrefix(pattern.hasSuffix("/") ? pattern : pattern + "/")
        }
        return glob(Array(pattern), Array(id))
    }

    private static func glob(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0, t = 0, starP = -1, starT = 0
        while t < text.count {
            if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                p += 1; t += 1
            } else if p < pattern.count && pattern[p] == "*" {
                starP = p; starT = t; p += 1
            } else if starP >= 0 {
                p = starP + 1; starT += 1; t = starT
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
