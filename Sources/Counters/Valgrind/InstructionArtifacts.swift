import Foundation
import Results

/// The files `--counters callgrind` keeps per benchmark in the run folder, under `instructions/<benchmark id>/`:
/// the two cachegrind outputs (n and 2n iterations) and `functions.tsv`, the per-function instructions per
/// iteration computed from them. `framebudget compare --mode instructions` reads `functions.tsv` to name the
/// functions whose counts changed.
public enum InstructionArtifacts {
    /// Artifact keys in a benchmark's `artifacts`.
    public static let functionsKey = "instructions-by-function"
    public static let singleKey = "cachegrind-n"
    public static let doubleKey = "cachegrind-2n"

    /// `instructions/<id>`, relative to the run folder; characters other than letters, digits and `._=-` become
    /// `_` (the id's `/` keeps its meaning as a folder separator).
    public static func folder(for id: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._=-/")
        let safe = String(id.map { allowed.contains($0) ? $0 : "_" })
            .split(separator: "/").map { $0 == ".." || $0 == "." ? "_" : String($0) }.joined(separator: "/")
        return "instructions/" + safe
    }

    /// The cachegrind output of `iterations` iterations of `id`, relative to the run folder.
    public static func cachegrindOutput(for id: String, iterations: Int) -> String {
        "\(folder(for: id))/cachegrind.\(iterations).out"
    }

    /// `functions.tsv` of `id`, relative to the run folder.
    public static func functionsFile(for id: String) -> String { "\(folder(for: id))/functions.tsv" }

    /// The run with each benchmark's kept files listed in its `artifacts` (those that exist in `runFolder`).
    public static func annotate(_ run: RunResults, runFolder: String) -> RunResults {
        var run = run
        for index in run.benchmarks.indices {
            let id = run.benchmarks[index].id
            let functions = functionsFile(for: id)
            guard FileManager.default.fileExists(atPath: "\(runFolder)/\(functions)") else { continue }
            run.benchmarks[index].artifacts[functionsKey] = functions
            let outputs = ((try? FileManager.default.contentsOfDirectory(atPath: "\(runFolder)/\(folder(for: id))")) ?? [])
                .compactMap { name -> Int? in
                    guard name.hasPrefix("cachegrind."), name.hasSuffix(".out") else { return nil }
                    return Int(name.dropFirst("cachegrind.".count).dropLast(".out".count))
                }.sorted()
            if outputs.count == 2 {
                run.benchmarks[index].artifacts[singleKey] = cachegrindOutput(for: id, iterations: outputs[0])
                run.benchmarks[index].artifacts[doubleKey] = cachegrindOutput(for: id, iterations: outputs[1])
            }
        }
        return run
    }
}
