import Foundation
import Glibc
import RunPipeline

/// An output file that is one of the command's own inputs would be overwritten by what was read from it:
/// `compare a.json b.json --out b.json` turned the head run into Markdown, `history export --out` over its
/// `--database` turned the history into CSV; a hard link or a symbolic one is the same file. (`merge --out` over one of its inputs stays allowed: it writes that
/// file's content, merged.)
enum OutputOverInput {
    /// - Throws: ``RunPipeline/CommandFailure`` (bad input) naming the option and the input, before anything is read.
    static func refuse(_ output: String?, option: String, inputs: [(path: String, role: String)]) throws {
        guard let output, let target = identity(of: output) else { return }
        for input in inputs where identity(of: input.path) == target {
            throw CommandFailure(.badInput, "\(option) \(output): is the \(input.role) (\(input.path)) this command reads: "
                                 + "writing it would destroy it; give another file")
        }
    }

    /// The file a path names, whatever the spelling (links, `..`, a hard link): its device and inode; nil when
    /// nothing is there (an output not written yet is no input).
    private static func identity(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_dev):\(info.st_ino)"
    }
}
