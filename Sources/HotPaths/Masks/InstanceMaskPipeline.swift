import COpenBLAS
import Foundation

/// Instance masks of YOLO detections, optimized (001 §2b): the same masks as ``ReferenceMasks`` in four stages
/// that together are ``run()``:
/// 1. ``multiplyCoefficients()`` — logits `[N, cells] = coefficients [N, C] × prototypes [C, cells]` by one
///    OpenBLAS `cblas_sgemm`;
/// 2. ``applySigmoid()`` — each detection's crop (``MaskGeometry``) and the sigmoid of the cells inside it only
///    (the others are never read);
/// 3. ``cropAndUpsample()`` — separable bilinear upsampling of the cropped cells into a float window covering the
///    output pixels that can be non-zero: rows first (grid rows × window width), then columns, 16 lanes at a time;
/// 4. ``flipAndConvert()`` — each mask zeroed, then its window rows converted to `round(255·m)` into their
///    (flipped) rows.
///
/// Scratch (logits, windows, sampling tables) belongs to the pipeline and grows only for a larger input than any
/// before: after a first run of a given shape, a run allocates nothing (OpenBLAS may allocate on its first call).
/// Not thread-safe: one pipeline per thread.
public final class InstanceMaskPipeline: @unchecked Sendable {
    public let geometry: MaskGeometry
    /// Mask coefficients per detection (prototype channels): 32 for yolo11l-seg.
    public let channels: Int
    /// The stage names, in order, as ``Stage``s of a benchmark would show them.
    public static let stageNames = ["matrix product", "sigmoid", "crop + upsample", "flip + convert"]

    let tables: MaskSamplingTables
    let scratch = MaskScratch()
    var inputs = BoundInputs()

    /// OpenBLAS threads for the product (nil: OpenBLAS's own setting). One by default: for these thin products
    /// (N ≤ 100 rows, K = 32) waking a second thread cost more than it saved on the 2-core machine measured, and
    /// OpenBLAS's threaded path allocated on every call. The previous setting is restored after each product;
    /// OpenBLAS's thread count is process-wide, so another thread's BLAS call at that moment would see it too.
    public let blasThreads: Int?

    public init(geometry: MaskGeometry = MaskGeometry(), channels: Int = 32, capacity: Int = 10, blasThreads: Int? = 1) {
        self.geometry = geometry
        self.channels = channels
        self.blasThreads = blasThreads
        tables = MaskSamplingTables(geometry)
        scratch.reserve(detections: capacity, cells: geometry.protoCells, width: geometry.width,
                        protoHeight: geometry.protoHeight)
    }

    /// Binds the inputs and output of the next ``run()`` (the buffers must stay valid until then).
    /// - Parameters:
    ///   - prototypes: `channels × protoHeight × protoWidth` floats.
    ///   - coefficients: `N × channels` floats.
    ///   - boxes: `N × 4` floats, `x1, y1, x2, y2` in output pixels.
    ///   - masks: `N × height × width` bytes, written by ``flipAndConvert()``.
    public func bind(prototypes: UnsafeBufferPointer<Float>, coefficients: UnsafeBufferPointer<Float>,
                     boxes: UnsafeBufferPointer<Float>, masks: UnsafeMutableBufferPointer<UInt8>) {
        let count = boxes.count / 4
        precondition(prototypes.count == channels * geometry.protoCells, "prototypes are channels × protoHeight × protoWidth")
        precondition(coefficients.count == count * channels && masks.count == count * geometry.pixels, "N coefficients and masks")
        inputs = BoundInputs(prototypes: prototypes.baseAddress, coefficients: coefficients.baseAddress,
                             boxes: boxes.baseAddress, masks: masks.baseAddress, count: count)
        scratch.reserve(detections: count, cells: geometry.protoCells, width: geometry.width,
                        protoHeight: geometry.protoHeight)
    }

    /// All four stages on the bound inputs.
    public func run() {
        multiplyCoefficients()
        applySigmoid()
        cropAndUpsample()
        flipAndConvert()
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

    /// Stage 1: logits of every cell of every detection, one single-precision GEMM.
    public func multiplyCoefficients() {
        guard inputs.count > 0, let a = inputs.coefficients, let b = inputs.prototypes else { return }
        let cells = Int32(geometry.protoCells), k = Int32(channels)
        let previous = openblas_get_num_threads()
        if let threads = blasThreads, Int32(threads) != previous { openblas_set_num_threads(Int32(threads)) }
        defer { if let threads = blasThreads, Int32(threads) != previous { openblas_set_num_threads(previous) } }
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(inputs.count), cells, k,
                    1, a, k, b, cells, 0, scratch.logits, cells)
    }

    /// Stage 2: each detection's crop, and the sigmoid of the cells inside it.
    public func applySigmoid() {
        for n in 0..<inputs.count {
            let box = inputs.box(n)
            let crop = geometry.crop(box)
            scratch.crops[n] = MaskCrop(cellsX: crop.x, cellsY: crop.y)
            let cells = scratch.logits + n * geometry.protoCells
            for y in crop.y {
                let row = cells + y * geometry.protoWidth
                for x in crop.x { row[x] = 1 / (1 + exp(-row[x])) }
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
