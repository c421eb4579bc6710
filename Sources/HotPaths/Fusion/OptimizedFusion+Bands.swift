/// The row bands of ``OptimizedFusion``'s two parallel passes.
extension OptimizedFusion {
    /// One frame's input views for the pair collection (valid for the duration of one job).
    struct PairFrame {
        let depth: UnsafePointer<Float>
        let confidence: UnsafePointer<UInt8>?
        let relative: UnsafePointer<Float>
    }

    /// One frame's fit and views for the apply pass.
    struct ApplyFrame {
        let alpha: Float, beta: Float
        let relative: UnsafeBufferPointer<Float>
        let output: UnsafeMutableBufferPointer<Float>
    }

    /// Runs the bands, then adds the row sums up in row order on the caller: the same additions in the same order
    /// as a serial pass, whichever thread ran which band.
    func collect(_ frame: PairFrame) {
        pairJob.run(on: pool, chunks: pairBands, with: frame)
        var total = FusionSums()
        for row in rowSums {
            total.pairs += row.pairs
            total.sumX += row.sumX
            total.sumY += row.sumY
            total.sumXY += row.sumXY
            total.sumX2 += row.sumX2
        }
        sums = total.needsExactPass ? exactSums(frame) : total
    }

    /// Every pair again, one pixel at a time on the caller, with the range of the relative values: for a map whose
    /// values (almost) do not vary, which the vector passes' Float lane sums cannot tell from a constant. Never on
    /// a real scene's map (a spread of over 1% of its mean), so it costs nothing there.
    func exactSums(_ frame: PairFrame) -> FusionSums {
        let sampler = PairSampler(geometry: geometry, config: config, relative: frame.relative, isa: isa)
        let width = geometry.lidarWidth
        var sums = FusionSums()
        var range = (lower: Float.infinity, upper: -Float.infinity)
        for ly in 0..<geometry.lidarHeight {
            sampler.exactRow(ly, depth: frame.depth + ly * width, confidence: frame.confidence.map { $0 + ly * width },
                             into: &sums, range: &range)
        }
        if sums.pairs > 0 { sums.relativeRange = range.lower...range.upper }
        return sums
    }

    func collectBand(_ band: Int, _ frame: PairFrame, worker: Int) {
        let sampler = PairSampler(geometry: geometry, config: config, relative: frame.relative, isa: isa)
        let width = geometry.lidarWidth
        let base = pairLanes.baseAddress! + 12 * width * worker
        let lanes = PairLanes(x: base.assumingMemoryBound(to: Float.self),
                              y: (base + 4 * width).assumingMemoryBound(to: Float.self),
                              count: (base + 8 * width).assumingMemoryBound(to: Int32.self))
        for ly in RowBands.rows(of: band, bands: pairBands, height: geometry.lidarHeight) {
            let row = ly * width
            rowSums[ly] = sampler.row(ly, depth: frame.depth + row, confidence: frame.confidence.map { $0 + row },
                                      lanes: lanes)
        }
    }

    /// Output rows of one band; values are independent, so any split gives the same map.
    func applyBand(_ band: Int, _ frame: ApplyFrame) {
        let width = geometry.relativeWidth
        let rows = RowBands.rows(of: band, bands: applyBands, height: geometry.relativeHeight)
        let elements = (rows.lowerBound * width)..<(rows.upperBound * width)
        MetricApply.apply(alpha: frame.alpha, beta: frame.beta,
                          relative: UnsafeBufferPointer(rebasing: frame.relative[elements]),
                          into: UnsafeMutableBufferPointer(rebasing: frame.output[elements]), isa: isa)
    }
}
