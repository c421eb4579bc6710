import Foundation
import NumpyFiles

/// Reads a kernel's (or a benchmark's) inputs from a capture folder of `.npy` files, turning every problem into a
/// one-line ``KernelInputError`` that names the file: missing, not a `.npy`, truncated, wrong dtype or rank, empty.
///
/// The one place capture inputs are read: kernels and benchmarks of every hot path use it, e.g.
/// `try CaptureInputs.array("depth.npy", in: folder, as: Float.self, rank: 2)`.
public enum CaptureInputs {
    /// Refuse inputs above this size before allocating (a 4K BGRA frame is 33 MB).
    public static let byteLimit = 512 << 20

    /// The shape and values of `file` in `folder`, which must hold `T` elements in `rank` dimensions, none of size 0.
    /// - Parameter channels: when given, the last dimension must have this size (e.g. 4 for RGBA/BGRA images).
    public static func array<T: NpyElement>(
        _ file: String, in folder: String, as type: T.Type, rank: Int, channels: Int? = nil
    ) throws -> (shape: [Int], values: [T]) {
        let path = (folder as NSString).appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: path) else { throw KernelInputError.missingFile(file: file) }
        let array: NpyArray
        do { array = try NpyFile.read(path, byteLimit: byteLimit) }
        catch let error as NpyError { throw KernelInputError.invalidInput(file: file, reason: reason(error)) }
        guard array.dtype == T.npyDType else {
            throw KernelInputError.invalidInput(file: file, reason: "dtype is \(array.dtype.name), expected \(T.npyDType.name)")
        }
        guard array.shape.count == rank else {
            throw KernelInputError.invalidInput(file: file, reason: "shape \(array.shape) has \(array.shape.count) dimensions, expected \(rank)")
        }
        guard !array.shape.contains(0) else { throw KernelInputError.invalidInput(file: file, reason: "empty array, shape \(array.shape)") }
        if let channels, array.shape.last != channels {
            throw KernelInputError.invalidInput(file: file, reason: "shape \(array.shape): last dimension must be \(channels) channels")
        }
        return (array.shape, try array.values(as: T.self, file: file))
    }

    /// A Float32 depth map `[height, width]` in metres (`depth.npy`).
    public static func depthMap(in folder: String, file: String = "depth.npy") throws -> (width: Int, height: Int, values: [Float]) {
        let (shape, values) = try array(file, in: folder, as: Float.self, rank: 2)
        return (shape[1], shape[0], values)
    }

    /// An 8-bit 4-channel image `[height, width, 4]` (`frame.npy`, BGRA as the camera delivers it).
    public static func image(in folder: String, file: String = "frame.npy") throws -> (width: Int, height: Int, bytes: [UInt8]) {
        let (shape, values) = try array(file, in: folder, as: UInt8.self, rank: 3, channels: 4)
        return (shape[1], shape[0], values)
    }

    /// The problem an ``NpyError`` describes, without the path (the file name is put in front by the caller).
    static func reason(_ error: NpyError) -> String {
        switch error {
        case let .unreadable(_, reason): return "cannot read: \(reason)"
        case let .notNpy(_, reason): return "not a .npy file: \(reason)"
        case let .unsupportedDType(_, descr): return "unsupported dtype '\(descr)'"
        case .fortranOrder: return "Fortran-ordered arrays are not supported; save with C order"
        case let .badShape(_, reason): return "bad shape: \(reason)"
        case let .tooLarge(_, bytes, limit): return "declares \(bytes) bytes of data, over the limit of \(limit) bytes"
        case let .truncated(_, expected, found): return "truncated: header declares \(expected) data bytes, file has \(found)"
        case let .wrongDType(_, expected, found): return "dtype is \(found), expected \(expected)"
        case let .wrongRank(_, expected, found): return "shape \(found), expected \(expected)"
        case let .unwritable(_, reason): return "cannot write: \(reason)"
        }
    }
}
