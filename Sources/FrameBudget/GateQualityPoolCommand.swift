import ArgumentParser
import ChildProcesses
import Foundation
import Results
import RunPipeline

/// `framebudget gate-quality-pool FILE…`: the rates of several `gate-quality` runs of one procedure, as one set.
struct GateQualityPoolCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate-quality-pool",
        abstract: "Pool the gate-quality.json files of several runs into one report of the rates.",
        discussion: ToolName.named("""
            Example: framebudget gate-quality-pool Reports/gate-quality-quiet/gate-quality.json \
            Reports/gate-quality-busy/gate-quality.json --out Reports/gate-quality-pooled
            Twenty rounds rarely fit one sitting: run gate-quality a few rounds at a time (quiet hours, busy hours) and \
            pool them here. Every comparison of every file counts once against the targets. Files of another machine, \
            of other --slowed benchmarks or of another procedure (--placements, caps, blocks…) are refused (exit 2): \
            their rates are not one rate.
            """))

    @Argument(help: "gate-quality.json files of runs of one procedure.")
    var files: [String]

    @Option(help: "Folder of the pooled gate-quality.md and gate-quality.json.")
    var out = "Reports/gate-quality-pooled"

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one gate-quality.json file to pool") }
    }

    func run() throws {
        try reportingFailures {
            let read = try files.map { (name: $0, file: try Self.read($0)) }
            // The same comparisons twice (a file named twice, or a copy) would count twice and narrow the rates.
            for (index, later) in read.enumerated() {
                if let earlier = read.prefix(index).first(where: { $0.file.data == later.file.data }) {
                    throw CommandFailure(.badInput, "\(later.name): the same comparisons as \(earlier.name) (identical files): "
                                         + "each comparison counts once")
                }
            }
            let runs = read.map { (name: $0.name, quality: $0.file.quality) }
            let pooled: PairedQuality
            do { pooled = try PairedQuality.pooled(runs) } catch { throw CommandFailure(.badInput, "\(error)") }
            try GateQualityCommand.save(pooled, to: out)
            Console.output(pooled.lines.joined(separator: "\n"))
        }
    }

    private static func read(_ path: String) throws -> (data: Data, quality: PairedQuality) {
        let data: Data
        do throws(SystemFile.ReadError) { data = try SystemFile.read(path) }
        catch { throw CommandFailure(.badInput, "\(error)") }
        let quality: PairedQuality
        do { quality = try JSONDecoder().decode(PairedQuality.self, from: data) }
        catch { throw CommandFailure(.badInput, "\(path): not a gate-quality.json file: \(ResultsFile.describe(error, decoding: data))") }
        try check(quality, path: path)
        return (data, quality)
    }

    /// What the rates count: a negative count or time, or an exit status no process has, is no comparison.
    private static func check(_ quality: PairedQuality, path: String) throws {
        for (side, outcomes) in [("identical", quality.identical), ("slowedOutcomes", quality.slowedOutcomes)] {
            for (index, outcome) in outcomes.enumerated() {
                let field = "\(path): \(side)[\(index)]"
                if outcome.pairs < 0 { throw CommandFailure(.badInput, "\(field).pairs: \(outcome.pairs) is negative") }
                if !(outcome.seconds >= 0 && outcome.seconds.isFinite) {
                    throw CommandFailure(.badInput, "\(field).seconds: \(outcome.seconds) is not a time")
                }
                if !(0...255).contains(outcome.exitStatus) {
                    throw CommandFailure(.badInput, "\(field).exitStatus: \(outcome.exitStatus) is no exit status (0…255)")
                }
            }
        }
    }
}
