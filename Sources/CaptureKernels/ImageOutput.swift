import Foundation
import HotPaths
import NumpyFiles

/// Writes an RGBA8/BGRA8 image as a `uint8 [height, width, 4]` `.npy` (row padding dropped).
enum ImageOutput {
    static func write(_ image: ImageBuffer<SIMD4<UInt8>>, to folder: String, file: String) throws {
        var bytes = [UInt8]()
        bytes.reserveCapacity(image.width * image.height * 4)
        for y in 0..<image.height {
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: image.view.row(y), count: image.width * 4))
        }
        try write(NpyArray(dtype: .uint8, shape: [image.height, image.width, 4], bytes: bytes), to: folder, file: file)
    }

    static func write(_ array: NpyArray, to folder: String, file: String) throws {
        try OutputFile.write(array, file: file, in: folder)
    }
}
