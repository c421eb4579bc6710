import Foundation

/// Writes a kernel's outputs into a hidden staging folder beside the destination and moves them into place only
/// when every output was written, so a failure never leaves a partial output behind.
public enum OutputStaging {
    /// Runs `body` with a staging folder, then moves each file it wrote into `destination` (created if needed).
    /// On error the staging folder is removed and nothing appears in `destination`.
    public static func write<T>(into destination: String, _ body: (String) throws -> T) throws -> T {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: destination, withIntermediateDirectories: true)
        let staging = "\(destination)/.staging-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try fileManager.createDirectory(atPath: staging, withIntermediateDirectories: false)
        defer { try? fileManager.removeItem(atPath: staging) }
        let result = try body(staging)
        for name in try fileManager.contentsOfDirectory(atPath: staging).sorted() {
            let target = "\(destination)/\(name)"
            if fileManager.fileExists(atPath: target) { try fileManager.removeItem(atPath: target) }
            // rename(2) within one folder: each output appears whole.
            guard rename("\(staging)/\(name)", target) == 0 else {
                throw KernelInputError.invalidInput(file: target, reason: "cannot move output into place: \(String(cString: strerror(errno)))")
            }
        }
        return result
    }
}
