import XCTest
import CaptureKernels
import HotPaths
import NumpyFiles

/// The depth-side capture kernels on hand-made .npy inputs: outputs, layouts and parameters.
final class DepthKernelTests: XCTestCase {
    func testColormapWritesRGBAOfTheDepthsSize() throws {
        let folders = try KernelFolder()
        try folders.write("depth.npy", .depth([[0.5, 2.75, 5.0], [.nan, .infinity, 1.625]]))
        let summary = try folders.run(ColormapKernel.self)
        XCTAssertTrue(summary.hasPrefix("colormap: 3x2 depth -> rgba.npy 3x2"))
        let rgba = try folders.read("rgba.npy")
        XCTAssertEqual(rgba.shape, [2, 3, 4])
        XCTAssertEqual(try rgba.values(as: UInt8.self),
                       [255, 0, 0, 102, 128, 0, 128, 102, 0, 0, 255, 102, 0, 0, 0, 0, 0, 0, 0, 0, 191, 0, 64, 102])
    }

    func testColormapHonoursParametersAndOutputSize() throws {
        let folders = try KernelFolder()
        try folders.write("depth.npy", .depth([[1, 2], [3, 4]]))
        try folders.run(ColormapKernel.self, ["near": "1", "far": "4", "opacity": "1", "width": "5", "height": "3"])
        let rgba = try folders.read("rgba.npy")
        XCTAssertEqual(rgba.shape, [3, 5, 4])
        let values = try rgba.values(as: UInt8.self)
        XCTAssertEqual(Array(values[0..<4]), [255, 0, 0, 255], "top-left clamps to texel (0, 0) = near")
        XCTAssertEqual(Array(values[(14 * 4)..<(15 * 4)]), [0, 0, 255, 255], "bottom-right clamps to 4 m = far")
    }

    func testEdgeOverlayMarksTheStepOnly() throws {
        let folders = try KernelFolder()
        let rows: [[Float]] = (0..<4).map { _ in [3, 3, 3, 1, 1, 1] }
        try folders.write("depth.npy", .depth(rows))
        try folders.run(EdgeOverlayKernel.self, ["opacity": "0.5"])
        let values = try folders.read("rgba.npy").values(as: UInt8.self)
        let alpha = stride(from: 3, to: values.count, by: 4).map { values[$0] }
        XCTAssertEqual(alpha, Array(repeating: [0, 0, 128, 128, 0, 0] as [UInt8], count: 4).flatMap { $0 })
    }

    func testEdgeOverlayScalesByNearestPixelCentre() throws {
        let folders = try KernelFolder()
        try folders.write("depth.npy", .depth((0..<4).map { _ in [3, 3, 3, 1, 1, 1] }))
        try folders.run(EdgeOverlayKernel.self, ["width": "12", "height": "2"])
        let rgba = try folders.read("rgba.npy")
        XCTAssertEqual(rgba.shape, [2, 12, 4])
        let alpha = stride(from: 3, to: 48, by: 4).map { try! rgba.values(as: UInt8.self)[$0] }
        XCTAssertEqual(alpha, [0, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0])
    }

    func testPreviewScaleHalvesAFrameByExactAverage() throws {
        let folders = try KernelFolder()
        // 4x2 BGRA: each 2x2 block averages to a known value, with a +2 rounding of (sum + 2) / 4.
        let frame: [UInt8] = [0, 10, 255, 255, 1, 11, 255, 255, 100, 0, 0, 255, 101, 0, 0, 255,
                              2, 12, 254, 255, 4, 13, 254, 255, 102, 0, 1, 255, 103, 0, 0, 255]
        try folders.write("frame.npy", NpyArray(shape: [2, 4, 4], values: frame))
        try folders.run(PreviewScaleKernel.self)
        let preview = try folders.read("preview.npy")
        XCTAssertEqual(preview.shape, [1, 2, 4])
        XCTAssertEqual(try preview.values(as: UInt8.self), [2, 12, 255, 255, 102, 0, 0, 255])
    }

    func testTextureUploadWritesThePaddedTextureLayout() throws {
        let folders = try KernelFolder()
        let rows: [[Float]] = [[1, 2, 3], [4, .nan, 6]]
        try folders.write("depth.npy", .depth(rows))
        try folders.run(TextureUploadKernel.self, ["alignment": "16"])
        let texture = try folders.read("texture.npy")
        XCTAssertEqual(texture.shape, [2, 4], "3 floats = 12 bytes, padded to 16-byte rows")
        let values = try texture.values(as: Float.self)
        XCTAssertEqual(values[0..<4].map { $0 }, [1, 2, 3, 0])
        XCTAssertEqual(values[4], 4)
        XCTAssertTrue(values[5].isNaN)
        XCTAssertEqual(values[6...].map { $0 }, [6, 0])
    }

    func testEveryDepthKernelIsRegistered() throws {
        for id in ["texture-upload", "colormap", "edge-overlay", "preview-scale"] {
            XCTAssertEqual(try CaptureKernels.kernel(id).id, id)
        }
    }
}
