import Foundation
import TextFormatting

/// gnuplot commands in which nothing from a results file, a database or the command line is ever read as code.
///
/// Results files come from other people's branches, and gnuplot runs shell commands from its input (`!cmd`,
/// backquotes, `system("…")`), so quoting strings into a script piece by piece is one forgotten case away from
/// running an attacker's command. Instead, a script is built only from:
/// - literals written in FrameBudget's own source (string interpolation accepts no `String`, so text from outside
///   cannot reach the code by accident: it does not compile);
/// - numbers, written by FrameBudget (`NaN` for a non-finite one);
/// - references `S[k]` into a table of strings (``PlotStrings``), which the renderer writes as a data file of byte
///   values and gnuplot rebuilds with `sprintf("%c", …)`: text is only ever data to gnuplot, whatever it holds;
/// - data file names made of ASCII letters, digits, `-`, `_` and `.` (``DataFileName``).
public struct GnuplotScript: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The commands, with every string from outside written as `S[k]`.
    public private(set) var code: String

    public init(stringLiteral value: String) { code = value }

    public init(stringInterpolation: Interpolation) { code = stringInterpolation.code }

    public var description: String { code }

    /// `lhs` followed by `rhs`.
    public static func + (lhs: GnuplotScript, rhs: GnuplotScript) -> GnuplotScript {
        GnuplotScript(stringLiteral: lhs.code + rhs.code)
    }

    /// Commands, one per line.
    public init(lines: [GnuplotScript]) { code = lines.map(\.code).joined(separator: "\n") }

    /// Interpolation of typed values only: text must be a ``PlotStrings/Reference``.
    public struct Interpolation: StringInterpolationProtocol {
        var code = ""

        public init(literalCapacity: Int, interpolationCount: Int) { code.reserveCapacity(literalCapacity * 2) }

        public mutating func appendLiteral(_ literal: String) { code += literal }

        /// A number, as gnuplot reads it; `NaN` when it is not finite (gnuplot's own not-a-number).
        public mutating func appendInterpolation(_ number: Double) { code += GnuplotScript.number(number) }

        public mutating func appendInterpolation(_ number: Int) { code += String(number) }

        /// A string from the strings table: an expression gnuplot evaluates to the text, never parses.
        public mutating func appendInterpolation(_ text: PlotStrings.Reference) { code += "S[\(text.index)]" }

        /// A data file, quoted.
        public mutating func appendInterpolation(_ file: DataFileName) { code += "'\(file.name)'" }

        /// A colour from FrameBudget's own palette.
        public mutating func appendInterpolation(_ colour: PlotColour) { code += "'\(colour.hex)'" }

        /// More commands built the same way.
        public mutating func appendInterpolation(_ script: GnuplotScript) { code += script.code }
    }

    /// A number as gnuplot reads it: `%.6g`, or `NaN` for infinities and NaN (which `%.6g` would write as `inf` or
    /// `nan`: undefined variables to gnuplot).
    public static func number(_ value: Double) -> String {
        value.isFinite ? String(format: "%.6g", value) : "NaN"
    }
}

extension Array where Element == GnuplotScript {
    /// The scripts one after another, `separator` between them.
    public func joined(separator: GnuplotScript) -> GnuplotScript {
        GnuplotScript(stringLiteral: map(\.code).joined(separator: separator.code))
    }
}

/// The strings a plot shows (titles, keys, tic labels), numbered from 1 as gnuplot's array `S` is.
///
/// Kinds register text here and put the returned reference into the script, or its index into a data file (then
/// the script reads `S[int($n)]`), so the data files hold only numbers. Control characters are shown as U+FFFD and
/// text is cut at ``maximumLength`` characters: a label is one line of a figure.
public struct PlotStrings: Sendable, Equatable {
    /// One string of the table.
    public struct Reference: Sendable, Equatable {
        /// Its index in gnuplot's array `S` (from 1).
        public let index: Int
    }

    /// The strings, in order: `S[1]` is `strings[0]`.
    public private(set) var strings: [String] = []

    /// Longest text kept, in characters.
    public static let maximumLength = 200

    public init() {}

    /// Adds `text` (or finds it) and returns its reference.
    public mutating func add(_ text: String) -> Reference {
        let shown = Self.displayable(text)
        if let existing = strings.firstIndex(of: shown) { return Reference(index: existing + 1) }
        strings.append(shown)
        return Reference(index: strings.count)
    }

    /// Adds `text` as the label of an explicit tic list (`set xtics (S[k] 1, …)`), where gnuplot reads the label
    /// as a format for the tic's value: `%` is doubled so it is shown, not read (labels from data columns, with
    /// `xtic(…)`, are not formats and take ``add(_:)``).
    public mutating func addTicLabel(_ text: String) -> Reference {
        add(Self.displayable(text).replacingOccurrences(of: "%", with: "%%"))
    }

    /// `text` as one line of a figure: control characters (C0, DEL, C1) as U+FFFD, cut with "…", and `]]>` with a
    /// zero-width space before its `>`: gnuplot's SVG writes `>` as it is, and `]]>` in XML text makes the whole
    /// file malformed (a browser shows an error page, report.html a broken image).
    static func displayable(_ text: String) -> String {
        let visible = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? "\u{FFFD}" : scalar
        })).replacingOccurrences(of: "]]>", with: "]]\u{200B}>")
        return visible.count > maximumLength ? String(visible.prefix(maximumLength - 1)) + "…" : visible
    }

    /// The same table with every character `coverage` has no font for replaced (see ``FontCoverage/drawable(_:)``).
    func drawable(with coverage: FontCoverage) -> PlotStrings {
        var table = self
        table.strings = strings.map(coverage.drawable)
        return table
    }

    /// The data file gnuplot rebuilds the table from: one line `k byte` per UTF-8 byte of string `k`.
    var dataFile: String {
        var lines: [String] = []
        for (index, text) in strings.enumerated() {
            for byte in text.utf8 { lines.append("\(index + 1) \(byte)") }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The commands that fill `S` from `file` before the plot's own script runs.
    func loader(from file: DataFileName) -> GnuplotScript {
        guard !strings.isEmpty else { return "" }
        let declare: GnuplotScript = "array S[\(strings.count)]\ndo for [i=1:\(strings.count)] { S[i] = \"\" }"
        // Strings with bytes only: `stats` on an empty file is an error.
        guard strings.contains(where: { !$0.isEmpty }) else { return declare }
        return """
            \(declare)
            stats \(file) using (S[int($1)] = S[int($1)] . sprintf("%c", int($2)), 0) nooutput
            """
    }
}

/// A data file name that is safe inside a quoted gnuplot string and on any file system: ASCII letters, digits,
/// `-`, `_` and `.`, not starting with `.`, at most ``maximumLength`` bytes (a longer stem keeps its start and a
/// hash of the whole, so two long ids stay two files).
public struct DataFileName: Sendable, Equatable, Hashable {
    public let name: String

    public static let maximumLength = 120

    /// `text` made safe: anything else becomes `-`.
    public init(_ text: String) {
        var safe = String(text.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                ? Character(scalar) : "-"
        })
        while safe.contains("--") { safe = safe.replacingOccurrences(of: "--", with: "-") }
        if safe.hasPrefix(".") || safe.isEmpty { safe = "-" + safe }
        if safe.utf8.count > Self.maximumLength {
            let hash = FNV1a.hex(FNV1a.hash64(text))
            safe = String(safe.prefix(Self.maximumLength - hash.count - 1)) + "-" + hash
        }
        name = safe
    }
}

/// The colours FrameBudget's plots use: `#rrggbb` from its own palette, never from a file.
public struct PlotColour: Sendable, Equatable {
    let hex: String

    /// A colour by its 24-bit value.
    public init(_ rgb: UInt32) { hex = String(format: "#%06x", rgb & 0xFF_FFFF) }

    public static let budget = PlotColour(0xCF222E)
    public static let ink = PlotColour(0x1D1D1F)

    /// Twelve colours told apart at a glance (ColorBrewer's Paired, reordered so neighbours differ, its red and
    /// pink replaced by cyan and olive: red is the budgets' colour, and a red curve hid the budget lines it crossed):
    /// series beyond gnuplot's eight default ones repeated its colours, and 12 NMS curves shared 8.
    static let series: [UInt32] = [0x1F78B4, 0xFF7F00, 0x33A02C, 0x6A3D9A, 0xB15928, 0x17BECF,
                                   0xA6CEE3, 0xFDBF6F, 0xB2DF8A, 0xCAB2D6, 0xBCBD22, 0x6B6B6B]

    /// The colour of series `index`; after twelve, the colours repeat with another dash (``seriesDash(_:)``).
    public static func series(_ index: Int) -> PlotColour { PlotColour(series[index % series.count]) }

    /// The dash type of series `index`: solid for the first twelve, then dashed, dotted, …
    public static func seriesDash(_ index: Int) -> Int { 1 + index / series.count }
}
