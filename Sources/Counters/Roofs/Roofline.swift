import Results

/// The roofline model: how far a benchmark is from the machine's limits, and which limit binds it.
///
/// Pure: rates are work over the median time; percentages are of the roof of the benchmark's own working set and
/// thread count (``RoofSelection``); the bound is decided by the arithmetic intensity (flops per byte) against the
/// ridge point (compute roof / that bandwidth roof). A benchmark that declares only bytes is memory-bound by
/// definition, one that declares only flops compute-bound. Results files without per-level roofs (written before
/// they existed) are read against their one-thread DRAM memcpy, L2 memcpy and sgemm figures, as they were then.
public enum Roofline {
    /// The throughput of a benchmark.
    /// - Parameters:
    ///   - bytesPerIteration: bytes read + written per iteration (nil when not declared).
    ///   - flopsPerIteration: floating-point operations per iteration.
    ///   - workingSetBytes: distinct bytes touched per iteration (nil: `bytesPerIteration`).
    ///   - threads: threads the kernel runs on.
    ///   - medianNanoseconds: median time of one iteration (> 0).
    ///   - roofs: the machine's roofs, or nil (rates are then given, percentages and bound not).
    /// - Returns: nil when the benchmark declares no work.
    public static func throughput(
        bytesPerIteration: Double?, flopsPerIteration: Double?, workingSetBytes: Double? = nil, threads: Int = 1,
        medianNanoseconds: Double, roofs: MachineRoofs?
    ) -> Throughput? {
        guard bytesPerIteration != nil || flopsPerIteration != nil else { return nil }
        var result = Throughput(bytesPerIteration: bytesPerIteration, flopsPerIteration: flopsPerIteration,
                                workingSetBytes: workingSetBytes)
        guard medianNanoseconds > 0, medianNanoseconds.isFinite else { return result }
        // bytes per nanosecond = GB/s; flops per nanosecond = GFLOP/s.
        result.gigabytesPerSecond = bytesPerIteration.map { $0 / medianNanoseconds }
        result.gigaflopsPerSecond = flopsPerIteration.map { $0 / medianNanoseconds }
        if let bytes = bytesPerIteration, let flops = flopsPerIteration, bytes > 0 {
            result.arithmeticIntensity = flops / bytes
        }
        guard let roofs else { return result }
        let workingSet = workingSetBytes ?? bytesPerIteration ?? 0
        if let applied = RoofSelection.roof(workingSetBytes: workingSet, threads: threads, roofs: roofs) {
            apply(applied, to: &result)
        } else {
            applyLegacy(roofs, to: &result)
        }
        return result
    }

    private static func apply(_ roof: AppliedRoof, to result: inout Throughput) {
        result.roofLevel = roof.level
        result.roofThreads = roof.threads
        result.roofKind = roof.kind
        result.roofGigabytesPerSecond = roof.gigabytesPerSecond
        result.roofGigaflopsPerSecond = roof.gigaflopsPerSecond
        result.percentOfMemoryRoof = result.gigabytesPerSecond.flatMap { percent($0, of: roof.gigabytesPerSecond) }
        result.percentOfComputeRoof = result.gigaflopsPerSecond.flatMap { gigaflops in
            roof.gigaflopsPerSecond.flatMap { percent(gigaflops, of: $0) }
        }
        let ridge = roof.gigaflopsPerSecond.map { $0 / roof.gigabytesPerSecond }
        result.bound = bound(intensity: result.arithmeticIntensity, declaresBytes: result.bytesPerIteration != nil,
                             declaresFlops: result.flopsPerIteration != nil, ridge: ridge)
    }

    private static func applyLegacy(_ roofs: MachineRoofs, to result: inout Throughput) {
        result.percentOfMemoryRoof = result.gigabytesPerSecond.flatMap { percent($0, of: roofs.memoryBandwidthGBps) }
        result.percentOfCacheRoof = result.gigabytesPerSecond.flatMap { percent($0, of: roofs.cacheBandwidthGBps) }
        result.percentOfComputeRoof = result.gigaflopsPerSecond.flatMap { percent($0, of: roofs.sgemmGFLOPS) }
        result.bound = bound(intensity: result.arithmeticIntensity, declaresBytes: result.bytesPerIteration != nil,
                             declaresFlops: result.flopsPerIteration != nil, ridge: ridgePoint(roofs))
    }

    /// Flops per byte at which the one-thread DRAM memcpy roof meets the sgemm roof (files without per-level roofs).
    public static func ridgePoint(_ roofs: MachineRoofs) -> Double? {
        roofs.memoryBandwidthGBps > 0 ? roofs.sgemmGFLOPS / roofs.memoryBandwidthGBps : nil
    }

    /// `memory` or `compute`.
    static func bound(intensity: Double?, declaresBytes: Bool, declaresFlops: Bool, ridge: Double?) -> RooflineBound? {
        switch (declaresBytes, declaresFlops) {
        case (true, false): return .memory
        case (false, true): return .compute
        case (true, true):
            guard let intensity, let ridge else { return .compute }
            return intensity < ridge ? .memory : .compute
        case (false, false): return nil
        }
    }

    private static func percent(_ achieved: Double, of roof: Double) -> Double? {
        roof > 0 ? 100 * achieved / roof : nil
    }

    /// Fills the throughput of every benchmark of `run` from its median and `run.roofs`. Idempotent. The median
    /// is the one every table reports (``Results/BenchmarkResult/reported(_:runID:)``): of a merged result, the runs'
    /// geometric mean, not the pooled samples' median (12% apart in one gate, and the roofs disagreed with the table).
    public static func annotate(_ run: RunResults) -> RunResults {
        var run = run
        for index in run.benchmarks.indices {
            let result = run.benchmarks[index]
            guard let declared = result.throughput else { continue }
            let median = result.reported(.median, runID: run.runID).value
            run.benchmarks[index].throughput = (throughput(
                bytesPerIteration: declared.bytesPerIteration, flopsPerIteration: declared.flopsPerIteration,
                workingSetBytes: declared.workingSetBytes, threads: result.threads,
                medianNanoseconds: median, roofs: run.roofs) ?? declared)
                .withItems(declared.itemsPerIteration, name: declared.itemName, medianNanoseconds: median)
        }
        return run
    }

    /// Benchmarks whose achieved rate is above the roof applied to them: their roof cell was measured while the
    /// machine was busier than during the benchmark (``RoofMeter/remeasure(_:cells:)`` re-measures it).
    public static func exceedingRoof(_ run: RunResults) -> [BenchmarkResult] {
        run.benchmarks.filter { result in
            guard let throughput = result.throughput else { return false }
            return (throughput.percentOfMemoryRoof ?? 0) > 100 || (throughput.percentOfComputeRoof ?? 0) > 100
        }
    }
}
