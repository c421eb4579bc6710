import Budgets
import Comparison
import Foundation
import Statistics

/// What `make compare` users get on this machine, measured: the paired comparison run N times on identical code
/// (A/A) and N times against a build with known real slowdowns (A/B), through the same procedure and exit rule,
/// and the error rates against the targets.
package struct PairedQuality: Codable, Sendable {
    /// One comparison: its exit status and what it said of each benchmark.
    package struct Outcome: Codable, Sendable {
        package var exitStatus: Int32
        package var verdicts: [String: Verdict]
        package var threads: [String: Int]
        package var minimumDetectableEffects: [String: Double]
        package var pairs: Int
        package var seconds: Double
        package var stop: String
        /// Median over benchmarks of the pairs' standard deviation of log ratio: how noisy the host was.
        package var spread: Double?
        /// The 1-minute load average when the comparison started.
        package var load: Double?
        /// The same when it ended: a comparison of several minutes can start quiet and end busy (absent in files of
        /// older versions).
        package var loadAtEnd: Double?
        /// Each benchmark's estimated relative change and its interval (`[lower, upper]`), so a wrong verdict can be
        /// looked at afterwards (absent in files of older versions).
        package var changes: [String: Double]?
        package var intervals: [String: [Double]]?
        /// Each benchmark's pair log ratios in measurement order: what a procedure with other caps would have said can
        /// be recomputed from them (absent in files of older versions).
        package var pairLogRatios: [String: [Double]]?
        /// The host's steal over each process pair (``Comparison/PairedComparisonReport/pairHostSteal``): the
        /// busy-hour evidence beside the spread (absent in files of older versions).
        package var pairHostSteal: [Double]?
        /// The procedure this comparison ran: rates of two procedures are not one rate (absent in files written
        /// before 5 Dec 2026, which all ran one placement).
        package var settings: PairedSettings?

        package init(_ report: PairedComparisonReport, load: Double?, loadAtEnd: Double? = nil) {
            exitStatus = report.exitStatus.rawValue
            verdicts = Dictionary(uniqueKeysWithValues: report.benchmarks.map { ($0.id, $0.verdict) })
            threads = Dictionary(uniqueKeysWithValues: report.benchmarks.map { ($0.id, $0.threads) })
            minimumDetectableEffects = Dictionary(uniqueKeysWithValues: report.benchmarks.compactMap { b in
                b.minimumDetectableEffect.map { (b.id, $0) }
            })
            pairs = report.pairsStarted
            seconds = report.seconds
            stop = report.stop
            let spreads = report.benchmarks.compactMap { $0.estimate?.standardDeviation }
            spread = spreads.isEmpty ? nil : Descriptive.median(spreads)
            self.load = load
            self.loadAtEnd = loadAtEnd
            changes = Dictionary(uniqueKeysWithValues: report.benchmarks.compactMap { b in b.estimate.map { (b.id, $0.relativeChange) } })
            intervals = Dictionary(uniqueKeysWithValues: report.benchmarks.compactMap { b in b.interval.map { (b.id, [$0.lower, $0.upper]) } })
            pairLogRatios = Dictionary(uniqueKeysWithValues: report.benchmarks.compactMap { b in b.estimate.map { (b.id, $0.pairLogRatios) } })
            pairHostSteal = report.pairHostSteal
            settings = report.settings
        }
    }

    package var machine: String
    package var date: String
    /// The benchmarks the slowed build makes slower on purpose.
    package var slowed: [String]
    package var identical: [Outcome] = []
    package var slowedOutcomes: [Outcome] = []
    /// The rounds asked for (absent in files written before 7 Dec 2026, and in pooled sets).
    package var requestedRounds: Int?
    /// The signal that stopped the run early ("SIGINT"); absent when every round ran.
    package var interruptedBy: String?

    package init(machine: String, date: String, slowed: [String]) {
        self.machine = machine
        self.date = date
        self.slowed = slowed
    }

    /// Why runs cannot be pooled: the named run measured another machine, other slowdowns or another procedure than
    /// the first.
    package struct PoolingRefusal: Error, CustomStringConvertible {
        package let description: String
    }

    /// Several runs of one procedure as one set: every comparison of every run, so rates measured in sittings (five
    /// rounds in a quiet hour, two beside a build) are counted against the targets together. `date` lists the runs'.
    /// - Throws: ``PoolingRefusal`` naming the first run whose machine, slowed benchmarks or procedure (a comparison's
    ///   settings: placements, caps, blocks…) differ from the first's: rates of two machine kinds, two slowdowns or two
    ///   procedures are not one rate.
    package static func pooled(_ runs: [(name: String, quality: PairedQuality)])
        throws(PoolingRefusal) -> PairedQuality {
        guard let first = runs.first?.quality else { throw PoolingRefusal(description: "no gate-quality run to pool") }
        var pooled = PairedQuality(machine: first.machine, date: runs.map(\.quality.date).joined(separator: ", "),
                                   slowed: first.slowed)
        // Every comparison is held to the first comparison's procedure, in whichever run it is: a first run with none
        // (an interrupted gate-quality saves an empty file) had turned the check off.
        let holder = runs.first { !($0.quality.identical + $0.quality.slowedOutcomes).isEmpty }
        let reference = holder.flatMap { ($0.quality.identical + $0.quality.slowedOutcomes).first?.settings }
        let referenceName = holder?.name ?? runs[0].name
        var counted: [Data: String] = [:]  // each comparison, encoded, and the run it came from
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for (name, run) in runs {
            guard run.machine == first.machine else {
                throw PoolingRefusal(description: "\(name): measured on '\(run.machine)', "
                                         + "not '\(first.machine)' like \(runs[0].name)")
            }
            guard Set(run.slowed) == Set(first.slowed) else {
                throw PoolingRefusal(description: "\(name): slows \(run.slowed.sorted().joined(separator: " ")), "
                                         + "not \(first.slowed.sorted().joined(separator: " ")) like \(runs[0].name)")
            }
            for outcome in run.identical + run.slowedOutcomes {
                if let difference = ProcedureDifference.between(outcome.settings, reference) {
                    throw PoolingRefusal(description: "\(name): measured with \(difference) like \(referenceName)")
                }
                // A pooled file pooled again with one of its own runs counted that run's comparisons twice (within
                // one run, two comparisons are two, however alike).
                if let encoded = try? encoder.encode(outcome) {
                    if let earlier = counted[encoded], earlier != name {
                        throw PoolingRefusal(description: "\(name): holds a comparison \(earlier) holds too: each comparison counts once")
                    }
                    counted[encoded] = name
                }
            }
            pooled.identical += run.identical
            pooled.slowedOutcomes += run.slowedOutcomes
        }
        return pooled
    }

    /// The procedures the comparisons ran, each once, in the order first met.
    package var procedures: [String] {
        var seen: [String] = []
        for outcome in identical + slowedOutcomes {
            let line = outcome.settings.map(PairedComparisonRows.procedure) ?? "not recorded (one placement)"
            if !seen.contains(line) { seen.append(line) }
        }
        return seen
    }

    private func verdicts(_ outcomes: [Outcome], where include: (String) -> Bool) -> [Verdict] {
        outcomes.flatMap { $0.verdicts.filter { include($0.key) }.map(\.value) }
    }

    /// The lines of the report, each a measured rate beside its target.
    package var lines: [String] {
        let aa = identical, ab = slowedOutcomes
        let aaVerdicts = verdicts(aa) { _ in true }
        let wrong = aaVerdicts.filter { $0 == .regressed || $0 == .improved }.count
        // A comparison that exits 3 gave a make compare user no answer: said beside the false alarms, not hidden.
        let unanswered = aa.filter { $0.exitStatus == ExitStatus.inconclusive.rawValue }.count
        let single = aa.flatMap { o in o.verdicts.filter { o.threads[$0.key] == 1 }.map(\.value) }
        let unchanged = single.filter { $0 == .unchanged }.count
        var lines = [
            "A/A (identical code, \(aa.count) comparisons): \(aa.filter { $0.exitStatus == 1 }.count) exited 1"
                + "\(Self.bounds(aa.filter { $0.exitStatus == 1 }.count, of: aa.count)) (target ≤ 1 of 20), "
                + "\(unanswered) exited 3 (no answer)\(Self.bounds(unanswered, of: aa.count)); "
                + "\(wrong) of \(aaVerdicts.count) verdicts REGRESSED/IMPROVED (target ≤ 1%); "
                + "\(unchanged) of \(single.count) single-threaded verdicts UNCHANGED (target ≥ 90%)",
        ]
        for id in slowed {
            let called = ab.filter { $0.verdicts[id] == .regressed }.count
            lines.append("A/B \(id): REGRESSED in \(called) of \(ab.count) comparisons\(Self.bounds(called, of: ab.count)) (target ≥ 19 of 20)")
        }
        let others = verdicts(ab) { !slowed.contains($0) }
        let stray = others.filter { $0 == .regressed || $0 == .improved }.count
        lines.append("A/B other benchmarks: \(stray) of \(others.count) verdicts REGRESSED/IMPROVED (target 0)")
        let all = aa + ab
        for (name, multi, target) in [("single-threaded", false, "2%"), ("two-thread", true, "5%")] {
            let mdes = all.flatMap { o in o.minimumDetectableEffects.filter { (o.threads[$0.key] ?? 1 > 1) == multi }.map(\.value) }
            if !mdes.isEmpty {
                lines.append("median MDE, \(name): \(String(format: "%.2f%%", Descriptive.median(mdes) * 100)) (target ≤ \(target))")
            }
        }
        if !all.isEmpty {
            let seconds = all.map(\.seconds)
            lines.append("measuring time per comparison: median \(Int(Descriptive.median(seconds))) s, longest \(Int(seconds.max()!)) s (cap 600 s)")
            let spreads = all.compactMap(\.spread), loads = all.flatMap { [$0.load, $0.loadAtEnd].compactMap { $0 } }
            if !spreads.isEmpty {
                lines.append("host noise: median pair spread \(String(format: "%.2f%%", Descriptive.median(spreads) * 100)), "
                             + "largest \(String(format: "%.2f%%", spreads.max()! * 100)); 1-minute load "
                             + (loads.isEmpty ? "unknown" : String(format: "%.2f–%.2f", loads.min()!, loads.max()!))
                             + stealPhrase(all))
            }
        }
        return lines
    }

    /// " [95%: 0.0–16.1%]": what a count of comparisons can show of the rate (Wilson; the comparison is the unit, its
    /// verdicts are not independent), or nothing without comparisons. "0 of 20 exited 1" is a rate up to 16%.
    static func bounds(_ count: Int, of total: Int) -> String {
        guard total > 0, let interval = Wilson.interval(share: Double(count) / Double(total), trials: Double(total)) else { return "" }
        return String(format: " [95%%: %.1f–%.1f%%]", interval.lower * 100, interval.upper * 100)
    }

    /// "; host steal per pair 0.0–21.3%, above 5% in 4 of 40 pairs", or nothing when no comparison recorded it.
    private func stealPhrase(_ outcomes: [Outcome]) -> String {
        let steal = outcomes.flatMap { $0.pairHostSteal ?? [] }
        guard let low = steal.min(), let high = steal.max() else { return "" }
        return String(format: "; host steal per pair %.1f–%.1f%%", low * 100, high * 100)
            + ", above 5% in \(steal.filter { $0 > 0.05 }.count) of \(steal.count) pairs"
    }

    /// Markdown: the machine, date and procedure, then the rates.
    package var markdown: String {
        let procedure = procedures.map { "Procedure: \($0)." }
        let asked = requestedRounds.map { " Rounds asked for: \($0)." } ?? ""
        let stopped = interruptedBy.map { ["**Interrupted by \($0)** after \(identical.count) A/A and \(slowedOutcomes.count) A/B "
                                           + "comparisons: the rates are of those; the comparison it stopped is not counted."] } ?? []
        return (["# Paired comparison quality", "", "Machine: \(machine). Date: \(date).\(asked)"] + stopped + procedure + [""]
                + lines.map { "- \($0)" }).joined(separator: "\n") + "\n"
    }
}
