import ArgumentParser
import ChildProcesses
import Counters
import Foundation
import Results
import RunPipeline

/// `framebudget counters`: what this machine can count, and why not where it cannot.
struct CountersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "counters", abstract: "List the counters this machine offers (PAPI events, valgrind, perf).",
        discussion: ToolName.named("Example: framebudget counters --events PAPI_TOT_CYC,perf::TASK-CLOCK"))

    @Option(help: "Probe these events instead of the standard set, comma-separated.")
    var events: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    struct Report: Encodable {
        struct Event: Encodable {
            let name: String; let available: Bool; let event: String?; let source: String; let method: String?; let reason: String?
        }
        let papiVersion: String
        let papiState: String
        let disabledComponents: [String]
        let events: [Event]
        let tools: [String: String]
    }

    func run() throws {
        try reportingFailures {
            var options = CounterOptions()
            options.events = events
            let wanted = try options.requestedEvents()
            let probed = EventProbe.probe(wanted).map {
                Report.Event(name: $0.wanted.name, available: $0.isAvailable, event: $0.event,
                             source: ($0.isAvailable ? $0.wanted.source : CounterSource.unavailable).rawValue,
                             method: $0.isAvailable ? ($0.method == .papi ? "PAPI event set" : "perf_event_open") : nil,
                             reason: $0.reason)
            }
            var state = "ready"
            if case let .unusable(reason) = PAPIRuntime.state { state = "unusable: \(reason)" }
            let tools = ["valgrind", "perf", "callgrind_annotate", "setarch", "swift-demangle"].reduce(into: [String: String]()) {
                $0[$1] = ExternalTool.locate($1) ?? "missing"
            }
            // Read with every counted run beside the probed events, so listed as one of them (JSON included).
            let processTime = Report.Event(name: ProcessCPUTime.name, available: true, event: nil, source: CounterSource.papiSoftware.rawValue,
                                           method: "clock_gettime, whole process", reason: nil)
            let report = Report(papiVersion: PAPIRuntime.version, papiState: state,
                                disabledComponents: PAPIRuntime.disabledComponents.map { "\($0.name): \($0.reason)" },
                                events: probed + [processTime], tools: tools)
            if json {
                Console.outputRendered(String(decoding: try ResultsFile.encoder().encode(report), as: UTF8.self))
            } else {
                Console.output(render(report))
            }
        }
    }

    private func render(_ report: Report) -> String {
        var lines = ["PAPI \(report.papiVersion): \(report.papiState)"]
        lines += report.disabledComponents.map { "  disabled component \($0)" }
        lines.append("")
        let width = (report.events.map(\.name.count).max() ?? 0) + 2
        for event in report.events {
            let named = event.event == nil || event.event == event.name ? "" : ", as \(event.event ?? "")"
            let status = event.available ? "available (\(event.source), \(event.method ?? "")\(named))" : "unavailable: \(event.reason ?? "")"
            lines.append(event.name.padding(toLength: width, withPad: " ", startingAt: 0) + status)
        }
        lines.append("")
        for (tool, path) in report.tools.sorted(by: { $0.key < $1.key }) {
            lines.append(tool.padding(toLength: width, withPad: " ", startingAt: 0) + path)
        }
        return lines.joined(separator: "\n")
    }
}
