import Foundation
import Results
import TextFormatting

/// A copy of the `framebudget` binary with its debug information stripped, for valgrind to run.
///
/// valgrind 3.19's DWARF reader gives up on the DWARF 5 that Swift 6 emits ("unhandled dwarf2 abbrev form code
/// 0x25 … Possibly corrupted debuginfo file. I can't recover."); without debug sections it runs the binary fine and
/// still names functions from the symbol table.
///
/// The copy's path depends only on the original (its path, size and modification time), never on the process:
/// the path reaches the program as argv[0] and /proc/self/exe, and a path of another length would change the
/// instruction count. Copies are shared by later runs of the same build (written to a temporary name, then renamed).
/// Making a new copy evicts the ones no run can ask for again (``StrippedCopyCache``): every rebuild used to leave
/// its copy behind, 80 MB a build, gigabytes in `/tmp` after a day of `make test` and instruction comparisons.
public struct ValgrindBinary: Sendable {
    /// The path valgrind runs: the stripped copy, or the original when `objcopy` is missing.
    public let path: String

    /// - Parameter cache: the folder of the copies (one subfolder a build); tests pass their own.
    public init(original: String, cache: StrippedCopyCache = .shared) throws {
        guard let objcopy = ExternalTool.locate("objcopy") else {
            path = original
            return
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: original)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let key = FNV1a.hash64("\(original)|\(size)|\(modified)")
        // Always 16 digits: a hash with leading zeros must not give a shorter path (and so another instruction count).
        let entry = FNV1a.hex(key)
        let folder = cache.folder + "/" + entry
        path = folder + "/framebudget"
        if FileManager.default.isExecutableFile(atPath: path) { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = folder + "/.framebudget-\(getpid())"
        // Registered before objcopy makes it, so that an interruption removes it.
        try PendingOutputs.create(temporary) {}
        defer { PendingOutputs.release(temporary) }
        let result = try ExternalTool.run(objcopy, ["--strip-debug", original, temporary])
        guard result.status == 0 else {
            unlink(temporary)
            throw ToolError(kind: .failed, message: "objcopy --strip-debug \(original) failed: \(ExternalTool.lastMessage(result.stderr))")
        }
        // The origin first: a copy in place always says whose it is, so a later eviction can judge it.
        do { try cache.recordOrigin(original, of: entry) } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw ToolError(kind: .failed, message: "\(path): cannot rename the stripped copy into place: \(String(cString: strerror(errno)))")
        }
        cache.evict(supersededBy: original, keeping: entry)
    }
}
