import Foundation
import Glibc

/// Reading an input file whole, with the system's reason when that fails: the one place every command's input files
/// (results, budgets, history records) are read, so none shows Foundation's own words ("The operation could not be
/// completed. (NSCocoaErrorDomain error 256.)") or a wrong reason ("Permission denied" for a FIFO read as root).
public enum SystemFile {
    /// Why a file cannot be read, in one line: the system's words for its errno, or what kind of file it is.
    public struct ReadError: Error, Equatable, CustomStringConvertible {
        public let path: String
        /// `No such file or directory`, `Too many levels of symbolic links`, `is a folder`, `not a regular file (a FIFO)`…
        public let reason: String
        /// True when the path is a folder (callers name what they expected instead).
        public let isFolder: Bool

        public var description: String { "\(path): cannot read: \(reason)" }
    }

    /// The bytes of the regular file at `path` (symbolic links followed).
    /// - Parameter limit: read at most this many bytes (then one more, so the caller sees it was larger).
    /// - Throws: ``ReadError``: the file is missing, a link loop, a folder, a FIFO, a device, unreadable.
    public static func read(_ path: String, limit: Int? = nil) throws(ReadError) -> Data {
        // Non-blocking: opening a FIFO must not wait for a writer (it is refused below, not read).
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(path: path, reason: reason(errno: errno), isFolder: false) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ReadError(path: path, reason: reason(errno: errno), isFolder: false) }
        if let kind = notRegular(info.st_mode) {
            throw ReadError(path: path, reason: kind, isFolder: info.st_mode & S_IFMT == S_IFDIR)
        }
        var data = Data()
        let wanted = limit.map { $0 + 1 } ?? Int.max
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while data.count < wanted {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, Swift.min($0.count, wanted - data.count)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(path: path, reason: reason(errno: errno), isFolder: false)
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// `is a folder`, `not a regular file (a FIFO)`, … for anything but a regular file; nil for one.
    public static func notRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a folder"
        case S_IFIFO: return "not a regular file (a FIFO)"
        case S_IFCHR: return "not a regular file (a character device)"
        case S_IFBLK: return "not a regular file (a block device)"
        case S_IFSOCK: return "not a regular file (a socket)"
        default: return "not a regular file"
        }
    }

    /// True for a regular file (or a link to one) this user may execute: FileManager's `isExecutableFile` also says
    /// yes to a folder, which a launch then fails on with an unclear message.
    public static func isExecutableFile(_ path: String) -> Bool { executableProblem(path) == nil }

    /// Why `path` is not an executable file, in a few words (`no such file`, `a folder, not an executable file`,
    /// `not executable (no execute permission)`); nil when it is one.
    public static func executableProblem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? "no such file" : "not an executable file: \(reason(errno: errno))"
        }
        if info.st_mode & S_IFMT == S_IFDIR { return "a folder, not an executable file" }
        guard info.st_mode & S_IFMT == S_IFREG else { return "not an executable file (not a regular file)" }
        return access(path, X_OK) == 0 ? nil : "not executable (no execute permission)"
    }

    /// The system's words for an errno: `No such file or directory`, `File name too long`.
    public static func reason(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Why `path` cannot be used, as the system says it when the path itself is looked up (a link loop, a name too
    /// long, a missing parent), or nil when it can be looked up: for a Foundation error that carries no errno.
    public static func lookupProblem(_ path: String) -> String? {
        var info = stat()
        return stat(path, &info) == 0 ? nil : reason(errno: errno)
    }
}
