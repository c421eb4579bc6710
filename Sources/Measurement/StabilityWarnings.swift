import Results

/// Warnings about conditions that make timings less trustworthy, in the manner of google/benchmark's
/// "CPU scaling is enabled" and nanobench's "Unstable results" notes.
public enum StabilityWarnings {
    /// Load average (1 min) per core above which the machine counts as busy.
    public static let loadPerCoreThreshold = 0.5

    /// Share of the CPUs' time stolen by the hypervisor over a run above which the run is flagged
    /// (``Replicate/disturbingSteal``, the line drift budgets set a run aside at).
    public static let stealThreshold = Replicate.disturbingSteal

    /// The warning for a run the host stole more than ``stealThreshold`` of, or nil.
    public static func stealWarning(_ steal: Double?) -> String? {
        guard let steal, steal > stealThreshold else { return nil }
        return "host steal: the hypervisor took \(String(format: "%.1f", steal * 100))% of the CPUs' time for other "
            + "guests while this process measured (/proc/stat): its samples include the time this machine was not running"
    }

    /// The warnings for an environment; empty on a quiet, bare-metal, release build with the performance governor.
    public static func warnings(for environment: EnvironmentInfo) -> [String] {
        var warnings: [String] = []
        if environment.buildConfiguration == "debug" {
            warnings.append("debug build: timings are meaningless; build with -c release")
        }
        if let hypervisor = environment.virtualization {
            warnings.append("virtual machine (\(hypervisor)): expect noise from other guests and no hardware counters")
        }
        if let load = environment.loadAverage.first, environment.logicalCores > 0,
           load / Double(environment.logicalCores) > loadPerCoreThreshold {
            warnings.append("high load: 1-minute load average \(load) on \(environment.logicalCores) cores")
        }
        switch environment.frequencyGovernor {
        case nil:
            warnings.append("CPU frequency governor not readable: frequency scaling cannot be ruled out")
        case "performance"?:
            break
        case let governor?:
            warnings.append("CPU frequency governor is '\(governor)', not 'performance': frequency scaling adds noise")
        }
        if let warning = environment.addressSpaceRandomization?.warning { warnings.append(warning) }
        if environment.clock.overheadNanoseconds > 100 {
            warnings.append("slow clock: one read costs \(Int(environment.clock.overheadNanoseconds)) ns")
        }
        return warnings
    }
}
