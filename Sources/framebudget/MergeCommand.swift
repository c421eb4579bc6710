import ArgumentParser
import Comparison
import Foundation
import Results

/// `framebudget merge --out merged.json round1.json round2.json …`: the rounds of one build, one run.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge", abstract: "Merge several runs of the same build (interleaved rounds) into one results file.",
        discussion: "Example: framebudget merge --out base.json rounds/base-1/results.json rounds/base-2/results.json")

    @Argument(help: "Results files of the rounds, in order.")
    var inputs: [String]

    @Option(help: "Merged results file to write (atomically).")
    var out: String

    @Option(name: .customLong("run-id"), help: "Run id of the merged run (default: merged-<first run id>).")
    var runID: String?

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give at least one results file to merge") }
    }

    func run() throws {
        try reportingFailures {
            let runs = try inputs.map { try ResultsFile.read(from: $0) }
            let merged = try RunMerge.merge(runs, names: inputs, runID: runID)
            do { try ResultsFile.write(merged, to: out) } catch { throw CommandFailure(.runFailure, "\(error)") }
            let samples = merged.benchmarks.map(\.samplesNanoseconds.count).reduce(0, +)
            print("merged \(runs.count) runs, \(merged.benchmarks.count) benchmarks, \(samples) samples → \(out)")
        }
    }
}
