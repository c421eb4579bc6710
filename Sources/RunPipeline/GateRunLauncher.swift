import ChildProcesses
import Foundation
import Results

/// Starts one `gate` of a build: the seam between ``NightlyQualitySession`` and the operating system (tests hand in
/// a launcher that writes run folders without measuring).
package protocol GateRunLauncher {
    /// Runs `<executable> gate --reports <reports> --run-id <runID> <arguments>` to completion; the gate writes its
    /// run folder `<reports>/<runID>/`.
    /// - Returns: its exit status; 128 + N when signal N ended it.
    /// - Throws: ``CommandFailure`` (run failure) when it cannot be started.
    func gate(_ executable: String, reports: String, runID: String, arguments: [String]) throws -> Int32
}

/// Runs each gate as a child process (``ProcessRunner``) and keeps what it printed in `<reports>/<runID>.log`
/// (its stdout, then its stderr), beside its run folder: the place to look when a run went wrong.
package struct ProcessGateRunLauncher: GateRunLauncher {
    /// The signals this process received so far, in order: each is passed on to the running gate, which stops on
    /// it as it would on a Ctrl-C of its own, saving what it measured.
    package var receivedSignals: @Sendable () -> [Int32]

    package init(receivedSignals: @escaping @Sendable () -> [Int32] = { [] }) {
        self.receivedSignals = receivedSignals
    }

    package func gate(_ executable: String, reports: String, runID: String, arguments: [String]) throws -> Int32 {
        let request = ProcessRunner.Request(executable, ["gate", "--reports", reports, "--run-id", runID] + arguments,
                                            forwardedSignals: receivedSignals)
        let outcome: ProcessRunner.Outcome
        do { outcome = try ProcessRunner.run(request) } catch { throw CommandFailure(.runFailure, "\(error)") }
        do { try AtomicFile.write(outcome.standardOutput + outcome.standardError, to: "\(reports)/\(runID).log") }
        catch { throw CommandFailure(.runFailure, "\(error)") }
        switch outcome.termination {
        case let .exited(code): return code
        case let .signaled(signal): return 128 + signal
        }
    }
}
