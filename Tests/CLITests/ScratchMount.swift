import Foundation
import XCTest

/// A small tmpfs mounted for one test: a disk that really fills up, or a file system that is really read-only.
/// Mounting needs root: elsewhere the tests that need one are skipped.
struct ScratchMount {
    let path: String

    /// Mounts a tmpfs of `kilobytes` at a new temporary folder.
    /// - Throws: `XCTSkip` when not root or when mounting fails (a container without the capability).
    static func make(kilobytes: Int) throws -> ScratchMount {
        guard getuid() == 0 else { throw XCTSkip("needs root to mount a tmpfs") }
        let path = NSTemporaryDirectory() + "fb-mount-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path]) == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw XCTSkip("cannot mount a tmpfs here")
        }
        return ScratchMount(path: path)
    }

    /// Fills the file system to the last byte with a ballast file.
    func fill() {
        let descriptor = open(path + "/ballast", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0xAB, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        while write(descriptor, block, 1) > 0 {}
    }

    /// Frees the ballast of ``fill()``.
    func empty() { unlink(path + "/ballast") }

    func remountReadOnly() throws {
        XCTAssertEqual(Self.run("/bin/mount", ["-o", "remount,ro", path]), 0)
    }

    func unmount() {
        _ = Self.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Every entry under the mount (relative paths), hidden ones included.
    func contents() -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
    }

    @discardableResult
    private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
