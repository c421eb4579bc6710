import ArgumentParser
import Counters
import Foundation
import Results
import RunPipeline

/// `framebudget peers`: the libraries a user would pick instead of the kernels (OpenCV, numpy, hashlib), measured by
/// `scripts/peers.py` on the kernels' own inputs and merged into a run as `peer` variants. `make peers` drives it.
struct PeersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peers", abstract: "Export the kernels' inputs for their peers; merge the peers' timings into a run.",
        discussion: """
            make peers runs everything: the kernels, the export, scripts/peers.py on one core and on every core, the merge \
            and the reports. Exit: 0 · 2 bad input (unreadable or malformed file) · 4 cannot write.
            """,
        subcommands: [Export.self, Merge.self, Kernels.self])

    /// `framebudget peers export --out DIR`: the synthetic inputs as `.npy` capture folders and a manifest.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the inputs of the kernels that have peers as .npy capture folders with a manifest.json.")

        @Option(help: "Folder to write (created when missing).")
        var out: String

        @Option(parsing: .unconditional, help: "Seed of the synthetic workloads (the run's seed; default 24301).")
        var seed: UInt64 = 24301

        func run() throws {
            try reportingFailures {
                let peers = try registeredPeers()
                // Staged beside --out and moved in whole: an interrupted or failed export leaves no folder without
                // its manifest.
                // An earlier export's kernel folders (.npy inputs) are this command's own: replaced whole.
                let count = try StagedFolder.write(into: out, what: "peer inputs folder", ownExtensions: ["npy", "json"]) { staging in
                    do { return try peers.export(staging, seed) }
                    catch { throw CommandFailure(.runFailure, "\(out): \("\(error)".replacingOccurrences(of: staging, with: out))") }
                }
                Console.output("exported the inputs of \(count) kernels → \(out)/manifest.json")
            }
        }
    }

    /// `framebudget peers kernels`: the ids of the kernels with peers, one per line (for `run` filters).
    struct Kernels: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the ids of the kernels that have peers.")

        func run() throws {
            try reportingFailures { try registeredPeers().kernelIDs.forEach { Console.output($0) } }
        }
    }

    /// `framebudget peers merge RESULTS PEERS…`: adds the peers to the run (rewritten atomically).
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Merge peers.json files (scripts/peers.py) into a results file as peer variants.")

        @Argument(help: "The run's results.json.")
        var resultsPath: String

        @Argument(help: "peers.json files written by scripts/peers.py.")
        var peerFiles: [String]

        @Option(help: "Where to write the merged run (default: over the results file, atomically).")
        var out: String?

        func run() throws {
            try reportingFailures {
                var run: RunResults
                do { run = try ResultsFile.read(from: resultsPath) } catch { throw CommandFailure(.badInput, "\(error)") }
                var merged: [String: String] = [:]  // peer id → the file it came from in this merge
                for path in peerFiles {
                    let data: Data, measurements: PeerMeasurements
                    do throws(SystemFile.ReadError) { data = try SystemFile.read(path) }
                    catch { throw CommandFailure(.badInput, "\(error)") }
                    do { measurements = try JSONDecoder().decode(PeerMeasurements.self, from: data) }
                    catch let error as DecodingError {
                        throw CommandFailure(.badInput, "\(path): not a peers file: \(JSONSyntax.problem(in: data) ?? Self.describe(error))")
                    }
                    // A peer given by two files: the second replaced the first in silence.
                    if let peer = measurements.peers.first(where: { merged[$0.id] != nil }) {
                        throw CommandFailure(.badInput, "\(path): peer '\(peer.id)' is also in \(merged[peer.id]!): each peer is merged once")
                    }
                    do { try run.mergePeers(measurements) } catch { throw CommandFailure(.badInput, "\(path): \(error)") }
                    for peer in measurements.peers { merged[peer.id] = path }
                }
                // A peer above its roof means the roof was measured while the machine was busier: re-measure once.
                run = RoofCheck.settle(Roofline.annotate(run), meter: RoofMeter())
                let target = out ?? resultsPath
                do { try ResultsFile.write(run, to: target) } catch { throw CommandFailure(.runFailure, "\(error)") }
                let peers = run.benchmarks.filter { $0.variant.hasPrefix("peer") }.count
                Console.output("\(peers) peer benchmarks in \(target)")
            }
        }

        static func describe(_ error: DecodingError) -> String {
            switch error {
            case let .keyNotFound(key, context): return "missing '\(path(context.codingPath + [key]))'"
            case let .typeMismatch(type, context):
                return "'\(path(context.codingPath))': expected \(ResultsFile.jsonKind(of: type)), found \(ResultsFile.foundKind(context.debugDescription))"
            case let .valueNotFound(_, context), let .dataCorrupted(context):
                return "'\(path(context.codingPath))': \(context.debugDescription)"
            @unknown default: return "\(error)"
            }
        }

        /// `peers[0].call`, as every other message names a field (it said `peers.[0].call`).
        private static func path(_ keys: [any CodingKey]) -> String { JSONFieldLocator.fieldPath(keys) }
    }
}

/// The registered suite's peer inputs.
/// - Throws: ``CommandFailure`` (bad input) when the suite declares no peers.
private func registeredPeers() throws -> PeerInputsExport {
    guard let peers = Registration.suite.peers else {
        throw CommandFailure(.badInput, "this suite declares no peers (RegisteredSuite.peers)")
    }
    return peers
}
