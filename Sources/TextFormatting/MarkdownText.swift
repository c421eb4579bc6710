/// Text from files (ids, run ids, budget names, warnings, CPU models) made inert in Markdown.
///
/// `report.md` and `compare --format markdown` are posted as pull-request comments, and their strings come from
/// the pull request's own results and budgets: an id such as `</script><script>…` or `<img onerror=…>`, a `|`
/// that splits a table cell, or `[x](javascript:…)` must render as the characters it is. Every string from a file
/// goes through ``code(_:)`` (ids and names in tables), ``inlineCode(_:)`` (in prose) or ``text(_:)`` (prose) — never into Markdown as it is.
public enum MarkdownText {
    /// Longest string shown, in characters.
    public static let maximumLength = 200

    /// `text` as a code span that is safe inside a table cell: one line, control characters visible, pipes escaped
    /// (GitHub splits cells on `|` even inside code spans), fenced by more backticks than any run inside it.
    public static func code(_ text: String) -> String {
        span(TerminalText.singleLine(text, maximumLength: maximumLength).replacingOccurrences(of: "|", with: "\\|"))
    }

    /// `text` as a code span in prose, outside a table: as ``code(_:)`` but with pipes as they are (outside a table
    /// row GitHub shows the backslash of `\|` inside a code span).
    public static func inlineCode(_ text: String) -> String {
        span(TerminalText.singleLine(text, maximumLength: maximumLength))
    }

    /// `line` fenced by more backticks than any run inside it.
    private static func span(_ line: String) -> String {
        let longestRun = line.split(separator: "`", omittingEmptySubsequences: false).count > 1
            ? line.reduce(into: (longest: 0, current: 0)) { state, character in
                state.current = character == "`" ? state.current + 1 : 0
                state.longest = max(state.longest, state.current)
            }.longest : 0
        let fence = String(repeating: "`", count: longestRun + 1)
        // A span that starts or ends with a backtick (or is blank) needs a space inside the fence; one space each
        // side is stripped again when rendered.
        let padded = line.hasPrefix("`") || line.hasSuffix("`") || line.allSatisfy({ $0 == " " }) ? " \(line) " : line
        return fence + padded + fence
    }

    /// `text` as plain Markdown text: one line, control characters visible, and a backslash before every character
    /// that can start markup anywhere (emphasis, code, links, images, HTML, entities, tables, strike-through, math,
    /// mentions) and before a line-start marker (list, heading underline, ordered list), so no markup, link, HTML or
    /// table cell starts. CommonMark allows the backslash before any ASCII punctuation.
    public static func text(_ text: String) -> String {
        let line = TerminalText.singleLine(text, maximumLength: maximumLength)
        var escaped = ""
        for scalar in line.unicodeScalars {
            if anywhere.contains(scalar) { escaped += "\\" }
            escaped.unicodeScalars.append(scalar)
        }
        if let first = escaped.unicodeScalars.first, atLineStart.contains(first) { escaped = "\\" + escaped }
        // `1.` or `1)` at the start of a line begins an ordered list.
        let digits = escaped.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, let next = escaped.dropFirst(digits.count).first, next == "." || next == ")" {
            escaped = digits + "\\" + escaped.dropFirst(digits.count)
        }
        return escaped
    }

    private static let anywhere = Set("\\`*_[]<>#|~&!$@".unicodeScalars)
    private static let atLineStart = Set("-+=".unicodeScalars)
}
