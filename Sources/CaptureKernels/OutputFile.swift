import Foundation
import Glibc
import NumpyFiles

/// A kernel output that could not be written (full disk, read-only folder…): a run failure, not bad input.
public struct KernelOutputError: Error, CustomStringConvertible, Equatable {
    /// The file or folder that could not be written.
    public var path: String
    /// The system's reason, e.g. "No space left on device".
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): cannot write: \(reason)" }
}

/// The one place kernels write their output files, so every write failure names the file and the system's reason.
enum OutputFile {
    /// Writes `bytes` to `file` in `folder` (plain write(2) calls: errno, not a Foundation error, explains failures).
    /// - Throws: ``KernelOutputError``.
    static func write(_ bytes: [UInt8], file: String, in folder: String) throws {
        let path = CaptureInputs.path(file, in: folder)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw KernelOutputError(path: path, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { if errno == EINTR { continue }; failure = errno; return }
                offset += written
            }
        }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else { throw KernelOutputError(path: path, reason: String(cString: strerror(failure))) }
    }

    static func write(_ array: NpyArray, file: String, in folder: String) throws {
        try write(NpyFormat.serialize(array), file: file, in: folder)
    }

    static func write(_ text: String, file: String, in folder: String) throws {
        try write(Array(text.utf8), file: file, in: folder)
    }
}
