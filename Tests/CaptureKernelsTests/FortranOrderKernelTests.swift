import Foundation
import XCTest
import CaptureKernels
import HotPaths
import NumpyFiles
import Workloads

/// Every capture kernel on the same inputs saved in C order and in Fortran order (as numpy saves a transposed
/// array): the outputs must be identical, byte for byte.
final class FortranOrderKernelTests: XCTestCase {
    private struct Capture {
        var kernel: any CaptureKernel.Type
        var inputs: [String: NpyArray]
        var parameters: [String: String] = [:]
    }

    /// The inputs of each kernel (non-square where it can be, so that the two orders differ), and its parameters.
    private static let captures: [Capture] = {
        let depth = NpyArray(shape: [5, 7], values: (0..<35).map { (i: Int) -> Float in 0.4 + Float((i * 13) % 29) * 0.17 })
        let frame = NpyArray(shape: [4, 6, 4], values: (0..<96).map { (i: Int) -> UInt8 in UInt8((i * 37) % 251) })
        let frames = NpyArray(dtype: .uint8, shape: [4, 96], bytes: (0..<384).map { (i: Int) -> UInt8 in UInt8(truncatingIfNeeded: i * 7 + i / 13) })
        var captures: [Capture] = [
            Capture(kernel: TextureUploadKernel.self, inputs: ["depth.npy": depth], parameters: ["alignment": "16"]),
            Capture(kernel: ColormapKernel.self, inputs: ["depth.npy": depth], parameters: ["width": "9", "height": "4"]),
            Capture(kernel: EdgeOverlayKernel.self, inputs: ["depth.npy": depth]),
            Capture(kernel: PreviewScaleKernel.self, inputs: ["frame.npy": frame]),
        ]
        captures.append(fusion())
        let boxes: [Float] = [0, 0, 10, 10,  1, 1, 11, 11,  50, 50, 60, 62,  3, 40, 30, 47]
        let scores: [Float] = [0.8, 0.9, 0.75, 0.95]
        let classes: [Int32] = [0, 0, 1, 0]
        captures.append(Capture(kernel: NMSKernel.self, inputs: [
            "boxes.npy": NpyArray(shape: [4, 4], values: boxes),
            "scores.npy": NpyArray(shape: [4], values: scores),
            "classes.npy": NpyArray(shape: [4], values: classes),
        ], parameters: ["conf": "0.5"]))
        let prototypes = (0..<(32 * 12 * 16)).map { (i: Int) -> Float in Float((i * 37) % 101) / 25 - 2 }
        let coefficients = (0..<64).map { (i: Int) -> Float in Float(i % 7) / 10 - 0.3 }
        let maskBoxes: [Float] = [4, 6, 40, 30,  -30, 20, 90, 70]
        captures.append(Capture(kernel: MaskUpsampleKernel.self, inputs: [
            "protos.npy": NpyArray(shape: [32, 12, 16], values: prototypes),
            "coeffs.npy": NpyArray(shape: [2, 32], values: coefficients),
            "boxes.npy": NpyArray(shape: [2, 4], values: maskBoxes),
        ], parameters: ["width": "64", "height": "48"]))
        captures.append(Capture(kernel: HashChainKernel.self, inputs: ["frames.npy": frames]))
        captures.append(Capture(kernel: HashVerifyKernel.self, inputs: ["frames.npy": frames, "chain.npy": chain(frames)]))
        let intrinsics: [Float] = [1450, 0, 0,  0, 1460, 0,  962.5, 718.25, 1]
        let transform: [Float] = [0, 1, 0, 0,  -1, 0, 0, 0,  0, 0, 1, 0,  0.5, 1.25, -2, 1]
        let detections: [Float] = [962.5, 718.25, 0.25, 2,  1252.5, 572.25, 0.01, 3,  10, 20, 0.5, 1]
        captures.append(Capture(kernel: UnprojectKernel.self, inputs: [
            "intrinsics.npy": NpyArray(shape: [3, 3], values: intrinsics),
            "transform.npy": NpyArray(shape: [4, 4], values: transform),
            "detections.npy": NpyArray(shape: [3, 4], values: detections),
        ]))
        let hands = [HandLandmarks.pose(raised: [false, true, true, false, false]), HandLandmarks.pose(raised: [true, true, true, true, true])]
        let landmarks: [Double] = hands.flatMap { hand in hand.flatMap { [$0.x, $0.y] } }
        captures.append(Capture(kernel: FingerCountKernel.self, inputs: ["landmarks.npy": NpyArray(shape: [2, 21, 2], values: landmarks)]))
        return captures
    }()

    private static func fusion() -> Capture {
        let lidarShape = [FusionCaptureFixture.lidarHeight, FusionCaptureFixture.lidarWidth]
        let relativeShape = [FusionCaptureFixture.relativeHeight, FusionCaptureFixture.relativeWidth]
        let confidence = (0..<(lidarShape[0] * lidarShape[1])).map { (i: Int) -> UInt8 in i % 7 == 0 ? 1 : 2 }
        return Capture(kernel: FusionCaptureKernel.self, inputs: [
            "lidar.npy": NpyArray(shape: lidarShape, values: FusionCaptureFixture.lidar),
            "relative.npy": NpyArray(shape: relativeShape, values: FusionCaptureFixture.relative),
            "confidence.npy": NpyArray(shape: lidarShape, values: confidence),
        ])
    }

    /// The chain of links of `frames`, as hash-verify expects it.
    private static func chain(_ frames: NpyArray) -> NpyArray {
        var chain = FrameHashChain()
        let links = (0..<frames.shape[0]).flatMap { row in
            Array(frames.bytes[(row * 96)..<((row + 1) * 96)]).withUnsafeBytes { chain.append($0).byteArray }
        }
        return NpyArray(dtype: .uint8, shape: [frames.shape[0], 32], bytes: links)
    }

    func testEveryKernelIsCovered() {
        XCTAssertEqual(Set(Self.captures.map { $0.kernel.id }), Set(CaptureKernels.all.map { $0.id }))
        XCTAssertEqual(Self.captures.count, CaptureKernels.all.count)
    }

    func testEveryKernelGivesTheSameOutputBytesForFortranOrderedInputs() throws {
        for capture in Self.captures {
            let (kernel, inputs, parameters) = (capture.kernel, capture.inputs, capture.parameters)
            let cOrder = try KernelFolder(), fortranOrder = try KernelFolder()
            for (name, array) in inputs {
                try cOrder.write(name, array)
                let fortran = array.fortranOrderedFile
                try fortranOrder.writeRaw(name, fortran)
                // The file really is in the other order, and the reader gives it back as it was.
                XCTAssertTrue(String(decoding: fortran.prefix(128), as: UTF8.self).contains("'fortran_order': True"))
                if array.shape.filter({ $0 > 1 }).count > 1 {
                    XCTAssertNotEqual(Array(fortran.suffix(array.bytes.count)), array.bytes, "\(kernel.id) \(name)")
                }
                XCTAssertEqual(try NpyFile.read(fortranOrder.input + "/" + name), array, "\(kernel.id) \(name)")
            }
            let summary = try cOrder.run(kernel, parameters)
            XCTAssertEqual(try fortranOrder.run(kernel, parameters), summary, kernel.id)
            let outputs = try FileManager.default.contentsOfDirectory(atPath: cOrder.output).sorted()
            XCTAssertFalse(outputs.isEmpty, kernel.id)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fortranOrder.output).sorted(), outputs, kernel.id)
            for name in outputs {
                XCTAssertEqual(FileManager.default.contents(atPath: cOrder.output + "/" + name),
                               FileManager.default.contents(atPath: fortranOrder.output + "/" + name), "\(kernel.id) \(name)")
            }
        }
    }
}

extension NpyArray {
    /// This array as numpy saves its Fortran-contiguous copy (`np.save(path, np.asfortranarray(a))`): a version 1.0
    /// header with `'fortran_order': True`, then the elements with the first index fastest.
    var fortranOrderedFile: [UInt8] {
        let shapeText = shape.count == 1 ? "(\(shape[0]),)" : "(" + shape.map(String.init).joined(separator: ", ") + ")"
        var header = "{'descr': '\(dtype.rawValue)', 'fortran_order': True, 'shape': \(shapeText), }"
        header += String(repeating: " ", count: (64 - (10 + header.utf8.count + 1) % 64) % 64) + "\n"
        let length = header.utf8.count
        var data = [UInt8](repeating: 0, count: bytes.count)
        let size = dtype.size
        for cIndex in 0..<count {
            // The C index's coordinates, then their offset with the first index fastest.
            var rest = cIndex, coordinates = [Int](repeating: 0, count: shape.count)
            for axis in shape.indices.reversed() { (rest, coordinates[axis]) = rest.quotientAndRemainder(dividingBy: shape[axis]) }
            let fortranIndex = shape.indices.reversed().reduce(0) { $0 * shape[$1] + coordinates[$1] }
            data[(fortranIndex * size)..<((fortranIndex + 1) * size)] = bytes[(cIndex * size)..<((cIndex + 1) * size)]
        }
        return [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(length & 0xFF), UInt8(length >> 8)] + Array(header.utf8) + data
    }
}
