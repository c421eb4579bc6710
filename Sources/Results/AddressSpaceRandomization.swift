/// Whether a process ran in a randomized address-space layout, and whether the processes it started did.
///
/// Verdicts across processes (a paired comparison's process pairs, the gate's re-measuring processes) take fresh
/// processes as their replicates: each brings its own placement of code, libraries and stack, and the interval must
/// hold the spread of those placements. Without randomization every process of a build runs in one layout, the
/// interval shrinks to that one, and a layout accident between two builds reads as a change: on Zen 5 (6 Dec 2026)
/// the pair-to-pair spread of several benchmarks fell 10-40× under `setarch -R`
/// (Docs/measurements/2026-12-06-aslr-and-verdicts-zen5-amd.md).
public enum AddressSpaceRandomization: String, Codable, Sendable, Equatable {
    /// Randomized, and so are the processes it starts.
    case on
    /// This process started without it (`setarch -R`, a debugger); the processes it starts get it back.
    case offForThisProcess = "off-for-this-process"
    /// The kernel randomizes no process (`kernel.randomize_va_space = 0`).
    case offSystemWide = "off-system-wide"

    /// The stability warning for a run measured so, or nil when its layout was randomized.
    public var warning: String? {
        switch self {
        case .on: return nil
        case .offForThisProcess:
            return "address-space randomization was off for this process (setarch -R or a debugger): its timings are "
                + "of one fixed layout; the processes it starts are randomized again"
        case .offSystemWide:
            return "address-space randomization is off (kernel.randomize_va_space = 0): every process runs in one "
                + "layout, so an interval across processes omits layout effects and a change between builds can be "
                + "a layout accident; set it to 2 (sysctl -w kernel.randomize_va_space=2)"
        }
    }
}
