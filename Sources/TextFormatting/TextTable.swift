import Foundation

/// Column-aligned plain text: a header, a rule of dashes as wide as each column, then the rows, columns two spaces
/// apart. The one table renderer of the console, `history`, `compare --instructions` and the run summary.
public enum TextTable {
    /// How a column's cells sit in its width.
    public enum Alignment: Sendable, Equatable {
        case left, right
    }

    /// Longest cell shown, in characters.
    public static let maximumCellLength = 200

    /// The table's lines.
    /// - Parameters:
    ///   - alignments: per column; columns past its end (or all, when empty) are left-aligned.
    ///   - trimmed: strips the padding at both ends of every line (a last column padded to its width leaves none).
    /// - Precondition: every row has at least as many cells as `header`.
    public static func lines(
        header: [String], rows: [[String]], alignments: [Alignment] = [], trimmed: Bool = true
    ) -> [String] {
        // Cells come from files: one line each, control characters visible, and no 100 KB id widening every row.
        let header = header.map { TerminalText.singleLine($0, maximumLength: maximumCellLength) }
        let rows = rows.map { $0.map { TerminalText.singleLine($0, maximumLength: maximumCellLength) } }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, cell in
                let alignment = column < alignments.count ? alignments[column] : .left
                return pad(cell, to: widths[column], alignment)
            }.joined(separator: "  ")
            return trimmed ? padded.trimmingCharacters(in: .whitespaces) : padded
        }
        return [line(header), line(widths.map { String(repeating: "-", count: $0) })] + rows.map(line)
    }

    /// The table as one string, lines joined by newlines (no newline after the last).
    public static func render(
        header: [String], rows: [[String]], alignments: [Alignment] = [], trimmed: Bool = true
    ) -> String {
        lines(header: header, rows: rows, alignments: alignments, trimmed: trimmed).joined(separator: "\n")
    }

    /// `text` padded with spaces to `width`: on the right (Foundation's `padding`, which cuts a longer text) or,
    /// right-aligned, on the left.
    static func pad(_ text: String, to width: Int, _ alignment: Alignment) -> String {
        switch alignment {
        case .left: return text.padding(toLength: width, withPad: " ", startingAt: 0)
        case .right: return String(repeating: " ", count: Swift.max(0, width - text.count)) + text
        }
    }
}
