import Results

/// The code paths a run's benchmarks say they took, for report headers: the vector path (`parameters["isa"]`, set by
/// kernels dispatched at run time) and the SHA-256 code (`parameters["sha256"]`). A number of one machine kind is a
/// claim about its path: a report of AVX-512 kernels says so.
enum CodePaths {
    /// E.g. "vector path avx512 · SHA-256 OpenSSL SHA-NI"; for a merged run of several paths, each with its count
    /// of benchmarks ("vector path avx2 (3), avx512 (9)"). Nil when no benchmark records one.
    static func phrase(_ run: RunResults) -> String? {
        let parts = CodePathKeys.labelled.compactMap { key, label in
            values(of: key, in: run).map { "\(label) \($0)" }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    private static func values(of key: String, in run: RunResults) -> String? {
        var counts: [String: Int] = [:]
        for benchmark in run.benchmarks { if let value = benchmark.parameters[key] { counts[value, default: 0] += 1 } }
        guard !counts.isEmpty else { return nil }
        if counts.count == 1 { return counts.keys.first }
        return counts.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
    }
}
