import Foundation
import Results

/// What a paired-measurement coordinator asks a worker process: one JSON object per line on the worker's stdin,
/// one reply per line on its stdout. Both builds' workers speak it, so two builds of any package on the FrameBudget
/// library can be compared in pairs.
package enum PairedRequest: Codable, Sendable, Equatable {
    /// Which timed benchmarks this build has (the coordinator pairs only those both builds have).
    case hello
    /// Set up and warm up one benchmark (the previous one is torn down first); with `placements` above 1, set it up
    /// that many times and move to the next set-up at every `measure` (only sent to a worker whose hello offers
    /// placements: an older one would ignore it and measure the two sides differently).
    case prepare(id: String, placements: Int? = nil)
    /// Time `samples` samples of `iterations` iterations of the prepared benchmark.
    case measure(id: String, samples: Int, iterations: Int)
    /// Tear the prepared benchmark down and exit.
    case quit
}

/// A worker's answer to one ``PairedRequest``; `error` set when it could not do what was asked.
package struct PairedReply: Codable, Sendable, Equatable {
    /// hello: the timed benchmarks and their thread counts.
    package var benchmarks: [String: Int]?
    /// hello: what the build says of itself (`git commit`, or the binary path).
    package var build: String?
    /// hello: the regression thresholds the build's benchmarks declare (``Benchmark/regressionThreshold``).
    package var thresholds: [String: Double]?
    /// hello: the most placements this worker sets a benchmark up in (nil: a build from before 5 Dec 2026, which
    /// has one); prepare: how many it set up.
    package var placements: Int?
    /// prepare: the iterations per sample this build's calibration chose, and its estimate per iteration.
    package var iterations: Int?
    package var nanosecondsPerIteration: Double?
    /// measure: nanoseconds per iteration of each sample.
    package var samples: [Double]?
    package var error: String?

    package init(benchmarks: [String: Int]? = nil, build: String? = nil, iterations: Int? = nil,
                 nanosecondsPerIteration: Double? = nil, samples: [Double]? = nil, error: String? = nil) {
        self.benchmarks = benchmarks
        self.build = build
        self.iterations = iterations
        self.nanosecondsPerIteration = nanosecondsPerIteration
        self.samples = samples
        self.error = error
    }
}

/// One line of JSON each way.
package enum PairedWire {
    package static func encode<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try ResultsFile.encoder(pretty: false).encode(value), as: UTF8.self)
    }

    package static func decode<T: Decodable>(_ type: T.Type, _ line: String) throws -> T {
        try ResultsFile.decoder().decode(type, from: Data(line.utf8))
    }
}
