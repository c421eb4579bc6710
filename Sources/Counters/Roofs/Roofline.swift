import Results

/// The roofline model: how far a benchmark is from the machine's limits, and which limit binds it.
///
/// Pure: rates are work over the median time; percentages are of the measured roofs; the bound is decided by the
/// arithmetic intensity (flops per byte) against the ridge point (compute roof / memory roof). A benchmark that
/// declares only bytes is memory-bound by definition, one that declares only flops compute-bound.
public enum Roofline {
    /// The throughput of a benchmark.
    /// - Parameters:
    ///   - bytesPerIteration: bytes read + written per iteration (nil when not declared).
    ///   - flopsPerIteration: floating-point operations per iteration.
    ///   - medianNanoseconds: median time of one iteration (> 0).
    ///   - roofs: the machine's roofs, or nil (rates are then given, percentages and bound not).
    /// - Returns: nil when the benchmark declares no work.
    public static func throughput(
        bytesPerIteration: Double?, flopsPerIteration: Double?, medianNanoseconds: Double, roofs: MachineRoofs?
    ) -> Throughput? {
        guard bytesPerIteration != nil || flopsPerIteration != nil else { return nil }
        guard medianNanoseconds > 0, medianNanoseconds.isFinite else {
            return Throughput(bytesPerIteration: bytesPerIteration, flopsPerIteration: flopsPerIteration)
        }
        // bytes per nanosecond = GB/s; flops per nanosecond = GFLOP/s.
        let gigabytes = bytesPerIteration.map { $0 / medianNanoseconds }
        let gigaflops = flopsPerIteration.map { $0 / medianNanoseconds }
        var result = Throughput(bytesPerIteration: bytesPerIteration, flopsPerIteration: flopsPerIteration,
                                gigabytesPerSecond: gigabytes, gigaflopsPerSecond: gigaflops)
        if let bytes = bytesPerIteration, let flops = flopsPerIteration, bytes > 0 {
            result.arithmeticIntensity = flops / bytes
        }
        guard let roofs else { return result }
        result.percentOfMemoryRoof = gigabytes.flatMap { percent($0, of: roofs.memoryBandwidthGBps) }
        result.percentOfCacheRoof = gigabytes.flatMap { percent($0, of: roofs.cacheBandwidthGBps) }
        result.percentOfComputeRoof = gigaflops.flatMap { percent($0, of: roofs.sgemmGFLOPS) }
        result.bound = bound(intensity: result.arithmeticIntensity, declaresBytes: bytesPerIteration != nil,
                             declaresFlops: flopsPerIteration != nil, roofs: roofs)
        return result
    }

    /// Flops per byte at which the memory roof meets the compute roof.
    public static func ridgePoint(_ roofs: MachineRoofs) -> Double? {
        roofs.memoryBandwidthGBps > 0 ? roofs.sgemmGFLOPS / roofs.memoryBandwidthGBps : nil
    }

    /// `memory` or `compute`.
    static func bound(intensity: Double?, declaresBytes: Bool, declaresFlops: Bool, roofs: MachineRoofs) -> String? {
        switch (declaresBytes, declaresFlops) {
        case (true, false): return "memory"
        case (false, true): return "compute"
        case (true, true):
            guard let intensity, let ridge = ridgePoint(roofs) else { return declaresFlops ? "compute" : nil }
            return intensity < ridge ? "memory" : "compute"
        case (false, false): return nil
        }
    }

    private static func percent(_ achieved: Double, of roof: Double) -> Double? {
        roof > 0 ? 100 * achieved / roof : nil
    }

    /// Fills the throughput of every benchmark of `run` from its median and `run.roofs`. Idempotent.
    public static func annotate(_ run: RunResults) -> RunResults {
        var run = run
        for index in run.benchmarks.indices {
            let result = run.benchmarks[index]
            guard let declared = result.throughput else { continue }
            run.benchmarks[index].throughput = throughput(
                bytesPerIteration: declared.bytesPerIteration, flopsPerIteration: declared.flopsPerIteration,
                medianNanoseconds: result.statistics.median, roofs: run.roofs) ?? declared
        }
        return run
    }
}
