import Dispatch
import Foundation
import Subprocess
import SystemPackage
import Synchronization

/// The one way FrameBudget starts another program (the gate's fresh processes, valgrind, perf, objcopy, gnuplot,
/// git, swift-demangle) and finds one on `PATH`.
///
/// Built on swiftlang/swift-subprocess rather than Foundation's `Process`: a child starts with every signal at its
/// default action. The CLI ignores SIGINT/SIGTERM while it handles them itself (``Interruption``), and `Process`
/// passes that on, so a gnuplot or valgrind child used to survive the Ctrl-C or `kill` meant for the run; with
/// swift-subprocess it stops, and the exit says which signal (``Termination/signaled(_:)``). No timeout is set:
/// the gate's children measure for as long as their settings say, and a signal is the way to stop them.
///
/// swift-subprocess is async; the harness is synchronous (commands, the gate's loop, the engine's counting pass), so
/// ``run(_:)`` waits on a semaphore while a detached task runs the child. That blocks the calling thread only: call
/// it from ordinary threads, never from inside Swift concurrency's cooperative pool.
public enum ProcessRunner {
    /// What to run.
    public struct Request: Sendable {
        public var executable: String
        public var arguments: [String]
        /// Added to (or replacing entries of) this process's environment.
        public var environment: [String: String]
        /// The child's working folder; nil for this process's.
        public var workingDirectory: String?
        /// Fed to the child's stdin, which then ends; an empty stdin when nil (a child never reads the terminal).
        public var standardInput: String?
        /// Signals to pass on, for a child that stops gracefully on them as this process does (the gate's fresh
        /// `framebudget run`): every signal this process received so far, in order. Polled every
        /// ``forwardingPollMilliseconds`` while the child runs; each new entry is sent to the child. A child given
        /// this runs in a process group of its own, so that it gets each signal once, from here (a terminal's
        /// Ctrl-C or `timeout`'s group-wide TERM reach this process only), and ``signalForwardingChildren(_:)``
        /// reaches it.
        public var forwardedSignals: (@Sendable () -> [Int32])?
        /// The child writes to this process's stdout and stderr as it goes (a long child whose progress a user
        /// watches: the nightly's gate); the outcome's outputs are then empty.
        public var streamsOutput: Bool
        /// The child runs in a process group of its own, out of reach of a terminal's Ctrl-C and of `timeout`'s
        /// group-wide signal: a short job this process finishes even when asked to stop (a gate interrupted while
        /// writing its reports lost a plot to gnuplot's own SIGINT, and called the reports complete). This process
        /// still stops it when it stops at once (``stopRunningChildren(within:)``).
        public var ownProcessGroup: Bool

        public init(_ executable: String, _ arguments: [String] = [], environment: [String: String] = [:],
                    workingDirectory: String? = nil, standardInput: String? = nil,
                    forwardedSignals: (@Sendable () -> [Int32])? = nil, streamsOutput: Bool = false,
                    ownProcessGroup: Bool = false) {
            self.ownProcessGroup = ownProcessGroup
            self.executable = executable
            self.arguments = arguments
            self.environment = environment
            self.workingDirectory = workingDirectory
            self.standardInput = standardInput
            self.forwardedSignals = forwardedSignals
            self.streamsOutput = streamsOutput
        }
    }

    /// How often a running child's ``Request/forwardedSignals`` are looked at.
    public static let forwardingPollMilliseconds = 20

    /// How a child ended.
    public enum Termination: Sendable, Equatable {
        case exited(Int32)
        case signaled(Int32)

        /// The exit code, or the signal number (what `Process.terminationStatus` reported).
        public var status: Int32 {
            switch self {
            case let .exited(code), let .signaled(code): return code
            }
        }
    }

    /// A finished child: how it ended and everything it wrote.
    public struct Outcome: Sendable, Equatable {
        public let termination: Termination
        public let standardOutput: String
        public let standardError: String
        /// Its process id (gone by now: to name it in a message).
        public let processIdentifier: Int32
    }

    /// Why a child did not run.
    public struct LaunchError: Error, Sendable, Equatable, CustomStringConvertible {
        public let executable: String
        public let reason: String
        public var description: String { "\(executable): cannot start: \(reason)" }

        public init(executable: String, reason: String) {
            self.executable = executable
            self.reason = reason
        }
    }

    /// Runs the request to completion. Output is collected whole (a chatty child never blocks on a full pipe), or
    /// passed through as it comes (``Request/streamsOutput``).
    /// - Throws: ``LaunchError`` when the executable cannot be started (missing, not executable).
    public static func run(_ request: Request) throws(LaunchError) -> Outcome {
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.result = await launch(request)
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    /// This process's own executable, links resolved: what a command starts again as a child (a fresh measuring
    /// process, the gate under `nightly`, a run under valgrind or perf).
    public static var currentExecutable: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    /// The path of `name` in the first `PATH` folder (then `extraFolders`) that holds it as an executable, or nil.
    public static func locate(_ name: String, alsoIn extraFolders: [String] = [],
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init) + extraFolders
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Sends `signal` to every child running now with ``Request/forwardedSignals`` (a second signal's at-once exit:
    /// the poll may not come round again before this process is gone).
    public static func signalForwardingChildren(_ signal: Int32) {
        forwarding.withLock { children in
            for pid in children { kill(pid, signal) }
        }
    }

    /// `SIGINT`, `SIGKILL`, … for the common signals; `signal N` otherwise.
    public static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1",
            SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
            SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGSYS: "SIGSYS",
        ]
        return names[signal] ?? "signal \(signal)"
    }

    /// Waits up to `seconds` until every child running with forwarded signals has exited: a second signal's at-once
    /// exit first gives such a child (the nightly's gate) the signal and the time to save what it measured, which it
    /// does on its own second signal; leaving before it, the command returned the prompt while its child still wrote.
    public static func waitForForwardingChildren(within seconds: Double) {
        let pids = forwarding.withLock { $0 }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        for pid in pids { waitUntilExited(pid, deadline: deadline) }
    }

    /// Polls until `pid` has exited (not reaped: swift-subprocess reaps) or is no longer this process's child.
    private static func waitUntilExited(_ pid: pid_t, deadline: UInt64) {
        while DispatchTime.now().uptimeNanoseconds < deadline {
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_signo == SIGCHLD { return }
            usleep(2_000)
        }
    }

    /// Stops every child running now, at once (SIGKILL), and waits up to `seconds` until each has exited: what a
    /// command that is being interrupted does before it removes what it was writing, so that a gnuplot still
    /// rendering does not write its image again after the removal, nor outlive the command.
    public static func stopRunningChildren(within seconds: Double = 2) {
        let pids = running.withLock { children in
            for pid in children { kill(pid, SIGKILL) }
            return children
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        for pid in pids { waitUntilExited(pid, deadline: deadline) }
    }

    /// Stops at once (SIGKILL) the children running in a process group of their own without forwarded signals
    /// (``Request/ownProcessGroup``: gnuplot), which no terminal signal reaches: what an at-once exit does so that
    /// none writes after it. Other children are left to the signal they got with this process, or its own rules.
    public static func stopIsolatedChildren() {
        isolated.withLock { children in
            for pid in children { kill(pid, SIGKILL) }
        }
    }

    /// Children running with forwarded signals, and every child running. A pid is in a set only while its child is
    /// unreaped (the body below removes it before returning, and swift-subprocess reaps after the body), so it never
    /// names another process.
    private static let forwarding = Mutex<Set<pid_t>>([])
    /// Children running in a process group of their own without forwarded signals (``Request/ownProcessGroup``).
    private static let isolated = Mutex<Set<pid_t>>([])
    private static let running = Mutex<Set<pid_t>>([])

    /// Names this process to a child given forwarded signals, in its own process group where no signal sent to
    /// this one reaches it: the child stops as on SIGTERM when this process is gone (a SIGKILL of the gate would
    /// otherwise leave its re-measuring `run` measuring on, beside the next job). Read by `Interruption`.
    public static let parentVariable = "FRAMEBUDGET_STOP_WITH_PARENT"

    private static func launch(_ request: Request) async -> Result<Outcome, LaunchError> {
        var variables = request.environment
        if request.forwardedSignals != nil { variables[parentVariable] = String(getpid()) }
        let environment = Environment.inherit.updating(
            Dictionary(uniqueKeysWithValues: variables.map { (Environment.Key(stringLiteral: $0.key), Optional($0.value)) }))
        var options = PlatformOptions()
        if request.forwardedSignals != nil || request.ownProcessGroup { options.processGroupID = 0 }
        let configuration = Configuration(
            executable: .path(FilePath(request.executable)), arguments: Arguments(request.arguments),
            environment: environment, workingDirectory: request.workingDirectory.map { FilePath($0) },
            platformOptions: options)
        let standardInput: FileDescriptor
        do { standardInput = try inputFile(request.standardInput) } catch {
            return .failure(LaunchError(executable: request.executable, reason: "cannot prepare its standard input: \(error)"))
        }
        defer { try? standardInput.close() }
        let input: FileDescriptorInput = .fileDescriptor(standardInput, closeAfterSpawningProcess: false)
        do {
            if request.streamsOutput {
                let result = try await Subprocess.run(
                    configuration, input: input, output: .currentStandardOutput, error: .currentStandardError
                ) { execution in
                    await watch(execution.processIdentifier.value, forwarding: request.forwardedSignals, isolated: request.ownProcessGroup)
                }
                return .success(Outcome(termination: Termination(result.terminationStatus), standardOutput: "",
                                        standardError: "", processIdentifier: result.processIdentifier.value))
            }
            let result = try await Subprocess.run(
                configuration, input: input, output: .bytes(limit: .max), error: .bytes(limit: .max)
            ) { execution in
                await watch(execution.processIdentifier.value, forwarding: request.forwardedSignals, isolated: request.ownProcessGroup)
            }
            return .success(Outcome(termination: Termination(result.terminationStatus),
                                    standardOutput: String(decoding: result.standardOutput, as: UTF8.self),
                                    standardError: String(decoding: result.standardError, as: UTF8.self),
                                    processIdentifier: result.processIdentifier.value))
        } catch {
            return .failure(LaunchError(executable: request.executable, reason: reason(error, request.executable)))
        }
    }

    /// The child's standard input: `text` in an unlinked temporary file, or /dev/null. Never a pipe: a child that
    /// exits before reading all of it (gnuplot killed by the same Ctrl-C) made the write fail, and SIGPIPE killed
    /// this process (exit 141, its staging folder left behind); with SIGPIPE ignored, swift-subprocess trapped on the
    /// pipe it had not closed. A file is read by the child at its own pace and never written to after it starts.
    private static func inputFile(_ text: String?) throws -> FileDescriptor {
        guard let text, !text.isEmpty else { return try FileDescriptor.open("/dev/null", .readOnly, options: .closeOnExec) }
        var template = Array((NSTemporaryDirectory() + "/framebudget-stdin-XXXXXX").utf8CString)
        let raw = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard raw >= 0 else { throw Errno(rawValue: errno) }
        _ = fcntl(raw, F_SETFD, FD_CLOEXEC)
        unlink(String(cString: template))
        let descriptor = FileDescriptor(rawValue: raw)
        do {
            _ = try descriptor.writeAll(Array(text.utf8))
            guard lseek(raw, 0, SEEK_SET) == 0 else { throw Errno(rawValue: errno) }
        } catch {
            try? descriptor.close()
            throw error
        }
        return descriptor
    }

    /// Until the child has exited (seen without reaping it: swift-subprocess reaps it after this returns), keeps it
    /// among the running children and sends it each signal `signals` adds.
    private static func watch(_ pid: pid_t, forwarding signals: (@Sendable () -> [Int32])?, isolated: Bool) async {
        running.withLock { _ = $0.insert(pid) }
        defer { running.withLock { _ = $0.remove(pid) } }
        if isolated { self.isolated.withLock { _ = $0.insert(pid) } }
        defer { if isolated { self.isolated.withLock { _ = $0.remove(pid) } } }
        if signals != nil {
            JobControlForwarding.install()
            forwarding.withLock { _ = $0.insert(pid) }
        }
        defer { if signals != nil { forwarding.withLock { _ = $0.remove(pid) } } }
        var sent = 0
        // A child only watched is looked at soon, then less often (its output is read once it has exited: a short
        // gnuplot is not held up, a long valgrind is not polled hundreds of times a second).
        var pause = signals == nil ? 1 : forwardingPollMilliseconds
        while true {
            if let signals {
                let received = signals()
                for signal in received.dropFirst(sent) { kill(pid, signal) }
                sent = Swift.max(sent, received.count)
            }
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_signo == SIGCHLD { return }
            try? await Task.sleep(for: .milliseconds(pause))
            pause = Swift.min(2 * pause, forwardingPollMilliseconds)
        }
    }

    /// A missing or non-executable file in the words of the shell; other failures as swift-subprocess says them.
    private static func reason(_ error: any Error, _ executable: String) -> String {
        if !FileManager.default.fileExists(atPath: executable) { return "no such file" }
        if !FileManager.default.isExecutableFile(atPath: executable) { return "not executable" }
        return "\(error)"
    }
}

/// The detached task's result, read once the semaphore says it is written.
private final class ResultBox: @unchecked Sendable {
    var result: Result<ProcessRunner.Outcome, ProcessRunner.LaunchError>?
}

extension ProcessRunner.Termination {
    init(_ status: TerminationStatus) {
        switch status {
        case let .exited(code): self = .exited(code)
        case let .signaled(signal): self = .signaled(signal)
        }
    }
}
