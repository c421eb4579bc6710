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
        let place = message.replacingCharacters(in: range, with: "around line \(line), column \(column)")
        guard let field = field(atByte: offset, in: data) else { return place }
        if let literal = nonFiniteLiteral(atByte: offset, in: data) {
            let start = lineAndColumn(ofByte: offset - (literal.hasPrefix("-") ? 1 : 0), in: data)
            return "a bare \(literal) at line \(start.line), column \(start.column), in \(field): JSON has no \(literal) "
                + "(FrameBudget writes it as the string \"\(literal)\")"
        }
        return "\(place), in \(field)"
    }

    /// The field the byte at `offset` belongs to, for UTF-8 text (the parser's offsets count its bytes); nil at the
    /// top level.
    static func field(atByte offset: Int, in data: Data) -> String? {
        guard String(validating: data, as: UTF8.self) != nil else { return nil }
        return data.withUnsafeBytes { raw in
            var scanner = JSONKeyScanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.field(atByte: offset)
        }
    }

    /// `NaN`, `Infinity` or `-Infinity` written bare at `offset`, as Python's `json.dump` writes them: the value
    /// a user most often meets there, named rather than "invalid value".
    private static func nonFiniteLiteral(atByte offset: Int, in data: Data) -> String? {
        guard offset >= 0, offset < data.count else { return nil }
        let rest = data[(data.startIndex + offset)...]
        let signed = offset > 0 && data[data.startIndex + offset - 1] == UInt8(ascii: "-")  // the parser stops after a sign
        return ["NaN", "Infinity"].first { rest.starts(with: Data($0.utf8)) }.map { signed ? "-" + $0 : $0 }
    }

    /// The 1-based line and column of byte `offset` (columns count bytes, as the parser's offset does).
    static func lineAndColumn(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        let before = data.prefix(Swift.max(0, Swift.min(offset, data.count)))
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let column = before.count - (before.lastIndex(of: 0x0A).map { $0 - before.startIndex + 1 } ?? 0) + 1
        return (line, column)
    }
}
