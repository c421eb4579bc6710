import Foundation
import Measurement
import Results

/// The worker side of paired measurement (`framebudget worker`): serves ``PairedRequest``s over its stdin and
/// stdout for the coordinator, one prepared benchmark at a time. Prints nothing else on stdout.
package struct PairedWorker {
    package let benchmarks: [Benchmark]
    package let settings: MeasurementSettings
    package let source: WorkloadSource
    package let build: String

    package init(benchmarks: [Benchmark], settings: MeasurementSettings, source: WorkloadSource, build: String) {
        // Frame loops run at a cadence, not in timed samples: they are not paired.
        self.benchmarks = benchmarks.filter { $0.driver == nil }
        self.settings = settings
        self.source = source
        self.build = build
    }

    /// Serves requests from `readLine` until `quit` or the end of input; each reply goes to `write` as one line.
    package func serve(readLine: () -> String?, write: (String) -> Void) {
        let clock = MonotonicClock.characterize()
        var prepared: PreparedBenchmark?
        defer { prepared?.tearDown() }
        while let line = readLine() {
            let reply: PairedReply
            do {
                switch try PairedWire.decode(PairedRequest.self, line) {
                case .hello:
                    var hello = PairedReply(benchmarks: Dictionary(benchmarks.map { ($0.id, $0.threads) }, uniquingKeysWith: { a, _ in a }),
                                            build: build)
                    let declared = benchmarks.compactMap { b in b.regressionThreshold.map { (b.id, $0) } }
                    if !declared.isEmpty { hello.thresholds = Dictionary(declared, uniquingKeysWith: { a, _ in a }) }
                    hello.placements = PreparedBenchmark.maximumPlacements
                    reply = hello
                case let .prepare(id, placements):
                    prepared?.tearDown()
                    prepared = nil
                    guard let benchmark = benchmarks.first(where: { $0.id == id }) else {
                        reply = PairedReply(error: "no timed benchmark '\(id)' in this build")
                        break
                    }
                    let count = placements ?? 1
                    guard (1...PreparedBenchmark.maximumPlacements).contains(count) else {
                        reply = PairedReply(error: "placements must be in 1...\(PreparedBenchmark.maximumPlacements) (got \(count))")
                        break
                    }
                    let ready = try PreparedBenchmark(benchmark, source: source, settings: settings, clock: clock,
                                                      placements: count)
                    prepared = ready
                    var answer = PairedReply(iterations: ready.calibratedIterationsPerSample,
                                             nanosecondsPerIteration: ready.estimatedNanosecondsPerIteration)
                    answer.placements = placements.map { _ in ready.placements }
                    reply = answer
                case let .measure(id, samples, iterations):
                    guard let ready = prepared, ready.benchmark.id == id else {
                        reply = PairedReply(error: "'\(id)' is not the prepared benchmark")
                        break
                    }
                    guard (1...10_000).contains(samples), (1...1_000_000_000).contains(iterations) else {
                        reply = PairedReply(error: "samples must be in 1...10000 and iterations in 1...1e9")
                        break
                    }
                    // Each request is one side of a block: it starts on the next placement, so its untimed samples
                    // warm that placement's buffers before the timed one.
                    ready.nextPlacement()
                    reply = PairedReply(samples: ready.samples(samples, iterations: iterations))
                case .quit:
                    return
                }
            } catch {
                reply = PairedReply(error: "\(error)")
            }
            write((try? PairedWire.encode(reply)) ?? #"{"error":"reply not encodable"}"#)
        }
    }
}
