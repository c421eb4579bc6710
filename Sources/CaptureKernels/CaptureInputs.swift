import Foundation
import NumpyFiles

/// Reads a kernel's (or a benchmark's) inputs from a capture folder of `.npy` files, turning every problem into a
/// one-line ``KernelInputError`` that names the file: missing, not a `.npy`, truncated, too large, wrong dtype or
/// rank, empty. The one place capture inputs are read: `framebudget kernel` and `run --workload` both use it.
public enum CaptureInputs {
    /// The path of an input file in a capture folder.
    public static func path(_ name: String, in folder: String) -> String {
        (folder as NSString).appendingPathComponent(name)
    }

    /// True when the capture holds a file of that name.
    public static func contains(_ name: String, in folder: String) -> Bool {
        FileManager.default.fileExists(atPath: path(name, in: folder))
    }

    /// Reads `folder/name`, which must hold `T` elements in `rank` dimensions, none of size 0.
    /// - Parameter channels: when given, the last dimension must have this size (e.g. 4 for RGBA/BGRA images).
    /// - Throws: ``KernelInputError/missingFile`` when absent; ``KernelInputError/invalidInput`` otherwise.
    public static func read<T: NpyElement>(
        _ name: String, in folder: String, as type: T.Type, rank: Int, channels: Int? = nil
    ) throws -> (shape: [Int], values: [T]) {
        let file = path(name, in: folder)
        guard contains(name, in: folder) else { throw KernelInputError.missingFile(file: file) }
        let array: NpyArray
        do { array = try NpyFile.read(file) }
        catch let error as NpyError { throw KernelInputError.invalidInput(file: file, reason: reason(error, file: file)) }
        guard array.dtype == T.npyDType else {
            throw KernelInputError.invalidInput(file: file, reason: "dtype is \(array.dtype.name), expected \(T.npyDType.name)")
        }
        guard array.shape.count == rank else {
            throw KernelInputError.invalidInput(
                file: file, reason: "shape \(array.shape) has \(array.shape.count) dimensions, expected \(rank)")
        }
        guard !array.shape.contains(0) else {
            throw KernelInputError.invalidInput(file: file, reason: "shape \(array.shape) is empty")
        }
        if let channels, array.shape.last != channels {
            throw KernelInputError.invalidInput(
                file: file, reason: "shape \(array.shape): last dimension must be \(channels) channels")
        }
        return (array.shape, try array.values(as: T.self, file: file))
    }

    /// Like ``read(_:in:as:rank:channels:)``, but nil when the capture has no such file (an optional input).
    public static func readIfPresent<T: NpyElement>(
        _ name: String, in folder: String, as type: T.Type, rank: Int
    ) throws -> (shape: [Int], values: [T])? {
        contains(name, in: folder) ? try read(name, in: folder, as: type, rank: rank) : nil
    }

    /// A Float32 depth map `[height, width]` in metres (`depth.npy`).
    public static func depthMap(in folder: String, file: String = "depth.npy") throws -> (width: Int, height: Int, values: [Float]) {
        let (shape, values) = try read(file, in: folder, as: Float.self, rank: 2)
        return (shape[1], shape[0], values)
    }

    /// An 8-bit 4-channel image `[height, width, 4]` (`frame.npy`, BGRA as the camera delivers it).
    public static func image(in folder: String, file: String = "frame.npy") throws -> (width: Int, height: Int, bytes: [UInt8]) {
        let (shape, values) = try read(file, in: folder, as: UInt8.self, rank: 3, channels: 4)
        return (shape[1], shape[0], values)
    }

    /// The reader's message without its leading "path: ", which the kernel error puts back: the reader words every
    /// problem once, and the kernel error adds the file as the user named it.
    static func reason(_ error: NpyError, file: String) -> String {
        let text = error.description
        return text.hasPrefix(file + ": ") ? String(text.dropFirst(file.count + 2)) : text
    }
}
