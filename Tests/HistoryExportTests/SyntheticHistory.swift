import Foundation
import History
import HistoryExport
import Results
import RunFixtures
import Statistics

/// A history with known steps, from fixed seeds: the input of the site and export tests.
///
/// Machine class "Test CPU", 30 nights: `colormap/optimized/256x192` at 1 µs, +12% from night 12, −10% (of that)
/// from night 22; `nms/fast/1k` at 5 µs, −20% from night 18; a benchmark whose id is markup (escaping). Machine
/// class "Other CPU", 10 nights of colormap without a step. Each night's level varies by ~1% (seeded), its samples
/// by 1% around it.
enum SyntheticHistory {
    static let colormap = "colormap/optimized/256x192", nms = "nms/fast/1k"
    static let hostileID = "<img src=x onerror=alert(1)>/&amp;\"'/<svg onload=alert(2)>"
    static let nights = 30, otherNights = 10
    /// The first night at each new level (index from 0), per benchmark, in the "Test CPU" class.
    static let knownSteps = [colormap: [12, 22], nms: [18]]
    static let colormapBudget = SiteBudget(nanoseconds: 1_300, statistic: .median)

    static func level(_ id: String, night: Int) -> Double {
        switch id {
        case colormap: return night < 12 ? 1_000 : night < 22 ? 1_120 : 1_008
        case nms: return night < 18 ? 5_000 : 4_000
        default: return 2_000
        }
    }

    /// Writes the history into a new database at `path`.
    static func write(to path: String) throws -> HistoryDatabase {
        let history = try HistoryDatabase(path: path)
        for night in 0..<nights {
            try history.record(run(night, cpu: "Test CPU", ids: [colormap, nms, hostileID]), branch: "main")
        }
        for night in 0..<otherNights {
            try history.record(run(night, cpu: "Other CPU", ids: [colormap], level: { _, _ in 2_000 }), branch: "main")
        }
        return history
    }

    static func run(_ night: Int, cpu: String, ids: [String], level: (String, Int) -> Double = level) -> RunResults {
        var noise = SplitMix64(seed: UInt64(night) &* 7919 &+ UInt64(cpu.count))
        let results = ids.enumerated().map { offset, id in
            let u1 = (Double(noise.next() >> 11) + 0.5) / 9_007_199_254_740_992, u2 = Double(noise.next() >> 11) / 9_007_199_254_740_992
            let nightly = 1 + 0.01 * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
            return Fixture.result(id, Fixture.times(21, median: level(id, night) * nightly, seed: UInt64(night * 31 + offset)))
        }
        let commit = String(format: "%02x%@", night, cpu == "Test CPU" ? "c0ffee1234" : "0ther00000")
        var run = Fixture.run(String(format: "%@-night-%02d", cpu == "Test CPU" ? "test" : "other", night), results, commit: commit)
        run.environment.cpuModel = cpu
        run.startedAt = Date(timeIntervalSince1970: 1_750_000_000 + Double(night) * 86_400 + (cpu == "Test CPU" ? 0 : 3_600))
        return run
    }

    /// A temporary folder, removed by the caller.
    static func folder(_ name: String) throws -> String {
        let folder = NSTemporaryDirectory() + "fb-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
