import Budgets
import Results
import Foundation
import TextFormatting

/// JUnit XML for CI test views: one `testcase` per budget, `classname` = hot path; a nightly's paired comparison
/// as a second suite, `paired` (``PairedChangeSection``).
///
/// FAIL and MISSING are `failure`s (measured vs limit with the interval). INCONCLUSIVE is `skipped` with the
/// explanation, because the gate passes it unless `--strict`; under `--strict` it is a `failure`, matching exit 3.
///
/// Valid against the schemas its consumers check (Jenkins xUnit's `junit-10.xsd`, the Ant JUnit schema; see
/// Tests/ReportsTests/JUnitAndHTMLTests): a `time` on every testcase (the seconds its benchmark took to measure, 0 when it
/// did not run) and on the suite (the run's wall time), counts on the suite only (`<testsuites>` takes no
/// attributes in Ant's schema, no `skipped` in xUnit's), the suite's `package` and `id`, a UTC `timestamp` without
/// zone, and `<system-out>`/`<system-err>` last.
public struct JUnitReporter: Reporter {
    public var fileName: String { "junit.xml" }

    public init() {}

    public func render(_ input: ReportInput) throws -> Data {
        let failures = input.verdicts.filter { isFailure($0, strict: input.strict) }.count
        let skipped = input.verdicts.filter { $0.outcome == .inconclusive && !input.strict }.count
        let hostname = input.run.environment.hostname.isEmpty ? "unknown" : input.run.environment.hostname
        let timestamp = XML.timestamp(ResultsFile.storedDate(input.run.startedAt))
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites>",
            "  <testsuite name=\"budgets\" package=\"\(XMLText.attribute(input.toolName))\" id=\"0\" tests=\"\(input.verdicts.count)\" "
                + "failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(XML.seconds(suiteSeconds(input.run)))\" "
                + "timestamp=\"\(timestamp)\" hostname=\"\(XMLText.attribute(hostname))\">",
            "    <properties>",
            "      <property name=\"run-id\" value=\"\(XMLText.attribute(input.run.runID))\"/>",
            "      <property name=\"build\" value=\"\(XMLText.attribute(input.run.environment.buildConfiguration))\"/>",
            "      <property name=\"quick\" value=\"\(input.run.settings.quick)\"/>",
            "      <property name=\"strict\" value=\"\(input.strict)\"/>",
            "      <property name=\"complete\" value=\"\(input.run.complete)\"/>",
            "    </properties>",
        ]
        // A benchmark's time is shared among its budgets' testcases: each given all of it, a CI view that adds them
        // up showed a 4 s suite as 6 s of tests.
        let budgetsOf = Dictionary(grouping: input.verdicts, by: \.budget.benchmarkID).mapValues(\.count)
        for verdict in input.verdicts {
            let seconds = input.run.benchmark(verdict.budget.benchmarkID)?.measurementSeconds ?? 0
            lines += testcase(verdict, seconds: seconds / Double(budgetsOf[verdict.budget.benchmarkID] ?? 1), strict: input.strict)
        }
        // An interrupted run says so where a CI test view shows the suite's output.
        lines += ["    <system-out/>", input.run.incompleteNote.map { "    <system-err>\(XMLText.escape($0))</system-err>" } ?? "    <system-err/>",
                  "  </testsuite>"]
        lines += PairedChangeSection.junit(input.run, package: input.toolName, hostname: hostname, timestamp: timestamp)
        lines.append("</testsuites>")
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// The run's wall time from its start and end as results.json keeps them (whole seconds), so that the gate's
    /// own report and a `report` of its file say the same (2.303 s and 3.000 s before), and never less than its
    /// benchmarks' own times (kept to the nanosecond): a suite of 0.000 s over testcases of 0.052 s read wrong.
    /// Without an end time (an interrupted run), the sum of the benchmarks' times.
    private func suiteSeconds(_ run: RunResults) -> Double {
        let benchmarks = run.benchmarks.compactMap(\.measurementSeconds).reduce(0, +)
        guard let finishedAt = run.finishedAt else { return benchmarks }
        return Swift.max(benchmarks, ResultsFile.storedDate(finishedAt).timeIntervalSince(ResultsFile.storedDate(run.startedAt)))
    }

    private func isFailure(_ verdict: BudgetVerdict, strict: Bool) -> Bool {
        verdict.outcome == .fail || verdict.outcome == .missing || (strict && verdict.outcome == .inconclusive)
    }

    private func testcase(_ verdict: BudgetVerdict, seconds: Double, strict: Bool) -> [String] {
        let open = "    <testcase name=\"\(XMLText.attribute(verdict.budget.name))\" classname=\"\(XMLText.attribute(verdict.budget.hotPath))\" "
            + "time=\"\(XML.seconds(seconds))\""
        let message = XMLText.attribute(VerdictText.explanation(verdict))
        let detail = XMLText.escape("source: \(verdict.budget.source)")
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

/// The JUnit report's formats: Ant timestamps, xUnit seconds (escaping is ``XMLText``, shared with the SVGs).
enum XML {
    /// `2026-11-24T09:31:29`, in UTC: the Ant schema's pattern has no time zone.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date)
    }

    /// `12.345`: seconds with three decimals (xUnit's pattern allows no more), never negative or non-finite.
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value.isFinite ? Swift.max(0, value) : 0)
    }
}
