import CPAPI
import Foundation

/// The process's one PAPI library instance: initialized once, on first use, from any thread.
///
/// PAPI must be initialized before any event set exists, and thread support enabled once, so event sets count the
/// thread that starts them (the measuring thread). When initialization fails the whole counter layer steps aside
/// and says why, instead of reporting zeros.
public enum PAPIRuntime {
    /// Whether PAPI can be used in this process.
    public enum State: Sendable, Equatable {
        case ready
        /// `PAPI_library_init` or `PAPI_thread_init` failed; the reason names the call and the error.
        case unusable(reason: String)
    }

    /// Initialized on first access (Swift globals are initialized once, thread-safely).
    public static let state: State = initialize()

    /// `7.0.0.0` for the library this binary links.
    public static var version: String {
        let v = cpapi_version()
        return "\((v >> 24) & 0xff).\((v >> 16) & 0xff).\((v >> 8) & 0xff).\(v & 0xff)"
    }

    private static func initialize() -> State {
        let wanted = cpapi_ver_current()
        let got = PAPI_library_init(wanted)
        guard got == wanted else {
            return .unusable(reason: "PAPI_library_init: \(got < 0 ? errorName(got) : "version mismatch (\(got) ≠ \(wanted))")")
        }
        let threads = cpapi_thread_init()
        guard threads == PAPI_OK else { return .unusable(reason: "PAPI_thread_init: \(errorName(threads))") }
        return .ready
    }

    /// `PAPI_ENOEVNT (-7)`: the symbolic name of a PAPI return code, as a reader can look it up.
    public static func errorName(_ code: Int32) -> String {
        let names = ["PAPI_OK", "PAPI_EINVAL", "PAPI_ENOMEM", "PAPI_ESYS", "PAPI_ECMP", "PAPI_ECLOST", "PAPI_EBUG",
                     "PAPI_ENOEVNT", "PAPI_ECNFLCT", "PAPI_ENOTRUN", "PAPI_EISRUN", "PAPI_ENOEVST", "PAPI_ENOTPRESET",
                     "PAPI_ENOCNTR", "PAPI_EMISC", "PAPI_EPERM", "PAPI_ENOINIT", "PAPI_ENOCMP", "PAPI_ENOSUPP",
                     "PAPI_ENOIMPL", "PAPI_EBUF", "PAPI_EINVAL_DOM", "PAPI_EATTR", "PAPI_ECOUNT", "PAPI_ECOMBO",
                     "PAPI_ECMP_DISABLED", "PAPI_EDELAY_INIT", "PAPI_EMULPASS"]
        let index = Int(-code)
        return index >= 0 && index < names.count ? "\(names[index]) (\(code))" : "PAPI error \(code)"
    }

    /// Components PAPI compiled in but disabled, with PAPI's own reason (e.g. perf_event: "libpfm4 no default PMU").
    public static var disabledComponents: [(name: String, reason: String)] {
        guard state == .ready else { return [] }
        return (0..<PAPI_num_components()).compactMap { index in
            guard cpapi_component_disabled(index) != 0, let name = cpapi_component_name(index) else { return nil }
            return (String(cString: name), String(cString: cpapi_component_disabled_reason(index)))
        }
    }

    /// Why hardware events cannot be counted on this machine, in the words a reader needs, or nil when a hardware
    /// PMU is visible to the kernel.
    public static var missingPMUExplanation: String? {
        let devices = (try? FileManager.default.contentsOfDirectory(atPath: "/sys/bus/event_source/devices")) ?? []
        // The core PMU is `cpu` (or `cpu_core`/`cpu_atom` on hybrid parts, `armv8_*` on ARM).
        if devices.contains(where: { $0 == "cpu" || $0.hasPrefix("cpu_") || $0.hasPrefix("armv") }) { return nil }
        if state == .ready, cpapi_virtualized() != 0 {
            let vendor = String(cString: cpapi_virtual_vendor())
            return "no hardware PMU in this virtual machine\(vendor.isEmpty ? "" : " (\(vendor))")"
        }
        return "no hardware PMU visible to the kernel (/sys/bus/event_source/devices has no cpu PMU)"
    }

    /// PAPI's reason for disabling its perf_event component, which also carries the perf:: software events.
    public static var perfEventComponentProblem: String? {
        disabledComponents.first { $0.name == "perf_event" }.map { "PAPI's perf_event component is disabled (\($0.reason))" }
    }
}
