import ArgumentParser
import Foundation

/// The exit codes of every subcommand; stable, and documented in the README.
enum ExitStatus: Int32 {
    /// Everything ran; every budget passed; no regression.
    case success = 0
    /// A budget failed or was missing (`gate`), or `compare` found a regression.
    case budgetFailure = 1
    /// Bad input: unknown id, unreadable or malformed file, bad value. Nothing was written.
    case badInput = 2
    /// `gate --strict`: some budget is inconclusive (its interval straddles the limit); `compare`: some benchmark is
    /// inconclusive (none regressed) — more runs are needed for a verdict.
    case inconclusive = 3
    /// The run itself failed: a benchmark's set-up failed, Reports/ is not writable, a tool crashed.
    case runFailure = 4
    /// Malformed command line (swift-argument-parser's EX_USAGE).
    case usage = 64
    /// Interrupted by SIGINT (128 + 2); what was measured is written, marked incomplete. SIGTERM gives 143.
    case interrupted = 130

    var code: ExitCode { ExitCode(rawValue) }

    static let documentation = """
        Exit codes: 0 success · 1 budget failed/missing or regression · 2 bad input · 3 inconclusive (gate --strict, compare) \
        · 4 run failure · 64 malformed command line · 130/143 interrupted (partial results written, marked incomplete)
        """
}

/// A failure the command reports as one line on stderr before exiting with its status.
struct CommandFailure: Error, CustomStringConvertible {
    let status: ExitStatus
    let message: String

    init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { message }
}

/// Runs a subcommand body, turning any error into one line on stderr and a documented exit status.
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let failure as CommandFailure {
        Console.error(failure.message)
        throw failure.status.code
    } catch let exit as ExitCode {
        throw exit
    } catch {
        Console.error("\(error)")
        throw ExitStatus.badInput.code
    }
}
