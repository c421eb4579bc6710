import Dispatch
import Synchronization

/// Runs async work to completion from synchronous code (the history commands and ``History/HistoryStore`` are
/// synchronous; PostgresNIO is async). The calling thread waits; the work runs on the concurrency pool and NIO's
/// event loops, so this must not be called from a task of the concurrency pool itself.
enum Blocking {
    /// The work did not finish within its time: it is left running, and its result is dropped.
    struct TimedOut: Error {
        let seconds: Double
    }

    /// The result of `body`, or what it threw.
    /// - Parameter seconds: how long to wait at most (nil: as long as it takes).
    /// - Throws: ``TimedOut`` when `body` has not finished after `seconds`.
    static func run<T: Sendable>(within seconds: Double? = nil, _ body: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            outcome.value.withLock { $0 = result }
            finished.signal()
        }
        if let seconds {
            guard finished.wait(timeout: .now() + seconds) == .success else { throw TimedOut(seconds: seconds) }
        } else {
            finished.wait()
        }
        return try outcome.value.withLock { $0 }!.get()
    }

    /// Written by the task, read by the waiting thread once it was signalled (never, when it timed out).
    private final class Outcome<T: Sendable>: Sendable {
        let value = Mutex<Result<T, any Error>?>(nil)
    }
}
