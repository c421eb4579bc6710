import Foundation
import Results

/// Function-level sampling of one benchmark with `perf record -e cpu-clock -g` (a software clock: works without a
/// PMU), folded into stacks (idle threads yielding left out: ``FoldedStacks/withoutIdleYielding()``) and drawn as a
/// flame graph.
public struct PerfProfiler: Sendable {
    /// The files a profile leaves in its folder.
    public struct Files: Sendable, Equatable {
        public let perfData: String
        public let foldedStacks: String
        public let flameGraph: String
        public let samples: Int
        /// Samples of idle threads yielding, left out of the stacks and the picture (``FoldedStacks/withoutIdleYielding()``).
        public let idleLeftOut: Int
    }

    private let perf: String
    private let forwardedSignals: (@Sendable () -> [Int32])?

    /// - Parameter forwardedSignals: the signals to pass on to perf (``ExternalTool/run(_:_:environment:stdin:forwardedSignals:)``).
    /// - Throws: ``ToolError`` (missing) when perf is not installed.
    public init(forwardedSignals: (@Sendable () -> [Int32])? = nil) throws {
        perf = try ExternalTool.require("perf", neededFor: "framebudget profile", package: "linux-perf")
        self.forwardedSignals = forwardedSignals
    }

    /// Records `command` (a `framebudget iterate … --seconds S` child) into `folder` and draws its flame graph.
    /// - Throws: ``ToolError`` when perf fails (its last line of stderr says why) or records no sample.
    public func profile(command: [String], title: String, into folder: String) throws -> Files {
        let data = folder + "/perf.data"
        let record = try ExternalTool.run(perf, ["record", "-e", "cpu-clock", "-g", "-q", "-o", data, "--"] + command,
                                          forwardedSignals: forwardedSignals)
        guard record.status == 0 else { throw failure("perf record", record) }
        let script = try ExternalTool.run(perf, ["script", "-i", data], forwardedSignals: forwardedSignals)
        guard script.status == 0 else { throw failure("perf script", script) }
        let symbols = Set(script.stdout.split(separator: "\n").compactMap { line -> String? in
            line.first?.isWhitespace == true ? FoldedStacks.frameSymbol(line) : nil
        })
        let readable = SymbolDemangler.demangle(symbols)
        let (stacks, idle) = FoldedStacks.fromPerfScript(script.stdout) { readable[$0] ?? $0 }.withoutIdleYielding()
        guard stacks.total > 0 else {
            throw ToolError(kind: .failed, message: "perf recorded no samples of \(title) (is perf_event_paranoid above 2?)")
        }
        let folded = folder + "/stacks.folded", svg = folder + "/flamegraph.svg"
        try AtomicFile.write(stacks.text, to: folded)
        let leftOut = idle > 0 ? " (\(idle) of idle threads yielding left out)" : ""
        let picture = FlameGraphSVG().render(FlameGraphLayout.frames(stacks), title: "\(title): \(stacks.total) cpu-clock samples\(leftOut)")
        try AtomicFile.write(picture, to: svg)
        return Files(perfData: data, foldedStacks: folded, flameGraph: svg, samples: stacks.total, idleLeftOut: idle)
    }

    private func failure(_ step: String, _ output: ExternalTool.Output) -> ToolError {
        let last = ExternalTool.lastMessage(output.stderr)
        return ToolError(kind: .failed, message: "\(step) exited with \(output.status): \(last)")
    }
}
