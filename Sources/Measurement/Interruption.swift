import ChildProcesses
import Dispatch
import Foundation
import Glibc
import Results
import Synchronization

/// Turns SIGINT and SIGTERM into a flag the runner polls (between samples, within long samples, during the warm-up),
/// so an interrupted run still writes what it measured (marked incomplete).
///
/// Signals belong to the process, so there is one: ``shared``, installed once and kept for the life of the process
/// (the gate's re-measurement, after its own run, still hears them). The first signal sets the flag; a second one
/// means "stop at once": it runs the action the current phase registered with ``onSecondSignal(_:)`` (saving what was
/// measured, saying so) and exits with the first signal's status, 128 + its number.
public final class Interruption: Sendable {
    /// The process's interruption.
    public static let shared = Interruption()

    /// The first signal received (0: none): what the measurement polls, a relaxed load.
    private let first = Atomic<Int32>(0)
    private let state = Mutex(State())

    public typealias SecondSignalAction = @Sendable (_ first: Int32, _ second: Int32) -> Void

    /// A repeat of the first signal this soon after it is the same request, not a second one: `timeout` sends its
    /// signal to the command and then to the command's whole process group, the command included.
    public static let repeatWindowSeconds = 0.25

    /// How long a second signal's at-once exit waits for a child given forwarded signals to save and exit.
    public static let childSaveSeconds = 10.0

    private struct State: ~Copyable {
        var installed = false
        /// When the first signal was received (monotonic nanoseconds).
        var firstAt: UInt64 = 0
        /// Every signal received, in order: what a running child is given (``receivedSignals``).
        var signals: [Int32] = []
        var secondSignal: SecondSignalAction?
        var exitDelayMilliseconds = 0
    }

    public init() {}

    /// Starts listening for SIGINT and SIGTERM; later calls do nothing.
    public func install() {
        let first = state.withLock { state in
            defer { state.installed = true }
            return !state.installed
        }
        if first {
            SignalSources.install { [self] signalNumber in received(signalNumber) }
            stopWithParent()
        }
    }

    /// In a child started with forwarded signals (``ProcessRunner/parentVariable``): once the parent is gone (this
    /// process was handed to another), stop as its SIGTERM would have made it. The variable is removed, so that
    /// this process's own children are not told of a parent that is not theirs.
    private func stopWithParent() {
        guard let value = getenv(ProcessRunner.parentVariable).map({ String(cString: $0) }) else { return }
        unsetenv(ProcessRunner.parentVariable)
        guard let parent = pid_t(value), parent > 1 else { return }
        Thread.detachNewThread { [self] in
            while getppid() == parent && !isRequested { usleep(200_000) }
            if !isRequested { received(SIGTERM) }
        }
    }

    private func received(_ signalNumber: Int32) {
        let now = MonotonicClock.now()
        let (isSecond, action) = state.withLock { state -> (Bool, SecondSignalAction?) in
            if first.compareExchange(expected: 0, desired: signalNumber, ordering: .relaxed).exchanged {
                state.firstAt = now
                state.signals.append(signalNumber)
                return (false, nil)
            }
            if signalNumber == first.load(ordering: .relaxed) && Double(now - state.firstAt) < Self.repeatWindowSeconds * 1e9 {
                return (false, nil)
            }
            state.signals.append(signalNumber)
            return (true, state.secondSignal)
        }
        guard isSecond else { return }
        // A child that stops on signals as this process does gets this one too, now: the poll that passes signals
        // on (``ProcessRunner/Request/forwardedSignals``) may not come round again before this process is gone.
        ProcessRunner.signalForwardingChildren(signalNumber)
        ProcessRunner.waitForForwardingChildren(within: Self.childSaveSeconds)
        // A child no terminal signal reaches (a gnuplot in a process group of its own) must not write after the
        // clean-up below; other children (perf, valgrind) got the signal with this process and keep their own rules.
        ProcessRunner.stopIsolatedChildren()
        let firstSignal = first.load(ordering: .relaxed)
        if let action {
            action(firstSignal, signalNumber)
        } else {
            // Nothing unsaved: the last complete write is on disk already.
            FileHandle.standardError.write(Data("\(ToolName.current): \(Self.name(of: signalNumber)) again: stopped at once\n".utf8))
        }
        PendingOutputs.discardAll()  // what other threads were still writing
        let delay = state.withLock { $0.exitDelayMilliseconds }
        if delay > 0 { usleep(UInt32(delay) * 1000) }
        exit(128 + firstSignal)
    }

    /// What a second signal does before the process exits (128 + the first signal's number): save what the current
    /// phase has, say where. Nil restores the default (a one-line note, then exit).
    public func onSecondSignal(_ action: SecondSignalAction?) {
        state.withLock { $0.secondSignal = action }
    }

    /// Test-only: a second signal's exit, once the outputs in progress are removed, waits `milliseconds` first, so a
    /// test sees what the command's own threads do meanwhile (they must not end the process with another status).
    public func delayExitForTesting(milliseconds: Int) {
        state.withLock { $0.exitDelayMilliseconds = max(0, min(milliseconds, 60_000)) }
    }

    /// Every signal received so far, in order.
    public var receivedSignals: [Int32] { state.withLock { $0.signals } }

    /// The (first) signal received, or nil.
    public var receivedSignal: Int32? {
        let value = first.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    public var isRequested: Bool { receivedSignal != nil }

    /// The signal received, as results record it; nil when none was.
    public var signal: InterruptingSignal? { receivedSignal.flatMap(InterruptingSignal.init(number:)) }

    /// `SIGINT` / `SIGTERM` / `signal N`.
    public var signalName: String? { receivedSignal.map(Self.name(of:)) }

    /// `SIGINT`, `SIGKILL`, … (``ProcessRunner/signalName(_:)``).
    public static func name(of signalNumber: Int32) -> String { ProcessRunner.signalName(signalNumber) }
}
