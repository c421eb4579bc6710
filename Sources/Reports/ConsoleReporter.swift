import Budgets
import Foundation
import TextFormatting

/// The verdict table printed by `gate` and `report`; also written as `summary.txt` (without colours).
public struct ConsoleReporter: Reporter {
    /// ANSI colours, only when printing to a terminal.
    public var colour: Bool
    public var fileName: String { "summary.txt" }

    public init(colour: Bool) {
        self.colour = colour
    }

    public func render(_ input: ReportInput) throws -> Data {
        let header = ["verdict", "budget", "benchmark", "measured [CI]", "runs", "limit", "headroom"]
        let rows = input.verdicts.map { verdict in
            [verdict.outcome.rawValue, verdict.budget.name, verdict.budget.benchmarkID,
             VerdictText.measuredCell(verdict), VerdictText.runs(verdict), VerdictText.limit(verdict.budget),
             VerdictText.headroom(verdict)]
        }
        var lines = TextTable.lines(header: header, rows: rows).enumerated().map { index, line in
            index >= 2 ? paint(line, input.verdicts[index - 2].outcome) : line
        }
        // "did not run" is plain from the table; one line says it for all of them.
        let notRun = input.verdicts.filter(VerdictText.didNotRun)
        let notes = input.verdicts.filter { $0.warning != nil && !VerdictText.didNotRun($0) }
        // Which rule decided a FAIL or INCONCLUSIVE, in words.
        let explained = input.verdicts.filter { $0.outcome != .pass && !VerdictText.didNotRun($0) }
            .compactMap { verdict in VerdictText.basis(verdict).map { "\(verdict.outcome.rawValue) \(verdict.budget.name): \($0)" } }
        if !notes.isEmpty || !notRun.isEmpty || !explained.isEmpty {
            lines.append("")
            lines += explained.map(TerminalText.safe)
            lines += notes.map { TerminalText.safe("\($0.outcome.rawValue) \($0.budget.name): \($0.warning!)") }
            if !notRun.isEmpty { lines.append("MISSING \(notRun.count) budget(s): their benchmark did not run") }
        }
        if let note = input.plotsNote { lines += ["", TerminalText.safe("plots: \(note)")] }
        if input.run.settings.quick { lines += ["", "quick run: numbers are indicative only"] }
        if let note = input.run.incompleteNote { lines += ["", TerminalText.safe(note)] }
        lines += RoofsSection.console(input.run).map(TerminalText.safe)
        if let paths = CodePaths.phrase(input.run) { lines += ["", TerminalText.safe(paths)] }
        if let host = HostConditions.phrase(input.run) { lines += [TerminalText.safe(host)] }
        lines += ["", "budgets: \(input.summary.line)" + (input.strictNote.map { " (\($0))" } ?? "")]
        if let paired = input.run.pairedChange, !paired.benchmarks.isEmpty {
            lines.append(TerminalText.safe(PairedChangeSection.consoleLine(paired)))
        }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// `line` in its verdict's colour; text from the results is made safe first, so the only escapes are these.
    private func paint(_ line: String, _ outcome: VerdictOutcome) -> String {
        guard colour else { return line }
        let code: String
        switch outcome {
        case .pass: code = "32"
        case .fail: code = "31;1"
        case .inconclusive: code = "33"
        case .missing: code = "35;1"
        }
        return "\u{1B}[\(code)m\(TerminalText.safe(line))\u{1B}[0m"
    }
}
