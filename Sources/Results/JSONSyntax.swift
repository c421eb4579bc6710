import Foundation
import TextFormatting

/// What is wrong with bytes that are not JSON at all, said so that a user can act: a truncated copy, an empty file,
/// a stray character at line L, column C.
///
/// `JSONDecoder` only says "The given data was not valid JSON." (with no underlying error on Linux), so that a
/// truncated results file read "no schemaVersion"; `JSONSerialization` still knows where parsing stopped.
public enum JSONSyntax {
    /// Nil when `data` parses as JSON; else the problem in one line: "the file is empty", "not valid JSON: it ends
    /// in the middle of a value (truncated?)", or "not valid JSON: invalid value around line 2, column 9".
    public static func problem(in data: Data) -> String? {
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            return data.isEmpty ? "the file is empty" : "the file holds only white space"
        }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            return unrepresentable(detail, in: data) ?? "not valid JSON: " + words(for: detail, in: data)
        }
    }

    /// A number JSON allows but no double or integer holds (`1e999`, which Python reads as infinity): where it is,
    /// not "not valid JSON"; nil for any other parser message.
    private static func unrepresentable(_ detail: String, in data: Data) -> String? {
        guard detail.hasPrefix("Number "), let end = detail.range(of: " is not representable") else { return nil }
        let number = String(detail[detail.index(detail.startIndex, offsetBy: 7)..<end.lowerBound])
        let place = data.firstRange(of: Data(number.utf8)).map { lineAndColumn(ofByte: $0.lowerBound, in: data) }
            .map { " at line \($0.line), column \($0.column)" } ?? ""
        return "the number \(number)\(place) is out of the range of any field (no double or integer holds it)"
    }

    /// The parser's message with its byte offset turned into a line and column (1-based), which editors show.
    private static func words(for detail: String, in data: Data) -> String {
        if detail.hasPrefix("Unexpected end of file") { return "it ends in the middle of a value (truncated?)" }
        var message = detail.hasSuffix(".") ? String(detail.dropLast()) : detail
        message = TerminalText.clause(message)
        guard let range = message.range(of: #"around character \d+$"#, options: .regularExpression),
              let offset = Int(message[range].split(separator: " ").last ?? "") else { return message }
        let (line, column) = lineAndColumn(ofByte: offset, in: data)
        return message.replacingCharacters(in: range, with: "around line \(line), column \(column)")
    }

    /// The 1-based line and column of byte `offset` (columns count bytes, as the parser's offset does).
    static func lineAndColumn(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        let before = data.prefix(Swift.max(0, Swift.min(offset, data.count)))
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let column = before.count - (before.lastIndex(of: 0x0A).map { $0 - before.startIndex + 1 } ?? 0) + 1
        return (line, column)
    }
}
