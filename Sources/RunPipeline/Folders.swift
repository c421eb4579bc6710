import Foundation
import Glibc
import Results

/// Creating the folders commands write into, with a reason a user can act on when that fails.
package enum Folders {
    /// Creates `path` and its parents.
    /// - Throws: ``CommandFailure`` (run failure): "`path`: cannot create `what`: `reason`".
    package static func create(_ path: String, what: String = "folder") throws {
        if let problem = make(path) { throw CommandFailure(.runFailure, "\(path): cannot create \(what): \(problem)") }
    }

    /// Creates `path` and its parents (`mkdir -p`, with the system's errno at each step, so the reason is the real
    /// one: a link loop, a name too long, a file in the way). Nil on success, else why not: "`ancestor` is a file, not
    /// a folder", "`ancestor` is not writable", or the system's words (naming the ancestor at fault when it is not
    /// `path` itself).
    package static func make(_ path: String) -> String? {
        let absolute = path.hasPrefix("/")
        let components = path.split(separator: "/").map(String.init)
        var prefix = absolute ? "" : "."
        for (index, component) in components.enumerated() {
            prefix = index == 0 && !absolute ? component : "\(prefix)/\(component)"
            if component == "." || component == ".." { continue }
            if mkdir(prefix, 0o755) == 0 { continue }
            let code = errno
            let isLast = index == components.count - 1
            let named = { (reason: String) in isLast ? reason : "\(prefix): \(reason)" }
            switch code {
            case EEXIST:
                var info = stat()
                guard stat(prefix, &info) == 0 else { return named(SystemFile.reason(errno: errno)) }
                guard info.st_mode & S_IFMT == S_IFDIR else { return "\(prefix) is a file, not a folder" }
            case EACCES:
                return "\(parent(of: prefix)) is not writable"
            default:
                return named(SystemFile.reason(errno: code))
            }
        }
        return nil
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.range(of: "/", options: .backwards) else { return "." }
        return slash.lowerBound == path.startIndex ? "/" : String(path[..<slash.lowerBound])
    }
}
