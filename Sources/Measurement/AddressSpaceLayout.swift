import CPlatform
import Foundation
import Results
import Synchronization

/// This process's address-space randomization, as it started, and the switch that gives it back to the processes
/// it starts (see ``Results/AddressSpaceRandomization`` for why verdicts across processes need it).
public enum AddressSpaceLayout {
    /// The state read before ``randomizeChildren()`` changed it; nil until then.
    private static let atStart = Mutex<AddressSpaceRandomization?>(nil)

    /// How this process started: read once, before ``randomizeChildren()`` clears the flag it reads.
    public static var thisProcess: AddressSpaceRandomization {
        atStart.withLock { $0 } ?? probe()
    }

    /// Turns randomization back on for every process this one starts from now on, when only this process had it
    /// off (its personality); a kernel that randomizes nothing stays as it is (that is the administrator's). Call it
    /// once at start-up, before any child process. Returns how this process started.
    @discardableResult
    public static func randomizeChildren() -> AddressSpaceRandomization {
        atStart.withLock { stored in
            let state = stored ?? probe()
            stored = state
            if state == .offForThisProcess { _ = fb_enable_address_randomization() }
            return state
        }
    }

    /// The state from the kernel's setting and this process's personality.
    static func probe(kernelSetting: String? = try? String(contentsOfFile: "/proc/sys/kernel/randomize_va_space", encoding: .utf8),
                      personalityDisablesIt: Bool = fb_address_randomization_disabled() != 0) -> AddressSpaceRandomization {
        if kernelSetting?.trimmingCharacters(in: .whitespacesAndNewlines) == "0" { return .offSystemWide }
        return personalityDisablesIt ? .offForThisProcess : .on
    }
}
