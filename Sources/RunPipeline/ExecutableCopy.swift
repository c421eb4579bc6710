import Foundation
import Glibc
import Results

/// A private copy of a build's executable for one worker process.
///
/// Two byte-identical executables at two paths still differ in where their pages sit in memory: each file keeps its
/// own page-cache pages for the whole session. Pinned to one CPU, identical builds were called REGRESSED (2 of 3 A/A
/// comparisons on an AMD VM, 27 Nov 2026) with the same side slow in most pairs. Starting each worker from a new
/// file gives each process pair fresh pages, so such an effect varies from pair to pair, where the interval holds it.
package enum ExecutableCopy {
    /// Copies `path` into its own folder under a hidden name unique to this coordinator, `pair` and `side`, so that
    /// run paths relative to the executable (`$ORIGIN`) still resolve. The worker process removes it once the worker has answered (or died).
    package static func make(of path: String, pair: Int, side: PairedSide) throws -> String {
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let folder = url.deletingLastPathComponent().path, prefix = ".\(url.lastPathComponent).worker-"
        // A coordinator killed before its worker answered left its copy (a whole executable, ~100 MB): gone now.
        PendingOutputs.sweepAbandoned(in: folder) { name in
            name.hasPrefix(prefix) ? pid_t(name.dropFirst(prefix.count).prefix { $0 != "-" }) : nil
        }
        let copy = "\(folder)/\(prefix)\(getpid())-\(pair)-\(side.rawValue)"
        unlink(copy)
        do {
            try FileManager.default.copyItem(atPath: url.path, toPath: copy)
        } catch {
            unlink(copy)
            throw PairedWorkerError.notStarted(side, "\(path): cannot copy it beside itself for a fresh copy (--no-fresh-copies runs it in place): \(error.localizedDescription)")
        }
        guard chmod(copy, 0o700) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(copy)
            throw PairedWorkerError.notStarted(side, "\(copy): cannot make the copy executable: \(reason)")
        }
        return copy
    }
}
