import Foundation
import NumpyFiles

/// A capture folder for fusion tests: a 32×24 LiDAR frame whose depth is exactly 1.8·rel + 0.35 of a 64×48
/// relative map that is linear in x and y (so bilinear sampling is exact and the fit recovers α and β).
struct FusionCaptureFixture {
    static let lidarWidth = 32, lidarHeight = 24, relativeWidth = 64, relativeHeight = 48
    let folder: String
    let output: String

    init() throws {
        let root = NSTemporaryDirectory() + "fb-fusion-\(UUID().uuidString)"
        folder = root + "/capture"
        output = root + "/out"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write("relative.npy", NpyArray(shape: [Self.relativeHeight, Self.relativeWidth], values: Self.relative))
        try write("lidar.npy", NpyArray(shape: [Self.lidarHeight, Self.lidarWidth], values: Self.lidar))
        try write("confidence.npy", NpyArray(shape: [Self.lidarHeight, Self.lidarWidth],
                                             values: [UInt8](repeating: 2, count: Self.lidarWidth * Self.lidarHeight)))
    }

    static var relative: [Float] {
        (0..<(relativeWidth * relativeHeight)).map { i in 0.3 + 0.01 * Float(i % relativeWidth) + 0.01 * Float(i / relativeWidth) }
    }

    /// Depth at each LiDAR pixel through the exact inverse of the mapping (a linear map samples exactly).
    static var lidar: [Float] {
        (0..<(lidarWidth * lidarHeight)).map { i in
            let x = Float(i % lidarWidth) / Float(lidarWidth - 1) * Float(relativeWidth - 1)
            let y = Float(i / lidarWidth) / Float(lidarHeight - 1) * Float(relativeHeight - 1)
            return 1.8 * (0.3 + 0.01 * x + 0.01 * y) + 0.35
        }
    }

    func path(_ name: String) -> String { folder + "/" + name }

    func write(_ name: String, _ array: NpyArray) throws { try NpyFile.write(array, to: path(name)) }

    func write(_ name: String, bytes: [UInt8]) throws {
        guard FileManager.default.createFile(atPath: path(name), contents: Data(bytes)) else { throw CocoaError(.fileWriteUnknown) }
    }

    /// A .npy header (version 1.0) declaring this dtype and shape, followed by `dataBytes` bytes only.
    static func header(descr: String, shape: String, dataBytes: Int) -> [UInt8] {
        var text = "{'descr': '\(descr)', 'fortran_order': False, 'shape': \(shape), }"
        text += String(repeating: " ", count: (64 - (10 + text.utf8.count + 1) % 64) % 64) + "\n"
        let length = text.utf8.count
        return [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(length & 0xFF), UInt8(length >> 8)] + Array(text.utf8)
            + [UInt8](repeating: 0, count: dataBytes)
    }

    func remove() { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
}
