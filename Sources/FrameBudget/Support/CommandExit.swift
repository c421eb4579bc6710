import ArgumentParser
import Foundation
import Results
import RunPipeline

extension ExitStatus {
    /// The status as swift-argument-parser's exit.
    var code: ExitCode { ExitCode(rawValue) }
}

/// Runs a subcommand body, turning any error into one line on stderr and a documented exit status.
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch {
        // A write refused by a signal's clean-up (however wrapped) is that signal's exit, not a failure to report.
        SignalExit.holdIfExiting()
        switch error {
        case let failure as CommandFailure:
            Console.error(failure.message)
            throw failure.status.code
        case let exit as ExitCode:
            throw exit
        default:
            Console.error("\(error)")
            throw ExitStatus.badInput.code
        }
    }
}

/// An option value that parsed but lies outside its range (`--alpha 1e-16`, `--samples 1`) is bad input: exit 2 and
/// one line, like every other bad input — not a usage error (64, ``FrameBudgetCommand/parseAndRun(_:)``), which
/// stays for command lines that do not parse or combine options that do not go together.
/// `validate()` throws what this returns.
func badOptionValue(_ message: String) -> ExitCode {
    Console.error(message)
    return ExitStatus.badInput.code
}
