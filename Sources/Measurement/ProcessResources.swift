#if canImport(Glibc)
import Glibc
#endif
import Foundation
import CPlatform

/// Process-level facts the engine records: peak resident memory and CPU pinning.
public enum ProcessResources {
    /// Resets the kernel's peak-RSS mark (VmHWM) so the next reading is this benchmark's own peak.
    /// Writing "5" to /proc/self/clear_refs does that since Linux 4.0; silently a no-op where refused.
    public static func resetPeakResident() {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return }
        _ = "5".withCString { write(descriptor, $0, 1) }
        close(descriptor)
    }

    /// Peak resident set size since the last reset, in bytes (VmHWM of /proc/self/status).
    public static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
        }
        return nil
    }

    /// The highest-numbered CPU this thread may run on (its affinity, which child processes inherit), or nil when it
    /// may run on fewer than two: pinning would then take the only CPU.
    public static func lastAllowedCPU() -> Int? {
        let cpu = fb_last_allowed_cpu()
        return cpu >= 0 ? Int(cpu) : nil
    }

    /// Pins the calling thread to one CPU.
    /// - Throws: ``MeasurementError/pinningFailed`` when the CPU does not exist or the kernel refuses.
    public static func pinCurrentThread(to cpu: Int) throws {
        let status = fb_pin_current_thread(Int32(cpu))
        guard status == 0 else {
            throw MeasurementError.pinningFailed(cpu: cpu, reason: status == EINVAL ? "no such CPU" : String(cString: strerror(status)))
        }
    }
}

/// Failures of the engine, each a one-line message.
public enum MeasurementError: Error, CustomStringConvertible, Equatable {
    case pinningFailed(cpu: Int, reason: String)
    case setUpFailed(id: String, reason: String)

    public var description: String {
        switch self {
        case let .pinningFailed(cpu, reason): return "--pin \(cpu): cannot pin to CPU \(cpu): \(reason)"
        case let .setUpFailed(id, reason): return "\(id): set-up failed: \(reason)"
        }
    }
}
