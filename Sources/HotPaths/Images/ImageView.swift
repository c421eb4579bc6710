/// A read-only view of a 2-D image somewhere in memory: what a `CVPixelBuffer` base address with its width, height
/// and bytes per row describes. Rows may be padded (`bytesPerRow` ≥ `width × stride`), as ARKit's buffers are.
///
/// The view does not own the memory: the owner keeps it alive while the view is used.
public struct ImageView<Pixel>: @unchecked Sendable {
    public let base: UnsafeRawPointer
    public let width: Int
    public let height: Int
    /// Distance between the starts of two rows, in bytes.
    public let bytesPerRow: Int

    /// - Precondition: `width, height > 0`, `bytesPerRow ≥ width × stride`, and `bytesPerRow` a multiple of the
    ///   pixel's alignment (so every row start is aligned).
    public init(base: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        precondition(width > 0 && height > 0, "an image needs at least one pixel")
        precondition(bytesPerRow >= width * MemoryLayout<Pixel>.stride, "bytesPerRow \(bytesPerRow) is shorter than a row")
        precondition(bytesPerRow % MemoryLayout<Pixel>.alignment == 0, "bytesPerRow must keep rows aligned")
        self.base = base
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
    }

    /// The first pixel of row `y`.
    @inline(__always)
    public func row(_ y: Int) -> UnsafePointer<Pixel> {
        (base + y * bytesPerRow).assumingMemoryBound(to: Pixel.self)
    }

    /// The pixel at column `x`, row `y` (bounds-checked: for tests and reference kernels).
    public subscript(x: Int, y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        return row(y)[x]
    }

    /// Bytes the pixels themselves occupy (without row padding).
    public var payloadBytes: Int { width * height * MemoryLayout<Pixel>.stride }
}

extension ImageView {
    /// Calls `body` with a view of tightly packed `pixels` (`width × height`, row-major).
    public static func withPacked<R>(
        _ pixels: [Pixel], width: Int, height: Int, _ body: (ImageView<Pixel>) throws -> R
    ) rethrows -> R {
        precondition(pixels.count == width * height, "\(pixels.count) pixels do not fill \(width)x\(height)")
        return try pixels.withUnsafeBytes { raw in
            try body(ImageView(base: raw.baseAddress!, width: width, height: height,
                               bytesPerRow: width * MemoryLayout<Pixel>.stride))
        }
    }
}
