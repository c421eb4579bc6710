import Foundation

/// Writes a kernel's outputs into a hidden staging folder beside the destination and moves them into place only
/// when every output was written, so a failure never leaves a partial output (or even the output folder) behind.
public enum OutputStaging {
    /// Runs `body` with a staging folder, then moves each file it wrote into `destination` (created if needed).
    /// On error the staging folder is removed and nothing appears in `destination`.
    public static func write<T>(into destination: String, _ body: (String) throws -> T) throws -> T {
        let fileManager = FileManager.default
        let url = URL(fileURLWithPath: destination).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        let staging = "\(parent)/.\(url.lastPathComponent).staging-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do { try fileManager.createDirectory(atPath: staging, withIntermediateDirectories: true) }
        catch { throw KernelInputError.invalidInput(file: destination, reason: "cannot create output folder: \((error as NSError).localizedDescription)") }
        defer { try? fileManager.removeItem(atPath: staging) }
        let result = try body(staging)
        try fileManager.createDirectory(atPath: destination, withIntermediateDirectories: true)
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
