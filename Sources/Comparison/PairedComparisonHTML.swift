import Foundation
import Results
import TextFormatting

/// A paired comparison as one self-contained HTML page (a CI artifact to open in a browser): the verdicts, attention
/// first, then each regression's differential profile with its flame graph embedded. No script, no network. Pure.
public enum PairedComparisonHTML {
    /// - Parameters:
    ///   - report: the comparison.
    ///   - flameGraphs: the SVG of each profiled benchmark's differential flame graph, by benchmark id (read by the
    ///     caller from ``PairedComparisonReport/profileFolder``); embedded as images, so their scripts never run.
    ///   - tool: the name the title opens with (default: this tool's, `FrameBudget` or the package's own tool).
    public static func render(_ report: PairedComparisonReport, flameGraphs: [String: Data] = [:], tool: String = ToolName.displayName) -> String {
        let title = "\(tool) paired comparison: \(report.count(.regressed)) regressed, \(report.count(.improved)) "
            + "improved, \(report.count(.unchanged)) unchanged, \(report.count(.inconclusive)) inconclusive"
        var body = ["<h1>\(e(title))</h1>"]
            + (PairedComparisonRows.incompleteNote(report).map { ["<p class=\"incomplete\"><strong>\(e($0))</strong></p>"] } ?? [])
        body += ["<p>Base <code>\(e(report.base))</code> → head <code>\(e(report.head))</code>.</p>",
                    "<p class=\"method\">\(e(PairedComparisonRows.method(report)))</p>",
                    verdictTable(report)]
        body += (report.profiles ?? []).map { profileSection($0, svg: flameGraphs[$0.id]) }
        body.append("<ul class=\"footer\">" + PairedComparisonRows.footer(report).map { "<li>\(e($0))</li>" }.joined() + "</ul>")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(e(title))</title>
            <style>\(style)</style></head>
            <body>
            \(body.joined(separator: "\n"))
            </body></html>

            """
    }

    static let style = """
        body{font:14px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:78em;color:#222}\
        table{border-collapse:collapse;margin:1em 0}th,td{padding:.25em .7em;border-bottom:1px solid #ddd;text-align:right}\
        th:first-child,td:first-child{text-align:left}td+td,th+th{white-space:nowrap}td:first-child{overflow-wrap:anywhere}code{font-size:92%}.method{color:#555;max-width:60em}\
        .regressed{color:#b00020;font-weight:bold}.improved{color:#11722d;font-weight:bold}\
        .inconclusive{color:#8a5a00;font-weight:bold}.unchanged{color:#555}\
        img.flame{max-width:100%;border:1px solid #ddd}.footer{color:#555}
        """

    private static func verdictTable(_ report: PairedComparisonReport) -> String {
        let ordered = PairedComparisonRows.ordered(report)
        let head = "<tr>" + PairedComparisonRows.header.map { "<th>\(e($0))</th>" }.joined() + "</tr>"
        let rows = ordered.map { comparison -> String in
            var cells = PairedComparisonRows.row(comparison).map { "<td>\(e($0))</td>" }
            cells[0] = "<td><code>\(e(comparison.id))</code></td>"
            cells[7] = "<td class=\"\(comparison.verdict.rawValue)\">\(e(comparison.verdict.rawValue.uppercased()))</td>"
            return "<tr title=\"\(e(comparison.reason))\">" + cells.joined() + "</tr>"
        }
        return "<table><caption>Verdicts (attention first)</caption><thead>\(head)</thead><tbody>\n"
            + rows.joined(separator: "\n") + "\n</tbody></table>"
    }

    private static func profileSection(_ profile: ProfileDifference, svg: Data?) -> String {
        let heading = "Where the time went: \(profile.id) (\(Percent.signed(profile.relativeChange, digits: 1)); "
            + "perf cpu-clock, \(profile.baseSamples) → \(profile.headSamples) samples)"
        let rows = profile.functions.prefix(PairedComparisonRows.profileRows).map { f in
            "<tr><td><code>\(e(f.name))</code></td><td>\(share(f.baseSelf)) → \(share(f.headSelf))</td>"
                + "<td>\(share(f.baseTotal)) → \(share(f.headTotal))</td><td>\(e(Percent.signed(f.addedShareOfBase, digits: 1)))</td></tr>"
        }
        var parts = ["<section>", "<h2>\(e(heading))</h2>"]
        if let entering = PairedComparisonRows.entering(profile) { parts.append("<p>The time was \(e(entering)).</p>") }
        parts.append("<table><thead><tr><th>function</th><th>self base → head</th><th>total base → head</th>"
                     + "<th>added (of base's time)</th></tr></thead><tbody>\n" + rows.joined(separator: "\n") + "\n</tbody></table>")
        if let svg {
            parts.append("<p>Differential flame graph: the head's stacks, red where time was added.</p>"
                         + "<img class=\"flame\" alt=\"differential flame graph of \(e(profile.id))\" "
                         + "src=\"data:image/svg+xml;base64,\(svg.base64EncodedString())\">")
        } else if let graph = profile.flameGraph {
            parts.append("<p>Differential flame graph: <code>\(e(graph))</code> (not embedded: the file could not be read).</p>")
        }
        parts.append("</section>")
        return parts.joined(separator: "\n")
    }

    private static func share(_ value: Double) -> String { PairedComparisonRows.share(value) }
    private static func e(_ text: String) -> String { XMLText.escape(text) }
}
