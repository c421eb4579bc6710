import ArgumentParser
import ChildProcesses
import Foundation
import Measurement
import RunPipeline

/// `framebudget iterate <id> --iterations N` (hidden): set-up and N iterations of one benchmark, untimed and silent.
/// The child process that valgrind (`--counters callgrind`, `profile --callgrind`) and perf (`profile`) observe.
struct IterateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iterate", abstract: "Run one benchmark's set-up and N iterations, untimed (for valgrind/perf).",
        shouldDisplay: false)

    @Argument(help: "Exact benchmark id.")
    var id: String

    @Option(parsing: .unconditional, help: "Iterations to run after set-up.")
    var iterations: Int = 1

    @Option(parsing: .unconditional, help: "Keep iterating for this many seconds instead (for sampling profilers).")
    var seconds: Double?

    @Option(parsing: .unconditional, help: "Seed of the synthetic workload.")
    var seed: UInt64 = 0x5EED

    @Option(help: "A recorded capture folder instead of the synthetic workload.")
    var workload: String?

    func validate() throws {
        guard iterations >= 0 else { throw badOptionValue("--iterations must be ≥ 0 (got \(iterations))") }
        if let seconds, !(seconds > 0 && seconds <= 3600) { throw badOptionValue("--seconds must be in (0, 3600] (got \(seconds))") }
    }

    func run() throws {
        try reportingFailures {
            let benchmark = try Registration.benchmark(id: id)
            let iteration: Iteration
            do { iteration = try benchmark.setUp(workload.map { .capture(directory: $0) } ?? .synthetic(seed: seed)) }
            catch { throw CommandFailure(.runFailure, "\(id): set-up failed: \(error)") }
            defer { iteration.tearDown() }
            if let seconds {
                // Batches that double up to ~10 ms keep clock reads out of the profile of fast benchmarks.
                let end = MonotonicClock.now() + UInt64(seconds * 1e9)
                var batch = 1
                repeat {
                    let start = MonotonicClock.now()
                    for _ in 0..<batch { iteration.run() }
                    if MonotonicClock.now() - start < 10_000_000 { batch *= 2 }
                } while MonotonicClock.now() < end
            } else {
                for _ in 0..<iterations { iteration.run() }
            }
        }
    }
}
