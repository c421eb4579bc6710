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
        let placed = run.benchmarks.filter { $0.variant != "reference" }.compactMap { result -> (BenchmarkResult, Double, Double)? in
            guard let t = result.throughput, let intensity = t.arithmeticIntensity, let gigaflops = t.gigaflopsPerSecond,
                  intensity > 0, gigaflops > 0 else { return nil }
            return (result, intensity, gigaflops)
        }
        guard !placed.isEmpty else { return nil }
        let sides = Self.labelSides(placed.map { ($0.1, $0.2, $0.0.id.count) })
        // Columns: intensity, GFLOP/s, the label's index, the kind (1 optimized, 2 peer, 0 other), the label's side.
        let points = zip(placed, sides).map { point, side -> String in
            let (result, intensity, gigaflops) = point
            return "\(PlotText.number(intensity)) \(PlotText.number(gigaflops)) \(strings.add(result.id).index) "
                + (result.variant == "optimized" ? "1" : result.variant.hasPrefix("peer") ? "2" : "0") + " \(side)"
        }
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
        // A clause per side that has labels: one whose every point is NaN makes gnuplot fail.
        let places: [(side: Int, offset: GnuplotScript)] = [(1, "0.8,0.5 left"), (-1, "-0.8,-0.5 right")]
        let labels = places.filter { sides.contains($0.side) }.map { side, offset -> GnuplotScript in
            "\(file) using 1:($5 == \(side) ? $2 : NaN):(S[int($3)]) with labels offset \(offset) font ',7' notitle"
        }
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
                 \(file) using 1:2:($4 == 1 ? 0x0969da : $4 == 2 ? 0x1a7f37 : 0x9a6700) with points pt 7 ps 1.2 lc rgb variable title 'benchmarks: blue optimized, green peer, brown other', \\
                 \(labels.joined(separator: ", \\\n     "))
            """
        return PlotSpec(name: "roofline", title: "Roofline", script: script, strings: strings,
                        dataFiles: [file.name: points.joined(separator: "\n") + "\n"])
    }

    /// Which side of its point each label goes (1 right and above, −1 left and below): the right unless that label
    /// would print over labels already placed and the left over fewer of them (other points are not considered). On these log axes (four decades of intensity over
    /// about 455 pixels, five of GFLOP/s over about 500) the 7-point font's characters are about 0.04 decades wide
    /// and its lines 0.075 decades high; the labels' offsets move them 0.8 characters aside and half a line up or down.
    static func labelSides(_ points: [(x: Double, y: Double, characters: Int)]) -> [Int] {
        let character = 0.04, line = 0.075
        func box(_ index: Int, _ side: Int) -> (start: Double, end: Double, line: Double) {
            let x = log10(points[index].x) + 0.8 * character * Double(side)
            let width = Double(points[index].characters) * character
            return (side > 0 ? x : x - width, side > 0 ? x + width : x, log10(points[index].y) + line / 2 * Double(side))
        }
        var sides: [Int] = []
        for index in points.indices {
            func collisions(_ side: Int) -> Int {
                let mine = box(index, side)
                return sides.indices.filter { other in
                    let theirs = box(other, sides[other])
                    return mine.start < theirs.end && theirs.start < mine.end && abs(mine.line - theirs.line) < line
                }.count
            }
            sides.append(collisions(1) > 0 && collisions(-1) < collisions(1) ? -1 : 1)
        }
        return sides
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
        // Horizontal bars, a benchmark a row, its label on the y axis: rotated under vertical bars, the first labels
        // ran off the image's left edge.
        let script: GnuplotScript = """
            set title "Share of the roof of each benchmark's own working set and thread count\\n(the larger of bandwidth and compute)"
            set style fill solid 0.7 border -1
            set xrange [0:\(top)]
            set yrange [\(rows.count):-1]
            set xlabel '% of roof'
            set ytics nomirror font ',8'
            set grid xtics
            set key off
            set arrow 1 from 100, graph 0 to 100, graph 1 nohead lc rgb '#cf222e' lw 2
            set label 1 'roof (100%)' at first 100, graph 1 offset -0.5,-0.8 right tc rgb '#cf222e' font ',8'
            plot \(file) using ($2 / 2):0:($2 / 2):(0.35):ytic(S[int($1)]) with boxxyerror lc rgb '#0969da'
            """
        return PlotSpec(name: "roof-shares", title: "Share of each benchmark's roof", script: script, strings: strings,
                        dataFiles: [file.name: rows.joined(separator: "\n") + "\n"],
                        height: max(PlotSpec.standardHeight, 160 + 16 * rows.count))
    }
}
