import Foundation
import Results

/// Creating the folders commands write into, with a reason a user can act on when that fails.
package enum Folders {
    /// Creates `path` and its parents.
    /// - Throws: ``CommandFailure`` (run failure): "`path`: cannot create `what`: `reason`".
    package static func create(_ path: String, what: String = "folder") throws {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        catch { throw CommandFailure(.runFailure, "\(path): cannot create \(what): \(obstacle(to: path, error))") }
    }

    /// Why a folder cannot be created: the nearest existing ancestor is a file, or is not writable; else the
    /// system's reason (Foundation's own message is "NSCocoaErrorDomain error 512").
    package static func obstacle(to path: String, _ error: Error? = nil) -> String {
        var ancestor = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        while !FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
            ancestor.deleteLastPathComponent()
        }
        if !isDirectory.boolValue { return "\(ancestor.path) is a file, not a folder" }
        if access(ancestor.path, W_OK) != 0 { return "\(ancestor.path) is not writable" }
        return error.map(ResultsFile.systemReason) ?? "unknown error"
    }
}
