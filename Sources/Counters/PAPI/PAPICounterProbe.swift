import Foundation
import Measurement
import Results
import Statistics

/// Counts the standard (or requested) events of a benchmark body through PAPI, per iteration.
///
/// Availability is decided once, at construction, by adding each event to an event set. Counting runs one pass
/// per ``PassPlan`` pass; each pass first measures PAPI's own start/stop cost around an empty body and subtracts it.
/// Unavailable counters come back as `unavailable` with the reason, never as zero.
///
/// A PAPI event set counts its own thread only (PAPI_INHERIT fails here), so for a multithreaded kernel the software
/// events are read with perf_event_open per thread of the process and summed (``PerfSoftwareEvents``) even where
/// PAPI could add them: the worker pool's share of the work is counted too.
public struct PAPICounterProbe: CounterProbe {
    public let availability: [EventAvailability]
    public let plan: PassPlan
    /// The plan for multithreaded kernels: PAPI events less ``perThreadSoftware``.
    let multithreadedPlan: PassPlan
    /// PAPI-counted software events that perf_event_open can also open per thread.
    let perThreadSoftware: [String]
    /// Empty-body runs per pass whose median is PAPI's own cost.
    static let overheadRuns = 5

    /// - Parameters:
    ///   - wanted: the counters to count; ``EventCatalog/standard`` by default.
    ///   - maximumEventsPerPass: nil for PAPI's own limit.
    public init(wanted: [WantedCounter] = EventCatalog.standard, maximumEventsPerPass: Int? = nil) {
        availability = EventProbe.probe(wanted)
        let papi = availability.filter { $0.method == .papi }.compactMap(\.event)
        plan = PassPlan.forPAPI(papi, maximumPerPass: maximumEventsPerPass)
        let software = papi.filter { PerfSoftwareEvents.config($0) != nil && PerfSoftwareEvents.problem(opening: $0) == nil }
        perThreadSoftware = software
        multithreadedPlan = software.isEmpty ? plan
            : PassPlan.forPAPI(papi.filter { !software.contains($0) }, maximumPerPass: maximumEventsPerPass)
    }

    public func readings(_ context: CountingContext, running body: () -> Void) -> [CounterReading] {
        let iterations = Swift.max(context.iterations, 1), threads = context.threads
        let plan = threads > 1 ? multithreadedPlan : self.plan
        var counted = [String: CounterReading]()
        for pass in plan.passes {
            for reading in count(pass, iterations: iterations, plan: plan, body: body) { counted[reading.name] = reading }
        }
        let direct = availability.filter { $0.method == .perfEventOpen }.compactMap(\.event)
            + (threads > 1 ? perThreadSoftware : [])
        if !direct.isEmpty {
            for reading in count(direct, iterations: iterations, plan: plan, direct: true, body: body, with: PerfSoftwareEvents.count) {
                counted[reading.name] = reading
            }
        }
        var readings = availability.map { entry -> CounterReading in
            guard let event = entry.event else { return .unavailable(entry.wanted.name, reason: entry.reason ?? "unavailable") }
            return counted[event] ?? .unavailable(event, reason: "\(event): not counted")
        }
        readings.append(DerivedCounters.instructionsPerCycle(readings))
        // Events read with perf_event_open are summed over every thread of the process; PAPI event sets see the
        // calling thread only, which misses a pool's share of a multithreaded kernel.
        readings = readings.map { reading in
            var reading = reading
            if direct.contains(reading.name) { reading.scope = "process" } else if threads > 1 { reading.scope = "calling thread" }
            return reading
        }
        // The direct pass read the process CPU time over its own run (see count(...)); only without one does the
        // body run again for it.
        readings.append(counted[ProcessCPUTime.name] ?? ProcessCPUTime.reading(iterations: iterations, body: body))
        return readings
    }

    /// One pass through a PAPI event set.
    private func count(_ events: [String], iterations: Int, plan: PassPlan, body: () -> Void) -> [CounterReading] {
        do {
            let set = try EventSet(events)
            return count(events, iterations: iterations, plan: plan, direct: false, body: body) { _, counted in try set.count(counted) }
        } catch {
            return events.map { .unavailable($0, reason: "\($0): \(error)") }
        }
    }

    /// One pass: the counter's own cost on an empty body (median of a few), then the body, per iteration.
    ///
    /// A direct pass also reads the process CPU time over its counted run and returns it as
    /// ``ProcessCPUTime`` reading: the per-thread counters and that time then describe one and the same run. A
    /// run of its own would differ by more than noise for a pool kernel, whose CPU time includes the caller's wait
    /// for a worker to wake (slower while per-thread counters are enabled, and with other load on the cores).
    /// - Parameters:
    ///   - direct: the events are read with perf_event_open (their readings say so).
    ///   - counter: counts `events` over a body.
    private func count(_ events: [String], iterations: Int, plan: PassPlan, direct: Bool, body: () -> Void,
                       with counter: ([String], () -> Void) throws -> [Int64]) -> [CounterReading] {
        do {
            let empty = try (0..<Self.overheadRuns).map { _ in try counter(events) {} }
            let overhead = events.indices.map { index in Descriptive.median(empty.map { Double($0[index]) }) }
            var processTime = 0.0
            let totals = try withoutActuallyEscaping(body) { body in
                try counter(events) { processTime = ProcessCPUTime.elapsed { for _ in 0..<iterations { body() } } }
            }
            let sameRun = direct ? [ProcessCPUTime.reading(total: processTime, iterations: iterations, sharedRun: true)] : []
            return sameRun + events.indices.map { index in
                let entry = availability.first { $0.event == events[index] }
                let value = Swift.max(0, Double(totals[index]) - overhead[index]) / Double(iterations)
                let notes = [direct ? PerfSoftwareEvents.note : nil, plan.note(for: events[index])]
                let note = notes.compactMap { $0 }.joined(separator: "; ")
                return CounterReading(name: events[index], perIteration: value, source: entry?.wanted.source ?? .papiHardware,
                                      note: note.isEmpty ? nil : note)
            }
        } catch {
            return events.map { .unavailable($0, reason: "\($0): \(error)") }
        }
    }
}

/// Counters computed from others.
enum DerivedCounters {
    /// IPC = instructions / cycles, when both were counted in the same pass (across passes the ratio would mix runs).
    static func instructionsPerCycle(_ readings: [CounterReading]) -> CounterReading {
        let cycles = readings.first { ["PAPI_TOT_CYC", "perf::CYCLES"].contains($0.name) }
        let instructions = readings.first { ["PAPI_TOT_INS", "perf::INSTRUCTIONS"].contains($0.name) }
        guard let cycles, let instructions, let c = cycles.perIteration, let i = instructions.perIteration, c > 0 else {
            return .unavailable("IPC", reason: "derived from cycles and instructions, not both counted")
        }
        guard cycles.note == instructions.note else {
            return .unavailable("IPC", reason: "cycles and instructions were counted in different passes")
        }
        return CounterReading(name: "IPC", perIteration: i / c, source: .papiHardware,
                              note: "derived: \(instructions.name) / \(cycles.name)")
    }
}
