import Foundation
import XCTest

/// One real quick run of the two 256x192 depth-upload benchmarks, made once per test process, and variants of it edited as JSON
/// (this test target deliberately links nothing of FrameBudget: it sees only files and the binary).
enum ResultsFixtures {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var cached: [String: Any]?

    /// The results document of a quick run of `texture-upload/{optimized,memcpy}/256x192`.
    static func realRun() throws -> [String: Any] {
        lock.lock()
        defer { lock.unlock() }
        if let cached { return cached }
        let folder = NSTemporaryDirectory() + "fb-cli-fixture-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Framebudget.run(["run", "--quick", "--allow-debug", "--reports", folder, "--run-id", "fixture",
                                          "--format", "none", "texture-upload/optimized/256x192", "texture-upload/memcpy/256x192"])
        guard result.status == 0 else { throw CocoaError(.fileReadUnknown, userInfo: ["stderr": result.stderr]) }
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/fixture/results.json"))
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        cached = json
        return json
    }

    /// Writes a variant: a new run id, every sample of the benchmarks matching `slower` multiplied by `factor`, and
    /// the benchmarks in `drop` removed.
    @discardableResult
    static func write(to path: String, runID: String, slower: String? = nil, factor: Double = 1, drop: [String] = [])
        throws -> String {
        var json = try realRun()
        json["runID"] = runID
        var benchmarks = (json["benchmarks"] as! [[String: Any]]).filter { !drop.contains($0["id"] as! String) }
        for index in benchmarks.indices {
            let slowed = slower.map({ (benchmarks[index]["id"] as! String).contains($0) }) ?? false
            benchmarks[index] = scaled(benchmarks[index], by: (slowed ? factor : 1) * jitter(runID))
        }
        json["benchmarks"] = benchmarks
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A factor within a part per million of 1, fixed by the run id: runs written under two ids are two runs, not one
    /// run's samples under two names (which merge refuses as a copy, and compare warns of as a run compared with itself).
    static func jitter(_ runID: String) -> Double {
        1 + Double(runID.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 } % 997 + 1) * 1e-9
    }

    /// A benchmark whose samples are all multiplied by `factor`, its summary with them (every time figure scales;
    /// the counts and the coefficient of variation do not): readers refuse a summary that is not of its samples.
    static func scaled(_ benchmark: [String: Any], by factor: Double) -> [String: Any] {
        var benchmark = benchmark
        benchmark["samplesNanoseconds"] = (benchmark["samplesNanoseconds"] as! [Double]).map { $0 * factor }
        var statistics = benchmark["statistics"] as! [String: Any]
        for key in ["min", "max", "mean", "median", "p50", "p90", "p95", "p99", "p999", "standardDeviation", "medianAbsoluteDeviation"] {
            statistics[key] = (statistics[key] as! Double) * factor
        }
        var intervals = statistics["intervals"] as! [String: [String: Any]]
        for (name, interval) in intervals {
            var bounds = interval
            for bound in ["lower", "upper"] { bounds[bound] = (interval[bound] as! Double) * factor }
            intervals[name] = bounds
        }
        statistics["intervals"] = intervals
        var outliers = statistics["outliers"] as! [String: Any]
        outliers["fences"] = (outliers["fences"] as! [Double]).map { $0 * factor }
        statistics["outliers"] = outliers
        benchmark["statistics"] = statistics
        return benchmark
    }

    /// Writes a variant in which every sample of each benchmark is multiplied by the product of the `scales` whose
    /// key the id contains (e.g. a run's own level for all, and a slowdown for one): several of these, merged, make
    /// one side of process runs at different levels.
    @discardableResult
    static func writeScaled(to path: String, runID: String, scales: [String: Double]) throws -> String {
        var json = try realRun()
        json["runID"] = runID
        var benchmarks = json["benchmarks"] as! [[String: Any]]
        for index in benchmarks.indices {
            let id = benchmarks[index]["id"] as! String
            let factor = scales.filter { id.contains($0.key) }.map(\.value).reduce(1, *)
            benchmarks[index] = scaled(benchmarks[index], by: factor * jitter(runID))
        }
        json["benchmarks"] = benchmarks
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A side of `levels.count` process runs merged by `framebudget merge` (each run at its level, the benchmarks
    /// matching `slower` also multiplied by `factor`); returns the merged file.
    static func mergedSide(in folder: String, name: String, levels: [Double], slower: String? = nil, factor: Double = 1)
        throws -> String {
        let files = try levels.enumerated().map { index, level in
            var scales = ["/": level]
            if let slower { scales[slower] = factor }
            return try writeScaled(to: "\(folder)/\(name)-\(index + 1).json", runID: "\(name)-\(index + 1)", scales: scales)
        }
        let merged = "\(folder)/\(name).json"
        let result = try Framebudget.run(["merge", "--out", merged, "--run-id", name] + files)
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["stderr": result.stderr]) }
        return merged
    }
}
