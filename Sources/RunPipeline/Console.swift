import ChildProcesses
import Foundation
import Synchronization
import TextFormatting

/// Where the command writes: results to stdout, progress and errors to stderr.
///
/// Every message and every line of text output passes ``TerminalText/safe(_:)`` here: ids, run ids, hostnames and
/// reasons come from files other people wrote, and must not drive the reader's terminal.
package enum Console {
    /// True when stderr is a terminal: progress is shown only then, so CI logs stay quiet.
    package static let stderrIsTerminal = isatty(STDERR_FILENO) == 1
    package static let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1

    /// Set by ``silence()``: nothing more is written.
    private static let silenced = Atomic<Bool>(false)

    /// Drops everything written from now on: an interrupted command's last line is the interruption's, not a
    /// warning from work it was abandoning (a plot whose staging folder was just removed).
    package static func silence() { silenced.store(true, ordering: .sequentiallyConsistent) }

    private static var isSilenced: Bool { silenced.load(ordering: .sequentiallyConsistent) }

    /// One line whatever the message holds: an id or a reason read from a file can carry a line feed, and a
    /// second line would read as a second error (and break the one-line contract scripts grep for).
    package static func error(_ message: String) {
        let line = TerminalText.singleLine(message.trimmingCharacters(in: .newlines))
        writeToStandardError("\(ToolName.current): error: \(line)\n")
    }

    package static func warning(_ message: String) {
        writeToStandardError("\(ToolName.current): warning: \(TerminalText.safe(message))\n")
    }

    /// A progress line that overwrites itself on a terminal, and is dropped otherwise.
    package static func progress(_ message: String) {
        guard stderrIsTerminal else { return }
        writeToStandardError("\r\u{1B}[2K\(TerminalText.singleLine(message))")
    }

    package static func endProgress() {
        guard stderrIsTerminal else { return }
        writeToStandardError("\r\u{1B}[2K")
    }

    /// Writes to stderr after flushing stdout. `print` buffers stdout when it is not a terminal while stderr is
    /// written at once, so in a CI log that takes both streams a warning would land inside the table printed
    /// before it.
    package static func writeToStandardError(_ text: String) {
        guard !isSilenced else { return }
        fflush(nil)  // every output stream, stdout included (naming `stdout` is not concurrency-safe in Swift 6)
        FileHandle.standardError.write(Data(text.utf8))
    }
}

extension Console {
    /// A line of what the command is doing that is worth keeping in a CI log (not a warning, not progress).
    /// One line, as an error is: a run id read from a file with a line feed in it printed a second line.
    package static func info(_ message: String) {
        guard !isSilenced else { return }
        FileHandle.standardError.write(Data("\(ToolName.current): \(TerminalText.singleLine(message))\n".utf8))
    }
}

extension Console {
    /// Text output on stdout (tables, summaries, lists): control characters shown as escapes, lines cut.
    package static func output(_ text: String, terminator: String = "\n") {
        guard !isSilenced else { return }
        print(TerminalText.safe(text), terminator: terminator)
    }

    /// Output a reporter already made safe line by line and may have painted (the console verdict table's own
    /// ANSI colours), or JSON, whose encoder escapes every control character.
    package static func outputRendered(_ text: String, terminator: String = "\n") {
        guard !isSilenced else { return }
        print(text, terminator: terminator)
    }
}
