import Counters
import Measurement
import Results
import TextFormatting
import Foundation
import XCTest

/// Event probing against the real PAPI library of this machine (no mock): what adds is available, what does not is
/// reported with PAPI's error and what it means here, never as a zero.
final class PAPIProbeTests: XCTestCase {
    func testLibraryInitializesAndReportsItsVersion() {
        XCTAssertEqual(PAPIRuntime.state, .ready)
        XCTAssertTrue(PAPIRuntime.version.hasPrefix("7."), PAPIRuntime.version)
    }

    func testCyclesPresetWithoutPMUIsUnavailableWithPAPIsErrorAndTheReason() throws {
        let cycles = EventProbe.probe(EventCatalog.hardware[0])
        guard let explanation = PAPIRuntime.missingPMUExplanation else {
            throw XCTSkip("this machine has a hardware PMU: cycles are countable")
        }
        XCTAssertNil(cycles.event)
        let reason = try XCTUnwrap(cycles.reason)
        XCTAssertTrue(reason.hasPrefix("PAPI_TOT_CYC: PAPI_E"), reason)
        XCTAssertTrue(reason.contains("perf::CYCLES: PAPI_E"), "the native fallback was tried: \(reason)")
        XCTAssertTrue(reason.hasSuffix(": \(explanation)"), reason)
    }

    func testSoftwareEventsAreCountedThroughPAPIOrElseDirectlyFromTheKernel() throws {
        let probed = EventProbe.probe(EventCatalog.software)
        XCTAssertEqual(probed.map(\.wanted.name),
                       ["perf::TASK-CLOCK", "perf::PAGE-FAULTS", "perf::CONTEXT-SWITCHES", "perf::CPU-MIGRATIONS"])
        XCTAssertEqual(probed.compactMap(\.event).count, 4, "\(probed.map(\.reason))")
        // This KVM guest: libpfm4 finds no core PMU, so PAPI disables perf_event, software events included; the
        // kernel still counts them, opened with perf_event_open.
        let expected: EventAvailability.CountingMethod = PAPIRuntime.perfEventComponentProblem == nil ? .papi : .perfEventOpen
        XCTAssertEqual(probed.prefix(2).map(\.method), [expected, expected])
        // A PAPI event set counts user mode only, where switches and migrations never happen (a constant 0).
        XCTAssertEqual(probed.suffix(2).map(\.method), [.perfEventOpen, .perfEventOpen])
    }

    /// A single-threaded benchmark's context switches are counted in kernel mode, where they happen: through a PAPI
    /// event set they read 0 on a guest whose PAPI perf_event component works (user mode only).
    func testASingleThreadedBodysContextSwitchesAreCountedNotZero() throws {
        guard PerfSoftwareEvents.problem(opening: "perf::CONTEXT-SWITCHES") == nil else {
            throw XCTSkip("context switches cannot be opened here")
        }
        let readings = PAPICounterProbe(wanted: EventCatalog.software)
            .readings(CountingContext(benchmarkID: nil, threads: 1, iterations: 20)) { usleep(100) }
        let switches = try XCTUnwrap(readings.first { $0.name == "perf::CONTEXT-SWITCHES" })
        XCTAssertGreaterThanOrEqual(switches.perIteration ?? 0, 1, "each sleep gives the CPU away: \(switches)")
        XCTAssertEqual(switches.scope, "process")
    }

    /// `perf::cs`, `perf::PERF_COUNT_SW_CONTEXT_SWITCHES` and `perf::CONTEXT-SWITCHES:u` went into a PAPI event set
    /// (the kernel-only check knew the exact name only) and read a constant 0 presented as a measurement.
    func testEverySpellingOfAKernelOnlyEventIsCountedInKernelMode() throws {
        guard PerfSoftwareEvents.problem(opening: "perf::CONTEXT-SWITCHES") == nil else {
            throw XCTSkip("context switches cannot be opened here")
        }
        let spellings = ["perf::cs", "perf::PERF_COUNT_SW_CONTEXT_SWITCHES", "perf::CONTEXT-SWITCHES:u", "perf::Context-Switches"]
        for spelling in spellings {
            XCTAssertEqual(PerfSoftwareEvents.canonical(spelling), "perf::CONTEXT-SWITCHES", spelling)
            XCTAssertEqual(EventCatalog.wanted(named: spelling).source, .papiSoftware, spelling)
        }
        XCTAssertEqual(PerfSoftwareEvents.canonical("perf::migrations"), "perf::CPU-MIGRATIONS")
        XCTAssertNil(PerfSoftwareEvents.canonical("perf::CYCLES"))
        XCTAssertNil(PerfSoftwareEvents.canonical("PAPI_TOT_INS"))
        let readings = PAPICounterProbe(wanted: spellings.map(EventCatalog.wanted(named:)))
            .readings(CountingContext(benchmarkID: nil, threads: 1, iterations: 20)) { usleep(100) }
        for spelling in spellings {
            let reading = try XCTUnwrap(readings.first { $0.name == spelling }, spelling)
            XCTAssertGreaterThanOrEqual(reading.perIteration ?? 0, 1, "\(spelling): each sleep gives the CPU away: \(reading)")
        }
    }

    func testPageFaultsOfFreshlyTouchedMemoryAreCounted() throws {
        guard PerfSoftwareEvents.problem(opening: "perf::PAGE-FAULTS") == nil else { throw XCTSkip("perf_event_open refused") }
        let bytes = 8 << 20
        let counts = try PerfSoftwareEvents.count(["perf::PAGE-FAULTS", "perf::TASK-CLOCK"]) {
            let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)!
            memset(memory, 1, bytes)
            munmap(memory, bytes)
        }
        XCTAssertGreaterThan(counts[0], 0, "writing 8 MiB of new anonymous memory faults its pages in")
        XCTAssertGreaterThan(counts[1], 0, "the task clock runs while the thread works")
    }

    func testContextSwitchesOfASleepingThreadAreCountedNotZero() throws {
        guard PerfSoftwareEvents.problem(opening: "perf::CONTEXT-SWITCHES") == nil else {
            throw XCTSkip("context switches cannot be opened here")
        }
        let counts = try PerfSoftwareEvents.count(["perf::CONTEXT-SWITCHES"]) { for _ in 0..<20 { usleep(100) } }
        XCTAssertGreaterThanOrEqual(counts[0], 20, "each sleep gives the CPU away")
    }

    func testUnknownSoftwareEventCannotBeOpenedDirectly() {
        XCTAssertEqual(PerfSoftwareEvents.problem(opening: "perf::NOPE"), "perf::NOPE: not a kernel software event")
    }

    func testReadingsNeverReportZeroForWhatCannotBeCounted() {
        let probe = PAPICounterProbe()
        let readings = probe.readings(CountingContext(benchmarkID: nil, threads: 1, iterations: 50)) { spin(2_000) }
        XCTAssertEqual(readings.count, EventCatalog.standard.count + 2, "standard events + IPC + process CPU time")
        for reading in readings {
            if reading.source == .unavailable {
                XCTAssertNil(reading.perIteration, reading.name)
                XCTAssertFalse(reading.note?.isEmpty ?? true, "\(reading.name) says why")
            } else {
                XCTAssertNotNil(reading.perIteration, reading.name)
            }
        }
        let cpu = readings.first { $0.name == ProcessCPUTime.name }
        XCTAssertGreaterThan(cpu?.perIteration ?? 0, 0, "real work costs CPU time")
        XCTAssertEqual(cpu?.scope, "process")
    }

    func testSoftwareReadingsSayHowTheyWereRead() throws {
        // A body of milliseconds, not microseconds: the reading is the body's count less the median count of empty
        // runs, and a 20 µs body once came out at 0 when the empty runs happened to cost as much (a clean-clone run).
        let readings = PAPICounterProbe(wanted: EventCatalog.software)
            .readings(CountingContext(benchmarkID: nil, threads: 1, iterations: 20)) { spin(200_000) }
        let clock = try XCTUnwrap(readings.first { $0.name == "perf::TASK-CLOCK" })
        XCTAssertEqual(clock.source, .papiSoftware)
        XCTAssertGreaterThan(clock.perIteration ?? 0, 0)
        if PAPIRuntime.perfEventComponentProblem != nil { XCTAssertEqual(clock.note, PerfSoftwareEvents.note) }
    }

    /// Software events of a multithreaded kernel are read per thread and summed (scope "process"), whether or not
    /// PAPI could add them; what goes through a PAPI event set says it saw the calling thread only.
    func testMultithreadedKernelReadingsSayWhatTheyCover() {
        let probe = PAPICounterProbe(wanted: EventCatalog.software + [WantedCounter(["PAPI_TOT_CYC"], source: .papiHardware)])
        let readings = probe.readings(CountingContext(benchmarkID: nil, threads: 2, iterations: 5)) { spin(100) }
        let software = readings.filter { $0.name.hasPrefix("perf::") }
        XCTAssertEqual(software.count, 4)
        for reading in software where reading.source != .unavailable {
            XCTAssertEqual(reading.scope, "process", reading.name)
            XCTAssertEqual(reading.note, PerfSoftwareEvents.note, reading.name)
        }
        XCTAssertEqual(readings.first { $0.name == "PAPI_TOT_CYC" }?.scope, "calling thread")
        XCTAssertEqual(readings.last?.scope, "process")
    }

    func testUnknownEventNameIsToldApartAndGetsCloseMatches() {
        XCTAssertTrue(EventNames.isKnown("PAPI_TOT_CYC"), "a preset is known even where it cannot be counted")
        XCTAssertTrue(EventNames.isKnown("perf::TASK-CLOCK"))
        XCTAssertFalse(EventNames.isKnown("PAPI_TOT_CYK"))
        XCTAssertEqual(CloseMatches.of("PAPI_TOT_CYK", in: EventNames.all).first, "PAPI_TOT_CYC")
        XCTAssertEqual(CloseMatches.of("perf::TASK-CLOK", in: EventNames.all).first, "perf::TASK-CLOCK")
    }

    func testEditDistanceOfTextbookPairs() {
        XCTAssertEqual(CloseMatches.distance(Array("kitten"), Array("sitting")), 3)
        XCTAssertEqual(CloseMatches.distance(Array(""), Array("abc")), 3)
        XCTAssertEqual(CloseMatches.distance(Array("flaw"), Array("lawn")), 2)
    }
}

/// Real work the optimizer cannot delete.
@inline(never)
func spin(_ count: Int) {
    var accumulator = 0.0
    for index in 0..<count { accumulator += Double(index).squareRoot() }
    blackHoleDouble(accumulator)
}

@inline(never)
func blackHoleDouble(_ value: Double) {
    withExtendedLifetime(value) {}
}
