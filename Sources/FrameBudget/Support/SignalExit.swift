import Dispatch
import Foundation

/// For commands that do not stop gracefully (`kernel`): on SIGINT or SIGTERM runs a clean-up, then exits with
/// 128 + the signal number, as the default action would have, minus the debris.
enum SignalExit {
    /// Kept alive for the life of the process (a released source stops delivering).
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Installs the handlers; call once, before the work whose debris `cleanUp` removes.
    static func install(cleanUp: @escaping @Sendable () -> Void) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                cleanUp()
                exit(128 + signalNumber)
            }
            // Registration is asynchronous and the signal is ignored meanwhile: wait for it (see Interruption).
            let registered = DispatchSemaphore(value: 0)
            source.setRegistrationHandler { registered.signal() }
            source.resume()
            registered.wait()
            sources.append(source)
        }
    }
}
