import XCTest
@testable import CaptureKernels
import HotPaths
import NumpyFiles

/// `framebudget kernel fusion` on capture folders: the outputs of a good capture, and one clear error line with no
/// output folder for each kind of bad input.
final class FusionCaptureKernelTests: XCTestCase {
    private var fixture: FusionCaptureFixture!

    override func setUpWithError() throws { fixture = try FusionCaptureFixture() }
    override func tearDown() { fixture.remove() }

    private func runKernel(_ parameters: [String: String] = [:]) throws -> String {
        try OutputStaging.write(into: fixture.output) { staging in
            try FusionCaptureKernel.run(input: fixture.folder, output: staging, parameters: KernelParameters(parameters))
        }
    }

    /// Runs the kernel, expects this error, and checks that no output folder appeared.
    private func assertRefused(_ expected: KernelInputError, parameters: [String: String] = [:],
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try runKernel(parameters), file: file, line: line) { error in
            XCTAssertEqual(error as? KernelInputError, expected, "\(error)", file: file, line: line)
            XCTAssertFalse((error as CustomStringConvertible).description.contains("\n"), file: file, line: line)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.output), "no output folder", file: file, line: line)
    }

    func testGoodCaptureWritesTheMetricMapAndTheFit() throws {
        let summary = try runKernel()
        XCTAssertTrue(summary.contains("768 pairs"), summary)
        let metric = try NpyFile.read(fixture.output + "/metric.npy")
        XCTAssertEqual(metric.shape, [48, 64])
        let values = try metric.values(as: Float.self)
        for (value, relative) in zip(values, FusionCaptureFixture.relative) {
            XCTAssertEqual(value, 1.8 * relative + 0.35, accuracy: 1e-3)
        }
        let fit = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixture.output + "/fit.json"))) as? [String: Any]
        XCTAssertEqual(fit?["alpha"] as? Double ?? 0, 1.8, accuracy: 1e-3)
        XCTAssertEqual(fit?["beta"] as? Double ?? 0, 0.35, accuracy: 1e-3)
        XCTAssertEqual(fit?["pairs"] as? Int, 768)
    }

    func testWithoutConfidenceEveryPixelCountsAsHigh() throws {
        try FileManager.default.removeItem(atPath: fixture.path("confidence.npy"))
        XCTAssertTrue(try runKernel().contains("768 pairs"))
        try FileManager.default.removeItem(atPath: fixture.output)
        XCTAssertThrowsError(try runKernel(["min_confidence": "3"])) { error in
            XCTAssertEqual(error as? KernelInputError, .noResult(reason: "no fit: too few pairs: 0 < 20"))
        }
    }

    func testWrongDTypeIsRefused() throws {
        try fixture.write("lidar.npy", NpyArray(shape: [24, 32], values: [Double](repeating: 1, count: 768)))
        assertRefused(.invalidInput(file: fixture.path("lidar.npy"), reason: "dtype is float64, expected float32"))
    }

    func testWrongRankIsRefused() throws {
        try fixture.write("relative.npy", NpyArray(shape: [3072], values: FusionCaptureFixture.relative))
        assertRefused(.invalidInput(file: fixture.path("relative.npy"), reason: "shape [3072] has 1 dimensions, expected 2"))
    }

    func testTruncatedFileIsRefused() throws {
        let bytes = NpyFormat.serialize(NpyArray(shape: [24, 32], values: FusionCaptureFixture.lidar))
        try fixture.write("lidar.npy", bytes: Array(bytes.dropLast(100)))
        assertRefused(.invalidInput(file: fixture.path("lidar.npy"), reason: "truncated: header declares 3072 data bytes, file has 2972"))
    }

    func testNonNpyFileIsRefused() throws {
        try fixture.write("relative.npy", bytes: Array("depth,0.5,0.6\n".utf8))
        assertRefused(.invalidInput(file: fixture.path("relative.npy"), reason: "not a .npy file: missing the \\x93NUMPY magic"))
    }

    func testHeaderDeclaringGigabytesIsRefusedBeforeAllocating() throws {
        // 40 000 × 25 000 float32 = 4 GB: under the reader's 4 GiB limit, so only the file-size check stops it.
        try fixture.write("relative.npy", bytes: FusionCaptureFixture.header(descr: "<f4", shape: "(40000, 25000)", dataBytes: 16))
        assertRefused(.invalidInput(file: fixture.path("relative.npy"), reason: "truncated: header declares 4000000000 data bytes, file has 16"))
        try fixture.write("relative.npy", bytes: FusionCaptureFixture.header(descr: "<f4", shape: "(100000, 100000)", dataBytes: 16))
        assertRefused(.invalidInput(file: fixture.path("relative.npy"),
                                    reason: "header declares 40000000000 bytes of data, over the limit of 4294967296 bytes; refused before allocating"))
    }

    func testEmptyMapIsRefused() throws {
        try fixture.write("lidar.npy", NpyArray(shape: [0, 32], values: [Float]()))
        assertRefused(.invalidInput(file: fixture.path("lidar.npy"), reason: "shape [0, 32] is empty"))
    }

    func testLidarNarrowerThanTwoPixelsIsRefused() throws {
        try fixture.write("lidar.npy", NpyArray(shape: [24, 1], values: [Float](repeating: 1, count: 24)))
        assertRefused(.invalidInput(file: fixture.path("lidar.npy"),
                                    reason: "shape [24, 1]: fusion needs at least 2x2 (it maps by (w-1) and (h-1))"))
    }

    /// NaN in a model's relative map is ordinary input, taken as document 001 takes it: a LiDAR pixel whose bilinear
    /// taps touch a NaN gives no pair, the fit comes from the others, and the metric map holds 0.01 there.
    func testNaNPatchesInTheRelativeMapGiveNoPairsAndTheMinimumDepth() throws {
        var relative = FusionCaptureFixture.relative
        let holes = [2 * 64 + 5] + (20..<23).flatMap { y in (30..<34).map { y * 64 + $0 } }
        for hole in holes { relative[hole] = .nan }
        try fixture.write("relative.npy", NpyArray(shape: [48, 64], values: relative))
        // LiDAR pixel (lx, ly) samples x = lx·63/31, y = ly·47/23 between columns ⌊x⌋, ⌊x⌋+1 and rows ⌊y⌋, ⌊y⌋+1.
        let lost = (0..<24).flatMap { ly in (0..<32).map { lx in (lx, ly) } }.filter { lx, ly in
            let x = Int(Float(lx) / 31 * 63), y = Int(Float(ly) / 23 * 47)
            let taps = [y * 64 + x, y * 64 + min(x + 1, 63), min(y + 1, 47) * 64 + x, min(y + 1, 47) * 64 + min(x + 1, 63)]
            return taps.contains { holes.contains($0) }
        }.count
        XCTAssertGreaterThan(lost, 0)
        let summary = try runKernel()
        XCTAssertTrue(summary.contains("from \(768 - lost) pairs"), summary)
        let values = try NpyFile.read(fixture.output + "/metric.npy").values(as: Float.self)
        for (index, value) in values.enumerated() {
            if holes.contains(index) { XCTAssertEqual(value, 0.01, "metric[\(index)] under a NaN") }
            else { XCTAssertEqual(value, 1.8 * FusionCaptureFixture.relative[index] + 0.35, accuracy: 1e-3) }
        }
    }

    func testConfidenceOfAnotherShapeIsRefused() throws {
        try fixture.write("confidence.npy", NpyArray(shape: [32, 24], values: [UInt8](repeating: 2, count: 768)))
        assertRefused(.invalidInput(file: fixture.path("confidence.npy"), reason: "shape [32, 24] differs from lidar.npy's [24, 32]"))
    }

    func testMinDepthNotBelowMaxDepthIsRefused() {
        assertRefused(.badParameter(name: "min_depth", reason: "4.0 must be below max_depth 4.0"), parameters: ["min_depth": "4", "max_depth": "4"])
    }

    func testUnknownParameterIsRefused() {
        assertRefused(.badParameter(name: "min_conf", reason: "unknown parameter (known: min_depth, max_depth, min_confidence)"), parameters: ["min_conf": "2"])
    }

    func testAllInvalidLidarIsNoFitWithTheReason() throws {
        try fixture.write("lidar.npy", NpyArray(shape: [24, 32], values: [Float](repeating: .nan, count: 768)))
        assertRefused(.noResult(reason: "no fit: too few pairs: 0 < 20"))
    }

    func testMissingLidarIsAMissingFile() {
        try? FileManager.default.removeItem(atPath: fixture.path("lidar.npy"))
        assertRefused(.missingFile(file: fixture.path("lidar.npy")))
    }
}

extension FusionCaptureKernelTests {
    func testFolderInPlaceOfAnInputIsRefusedNotACrash() throws {
        try FileManager.default.removeItem(atPath: fixture.path("relative.npy"))
        try FileManager.default.createDirectory(atPath: fixture.path("relative.npy"), withIntermediateDirectories: false)
        assertRefused(.invalidInput(file: fixture.path("relative.npy"), reason: "cannot read: is a folder"))
    }
}
