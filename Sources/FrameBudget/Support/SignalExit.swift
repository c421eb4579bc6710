import ArgumentParser
import CaptureKernels
import ChildProcesses
import Dispatch
import Foundation
import Measurement
import Results
import RunPipeline
import Synchronization

/// What SIGINT and SIGTERM do in a command that does not stop gracefully (`report`, `compare`, `merge`, `history …`,
/// `peers …`, `kernel`, …): remove what it was writing and had not put in place (``PendingOutputs``, the kernels'
/// staging folders), say so in one line, and exit with 128 + the signal number, as the default action would have,
/// minus the debris. Installed at start-up for every command; a command that stops gracefully (`run`, `gate`,
/// `nightly`, `compare-builds`, …) installs ``Interruption``, which takes over.
enum SignalExit {
    /// Set once a signal's exit has begun: the command's own thread must not then end the process first (its
    /// exit 0 won the race once a stopped gnuplot let it go on, and the signal's 130 and line were lost).
    private static let exiting = Mutex(false)

    /// Returns at once unless a signal's exit has begun, this one's or a second signal's of ``Interruption`` (which
    /// removes the outputs in progress first); then never returns: that exit ends the process with the signal's
    /// status. The command's own end must not win the race with another (a nightly whose gate had just saved exited
    /// 4, "not written: interrupted", where the second SIGINT meant 130).
    static func holdIfExiting() {
        guard exiting.withLock({ $0 }) || PendingOutputs.isDiscarded else { return }
        while true { pause() }
    }

    /// Installs the handlers; call once, before any command runs.
    static func install() {
        SignalSources.installFallback { signalNumber in
            exiting.withLock { $0 = true }
            Console.silence()
            // First the children (a gnuplot rendering into a temporary file would write it again after its removal).
            ProcessRunner.stopRunningChildren()
            PendingOutputs.discardAll()
            OutputStaging.removeActiveStaging()
            // What was put in place before the signal stays, whole: said, so that "stopped" is not read as "nothing
            // written" (a report's folder had been replaced already).
            let written = Set(PendingOutputs.published).sorted()
            let kept = written.isEmpty ? "" : "; \(written[0])\(written.count > 1 ? " and \(written.count - 1) more" : "") "
                + "had been written, whole, before it"
            FileHandle.standardError.write(Data(
                "\(ToolName.current): \(Interruption.name(of: signalNumber)): stopped; nothing was left half-written\(kept)\n".utf8))
            // As the default action would: no exit handlers, which ran beside the command's still-running threads
            // (a swift-subprocess wait on the main thread once died in one: SIGILL, exit 132, a 60-line backtrace).
            _exit(128 + signalNumber)
        }
    }
}

/// A SIGINT/SIGTERM that came after the measuring ended (while the reports were written): the command finished its
/// work, but its caller asked it to stop and reads the status, so it exits with 128 + the signal (not 0, as if
/// nothing had been asked), saying that what it wrote is complete.
func stopIfSignalledAfterMeasuring(_ complete: String) throws {
    guard let signal = Interruption.shared.signal else { return }
    Console.warning("\(signal.rawValue) came after the measuring ended: \(complete) complete")
    throw ExitCode(signal.exitStatus)
}
