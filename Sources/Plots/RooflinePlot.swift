import Budgets
import Foundation
import Results

/// The run's roofline: every benchmark that declares flops and bytes placed at its arithmetic intensity and
/// achieved GFLOP/s under the ceilings of each memory level (one thread and every core, the best stream of the
/// level) and the fp32 FMA peaks; and, for every benchmark with a roof, its share of that roof as bars (memory-only
/// kernels have no intensity to place on a roofline). Drawn only when the run has per-level roofs.
public struct RooflinePlot: PlotKind {
    public init() {}

    public func plots(for input: PlotInput) -> [PlotSpec] {
        guard let roofs = input.run.roofs, let table = roofs.bandwidths, !table.isEmpty else { return [] }
        return [roofline(input.run, roofs, table), shares(input.run)].compactMap { $0 }
    }

    /// Best bandwidth per (level, threads), in level order then thread order.
    static func ceilings(_ roofs: MachineRoofs, _ table: [BandwidthRoof]) -> [(label: String, threads: Int, gigabytes: Double)] {
        let levels = (roofs.cacheLevels ?? []).map(\.name) + ["DRAM"]
        let threads = Array(Set(table.map(\.threads))).sorted()
        return levels.flatMap { level in
            threads.compactMap { t in
                table.filter { $0.level == level && $0.threads == t }.map(\.gigabytesPerSecond).max().map { (level, t, $0) }
            }
        }
    }

    private func roofline(_ run: RunResults, _ roofs: MachineRoofs, _ table: [BandwidthRoof]) -> PlotSpec? {
        var strings = PlotStrings()
        // The references are orders of magnitude off and would bury the labels of what is compared.
        let points = run.benchmarks.filter { $0.variant != "reference" }.compactMap { result -> String? in
            guard let t = result.throughput, let intensity = t.arithmeticIntensity, let gigaflops = t.gigaflopsPerSecond,
                  intensity > 0, gigaflops > 0 else { return nil }
            return "\(PlotText.number(intensity)) \(PlotText.number(gigaflops)) \(strings.add(result.id).index) "
                + (result.variant == "optimized" ? "1" : result.variant.hasPrefix("peer") ? "2" : "0")
        }
        guard !points.isEmpty else { return nil }
        let peaks = (roofs.computePeaks ?? []).sorted { $0.threads < $1.threads }
        let peakOf = { (threads: Int) in peaks.filter { $0.threads <= threads }.map(\.gigaflopsPerSecond).max() ?? roofs.sgemmGFLOPS }
        let palette: [UInt32] = [0x0969DA, 0x1A7F37, 0x9A6700, 0x8250DF, 0xCF222E, 0x57606A]
        let ceilings = Self.ceilings(roofs, table).enumerated().map { index, ceiling -> GnuplotScript in
            let dash: GnuplotScript = ceiling.threads == 1 ? "dt 1" : "dt 2"
            let title = strings.add("\(ceiling.label), \(ceiling.threads) thr: \(UnitFormat.number(ceiling.gigabytes)) GB/s")
            return "roof(x, \(ceiling.gigabytes), \(peakOf(ceiling.threads))) with lines lw 1.5 "
                + "\(dash) lc rgb \(PlotColour(palette[(index / 2) % palette.count])) title \(title)"
        }
        let file = DataFileName("roofline.dat")
        let script: GnuplotScript = """
            set title 'Roofline: achieved GFLOP/s against arithmetic intensity, under each level''s ceiling'
            set logscale xy
            set xlabel 'arithmetic intensity (flop/byte)'
            set ylabel 'GFLOP/s'
            set grid
            set key outside right font ',8'
            set xrange [0.01:100]
            roof(x, b, p) = (b * x < p) ? b * x : p
            set samples 400
            plot \(ceilings.joined(separator: ", \\\n     ")), \\
                 \(file) using 1:2:($4 == 1 ? 0x0969da : $4 == 2 ? 0x1a7f37 : 0x9a6700) with points pt 7 ps 1.2 lc rgb variable title 'benchmarks (blue optimized, green peer)', \\
                 \(file) using 1:2:(S[int($3)]) with labels offset 0.8,0.5 left font ',7' notitle
            """
        return PlotSpec(name: "roofline", title: "Roofline", script: script, strings: strings,
                        dataFiles: [file.name: points.joined(separator: "\n") + "\n"])
    }

    private func shares(_ run: RunResults) -> PlotSpec? {
        var strings = PlotStrings()
        var highest = 0.0
        let rows = run.benchmarks.compactMap { result -> String? in
            guard let t = result.throughput, t.roofLevel != nil,
                  let share = [t.percentOfMemoryRoof, t.percentOfComputeRoof].compactMap({ $0 }).max() else { return nil }
            highest = max(highest, share.isFinite ? share : 0)
            let label = "\(result.id) (\(t.roofLevel!), \(t.roofThreads ?? result.threads) thr)"
            return "\(strings.add(label).index) \(PlotText.number(share))"
        }
        guard !rows.isEmpty else { return nil }
        // Tall enough for a share above its roof, which the reports warn of and must not clip (a 160% bar ended at 110).
        let top = max(110, (highest * 1.1).rounded(.up))
        let file = DataFileName("roof-shares.dat")
        let script: GnuplotScript = """
            set title 'Share of the roof of each benchmark''s own working set and thread count (the larger of bandwidth and compute)'
            set style data histograms
            set style fill solid 0.7 border -1
            set yrange [0:\(top)]
            set ylabel '% of roof'
            set xtics rotate by 45 right font ',8'
            set grid ytics
            set key off
            set label 1 'roof (100%)' at graph 0.01, first 100 offset 0,0.6 tc rgb '#cf222e' font ',8'
            plot \(file) using 2:xtic(S[int($1)]) lc rgb '#0969da', 100 with lines lc rgb '#cf222e' lw 2 notitle
            """
        return PlotSpec(name: "roof-shares", title: "Share of each benchmark's roof", script: script, strings: strings,
                        dataFiles: [file.name: rows.joined(separator: "\n") + "\n"])
    }
}
