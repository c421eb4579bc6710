/// The camera-preview downscale of seed 003 (`MetalPreviewScaler`): a BGRA8 camera frame scaled into a preview
/// buffer created once, with a linear filter at pixel centres (``BilinearTap``, clamp to edge) per channel.
///
/// Per output pixel and channel: v = lerp(lerp(p00, p01, wy), lerp(p10, p11, wy), wx) in Float, then
/// round(v) with halves away from zero. For an exact 2:1 reduction (1920×1440 → 960×720) every tap has weight ½,
/// so this is exactly the 2×2 box average (a + b + c + d + 2) >> 2, which the optimized variant computes in integers.
///
/// ```swift
/// import HotPaths
///
/// let scaler = PreviewScaler(sourceWidth: 1920, sourceHeight: 1440, outputWidth: 960, outputHeight: 720)  // once
/// let preview = ImageBuffer<BGRA8>(width: 960, height: 720)                                               // once
/// func frame(_ cameraFrame: ImageView<BGRA8>) {
///     scaler.scale(cameraFrame, into: preview)                                                             // per frame
/// }
/// ```
public final class PreviewScaler: @unchecked Sendable {
    public let sourceWidth: Int, sourceHeight: Int
    public let outputWidth: Int, outputHeight: Int
    let columns: BilinearAxis
    let rows: BilinearAxis
    let pool: WorkerPool
    let bands: Int
    /// The integer 2×2 box path applies (both axes exactly halved).
    public var isExactHalf: Bool { sourceWidth == 2 * outputWidth && sourceHeight == 2 * outputHeight }
    /// One vertically filtered source row (4 floats per pixel) per band, for the general path.
    let scratch: UnsafeMutablePointer<SIMD4<Float>>
    var job: PoolJob<(frame: ImageView<BGRA8>, output: ImageBuffer<BGRA8>)>!

    /// - Parameter pool: threads over row bands; `WorkerPool.shared` by default.
    /// - Precondition: positive sizes.
    public init(sourceWidth: Int, sourceHeight: Int, outputWidth: Int, outputHeight: Int, pool: WorkerPool = .shared) {
        precondition(sourceWidth > 0 && sourceHeight > 0 && outputWidth > 0 && outputHeight > 0, "sizes must be positive")
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
        columns = BilinearAxis(inputSize: sourceWidth, outputSize: outputWidth)
        rows = BilinearAxis(inputSize: sourceHeight, outputSize: outputHeight)
        self.pool = pool
        bands = outputWidth * outputHeight >= 1 << 16 && pool.threads > 1 ? Swift.min(outputHeight, pool.threads * 8) : 1
        scratch = .allocate(capacity: bands * sourceWidth)
        job = PoolJob { [unowned self] call, band in scaleBand(band, call.frame, call.output) }
    }

    deinit { scratch.deallocate() }

    /// The reference variant: the bilinear filter per pixel and channel in Float.
    /// - Precondition: `frame` is `sourceWidth × sourceHeight`; `output` is `outputWidth × outputHeight`.
    public func scaleReference(_ frame: ImageView<BGRA8>, into output: ImageBuffer<BGRA8>) {
        checkSizes(frame, output)
        for y in 0..<outputHeight {
            let ty = BilinearTap.at(y, inputSize: sourceHeight, outputSize: outputHeight)
            for x in 0..<outputWidth {
                let tx = BilinearTap.at(x, inputSize: sourceWidth, outputSize: outputWidth)
                var pixel = BGRA8()
                for channel in 0..<4 {
                    let p00 = Float(frame[tx.first, ty.first][channel]), p01 = Float(frame[tx.first, ty.second][channel])
                    let p10 = Float(frame[tx.second, ty.first][channel]), p11 = Float(frame[tx.second, ty.second][channel])
                    let value = lerp(lerp(p00, p01, ty.weight), lerp(p10, p11, ty.weight), tx.weight)
                    pixel[channel] = UInt8(Swift.min(Swift.max(value.rounded(.toNearestOrAwayFromZero), 0), 255))
                }
                output[x, y] = pixel
            }
        }
    }

    func checkSizes(_ frame: ImageView<BGRA8>, _ output: ImageBuffer<BGRA8>) {
        precondition(frame.width == sourceWidth && frame.height == sourceHeight,
                     "frame \(frame.width)x\(frame.height) is not \(sourceWidth)x\(sourceHeight)")
        precondition(output.width == outputWidth && output.height == outputHeight,
                     "output \(output.width)x\(output.height) is not \(outputWidth)x\(outputHeight)")
    }
}
