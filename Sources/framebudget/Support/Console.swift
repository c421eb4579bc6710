import Foundation

/// Where the command writes: results to stdout, progress and errors to stderr.
enum Console {
    /// True when stderr is a terminal: progress is shown only then, so CI logs stay quiet.
    static let stderrIsTerminal = isatty(STDERR_FILENO) == 1
    static let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("framebudget: error: \(message)\n".utf8))
    }

    static func warning(_ message: String) {
        FileHandle.standardError.write(Data("framebudget: warning: \(message)\n".utf8))
    }

    /// A progress line that overwrites itself on a terminal, and is dropped otherwise.
    static func progress(_ message: String) {
        guard stderrIsTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(message)".utf8))
    }

    static func endProgress() {
        guard stderrIsTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}

extension Console {
    /// A line of what the command is doing that is worth keeping in a CI log (not a warning, not progress).
    static func info(_ message: String) {
        FileHandle.standardError.write(Data("framebudget: \(message)\n".utf8))
    }
}
