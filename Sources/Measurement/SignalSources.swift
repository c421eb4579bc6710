import Dispatch
import Foundation

/// SIGINT and SIGTERM delivered to a handler on a dispatch queue instead of killing the process: the one place
/// that installs them, for the graceful stop of a run (``Interruption``) and the clean-up exit of other commands.
public enum SignalSources {
    /// Ignores the default action of each signal and delivers it to `handler`. Returns once every source is
    /// registered (registration is asynchronous and the signal is ignored meanwhile, so a signal sent after this
    /// returns is never lost). The caller keeps the sources: a released source stops delivering.
    public static func install(_ signals: [Int32] = [SIGINT, SIGTERM],
                               handler: @escaping @Sendable (Int32) -> Void) -> [any DispatchSourceSignal] {
        signals.map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { handler(signalNumber) }
            let registered = DispatchSemaphore(value: 0)
            source.setRegistrationHandler { registered.signal() }
            source.resume()
            registered.wait()
            return source
        }
    }
}
