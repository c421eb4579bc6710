import TextFormatting

/// What makes two runs comparable: the machine (CPU model, logical cores), the build configuration and the run
/// settings that change what a sample means (sample time, warm-up, cache mode, counters, quick, workload).
///
/// A history may hold runs of several machines (a fleet's results collected into one database); series, change
/// points, noise floors and baselines are kept per class, and runs of different classes are never compared.
/// The host name is not part of the class: identical machines of a fleet share one.
public struct MachineClass: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// `cpu=…; cores=2; build=release; sample=5000000ns; warmup=200000000ns; cache=warm; counters=papi; quick=false; workload=synthetic`.
    public var canonical: String

    public init(canonical: String) { self.canonical = canonical }

    public init(environment: EnvironmentInfo, settings: RunSettings) {
        let fields = [
            ("cpu", environment.cpuModel), ("cores", String(environment.logicalCores)),
            ("build", environment.buildConfiguration),
            ("sample", "\(Self.integer(settings.targetSampleNanoseconds))ns"),
            ("warmup", "\(Self.integer(settings.warmupNanoseconds))ns"),
            ("cache", settings.cacheMode.rawValue), ("counters", settings.counters.rawValue), ("quick", String(settings.quick)),
            ("workload", settings.workload),
        ]
        canonical = fields.map { "\($0.0)=\($0.1)" }.joined(separator: "; ")
    }

    /// Twelve hex digits (FNV-1a 64 of ``canonical``): short enough for a table column, stable across versions.
    public var hash: String {
        String(FNV1a.hex(FNV1a.hash64(canonical)).prefix(12))
    }

    public var description: String { "\(hash) (\(canonical))" }

    /// The first field that differs between two classes, as `cpu Xeon vs EPYC`; nil when they are equal.
    public func difference(from other: MachineClass) -> String? {
        let mine = canonical.components(separatedBy: "; "), theirs = other.canonical.components(separatedBy: "; ")
        for (a, b) in zip(mine, theirs) where a != b {
            let name = a.split(separator: "=", maxSplits: 1).first.map(String.init) ?? a
            return "\(name) \(b.dropFirst(name.count + 1)) vs \(a.dropFirst(name.count + 1))"
        }
        return mine.count == theirs.count ? nil : "\(other.canonical) vs \(canonical)"
    }

    /// Whole nanoseconds; a value no Int64 holds (not finite, or past 2⁶³) as the number it is, never a trap.
    private static func integer(_ value: Double) -> String {
        Int64(exactly: value.rounded()).map { String($0) } ?? String(value)
    }
}

extension RunResults {
    /// The class of machine and settings this run was measured in.
    public var machineClass: MachineClass { MachineClass(environment: environment, settings: settings) }
}
