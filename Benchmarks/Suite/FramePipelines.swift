import CaptureKernels
import HotPaths
import Measurement
import Workloads

/// One photo-mode frame of seed 000: the LiDAR depth map uploaded into the depth texture (Task 3), then colormapped
/// into the 1920×1440 display overlay (AC1). Everything is allocated in `init`; a frame allocates nothing.
/// Used by one thread at a time (the measuring thread, or the frame loop's processing thread).
final class PhotoFramePipeline: @unchecked Sendable {
    static let displayWidth = 1920, displayHeight = 1440
    /// Bytes per 256×192 frame: the upload reads and writes the depth map, the colormap reads the texture and
    /// writes the overlay.
    static let bytesPerFrame = Double(3 * 256 * 192 * 4 + displayWidth * displayHeight * 4)

    private let depth: DepthFrameCycle
    private let uploader: TextureUploader<Float>
    private let colormap: DepthColormap
    private let overlay = ImageBuffer<RGBA8>(width: displayWidth, height: displayHeight)

    init(source: WorkloadSource) throws {
        depth = try DepthFrameCycle(source: source)
        uploader = TextureUploader<Float>(width: depth.width, height: depth.height)
        colormap = DepthColormap(sourceWidth: depth.width, sourceHeight: depth.height,
                                 outputWidth: Self.displayWidth, outputHeight: Self.displayHeight)
    }

    /// Upload, then colormap, of the next depth map.
    func processFrame() {
        upload()
        renderOverlay()
    }

    func upload() {
        uploader.upload(from: depth.next())
    }

    func renderOverlay() {
        colormap.render(uploader.texture.view, into: overlay)
        blackHole(overlay.base)
    }
}

/// One recorded frame of seed 002: the edge-only overlay of the depth map (AC4), then the 1920×1440 YUV 4:2:0 frame
/// appended to the integrity hash chain (Story 7-4).
final class VideoFramePipeline: @unchecked Sendable {
    static let width = 1920, height = 1440
    static let frameBytes = YUVFrames.byteCount(width: width, height: height)
    /// Distinct synthetic frames cycled through (16.6 MB), so consecutive frames hash different bytes.
    static let distinctFrames = 4

    private let depth: DepthFrameCycle
    private let edges: EdgeOverlay
    private let overlay: ImageBuffer<RGBA8>
    private let frames: [[UInt8]]
    private var nextFrame = 0
    private var chain = FrameHashChain()

    init(source: WorkloadSource) throws {
        depth = try DepthFrameCycle(source: source)
        edges = EdgeOverlay(width: depth.width, height: depth.height)
        overlay = ImageBuffer<RGBA8>(width: depth.width, height: depth.height)
        frames = try Self.recordedFrames(source)
    }

    func processFrame() {
        edges.render(depth.next(), into: overlay)
        frames[nextFrame].withUnsafeBytes { _ = chain.append($0) }
        nextFrame = (nextFrame + 1) % frames.count
        blackHole(chain.head)
    }

    /// The seeded synthetic recording, or a capture's `frames.npy` (uint8 [F, B], one frame per row).
    private static func recordedFrames(_ source: WorkloadSource) throws -> [[UInt8]] {
        switch source {
        case let .synthetic(seed):
            return (0..<distinctFrames).map { YUVFrames.frame(width: width, height: height, seed: seed, index: $0) }
        case let .capture(directory):
            let (shape, bytes) = try CaptureInputs.read("frames.npy", in: directory, as: UInt8.self, rank: 2)
            let frameBytes = shape[1]
            return (0..<shape[0]).map { index in Array(bytes[(index * frameBytes)..<((index + 1) * frameBytes)]) }
        }
    }
}

/// LiDAR depth maps as ARKit delivers them (Float32 rows in a pixel buffer), handed out round robin so consecutive
/// frames differ: four seeded room scenes, or the one `depth.npy` of a capture.
final class DepthFrameCycle: @unchecked Sendable {
    static let syntheticMaps = 4
    let width: Int, height: Int
    private let maps: [ImageBuffer<Float>]
    private var index = 0

    init(source: WorkloadSource) throws {
        let depthMaps: [DepthMap]
        switch source {
        case let .synthetic(seed):
            depthMaps = (0..<Self.syntheticMaps).map { RoomScene.lidar(seed: seed &+ UInt64($0)).depth }
        case .capture:
            depthMaps = [try DepthInputs.depth(source)]
        }
        width = depthMaps[0].width
        height = depthMaps[0].height
        maps = depthMaps.map(Self.buffer)
    }

    /// The next map, round robin.
    func next() -> ImageView<Float> {
        defer { index = (index + 1) % maps.count }
        return maps[index].view
    }

    private static func buffer(_ map: DepthMap) -> ImageBuffer<Float> {
        let buffer = ImageBuffer<Float>(width: map.width, height: map.height)
        map.values.withUnsafeBufferPointer { values in
            for y in 0..<map.height {
                buffer.mutableRow(y).update(from: values.baseAddress! + y * map.width, count: map.width)
            }
        }
        return buffer
    }
}
