import XCTest
@testable import Measurement

/// The interleaving of `framebudget speedup`, driven by samplers whose times are fixed: the order of the sides, the
/// untimed samples dropped, and the figure a cold first sample would bias.
final class InterleavedSpeedupTests: XCTestCase {
    /// Two sides sharing a cache: a side's first sample after the other side ran is `coldFactor` times slower (its
    /// data was evicted), every later one takes its warm time. Records which side ran each request.
    private final class SharedCache {
        var lastSide: String?
        var requests: [(side: String, count: Int)] = []
        func sampler(_ side: String, warm: Double, coldFactor: Double) -> (Int) -> [Double] {
            { count in
                self.requests.append((side, count))
                let cold = self.lastSide != nil && self.lastSide != side
                self.lastSide = side
                return (0..<count).map { $0 == 0 && cold ? warm * coldFactor : warm }
            }
        }
    }

    private func measure(_ cache: SharedCache, untimed: Int, blocks: Int = 20) throws -> InterleavedSpeedup {
        // The baseline streams more memory than the candidate: its cold sample costs more.
        try XCTUnwrap(InterleavedSpeedup.measure(baselineID: "k/reference", candidateID: "k/optimized", blocks: blocks,
                                   untimedSamplesPerBlock: untimed,
                                   baselineSamples: cache.sampler("reference", warm: 1000, coldFactor: 1.5),
                                   candidateSamples: cache.sampler("optimized", warm: 100, coldFactor: 1.1)))
    }

    func testAnUntimedSampleBeforeEachTimedOneGivesTheWarmRatio() throws {
        let figure = try measure(SharedCache(), untimed: 1)
        XCTAssertEqual(figure.speedup, 10, accuracy: 1e-12)
        XCTAssertEqual(figure.blockRatios, Array(repeating: 10, count: 20))
        XCTAssertEqual(figure.baselineMedianNanoseconds, 1000)
        XCTAssertEqual(figure.candidateMedianNanoseconds, 100)
        XCTAssertEqual(figure.untimedSamplesPerBlock, 1)
    }

    func testWithoutTheUntimedSampleTheColdFirstSampleBiasesTheRatio() throws {
        // A B, B A, …: the second side of each block follows the other one and is cold, the candidate in even
        // blocks, the baseline in odd ones. The ratios alternate between 1000 / 110 and 1500 / 100, and their median
        // lies between the two, 20% above the warm 10.
        let figure = try measure(SharedCache(), untimed: 0)
        XCTAssertEqual(figure.blockRatios[0], 1000 / 110, accuracy: 1e-9)
        XCTAssertEqual(figure.blockRatios[1], 15, accuracy: 1e-9)
        XCTAssertEqual(figure.speedup, (1000 / 110 + 15) / 2, accuracy: 1e-9)
    }

    func testTheSidesAlternateOrderFromBlockToBlockAndAskForTheUntimedSamplesInOneRequest() throws {
        let cache = SharedCache()
        _ = try measure(cache, untimed: 2, blocks: 4)
        XCTAssertEqual(cache.requests.map(\.side), ["reference", "optimized", "optimized", "reference",
                                                    "reference", "optimized", "optimized", "reference"])
        XCTAssertEqual(Set(cache.requests.map(\.count)), [3])
    }

    func testAStopRequestKeepsTheBlocksMeasured() throws {
        var polls = 0
        let cache = SharedCache()
        let figure = try XCTUnwrap(InterleavedSpeedup.measure(
            baselineID: "a", candidateID: "b", blocks: 50, untimedSamplesPerBlock: 1,
            shouldStop: { polls += 1; return polls >= 3 },
            baselineSamples: cache.sampler("a", warm: 2, coldFactor: 1), candidateSamples: cache.sampler("b", warm: 1, coldFactor: 1)))
        XCTAssertEqual(figure.blockRatios.count, 2, "blocks 0 and 1 ran; the poll before block 2 stopped it")
    }

    func testAStopRequestBeforeTheFirstBlockMeasuresNothingAndGivesNoFigure() {
        let cache = SharedCache()
        let figure = InterleavedSpeedup.measure(
            baselineID: "a", candidateID: "b", blocks: 6, untimedSamplesPerBlock: 1, shouldStop: { true },
            baselineSamples: cache.sampler("a", warm: 2, coldFactor: 1), candidateSamples: cache.sampler("b", warm: 1, coldFactor: 1))
        XCTAssertNil(figure)
        XCTAssertTrue(cache.requests.isEmpty, "no sample was taken")
    }
}
