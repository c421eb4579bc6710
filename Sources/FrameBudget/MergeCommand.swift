import ArgumentParser
import ChildProcesses
import Comparison
import Foundation
import Results
import RunPipeline

/// `framebudget merge --out merged.json round1.json round2.json …`: the rounds of one build, one run.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge", abstract: "Merge several runs of the same build (interleaved rounds) into one results file.",
        discussion: ToolName.named("""
            Example: framebudget merge --out base.json rounds/base-1/results.json rounds/base-2/results.json
            Each process run (run id) becomes one replicate. A run given twice — the same file named twice, or a merged \
            file together with one of its own rounds — counts once, with a warning; two different runs under one run id \
            are refused (exit 2).
            """))

    @Argument(help: "Results files of the rounds, in order.")
    var inputs: [String]

    @Option(help: "Merged results file to write (atomically).")
    var out: String

    @Option(name: .customLong("run-id"), help: "Run id of the merged run (default: merged-<first run id>).")
    var runID: String?

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give at least one results file to merge") }
        // What every reader of the file requires of a run id (an empty one wrote a file nothing could read back).
        if let runID, runID.isEmpty || runID.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw badOptionValue("--run-id '\(runID)' must be a non-empty name without control characters")
        }
    }

    func run() throws {
        try reportingFailures {
            let documents: [(run: RunResults, data: Data)]
            do { documents = try inputs.map { try ResultsFile.readDocument(from: $0) } }
            catch { throw CommandFailure(.badInput, "\(error)") }
            let runs = documents.map(\.run)
            for (input, document) in zip(inputs, documents) {
                let dropped = ResultsFile.fieldsNotRead(in: document.data, decodedAs: document.run)
                guard !dropped.isEmpty else { continue }
                let shown = dropped.prefix(5).joined(separator: ", ") + (dropped.count > 5 ? " and \(dropped.count - 5) more" : "")
                Console.warning("\(input): fields this framebudget does not read, left out of the merged file: \(shown) "
                    + "(a file from a newer FrameBudget? merge with that build to keep them)")
            }
            let outcome = try RunMerge.outcome(of: runs, names: inputs, runID: runID)
            for again in outcome.repeatedRuns {
                Console.warning("\(again.file): process run \(again.runID) is already merged from \(again.firstFile): counted once")
            }
            let merged = outcome.run
            let processRuns = Self.processRunIDs(merged)
            if let runID, processRuns.count > 1, processRuns.contains(runID) {
                throw badOptionValue("--run-id \(runID) is the id of one of the process runs merged: name the merged run apart")
            }
            do { try ResultsFile.write(merged, to: out) } catch { throw CommandFailure(.runFailure, "\(error)") }
            Console.output(Self.summary(merged, files: runs.count, out: out))
        }
    }

    /// The ids of the process runs a merged file holds, over all its benchmarks.
    static func processRunIDs(_ merged: RunResults) -> Set<String> {
        Set(merged.benchmarks.flatMap { $0.replicates(runID: merged.runID).map(\.runID) })
    }

    /// `merged 3 files: 5 process runs (3–5 per benchmark), 12 benchmarks, 1800 samples → out.json`: how many
    /// replicates a comparison of this file rests on.
    static func summary(_ merged: RunResults, files: Int, out: String) -> String {
        let perBenchmark = merged.benchmarks.map(\.replicateCount)
        let processRuns = processRunIDs(merged).count
        let range = perBenchmark.isEmpty ? "0" : perBenchmark.min()! == perBenchmark.max()! ? "\(perBenchmark.min()!)"
            : "\(perBenchmark.min()!)–\(perBenchmark.max()!)"
        let samples = merged.benchmarks.map(\.samplesNanoseconds.count).reduce(0, +)
        var line = "merged \(files) file\(files == 1 ? "" : "s"): \(processRuns) process run\(processRuns == 1 ? "" : "s") "
            + "(\(range) per benchmark), \(merged.benchmarks.count) benchmarks, \(samples) samples → \(out)"
        if perBenchmark.contains(1) {
            line += "\nnote: benchmarks with a single process run have no between-run variance: compare calls them inconclusive"
        }
        return line
    }
}
