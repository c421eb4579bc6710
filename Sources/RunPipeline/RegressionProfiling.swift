import Comparison
import Counters
import Foundation
import Plots
import Results

/// After a paired comparison: a sampling profile of each side's build for the regressed benchmarks (the largest
/// changes first), compared function by function (``DifferentialProfile``), each with a differential flame graph.
/// Each build profiles itself with its own `iterate` command, so any executable built on FrameBudget works.
package struct RegressionProfiling {
    package let base: String
    package let head: String
    /// Seconds each side iterates under `perf record`.
    package let seconds: Double
    /// Where the profiles and flame graphs go (created when needed).
    package let folder: String
    /// At most this many benchmarks are profiled.
    package var limit = 3

    package init(base: String, head: String, seconds: Double, folder: String) {
        self.base = base
        self.head = head
        self.seconds = seconds
        self.folder = folder
    }

    /// The profiles of `report`'s regressions, and one warning line per benchmark that could not be profiled (or
    /// one for all, when perf is missing): a profile is evidence beside the verdict, never a reason to fail.
    package func profile(_ report: PairedComparisonReport, progress: (String) -> Void = { _ in }) -> (profiles: [ProfileDifference], warnings: [String]) {
        let regressed = report.benchmarks.filter { $0.verdict == .regressed }
            .sorted { ($0.estimate?.relativeChange ?? 0) > ($1.estimate?.relativeChange ?? 0) }.prefix(limit)
        guard !regressed.isEmpty else { return ([], []) }
        let perf: PerfProfiler
        do { perf = try PerfProfiler() } catch { return ([], ["differential profiles skipped: \(error)"]) }
        var profiles: [ProfileDifference] = [], warnings: [String] = []
        for comparison in regressed {
            progress("profiling \(comparison.id) on both builds (\(seconds) s each)")
            do {
                profiles.append(try profile(comparison, perf))
            } catch {
                warnings.append("\(comparison.id): no differential profile: \(error)")
            }
        }
        return (profiles, warnings)
    }

    private func profile(_ comparison: PairedBenchmarkComparison, _ perf: PerfProfiler) throws -> ProfileDifference {
        try profile(benchmark: comparison.id, change: comparison.estimate?.relativeChange ?? 0, perf)
    }

    /// One benchmark's differential profile, its measured `change` scaling the shares (a bisection's culprit
    /// against its parent).
    /// - Throws: when perf is missing or a side cannot be profiled.
    package func profile(benchmark id: String, change: Double) throws -> ProfileDifference {
        try profile(benchmark: id, change: change, try PerfProfiler())
    }

    private func profile(benchmark id: String, change: Double, _ perf: PerfProfiler) throws -> ProfileDifference {
        let stem = DataFileName(id).name
        var stacks: [FoldedStacks] = []
        for (side, binary) in [("base", base), ("head", head)] {
            let sideFolder = "\(folder)/\(stem)/\(side)"
            try Folders.create(sideFolder)
            let command = [binary, "iterate", id, "--seconds", "\(seconds)"]
            let files = try perf.profile(command: command, title: "\(id) (\(side))", into: sideFolder)
            stacks.append(try FoldedStacks(parsingFolded: String(contentsOfFile: files.foldedStacks, encoding: .utf8)))
        }
        let graph = "\(stem)/differential-flamegraph.svg"
        let svg = DifferentialProfile.flameGraph(base: stacks[0], head: stacks[1], relativeChange: change,
                                                 title: "\(id): head's stacks, red where time was added")
        try AtomicFile.write(svg, to: "\(folder)/\(graph)")
        return DifferentialProfile.compare(id: id, base: stacks[0], head: stacks[1], relativeChange: change, flameGraph: graph)
    }
}
