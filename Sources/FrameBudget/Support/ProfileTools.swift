import ChildProcesses
import Counters
import Foundation
import Measurement
import Results
import RunPipeline
import TextFormatting

/// The external profilers of `profile`, checked before anything is measured, and the files they leave in
/// `profiles/<id>/` of the run folder (recorded in the benchmark's `artifacts`, relative to the run folder).
///
/// Each tool writes into a staging folder of the run folder, moved into `profiles/<id>/` only when the tool
/// succeeded: a tool that fails or is interrupted leaves no `perf.data` or `callgrind.n.out` behind, and the folder
/// appears only when something is in it. The tools get this process's SIGINT/SIGTERM (they run in a process group
/// of their own, so a `kill` of this process alone stops them too).
struct ProfileTools {
    let perf: PerfProfiler?
    let callgrind: CallgrindProfiler?

    init(perf wantsPerf: Bool, callgrind wantsCallgrind: Bool) throws {
        let signals: @Sendable () -> [Int32] = { Interruption.shared.receivedSignals }
        do {
            perf = wantsPerf ? try PerfProfiler(forwardedSignals: signals) : nil
            callgrind = wantsCallgrind ? try CallgrindProfiler(forwardedSignals: signals) : nil
        } catch { throw CommandFailure(.badInput, "\(error)") }
    }

    /// Records `benchmark` under perf for `seconds` and draws its flame graph into `profiles/<id>/`.
    /// - Throws: ``ToolError`` when perf fails; ``CommandFailure`` when the files cannot be put in place.
    func recordFlameGraph(_ benchmark: Benchmark, workload: [String], into result: inout BenchmarkResult,
                          directory: RunDirectory, seconds: Double) throws {
        guard let perf else { return }
        let command = [ProcessRunner.currentExecutable, "iterate", benchmark.id, "--seconds", "\(seconds)"] + workload
        let files = try Self.staged(benchmark, in: directory) { folder in
            try perf.profile(command: command, title: benchmark.id, into: folder)
        }
        let relative = Self.relativeFolder(benchmark)
        result.artifacts["perf-data"] = "\(relative)/perf.data"
        result.artifacts["folded-stacks"] = "\(relative)/stacks.folded"
        result.artifacts["flame-graph"] = "\(relative)/flamegraph.svg"
        let leftOut = files.idleLeftOut > 0 ? " (\(files.idleLeftOut) more of idle threads yielding left out)" : ""
        result.notes.append("flame graph: \(files.samples) cpu-clock samples over \(seconds) s\(leftOut)")
    }

    /// Counts `benchmark` under callgrind (n and 2n iterations) and writes its top functions into `profiles/<id>/`.
    /// - Throws: ``ToolError`` when valgrind fails; ``CommandFailure`` when the files cannot be put in place.
    func recordTopFunctions(_ benchmark: Benchmark, workload: [String], into result: inout BenchmarkResult,
                            directory: RunDirectory, iterations: Int) throws {
        guard let callgrind else { return }
        let stripped = try ValgrindBinary(original: ProcessRunner.currentExecutable)
        let command = { (n: Int) in [stripped.path, "iterate", benchmark.id, "--iterations", "\(n)"] + workload }
        try Self.staged(benchmark, in: directory) { folder in
            let top = try callgrind.topFunctions(command: command, iterations: iterations, into: folder)
            let lines = top.map { String(format: "%14.1f  ", $0.instructionsPerIteration) + $0.name }
            let text = "# instructions per iteration (exclusive), callgrind, (count(2n) − count(n)) / n, n = \(iterations)\n"
                + lines.joined(separator: "\n") + "\n"
            try AtomicFile.write(text, to: folder + "/top-functions.txt")
        }
        let relative = Self.relativeFolder(benchmark)
        result.artifacts["callgrind-out"] = "\(relative)/callgrind.out"
        result.artifacts["top-functions"] = "\(relative)/top-functions.txt"
    }

    /// Where the tools write before their files are put in place: `.profile-staging-<pid>` in the run folder.
    static func stagingFolder(in directory: RunDirectory) -> String { "\(directory.path)/.profile-staging-\(getpid())" }

    /// `profiles/<id>`, relative to the run folder.
    private static func relativeFolder(_ benchmark: Benchmark) -> String { "profiles/\(benchmark.id)" }

    /// Runs `write` with an empty staging folder inside the run folder, then moves what it wrote into
    /// `profiles/<id>/`. The staging folder is removed on every way out: on return, on a throw, and by a second
    /// signal's exit (registered with ``PendingOutputs``).
    private static func staged<T>(_ benchmark: Benchmark, in directory: RunDirectory, _ write: (String) throws -> T) throws -> T {
        let staging = stagingFolder(in: directory)
        try PendingOutputs.create(staging) { try Folders.create(staging) }
        defer {
            try? FileManager.default.removeItem(atPath: staging)
            PendingOutputs.release(staging)
        }
        let written = try write(staging)
        let folder = "\(directory.path)/\(relativeFolder(benchmark))"
        try Folders.create(folder)
        try PendingOutputs.publish(folder) {
            for name in try FileManager.default.contentsOfDirectory(atPath: staging) where rename("\(staging)/\(name)", "\(folder)/\(name)") != 0 {
                throw CommandFailure(.runFailure, "\(folder)/\(name): cannot move into place: \(String(cString: strerror(errno)))")
            }
        }
        return written
    }
}

/// The console summary of a profile.
enum ProfileSummary {
    static func render(_ result: BenchmarkResult, runFolder: String) -> String {
        var lines = ["\(result.id): median \(DurationText.string(nanoseconds: result.statistics.median)) per iteration"]
        for stage in result.stages ?? [] {
            lines.append("  " + pad(stage.name) + pad(DurationText.string(nanoseconds: stage.statistics.median), 14)
                         + String(format: "%5.1f%%", 100 * stage.share))
        }
        lines += result.notes.map { "  \($0)" }
        for reading in result.counters where reading.perIteration != nil {
            let figure = count(reading.perIteration!)
            lines.append("  " + pad(reading.name) + String(repeating: " ", count: Swift.max(0, 14 - figure.count)) + figure + " "
                         + perIteration(reading.name)
                         + " (\(reading.source.rawValue))")
        }
        // The counters this machine could not give, named with why (no hardware PMU in a VM): left out, the summary
        // read as if they had not been asked for.
        let unavailable = Dictionary(grouping: result.counters.filter { $0.perIteration == nil }) { $0.note ?? "unavailable" }
        for (reason, readings) in unavailable.sorted(by: { $0.key < $1.key }) {
            lines.append("  unavailable: " + readings.map(\.name).joined(separator: ", ") + " (\(reason))")
        }
        for (name, path) in result.artifacts.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(name): \(runFolder)/\(path)")
        }
        return lines.joined(separator: "\n")
    }

    /// A per-iteration figure: one decimal from 100 up (`28522.3`), else four significant digits (`19.73`,
    /// `5e-06`): `%.1f` printed a context switch every 200000 iterations as `0.0`, a true zero's look.
    static func count(_ value: Double) -> String {
        abs(value) >= 100 || value == 0 ? String(format: "%.1f", value) : String(format: "%.4g", value)
    }

    /// `ns/iter`, `cycles/iter`, …; a ratio (IPC) is no count per iteration and keeps its own unit.
    static func perIteration(_ counter: String) -> String {
        let unit = CounterReading.unit(of: counter)
        return counter == "IPC" ? unit : "\(unit)/iter"
    }

    private static func pad(_ text: String, _ width: Int = 30) -> String {
        text.padding(toLength: Swift.max(width, text.count + 1), withPad: " ", startingAt: 0)
    }
}
