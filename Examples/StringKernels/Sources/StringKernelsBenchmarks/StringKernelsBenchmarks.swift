import FrameBudget
import StringKernels

/// The benchmarks of StringKernels: one per function, each on a seeded input built outside the timed window.
enum StringKernelsBenchmarks: BenchmarkGroup {
    static func benchmarks() -> [Benchmark] {
        [checksum, sort, sortInPlace, uppercase]
    }

    /// Adler-32 of 64 KiB: `bytes/iter` lets the reports show GB/s.
    static let checksum = Benchmark(
        hotPath: "adler32", variant: "optimized", workload: "64KiB", bytesPerIteration: 65_536
    ) { source in
        var random = SeededBytes(seed: try seed(source))
        let bytes = random.take(65_536)
        return Iteration { blackHole(adler32(bytes)) }
    }

    /// Sorting 10 000 random words: `itemsPerIteration` gives the rate in words per second; it reports how many
    /// distinct words its input holds.
    static let sort = Benchmark(
        hotPath: "sort-words", variant: "optimized", workload: "10k-words", parameters: ["words": "10000"],
        itemsPerIteration: 10_000, itemName: "words"
    ) { source in
        var random = SeededBytes(seed: try seed(source))
        let words = (0..<10_000).map { _ in String(decoding: random.take(8).map { 97 + $0 % 26 }, as: UTF8.self) }
        let text = words.joined(separator: " ")
        // A metric of its own, reported once measured: a budget can limit it (`metric: custom` in budgets.yaml).
        return Iteration { blackHole(sortedWords(text)) }.reporting { ["distinct-words": Double(Set(words).count)] }
    }

    /// The same words sorted in place: each run shuffles them outside the timing and times only the sort
    /// (`Iteration(state:measuring:)`, a measured scope inside the body).
    static let sortInPlace = Benchmark(
        hotPath: "sort-words", variant: "in-place", workload: "10k-words", itemsPerIteration: 10_000, itemName: "words"
    ) { source in
        var random = SeededBytes(seed: try seed(source))
        let words = (0..<10_000).map { _ in String(decoding: random.take(8).map { 97 + $0 % 26 }, as: UTF8.self) }
        // Everything the body changes is its state (the closure is @Sendable, so it captures no `var`).
        return Iteration(state: (words: words, shuffler: SeededBytes(seed: try seed(source) &+ 1)), measuring: { state, scope in
            state.words.shuffle(using: &state.shuffler)
            scope.measure { state.words.sort() }
        })
    }

    /// Upper-casing 64 KiB into an output buffer made in set-up: the body gets it `inout`, no box to write.
    static let uppercase = Benchmark(
        hotPath: "uppercase", variant: "optimized", workload: "64KiB", bytesPerIteration: 2 * 65_536
    ) { source in
        var random = SeededBytes(seed: try seed(source))
        let input = random.take(65_536)
        return Iteration(state: [UInt8](repeating: 0, count: 65_536)) { output in uppercaseASCII(input, into: &output) }
    }

    /// The run's seed (`--seed`). These benchmarks have no recorded-capture input: `run --workload DIR` skips them,
    /// saying so, rather than measure the seeded input and record it as the capture's.
    private static func seed(_ source: WorkloadSource) throws -> UInt64 {
        guard case let .synthetic(seed) = source else { throw MeasurementSetUpError.syntheticOnly("StringKernels") }
        return seed
    }
}

/// A small deterministic byte stream (SplitMix64), so every run measures the same input.
struct SeededBytes: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func take(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}
