import CVectorLoops

/// The last step of fusion: metric = clamp(α·relative + β, 0.01, 100) over the whole relative map, on a vector path.
///
/// Bit-identical to the document's `max(0.01, min(alpha * rel + beta, 100.0))`: a multiply then an add (no fused
/// multiply-add), and the same NaN behaviour as Swift's `min`/`max` (a NaN relative value gives 0.01): the floor
/// first, then the cap (NaN fails `>` and becomes 0.01; where a value equals a bound, either is the same bits).
enum MetricApply {
    static func apply(
        alpha: Float, beta: Float, relative: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Float>,
        isa: VectorISA
    ) {
        precondition(output.count >= relative.count, "output smaller than the relative map")
        guard let source = relative.baseAddress, let destination = output.baseAddress else { return }
        fb_metric_apply(isa.code, alpha, beta, FusionConfig.outputRange.lowerBound, FusionConfig.outputRange.upperBound,
                        source, destination, relative.count)
    }
}
