import Foundation
import Results
import ChildProcesses

/// Measures benchmarks in one fresh process: one more process run (replicate) for the gate's run-level verdicts.
/// The seam between the sequential gate and the operating system (tests hand in fixture runs instead).
public protocol ProcessLauncher {
    /// Runs exactly `ids` in a new process and returns that process's results.
    /// - Parameter label: a unique name for this process run (its run id), e.g. `p2`.
    /// - Throws: ``LaunchFailure``.
    func measure(_ ids: [String], label: String) throws -> RunResults
}

/// Why a fresh process gave no results.
public enum LaunchFailure: Error, CustomStringConvertible, Equatable {
    /// Stopped by SIGINT/SIGTERM (exit 130/143): the gate stops measuring and reports what it has.
    case interrupted(status: Int32)
    /// Exited otherwise non-zero, or wrote no readable results; `detail` is its last line on stderr.
    case failed(status: Int32, detail: String)

    public var description: String {
        switch self {
        case let .interrupted(status): return "a re-measuring process was interrupted (exit \(status))"
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

    public init(executable: String, arguments: [String], folder: String) {
        self.executable = executable
        self.arguments = arguments
        self.folder = folder
    }

    public func measure(_ ids: [String], label: String) throws -> RunResults {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let logPath = "\(folder)/\(label).log"
        let arguments = ["run", "--format", "none", "--reports", folder, "--run-id", label] + arguments + ids
        let outcome = try ProcessRunner.run(.init(executable, arguments))
        // Its stderr is kept beside its run folder, as the place to look when it failed.
        _ = FileManager.default.createFile(atPath: logPath, contents: Data(outcome.standardError.utf8))
        let status = outcome.termination.status
        if status == 130 || status == 143 || outcome.termination == .signaled(status) {
            throw LaunchFailure.interrupted(status: status)
        }
        guard status == 0 else { throw LaunchFailure.failed(status: status, detail: lastLine(of: logPath)) }
        do { return try ResultsFile.read(from: "\(folder)/\(label)/results.json") }
        catch { throw LaunchFailure.failed(status: status, detail: "\(error)") }
    }

    private func lastLine(of path: String) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").last.map(String.init) ?? "no message (see \(path))"
    }
}
