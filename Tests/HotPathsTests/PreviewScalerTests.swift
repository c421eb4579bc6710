import XCTest
import HotPaths
import Workloads

/// The camera-preview downscale (seed 003): exact 2×2 averages for 2:1, the Float bilinear otherwise, and
/// optimized == reference byte for byte.
final class PreviewScalerTests: XCTestCase {
    /// Scales with both variants (rows padded by `padding` bytes); fails unless they agree.
    private func scale(_ frame: CameraFrame, to width: Int, _ height: Int, padding: Int = 0,
                       pool: WorkerPool = .serial) -> ImageBuffer<BGRA8> {
        let pitch = frame.width * 4 + padding
        var bytes = [UInt8](repeating: 0xAB, count: pitch * frame.height)
        for y in 0..<frame.height {
            bytes.replaceSubrange((y * pitch)..<(y * pitch + frame.width * 4),
                                  with: frame.bytes[(y * frame.width * 4)..<((y + 1) * frame.width * 4)])
        }
        let scaler = PreviewScaler(sourceWidth: frame.width, sourceHeight: frame.height, outputWidth: width, outputHeight: height, pool: pool)
        let reference = ImageBuffer<BGRA8>(width: width, height: height)
        let optimized = ImageBuffer<BGRA8>(width: width, height: height)
        bytes.withUnsafeBytes { raw in
            let view = ImageView<BGRA8>(base: raw.baseAddress!, width: frame.width, height: frame.height, bytesPerRow: pitch)
            scaler.scaleReference(view, into: reference)
            scaler.scale(view, into: optimized)
        }
        XCTAssertEqual(optimized.packedPixels(), reference.packedPixels(), "\(frame.width)x\(frame.height) -> \(width)x\(height)")
        return optimized
    }

    func testHalvingIsTheRoundedTwoByTwoAverage() {
        // Sums 0+1+1+1 = 3 → (3 + 2) >> 2 = 1; 1+1+2+2 = 6 → 2 (6/4 = 1.5 rounds up); 255·4 → 255.
        let bytes: [UInt8] = [0, 1, 255, 9, 1, 1, 255, 9,
                              1, 2, 255, 9, 1, 2, 255, 9]
        let frame = CameraFrame(width: 2, height: 2, bytes: bytes)
        XCTAssertEqual(scale(frame, to: 1, 1)[0, 0], BGRA8(1, 2, 255, 9))
    }

    func testOptimizedEqualsReferenceOnTheRoomFrameHalvedOverThreads() {
        let frame = CameraFrame.room(width: 320, height: 240, seed: 11)
        let preview = scale(frame, to: 160, 120, padding: 64, pool: WorkerPool(threads: 2))
        // Spot check against the definition: the rounded mean of the 2×2 block.
        let (x, y) = (37, 81)
        for channel in 0..<4 {
            let sum = [(0, 0), (1, 0), (0, 1), (1, 1)].reduce(0) { total, offset in
                total + Int(frame.bytes[((2 * y + offset.1) * 320 + 2 * x + offset.0) * 4 + channel])
            }
            XCTAssertEqual(Int(preview[x, y][channel]), (sum + 2) >> 2)
        }
    }

    func testGeneralSizesUseTheSameBilinearFilterInBothVariants() {
        let frame = CameraFrame.room(width: 64, height: 48, seed: 12)
        for (width, height) in [(25, 17), (64, 48), (100, 75), (1, 1), (32, 47)] {
            _ = scale(frame, to: width, height, padding: 12)
        }
    }

    func testSameSizeIsACopy() {
        let frame = CameraFrame.room(width: 16, height: 8, seed: 13)
        XCTAssertEqual(scale(frame, to: 16, 8).packedPixels().flatMap { [$0.x, $0.y, $0.z, $0.w] }, frame.bytes)
    }
}
