import TextFormatting

/// What makes two runs comparable: the machine (CPU model, the features that choose its code paths, logical cores),
/// the build configuration and the run settings that change what a sample means (sample time, warm-up, cache mode,
/// counters, quick, workload).
///
/// A history may hold runs of several machines (a fleet's results collected into one database); series, change
/// points, noise floors and baselines are kept per class, and runs of different classes are never compared.
/// The host name is not part of the class: identical machines of a fleet share one.
public struct MachineClass: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// `cpu=…; features=avx2 avx512 sha_ni; cores=2; build=release; sample=5000000ns; warmup=200000000ns; cache=warm; counters=papi; quick=false; workload=synthetic`.
    public var canonical: String

    public init(canonical: String) { self.canonical = canonical }

    public init(environment: EnvironmentInfo, settings: RunSettings) {
        // A run recorded without features (before 2 Dec 2026) keeps the class it had.
        let features = environment.cpuFeatures.map { [("features", $0)] } ?? []
        let fields = [("cpu", environment.cpuModel)] + features + [
            ("cores", String(environment.logicalCores)),
            ("build", environment.buildConfiguration),
            ("sample", "\(Self.integer(settings.targetSampleNanoseconds))ns"),
            ("warmup", "\(Self.integer(settings.warmupNanoseconds))ns"),
            ("cache", settings.cacheMode.rawValue), ("counters", settings.counters.rawValue), ("quick", String(settings.quick)),
            ("workload", settings.workload),
        ] + Self.seedField(settings)
        canonical = fields.map { "\($0.0)=\($0.1)" }.joined(separator: "; ")
    }

    /// The synthetic scene's seed, when it is not the default one: runs of two seeds measured two inputs, so they are
    /// two series in the history and a branch's baseline is a run of the same inputs (one `--seed 7` night picked as
    /// `--baseline main` refused every later run). A run of the default seed, or of a capture, has no such field:
    /// its class is the one it had before 7 Dec 2026.
    private static func seedField(_ settings: RunSettings) -> [(String, String)] {
        guard let seed = settings.sceneSeed, seed != RunSettings.defaultSeed else { return [] }
        return [("seed", String(seed))]
    }

    /// Values a field has where a class does not write it (``seedField(_:)``), so a difference names both seeds.
    private static let implied = ["seed": String(RunSettings.defaultSeed)]

    /// Twelve hex digits (FNV-1a 64 of ``canonical``): short enough for a table column, stable across versions.
    public var hash: String {
        String(FNV1a.hex(FNV1a.hash64(canonical)).prefix(12))
    }

    public var description: String { "\(hash) (\(canonical))" }

    /// The first field that differs between two classes, as `cpu Xeon vs EPYC` (the other's value first); a field
    /// only one class has reads `not recorded` on the other side (`features not recorded vs avx2 avx512`: a run
    /// recorded before the field existed). Nil when they are equal.
    public func difference(from other: MachineClass) -> String? {
        let mine = Self.fields(canonical), theirs = Self.fields(other.canonical)
        let names = theirs.map(\.name) + mine.map(\.name).filter { name in !theirs.contains { $0.name == name } }
        for name in names {
            let value = mine.first { $0.name == name }?.value ?? Self.implied[name]
            let otherValue = theirs.first { $0.name == name }?.value ?? Self.implied[name]
            if value != otherValue { return "\(name) \(otherValue ?? "not recorded") vs \(value ?? "not recorded")" }
        }
        return nil
    }

    /// The value of the field `name` (`cpu`, `features`, …); nil when the class has no such field.
    public func value(of name: String) -> String? {
        Self.fields(canonical).first { $0.name == name }?.value
    }

    /// The `name=value` fields of a canonical string, in order (a field without `=` is a name with an empty value).
    private static func fields(_ canonical: String) -> [(name: String, value: String)] {
        canonical.components(separatedBy: "; ").map { field in
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
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
