import CPAPI
import Foundation

/// The kernel's software events (task clock, page faults, context switches, CPU migrations) opened directly with
/// `perf_event_open`, for machines where PAPI cannot give them and for multithreaded kernels.
///
/// On a guest without a core PMU, libpfm4 finds "no default PMU" and PAPI disables its whole perf_event component,
/// software events included, although the kernel counts them fine. These are the same kernel counters PAPI's
/// `perf::` events read, so readings keep the PAPI names and the `papi-sw` source, with a note saying how they
/// were read. Unlike PAPI event sets (calling thread only; PAPI_INHERIT fails here) they count every thread of the
/// process: one counter per thread and event, summed, so a kernel that splits its rows over a worker pool (or calls
/// a multithreaded BLAS) is counted whole. Kernel mode is counted where allowed (root, or
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
    public static let note = "read with perf_event_open, summed over every thread of the process"

    /// Events the kernel raises in kernel mode only: a user-mode-only counter would read 0 whatever happens.
    static let kernelOnly: Set<String> = ["perf::CONTEXT-SWITCHES", "perf::CPU-MIGRATIONS"]

    /// Every spelling libpfm4 accepts for a kernel software event (upper case, after `perf::`, before any `:`
    /// modifier) → its canonical name.
    private static let spellings: [String: String] = {
        let groups: [(String, [String])] = [
            ("perf::TASK-CLOCK", ["TASK-CLOCK", "PERF_COUNT_SW_TASK_CLOCK"]),
            ("perf::CPU-CLOCK", ["CPU-CLOCK", "PERF_COUNT_SW_CPU_CLOCK"]),
            ("perf::PAGE-FAULTS", ["PAGE-FAULTS", "FAULTS", "PERF_COUNT_SW_PAGE_FAULTS"]),
            ("perf::MINOR-FAULTS", ["MINOR-FAULTS", "PERF_COUNT_SW_PAGE_FAULTS_MIN"]),
            ("perf::MAJOR-FAULTS", ["MAJOR-FAULTS", "PERF_COUNT_SW_PAGE_FAULTS_MAJ"]),
            ("perf::CONTEXT-SWITCHES", ["CONTEXT-SWITCHES", "CS", "PERF_COUNT_SW_CONTEXT_SWITCHES"]),
            ("perf::CPU-MIGRATIONS", ["CPU-MIGRATIONS", "MIGRATIONS", "PERF_COUNT_SW_CPU_MIGRATIONS"]),
            ("perf::ALIGNMENT-FAULTS", ["ALIGNMENT-FAULTS", "PERF_COUNT_SW_ALIGNMENT_FAULTS"]),
            ("perf::EMULATION-FAULTS", ["EMULATION-FAULTS", "PERF_COUNT_SW_EMULATION_FAULTS"]),
        ]
        return Dictionary(uniqueKeysWithValues: groups.flatMap { canonical, names in names.map { ($0, canonical) } })
    }()

    /// The canonical name of a kernel software event however it is spelled (`perf::cs`,
    /// `perf::PERF_COUNT_SW_CONTEXT_SWITCHES`, `perf::CONTEXT-SWITCHES:u` → `perf::CONTEXT-SWITCHES`); nil for any
    /// other event. The checks that keep a kernel-only event out of a user-mode PAPI event set matched the exact
    /// name only, and the other spellings read a constant 0 presented as a measurement.
    public static func canonical(_ name: String) -> String? {
        guard name.lowercased().hasPrefix("perf::") else { return nil }
        let event = name.dropFirst("perf::".count).split(separator: ":", omittingEmptySubsequences: false).first ?? ""
        return spellings[event.uppercased()]
    }

    /// Whether the event happens in kernel mode only, however it is spelled.
    public static func isKernelOnly(_ name: String) -> Bool {
        canonical(name).map(kernelOnly.contains) ?? false
    }

    /// The PERF_COUNT_SW_* config of the event, however it is spelled.
    static func config(_ name: String) -> UInt64? { canonical(name).flatMap { configs[$0] } }

    /// Whether this process may count kernel mode (probed once).
    static let kernelModeAllowed: Bool = {
        let descriptor = cpapi_perf_software_open(cpapi_sw_task_clock(), 0)
        if descriptor >= 0 { close(descriptor) }
        return descriptor >= 0
    }()

    /// Nil when the event can be opened, else why not (`perf::X: perf_event_open: Permission denied`).
    public static func problem(opening name: String) -> String? {
        guard let config = config(name) else { return "\(name): not a kernel software event" }
        if isKernelOnly(name) && !kernelModeAllowed {
            let paranoid = (try? String(contentsOfFile: "/proc/sys/kernel/perf_event_paranoid", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            return "\(name): happens in kernel mode only, which perf_event_paranoid=\(paranoid) forbids this user to count"
        }
        let descriptor = cpapi_perf_software_open(config, kernelModeAllowed ? 0 : 1)
        guard descriptor >= 0 else { return "\(name): perf_event_open: \(String(cString: strerror(-descriptor)))" }
        close(descriptor)
        return nil
    }

    /// Counts of `body` for each of `names` (all openable), in order, summed over every thread of the process that
    /// exists when counting starts (threads a kernel creates during `body` are not seen: pools are made in set-up).
    /// - Throws: a message naming the event and the failing call.
    public static func count(_ names: [String], body: () -> Void) throws -> [Int64] {
        let threads = ProcessThreads.ids()
        var descriptors = [[Int32]]()
        defer { descriptors.joined().forEach { close($0) } }
        for name in names {
            var perThread = [Int32]()
            for thread in threads {
                let descriptor = cpapi_perf_software_open_thread(config(name) ?? UInt64.max, kernelModeAllowed ? 0 : 1, thread)
                // A thread that ended since the listing has nothing left to count.
                if descriptor == -ESRCH { continue }
                guard descriptor >= 0 else {
                    descriptors.append(perThread)
                    throw ToolError(kind: .failed, message: "\(name): perf_event_open: \(String(cString: strerror(-descriptor)))")
                }
                perThread.append(descriptor)
            }
            descriptors.append(perThread)
        }
        for descriptor in descriptors.joined() where cpapi_perf_reset_enable(descriptor) != 0 {
            throw ToolError(kind: .failed, message: "perf event ioctl(ENABLE) failed")
        }
        body()
        return try descriptors.map { perThread in
            try perThread.reduce(Int64(0)) { sum, descriptor in
                var value: UInt64 = 0
                guard cpapi_perf_disable_read(descriptor, &value) == 0 else {
                    throw ToolError(kind: .failed, message: "perf event read failed")
                }
                return sum + Int64(value)
            }
        }
    }
}
