import ChildProcesses
import Foundation
import Glibc
import Measurement

/// Which build a worker runs.
package enum PairedSide: String, Sendable, CaseIterable {
    case base, head
}

/// Why a worker could not answer.
package enum PairedWorkerError: Error, CustomStringConvertible, Equatable {
    /// The worker exited or was killed: how, and the last line it wrote on stderr.
    case died(PairedSide, String)
    /// The worker's executable could not be prepared (`--fresh-copies`).
    case notStarted(PairedSide, String)
    case timedOut(PairedSide, seconds: Double)
    /// The worker answered with an error (a benchmark that failed to set up).
    case refused(PairedSide, String)
    case garbled(PairedSide, String)

    package var description: String {
        switch self {
        case let .died(side, how): return "the \(side.rawValue) worker died: \(how)"
        case let .notStarted(side, why): return "the \(side.rawValue) worker could not start: \(why)"
        case let .timedOut(side, seconds): return "the \(side.rawValue) worker did not answer within \(Int(seconds)) s (killed)"
        case let .refused(side, message): return "the \(side.rawValue) worker: \(message)"
        case let .garbled(side, line): return "the \(side.rawValue) worker answered something else than a reply: \(line.prefix(200))"
        }
    }
}

/// A live worker the coordinator talks to.
package protocol PairedWorkerConnection: AnyObject {
    /// Sends `request` and waits up to `timeout` seconds for the reply.
    func send(_ request: PairedRequest, timeout: Double) throws -> PairedReply
    /// Asks the worker to quit, and kills it if it does not within a second.
    func stop()
}

/// Starts workers: one per side for every process pair.
package protocol PairedWorkerLauncher {
    func start(_ side: PairedSide, pair: Int) throws -> any PairedWorkerConnection
}

/// Workers as child processes of an executable built on the FrameBudget library (`<binary> worker …`).
package struct PairedProcessLauncher: PairedWorkerLauncher {
    /// Each side's executables, taken in turn by the process pairs (one, or the build's link orders).
    package let executables: [PairedSide: [String]]
    package let arguments: [String]
    /// Start every worker from its own copy of the executable (see `ExecutableCopy`).
    package let freshCopies: Bool
    /// Each executable's file as it was when the comparison started: a rebuild in another terminal replaced
    /// `.build/release/framebudget` mid-session, and the later pairs compared another build (an A/A read −4.5%).
    private let identities: [String: ExecutableIdentity]

    package init(base: String, head: String, arguments: [String], freshCopies: Bool = false) {
        self.init(base: [base], head: [head], arguments: arguments, freshCopies: freshCopies)
    }

    /// Process pair i runs the i-th executable of each side, in turn (``LinkOrders``).
    /// - Precondition: neither list is empty.
    package init(base: [String], head: [String], arguments: [String], freshCopies: Bool = false) {
        precondition(!base.isEmpty && !head.isEmpty, "each side needs an executable")
        executables = [.base: base, .head: head]
        self.arguments = arguments
        self.freshCopies = freshCopies
        identities = Dictionary((base + head).compactMap { path in ExecutableIdentity(path).map { (path, $0) } }) { first, _ in first }
    }

    package func start(_ side: PairedSide, pair: Int) throws -> any PairedWorkerConnection {
        let original = LinkOrders.executable(executables[side]!, pair: pair)
        let environment = Self.environment(of: original)
        try checkUnchanged(original, side)
        guard freshCopies else {
            return try PairedWorkerProcess(executable: original, arguments: ["worker"] + arguments, side: side,
                                           environment: environment)
        }
        let copy = try ExecutableCopy.make(of: original, pair: pair, side: side)
        // Again after the copy: a file replaced while it was copied would make a copy of neither build.
        do { try checkUnchanged(original, side) } catch { unlink(copy); throw error }
        return try PairedWorkerProcess(executable: copy, arguments: ["worker"] + arguments, side: side,
                                       environment: environment, removingOnceAnswered: copy)
    }

    /// - Throws: ``PairedWorkerError/notStarted(_:_:)`` when `path` is no longer the file it was at the start.
    private func checkUnchanged(_ path: String, _ side: PairedSide) throws {
        guard let before = identities[path], ExecutableIdentity(path) != before else { return }
        throw PairedWorkerError.notStarted(side, "\(path) changed since the comparison started (rebuilt?): its pairs "
                                           + "so far are one build's, a pair started now would be another's")
    }

    /// The worker's environment: this process's, with the commit of `executable`'s own build. A
    /// `FRAMEBUDGET_GIT_COMMIT` given to this process names this process's build (the nightly's tonight), not the
    /// other side's: inherited, it labelled both builds with one commit. The worker is told its original's
    /// `.commit` (a fresh copy has none beside it, and would report the commit of the folder it runs in); a worker
    /// of this very executable keeps the variable; any other finds its commit itself.
    static func environment(of executable: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if let commit = EnvironmentProbe.builtFromCommit(sidecar: executable + ".commit") {
            environment["FRAMEBUDGET_GIT_COMMIT"] = commit
        } else if URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
                    != URL(fileURLWithPath: ProcessRunner.currentExecutable).resolvingSymlinksInPath().path {
            environment["FRAMEBUDGET_GIT_COMMIT"] = nil
        }
        return environment
    }
}

/// One worker process, spoken to over pipes.
package final class PairedWorkerProcess: PairedWorkerConnection {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errorLog: String
    private let side: PairedSide
    private var buffer: [UInt8] = []
    /// The worker's private copy of its executable, removed at its first answer (or when it is gone): a binary is
    /// mapped by then, and a script's interpreter has opened it — at the spawn it may not have yet.
    private var temporaryExecutable: String?

    /// - Parameters:
    ///   - environment: the worker's environment; nil inherits this process's.
    ///   - removingOnceAnswered: a file to delete once the worker has answered, or has died.
    package init(executable: String, arguments: [String], side: PairedSide, environment: [String: String]? = nil,
                 removingOnceAnswered: String? = nil) throws {
        self.side = side
        temporaryExecutable = removingOnceAnswered
        // A worker that dies must not kill the coordinator with SIGPIPE on the next write.
        signal(SIGPIPE, SIG_IGN)
        errorLog = NSTemporaryDirectory() + "framebudget-worker-\(getpid())-\(side.rawValue)-\(UUID().uuidString).log"
        _ = FileManager.default.createFile(atPath: errorLog, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorLog))
        do { try process.run() } catch {
            unlink(errorLog)
            removeTemporaryExecutable()
            throw PairedWorkerError.died(side, "could not start \(executable): \(error.localizedDescription)")
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        unlink(errorLog)
        removeTemporaryExecutable()
    }

    private func removeTemporaryExecutable() {
        if let path = temporaryExecutable { unlink(path) }
        temporaryExecutable = nil
    }

    package func send(_ request: PairedRequest, timeout: Double) throws -> PairedReply {
        let line = Array((try PairedWire.encode(request) + "\n").utf8)
        let written = line.withUnsafeBytes { write(input.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
        guard written == line.count else { throw PairedWorkerError.died(side, deathDetail()) }
        // Once the worker answered (or failed to), it has loaded its executable or never will: the copy can go.
        defer { removeTemporaryExecutable() }
        let reply = try readLine(timeout: timeout)
        guard let decoded = try? PairedWire.decode(PairedReply.self, reply) else { throw PairedWorkerError.garbled(side, reply) }
        if let error = decoded.error { throw PairedWorkerError.refused(side, error) }
        return decoded
    }

    package func stop() {
        if process.isRunning, let quit = try? PairedWire.encode(PairedRequest.quit) + "\n" {
            _ = Array(quit.utf8).withUnsafeBytes { write(input.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
        }
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// One line from the worker's stdout, waiting at most `timeout` seconds.
    private func readLine(timeout: Double) throws -> String {
        let fd = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                kill(process.processIdentifier, SIGKILL)
                throw PairedWorkerError.timedOut(side, seconds: timeout)
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 1) * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw PairedWorkerError.died(side, deathDetail()) }
            buffer += chunk[..<count]
        }
    }

    /// How the worker ended, and the last line of its stderr.
    private func deathDetail() -> String {
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        let how = process.terminationReason == .uncaughtSignal
            ? "killed by signal \(process.terminationStatus)" : "exit \(process.terminationStatus)"
        let last = (try? String(contentsOfFile: errorLog, encoding: .utf8))?
            .split(separator: "\n").last.map { ": " + $0.prefix(300) } ?? ""
        return how + last
    }
}

/// Which file an executable path names, and its contents' last change: device, inode, size, modification time. A
/// rebuild that renames a new file over the path changes the inode; one that writes in place, the time and size.
struct ExecutableIdentity: Equatable {
    let device: UInt64, inode: UInt64, size: Int64, modified: timespec

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        (device, inode, size, modified) = (UInt64(info.st_dev), UInt64(info.st_ino), Int64(info.st_size), info.st_mtim)
    }

    static func == (a: Self, b: Self) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
    }
}
