import Dispatch
import Foundation
import Measurement

/// For commands that do not stop gracefully (`kernel`): on SIGINT or SIGTERM runs a clean-up, then exits with
/// 128 + the signal number, as the default action would have, minus the debris.
enum SignalExit {
    /// Kept alive for the life of the process (a released source stops delivering).
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Installs the handlers; call once, before the work whose debris `cleanUp` removes.
    static func install(cleanUp: @escaping @Sendable () -> Void) {
        sources = SignalSources.install { signalNumber in
            cleanUp()
            exit(128 + signalNumber)
        }
    }
}
