import COpenBLAS

/// Depth fusion with the fit solved by LAPACK (`dgels`, QR least squares on the n×2 matrix [rel 1] against the
/// LiDAR depths) instead of the closed form: the library route, benchmarked beside the hand-written sums.
///
/// The pairs are stored (the solver needs the matrix) in buffers allocated once for the largest possible count.
/// `dgels` assumes full rank; on an exactly rank-deficient matrix (all rel equal) it reports it, and this variant
/// then takes the document's degenerate fallback (α 1, β 0) like the closed form.
public final class BlasFusion: StagedFusion, @unchecked Sendable {
    public let config: FusionConfig
    private let geometry: FusionGeometry
    /// Column-major n×2: relative values in the first column, ones in the second (leading dimension = capacity).
    private let matrix: UnsafeMutableBufferPointer<Double>
    private let depths: UnsafeMutableBufferPointer<Double>
    private let work: UnsafeMutableBufferPointer<Double>
    private let capacity: Int
    public private(set) var pairs = 0
    public private(set) var fit = FusionFit.noFit(.tooFewPairs(pairs: 0))
    /// The vector path of the apply pass.
    public let isa: VectorISA

    /// OpenBLAS's thread count, process-wide (set it to 1 for a single-thread figure; restore it afterwards).
    public static var libraryThreads: Int {
        get { Int(openblas_get_num_threads()) }
        set { openblas_set_num_threads(Int32(newValue)) }
    }

    /// - Parameter isa: the vector path of the apply pass (``VectorISA/active`` by default).
    /// - Precondition: a supported `isa`.
    public init(config: FusionConfig = FusionConfig(), lidarWidth: Int, lidarHeight: Int,
                relativeWidth: Int, relativeHeight: Int, isa: VectorISA = .active) {
        precondition(isa.isSupported, "this CPU cannot run the \(isa) path")
        self.isa = isa
        self.config = config
        geometry = FusionGeometry(lidarWidth: lidarWidth, lidarHeight: lidarHeight,
                                  relativeWidth: relativeWidth, relativeHeight: relativeHeight)
        capacity = lidarWidth * lidarHeight
        matrix = .allocate(capacity: 2 * capacity)
        depths = .allocate(capacity: capacity)
        work = .allocate(capacity: Self.workspaceSize(rows: capacity))
    }

    deinit {
        matrix.deallocate()
        depths.deallocate()
        work.deallocate()
    }


    /// Stage 1: the valid pairs, written into the matrix and right-hand side.
    public func collectPairs(_ input: FusionInput) {
        precondition(geometry.matches(input), "input sizes differ from the ones this fusion was prepared for")
        var count = 0
        input.lidarDepth.withUnsafeBufferPointer { depth in
            input.relative.withUnsafeBufferPointer { relative in
                let confidence = input.confidence
                for ly in 0..<geometry.lidarHeight {
                    let row0 = relative.baseAddress! + geometry.y0[ly] * geometry.relativeWidth
                    let row1 = relative.baseAddress! + geometry.y1[ly] * geometry.relativeWidth
                    let fy = geometry.fy[ly], gy = geometry.gy[ly]
                    for lx in 0..<geometry.lidarWidth {
                        let index = ly * geometry.lidarWidth + lx
                        let d = depth[index]
                        let c = confidence?[index] ?? FusionConfig.implicitConfidence
                        guard c >= config.minConfidence, d > config.minDepth, d < config.maxDepth, d.isFinite else { continue }
                        let x0 = Int(geometry.x0[lx]), x1 = Int(geometry.x1[lx])
                        let fx = geometry.fx[lx], gx = geometry.gx[lx]
                        let sample = row0[x0] * gx * gy + row0[x1] * fx * gy + row1[x0] * gx * fy + row1[x1] * fx * fy
                        guard sample.isFinite, sample > 0 else { continue }
                        matrix[count] = Double(sample)
                        depths[count] = Double(d)
                        count += 1
                    }
                }
            }
        }
        pairs = count
    }

    /// Stage 2: `dgels` on the collected pairs, judged by the document's guards.
    public func solve() {
        fit = FusionFit.judged(pairs: pairs) { leastSquares() }
    }

    /// Stage 3: the same vectorized apply as ``OptimizedFusion``.
    public func apply(_ input: FusionInput, into output: UnsafeMutableBufferPointer<Float>) {
        guard case let .fit(alpha, beta, _) = fit else { return }
        input.relative.withUnsafeBufferPointer { relative in
            MetricApply.apply(alpha: alpha, beta: beta, relative: relative, into: output, isa: isa)
        }
    }

    private func leastSquares() -> (alpha: Float, beta: Float) {
        // The ones column sits at offset `pairs` so the matrix is contiguous with leading dimension `pairs`.
        for i in 0..<pairs { matrix[pairs + i] = 1 }
        var trans: CChar = 78  // "N"
        var m = Int32(pairs), n: Int32 = 2, nrhs: Int32 = 1, lda = Int32(pairs), ldb = Int32(pairs)
        var lwork = Int32(work.count), info: Int32 = 0
        dgels_(&trans, &m, &n, &nrhs, matrix.baseAddress, &lda, depths.baseAddress, &ldb,
               work.baseAddress, &lwork, &info, 1)
        // The document's degenerate guard, read off the QR factor R of A = [rel 1]: n·Σx² − (Σx)², the determinant
        // of AᵀA = RᵀR, is (r11·r22)², and Σx = r11·r12 (the signs cancel). info > 0 means R is exactly singular.
        let (r11, r12, r22) = (matrix[0], matrix[pairs], matrix[pairs + 1])
        let determinant = r11 * r22 * r11 * r22
        guard info == 0, !FusionFit.isDegenerate(determinant: determinant, pairs: pairs, sumX: r11 * r12) else { return (1.0, 0.0) }
        return (Float(depths[0]), Float(depths[1]))
    }

    /// `dgels`'s optimal workspace for an m×2 problem with one right-hand side (a workspace query).
    private static func workspaceSize(rows: Int) -> Int {
        var trans: CChar = 78
        var m = Int32(Swift.max(rows, 2)), n: Int32 = 2, nrhs: Int32 = 1, lda = m, ldb = m
        var lwork: Int32 = -1, info: Int32 = 0, optimal = 0.0, a = 0.0, b = 0.0
        dgels_(&trans, &m, &n, &nrhs, &a, &lda, &b, &ldb, &optimal, &lwork, &info, 1)
        return Swift.max(Int(optimal), 64)
    }
}
