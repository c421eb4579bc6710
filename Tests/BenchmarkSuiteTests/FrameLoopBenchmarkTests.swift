import XCTest
import BenchmarkSuite
import FrameLoop
import Measurement

/// The frame-loop benchmarks as registered: ids of the contract, cadences and policies. (Running them is the
/// engine's, tested in MeasurementTests on a synthetic pipeline; the kernels are far too slow in a debug build.)
final class FrameLoopBenchmarkTests: XCTestCase {
    private func benchmark(_ id: String) throws -> Benchmark {
        try XCTUnwrap(Suite.all().first { $0.id == id }, "\(id) is not in the suite")
    }

    func testPhotoLoopsRunAt60FPSUnderBothPolicies() throws {
        for (id, policy) in [("frame-loop/photo/drop", FramePolicy.drop), ("frame-loop/photo/queue", .queue())] {
            let spec = try XCTUnwrap(try benchmark(id).frameLoop)
            XCTAssertEqual(spec.cadenceMilliseconds, 1000.0 / 60, accuracy: 1e-12)
            XCTAssertEqual(spec.policy, policy)
            XCTAssertEqual(spec.defaultFrames, 600)
        }
    }

    func testVideoLoopsRunAt30FPSForTheLongestRecording() throws {
        for (id, policy) in [("frame-loop/video/drop", FramePolicy.drop), ("frame-loop/video/queue", .queue())] {
            let spec = try XCTUnwrap(try benchmark(id).frameLoop)
            XCTAssertEqual(spec.cadenceMilliseconds, 1000.0 / 30, accuracy: 1e-12)
            XCTAssertEqual(spec.policy, policy)
            XCTAssertEqual(spec.defaultFrames, 450)
        }
    }

    func testPhotoFrameIsAnOrdinaryBenchmarkProfiledInUploadAndColormap() throws {
        let photo = try benchmark("photo-frame/optimized/256x192-to-1920x1440")
        XCTAssertNil(photo.frameLoop)
        XCTAssertEqual(photo.bytesPerIteration, Double(3 * 256 * 192 * 4 + 1920 * 1440 * 4))
    }
}
