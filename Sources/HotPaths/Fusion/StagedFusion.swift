/// A fusion split into the three stages that profiles time separately; ``fuse(_:into:)`` runs them in order, so the
/// stages together do exactly what the whole does.
public protocol StagedFusion: AnyObject {
    /// The fit of the last ``solve()``.
    var fit: FusionFit { get }
    /// Stage 1: filters the LiDAR pixels and samples the relative map at each kept one.
    func collectPairs(_ input: FusionInput)
    /// Stage 2: the least-squares fit of the collected pairs, with the document's guards.
    func solve()
    /// Stage 3: the metric map α·rel + β, clamped, into `output` (untouched when there is no fit).
    func apply(_ input: FusionInput, into output: UnsafeMutableBufferPointer<Float>)
}

extension StagedFusion {
    /// The whole fusion: pairs, fit, and the metric map into `output` (untouched when there is no fit).
    @discardableResult
    public func fuse(_ input: FusionInput, into output: UnsafeMutableBufferPointer<Float>) -> FusionFit {
        collectPairs(input)
        solve()
        apply(input, into: output)
        return fit
    }
}
