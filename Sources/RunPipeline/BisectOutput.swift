import Foundation
import Glibc
import Results

/// Where a bisection writes: `<folder>/bisect.json` and `<folder>/comparisons/`. The comparisons are made in a
/// scratch folder of this bisection's own (``scratch``) and put in place with its result, so that an earlier
/// bisection of the same range keeps its result and the comparisons it refers to until this one's result is written,
/// and a refused one (bad input) leaves them as they were.
package final class BisectOutput {
    package let folder: String
    /// Where this bisection's comparisons are written until ``publish(_:)``.
    package let scratch: String
    private var published = false
    private static let scratchPrefix = ".comparisons-of-"

    package init(folder: String) {
        self.folder = folder
        scratch = "\(folder)/\(Self.scratchPrefix)\(getpid())"
    }

    /// Writes `bisect.json` atomically; the first time, puts this bisection's comparisons in place of an earlier
    /// one's. - Throws: ``CommandFailure`` (run failure) naming the file.
    package func publish(_ result: BisectResult) throws {
        do {
            try Folders.create(folder, what: "result folder")
            if !published {
                try replaceComparisons()
                published = true
            }
            try AtomicFile.write(try BisectText.json(result), to: "\(folder)/bisect.json")
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.runFailure, "cannot write \(folder)/bisect.json: \(error)")
        }
    }

    /// Removes what this bisection measured (it was refused: nothing is written).
    package func discard() {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    private func replaceComparisons() throws {
        let files = FileManager.default
        let kept = "\(folder)/comparisons", replaced = "\(scratch)-replaced"
        if files.fileExists(atPath: kept) { try files.moveItem(atPath: kept, toPath: replaced) }
        if files.fileExists(atPath: scratch) { try files.moveItem(atPath: scratch, toPath: kept) }
        try? files.removeItem(atPath: replaced)
        // Left by a bisection killed outright (SIGKILL, a crash): nothing refers to them. A live one's are its own.
        for name in (try? files.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(Self.scratchPrefix) {
            let pid = pid_t(name.dropFirst(Self.scratchPrefix.count).prefix { $0.isNumber }) ?? 0
            if pid > 0 && kill(pid, 0) == 0 { continue }
            try? files.removeItem(atPath: "\(folder)/\(name)")
        }
    }
}
