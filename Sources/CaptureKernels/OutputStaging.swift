import Foundation
import Glibc
import Synchronization

/// Writes a kernel's outputs into a hidden staging folder beside the destination and moves them into place only
/// when every output was written, so a failure never leaves a partial output (or even the output folder) behind.
///
/// The staging folder is `.<name>.staging-<pid>-<random>`. A process killed before it could clean up leaves one
/// behind: every later write into the same parent folder removes those of processes no longer alive.
public enum OutputStaging {
    /// Staging folders in use by this process, for ``removeActiveStaging()`` (a signal handler's clean-up), and
    /// whether that clean-up ran: no staging folder may be created after it.
    private struct Active: ~Copyable {
        var folders: Set<String> = []
        var closed = false
    }

    private static let active = Mutex(Active())

    /// Runs `body` with a staging folder, then moves each file it wrote into `destination` (created if needed).
    /// On error the staging folder is removed and nothing appears in `destination`.
    /// - Throws: ``KernelOutputError`` when the destination or staging folder cannot be made or written (naming
    ///   the user's destination, not the hidden staging folder), or whatever `body` throws.
    public static func write<T>(into destination: String, _ body: (String) throws -> T) throws -> T {
        let fileManager = FileManager.default
        let url = URL(fileURLWithPath: destination).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        try checkDestination(destination, parent: parent)
        sweepStale(in: parent)
        let staging = "\(parent)/.\(url.lastPathComponent).staging-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        // Created and registered under the lock the clean-up takes: a signal arriving meanwhile finds it registered.
        try active.withLock { active in
            guard !active.closed else { throw KernelOutputError(path: destination, reason: "interrupted") }
            guard mkdir(staging, 0o755) == 0 else {
                throw KernelOutputError(path: destination, reason: "cannot create output folder: \(String(cString: strerror(errno)))")
            }
            active.folders.insert(staging)
        }
        defer {
            try? fileManager.removeItem(atPath: staging)
            active.withLock { _ = $0.folders.remove(staging) }
        }
        let result: T
        do { result = try body(staging) }
        catch let error as KernelOutputError {
            let file = URL(fileURLWithPath: error.path).lastPathComponent
            throw KernelOutputError(path: "\(destination)/\(file)", reason: error.reason)
        }
        do { try fileManager.createDirectory(atPath: destination, withIntermediateDirectories: true) }
        catch { throw KernelOutputError(path: destination, reason: "cannot create output folder: \(Self.reason(error))") }
        for name in try fileManager.contentsOfDirectory(atPath: staging).sorted() {
            let target = "\(destination)/\(name)"
            // rename(2) within one file system replaces an old output atomically: each output appears whole.
            guard rename("\(staging)/\(name)", target) == 0 else {
                throw KernelOutputError(path: target, reason: "cannot move output into place: \(String(cString: strerror(errno)))")
            }
        }
        return result
    }

    /// Removes the staging folders this process is writing (from a SIGINT/SIGTERM handler, before exiting); no
    /// staging folder is created after this.
    public static func removeActiveStaging() {
        active.withLock { active in
            active.closed = true
            for staging in active.folders {
                // The kernel may still be writing into it: another pass catches a file created during the first.
                for _ in 0..<3 where FileManager.default.fileExists(atPath: staging) {
                    try? FileManager.default.removeItem(atPath: staging)
                }
            }
        }
    }

    /// Removes `.<name>.staging-<pid>-<n>` folders in `parent` whose process is gone (killed before cleaning up).
    static func sweepStale(in parent: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        for name in names {
            guard let pid = stagingOwner(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: "\(parent)/\(name)")
        }
    }

    /// The process id in a staging folder's name, or nil for any other name.
    static func stagingOwner(_ name: String) -> pid_t? {
        guard name.hasPrefix("."), let range = name.range(of: ".staging-", options: .backwards) else { return nil }
        let parts = name[range.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, UInt32(parts[1]) != nil else { return nil }
        return pid
    }

    /// The destination must be a folder or absent, and its parent a folder (created when absent).
    /// - Throws: ``KernelOutputError`` when a file is in the way or the parent cannot be created: `--out` cannot be
    ///   written, as with a full disk (the command's exit 4), whatever the inputs.
    private static func checkDestination(_ destination: String, parent: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw KernelOutputError(path: destination, reason: "it is a file, not a folder (--out names a folder)")
        }
        var ancestor = URL(fileURLWithPath: parent)
        while !FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
            ancestor.deleteLastPathComponent()
        }
        guard isDirectory.boolValue else {
            throw KernelOutputError(path: destination, reason: "\(ancestor.path) is a file, not a folder")
        }
        do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
        catch { throw KernelOutputError(path: destination, reason: "cannot create folder \(parent): \(Self.reason(error))") }
    }

    private static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(code))) }
        return (error as NSError).localizedDescription
    }
}
