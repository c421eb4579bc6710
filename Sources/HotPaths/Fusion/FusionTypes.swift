/// The parameters of depth fusion (design document 001 §3, `DepthFusion.Config` and the guards of `fuse`).
public struct FusionConfig: Sendable, Equatable {
    /// LiDAR depths must be strictly above this (metres).
    public var minDepth: Float
    /// LiDAR depths must be strictly below this (metres).
    public var maxDepth: Float
    /// Lowest ARKit confidence kept (0 low, 1 medium, 2 high).
    public var minConfidence: UInt8

    /// Fewer pairs than this: no fit.
    public static let minimumPairs = 20
    /// The fit is accepted only for α strictly inside these bounds.
    public static let alphaBounds: (lower: Float, upper: Float) = (0.01, 100)
    /// The confidence of every pixel when no confidence map is given (the document's `confPtr?[idx] ?? 2`).
    public static let implicitConfidence: UInt8 = 2
    /// Metric output is clamped to this range.
    public static let outputRange: ClosedRange<Float> = 0.01...100

    public init(minDepth: Float = 0.1, maxDepth: Float = 4.0, minConfidence: UInt8 = 2) {
        self.minDepth = minDepth
        self.maxDepth = maxDepth
        self.minConfidence = minConfidence
    }
}

/// One fusion problem: a LiDAR frame (metric depth and optional confidence) and a relative-depth map, row-major.
///
/// Without a confidence map every pixel counts as confidence 2 (the document's `confPtr?[idx] ?? 2`).
public struct FusionInput: Sendable {
    public let lidarDepth: [Float]
    public let confidence: [UInt8]?
    public let lidarWidth: Int
    public let lidarHeight: Int
    public let relative: [Float]
    public let relativeWidth: Int
    public let relativeHeight: Int

    /// - Precondition: the LiDAR map is at least 2×2 (the document divides by `width − 1` and `height − 1`), the
    ///   relative map at least 1×1, and every buffer holds exactly width × height values.
    public init(
        lidarDepth: [Float], confidence: [UInt8]?, lidarWidth: Int, lidarHeight: Int,
        relative: [Float], relativeWidth: Int, relativeHeight: Int
    ) {
        precondition(lidarWidth >= 2 && lidarHeight >= 2, "the LiDAR map must be at least 2x2")
        precondition(relativeWidth >= 1 && relativeHeight >= 1, "the relative map must not be empty")
        precondition(lidarDepth.count == lidarWidth * lidarHeight, "LiDAR depth does not match its size")
        precondition(confidence.map { $0.count == lidarDepth.count } ?? true, "confidence does not match the LiDAR map")
        precondition(relative.count == relativeWidth * relativeHeight, "relative map does not match its size")
        self.lidarDepth = lidarDepth
        self.confidence = confidence
        self.lidarWidth = lidarWidth
        self.lidarHeight = lidarHeight
        self.relative = relative
        self.relativeWidth = relativeWidth
        self.relativeHeight = relativeHeight
    }
}

/// Why fusion produced no metric map.
public enum FusionNoFitReason: Sendable, Equatable, CustomStringConvertible {
    /// Fewer valid (LiDAR, relative) pairs than ``FusionConfig/minimumPairs``.
    case tooFewPairs(pairs: Int)
    /// α outside (0.01, 100), or NaN. A disparity-like relative map (larger is nearer) ends here with α < 0.
    case alphaOutOfRange(alpha: Float, pairs: Int)
    /// β is NaN or infinite.
    case betaNotFinite(beta: Float, pairs: Int)

    /// Pairs that entered the fit.
    public var pairs: Int {
        switch self {
        case let .tooFewPairs(pairs), let .alphaOutOfRange(_, pairs), let .betaNotFinite(_, pairs): return pairs
        }
    }

    public var description: String {
        switch self {
        case let .tooFewPairs(pairs): return "too few pairs: \(pairs) < \(FusionConfig.minimumPairs)"
        case let .alphaOutOfRange(alpha, _):
            return "alpha out of range: \(alpha) not in (\(FusionConfig.alphaBounds.lower), \(FusionConfig.alphaBounds.upper))"
        case let .betaNotFinite(beta, _): return "beta not finite: \(beta)"
        }
    }
}

/// The outcome of the fit metric = α·relative + β: the parameters, or no fit and why (never placeholder numbers).
public enum FusionFit: Sendable, Equatable {
    case fit(alpha: Float, beta: Float, pairs: Int)
    case noFit(FusionNoFitReason)

    /// Pairs that entered the fit, whatever the outcome.
    public var pairs: Int {
        switch self {
        case let .fit(_, _, pairs): return pairs
        case let .noFit(reason): return reason.pairs
        }
    }

    /// The document's degenerate case, |n·Σx² − (Σx)²| ≤ 1e-10, for solvers in Double: also when the relative
    /// values' spread is within the rounding of the Float map they were sampled from (4 ulps of their mean). A
    /// constant map of 2.7 samples to values a few ulps apart; Double sums then fitted that rounding (α −4.65,
    /// "no fit"), where the document's guard means such a map to give (1, 0).
    /// - Parameters:
    ///   - determinant: n·Σx² − (Σx)², i.e. n² times the variance of the relative values.
    static func isDegenerate(determinant: Double, pairs: Int, sumX: Double) -> Bool {
        guard abs(determinant) > 1e-10 else { return true }
        let n = Double(pairs), rounding = 4 * Double(Float.ulpOfOne) * abs(sumX / n)
        return determinant / (n * n) <= rounding * rounding
    }

    /// Whether relative values spanning `range` are one constant up to the rounding of the Float map they were
    /// sampled from: a spread within 4 ulps of their mean.
    static func isWithinRounding(_ range: ClosedRange<Float>, mean: Double) -> Bool {
        Double(range.upperBound) - Double(range.lowerBound) <= 4 * Double(Float.ulpOfOne) * abs(mean)
    }

    /// Applies the document's guards, in its order: the pair count first, then α ∈ (0.01, 100) and a finite β.
    /// - Parameter solve: the least-squares solver, called only when there are enough pairs.
    static func judged(pairs: Int, solve: () -> (alpha: Float, beta: Float)) -> FusionFit {
        guard pairs >= FusionConfig.minimumPairs else { return .noFit(.tooFewPairs(pairs: pairs)) }
        let (alpha, beta) = solve()
        guard alpha > FusionConfig.alphaBounds.lower, alpha < FusionConfig.alphaBounds.upper else {
            return .noFit(.alphaOutOfRange(alpha: alpha, pairs: pairs))
        }
        guard beta.isFinite else { return .noFit(.betaNotFinite(beta: beta, pairs: pairs)) }
        return .fit(alpha: alpha, beta: beta, pairs: pairs)
    }
}
