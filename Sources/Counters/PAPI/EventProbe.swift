import CPAPI
import Results

/// Whether a wanted counter can be counted here, by which event, or why not.
public struct EventAvailability: Sendable, Equatable {
    public let wanted: WantedCounter
    /// The event that was added successfully; nil when none of the candidates could be.
    public let event: String?
    /// Why no candidate could be added: each candidate's PAPI error, then what that means on this machine.
    public let reason: String?
    /// How `event` is counted: through a PAPI event set, or (software events PAPI cannot give) perf_event_open.
    public var method: CountingMethod = .papi

    public enum CountingMethod: Sendable, Equatable { case papi, perfEventOpen }

    public var isAvailable: Bool { event != nil }
}

/// Decides availability by adding each candidate event to a fresh event set: `PAPI_query_named_event` says yes to
/// events that cannot be added (FIELD-NOTES), so only adding tells the truth. Software events that happen in kernel
/// mode only (context switches, migrations) are never given to PAPI, whose event sets count user mode.
public enum EventProbe {
    public static func probe(_ wanted: [WantedCounter]) -> [EventAvailability] {
        wanted.map(probe)
    }

    public static func probe(_ counter: WantedCounter) -> EventAvailability {
        if case let .unusable(reason) = PAPIRuntime.state {
            return EventAvailability(wanted: counter, event: nil, reason: "\(counter.name): PAPI unusable: \(reason)")
        }
        var failures = [String]()
        for candidate in counter.candidates {
            // A PAPI event set counts in PAPI's default domain, user mode, where the kernel never switches or
            // migrates a thread: it would read a constant 0. Those go to perf_event_open, which counts kernel mode.
            if PerfSoftwareEvents.isKernelOnly(candidate) {
                failures.append("\(candidate): a PAPI event set counts user mode only, where it never happens")
                continue
            }
            do {
                _ = try EventSet([candidate])
                return EventAvailability(wanted: counter, event: candidate, reason: nil)
            } catch let error as PAPIError {
                failures.append("\(candidate): \(PAPIRuntime.errorName(error.code))")
            } catch {
                failures.append("\(candidate): \(error)")
            }
        }
        var directProblems = [String]()
        if counter.source == .papiSoftware {
            for candidate in counter.candidates {
                guard let problem = PerfSoftwareEvents.problem(opening: candidate) else {
                    return EventAvailability(wanted: counter, event: candidate, reason: nil, method: .perfEventOpen)
                }
                directProblems.append(problem)
            }
        }
        let explanation = counter.source == .papiSoftware
            ? PAPIRuntime.perfEventComponentProblem
            : PAPIRuntime.missingPMUExplanation ?? PAPIRuntime.perfEventComponentProblem
        let reason = failures.joined(separator: "; ") + (explanation.map { ": \($0)" } ?? "")
            + directProblems.map { "; \($0)" }.joined()
        return EventAvailability(wanted: counter, event: nil, reason: reason)
    }
}
