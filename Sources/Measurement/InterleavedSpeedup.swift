import Statistics

/// How many times faster one benchmark runs than another in the same process, measured interleaved: blocks of one
/// sample of each (about a millisecond apiece, each after an untimed one of its own), the order alternating from
/// block to block (A B, B A, …). A slow stretch of the machine that outlasts a block hits both sides and cancels in
/// that block's ratio, which timing the two one after the other, seconds apart, cannot do. The figure is the median
/// of the block ratios, with its distribution-free interval widened for dependent blocks
/// (``MedianInterval/ofSeries(_:level:)``).
public struct InterleavedSpeedup: Codable, Sendable, Equatable {
    /// The benchmark compared against (for a kernel: its reference variant).
    public var baselineID: String
    /// The benchmark whose speed-up is measured (its optimized variant).
    public var candidateID: String
    /// Per block: the baseline's nanoseconds per iteration ÷ the candidate's; above 1 the candidate is faster.
    public var blockRatios: [Double]
    /// The median of ``blockRatios``.
    public var speedup: Double
    /// The interval of that median, widened for the dependence between neighbouring blocks
    /// (``MedianInterval/ofSeries(_:level:)``); nil with too few blocks for its level.
    public var interval: ConfidenceInterval?
    /// How much the blocks' dependence widened it: the long-run variance factor of the block ratios (1: independent).
    /// Absent from figures made before 7 Dec 2026.
    public var blockDependence: Double?
    /// Medians over the blocks of each side's nanoseconds per iteration (for the record; the ratio is per block).
    public var baselineMedianNanoseconds: Double
    public var candidateMedianNanoseconds: Double
    /// Untimed samples each side ran just before its timed one in every block; nil for a figure made from block
    /// times alone (or recorded before 2 Dec 2026, when there were none).
    public var untimedSamplesPerBlock: Int?

    /// Times `blocks` interleaved blocks of one sample of each benchmark; a sample holds each side's own calibrated
    /// iterations (``PreparedBenchmark/calibratedIterationsPerSample``).
    /// - Parameters:
    ///   - untimedSamplesPerBlock: samples each side runs just before its timed one, untimed, so that the timed
    ///     sample starts in that side's own cache state rather than the one the other side left (a kernel reading
    ///     and writing megabytes otherwise pays for refilling the caches the other evicted, in its ratio).
    ///   - shouldStop: polled before every block (an interrupted measurement keeps the blocks it has).
    /// - Returns: the figure of the blocks measured; nil when stopped before the first.
    /// - Precondition: `blocks` ≥ 1, `untimedSamplesPerBlock` ≥ 0.
    public static func measure(baseline: PreparedBenchmark, candidate: PreparedBenchmark, blocks: Int,
                               untimedSamplesPerBlock: Int, level: Double = 0.95,
                               shouldStop: () -> Bool = { false }) -> InterleavedSpeedup? {
        let baselineIterations = baseline.calibratedIterationsPerSample
        let candidateIterations = candidate.calibratedIterationsPerSample
        return measure(baselineID: baseline.benchmark.id, candidateID: candidate.benchmark.id, blocks: blocks,
                       untimedSamplesPerBlock: untimedSamplesPerBlock, level: level, shouldStop: shouldStop,
                       baselineSamples: { baseline.samples($0, iterations: baselineIterations) },
                       candidateSamples: { candidate.samples($0, iterations: candidateIterations) })
    }

    /// The interleaving itself, over any two samplers: `samples(n)` times n consecutive samples of one side and
    /// returns their nanoseconds per iteration, in order. The last sample of each side's request in a block is its
    /// timed one; the ones before it are run and dropped. Nil when `shouldStop` held before the first block.
    /// - Precondition: `blocks` ≥ 1, `untimedSamplesPerBlock` ≥ 0, and every request answered with as many samples.
    public static func measure(baselineID: String, candidateID: String, blocks: Int, untimedSamplesPerBlock: Int,
                               level: Double = 0.95, shouldStop: () -> Bool = { false },
                               baselineSamples: (Int) -> [Double], candidateSamples: (Int) -> [Double]) -> InterleavedSpeedup? {
        precondition(blocks >= 1, "at least one block")
        precondition(untimedSamplesPerBlock >= 0, "no negative count of untimed samples")
        func timedSample(_ samples: (Int) -> [Double]) -> Double {
            let measured = samples(untimedSamplesPerBlock + 1)
            precondition(measured.count == untimedSamplesPerBlock + 1, "a sampler answered with another count of samples")
            return measured[untimedSamplesPerBlock]
        }
        var baselineTimes: [Double] = [], candidateTimes: [Double] = []
        for block in 0..<blocks {
            // Before the first block too: a block of long samples is seconds of work no interruption should wait for.
            if shouldStop() { break }
            let baselineFirst = block % 2 == 0
            var baselineTime = 0.0
            if baselineFirst { baselineTime = timedSample(baselineSamples) }
            let candidateTime = timedSample(candidateSamples)
            if !baselineFirst { baselineTime = timedSample(baselineSamples) }
            baselineTimes.append(baselineTime)
            candidateTimes.append(candidateTime)
        }
        guard !baselineTimes.isEmpty else { return nil }
        var figure = InterleavedSpeedup(baselineID: baselineID, candidateID: candidateID,
                                        baselineTimes: baselineTimes, candidateTimes: candidateTimes, level: level)
        figure.untimedSamplesPerBlock = untimedSamplesPerBlock
        return figure
    }

    /// The figure of block times already measured (nanoseconds per iteration, one per block and side).
    /// - Precondition: the same positive number of blocks on both sides, every time positive.
    public init(baselineID: String, candidateID: String, baselineTimes: [Double], candidateTimes: [Double],
                level: Double = 0.95) {
        precondition(!baselineTimes.isEmpty && baselineTimes.count == candidateTimes.count, "one time per block and side")
        self.baselineID = baselineID
        self.candidateID = candidateID
        blockRatios = zip(baselineTimes, candidateTimes).map { $0 / $1 }
        speedup = Descriptive.median(blockRatios)
        (interval, blockDependence) = MedianInterval.ofSeries(blockRatios, level: level)
        baselineMedianNanoseconds = Descriptive.median(baselineTimes)
        candidateMedianNanoseconds = Descriptive.median(candidateTimes)
    }
}
