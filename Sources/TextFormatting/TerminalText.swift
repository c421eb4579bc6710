/// Text from files (ids, run ids, hostnames, branches, reasons) made safe to print on a terminal.
///
/// Results files and history databases come from other people's branches: an id holding `ESC[2J` or an OSC title
/// sequence would clear the reader's screen or retitle the terminal, and a 100 KB id would print a 600 KB table.
/// Everything the command line prints goes through here (see `Console`), so no format or command has to remember.
public enum TerminalText {
    /// A library's sentence ("Unknown option '--x'") as a clause of one of ours, which begin in lower case.
    public static func clause<S: StringProtocol>(_ sentence: S) -> String {
        sentence.prefix(1).lowercased() + sentence.dropFirst()
    }

    /// Longest line printed, in characters; the rest is counted, not shown.
    public static let maximumLineLength = 2_000

    /// `text` with every control character but line feed and tab (C0, DEL, C1, so `ESC`, `CR`, `BEL`) shown as a
    /// visible `\x1b`-style escape, and each line cut at ``maximumLineLength`` characters.
    public static func safe(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { capped(neutralised(String($0))) }
            .joined(separator: "\n")
    }

    /// One line from a file as one printed line: line feeds and tabs are escaped too, and the line is cut.
    public static func singleLine(_ text: String, maximumLength: Int = maximumLineLength) -> String {
        capped(neutralised(text, keepingLineFeedsAndTabs: false), maximumLength: maximumLength)
    }

    /// Control characters as `\xHH` (C0, DEL) or `\u{HHHH}` (C1, bidirectional controls); line feeds and tabs kept
    /// when asked.
    public static func neutralised(_ text: String, keepingLineFeedsAndTabs: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0, keepingLineFeedsAndTabs) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar, keepingLineFeedsAndTabs) else { result.unicodeScalars.append(scalar); continue }
            let hex = String(scalar.value, radix: 16)
            result += scalar.value < 0x80 ? "\\x" + (hex.count == 1 ? "0" + hex : hex) : "\\u{\(hex)}"
        }
        return result
    }

    /// `line` cut to `maximumLength` characters, saying how many were left out. The cut is in the middle, keeping
    /// a quarter of the room for the end: a message's reason comes last ("<a 4 KB path>: File name too long").
    public static func capped(_ line: String, maximumLength: Int = maximumLineLength) -> String {
        guard line.count > maximumLength else { return line }
        let tail = maximumLength / 4, head = maximumLength - tail, left = line.count - maximumLength
        guard tail > 0 else { return String(line.prefix(head)) + "… (\(left) more characters)" }
        return String(line.prefix(head)) + " … (\(left) characters left out) … " + String(line.suffix(tail))
    }

    private static func isControl(_ scalar: Unicode.Scalar, _ keepingLineFeedsAndTabs: Bool) -> Bool {
        let value = scalar.value
        if keepingLineFeedsAndTabs && (value == 0x0A || value == 0x09) { return false }
        // The bidirectional embeddings, overrides and isolates too: one in an id or a budget name read from a file
        // reorders the rest of the line it is printed on (`FAIL` shown after the name it precedes).
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
