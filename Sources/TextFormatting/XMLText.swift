/// Text made safe for XML and HTML, in element content and in attribute values (single or double quoted).
public enum XMLText {
    /// The five markup characters as entities (`&amp; &lt; &gt; &quot; &apos;`); tab, line feed and carriage return
    /// kept; every other C0 control character (and U+FFFE, U+FFFF) as U+FFFD, because XML 1.0 allows them in no form,
    /// not even as a character reference: a JUnit report with one raw ESC is rejected whole by its readers.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// ``escape(_:)`` for an attribute value: tab, line feed and carriage return as character references too,
    /// because a parser turns each raw one into a space there (a budget named `a⏎b` read back as `a b`, no longer
    /// the name the other reports give).
    public static func attribute(_ text: String) -> String {
        var out = ""
        for scalar in escape(text).unicodeScalars {
            switch scalar {
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
