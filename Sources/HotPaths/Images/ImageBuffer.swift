/// An image that owns its memory: allocated once, with every row starting on a `rowAlignment` boundary, as a Metal
/// texture or an IOSurface-backed pixel buffer lays out its rows. Kernels write into it frame after frame without
/// allocating.
///
/// A class, so the one allocation is shared, never copied; its deinit frees it. Not synchronized: one writer at a
/// time (kernels split rows among their own threads).
public final class ImageBuffer<Pixel>: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Row pitch in bytes: `width × stride` rounded up to `rowAlignment`.
    public let bytesPerRow: Int
    public let base: UnsafeMutableRawPointer

    /// Allocates a zero-filled `width × height` image whose rows start every `bytesPerRow` bytes.
    /// - Parameter rowAlignment: a power of two; 256 bytes matches Metal's linear texture alignment on Apple GPUs.
    public init(width: Int, height: Int, rowAlignment: Int = 256) {
        precondition(width > 0 && height > 0, "an image needs at least one pixel")
        precondition(rowAlignment > 0 && rowAlignment & (rowAlignment - 1) == 0, "rowAlignment must be a power of two")
        let packed = width * MemoryLayout<Pixel>.stride
        self.width = width
        self.height = height
        self.bytesPerRow = (packed + rowAlignment - 1) & ~(rowAlignment - 1)
        self.base = .allocate(byteCount: bytesPerRow * height, alignment: Swift.max(rowAlignment, 64))
        base.initializeMemory(as: UInt8.self, repeating: 0, count: bytesPerRow * height)
    }

    deinit { base.deallocate() }

    /// The first pixel of row `y`, for writing.
    @inline(__always)
    public func mutableRow(_ y: Int) -> UnsafeMutablePointer<Pixel> {
        (base + y * bytesPerRow).assumingMemoryBound(to: Pixel.self)
    }

    /// A read-only view of the whole image (valid while this buffer lives).
    public var view: ImageView<Pixel> {
        ImageView(base: base, width: width, height: height, bytesPerRow: bytesPerRow)
    }

    /// The pixel at column `x`, row `y` (bounds-checked).
    public subscript(x: Int, y: Int) -> Pixel {
        get { view[x, y] }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            mutableRow(y)[x] = newValue
        }
    }

    /// The pixels without row padding, row-major (allocates: for tests and file output, not for frame loops).
    public func packedPixels() -> [Pixel] {
        var pixels: [Pixel] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height { pixels.append(contentsOf: UnsafeBufferPointer(start: view.row(y), count: width)) }
        return pixels
    }
}
