import Dispatch
import Foundation
import Glibc
import Results
import Synchronization

/// Turns SIGINT and SIGTERM into a flag the runner polls between samples and benchmarks, so an interrupted run
/// still writes what it measured (marked incomplete). A second signal ends the process at once.
/// `@unchecked Sendable`: `sources` is only written by `install()`, called once before the run starts.
public final class Interruption: @unchecked Sendable {
    private let received = Atomic<Int32>(0)
    private var sources: [any DispatchSourceSignal] = []

    public init() {}

    /// Starts listening for SIGINT and SIGTERM.
    public func install() {
        sources = SignalSources.install { [self] signalNumber in
            if received.exchange(signalNumber, ordering: .relaxed) != 0 {
                // Second signal: the user really wants out; the last complete write is on disk already.
                exit(128 + signalNumber)
            }
        }
    }

    /// The signal received, or nil.
    public var receivedSignal: Int32? {
        let value = received.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    public var isRequested: Bool { receivedSignal != nil }

    /// The signal received, as results record it; nil when none was.
    public var signal: InterruptingSignal? { receivedSignal.flatMap(InterruptingSignal.init(number:)) }

    /// `SIGINT` / `SIGTERM` / `signal N`.
    public var signalName: String? {
        switch receivedSignal {
        case nil: return nil
        case SIGINT?: return "SIGINT"
        case SIGTERM?: return "SIGTERM"
        case let other?: return "signal \(other)"
        }
    }
}
