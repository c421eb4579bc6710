/// The last step of fusion: metric = clamp(α·relative + β, 0.01, 100) over the whole relative map, sixteen lanes at
/// a time.
///
/// Bit-identical to the document's `max(0.01, min(alpha * rel + beta, 100.0))`: a multiply then an add (no fused
/// multiply-add), and the same NaN behaviour as Swift's `min`/`max` (a NaN relative value gives 0.01).
enum MetricApply {
    static func apply(
        alpha: Float, beta: Float, relative: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Float>
    ) {
        precondition(output.count >= relative.count, "output smaller than the relative map")
        guard let source = relative.baseAddress, let destination = output.baseAddress else { return }
        let count = relative.count
        let low = FusionConfig.outputRange.lowerBound, high = FusionConfig.outputRange.upperBound
        let a = SIMD16<Float>(repeating: alpha), b = SIMD16<Float>(repeating: beta)
        let lows = SIMD16<Float>(repeating: low), highs = SIMD16<Float>(repeating: high)
        let raw = UnsafeRawPointer(source), rawOut = UnsafeMutableRawPointer(destination)
        var i = 0
        while i + 16 <= count {
            let value = a * raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<Float>.self) + b
            // The floor first, then the cap: for every value, NaN and ±∞ included, the same bits as max(0.01, min(·, 100))
            // (NaN fails `>` and becomes 0.01; where a value equals a bound, either is the same bits), and each step is
            // one SSE `maxps`/`minps` writing over its own operand (the other order needs a register copy per vector).
            let floored = lows.replacing(with: value, where: value .> lows)
            let clamped = highs.replacing(with: floored, where: floored .< highs)
            rawOut.storeBytes(of: clamped, toByteOffset: i * 4, as: SIMD16<Float>.self)
            i += 16
        }
        while i < count {
            destination[i] = Swift.max(low, Swift.min(alpha * source[i] + beta, high))
            i += 1
        }
    }
}
