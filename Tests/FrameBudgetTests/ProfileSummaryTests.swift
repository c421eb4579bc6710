@testable import FrameBudget
import Results
import Statistics
import XCTest

/// The console summary `profile` prints.
final class ProfileSummaryTests: XCTestCase {
    private func result(counters: [CounterReading]) -> BenchmarkResult {
        BenchmarkResult(id: "a/b/c", hotPath: "a", variant: "b", workload: "c", iterationsPerSample: 1,
                        samplesNanoseconds: [100, 110, 120], statistics: SampleSummary.of([100, 110, 120], resamples: 10),
                        allocations: AllocationStatistics(perIteration: 0, bytesPerIteration: 0, iterations: 1, counted: true),
                        counters: counters)
    }

    func testEveryCounterLineNamesItsUnitPerIteration() {
        let text = ProfileSummary.render(result(counters: [
            CounterReading(name: "perf::TASK-CLOCK", perIteration: 1234.5, source: .papiSoftware),
            CounterReading(name: "PAPI_TOT_CYC", perIteration: 2000, source: .papiHardware),
            CounterReading(name: "IPC", perIteration: 1.5, source: .papiHardware),
        ]), runFolder: "/r")
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.contains("perf::TASK-CLOCK") && $0.contains("1234.5 ns/iter") }, text)
        XCTAssertTrue(lines.contains { $0.contains("PAPI_TOT_CYC") && $0.contains("2000.0 cycles/iter") }, text)
        XCTAssertTrue(lines.contains { $0.contains("IPC") && $0.contains("1.5 instructions/cycle (") }, "a ratio is not per iteration: \(text)")
    }

    /// `%.1f` printed 5e-06 context switches per iteration as `0.0`, a true zero's look, and the counters the VM
    /// could not give were left out as if not asked for.
    func testASmallCountKeepsItsDigitsAndUnavailableCountersAreNamedWithWhy() {
        let text = ProfileSummary.render(result(counters: [
            CounterReading(name: "perf::CONTEXT-SWITCHES", perIteration: 5e-06, source: .papiSoftware),
            CounterReading(name: "perf::PAGE-FAULTS", perIteration: 0, source: .papiSoftware),
            .unavailable("PAPI_TOT_INS", reason: "no hardware PMU (KVM)"), .unavailable("PAPI_TOT_CYC", reason: "no hardware PMU (KVM)"),
        ]), runFolder: "/r")
        XCTAssertTrue(text.contains("5e-06 events/iter"), text)
        XCTAssertTrue(text.contains("0.0 events/iter"), text)
        XCTAssertTrue(text.contains("  unavailable: PAPI_TOT_INS, PAPI_TOT_CYC (no hardware PMU (KVM))"), text)
    }
}
