/// The machine and build a run was measured on, recorded with every run.
public struct EnvironmentInfo: Codable, Sendable, Equatable {
    public var hostname: String
    public var cpuModel: String
    /// The CPU features that choose code paths at run time, e.g. `avx2 avx512 sha_ni`: the vector paths the
    /// dispatcher may take (`avx2` with BMI2; `avx512` as F, BW, DQ and VL together) and the SHA extensions. One CPU
    /// model can be offered with different features — a hypervisor may hide SHA-NI, and the Intel Xeon guest of
    /// family 6, model 207 has been seen without it (its hash chain 12 ms a frame, issue 21) and with it (~3 ms, every
    /// session since 26 Nov 2026) — so they are part of the ``MachineClass``. Nil in runs recorded before 2 Dec 2026
    /// (and off x86), whose class is then what it was.
    public var cpuFeatures: String?
    public var logicalCores: Int
    /// `/sys/.../scaling_governor` of CPU 0, when readable.
    public var frequencyGovernor: String?
    /// Hypervisor name (`KVM`...) when running virtualized, nil on bare metal.
    public var virtualization: String?
    /// `uname -sr`.
    public var kernel: String
    public var operatingSystem: String
    public var swiftVersion: String
    /// `release` or `debug`.
    public var buildConfiguration: String
    public var gitCommit: String?
    public var gitDirty: Bool?
    /// SHA-256 of the executable that measured (hex): the identity of the build, whatever the working directory's
    /// commit says. Runs of different builds are never merged as one side of a comparison.
    public var executableDigest: String?
    /// Whether the measuring process, and the processes it started, had address-space randomization; nil in runs
    /// recorded before 6 Dec 2026 (and off Linux).
    public var addressSpaceRandomization: AddressSpaceRandomization?
    /// 1, 5 and 15 minute load averages at the start of the run.
    public var loadAverage: [Double]
    public var clock: ClockInfo

    public init(
        hostname: String, cpuModel: String, logicalCores: Int, frequencyGovernor: String?, virtualization: String?,
        kernel: String, operatingSystem: String, swiftVersion: String, buildConfiguration: String,
        gitCommit: String?, gitDirty: Bool?, loadAverage: [Double], clock: ClockInfo
    ) {
        self.hostname = hostname
        self.cpuModel = cpuModel
        self.cpuFeatures = nil
        self.logicalCores = logicalCores
        self.frequencyGovernor = frequencyGovernor
        self.virtualization = virtualization
        self.kernel = kernel
        self.operatingSystem = operatingSystem
        self.swiftVersion = swiftVersion
        self.buildConfiguration = buildConfiguration
        self.gitCommit = gitCommit
        self.gitDirty = gitDirty
        self.executableDigest = nil
        self.addressSpaceRandomization = nil
        self.loadAverage = loadAverage
        self.clock = clock
    }
}

/// The clock the engine timed with, and what it costs.
public struct ClockInfo: Codable, Sendable, Equatable {
    /// e.g. `CLOCK_MONOTONIC_RAW`.
    public var source: String
    /// Resolution reported by `clock_getres`, ns.
    public var resolutionNanoseconds: Double
    /// Smallest observable difference between two consecutive reads, ns.
    public var granularityNanoseconds: Double
    /// Median cost of one clock read, ns (measured at start-up).
    public var overheadNanoseconds: Double

    public init(source: String, resolutionNanoseconds: Double, granularityNanoseconds: Double, overheadNanoseconds: Double) {
        self.source = source
        self.resolutionNanoseconds = resolutionNanoseconds
        self.granularityNanoseconds = granularityNanoseconds
        self.overheadNanoseconds = overheadNanoseconds
    }
}
