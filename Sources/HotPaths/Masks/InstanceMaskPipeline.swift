import COpenBLAS
import Foundation

/// Instance masks of YOLO detections, optimized (001 §2b): the same masks as ``ReferenceMasks`` in two stages
/// that together are ``run()``, each split over a ``WorkerPool``:
/// 1. ``multiplyAndSigmoid()`` — each detection's crop (``MaskGeometry``) and output window; then, band by band of
///    prototype rows, the logits `[N, cells] = coefficients [N, C] × prototypes [C, cells]` of those cells (one
///    OpenBLAS `cblas_sgemm` per band) and the sigmoid of the ones inside a crop (the others are never read);
/// 2. ``upsampleAndConvert()`` — every mask written exactly once, band by band of output rows: rows outside the
///    window zeroed; inside it, separable bilinear upsampling (each cropped grid row interpolated across the window
///    once per band, then two such rows per output row) converted straight to `round(255·m)` bytes in their
///    (flipped) row. No float image of the masks is ever stored.
///
/// The arithmetic is the same whatever the pool and the bands, so the bytes are too (`PinnedOutputTests`).
/// Scratch (logits, crops, per-worker grid rows, sampling tables) belongs to the pipeline and grows only for a
/// larger input than any before: after a first run of a given shape, a run allocates nothing (OpenBLAS may allocate
/// on its first calls). Not thread-safe: one pipeline per thread.
public final class InstanceMaskPipeline: @unchecked Sendable {
    public let geometry: MaskGeometry
    /// Mask coefficients per detection (prototype channels): 32 for yolo11l-seg.
    public let channels: Int
    /// The stage names, in order, as ``Stage``s of a benchmark would show them.
    public static let stageNames = ["matrix product + sigmoid", "upsample + convert"]
    /// Threads of both stages (the caller included).
    public let pool: WorkerPool

    let tables: MaskSamplingTables
    let scratch: MaskScratch
    var inputs = BoundInputs()
    /// Prototype-row bands of stage 1 (one unless the pool has threads and OpenBLAS is pinned to one thread).
    let logitBands: Int
    /// Output-row bands per mask in stage 2: ~256 KB of output each, so both cores share even a single mask.
    let bandsPerMask: Int
    var logitJob: PoolJob<BoundInputs>!
    var upsampleJob: PoolJob<UnsafeMutablePointer<UInt8>>!

    /// OpenBLAS threads for the product (nil: OpenBLAS's own setting). One by default: for these thin products
    /// (N ≤ 100 rows, K = 32) OpenBLAS's own threads cost more than they saved on the 2-core machine measured, and
    /// its threaded path allocated on every call; with one, the pool runs a product per band of prototype rows
    /// instead. The previous setting is restored after each product; OpenBLAS's thread count is process-wide, so
    /// another thread's BLAS call at that moment would see it too.
    public let blasThreads: Int?
    /// The vector path of the upsample's conversion loop.
    public let isa: VectorISA

    /// - Parameter isa: the vector path of the upsample's loop (``VectorISA/active`` by default).
    /// - Precondition: a supported `isa`.
    public init(geometry: MaskGeometry = MaskGeometry(), channels: Int = 32, capacity: Int = 10, blasThreads: Int? = 1,
                pool: WorkerPool = .shared, isa: VectorISA = .active) {
        precondition(isa.isSupported, "this CPU cannot run the \(isa) path")
        self.isa = isa
        self.geometry = geometry
        self.channels = channels
        self.blasThreads = blasThreads
        self.pool = pool
        tables = MaskSamplingTables(geometry)
        logitBands = pool.threads > 1 && blasThreads == 1 ? Swift.min(geometry.protoHeight, 2 * pool.threads) : 1
        bandsPerMask = pool.threads > 1 ? Swift.max(1, Swift.min(geometry.height, geometry.pixels >> 18)) : 1
        scratch = MaskScratch(geometry: geometry, workers: pool.threads)
        scratch.reserve(detections: capacity, cells: geometry.protoCells)
        logitJob = PoolJob { [unowned self] inputs, band in logitsBand(band, inputs) }
        upsampleJob = PoolJob(perWorker: { [unowned self] masks, chunk, worker in upsampleBand(chunk, worker: worker, masks: masks) })
    }

    /// Binds the inputs and output of the next ``run()`` (the buffers must stay valid until then).
    /// - Parameters:
    ///   - prototypes: `channels × protoHeight × protoWidth` floats.
    ///   - coefficients: `N × channels` floats.
    ///   - boxes: `N × 4` floats, `x1, y1, x2, y2` in output pixels.
    ///   - masks: `N × height × width` bytes, written by ``upsampleAndConvert()`` (in ``run()``).
    public func bind(prototypes: UnsafeBufferPointer<Float>, coefficients: UnsafeBufferPointer<Float>,
                     boxes: UnsafeBufferPointer<Float>, masks: UnsafeMutableBufferPointer<UInt8>) {
        let count = boxes.count / 4
        precondition(prototypes.count == channels * geometry.protoCells, "prototypes are channels × protoHeight × protoWidth")
        precondition(coefficients.count == count * channels && masks.count == count * geometry.pixels, "N coefficients and masks")
        inputs = BoundInputs(prototypes: prototypes.baseAddress, coefficients: coefficients.baseAddress,
                             boxes: boxes.baseAddress, masks: masks.baseAddress, count: count)
        scratch.reserve(detections: count, cells: geometry.protoCells)
    }

    /// Both stages on the bound inputs.
    public func run() {
        multiplyAndSigmoid()
        upsampleAndConvert()
    }

    /// Binds and runs; for callers holding arrays (allocates the result).
    public func run(prototypes: [Float], coefficients: [Float], boxes: [Float]) -> [UInt8] {
        var masks = [UInt8](repeating: 0, count: boxes.count / 4 * geometry.pixels)
        prototypes.withUnsafeBufferPointer { p in
            coefficients.withUnsafeBufferPointer { c in
                boxes.withUnsafeBufferPointer { b in
                    masks.withUnsafeMutableBufferPointer { m in
                        bind(prototypes: p, coefficients: c, boxes: b, masks: m)
                        run()
                    }
                }
            }
        }
        inputs = BoundInputs()
        return masks
    }

    /// Stage 1: each detection's crop and window; then, over the pool, each band of prototype rows: its logits by
    /// one single-precision GEMM and the sigmoid of its cells inside each crop. A band's product is the whole
    /// product's columns of those cells, summed in the same order (K = 32 is one block), so the bands change no bit.
    public func multiplyAndSigmoid() {
        guard inputs.count > 0 else { return }
        placeCrops()
        let previous = openblas_get_num_threads()
        if let threads = blasThreads, Int32(threads) != previous { openblas_set_num_threads(Int32(threads)) }
        defer { if let threads = blasThreads, Int32(threads) != previous { openblas_set_num_threads(previous) } }
        logitJob.run(on: pool, chunks: logitBands, with: inputs)
    }

    /// Each detection's kept cells and the window of output pixels they can make non-zero.
    private func placeCrops() {
        for n in 0..<inputs.count {
            let cells = geometry.crop(inputs.box(n))
            var crop = MaskCrop(cellsX: cells.x, cellsY: cells.y)
            if !crop.isEmpty {
                crop.windowX = MaskSamplingTables.window(crop.cellsX, first: tables.columnFirst, second: tables.columnSecond)
                crop.windowY = MaskSamplingTables.window(crop.cellsY, first: tables.rowFirst, second: tables.rowSecond)
            }
            scratch.crops[n] = crop
        }
    }

    private func logitsBand(_ band: Int, _ inputs: BoundInputs) {
        guard let a = inputs.coefficients, let b = inputs.prototypes else { return }
        let rows = RowBands.rows(of: band, bands: logitBands, height: geometry.protoHeight)
        let first = rows.lowerBound * geometry.protoWidth, stride = Int32(geometry.protoCells), k = Int32(channels)
        guard !rows.isEmpty else { return }
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(inputs.count), Int32(rows.count * geometry.protoWidth),
                    k, 1, a, k, b + first, stride, 0, scratch.logits + first, stride)
        for n in 0..<inputs.count {
            let crop = scratch.crops[n]
            let cells = scratch.logits + n * geometry.protoCells
            for y in crop.cellsY.clamped(to: rows) {
                let row = cells + y * geometry.protoWidth
                for x in crop.cellsX { row[x] = 1 / (1 + exp(-row[x])) }
            }
        }
    }

    /// The OpenBLAS threads `cblas_sgemm` uses when not pinned (its default is one per core).
    public static var defaultBlasThreads: Int { Int(openblas_get_num_threads()) }
}

/// Raw pointers of the bound inputs (set by ``InstanceMaskPipeline/bind(prototypes:coefficients:boxes:masks:)``).
struct BoundInputs {
    var prototypes: UnsafePointer<Float>?
    var coefficients: UnsafePointer<Float>?
    var boxes: UnsafePointer<Float>?
    var masks: UnsafeMutablePointer<UInt8>?
    var count = 0

    func box(_ n: Int) -> (Float, Float, Float, Float) {
        let b = boxes! + 4 * n
        return (b[0], b[1], b[2], b[3])
    }
}
