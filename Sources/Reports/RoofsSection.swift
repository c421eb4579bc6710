import Budgets
import Foundation
import Results
import Statistics
import TextFormatting

/// The report's roofs and peers: each benchmark against the roof of its own working set and thread count (with its
/// arithmetic intensity), the machine's measured roofs, and each optimized kernel beside the library a user would
/// pick instead (`peer` variants merged by `framebudget peers`).
enum RoofsSection {
    /// One benchmark against its roof.
    struct Row {
        var id: String
        var threads: Int
        var workingSet: String
        var level: String
        var achieved: String
        var roof: String
        var share: String
        var intensity: String
        var bound: String
    }

    static func rows(_ run: RunResults) -> [Row] {
        run.benchmarks.compactMap { result in
            guard let t = result.throughput, t.percentOfMemoryRoof != nil || t.percentOfComputeRoof != nil else { return nil }
            let bandwidth = t.gigabytesPerSecond.map { "\(UnitFormat.number($0)) GB/s" }
            let compute = t.gigaflopsPerSecond.map { "\(UnitFormat.number($0)) GFLOP/s" }
            let roofs = [t.roofGigabytesPerSecond.map { "\(UnitFormat.number($0)) GB/s (\(t.roofKind ?? "?"))" },
                         t.flopsPerIteration == nil ? nil
                            : t.roofGigaflopsPerSecond.map { "\(UnitFormat.number($0)) GFLOP/s (fp32 FMA)" }].compactMap { $0 }
            let shares = [t.percentOfMemoryRoof.map { "\(UnitFormat.number($0))% of bandwidth" },
                          t.percentOfComputeRoof.map { "\(UnitFormat.number($0))% of compute" }].compactMap { $0 }
            return Row(id: result.id, threads: result.threads,
                       workingSet: (t.workingSetBytes ?? t.bytesPerIteration).map(bytes) ?? "—",
                       level: t.roofLevel.map { "\($0), \(t.roofThreads ?? result.threads) thr" } ?? "legacy roofs",
                       achieved: [bandwidth, compute].compactMap { $0 }.joined(separator: ", "),
                       roof: roofs.joined(separator: ", "), share: shares.joined(separator: ", "),
                       intensity: t.arithmeticIntensity.map { UnitFormat.number($0) } ?? "—", bound: t.bound?.rawValue ?? "—")
        }
    }

    /// An optimized kernel beside its peers (the same workload's `peer` and `peer-1core` variants).
    struct PeerRow {
        var kernel: String
        var kernelMedian: Double
        var peers: [PeerCell]
    }

    /// One peer: its median, the ratio to the kernel's with its interval, the threads it was allowed and kept busy.
    struct PeerCell {
        var id: String
        var median: Double
        var threads: Int
        /// CPU time over wall time while it was timed (`cpuPerWall`, scripts/peers.py): the cores it kept busy,
        /// which a library allowed two threads may leave at one. Nil for a peers file from before 8 Dec 2026.
        var busyCores: Double?
        /// median(peer) / median(kernel), with its 95% bootstrap interval over the two sets of samples.
        var ratio: RatioBootstrap.Estimate?
        var conversion: Double?
        /// median(peer) / the kernel's reported median, for a kernel merged from several process runs (no interval:
        /// the peer is one process, the kernel several).
        var plainRatio: Double?

        /// `(2 thr, 1.02 busy)`: the threads its roof is taken for and the cores it kept busy, or `(1 thr)` when those
        /// are not known.
        var threadsText: String {
            guard let busyCores else { return "(\(threads) thr)" }
            return "(\(threads) thr, \(UnitFormat.number(busyCores)) busy)"
        }

        /// `3.13× [3.1–3.16]`, `3.13×` for a merged kernel, or `—` when either side has no samples.
        var ratioText: String {
            if let plainRatio { return "\(UnitFormat.number(plainRatio))×" }
            guard let ratio else { return "—" }
            return "\(UnitFormat.number(ratio.ratio))× [\(UnitFormat.number(ratio.interval.lower))–\(UnitFormat.number(ratio.interval.upper))]"
        }
    }

    /// What the peers table's ratio column means, and what it cannot say: each side is one process.
    static let peerRatioNote = "peer ÷ kernel: ratio of the medians, with its 95% bootstrap interval over the samples when "
        + "each side is one process (a kernel merged from several: its runs' geometric mean, no interval); a fresh process "
        + "moves a median by 2–4% on a VM: a ratio within 0.95–1.05 is a tie"

    static func peerRows(_ run: RunResults) -> [PeerRow] {
        run.benchmarks.filter { $0.variant == "optimized" }.compactMap { kernel in
            let peers = run.benchmarks.filter {
                $0.hotPath == kernel.hotPath && $0.workload == kernel.workload && $0.variant.hasPrefix("peer")
            }
            guard !peers.isEmpty else { return nil }
            // The median every table reports: of a kernel merged from several processes, their geometric mean.
            let kernelMedian = kernel.reported(.median, runID: run.runID).value
            let merged = kernel.replicateCount > 1
            return PeerRow(kernel: kernel.id, kernelMedian: kernelMedian, peers: peers.map { peer in
                PeerCell(id: peer.id, median: peer.statistics.median, threads: peer.threads,
                         busyCores: peer.parameters["cpuPerWall"].flatMap(Double.init),
                         ratio: merged ? nil : ratio(peer: peer.samplesNanoseconds, kernel: kernel.samplesNanoseconds, seed: run.settings.seed),
                         conversion: peer.stages?.first { $0.name.hasPrefix("conversion") }?.statistics.median,
                         plainRatio: merged && kernelMedian > 0 ? peer.statistics.median / kernelMedian : nil)
            })
        }
    }

    private static func ratio(peer: [Double], kernel: [Double], seed: UInt64) -> RatioBootstrap.Estimate? {
        guard !peer.isEmpty, !kernel.isEmpty, Statistics.Descriptive.median(kernel) > 0 else { return nil }
        return RatioBootstrap.ratioOfMedians(base: kernel, head: peer, level: 0.95, resamples: 2000, seed: seed)
    }

    /// The console's lines: each optimized kernel's share of its roof (what `make bench` prints), or none.
    static func console(_ run: RunResults) -> [String] {
        let rows = rows(run).filter { (try? BenchmarkID(parsing: $0.id))?.variant == "optimized" }
        guard !rows.isEmpty else { return [] }
        let highest = run.benchmarks.compactMap { result in
            [result.throughput?.percentOfMemoryRoof, result.throughput?.percentOfComputeRoof].compactMap { $0 }.max()
        }.max() ?? 0
        return ["", "roofs: each optimized kernel against the roof of its working set and thread count"]
            + TextTable.lines(header: ["benchmark", "level", "achieved", "share of roof"],
                              rows: rows.map { [$0.id, $0.level, $0.achieved, $0.share] })
            + ["highest share of a roof in this run: \(UnitFormat.number(highest))%"
                + (highest > 100 ? " (above 100%: see the run's warnings)" : "")]
    }

    static func markdown(_ run: RunResults) -> [String] {
        var lines: [String] = []
        let rows = rows(run)
        if !rows.isEmpty {
            lines += ["", "### Roofs", "", MarkdownText.text(machineLine(run)), "",
                      "| benchmark | threads | working set | level | achieved | roof | share of roof | flop/byte | bound |",
                      "|---|---|---|---|---|---|---|---|---|"]
            lines += rows.map { r in
                "| \(MarkdownText.code(r.id)) | \(r.threads) | \(r.workingSet) | \(MarkdownText.text(r.level)) | \(r.achieved) | \(r.roof) | \(r.share) | \(r.intensity) | \(r.bound) |"
            }
        }
        let peers = peerRows(run)
        if !peers.isEmpty {
            lines += ["", "### Peers (what a user would pick instead)", "", MarkdownText.text(peerRatioNote), "",
                      "| kernel | median | peer | peer median | peer ÷ kernel [95%] | conversion (timed apart) |", "|---|---|---|---|---|---|"]
            for row in peers {
                lines += row.peers.map { peer in
                    "| \(MarkdownText.code(row.kernel)) | \(time(row.kernelMedian)) | \(MarkdownText.code(peer.id)) \(peer.threadsText) | \(time(peer.median)) | "
                        + "\(peer.ratioText) | \(peer.conversion.map(time) ?? "—") |"
                }
            }
        }
        return lines
    }

    static func html(_ run: RunResults) -> String {
        var parts: [String] = []
        let rows = rows(run)
        if !rows.isEmpty {
            parts.append("<section id=\"roofs\"><h2>Roofs</h2><p>\(XMLText.escape(machineLine(run)))</p>")
            parts.append(table(caption: "Each benchmark against the roof of its working set and thread count",
                               header: ["benchmark", "threads", "working set", "level", "achieved", "roof", "share of roof",
                                        "flop/byte", "bound"],
                               rows: rows.map { [$0.id, "\($0.threads)", $0.workingSet, $0.level, $0.achieved, $0.roof, $0.share,
                                                 $0.intensity, $0.bound] }))
            parts.append("</section>")
        }
        let peers = peerRows(run)
        if !peers.isEmpty {
            let cells = peers.flatMap { row in
                row.peers.map { [row.kernel, time(row.kernelMedian), "\($0.id) \($0.threadsText)", time($0.median), $0.ratioText,
                                 $0.conversion.map(time) ?? "—"] }
            }
            parts.append("<section id=\"peers\"><h2>Peers</h2><p>\(XMLText.escape(peerRatioNote))</p>" + table(
                caption: "Optimized kernels beside what a user would pick instead (library call alone; conversions timed apart)",
                header: ["kernel", "median", "peer", "peer median", "peer ÷ kernel [95%]", "conversion"], rows: cells) + "</section>")
        }
        return parts.joined(separator: "\n")
    }

    /// The measured roofs in one line: copy bandwidth per level and thread count, and the FMA peaks.
    static func machineLine(_ run: RunResults) -> String {
        guard let roofs = run.roofs else { return "roofs not measured (--no-roofs)" }
        guard let table = roofs.bandwidths, !table.isEmpty else {
            return "roofs (legacy): memcpy \(UnitFormat.number(roofs.cacheBandwidthGBps)) GB/s in cache, "
                + "\(UnitFormat.number(roofs.memoryBandwidthGBps)) GB/s DRAM; sgemm \(UnitFormat.number(roofs.sgemmGFLOPS)) GFLOP/s"
        }
        let threads = Array(Set(table.map(\.threads))).sorted()
        let levels = (roofs.cacheLevels ?? []).map(\.name) + ["DRAM"]
        let bandwidth = levels.map { level in
            level + " " + threads.map { t in
                let best = table.filter { $0.level == level && $0.threads == t }.map(\.gigabytesPerSecond).max() ?? 0
                return UnitFormat.number(best)
            }.joined(separator: "/")
        }.joined(separator: ", ")
        let peaks = (roofs.computePeaks ?? []).map { "\(UnitFormat.number($0.gigaflopsPerSecond))" }.joined(separator: "/")
        return "Best stream bandwidth, GB/s on \(threads.map(String.init).joined(separator: "/")) thread(s): \(bandwidth); "
            + "fp32 FMA peak \(peaks) GFLOP/s; sgemm (1 thread) \(UnitFormat.number(roofs.sgemmGFLOPS)) GFLOP/s."
    }

    private static func bytes(_ value: Double) -> String {
        value >= 1_048_576 ? String(format: "%.1f MiB", value / 1_048_576) : String(format: "%.0f KiB", value / 1024)
    }

    private static func time(_ nanoseconds: Double) -> String { DurationText.string(nanoseconds: nanoseconds) }

    private static func table(caption: String, header: [String], rows: [[String]]) -> String {
        "<table><caption>\(XMLText.escape(caption))</caption>\n<thead><tr>" + header.map { "<th>\(XMLText.escape($0))</th>" }.joined()
            + "</tr></thead>\n<tbody>\n" + rows.map { "<tr>" + $0.map { "<td>\(XMLText.escape($0))</td>" }.joined() + "</tr>" }
            .joined(separator: "\n") + "\n</tbody></table>"
    }
}
