/// Depth fusion in one pass and no allocation per frame: the pair collection accumulates the sums of the fit as
/// it goes (eight LiDAR pixels per step, sixteen on AVX-512; no pair list), the fit is the closed form over those
/// sums, the apply pass is vectorized. Both passes split their rows into bands over a ``WorkerPool``. Tables, per-row sums and pool
/// jobs are allocated once, for one pair of map sizes.
///
/// Same pairs as ``ReferenceFusion`` (the samples are bit-identical); α and β agree to Float rounding of the
/// document's Float sums (the sums here are Float lane sums folded into Double every 256 pixels; a map that hardly
/// varies is summed again exactly, ``FusionSums/needsExactPass``). Deterministic whatever the threads: each
/// LiDAR row's sums land in their own slot and are added up in row order afterwards, so any pool (``WorkerPool/serial``
/// included) gives bit-identical fits and maps.
public final class OptimizedFusion: StagedFusion, @unchecked Sendable {
    public let config: FusionConfig
    let geometry: FusionGeometry
    let pool: WorkerPool
    /// The vector path of the pair sampling and the apply pass.
    public let isa: VectorISA
    /// Per LiDAR row, the sums of its pairs (written by whichever thread ran the row's band).
    let rowSums: UnsafeMutableBufferPointer<FusionSums>
    /// Per worker, one row's pairs between the two passes of the pair collection (3 × lidarWidth values).
    let pairLanes: UnsafeMutableRawBufferPointer
    /// Bands per pass: several per thread, so a preempted thread holds up little; 1 for small maps or one thread.
    let pairBands: Int, applyBands: Int
    var pairJob: PoolJob<PairFrame>!
    var applyJob: PoolJob<ApplyFrame>!
    /// The sums of the last ``collectPairs(_:)``.
    public internal(set) var sums = FusionSums()
    /// The outcome of the last ``solve()``.
    public private(set) var fit = FusionFit.noFit(.tooFewPairs(pairs: 0))

    /// Prepares the sampling tables for inputs of these sizes.
    /// - Parameters:
    ///   - pool: threads for the pair collection and the apply pass (small maps run on the caller).
    ///   - isa: the vector path of the pair sampling and the apply pass (``VectorISA/active`` by default).
    /// - Precondition: a supported `isa`.
    public init(config: FusionConfig = FusionConfig(), lidarWidth: Int, lidarHeight: Int,
                relativeWidth: Int, relativeHeight: Int, pool: WorkerPool = .shared, isa: VectorISA = .active) {
        precondition(isa.isSupported, "this CPU cannot run the \(isa) path")
        self.isa = isa
        self.config = config
        self.pool = pool
        geometry = FusionGeometry(lidarWidth: lidarWidth, lidarHeight: lidarHeight,
                                  relativeWidth: relativeWidth, relativeHeight: relativeHeight)
        rowSums = .allocate(capacity: lidarHeight)
        rowSums.initialize(repeating: FusionSums())
        pairLanes = .allocate(byteCount: 12 * lidarWidth * pool.threads, alignment: 64)
        pairBands = Self.bands(rows: lidarHeight, pixels: lidarWidth * lidarHeight, threads: pool.threads)
        applyBands = Self.bands(rows: relativeHeight, pixels: relativeWidth * relativeHeight, threads: pool.threads)
        pairJob = PoolJob(perWorker: { [unowned self] frame, band, worker in collectBand(band, frame, worker: worker) })
        applyJob = PoolJob { [unowned self] frame, band in applyBand(band, frame) }
    }

    deinit { rowSums.deallocate(); pairLanes.deallocate() }

    /// Below ~16 K pixels a pass takes a few microseconds, less than waking a worker.
    private static func bands(rows: Int, pixels: Int, threads: Int) -> Int {
        threads > 1 && pixels >= 1 << 14 ? Swift.min(rows, threads * 4) : 1
    }


    /// Stage 1: filters LiDAR pixels, samples the relative map at each, and accumulates the sums of the kept pairs.
    public func collectPairs(_ input: FusionInput) {
        precondition(geometry.matches(input), "input sizes differ from the ones this fusion was prepared for")
        guard input.confidence != nil || FusionConfig.implicitConfidence >= config.minConfidence else {
            sums = FusionSums()
            return
        }
        input.lidarDepth.withUnsafeBufferPointer { depth in
            input.relative.withUnsafeBufferPointer { relative in
                if let confidence = input.confidence {
                    confidence.withUnsafeBufferPointer { confidence in
                        collect(PairFrame(depth: depth.baseAddress!, confidence: confidence.baseAddress,
                                          relative: relative.baseAddress!))
                    }
                } else {
                    collect(PairFrame(depth: depth.baseAddress!, confidence: nil, relative: relative.baseAddress!))
                }
            }
        }
    }

    /// Stage 2: the closed-form fit over the sums, judged by the document's guards.
    public func solve() {
        fit = FusionFit.judged(pairs: sums.pairs) { sums.solve() }
    }

    /// Stage 3: writes clamp(α·relative + β) into `output` when the last fit succeeded.
    public func apply(_ input: FusionInput, into output: UnsafeMutableBufferPointer<Float>) {
        guard case let .fit(alpha, beta, _) = fit else { return }
        precondition(output.count >= input.relative.count, "output smaller than the relative map")
        input.relative.withUnsafeBufferPointer { relative in
            applyJob.run(on: pool, chunks: applyBands,
                         with: ApplyFrame(alpha: alpha, beta: beta, relative: relative, output: output))
        }
    }
}
