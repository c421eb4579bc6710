import Results

/// Keeps the promise that no benchmark is above its roof: a roof is a measured best, and a benchmark that beats it
/// shows that the roof's cell was measured while the machine was busier than during the benchmark.
public enum RoofCheck {
    /// Re-measures, once, the (level, threads) cells that some benchmark beat, keeps the better figures and
    /// re-annotates; a benchmark still above its roof is named in a run warning (never clipped to 100%).
    public static func settle(_ run: RunResults, meter: RoofMeter) -> RunResults {
        guard let roofs = run.roofs, roofs.bandwidths != nil else { return run }
        let beaten = Roofline.exceedingRoof(run)
        guard !beaten.isEmpty else { return run }
        var cells: [(level: String, threads: Int)] = []
        for result in beaten {
            guard let level = result.throughput?.roofLevel, let threads = result.throughput?.roofThreads,
                  !cells.contains(where: { $0.level == level && $0.threads == threads }) else { continue }
            cells.append((level, threads))
        }
        var settled = run
        settled.roofs = meter.remeasure(roofs, cells: cells)
        settled.roofs?.method += "; re-measured after the run: "
            + cells.map { "\($0.level) on \($0.threads) thread(s)" }.joined(separator: ", ")
        settled = Roofline.annotate(settled)
        let still = Roofline.exceedingRoof(settled)
        if !still.isEmpty {
            settled.warnings.append("above its roof after re-measuring the roof (the machine was busier while the "
                + "roofs were measured): " + still.map(\.id).joined(separator: ", "))
        }
        return settled
    }
}
