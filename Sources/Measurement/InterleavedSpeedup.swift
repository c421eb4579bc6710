import Statistics

/// How many times faster one benchmark runs than another in the same process, measured interleaved: blocks of one
/// sample of each (about a millisecond apiece), the order alternating from block to block (A B, B A, …). A slow
/// stretch of the machine that outlasts a block hits both sides and cancels in that block's ratio, which timing the
/// two one after the other, seconds apart, cannot do. The figure is the median of the block ratios, with its
/// distribution-free interval (``MedianInterval``).
public struct InterleavedSpeedup: Codable, Sendable, Equatable {
    /// The benchmark compared against (for a kernel: its reference variant).
    public var baselineID: String
    /// The benchmark whose speed-up is measured (its optimized variant).
    public var candidateID: String
    /// Per block: the baseline's nanoseconds per iteration ÷ the candidate's; above 1 the candidate is faster.
    public var blockRatios: [Double]
    /// The median of ``blockRatios``.
    public var speedup: Double
    /// The interval of that median; nil with too few blocks for its level.
    public var interval: ConfidenceInterval?
    /// Medians over the blocks of each side's nanoseconds per iteration (for the record; the ratio is per block).
    public var baselineMedianNanoseconds: Double
    public var candidateMedianNanoseconds: Double

    /// Times `blocks` interleaved blocks of one sample of each benchmark; a sample holds each side's own calibrated
    /// iterations (``PreparedBenchmark/calibratedIterationsPerSample``).
    /// - Parameter shouldStop: polled between blocks (an interrupted measurement keeps the blocks it has).
    /// - Precondition: `blocks` ≥ 1.
    public static func measure(baseline: PreparedBenchmark, candidate: PreparedBenchmark, blocks: Int,
                               level: Double = 0.95, shouldStop: () -> Bool = { false }) -> InterleavedSpeedup {
        precondition(blocks >= 1, "at least one block")
        let baselineIterations = baseline.calibratedIterationsPerSample
        let candidateIterations = candidate.calibratedIterationsPerSample
        var baselineTimes: [Double] = [], candidateTimes: [Double] = []
        for block in 0..<blocks {
            if block > 0 && shouldStop() { break }
            let baselineFirst = block % 2 == 0
            var baselineTime = 0.0, candidateTime = 0.0
            if baselineFirst { baselineTime = baseline.samples(1, iterations: baselineIterations)[0] }
            candidateTime = candidate.samples(1, iterations: candidateIterations)[0]
            if !baselineFirst { baselineTime = baseline.samples(1, iterations: baselineIterations)[0] }
            baselineTimes.append(baselineTime)
            candidateTimes.append(candidateTime)
        }
        return InterleavedSpeedup(baselineID: baseline.benchmark.id, candidateID: candidate.benchmark.id,
                                  baselineTimes: baselineTimes, candidateTimes: candidateTimes, level: level)
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
        interval = MedianInterval.of(blockRatios, level: level)
        baselineMedianNanoseconds = Descriptive.median(baselineTimes)
        candidateMedianNanoseconds = Descriptive.median(candidateTimes)
    }
}
