import Foundation
import Results
import TextFormatting

/// The nightly's paired comparison against the baseline build (``Results/RunResults/pairedChange``) in the reports:
/// a regression there fails the night (exit 1) as a failed budget does, so the report and the CI test view must
/// show it, not only the budgets that passed.
enum PairedChangeSection {
    /// `+4.8% [+4.3%, +5.3%] 98.9% over 6 pairs` (the interval and its level when two pairs or more were
    /// measured: UNCHANGED's is spent over the looks, so the level differs from night to night).
    static func change(_ entry: PairedChangeSummary.Entry) -> String {
        let interval = entry.lower.flatMap { lower in
            entry.upper.map { " [\(Percent.signed(lower)), \(Percent.signed($0))] \(Percent.level(entry.intervalLevel))" }
        } ?? ""
        return "\(Percent.signed(entry.relativeChange))\(interval) over \(entry.pairs) pair\(entry.pairs == 1 ? "" : "s")"
    }

    /// The table's column: what `change` holds.
    static let changeColumn = "change [interval] level"

    static func regressed(_ summary: PairedChangeSummary) -> [PairedChangeSummary.Entry] {
        summary.benchmarks.filter { $0.verdict == "regressed" }
    }

    /// One line for under a report's headline: how the paired half ended.
    static func headline(_ summary: PairedChangeSummary) -> String {
        let regressed = regressed(summary).count
        let counts = counts(summary)
        let undecided = summary.benchmarks.contains { $0.verdict == "inconclusive" }
        return (regressed > 0 ? "🔴" : undecided ? "🟡" : "🟢") + " paired against the baseline \(summary.baseline): \(counts)"
    }

    /// The summary's line under `budgets: …`: `paired: 1 regressed, 0 improved, … against the baseline abc123`.
    static func consoleLine(_ summary: PairedChangeSummary) -> String {
        "paired: " + counts(summary) + " against the baseline \(summary.baseline)"
    }

    /// `1 regressed, 0 improved, 3 unchanged, 0 inconclusive`.
    static func counts(_ summary: PairedChangeSummary) -> String {
        PairedChangeSummary.verdicts.map { verdict in "\(summary.benchmarks.filter { $0.verdict == verdict }.count) \(verdict)" }
            .joined(separator: ", ")
    }

    /// The section of report.md: the headline's line, then a table; nothing without a paired comparison.
    static func markdown(_ run: RunResults) -> [String] {
        guard let summary = run.pairedChange, !summary.benchmarks.isEmpty else { return [] }
        return ["", "### Paired comparison", "", MarkdownText.text(headline(summary)), "",
                "| benchmark | \(changeColumn) | verdict |", "|---|---|---|"]
            + summary.benchmarks.map { entry in
                let verdict = entry.verdict.uppercased()
                return "| \(MarkdownText.code(entry.id)) | \(change(entry)) | \(entry.verdict == "regressed" ? "**\(verdict)**" : verdict) |"
            }
    }

    /// The section of report.html.
    static func html(_ run: RunResults) -> String {
        guard let summary = run.pairedChange, !summary.benchmarks.isEmpty else { return "" }
        let rows = summary.benchmarks.map { entry in
            "<tr class=\"\(entry.verdict == "regressed" ? "fail" : "")\"><td>\(XMLText.escape(entry.id))</td>"
                + "<td>\(XMLText.escape(change(entry)))</td><td>\(XMLText.escape(entry.verdict.uppercased()))</td></tr>"
        }
        return "<section id=\"paired\"><h2>Paired comparison</h2>\n<p>\(XMLText.escape(headline(summary)))</p>\n"
            + "<table><thead><tr><th>benchmark</th><th>\(changeColumn)</th><th>verdict</th></tr></thead>\n<tbody>\n"
            + rows.joined(separator: "\n") + "\n</tbody></table></section>"
    }

    /// A second JUnit suite, `paired`: a testcase per benchmark, a failure for each regression (the night's exit 1),
    /// skipped for an inconclusive one (no verdict, as the gate's INCONCLUSIVE).
    static func junit(_ run: RunResults, package: String, hostname: String, timestamp: String) -> [String] {
        guard let summary = run.pairedChange, !summary.benchmarks.isEmpty else { return [] }
        let failures = regressed(summary).count
        let skipped = summary.benchmarks.filter { $0.verdict == "inconclusive" }.count
        var lines = ["  <testsuite name=\"paired\" package=\"\(XMLText.attribute(package))\" id=\"1\" tests=\"\(summary.benchmarks.count)\" "
            + "failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"0.000\" timestamp=\"\(timestamp)\" "
            + "hostname=\"\(XMLText.attribute(hostname))\">",
                     "    <properties>",
                     "      <property name=\"baseline\" value=\"\(XMLText.attribute(summary.baseline))\"/>",
                     "    </properties>"]
        for entry in summary.benchmarks {
            let open = "    <testcase name=\"\(XMLText.attribute(entry.id))\" classname=\"paired\" time=\"0.000\""
            let message = XMLText.attribute("\(entry.verdict.uppercased()): \(change(entry)) against \(summary.baseline)")
            switch entry.verdict {
            case "regressed":
                lines += [open + ">", "      <failure message=\"\(message)\" type=\"REGRESSED\"/>", "    </testcase>"]
            case "inconclusive":
                lines += [open + ">", "      <skipped message=\"\(message)\"/>", "    </testcase>"]
            default:
                lines.append(open + "/>")
            }
        }
        return lines + ["    <system-out/>", "    <system-err/>", "  </testsuite>"]
    }
}
