import XCTest
@testable import Comparison
import Results

final class CounterDeltasTests: XCTestCase {
    func testOnlyCountersMeasuredOnBothSidesAreComparedAndIPCIsDerived() {
        let base = [CounterReading(name: "PAPI_TOT_INS", perIteration: 1000, source: .papiHardware),
                    CounterReading(name: "PAPI_TOT_CYC", perIteration: 500, source: .papiHardware),
                    CounterReading(name: "perf::PAGE-FAULTS", perIteration: 2, source: .papiSoftware),
                    CounterReading(name: "PAPI_L1_DCM", perIteration: 10, source: .papiHardware)]
        let head = [CounterReading(name: "PAPI_TOT_INS", perIteration: 1120, source: .papiHardware),
                    CounterReading(name: "PAPI_TOT_CYC", perIteration: 609, source: .papiHardware),
                    CounterReading(name: "perf::PAGE-FAULTS", perIteration: 2, source: .papiSoftware),
                    .unavailable("PAPI_L1_DCM", reason: "no PMU")]
        let deltas = CounterDeltas.between(base, head)
        XCTAssertEqual(Set(deltas.map(\.name)), ["PAPI_TOT_INS", "PAPI_TOT_CYC", "perf::PAGE-FAULTS", "IPC"])
        let ipc = deltas.first { $0.name == "IPC" }!
        XCTAssertEqual(ipc.base, 2, accuracy: 1e-12)
        XCTAssertEqual(ipc.relativeChange!, (1120.0 / 609) / 2 - 1, accuracy: 1e-12)
        XCTAssertEqual(CounterDeltas.explanation(deltas), "cycles +21.8%, instructions +12.0%, IPC −8.0%")
    }

    func testNoCommonCounterGivesNoExplanation() {
        XCTAssertEqual(CounterDeltas.between([], [CounterReading(name: "Ir", perIteration: 5, source: .callgrind)]), [])
        XCTAssertEqual(CounterDeltas.explanation([]), "")
    }
}
