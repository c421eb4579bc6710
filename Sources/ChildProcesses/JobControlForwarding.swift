import Dispatch
import Foundation
import Synchronization

/// Ctrl-Z and `fg` for a child in a process group of its own (one given forwarded signals: the nightly's gate, the
/// gate's `run`). The terminal stops and continues the foreground group only, so the child measured and wrote on
/// while its parent was stopped; from the first such child on, a SIGTSTP to this process stops those children, then
/// this process, and a SIGCONT continues them.
enum JobControlForwarding {
    private static let sources = Mutex<[any DispatchSourceSignal]>([])

    /// Starts forwarding, once per process (a later call does nothing).
    static func install() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            // The dispatch sources see the signals only when their default actions are not taken. SIGCONT continues
            // a stopped process whatever its disposition.
            signal(SIGTSTP, SIG_IGN)
            signal(SIGCONT, SIG_IGN)
            let stop = DispatchSource.makeSignalSource(signal: SIGTSTP, queue: .global())
            stop.setEventHandler {
                // SIGTSTP, so that a child forwarding to children of its own (the gate's `run`) passes it on; its
                // group has a parent in this session (this process), so its default action stops it.
                ProcessRunner.signalForwardingChildren(SIGTSTP)
                // Then this process, as the terminal asked: SIGSTOP cannot be ignored, and stops it even in a
                // process group the kernel considers orphaned.
                raise(SIGSTOP)
            }
            let resume = DispatchSource.makeSignalSource(signal: SIGCONT, queue: .global())
            resume.setEventHandler { ProcessRunner.signalForwardingChildren(SIGCONT) }
            stop.resume()
            resume.resume()
            sources = [stop, resume]  // kept for the life of the process
        }
    }
}
