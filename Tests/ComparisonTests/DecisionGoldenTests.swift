import Foundation
import RunFixtures
import XCTest
@testable import Comparison
import Results
import Statistics

/// The whole compare decision — per-run statistics, Welch or pooled-with-prior t, Holm over the benchmarks, noise
/// floors, verdicts (UNCHANGED only when the 90% interval lies within the threshold), intervals, MDE,
/// needs-more-runs — on fixture runs, against numpy/scipy/statsmodels computed independently from the same samples
/// (Golden/make_decision_golden.py).
final class DecisionGoldenTests: XCTestCase {
    struct Golden: Decodable {
        struct Prior: Decodable { let standardDeviation: Double; let degreesOfFreedom: Double }
        struct Benchmark: Decodable { let id: String; let base: [[Double]]; let head: [[Double]]; let prior: Prior? }
        struct Expected: Decodable {
            let id: String, baseRuns: Int, headRuns: Int, relativeChange: Double, betweenRunSpread: Double?
            let noiseFloor: Double, method: String?, pValue: Double?, degreesOfFreedom: Double?, standardError: Double?
            let interval: [Double]?, equivalenceInterval: [Double]?, minimumDetectableEffect: Double?
            let adjustedPValue: Double?, verdict: String
            let needsMoreRuns: Bool
        }
        struct Family: Decodable { let percentile: Double; let benchmarks: [Benchmark]; let expected: [Expected] }
        let alpha: Double, threshold: Double, power: Double, families: [Family]
    }

    private func golden() throws -> Golden {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "decision", withExtension: "json", subdirectory: "Golden"))
        return try JSONDecoder().decode(Golden.self, from: Data(contentsOf: url))
    }

    /// A merged side: the runs' samples concatenated, each run one replicate.
    private func side(_ name: String, _ benchmarks: [(id: String, runs: [[Double]])]) -> RunResults {
        Fixture.run(name, benchmarks.map { benchmark in
            var result = Fixture.result(benchmark.id, benchmark.runs.flatMap { $0 })
            var first = 0
            result.replicates = benchmark.runs.enumerated().map { index, run in
                defer { first += run.count }
                return Replicate(runID: "\(name)-\(index + 1)", firstSample: first, sampleCount: run.count)
            }
            return result
        })
    }

    private func assertClose(_ actual: Double?, _ expected: Double?, _ what: String, relative: Double = 1e-8,
                             file: StaticString = #filePath, line: UInt = #line) {
        guard let expected else { return XCTAssertNil(actual, what, file: file, line: line) }
        guard let actual else { return XCTFail("\(what): nil, expected \(expected)", file: file, line: line) }
        XCTAssertLessThanOrEqual(abs(actual - expected), max(relative * abs(expected), 1e-13),
                                 "\(what): \(actual) vs scipy \(expected)", file: file, line: line)
    }

    func testTheWholeDecisionMatchesScipyAndStatsmodelsOnFixtureRuns() throws {
        let golden = try golden()
        var verdictsSeen = Set<String>()
        for family in golden.families {
            let base = side("base", family.benchmarks.map { ($0.id, $0.base) })
            let head = side("head", family.benchmarks.map { ($0.id, $0.head) })
            var priors = [String: PriorSpread]()
            for b in family.benchmarks {
                if let p = b.prior { priors[b.id] = PriorSpread(standardDeviation: p.standardDeviation, degreesOfFreedom: p.degreesOfFreedom) }
            }
            let settings = ComparisonSettings(alpha: golden.alpha, threshold: golden.threshold, power: golden.power,
                                              resamples: 100, percentile: family.percentile)
            let report = Comparator.compare(base: base, head: head, settings: settings, priors: priors)
            XCTAssertEqual(report.benchmarks.map(\.id), family.expected.map(\.id))
            XCTAssertEqual(report.familyWise.tests, family.expected.filter { $0.pValue != nil }.count)
            for (c, e) in zip(report.benchmarks, family.expected) {
                let what = "p\(Int(family.percentile)) \(e.id)"
                XCTAssertEqual(c.baseRuns, e.baseRuns, what)
                XCTAssertEqual(c.headRuns, e.headRuns, what)
                assertClose(c.relativeChange, e.relativeChange, "\(what) change")
                assertClose(c.betweenRunSpread, e.betweenRunSpread, "\(what) spread")
                assertClose(c.noiseFloor, e.noiseFloor, "\(what) floor")
                XCTAssertEqual(c.runLevel?.method.rawValue, e.method, what)
                assertClose(c.runLevel?.pValue, e.pValue, "\(what) p", relative: 1e-7)
                assertClose(c.runLevel?.degreesOfFreedom, e.degreesOfFreedom, "\(what) df")
                assertClose(c.runLevel?.standardError, e.standardError, "\(what) se")
                assertClose(c.adjustedPValue, e.adjustedPValue, "\(what) Holm p", relative: 1e-7)
                assertClose(c.interval?.lower, e.interval?[0], "\(what) interval lower")
                assertClose(c.interval?.upper, e.interval?[1], "\(what) interval upper")
                let equivalence = c.runLevel.map { RunLevelDecision.equivalenceInterval($0) }
                assertClose(equivalence?.lower, e.equivalenceInterval?[0], "\(what) 90% interval lower")
                assertClose(equivalence?.upper, e.equivalenceInterval?[1], "\(what) 90% interval upper")
                assertClose(c.minimumDetectableEffect, e.minimumDetectableEffect, "\(what) MDE")
                XCTAssertEqual(c.verdict.rawValue, e.verdict, what)
                XCTAssertEqual(c.needsMoreRuns, e.needsMoreRuns, "\(what) needs more runs")
                verdictsSeen.insert(e.verdict)
            }
        }
        XCTAssertEqual(verdictsSeen, ["regressed", "improved", "unchanged", "inconclusive"], "the fixtures exercise every verdict")
    }
}
