import Comparison
import Counters
import Foundation
import Measurement
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
    /// Each side's seconds are cut into this many runs, alternated A B B A A B B A, so that a change of the machine's
    /// state (another guest, a host regime) during the profiling falls on both sides alike rather than on one. With one
    /// run per side, a 10% colormap slowdown once read as a callee gaining 9.7% of base's time while its caller gained
    /// 7.6% (the two profiles taken seconds apart, in different states).
    package var rounds = 4
    /// The signal that stopped the command, polled before and after each perf run (``heed(_:)``).
    var interrupted: () -> InterruptingSignal? = { nil }
    private var forwardedSignals: (@Sendable () -> [Int32])?

    package init(base: String, head: String, seconds: Double, folder: String) {
        self.base = base
        self.head = head
        self.seconds = seconds
        self.folder = folder
    }

    /// Heeds a Ctrl-C during the profiling: each perf run gets the signals (a `kill` of this process alone reaches it
    /// too), and no further run starts. It went unheeded: rounds went on for half a minute and a profile with one
    /// round cut to 48 samples (against ~9,000) was published as whole.
    package mutating func heed(_ interruption: Interruption) {
        interrupted = { interruption.signal }
        forwardedSignals = { interruption.receivedSignals }
    }

    /// A profile left unfinished by an interruption: not published.
    struct Interrupted: Error, CustomStringConvertible {
        let signal: String
        var description: String { "interrupted by \(signal): not profiled" }
    }

    private func perfProfiler() throws -> PerfProfiler { try PerfProfiler(forwardedSignals: forwardedSignals) }

    private func checkNotInterrupted() throws {
        if let signal = interrupted() { throw Interrupted(signal: signal.rawValue) }
    }

    /// The profiles of `report`'s regressions, and one warning line per benchmark that could not be profiled (or
    /// one for all, when perf is missing): a profile is evidence beside the verdict, never a reason to fail.
    package func profile(_ report: PairedComparisonReport, progress: (String) -> Void = { _ in }) -> (profiles: [ProfileDifference], warnings: [String]) {
        let regressed = report.benchmarks.filter { $0.verdict == .regressed }
            .sorted { ($0.estimate?.relativeChange ?? 0) > ($1.estimate?.relativeChange ?? 0) }.prefix(limit)
        guard !regressed.isEmpty else { return ([], []) }
        let perf: PerfProfiler
        do { perf = try perfProfiler() } catch { return ([], ["differential profiles skipped: \(error)"]) }
        var profiles: [ProfileDifference] = [], warnings: [String] = []
        for comparison in regressed {
            if let signal = interrupted() {
                warnings.append("\(comparison.id): no differential profile: interrupted by \(signal.rawValue)")
                continue
            }
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
    /// against its parent). Not the profiled runs' own change: over four half-second processes a side, samples per
    /// iteration read −6.6% to +23.8% for a ~6% slowdown (processes land in faster or slower host regimes), where
    /// the paired comparison's estimate is within a point.
    /// `changed` says which functions the change edited (the culprit commit's ``SourceChanges``), so that the one
    /// named responsible is an edited one when the samples allow.
    /// - Throws: when perf is missing or a side cannot be profiled.
    package func profile(benchmark id: String, change: Double,
                         changed: (String) -> Bool = { _ in false }) throws -> ProfileDifference {
        try profile(benchmark: id, change: change, try perfProfiler(), changed: changed)
    }

    private func profile(benchmark id: String, change: Double, _ perf: PerfProfiler,
                         changed: (String) -> Bool = { _ in false }) throws -> ProfileDifference {
        let stem = DataFileName(id).name
        var stacks = [FoldedStacks(), FoldedStacks()]
        let sides = [("base", base), ("head", head)]
        for round in 0..<rounds {
            // A B, B A, A B, B A: each side first in half the rounds.
            for index in round % 2 == 0 ? [0, 1] : [1, 0] {
                let (side, binary) = sides[index]
                let roundFolder = "\(folder)/\(stem)/\(side)/round-\(round + 1)"
                try Folders.create(roundFolder)
                let command = [binary, "iterate", id, "--seconds", "\(seconds / Double(rounds))"]
                try checkNotInterrupted()
                let files = try perf.profile(command: command, title: "\(id) (\(side), run \(round + 1))", into: roundFolder)
                try checkNotInterrupted()  // a run the signal cut short holds a fraction of its samples
                let folded = try FoldedStacks(parsingFolded: String(contentsOfFile: files.foldedStacks, encoding: .utf8))
                stacks[index].counts.merge(folded.counts, uniquingKeysWith: +)
            }
        }
        for (index, (side, _)) in sides.enumerated() {
            try AtomicFile.write(stacks[index].text, to: "\(folder)/\(stem)/\(side)/stacks.folded")
        }
        let graph = "\(stem)/differential-flamegraph.svg"
        let svg = DifferentialProfile.flameGraph(base: stacks[0], head: stacks[1], relativeChange: change,
                                                 title: "\(id): head's stacks, red where time was added")
        try AtomicFile.write(svg, to: "\(folder)/\(graph)")
        return DifferentialProfile.compare(id: id, base: stacks[0], head: stacks[1], relativeChange: change,
                                           flameGraph: graph, changed: changed)
    }
}
