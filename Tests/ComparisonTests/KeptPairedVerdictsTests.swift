import Comparison
import Foundation
import Results
import Statistics
import XCTest

/// The paired rule on pairs really measured: 18 kept `make gate-quality` comparisons from four machine kinds, quiet
/// and busy (Golden/make_kept_paired_verdicts.py). Replayed look by look, today's estimate, set-aside rule, Pocock
/// boundary, verdict words and stop rule must give each benchmark the verdict its session gave, at the very pair
/// where the session stopped measuring it: a change to any of them that moves a real verdict fails here.
final class KeptPairedVerdictsTests: XCTestCase {
    struct Kept: Decodable {
        struct Comparison: Decodable { let source: String, stop: String, benchmarks: [Benchmark] }
        struct Benchmark: Decodable { let id: String, threads: Int, verdict: Verdict, pairLogRatios: [Double] }
        let comparisons: [Comparison]
    }

    /// The settings the rounds ran with: the defaults, and budgets.yaml's own threshold for crowded NMS.
    private let settings = PairedSettings(thresholds: ["nms/optimized/crowded": 0.05])

    private func kept() throws -> Kept {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "kept_paired_verdicts", withExtension: "json",
                                                  subdirectory: "Golden"))
        return try JSONDecoder().decode(Kept.self, from: Data(contentsOf: url))
    }

    /// Judges the benchmark after each of its pairs, as the session does; returns the verdict where it would stop
    /// measuring (or the last one, at the pair cap) and how many pairs that took.
    private func replay(_ benchmark: Kept.Benchmark, boundary: PocockBoundary,
                        equivalenceLevel: Double) -> (verdict: Verdict, pairs: Int) {
        var judged: PairedBenchmarkComparison?
        for pairs in 1...benchmark.pairLogRatios.count {
            let estimate = PairedChange.estimate(pairLogRatios: Array(benchmark.pairLogRatios.prefix(pairs)))
            let comparison = PairedVerdictRule.judge(id: benchmark.id, threads: benchmark.threads, estimate: estimate,
                                                     iterations: [], settings: settings, boundary: boundary,
                                                     equivalenceLevel: equivalenceLevel)
            judged = comparison
            if !comparison.needsMorePairs { return (comparison.verdict, pairs) }
        }
        return (judged?.verdict ?? .inconclusive, benchmark.pairLogRatios.count)
    }

    /// Real slowdowns their sessions called REGRESSED only with disturbed pairs set aside: since 7 Dec 2026 a change
    /// must also hold over every pair (setting aside at 4–7 pairs let builds compared with themselves be called
    /// REGRESSED or IMPROVED 1.7–2.5% of the time against α = 1%), so at these pairs they are still INCONCLUSIVE
    /// and a session would measure on. The price of the promise, on the kept data: 3 of 27 slowdowns, busy hours.
    private let decidedOnlyWithPairsSetAside: Set<String> = [
        "2026-12-02-gate-quality-untimed-burst-amd.json A/B 1 colormap/optimized/1920x1440",
        "2026-12-02-gate-quality-busy-zen3.json A/B 2 colormap/optimized/1920x1440",
        "2026-12-03-make-gate-quality-n3-evening-model167-intel.json A/B 3 colormap/optimized/1920x1440",
    ]

    /// Real slowdowns their sessions called REGRESSED at the first look whose p crossed the boundary computed for the
    /// full α: since the boundary is computed for ``PairedSettings/tCalibration`` × α (t tests at a z boundary
    /// crossed it 1.14–1.29 times as often as promised), these are INCONCLUSIVE at that pair and a session would
    /// measure on. None moves to another word. 9 of 27 slowdowns, each stopped at the first pair that crossed.
    private let decidedOnlyAtTheUncalibratedBoundary: Set<String> = [
        "2026-12-02-gate-quality-untimed-burst-amd.json A/B 1 colormap/optimized/256x192",
        "2026-12-02-gate-quality-untimed-burst-amd.json A/B 2 photo-frame/optimized/256x192-to-1920x1440",
        "2026-12-02-gate-quality-busy-zen3.json A/B 1 colormap/optimized/256x192",
        "2026-12-02-gate-quality-busy-zen3.json A/B 2 photo-frame/optimized/256x192-to-1920x1440",
        "2026-12-02-make-gate-quality-quiet-intel.json A/B 1 colormap/optimized/1920x1440",
        "2026-12-02-make-gate-quality-quiet-intel.json A/B 1 photo-frame/optimized/256x192-to-1920x1440",
        "2026-12-02-make-gate-quality-quiet-intel.json A/B 2 photo-frame/optimized/256x192-to-1920x1440",
        "2026-12-03-make-gate-quality-n3-evening-model167-intel.json A/B 1 colormap/optimized/1920x1440",
        "2026-12-03-make-gate-quality-n3-evening-model167-intel.json A/B 2 colormap/optimized/1920x1440",
    ]

    /// Benchmarks their sessions called UNCHANGED at the 40-pair cap on one look's 90% interval: since the interval
    /// is spent over the looks (``PairedSettings/equivalenceLevel(over:)``, 98.9%), it reaches beyond ±threshold at
    /// the cap and they are INCONCLUSIVE. 9 of the 215 kept UNCHANGED, all in busy or burst hours, all sessions that
    /// had measured on to the cap for want of power; the other 206 keep their word at their pair.
    private let unchangedOnlyAtOneLooksLevel: Set<String> = [
        "2026-12-02-gate-quality-untimed-burst-amd.json A/A 1 colormap/optimized/1920x1440",
        "2026-12-02-gate-quality-untimed-burst-amd.json A/A 1 mask-upsample/optimized/n=10",
        "2026-12-02-gate-quality-untimed-burst-amd.json A/A 2 mask-upsample/optimized/n=10",
        "2026-12-02-gate-quality-untimed-burst-amd.json A/A 2 yolo-post/optimized/typical",
        "2026-12-02-gate-quality-busy-zen3.json A/A 1 texture-upload/optimized/1920x1440-bgra",
        "2026-12-02-gate-quality-busy-zen3.json A/A 2 texture-upload/optimized/256x192",
        "2026-12-02-gate-quality-busy-zen3.json A/B 1 texture-upload/optimized/256x192",
        "2026-12-03-make-gate-quality-n3-evening-model167-intel.json A/A 3 yolo-post/optimized/typical",
        "2026-12-03-make-gate-quality-n3-evening-model167-intel.json A/B 3 mask-upsample/optimized/n=10",
    ]

    func testEveryKeptVerdictComesBackAtThePairWhereItsSessionStopped() throws {
        let comparisons = try kept().comparisons
        XCTAssertEqual(comparisons.count, 18)
        var replayed = 0
        for comparison in comparisons {
            let boundary = settings.boundary(benchmarks: comparison.benchmarks.count)
            for benchmark in comparison.benchmarks {
                let (verdict, pairs) = replay(benchmark, boundary: boundary,
                                              equivalenceLevel: settings.equivalenceLevel(over: boundary.looks))
                let name = "\(comparison.source) \(benchmark.id)"
                let stillOpen = decidedOnlyWithPairsSetAside.contains(name) || decidedOnlyAtTheUncalibratedBoundary.contains(name)
                    || unchangedOnlyAtOneLooksLevel.contains(name)
                let expected = stillOpen ? .inconclusive : benchmark.verdict
                XCTAssertEqual(verdict, expected, name)
                XCTAssertEqual(pairs, benchmark.pairLogRatios.count, "\(name): stopped at another pair")
                replayed += 1
            }
        }
        XCTAssertEqual(replayed, 252)
    }

    /// What the kept files hold besides plain UNCHANGED: the real slowdowns, the undecided at the cap, and pairs that
    /// today's rule set aside. Without them the test above would not reach the rule's branches.
    func testTheKeptPairsReachEveryBranchOfTheRule() throws {
        let benchmarks = try kept().comparisons.flatMap(\.benchmarks)
        let verdicts = Dictionary(grouping: benchmarks, by: \.verdict).mapValues(\.count)
        XCTAssertEqual(verdicts[.unchanged], 215)
        XCTAssertEqual(verdicts[.regressed], 27)
        XCTAssertEqual(verdicts[.inconclusive], 10)
        let setAside = benchmarks.filter { benchmark in
            !PairedChange.estimate(pairLogRatios: benchmark.pairLogRatios).disturbedPairs.isEmpty
        }
        XCTAssertGreaterThan(setAside.count, 40)
        XCTAssertTrue(try kept().comparisons.contains { $0.stop == "pair cap" })
    }
}
