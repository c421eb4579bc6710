import Foundation

/// A copy of the `framebudget` binary with its debug information stripped, for valgrind to run.
///
/// valgrind 3.19's DWARF reader gives up on the DWARF 5 that Swift 6 emits ("unhandled dwarf2 abbrev form code
/// 0x25 … Possibly corrupted debuginfo file. I can't recover."); without debug sections it runs the binary fine and
/// still names functions from the symbol table.
///
/// The copy's path depends only on the original (its path, size and modification time), never on the process:
/// the path reaches the program as argv[0] and /proc/self/exe, and a path of another length would change the
/// instruction count. Copies are shared by later runs of the same build (written to a temporary name, then renamed).
public struct ValgrindBinary: Sendable {
    /// The path valgrind runs: the stripped copy, or the original when `objcopy` is missing.
    public let path: String

    public init(original: String) throws {
        guard let objcopy = ExternalTool.locate("objcopy") else {
            path = original
            return
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: original)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let key = Self.fnv1a("\(original)|\(size)|\(modified)")
        let folder = "/tmp/framebudget-valgrind-\(getuid())/\(Self.hex16(key))"
        path = folder + "/framebudget"
        if FileManager.default.isExecutableFile(atPath: path) { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = folder + "/.framebudget-\(getpid())"
        let result = try ExternalTool.run(objcopy, ["--strip-debug", original, temporary])
        guard result.status == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw ToolError(kind: .failed, message: "objcopy --strip-debug \(original) failed: \(ExternalTool.lastMessage(result.stderr))")
        }
    }

    /// Always 16 digits: a hash with leading zeros must not give a shorter path (and so another instruction count).
    static func hex16(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
