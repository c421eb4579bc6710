import XCTest
import HotPaths
import Workloads

final class TextureUploaderTests: XCTestCase {
    func testUploadHonoursPaddedSourceRowsAndLeavesTexturePaddingAlone() {
        let source = PaddedDepth(roomLidar, padding: 16)
        for optimized in [false, true] {
            let uploader = TextureUploader<Float>(width: 256, height: 192)
            XCTAssertEqual(uploader.texture.bytesPerRow, 1024)  // 256 floats: already a multiple of 256 bytes
            optimized ? uploader.upload(from: source.view) : uploader.uploadReference(from: source.view)
            XCTAssertTrue(uploader.texture.packedPixels().elementsEqual(roomLidar.values) { $0.bitPattern == $1.bitPattern })
        }
    }

    func testUploadIntoAlignedTextureOfAnOddWidthKeepsItsPaddingZero() {
        let map = RoomScene.lidar(width: 50, height: 7, seed: 3).depth
        let source = PaddedDepth(map, padding: 3)
        let uploader = TextureUploader<Float>(width: 50, height: 7)
        XCTAssertEqual(uploader.texture.bytesPerRow, 256)
        uploader.upload(from: source.view)
        XCTAssertTrue(uploader.texture.packedPixels().elementsEqual(map.values) { $0.bitPattern == $1.bitPattern })
        for y in 0..<7 {
            let row = UnsafeRawPointer(uploader.texture.view.row(y)).assumingMemoryBound(to: UInt32.self)
            XCTAssertTrue((50..<64).allSatisfy { row[$0] == 0 }, "row \(y): padding written")
        }
    }

    func testSamePitchUploadCopiesEveryRow() {
        let map = RoomScene.lidar(width: 64, height: 5, seed: 4).depth  // 256-byte rows: source pitch = texture pitch
        let uploader = TextureUploader<Float>(width: 64, height: 5)
        ImageView.withPacked(map.values, width: 64, height: 5) { uploader.upload(from: $0) }
        XCTAssertTrue(uploader.texture.packedPixels().elementsEqual(map.values) { $0.bitPattern == $1.bitPattern })
    }

    func testCameraFrameUploadOverThreadsEqualsReference() {
        let width = 1920, height = 1440, pitch = 1920 * 4 + 64
        var bytes = [UInt8](repeating: 0xEE, count: pitch * height)
        for y in 0..<height {
            for x in 0..<(width * 4) { bytes[y * pitch + x] = UInt8(truncatingIfNeeded: x &* 7 &+ y &* 13) }
        }
        let pool = WorkerPool(threads: 2)
        let optimized = TextureUploader<BGRA8>(width: width, height: height, pool: pool)
        let reference = TextureUploader<BGRA8>(width: width, height: height)
        bytes.withUnsafeBytes { raw in
            let view = ImageView<BGRA8>(base: raw.baseAddress!, width: width, height: height, bytesPerRow: pitch)
            optimized.upload(from: view)
            reference.uploadReference(from: view)
        }
        XCTAssertEqual(optimized.texture.bytesPerRow, 7680)
        XCTAssertEqual(memcmp(optimized.texture.base, reference.texture.base, 7680 * height), 0)
        XCTAssertEqual(optimized.texture[1919, 1439], BGRA8(bytes[1439 * pitch + 7676], bytes[1439 * pitch + 7677],
                                                              bytes[1439 * pitch + 7678], bytes[1439 * pitch + 7679]))
    }
}
