import Budgets
import Foundation

/// JUnit XML for CI test views: one `testcase` per budget, `classname` = hot path.
///
/// FAIL and MISSING are `failure`s (measured vs limit with the interval). INCONCLUSIVE is `skipped` with the
/// explanation, because the gate passes it unless `--strict`; under `--strict` it is a `failure`, matching exit 3.
public struct JUnitReporter: Reporter {
    public var fileName: String { "junit.xml" }

    public init() {}

    public func render(_ input: ReportInput) throws -> Data {
        let failures = input.verdicts.filter { isFailure($0, strict: input.strict) }.count
        let skipped = input.verdicts.filter { $0.outcome == .inconclusive && !input.strict }.count
        let counts = "tests=\"\(input.verdicts.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"framebudget\" \(counts)>",
            "  <testsuite name=\"budgets\" \(counts) timestamp=\"\(XML.timestamp(input.run.startedAt))\" "
                + "hostname=\"\(XML.escape(input.run.environment.hostname))\">",
            "    <properties>",
            "      <property name=\"run-id\" value=\"\(XML.escape(input.run.runID))\"/>",
            "      <property name=\"build\" value=\"\(XML.escape(input.run.environment.buildConfiguration))\"/>",
            "      <property name=\"quick\" value=\"\(input.run.settings.quick)\"/>",
            "      <property name=\"strict\" value=\"\(input.strict)\"/>",
            "    </properties>",
        ]
        for verdict in input.verdicts {
            lines += testcase(verdict, strict: input.strict)
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    private func isFailure(_ verdict: BudgetVerdict, strict: Bool) -> Bool {
        verdict.outcome == .fail || verdict.outcome == .missing || (strict && verdict.outcome == .inconclusive)
    }

    private func testcase(_ verdict: BudgetVerdict, strict: Bool) -> [String] {
        let open = "    <testcase name=\"\(XML.escape(verdict.budget.name))\" classname=\"\(XML.escape(verdict.budget.hotPath))\""
        let message = XML.escape(VerdictText.explanation(verdict))
        let detail = XML.escape("source: \(verdict.budget.source)")
        switch verdict.outcome {
        case .pass:
            return [open + "/>"]
        case .inconclusive where !strict:
            return [open + ">", "      <skipped message=\"\(message)\"/>", "    </testcase>"]
        case .fail, .missing, .inconclusive:
            return [open + ">", "      <failure message=\"\(message)\" type=\"\(verdict.outcome.rawValue)\">\(detail)</failure>",
                    "    </testcase>"]
        }
    }
}

/// The little XML/HTML escaping FrameBudget needs.
enum XML {
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
