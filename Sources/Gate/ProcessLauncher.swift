import Foundation
import Results
import ChildProcesses

/// Measures benchmarks in one fresh process: one more process run (replicate) for the gate's run-level verdicts.
/// The seam between the sequential gate and the operating system (tests hand in fixture runs instead).
public protocol ProcessLauncher {
    /// Runs exactly `ids` in a new process and returns that process's results.
    /// - Parameter label: a unique name for this process run within the gate, e.g. `p2` (its folder; the gate names
    ///   the run itself `<gate run id>-p2`).
    /// - Throws: ``LaunchFailure``.
    func measure(_ ids: [String], label: String) throws -> RunResults
}

/// Why a fresh process gave no results.
public enum LaunchFailure: Error, CustomStringConvertible, Equatable {
    /// The gate itself was stopped by SIGINT/SIGTERM (and passed the signal on to the process): the gate stops
    /// measuring and reports what it has, marked incomplete with this signal.
    case interrupted(InterruptingSignal)
    /// The process ended by a signal the gate did not receive, e.g. SIGKILL from outside or a crash (`exitStatus`
    /// nil), or stopped gracefully on a SIGINT/SIGTERM sent to it alone (its exit status, 130/143).
    case died(label: String, pid: Int32, signal: Int32, exitStatus: Int32?)
    /// Exited otherwise non-zero, or wrote no readable results; `detail` is its error line on stderr (its last line
    /// when it has none).
    case failed(status: Int32, detail: String)

    public var description: String {
        switch self {
        case let .interrupted(signal): return "interrupted by \(signal.rawValue)"
        case let .died(label, pid, signal, nil):
            return "re-measuring process \(label) (pid \(pid)) was killed by \(ProcessRunner.signalName(signal))"
        case let .died(label, pid, signal, status?):
            return "re-measuring process \(label) (pid \(pid)) was stopped by \(ProcessRunner.signalName(signal)) "
                + "(exit \(status)), a signal the gate did not receive"
        case let .failed(0, detail): return "a re-measuring process wrote results that cannot be read: \(detail)"
        case let .failed(status, detail): return "a re-measuring process failed (exit \(status)): \(detail)"
        }
    }
}

/// Runs `<executable> run --format none --reports <folder> --run-id <label> <arguments> <ids>`: the same build
/// (the gate passes `/proc/self/exe`) with the same measurement settings, so the runs merge as replicates.
public struct ExecutableLauncher: ProcessLauncher {
    public var executable: String
    /// Measurement options forwarded to `run` (everything but ids, `--reports`, `--run-id` and `--format`).
    public var arguments: [String]
    /// Where each process writes its run folder (`<folder>/<label>/results.json`) and its stderr (`<label>.log`).
    public var folder: String
    /// The gate's run id: each process run is named `<runIDPrefix>-<label>`, in the merged run and in its own
    /// results file, so that two gates' runs merged as one side never share an id and a merge of the gate's file
    /// with one of its own rounds counts that round once. Nil: the label alone.
    public var runIDPrefix: String?
    /// The signals the gate received so far, in order (none by default): each is passed on to the running process,
    /// and the first one decides that the gate was interrupted.
    public var receivedSignals: @Sendable () -> [Int32]
    /// How long a process that ended by a signal waits for the gate's own (a signal sent to a whole process group
    /// reaches the child first when its handlers were not yet installed) before it counts as died of its own.
    public var ownSignalGrace: Double

    public init(executable: String, arguments: [String], folder: String, runIDPrefix: String? = nil,
                receivedSignals: @escaping @Sendable () -> [Int32] = { [] }, ownSignalGrace: Double = 1) {
        self.executable = executable
        self.arguments = arguments
        self.folder = folder
        self.runIDPrefix = runIDPrefix
        self.receivedSignals = receivedSignals
        self.ownSignalGrace = ownSignalGrace
    }

    public func measure(_ ids: [String], label: String) throws -> RunResults {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let logPath = "\(folder)/\(label).log"
        let arguments = ["run", "--format", "none", "--reports", folder, "--run-id", label] + arguments + ids
        let outcome = try ProcessRunner.run(.init(executable, arguments, forwardedSignals: receivedSignals))
        // Its stderr is kept beside its run folder, as the place to look when it failed.
        _ = FileManager.default.createFile(atPath: logPath, contents: Data(outcome.standardError.utf8))
        if let signal = gateSignal(waiting: false) { throw LaunchFailure.interrupted(signal) }
        let byItsOwnSignal: (signal: Int32, exitStatus: Int32?)?
        switch outcome.termination {
        case let .signaled(signal): byItsOwnSignal = (signal, nil)
        case let .exited(status) where status == 128 + SIGINT || status == 128 + SIGTERM: byItsOwnSignal = (status - 128, status)
        case .exited: byItsOwnSignal = nil
        }
        if let (signal, exitStatus) = byItsOwnSignal {
            if let own = gateSignal(waiting: true) { throw LaunchFailure.interrupted(own) }
            throw LaunchFailure.died(label: label, pid: outcome.processIdentifier, signal: signal, exitStatus: exitStatus)
        }
        let status = outcome.termination.status
        guard status == 0 else { throw LaunchFailure.failed(status: status, detail: errorLine(of: logPath)) }
        let path = "\(folder)/\(label)/results.json"
        do {
            var run = try ResultsFile.read(from: path)
            if let runIDPrefix {
                run.runID = "\(runIDPrefix)-\(label)"
                try ResultsFile.write(run, to: path)
            }
            return run
        } catch { throw LaunchFailure.failed(status: status, detail: "\(error)") }
    }

    /// The first signal the gate received, if it is one it stops on; `waiting`: for up to ``ownSignalGrace``.
    private func gateSignal(waiting: Bool) -> InterruptingSignal? {
        let deadline = Date().addingTimeInterval(waiting ? ownSignalGrace : 0)
        repeat {
            if let first = receivedSignals().first { return InterruptingSignal(number: first) ?? .sigterm }
            if waiting { usleep(20_000) }
        } while Date() < deadline
        return nil
    }

    /// The line of the log that says what went wrong: its last error line (`framebudget: error: …`, or
    /// swift-argument-parser's `Error: …` of builds before 7 Dec 2026, which their usage block follows), else its
    /// last line.
    private func errorLine(of path: String) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n").map(String.init)
        return lines.last(where: Self.isErrorLine) ?? lines.last ?? "no message (see \(path))"
    }

    /// `Error: …` or `<tool>: error: …` (the tool's name is the child's, which a package may choose).
    private static func isErrorLine(_ line: String) -> Bool {
        if line.hasPrefix("Error: ") { return true }
        guard let range = line.range(of: ": error: ") else { return false }
        return !line[..<range.lowerBound].contains(" ")
    }
}
