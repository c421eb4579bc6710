import Foundation
import NumpyFiles

/// Reads the named `.npy` inputs of a capture folder, checked for dtype, rank and emptiness; every failure is a
/// ``KernelInputError`` whose one line names the file. Shared by the capture kernels and by `run --workload`.
public enum CaptureInputs {
    /// The path of an input file in a capture folder.
    public static func path(_ name: String, in folder: String) -> String {
        (folder as NSString).appendingPathComponent(name)
    }

    /// True when the capture holds a file of that name.
    public static func contains(_ name: String, in folder: String) -> Bool {
        FileManager.default.fileExists(atPath: path(name, in: folder))
    }

    /// Reads `folder/name`, which must be a non-empty array of element type `T` with `rank` dimensions.
    /// - Throws: ``KernelInputError/missingFile`` when absent; ``KernelInputError/invalidInput`` for an unreadable,
    ///   truncated or non-.npy file, a header that declares too much data, a wrong dtype or rank, an empty shape.
    public static func read<T: NpyElement>(
        _ name: String, in folder: String, as type: T.Type, rank: Int
    ) throws -> (shape: [Int], values: [T]) {
        let file = path(name, in: folder)
        guard contains(name, in: folder) else { throw KernelInputError.missingFile(file: file) }
        let array: NpyArray
        do { array = try NpyFile.read(file) }
        catch let error as NpyError { throw KernelInputError.invalidInput(file: file, reason: reason(of: error, file: file)) }
        guard array.dtype == T.npyDType else {
            throw KernelInputError.invalidInput(file: file, reason: "dtype is \(array.dtype.name), expected \(T.npyDType.name)")
        }
        guard array.shape.count == rank else {
            throw KernelInputError.invalidInput(file: file, reason: "shape \(array.shape) has \(array.shape.count) dimensions, expected \(rank)")
        }
        guard array.count > 0 else { throw KernelInputError.invalidInput(file: file, reason: "shape \(array.shape) is empty") }
        return (array.shape, try array.values(as: T.self, file: file))
    }

    /// Like ``read(_:in:as:rank:)``, but nil when the capture has no such file (an optional input).
    public static func readIfPresent<T: NpyElement>(
        _ name: String, in folder: String, as type: T.Type, rank: Int
    ) throws -> (shape: [Int], values: [T])? {
        contains(name, in: folder) ? try read(name, in: folder, as: type, rank: rank) : nil
    }

    /// The reader's message without its leading "path: ", which the kernel error adds back.
    private static func reason(of error: NpyError, file: String) -> String {
        let text = error.description
        return text.hasPrefix(file + ": ") ? String(text.dropFirst(file.count + 2)) : text
    }
}
