import HotPaths
import Workloads

/// A depth map copied into rows of `width + padding` floats, as ARKit hands over a padded `CVPixelBuffer`; the
/// padding holds a sentinel so a kernel that reads or copies it shows up.
final class PaddedDepth {
    let storage: UnsafeMutablePointer<Float>
    let view: ImageView<Float>
    static let sentinel: Float = -12345

    init(_ map: DepthMap, padding: Int = 16) {
        let pitch = map.width + padding
        storage = .allocate(capacity: pitch * map.height)
        storage.initialize(repeating: Self.sentinel, count: pitch * map.height)
        for y in 0..<map.height {
            for x in 0..<map.width { storage[y * pitch + x] = map[x, y] }
        }
        view = ImageView(base: storage, width: map.width, height: map.height, bytesPerRow: pitch * 4)
    }

    deinit { storage.deallocate() }
}

/// A depth map from rows of values, for hand-computed cases.
func depthMap(_ rows: [[Float]]) -> DepthMap {
    DepthMap(width: rows[0].count, height: rows.count, values: rows.flatMap { $0 })
}

/// The LiDAR frame most tests use (with its NaN, 0 and +Inf holes).
let roomLidar = RoomScene.lidar(seed: 7).depth
