/// Depth fusion in one pass and no allocation per frame: the pair collection accumulates the sums of the fit as
/// it goes (eight LiDAR pixels per step, no pair stored), the fit is the closed form over those sums, the apply
/// pass is vectorized. Tables and state are allocated once, for one pair of map sizes.
///
/// Same pairs as ``ReferenceFusion`` (the samples are bit-identical); α and β agree to Float rounding of the
/// document's Float sums (the sums here are exact to Double precision).
public final class OptimizedFusion: @unchecked Sendable {
    public let config: FusionConfig
    private let geometry: FusionGeometry
    /// The sums of the last ``collectPairs(_:)``.
    public private(set) var sums = FusionSums()
    /// The outcome of the last ``solve()``.
    public private(set) var fit = FusionFit.noFit(.tooFewPairs(pairs: 0))

    /// Prepares the sampling tables for inputs of these sizes.
    public init(config: FusionConfig = FusionConfig(), lidarWidth: Int, lidarHeight: Int,
                relativeWidth: Int, relativeHeight: Int) {
        self.config = config
        geometry = FusionGeometry(lidarWidth: lidarWidth, lidarHeight: lidarHeight,
                                  relativeWidth: relativeWidth, relativeHeight: relativeHeight)
    }

    /// The whole fusion: pairs, fit, and the metric map into `output` (untouched when there is no fit).
    @discardableResult
    public func fuse(_ input: FusionInput, into output: UnsafeMutableBufferPointer<Float>) -> FusionFit {
        collectPairs(input)
        solve()
        apply(input, into: output)
        return fit
    }

    /// Stage 1: filters LiDAR pixels, samples the relative map at each, and accumulates the sums of the kept pairs.
    public func collectPairs(_ input: FusionInput) {
        precondition(geometry.matches(input), "input sizes differ from the ones this fusion was prepared for")
        var total = FusionSums()
        input.lidarDepth.withUnsafeBufferPointer { depth in
            input.relative.withUnsafeBufferPointer { relative in
                if let confidence = input.confidence {
                    confidence.withUnsafeBufferPointer { confidence in
                        accumulate(depth: depth, confidence: confidence.baseAddress, relative: relative, into: &total)
                    }
                } else if FusionConfig.implicitConfidence >= config.minConfidence {
                    accumulate(depth: depth, confidence: nil, relative: relative, into: &total)
                }
            }
        }
        sums = total
    }

    /// Stage 2: the closed-form fit over the sums, judged by the document's guards.
    public func solve() {
        fit = FusionFit.judged(pairs: sums.pairs) { sums.solve() }
    }

    /// Stage 3: writes clamp(α·relative + β) into `output` when the last fit succeeded.
    public func apply(_ input: FusionInput, into output: UnsafeMutableBufferPointer<Float>) {
        guard case let .fit(alpha, beta, _) = fit else { return }
        input.relative.withUnsafeBufferPointer { relative in
            MetricApply.apply(alpha: alpha, beta: beta, relative: relative, into: output)
        }
    }

    private func accumulate(depth: UnsafeBufferPointer<Float>, confidence: UnsafePointer<UInt8>?,
                            relative: UnsafeBufferPointer<Float>, into total: inout FusionSums) {
        let sampler = PairSampler(geometry: geometry, config: config, relative: relative.baseAddress!)
        for ly in 0..<geometry.lidarHeight {
            let row = ly * geometry.lidarWidth
            let rowSums = sampler.row(ly, depth: depth.baseAddress! + row, confidence: confidence.map { $0 + row })
            total.pairs += rowSums.pairs
            total.sumX += rowSums.sumX
            total.sumY += rowSums.sumY
            total.sumXY += rowSums.sumXY
            total.sumX2 += rowSums.sumX2
        }
    }
}
