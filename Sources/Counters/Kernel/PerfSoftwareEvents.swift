import CPAPI
import Foundation

/// The kernel's software events (task clock, page faults, context switches, CPU migrations) opened directly with
/// `perf_event_open`, for machines where PAPI cannot give them.
///
/// On a guest without a core PMU, libpfm4 finds "no default PMU" and PAPI disables its whole perf_event component,
/// software events included, although the kernel counts them fine. These are the same kernel counters PAPI's
/// `perf::` events read, so readings keep the PAPI names and the `papi-sw` source, with a note saying how they
/// were read. Like PAPI event sets, they count the calling thread. Kernel mode is counted where allowed (root, or
/// perf_event_paranoid ≤ 1); otherwise only user mode, and the events that happen only in kernel mode (context
/// switches, CPU migrations) are then unavailable rather than a constant 0.
public enum PerfSoftwareEvents {
    /// perf:: name → PERF_COUNT_SW_* config.
    static let configs: [String: UInt64] = [
        "perf::TASK-CLOCK": cpapi_sw_task_clock(), "perf::PAGE-FAULTS": cpapi_sw_page_faults(),
        "perf::FAULTS": cpapi_sw_page_faults(), "perf::CONTEXT-SWITCHES": cpapi_sw_context_switches(),
        "perf::CS": cpapi_sw_context_switches(), "perf::CPU-MIGRATIONS": cpapi_sw_cpu_migrations(),
        "perf::MIGRATIONS": cpapi_sw_cpu_migrations(), "perf::MINOR-FAULTS": cpapi_sw_minor_faults(),
        "perf::MAJOR-FAULTS": cpapi_sw_major_faults(), "perf::CPU-CLOCK": cpapi_sw_cpu_clock(),
    ]

    /// The note every reading taken this way carries.
    public static let note = "read with perf_event_open (PAPI's perf_event component is disabled here)"

    /// Events the kernel raises in kernel mode only: a user-mode-only counter would read 0 whatever happens.
    static let kernelOnly: Set<String> = ["perf::CONTEXT-SWITCHES", "perf::CS", "perf::CPU-MIGRATIONS", "perf::MIGRATIONS"]

    /// Whether this process may count kernel mode (probed once).
    static let kernelModeAllowed: Bool = {
        let descriptor = cpapi_perf_software_open(cpapi_sw_task_clock(), 0)
        if descriptor >= 0 { close(descriptor) }
        return descriptor >= 0
    }()

    /// Nil when the event can be opened, else why not (`perf::X: perf_event_open: Permission denied`).
    public static func problem(opening name: String) -> String? {
        guard let config = configs[name] else { return "\(name): not a kernel software event" }
        if kernelOnly.contains(name) && !kernelModeAllowed {
            let paranoid = (try? String(contentsOfFile: "/proc/sys/kernel/perf_event_paranoid", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            return "\(name): happens in kernel mode only, which perf_event_paranoid=\(paranoid) forbids this user to count"
        }
        let descriptor = cpapi_perf_software_open(config, kernelModeAllowed ? 0 : 1)
        guard descriptor >= 0 else { return "\(name): perf_event_open: \(String(cString: strerror(-descriptor)))" }
        close(descriptor)
        return nil
    }

    /// Counts of `body` for each of `names` (all openable), in order.
    /// - Throws: a message naming the event and the failing call.
    public static func count(_ names: [String], body: () -> Void) throws -> [Int64] {
        let descriptors = try names.map { name -> Int32 in
            let descriptor = cpapi_perf_software_open(configs[name] ?? UInt64.max, kernelModeAllowed ? 0 : 1)
            guard descriptor >= 0 else { throw ToolError(kind: .failed, message: "\(name): perf_event_open: \(String(cString: strerror(-descriptor)))") }
            return descriptor
        }
        defer { descriptors.forEach { close($0) } }
        for descriptor in descriptors where cpapi_perf_reset_enable(descriptor) != 0 {
            throw ToolError(kind: .failed, message: "perf event ioctl(ENABLE) failed")
        }
        body()
        return try descriptors.map { descriptor in
            var value: UInt64 = 0
            guard cpapi_perf_disable_read(descriptor, &value) == 0 else {
                throw ToolError(kind: .failed, message: "perf event read failed")
            }
            return Int64(value)
        }
    }
}
