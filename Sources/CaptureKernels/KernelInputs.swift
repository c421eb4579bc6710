import Foundation
import NumpyFiles

/// Reading and checking the `.npy` inputs the detection kernels share, each problem one line naming the file by its
/// path (as the depth kernels do), not by its bare name.
enum KernelInputs {
    /// The `variant` parameter: `optimized` (the default) or `reference`.
    static func variant(_ parameters: KernelParameters) throws -> String {
        let variant = parameters.string("variant") ?? "optimized"
        guard ["optimized", "reference"].contains(variant) else {
            throw KernelInputError.badParameter(name: "variant", reason: "'\(variant)' is not optimized or reference")
        }
        return variant
    }

    /// A file that must exist with this dtype and exactly this shape.
    static func read<T: NpyElement>(_ folder: String, _ name: String, as type: T.Type, shape: [Int],
                                    meaning: String) throws -> [T] {
        let path = folder + "/" + name
        guard FileManager.default.fileExists(atPath: path) else { throw KernelInputError.missingFile(file: path) }
        let array = try NpyFile.read(path)
        let values = try array.values(as: T.self, file: path)
        guard array.shape == shape else {
            throw NpyError.wrongRank(file: path, expected: "\(shape) (\(meaning))", found: array.shape)
        }
        return values
    }

    /// `boxes.npy` float32 [N, 4], `x1, y1, x2, y2` per row; non-finite coordinates and inverted boxes are refused.
    static func boxes(in folder: String) throws -> [Float] {
        let path = folder + "/boxes.npy"
        guard FileManager.default.fileExists(atPath: path) else { throw KernelInputError.missingFile(file: path) }
        let array = try NpyFile.read(path)
        let values = try array.values(as: Float.self, file: path)
        guard array.shape.count == 2, array.shape[1] == 4 else {
            throw NpyError.wrongRank(file: path, expected: "[N, 4] (x1, y1, x2, y2 per box)", found: array.shape)
        }
        for row in 0..<array.shape[0] {
            let (x1, y1, x2, y2) = (values[4 * row], values[4 * row + 1], values[4 * row + 2], values[4 * row + 3])
            guard x1.isFinite && y1.isFinite && x2.isFinite && y2.isFinite else {
                throw KernelInputError.invalidInput(file: path, reason: "row \(row) has a non-finite coordinate")
            }
            guard x2 >= x1 && y2 >= y1 else {
                throw KernelInputError.invalidInput(
                    file: path, reason: "row \(row) is inverted (x1 \(x1), y1 \(y1), x2 \(x2), y2 \(y2)); boxes are x1, y1, x2, y2")
            }
        }
        return values
    }
}
