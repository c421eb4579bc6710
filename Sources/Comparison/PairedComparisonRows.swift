import Foundation
import Results
import Statistics
import TextFormatting

/// What every rendering of a paired comparison says, as plain text no format has marked up: the table's header and
/// cells, the verdicts' order, the paragraph on the method, the footer lines and the profile's phrases. The console,
/// Markdown and HTML renderings each mark these up their own way and know nothing of one another.
public enum PairedComparisonRows {
    /// The table's columns.
    static let header = ["benchmark", "pairs", "change", "interval", "p", "MDE", "threshold", "verdict"]

    /// One benchmark's cells, in ``header``'s order.
    static func row(_ c: PairedBenchmarkComparison) -> [String] {
        let estimate = c.estimate
        let pairs = estimate.map { "\($0.pairs)" + ($0.disturbedPairs.isEmpty ? "" : "+\($0.disturbedPairs.count) set aside") } ?? "0"
        return [c.id, pairs, estimate.map { Percent.signed($0.relativeChange, digits: 2) } ?? "—",
                c.interval.map { "[\(Percent.signed($0.lower, digits: 2)), \(Percent.signed($0.upper, digits: 2))]" } ?? "—",
                estimate?.pValue.map { String(format: "%.2g", $0) } ?? "—",
                mde(c.minimumDetectableEffect),
                String(format: "±%.1f%%", c.threshold * 100), c.verdict.rawValue.uppercased()]
    }

    /// `3.12%`, `—` without one, `> 100%` beyond: after two pairs the t quantile of one degree of freedom at the
    /// boundary's α makes it 4217351602894143488000.00%, a number no one reads.
    static func mde(_ effect: Double?) -> String {
        guard let effect else { return "—" }
        return effect > 1 ? "> 100%" : String(format: "%.2f%%", effect * 100)
    }

    /// The benchmarks in the order a reader needs them: regressed, improved, inconclusive, unchanged.
    static func ordered(_ report: PairedComparisonReport) -> [PairedBenchmarkComparison] {
        report.benchmarks.sorted { rank($0.verdict) < rank($1.verdict) }
    }

    /// A verdict's place in ``ordered(_:)``.
    static func rank(_ verdict: Verdict) -> Int {
        switch verdict {
        case .regressed: return 0
        case .improved: return 1
        case .inconclusive: return 2
        case .unchanged: return 3
        }
    }

    /// Functions shown per differential profile.
    static let profileRows = 8

    /// "added under DepthColormap.renderBand (+3.9% of base's time with what it calls)", with ", which the commit
    /// changed" when the culprit's diff named it.
    static func entering(_ profile: ProfileDifference, naming: (String) -> String = { $0 }) -> String? {
        guard let name = profile.responsible, let growth = profile.responsibleGrowth else { return nil }
        let edited = profile.responsibleChanged == true ? ", which the commit changed" : ""
        return "added under \(naming(name))\(edited) (\(Percent.signed(growth, digits: 1)) of base's time with what it calls)"
    }

    /// A share of base's time, "12.3%".
    static func share(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

    /// What a verdict means, in one paragraph.
    static func method(_ report: PairedComparisonReport) -> String {
        let s = report.settings
        return "Both builds' processes alive at once, blocks of \(samples(s)) alternating A B B A "
            + "(\(s.blocks) blocks a pair, the same iterations per sample on both sides); a pair's change is the median "
            + "of its blocks' log ratios, and the interval is a t interval over the process pairs. regressed/improved: "
            + "p within a Pocock boundary that holds α = \(String(format: "%.2g", s.alpha)) family-wise over the "
            + "benchmarks (Bonferroni) and the looks after every pair\(nominal(report)), and the change beyond the threshold, "
            + "both with disturbed pairs set aside and with every pair; "
            + "unchanged: the \(unchangedInterval(report)) within ±threshold; else inconclusive."
            + sentence(placementParts(s))
    }

    /// The interval UNCHANGED rests on: "98.9% interval (a 90% one spent over the looks)", or one look's "90% interval"
    /// in reports from before 7 Dec 2026.
    static func unchangedInterval(_ report: PairedComparisonReport) -> String {
        let tested = Percent.level(report.testedEquivalenceLevel)
        guard report.settings.equivalenceOverLooks == true else { return "\(tested) interval" }
        return "\(tested) interval (a \(Percent.level(report.settings.equivalenceLevel)) one spent over the looks)"
    }

    /// The procedure a comparison ran, in one line, for reports that count or pool many comparisons
    /// (`gate-quality`): e.g. "120 blocks a pair of 1 sample of 1 ms after 1 untimed, 3–40 pairs, no new pair after
    /// 10 minutes; measuring threads pinned to CPU 1; each worker from a fresh copy of its executable; each benchmark
    /// set up 8 times in each worker, a block on each in turn".
    public static func procedure(_ s: PairedSettings) -> String {
        let caps = "\(s.blocks) blocks a pair of \(samples(s)), \(s.minimumPairs)–\(s.maximumPairs) pairs, "
            + "no new pair after \(String(format: "%g", s.maximumSeconds / 60)) minutes"
        return ([caps] + placementParts(s)).joined(separator: "; ")
    }

    /// "1 sample of 1 ms after 1 untimed", "3 samples of 5 ms", or without the duration or the untimed samples in
    /// reports that do not record them.
    static func samples(_ s: PairedSettings) -> String {
        var phrase = s.samplesPerBlock == 1 ? "1 sample" : "\(s.samplesPerBlock) samples"
        if let milliseconds = s.sampleMilliseconds { phrase += " of \(String(format: "%g", milliseconds)) ms" }
        guard let untimed = s.warmupSamplesPerBlock, untimed > 0 else { return phrase }
        return phrase + " after \(untimed) untimed"
    }

    /// "measuring threads pinned to CPU 1", "each worker from a fresh copy of its executable", and the placements
    /// when there were several, and the link orders when there were; none of them when the report does not say
    /// (written before these were recorded).
    private static func placementParts(_ s: PairedSettings) -> [String] {
        var parts: [String] = []
        if let cpu = s.pinnedCPU { parts.append("measuring threads pinned to CPU \(cpu)") }
        else if s.freshCopies != nil { parts.append("measuring threads not pinned") }
        if let fresh = s.freshCopies {
            parts.append(fresh ? "each worker from a fresh copy of its executable" : "workers from the executables themselves")
        }
        if let placements = s.placements, placements > 1 {
            parts.append("each benchmark set up \(placements) times in each worker, a block on each in turn")
        }
        if let orders = s.linkOrders {
            parts.append("process pairs on \(orders) link orders of each build in turn (functions shuffled by the linker)")
        }
        return parts
    }

    /// " Measuring threads pinned to CPU 1; each worker from a fresh copy of its executable.", or nothing.
    private static func sentence(_ parts: [String]) -> String {
        guard !parts.isEmpty else { return "" }
        let text = parts.joined(separator: "; ")
        return " " + text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    /// " (p ≤ 4.5e-05 at each look)": the nominal α the rows were tested at, when they share one.
    private static func nominal(_ report: PairedComparisonReport) -> String {
        let tested = Set(report.benchmarks.map(\.testedAlpha))
        return tested.count == 1 ? String(format: " (p ≤ %.2g at each look)", tested.first!) : ""
    }

    /// What the hypervisor stole while the pairs measured, e.g. "host steal per process pair: median 0.5%, largest
    /// 21.0% (2 of 6 pairs above 5%)"; nil when no pair recorded it.
    static func hostStealLine(_ steal: [Double]) -> String? {
        guard !steal.isEmpty else { return nil }
        let stolen = steal.filter { $0 > 0.05 }.count
        return String(format: "host steal per process pair: median %.1f%%, largest %.1f%%",
                      Descriptive.median(steal) * 100, steal.max()! * 100)
            + (stolen > 0 ? " (\(stolen) of \(steal.count) pairs above 5%)" : "")
    }

    /// The verdict counts, how long it measured and why it stopped, what could not be paired, and warnings.
    /// What a reader must see before the verdicts of a comparison that was stopped (a signal): nil when complete.
    public static func incompleteNote(_ report: PairedComparisonReport) -> String? {
        report.complete ? nil : "Incomplete: \(report.stop) after \(report.pairsStarted) process pairs started; the verdicts are "
            + "those of the pairs measured whole until then."
    }

    /// The UNCHANGED rows whose MDE still exceeded their threshold when measuring stopped (the pair or time cap):
    /// their interval is inside ±threshold, but these pairs would have called a change of the threshold REGRESSED
    /// less often than the power asks. Said, so that an UNCHANGED reads with the evidence it rests on.
    static func underpoweredLine(_ report: PairedComparisonReport) -> String? {
        let weak = report.benchmarks.filter(\.lacksPower)
        guard !weak.isEmpty else { return nil }
        let power = Int((report.settings.power * 100).rounded())
        return "unchanged short of power when measuring stopped (MDE above the threshold; a change of the threshold "
            + "would have been called less than \(power)% of the time): " + weak.map { row in
                "\(row.id) (MDE \(mde(row.minimumDetectableEffect)))"
            }.joined(separator: ", ")
    }

    public static func footer(_ report: PairedComparisonReport) -> [String] {
        var lines = ["paired: \(report.benchmarks.count) benchmarks: \(report.count(.regressed)) regressed, "
                     + "\(report.count(.improved)) improved, \(report.count(.unchanged)) unchanged, "
                     + "\(report.count(.inconclusive)) inconclusive; \(report.pairsStarted) process pairs in "
                     + "\(Int(report.seconds.rounded())) s; stopped: \(report.stop)"]
        if let steal = hostStealLine(report.pairHostSteal ?? []) { lines.append(steal) }
        for (id, reason) in report.notPaired.sorted(by: { $0.key < $1.key }) { lines.append("not paired: \(id): \(reason)") }
        for row in report.benchmarks where row.verdict == .inconclusive { lines.append("inconclusive: \(row.id): \(row.reason)") }
        if let weak = underpoweredLine(report) { lines.append(weak) }
        lines += report.warnings.map { "warning: \($0)" }
        return lines
    }
}
