/// Copies a pixel buffer (a LiDAR depth map or a camera frame) into a texture allocated once, as
/// `MTLTexture.replace(region:mipmapLevel:withBytes:bytesPerRow:)` does in seed 000 Task 3.
///
/// The source rows may be padded (ARKit's `CVPixelBufferGetBytesPerRow`); the texture's rows start every
/// `texture.bytesPerRow` bytes (256-byte aligned by default, like a Metal texture's linear layout). Only the
/// `width × stride` payload bytes of each row are copied; the texture's row padding is never written.
///
/// ```swift
/// import HotPaths
///
/// let uploader = TextureUploader<Float>(width: 256, height: 192)       // once
/// func frame(_ depthView: ImageView<Float>, colormap: DepthColormap, overlay: ImageBuffer<RGBA8>) {
///     uploader.upload(from: depthView)                                  // every frame, no allocation
///     colormap.render(uploader.texture.view, into: overlay)
/// }
/// ```
public final class TextureUploader<Pixel>: @unchecked Sendable {
    /// The destination texture, allocated in `init` and rewritten by every upload.
    public let texture: ImageBuffer<Pixel>
    private let pool: WorkerPool
    /// Frames at least this large are split into row bands over the pool (smaller ones stay in cache on one core).
    private let parallelThresholdBytes = 2 << 20
    private var job: PoolJob<(source: ImageView<Pixel>, bands: Int)>!

    /// - Parameters:
    ///   - rowAlignment: alignment of the texture's rows, a power of two (256 bytes as Metal).
    ///   - pool: threads for large frames (the camera-frame case); `WorkerPool.shared` by default.
    public init(width: Int, height: Int, rowAlignment: Int = 256, pool: WorkerPool = .shared) {
        texture = ImageBuffer(width: width, height: height, rowAlignment: rowAlignment)
        self.pool = pool
        job = PoolJob { [unowned self] call, band in
            copyRows(call.source, RowBands.rows(of: band, bands: call.bands, height: call.source.height))
        }
    }

    /// The reference variant: the design's row-by-row copy, pixel by pixel.
    /// - Precondition: `source` has the texture's width and height.
    public func uploadReference(from source: ImageView<Pixel>) {
        checkSize(source)
        for y in 0..<source.height {
            let destination = texture.mutableRow(y)
            for x in 0..<source.width { destination[x] = source[x, y] }
        }
    }

    /// The optimized variant: one `memcpy` per row (or one for the whole image when both pitches agree), split into
    /// row bands over the pool for frames of megabytes. Allocates nothing.
    /// - Precondition: `source` has the texture's width and height.
    public func upload(from source: ImageView<Pixel>) {
        checkSize(source)
        let bands = source.payloadBytes >= parallelThresholdBytes ? pool.threads * 4 : 1
        job.run(on: pool, chunks: bands, with: (source, bands))
    }

    private func copyRows(_ source: ImageView<Pixel>, _ rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        let rowBytes = source.width * MemoryLayout<Pixel>.stride
        if source.bytesPerRow == texture.bytesPerRow {
            // Identical pitches: one call for the band, padding between rows included (never past the last payload).
            let start = rows.lowerBound * texture.bytesPerRow
            let byteCount = (rows.count - 1) * texture.bytesPerRow + rowBytes
            (texture.base + start).copyMemory(from: source.base + start, byteCount: byteCount)
            return
        }
        for y in rows {
            (texture.base + y * texture.bytesPerRow).copyMemory(from: source.base + y * source.bytesPerRow, byteCount: rowBytes)
        }
    }

    private func checkSize(_ source: ImageView<Pixel>) {
        precondition(source.width == texture.width && source.height == texture.height,
                     "source \(source.width)x\(source.height) does not match texture \(texture.width)x\(texture.height)")
    }
}
