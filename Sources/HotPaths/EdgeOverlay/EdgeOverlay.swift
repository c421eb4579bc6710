import CVectorLoops

/// The video-mode "edge-only depth overlay" of seed 002 AC4: depth discontinuities coloured cyan (near) → magenta
/// (far), every other pixel transparent. Seed 002 names the look but no algorithm; this is the one FrameBudget
/// measures (Docs/DEPTH-KERNELS.md):
///
/// - Sobel over the 3×3 neighbourhood (clamped to the edge): gx = (right column, weights 1 2 1) − (left column),
///   gy = (bottom row) − (top row).
/// - A pixel is an edge when its relative gradient |∇d| / (8·d) exceeds `threshold`, i.e.
///   gx² + gy² > (8·threshold·d)² (the 1/8 makes a ramp of slope s per pixel read s; a step of Δ reads Δ/2, so the
///   default 0.05 marks steps above 10% of the depth, while 1% range noise stays below 0.005).
/// - Holes are not edges: a pixel whose 9 taps are not all finite and > 0 is transparent.
/// - An edge pixel gets ``GradientPalette/pixel(_:)`` of its own depth (cyan → magenta, alpha round(255·opacity)).
public final class EdgeOverlay: @unchecked Sendable {
    /// Relative-gradient threshold (default 0.05: steps above about 10% of the depth).
    public let threshold: Float
    public let palette: GradientPalette
    public let width: Int, height: Int
    /// The palette as the C loops read it.
    let loopPalette: fb_palette
    /// The vector path the optimized variant's loops run on.
    public let isa: VectorISA
    /// The optimized variant's scratch, allocated once: for three depth rows (rolling), the row with holes as NaN
    /// and its horizontal Sobel sums; one row of vertical Sobel sums. Each placed per row away from the rows it is
    /// computed with, modulo 4 KiB (``PhasedScratch``).
    let cleanRows: PhasedScratch
    let rowSums: PhasedScratch
    let columnSums: PhasedScratch

    /// The default threshold.
    public static let defaultThreshold: Float = 0.05

    /// - Parameter isa: the vector path of the optimized variant (``VectorISA/active`` by default).
    /// - Precondition: positive sizes, a finite threshold ≥ 0, a usable palette and a supported `isa`.
    public init(width: Int, height: Int, threshold: Float = defaultThreshold, palette: GradientPalette = .cyanToMagenta(),
                isa: VectorISA = .active) {
        precondition(isa.isSupported, "this CPU cannot run the \(isa) path")
        self.isa = isa
        precondition(width > 0 && height > 0, "sizes must be positive")
        precondition(threshold.isFinite && threshold >= 0, "threshold must be finite and ≥ 0")
        precondition(palette.problem == nil, palette.problem ?? "")
        self.width = width
        self.height = height
        self.threshold = threshold
        self.palette = palette
        loopPalette = PalettePacker(palette).loopPalette
        cleanRows = PhasedScratch(slots: 3, width: width)
        rowSums = PhasedScratch(slots: 3, width: width)
        columnSums = PhasedScratch(slots: 1, width: width)
    }

    deinit {
        cleanRows.deallocate()
        rowSums.deallocate()
        columnSums.deallocate()
    }

    /// The reference variant: the definition above, pixel by pixel.
    /// - Precondition: `depth` and `output` are `width × height`.
    public func renderReference(_ depth: ImageView<Float>, into output: ImageBuffer<RGBA8>) {
        checkSizes(depth, output)
        for y in 0..<height {
            for x in 0..<width { output[x, y] = referencePixel(depth, x, y) }
        }
    }

    /// One pixel of the reference.
    func referencePixel(_ depth: ImageView<Float>, _ x: Int, _ y: Int) -> RGBA8 {
        let left = Swift.max(x - 1, 0), right = Swift.min(x + 1, width - 1)
        let up = Swift.max(y - 1, 0), down = Swift.min(y + 1, height - 1)
        for ty in up...down {
            for tx in left...right where !Self.isValid(depth[tx, ty]) { return RGBA8(0, 0, 0, 0) }
        }
        let gx = (depth[right, up] + 2 * depth[right, y] + depth[right, down])
            - (depth[left, up] + 2 * depth[left, y] + depth[left, down])
        let gy = (depth[left, down] + 2 * depth[x, down] + depth[right, down])
            - (depth[left, up] + 2 * depth[x, up] + depth[right, up])
        let centre = depth[x, y]
        let limit = 8 * threshold * centre
        return gx * gx + gy * gy > limit * limit ? palette.pixel(centre) : RGBA8(0, 0, 0, 0)
    }

    /// A measured depth: finite and positive (ARKit marks holes with 0, NaN or +Inf).
    @inline(__always)
    static func isValid(_ depth: Float) -> Bool { depth > 0 && depth < .infinity }

    func checkSizes(_ depth: ImageView<Float>, _ output: ImageBuffer<RGBA8>) {
        precondition(depth.width == width && depth.height == height, "depth \(depth.width)x\(depth.height) is not \(width)x\(height)")
        precondition(output.width == width && output.height == height, "output \(output.width)x\(output.height) is not \(width)x\(height)")
    }
}
