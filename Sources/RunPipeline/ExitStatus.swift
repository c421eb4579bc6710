import Foundation

/// The exit codes of every subcommand; stable, and documented in the README.
package enum ExitStatus: Int32, Sendable {
    /// Everything ran; every budget passed; no regression.
    case success = 0
    /// A budget failed or was missing (`gate`), or `compare` found a regression.
    case budgetFailure = 1
    /// Bad input: unknown id, unreadable or malformed file, bad value. Nothing was written.
    case badInput = 2
    /// `gate --strict`: some budget is inconclusive (its interval straddles the limit); `compare`: some benchmark is
    /// inconclusive (none regressed) — more runs are needed for a verdict.
    case inconclusive = 3
    /// The run itself failed: a benchmark's set-up failed, Reports/ is not writable, a tool crashed, one of the gate's
    /// re-measuring processes died (e.g. killed by a signal the gate did not receive), or `gate --results` was given
    /// a run that is incomplete for any reason but a signal.
    case runFailure = 4
    /// Any command whose history server could not be reached, or was lost mid-operation: nothing was written to it.
    /// `history record` (and `nightly`) keep the run in the spool, sent by the next record or `history flush`;
    /// `history baseline-commit` read nothing (`make nightly` then gates the budgets alone); a reading command
    /// (`history list`, `compare --database`, `gate --baseline`) says which server, so CI can tell a network fault
    /// from bad input.
    case historyServerUnavailable = 5
    /// Malformed command line (swift-argument-parser's EX_USAGE).
    case usage = 64
    /// Interrupted by SIGINT (128 + 2); what was measured is written, marked incomplete. SIGTERM gives 143.
    case interrupted = 130

    package static let documentation = """
        Exit codes: 0 success · 1 budget failed/missing or regression (speedup --at-least: below its target; bisect: none to find) · 2 bad input (an empty argument too) \
        · 3 inconclusive (gate --strict, nightly under a strict gate, compare, compare-builds, speedup --at-least, bisect) \
        · 4 run failure · 5 history server unreachable (a run being recorded is spooled for later) · 64 malformed command line · 130/143 interrupted (partial results written, marked incomplete)
        """
}

/// A failure the command reports as one line on stderr before exiting with its status.
package struct CommandFailure: Error, CustomStringConvertible {
    package let status: ExitStatus
    package let message: String

    package init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    package var description: String { message }

    /// A timing command run from a debug build without `--allow-debug` (`run`, `gate`, `speedup`).
    package static let debugBuild = CommandFailure(
        .badInput, "this is a debug build: timings would be meaningless; build with 'swift build -c release' (or pass --allow-debug)")
}
