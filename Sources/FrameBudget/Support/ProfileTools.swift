import ChildProcesses
import Counters
import Foundation
import Measurement
import Results
import RunPipeline
import TextFormatting

/// The external profilers of `profile`, checked before anything is measured, and the files they leave in
/// `profiles/<id>/` of the run folder (recorded in the benchmark's `artifacts`, relative to the run folder).
struct ProfileTools {
    let perf: PerfProfiler?
    let callgrind: CallgrindProfiler?

    init(perf wantsPerf: Bool, callgrind wantsCallgrind: Bool) throws {
        do {
            perf = wantsPerf ? try PerfProfiler() : nil
            callgrind = wantsCallgrind ? try CallgrindProfiler() : nil
        } catch { throw CommandFailure(.badInput, "\(error)") }
    }

    func profile(_ benchmark: Benchmark, workload: [String], into result: inout BenchmarkResult, directory: RunDirectory,
                 seconds: Double, callgrindIterations: Int) throws {
        let relative = "profiles/\(benchmark.id)"
        let folder = "\(directory.path)/\(relative)"
        try Folders.create(folder)
        let binary = ProcessRunner.currentExecutable
        if let perf {
            let command = [binary, "iterate", benchmark.id, "--seconds", "\(seconds)"] + workload
            do {
                let files = try perf.profile(command: command, title: benchmark.id, into: folder)
                result.artifacts["perf-data"] = "\(relative)/perf.data"
                result.artifacts["folded-stacks"] = "\(relative)/stacks.folded"
                result.artifacts["flame-graph"] = "\(relative)/flamegraph.svg"
                result.notes.append("flame graph: \(files.samples) cpu-clock samples over \(seconds) s")
            } catch { throw CommandFailure(.runFailure, "\(error)") }
        }
        if let callgrind {
            do {
                let stripped = try ValgrindBinary(original: binary)
                let command = { (n: Int) in [stripped.path, "iterate", benchmark.id, "--iterations", "\(n)"] + workload }
                let top = try callgrind.topFunctions(command: command, iterations: callgrindIterations, into: folder)
                let lines = top.map { String(format: "%14.1f  ", $0.instructionsPerIteration) + $0.name }
                let text = "# instructions per iteration (exclusive), callgrind, (count(2n) − count(n)) / n, n = \(callgrindIterations)\n"
                    + lines.joined(separator: "\n") + "\n"
                try text.write(toFile: folder + "/top-functions.txt", atomically: true, encoding: .utf8)
                result.artifacts["callgrind-out"] = "\(relative)/callgrind.out"
                result.artifacts["top-functions"] = "\(relative)/top-functions.txt"
            } catch { throw CommandFailure(.runFailure, "\(error)") }
        }
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
            lines.append("  " + pad(reading.name) + String(format: "%14.1f ", reading.perIteration!) + perIteration(reading.name)
                         + " (\(reading.source.rawValue))")
        }
        for (name, path) in result.artifacts.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(name): \(runFolder)/\(path)")
        }
        return lines.joined(separator: "\n")
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
