import Foundation
import RunPipeline

/// An output file that is one of the command's own inputs would be overwritten by what was read from it:
/// `compare a.json b.json --out b.json` turned the head run into Markdown, `history export --out` over its
/// `--database` turned the history into CSV. (`merge --out` over one of its inputs stays allowed: it writes that
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

    /// The file a path names, links followed: its real path when it exists, else its folder's real path and its
    /// name (an output not written yet can still name an input through another spelling).
    private static func identity(of path: String) -> String? {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        if let real = realpath(absolute.path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        guard let folder = realpath(absolute.deletingLastPathComponent().path, nil) else { return absolute.path }
        defer { free(folder) }
        return String(cString: folder) + "/" + absolute.lastPathComponent
    }
}
