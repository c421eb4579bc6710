import XCTest
import CaptureKernels
import NumpyFiles

/// Bad input to the depth-side kernels: one KernelInputError naming the file or parameter, and no output folder.
final class DepthKernelInputErrorTests: XCTestCase {
    private let depthKernels: [any CaptureKernel.Type] = [ColormapKernel.self, EdgeOverlayKernel.self, TextureUploadKernel.self]

    /// Runs `kernel` and returns the error's message; fails if it succeeds or leaves an output behind.
    private func failure(_ kernel: any CaptureKernel.Type, _ folders: KernelFolder, _ parameters: [String: String] = [:]) -> String {
        do {
            try folders.run(kernel, parameters)
            XCTFail("\(kernel.id) accepted bad input")
        } catch let error as KernelInputError {
            XCTAssertFalse(folders.outputExists, "\(kernel.id): output folder written on bad input")
            XCTAssertFalse(error.description.contains("\n"))
            return error.description
        } catch {
            XCTFail("\(kernel.id): unexpected error \(error)")
        }
        return ""
    }

    private func folders(depth: NpyArray) throws -> KernelFolder {
        let folders = try KernelFolder()
        try folders.write("depth.npy", depth)
        return folders
    }

    func testMissingDepthFileIsNamed() throws {
        let folders = try KernelFolder()
        for kernel in depthKernels { XCTAssertEqual(failure(kernel, folders), "\(folders.input)/depth.npy: missing input file") }
        XCTAssertEqual(failure(PreviewScaleKernel.self, folders), "\(folders.input)/frame.npy: missing input file")
    }

    func testWrongDTypeIsRefused() throws {
        let folders = try folders(depth: NpyArray(shape: [2, 2], values: [1.0, 2.0, 3.0, 4.0] as [Double]))
        for kernel in depthKernels { XCTAssertEqual(failure(kernel, folders), "\(folders.input)/depth.npy: dtype is float64, expected float32") }
    }

    func testWrongRankIsRefused() throws {
        let folders = try folders(depth: NpyArray(shape: [2, 2, 1], values: [1, 2, 3, 4] as [Float]))
        for kernel in depthKernels {
            XCTAssertEqual(failure(kernel, folders), "\(folders.input)/depth.npy: shape [2, 2, 1] has 3 dimensions, expected 2")
        }
    }

    func testEmptyMapIsRefused() throws {
        let folders = try folders(depth: NpyArray(shape: [0, 5], values: [] as [Float]))
        for kernel in depthKernels { XCTAssertEqual(failure(kernel, folders), "\(folders.input)/depth.npy: shape [0, 5] is empty") }
    }

    func testTruncatedAndNonNpyFilesAreRefused() throws {
        let folders = try KernelFolder()
        let whole = NpyFormat.serialize(NpyArray(shape: [4, 4], values: [Float](repeating: 1, count: 16)))
        try folders.writeRaw("depth.npy", Array(whole.dropLast(8)))
        for kernel in depthKernels {
            XCTAssertEqual(failure(kernel, folders), "\(folders.input)/depth.npy: truncated: header declares 64 data bytes, file has 56")
        }
        try folders.writeRaw("depth.npy", Array("depth,1,2,3\n".utf8))
        for kernel in depthKernels {
            XCTAssertEqual(failure(kernel, folders), "\(folders.input)/depth.npy: not a .npy file: missing the \\x93NUMPY magic")
        }
    }

    func testPaletteParametersAreChecked() throws {
        let folders = try folders(depth: .depth([[1, 2], [3, 4]]))
        for kernel in [ColormapKernel.self, EdgeOverlayKernel.self] as [any CaptureKernel.Type] {
            XCTAssertEqual(failure(kernel, folders, ["near": "5", "far": "5"]), "parameter 'near': 5.0 must be less than far (5.0)")
            XCTAssertEqual(failure(kernel, folders, ["near": "6"]), "parameter 'near': 6.0 must be less than far (5.0)")
            XCTAssertEqual(failure(kernel, folders, ["opacity": "1.5"]), "parameter 'opacity': 1.5 is outside 0...1")
            XCTAssertEqual(failure(kernel, folders, ["opacity": "-0.1"]), "parameter 'opacity': -0.1 is outside 0...1")
            XCTAssertEqual(failure(kernel, folders, ["far": "nan"]), "parameter 'far': 'nan' is not a finite number")
            // Finite as a Double, infinite as the Float the shader takes: refused, not a trap in the palette.
            XCTAssertEqual(failure(kernel, folders, ["far": "1e39"]), "parameter 'far': '1e39' is beyond a 32-bit float (±3.4028235e+38)")
            XCTAssertEqual(failure(kernel, folders, ["near": "-1e39"]), "parameter 'near': '-1e39' is beyond a 32-bit float (±3.4028235e+38)")
            XCTAssertTrue(failure(kernel, folders, ["colour": "red"]).hasPrefix("parameter 'colour': unknown parameter"))
        }
        XCTAssertEqual(failure(EdgeOverlayKernel.self, folders, ["threshold": "-1"]), "parameter 'threshold': -1.0 must be ≥ 0")
        XCTAssertEqual(failure(EdgeOverlayKernel.self, folders, ["threshold": "1e39"]),
                       "parameter 'threshold': '1e39' is beyond a 32-bit float (±3.4028235e+38)")
        XCTAssertEqual(failure(TextureUploadKernel.self, folders, ["alignment": "100"]),
                       "parameter 'alignment': 100 is not a power of two from 4 to 4096")
    }

    func testOutputSizesAreChecked() throws {
        let folders = try folders(depth: .depth([[1, 2], [3, 4]]))
        for kernel in [ColormapKernel.self, EdgeOverlayKernel.self] as [any CaptureKernel.Type] {
            XCTAssertEqual(failure(kernel, folders, ["width": "0"]), "parameter 'width': 0 must be positive")
            XCTAssertEqual(failure(kernel, folders, ["height": "-4"]), "parameter 'height': -4 must be positive")
            XCTAssertEqual(failure(kernel, folders, ["width": "100000"]), "parameter 'width': 100000 is over 16384")
            XCTAssertEqual(failure(kernel, folders, ["width": "16384", "height": "16384"]),
                           "parameter 'width': 16384x16384 is over 67108864 pixels")
            XCTAssertEqual(failure(kernel, folders, ["width": "wide"]), "parameter 'width': 'wide' is not an integer")
        }
    }

    func testPreviewScaleRefusesFramesWithoutFourChannels() throws {
        let folders = try KernelFolder()
        try folders.write("frame.npy", NpyArray(shape: [2, 2, 3], values: [UInt8](repeating: 9, count: 12)))
        XCTAssertEqual(failure(PreviewScaleKernel.self, folders), "\(folders.input)/frame.npy: shape [2, 2, 3]: last dimension must be 4 channels")
        try folders.write("frame.npy", NpyArray(shape: [2, 2, 4], values: [Float](repeating: 9, count: 16)))
        XCTAssertEqual(failure(PreviewScaleKernel.self, folders), "\(folders.input)/frame.npy: dtype is float32, expected uint8")
        try folders.write("frame.npy", NpyArray(shape: [2, 2, 4], values: [UInt8](repeating: 9, count: 16)))
        XCTAssertEqual(failure(PreviewScaleKernel.self, folders, ["width": "0"]), "parameter 'width': 0 must be positive")
    }
}
