import CaptureKernels
import HotPaths
import Measurement
import Workloads

/// Inputs of the depth-side benchmarks (texture upload, colormap, edge overlay, preview scale), built in set-up:
/// the synthetic room, or a capture folder's `depth.npy` / `frame.npy` (read through ``CaptureInputs``).
enum DepthInputs {
    /// Extra bytes at the end of every source row, as a padded `CVPixelBuffer` may have: exercises the strided path.
    static let sourceRowPadding = 64

    /// The LiDAR depth map of the workload (256×192 synthetic).
    static func depth(_ source: WorkloadSource) throws -> DepthMap {
        switch source {
        case let .synthetic(seed): return RoomScene.lidar(seed: seed).depth
        case let .capture(directory):
            let map = try CaptureInputs.depthMap(in: directory)
            return DepthMap(width: map.width, height: map.height, values: map.values)
        }
    }

    /// The camera frame of the workload (1920×1440 BGRA synthetic).
    static func frame(_ source: WorkloadSource) throws -> CameraFrame {
        switch source {
        case let .synthetic(seed): return CameraFrame.room(width: 1920, height: 1440, seed: seed)
        case let .capture(directory):
            let image = try CaptureInputs.image(in: directory)
            return CameraFrame(width: image.width, height: image.height, bytes: image.bytes)
        }
    }

    /// The frame's pixels, 4 bytes each.
    static func pixels(_ frame: CameraFrame) -> [BGRA8] {
        stride(from: 0, to: frame.bytes.count, by: 4).map {
            BGRA8(frame.bytes[$0], frame.bytes[$0 + 1], frame.bytes[$0 + 2], frame.bytes[$0 + 3])
        }
    }

    /// The depth map as an uploaded texture (256-byte aligned rows), the colormap's and edge overlay's input.
    static func depthTexture(_ source: WorkloadSource) throws -> ImageBuffer<Float> {
        let map = try depth(source)
        let uploader = TextureUploader<Float>(width: map.width, height: map.height, pool: .serial)
        ImageView.withPacked(map.values, width: map.width, height: map.height) { uploader.upload(from: $0) }
        return uploader.texture
    }
}

/// A source image with padded rows, owned by a benchmark's set-up and freed by its tear-down.
final class PaddedSource<Pixel>: @unchecked Sendable {
    let storage: UnsafeMutableRawPointer
    let view: ImageView<Pixel>

    init(_ pixels: [Pixel], width: Int, height: Int, padding: Int = DepthInputs.sourceRowPadding) {
        let pitch = width * MemoryLayout<Pixel>.stride + padding
        let storage = UnsafeMutableRawPointer.allocate(byteCount: pitch * height, alignment: 64)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: pitch * height)
        self.storage = storage
        pixels.withUnsafeBytes { raw in
            for y in 0..<height {
                (storage + y * pitch).copyMemory(from: raw.baseAddress! + y * width * MemoryLayout<Pixel>.stride,
                                                 byteCount: width * MemoryLayout<Pixel>.stride)
            }
        }
        view = ImageView(base: storage, width: width, height: height, bytesPerRow: pitch)
    }

    func deallocate() { storage.deallocate() }
}

/// Keeps set-up objects alive until tear-down (the iteration closure holds them).
struct Retained<Value>: @unchecked Sendable {
    let value: Value
}
