@testable import Counters
import XCTest

/// Parsing of valgrind's outputs on committed samples (Golden/), and the arithmetic that turns them into counts
/// per iteration.
final class ValgrindParsingTests: XCTestCase {
    func golden(_ name: String) throws -> String {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Golden/\(name)", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    func testCachegrindSummaryMapsEventsToTotals() throws {
        let summary = try CachegrindSummary(parsing: try golden("cachegrind.out"), path: "cachegrind.out")
        XCTAssertEqual(summary.totals["Ir"], 1000)
        XCTAssertEqual(summary.totals["DLmw"], 2)
        XCTAssertEqual(summary.totals.count, 9)
    }

    func testEstimatedCyclesWeighL1HitsLLHitsAndRAMAsIaiCallgrindDoes() throws {
        let summary = try CachegrindSummary(parsing: try golden("cachegrind.out"), path: "x")
        // accesses 1600, L1 misses 70, RAM 11: 1530 + 5·59 + 35·11 = 2210.
        XCTAssertEqual(CachegrindSummary.estimatedCycles(summary.totals), 2210)
        XCTAssertNil(CachegrindSummary.estimatedCycles(["Ir": 5]), "no estimate without simulated caches")
    }

    func testPerIterationCountsAreTheDifferenceOfTheNAndTwoNRuns() {
        let n = CachegrindSummary(totals: ["Ir": 1_000_500])
        let twoN = CachegrindSummary(totals: ["Ir": 1_001_500])
        XCTAssertEqual(CachegrindSummary.perIteration(single: n, double: twoN, iterations: 10)["Ir"], 100)
    }

    func testOutputWithoutSummaryIsRejectedNamingTheFile() {
        XCTAssertThrowsError(try CachegrindSummary(parsing: "events: Ir\n", path: "/tmp/x.out")) {
            XCTAssertTrue("\($0)".hasPrefix("/tmp/x.out: "))
        }
    }

    func testCallgrindAnnotateLinesGiveExclusiveCountsPerFunction() throws {
        let functions = CallgrindProfiler.parseAnnotate(try golden("callgrind-annotate.txt"))
        XCTAssertEqual(functions, [
            "__memmove_avx_unaligned_erms": 6_000_000,
            "$s14BenchmarkSuite22DepthRowCopyBenchmarksO14contiguousCopyyyFZ": 4_000_000,
            "swift_retain": 500_000,
        ])
    }
}
