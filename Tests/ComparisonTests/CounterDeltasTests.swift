import XCTest
@testable import Comparison
import Results

/// Counter deltas are shown only with the evidence a timing verdict needs: a test over process runs.
final class CounterDeltasTests: XCTestCase {
    private func replicates(_ values: [[String: Double]], source: CounterSource = .papiHardware) -> [Replicate] {
        values.enumerated().map { index, counters in
            Replicate(runID: "r\(index)", firstSample: 0, sampleCount: 1, counters: counters.sorted { $0.key < $1.key }.map {
                CounterReading(name: $0.key, perIteration: $0.value, source: source)
            })
        }
    }

    func testOnlyCountersMeasuredOnBothSidesAreComparedAndIPCIsDerivedPerRun() {
        let base = replicates([["PAPI_TOT_INS": 1000, "PAPI_TOT_CYC": 500, "PAPI_L1_DCM": 10],
                               ["PAPI_TOT_INS": 1001, "PAPI_TOT_CYC": 502, "PAPI_L1_DCM": 11],
                               ["PAPI_TOT_INS": 999, "PAPI_TOT_CYC": 499, "PAPI_L1_DCM": 10]])
        var head = replicates([["PAPI_TOT_INS": 1120, "PAPI_TOT_CYC": 609], ["PAPI_TOT_INS": 1121, "PAPI_TOT_CYC": 611],
                               ["PAPI_TOT_INS": 1119, "PAPI_TOT_CYC": 608]])
        head[0].counters.append(.unavailable("PAPI_L1_DCM", reason: "no PMU"))
        let deltas = CounterDeltas.between(base, head, alpha: 0.01)
        XCTAssertEqual(Set(deltas.map(\.name)), ["PAPI_TOT_INS", "PAPI_TOT_CYC", "IPC"])
        let ipc = deltas.first { $0.name == "IPC" }!
        XCTAssertEqual(ipc.base, 2, accuracy: 0.01)
        XCTAssertEqual([ipc.baseRuns, ipc.headRuns], [3, 3])
        XCTAssertTrue(deltas.allSatisfy(\.evidenced), "\(deltas)")
        XCTAssertEqual(CounterDeltas.explanation(deltas), "cycles +21.8%, instructions +12.0%, IPC −8.0%")
    }

    func testACounterMeasuredInASingleRunPerSideIsNeverShown() {
        let deltas = CounterDeltas.between(replicates([["PAPI_TOT_INS": 1000]]), replicates([["PAPI_TOT_INS": 1500]]), alpha: 0.01)
        XCTAssertEqual(deltas.count, 1)
        XCTAssertNil(deltas[0].adjustedPValue)
        XCTAssertFalse(deltas[0].evidenced)
        XCTAssertEqual(CounterDeltas.explanation(deltas), "")
    }

    func testANoisyCounterWithoutEvidenceIsHiddenAndAnExactOneShowsAnyDifference() {
        // Page faults scatter from run to run: a 20% difference of the means is no evidence.
        let noisy = CounterDeltas.between(replicates([["perf::PAGE-FAULTS": 2], ["perf::PAGE-FAULTS": 4], ["perf::PAGE-FAULTS": 3]]),
                                          replicates([["perf::PAGE-FAULTS": 5], ["perf::PAGE-FAULTS": 2], ["perf::PAGE-FAULTS": 4]]),
                                          alpha: 0.01)
        XCTAssertFalse(noisy[0].evidenced)
        // callgrind's Ir is identical run to run: 0.2% is a real difference.
        let exact = CounterDeltas.between(replicates([["Ir": 1000], ["Ir": 1000]], source: .callgrind),
                                          replicates([["Ir": 1002], ["Ir": 1002]], source: .callgrind), alpha: 0.01)
        XCTAssertTrue(exact[0].evidenced)
        XCTAssertEqual(CounterDeltas.explanation(exact), "instructions +0.2%")
    }

    func testNoCommonCounterGivesNoExplanation() {
        XCTAssertEqual(CounterDeltas.between([], replicates([["Ir": 5]], source: .callgrind), alpha: 0.01), [])
        XCTAssertEqual(CounterDeltas.explanation([]), "")
    }
}
