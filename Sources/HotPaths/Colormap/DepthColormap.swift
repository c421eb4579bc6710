import CVectorLoops

/// The photo-mode depth overlay of seed 000 AC1 on the CPU: samples a Float32 depth texture with a linear,
/// clamp-to-edge sampler at every pixel of an RGBA8 overlay and colours it red (near) → blue (far).
///
/// Per output pixel: depth = bilinear sample (``BilinearTap``, vertical `lerp` first, then horizontal); NaN or ±Inf
/// (including any sample touching a hole: the filter runs before the validity test, as in the shader) →
/// (0, 0, 0, 0); otherwise RGBA8 = round(255·mix(red, blue, saturate((d − near)/(far − near)))), alpha
/// round(255·opacity). At the depth map's own size the sampler reads each texel alone.
///
/// ```swift
/// import HotPaths
///
/// let colormap = DepthColormap(sourceWidth: 256, sourceHeight: 192, outputWidth: 1920, outputHeight: 1440)  // once
/// let overlay = ImageBuffer<RGBA8>(width: 1920, height: 1440)                                               // once
/// func frame(_ uploader: TextureUploader<Float>) {
///     colormap.render(uploader.texture.view, into: overlay)                                                 // per frame
/// }
/// ```
public final class DepthColormap: @unchecked Sendable {
    public let palette: GradientPalette
    public let sourceWidth: Int, sourceHeight: Int
    public let outputWidth: Int, outputHeight: Int
    let columns: BilinearAxis
    let rows: BilinearAxis
    /// The palette as the C loops read it.
    let loopPalette: fb_palette
    /// The vector path the optimized variant's loops run on.
    public let isa: VectorISA
    let pool: WorkerPool
    /// Row bands per frame: several per thread, so a preempted thread holds up little.
    let bands: Int
    /// Whether the palette writes the output around the caches (``streamingOutputBytes``).
    let streamsOutput: Bool
    /// Outputs of this many bytes or more are written with non-temporal stores: twice the largest L2 of the x86
    /// kinds measured (2 MiB a core on the Intel kind, 1 MiB on Zen 4), so such an output leaves the core's caches
    /// before anyone reads it anyway, and plain stores would first read every line of it (read for ownership) and
    /// evict the inputs. A display-size frame (1920×1440, 11 MB) is one; the depth-size maps are not. Alone
    /// against plain stores on Zen 4 (2 Dec 2026): −21% paired, and a shorter p95 tail over 20 fresh processes
    /// (Docs/measurements/2026-12-02-non-temporal-stores-amd.md); on the Intel kind not yet measured alone.
    static let streamingOutputBytes = 4 << 20
    /// Per band, the optimized sampler's scratch, allocated once: two vertically filtered source rows, then the
    /// bilinear samples of every output pixel of two output rows (so the palette loop reads contiguous memory).
    let scratch: UnsafeMutablePointer<Float>
    var scratchPerBand: Int { 2 * (sourceWidth + outputWidth + Self.tapPadding) }
    /// Lanes after the row of samples that the run-by-run sampler may spill into (and read weights from).
    static let tapPadding = 4
    var job: PoolJob<(depth: ImageView<Float>, output: ImageBuffer<RGBA8>)>!

    /// Prepares the sampler taps, scratch rows and palette once.
    /// - Parameters:
    ///   - palette: `GradientPalette.redToBlue()` (near 0.5 m, far 5.0 m, opacity 0.4) by default.
    ///   - pool: threads for outputs of 256 K pixels or more; smaller frames run on the caller.
    ///   - isa: the vector path of the optimized variant (``VectorISA/active`` by default).
    /// - Precondition: positive sizes, a usable palette (`palette.problem == nil`) and a supported `isa`.
    public init(sourceWidth: Int, sourceHeight: Int, outputWidth: Int? = nil, outputHeight: Int? = nil,
                palette: GradientPalette = .redToBlue(), pool: WorkerPool = .shared, isa: VectorISA = .active) {
        precondition(isa.isSupported, "this CPU cannot run the \(isa) path")
        self.isa = isa
        precondition(palette.problem == nil, palette.problem ?? "")
        self.palette = palette
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.outputWidth = outputWidth ?? sourceWidth
        self.outputHeight = outputHeight ?? sourceHeight
        precondition(sourceWidth > 0 && sourceHeight > 0 && self.outputWidth > 0 && self.outputHeight > 0, "sizes must be positive")
        columns = BilinearAxis(inputSize: sourceWidth, outputSize: self.outputWidth)
        rows = BilinearAxis(inputSize: sourceHeight, outputSize: self.outputHeight)
        loopPalette = PalettePacker(palette).loopPalette
        self.pool = pool
        bands = self.outputWidth * self.outputHeight >= 1 << 18 && pool.threads > 1
            ? Swift.min(self.outputHeight, pool.threads * 8) : 1
        streamsOutput = self.outputWidth * self.outputHeight * MemoryLayout<RGBA8>.stride >= Self.streamingOutputBytes
        scratch = .allocate(capacity: bands * 2 * (sourceWidth + self.outputWidth + Self.tapPadding))
        job = PoolJob { [unowned self] frame, band in renderBand(band, frame.depth, frame.output) }
    }

    deinit { scratch.deallocate() }

    /// The reference variant: the shader's algorithm per output pixel, in plain Swift.
    /// - Precondition: `depth` is `sourceWidth × sourceHeight`; `output` is `outputWidth × outputHeight`.
    public func renderReference(_ depth: ImageView<Float>, into output: ImageBuffer<RGBA8>) {
        checkSizes(depth, output)
        for y in 0..<outputHeight {
            let ty = BilinearTap.at(y, inputSize: sourceHeight, outputSize: outputHeight)
            for x in 0..<outputWidth {
                let tx = BilinearTap.at(x, inputSize: sourceWidth, outputSize: outputWidth)
                let left = lerp(depth[tx.first, ty.first], depth[tx.first, ty.second], ty.weight)
                let right = lerp(depth[tx.second, ty.first], depth[tx.second, ty.second], ty.weight)
                let sample = lerp(left, right, tx.weight)
                output[x, y] = sample.isFinite ? palette.pixel(sample) : RGBA8(0, 0, 0, 0)
            }
        }
    }

    func checkSizes(_ depth: ImageView<Float>, _ output: ImageBuffer<RGBA8>) {
        precondition(depth.width == sourceWidth && depth.height == sourceHeight,
                     "depth \(depth.width)x\(depth.height) is not \(sourceWidth)x\(sourceHeight)")
        precondition(output.width == outputWidth && output.height == outputHeight,
                     "output \(output.width)x\(output.height) is not \(outputWidth)x\(outputHeight)")
    }
}
