/// Depth fusion exactly as design document 001 §3 writes it: collect (relative, LiDAR) pairs at LiDAR pixel
/// locations, fit metric = α·relative + β by closed-form least squares in Float, apply it to the whole relative map.
///
/// The yardstick the optimized variants are checked and timed against; it allocates as the document does (the pair
/// array, the output map).
public enum ReferenceFusion {
    /// The document's `FusionResult`: the fit and, when there is one, the metric map (relative map's size).
    public struct Result: Sendable, Equatable {
        public let fit: FusionFit
        public let depthMap: [Float]?
    }

    /// Fits metric = α·relative + β on the valid (relative, LiDAR) pairs and applies it to the whole relative map,
    /// clamped to [0.01, 100] m; `depthMap` is nil when the document's guards refuse the fit (too few pairs, α outside
    /// (0.01, 100), a β that is not finite).
    public static func fuse(_ input: FusionInput, config: FusionConfig = FusionConfig()) -> Result {
        let lidarWidth = input.lidarWidth, lidarHeight = input.lidarHeight
        let daWidth = input.relativeWidth, daHeight = input.relativeHeight
        var pairs: [(rel: Float, abs: Float)] = []

        for ly in 0..<lidarHeight {
            for lx in 0..<lidarWidth {
                let idx = ly * lidarWidth + lx
                let lidarDepth = input.lidarDepth[idx]
                let confidence = input.confidence?[idx] ?? 2
                guard confidence >= config.minConfidence,
                      lidarDepth > config.minDepth,
                      lidarDepth < config.maxDepth,
                      lidarDepth.isFinite else { continue }

                let normX = Float(lx) / Float(lidarWidth - 1)
                let normY = Float(ly) / Float(lidarHeight - 1)
                let daX = normX * Float(daWidth - 1)
                let daY = normY * Float(daHeight - 1)
                let relDepth = bilinearSample(input.relative, x: daX, y: daY, width: daWidth, height: daHeight)
                guard relDepth.isFinite, relDepth > 0 else { continue }
                pairs.append((rel: relDepth, abs: lidarDepth))
            }
        }

        let fit = FusionFit.judged(pairs: pairs.count) { leastSquaresFit(pairs) }
        guard case let .fit(alpha, beta, _) = fit else { return Result(fit: fit, depthMap: nil) }

        var metricDepth = [Float](repeating: 0, count: daWidth * daHeight)
        for y in 0..<daHeight {
            for x in 0..<daWidth {
                let rel = input.relative[y * daWidth + x]
                metricDepth[y * daWidth + x] = max(0.01, min(alpha * rel + beta, 100.0))
            }
        }
        return Result(fit: fit, depthMap: metricDepth)
    }

    /// The document's sampler: `Int(x)` truncates (x ≥ 0 here, so it is the floor); the right and bottom
    /// neighbours are clamped to the last column and row.
    static func bilinearSample(_ array: [Float], x: Float, y: Float, width: Int, height: Int) -> Float {
        let x0 = Int(x), y0 = Int(y)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let fx = x - Float(x0), fy = y - Float(y0)

        let v00 = array[y0 * width + x0]
        let v10 = array[y0 * width + x1]
        let v01 = array[y1 * width + x0]
        let v11 = array[y1 * width + x1]

        return v00 * (1 - fx) * (1 - fy) + v10 * fx * (1 - fy) + v01 * (1 - fx) * fy + v11 * fx * fy
    }

    /// The document's closed form in Float; a degenerate system (|denominator| ≤ 1e-10, e.g. a constant relative
    /// map) returns its fallback (α 1, β 0), which then passes the α/β guards.
    static func leastSquaresFit(_ pairs: [(rel: Float, abs: Float)]) -> (alpha: Float, beta: Float) {
        let n = Float(pairs.count)
        var sumX: Float = 0, sumY: Float = 0, sumXY: Float = 0, sumX2: Float = 0

        for p in pairs {
            sumX += p.rel; sumY += p.abs
            sumXY += p.rel * p.abs; sumX2 += p.rel * p.rel
        }

        let denom = n * sumX2 - sumX * sumX
        guard abs(denom) > 1e-10 else { return (1.0, 0.0) }

        let alpha = (n * sumXY - sumX * sumY) / denom
        let beta = (sumY * sumX2 - sumX * sumXY) / denom
        return (alpha, beta)
    }
}
