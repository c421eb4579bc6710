import ChildProcesses

/// The characters the machine's installed fonts can draw, as fontconfig lists them.
///
/// A PNG is drawn by cairo through pango, which shows a character that no installed font has as a "hex box" scaled
/// by gnuplot's own oversampling: one emoji or CJK character in a benchmark's name covered the whole figure with a
/// glyph hundreds of pixels high. PNG text is therefore given only characters some font has (``drawable(_:)``);
/// SVG is drawn by the viewer's fonts and keeps the text as it is.
public struct FontCoverage: Sendable, Equatable {
    /// Covered code points, sorted and disjoint.
    public let ranges: [ClosedRange<UInt32>]

    /// Coverage from fontconfig's charset notation, one font per line: hexadecimal code points and ranges,
    /// separated by spaces (`20-7e a0-17f 2013`), the union of every line. Words that do not parse are skipped.
    public init(charsets: String) {
        var ranges: [ClosedRange<UInt32>] = []
        for word in charsets.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let bounds = word.split(separator: "-", maxSplits: 1).compactMap { UInt32($0, radix: 16) }
            guard let lower = bounds.first, let upper = bounds.last, bounds.count == word.split(separator: "-").count,
                  lower <= upper else { continue }
            ranges.append(lower...upper)
        }
        self.ranges = Self.merged(ranges)
    }

    /// Whether some installed font draws `scalar`. Characters that are never drawn (joiners, variation selectors)
    /// count as covered: pango shows no box for them.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isDefaultIgnorableCodePoint { return true }
        var low = 0, high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar.value { low = middle + 1 }
            else if ranges[middle].lowerBound > scalar.value { high = middle - 1 }
            else { return true }
        }
        return false
    }

    /// `text` with each character no font draws replaced by U+FFFD (or `?` when no font has that either).
    public func drawable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !covers($0) }) else { return text }
        let stand: Unicode.Scalar = covers("\u{FFFD}") ? "\u{FFFD}" : "?"
        return String(String.UnicodeScalarView(text.unicodeScalars.map { covers($0) ? $0 : stand }))
    }

    /// The installed fonts' coverage (`fc-list`), read once; nil when fontconfig's `fc-list` is not installed or
    /// lists nothing (then text is drawn as it is).
    public static let installed: FontCoverage? = {
        guard let fcList = ProcessRunner.locate("fc-list"),
              let outcome = try? ProcessRunner.run(.init(fcList, ["--format=%{charset}\\n"])),
              outcome.termination.status == 0 else { return nil }
        let coverage = FontCoverage(charsets: outcome.standardOutput)
        return coverage.ranges.isEmpty ? nil : coverage
    }()

    private static func merged(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
