import ArgumentParser
import RunPipeline

extension ExitStatus {
    /// The status as swift-argument-parser's exit.
    var code: ExitCode { ExitCode(rawValue) }
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
