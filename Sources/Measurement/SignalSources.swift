import Dispatch
import Foundation
import Synchronization

/// SIGINT and SIGTERM delivered to a handler on a dispatch queue instead of killing the process: the one place
/// that installs them, for the graceful stop of a run (``Interruption``) and the clean-up exit of other commands.
///
/// One set of sources serves the whole process: on Linux each source reads its own signalfd, and a signal is read by
/// one of them only, so a second set would take signals from the first. The sources call the handler installed
/// last with ``install(_:handler:)``, or else the fallback (``installFallback(_:)``).
public enum SignalSources {
    public typealias Handler = @Sendable (Int32) -> Void

    private struct State: ~Copyable {
        var sources: [Int32: any DispatchSourceSignal] = [:]
        var handler: Handler?
        var fallback: Handler?
    }

    private static let state = Mutex(State())

    /// Ignores the default action of each signal and delivers it to `handler` from now on, in place of the
    /// fallback and of any handler installed before. Returns once every source is registered (registration is
    /// asynchronous and the signal is ignored meanwhile, so a signal sent after this returns is never lost).
    public static func install(_ signals: [Int32] = [SIGINT, SIGTERM], handler: @escaping Handler) {
        state.withLock { $0.handler = handler }
        register(signals)
    }

    /// Installs the handler a process has until a command installs its own with ``install(_:handler:)``, which
    /// takes over (a command that stops gracefully): installed at start-up, before the command is known.
    public static func installFallback(_ signals: [Int32] = [SIGINT, SIGTERM], handler: @escaping Handler) {
        state.withLock { $0.fallback = handler }
        register(signals)
    }

    private static func register(_ signals: [Int32]) {
        for signalNumber in signals {
            let registered = DispatchSemaphore(value: 0)
            let created = state.withLock { state -> Bool in
                guard state.sources[signalNumber] == nil else { return false }
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { deliver(signalNumber) }
                source.setRegistrationHandler { registered.signal() }
                source.resume()
                state.sources[signalNumber] = source  // kept for the life of the process
                return true
            }
            if created { registered.wait() }
        }
    }

    private static func deliver(_ signalNumber: Int32) {
        let handler = state.withLock { $0.handler ?? $0.fallback }
        handler?(signalNumber)
    }
}
