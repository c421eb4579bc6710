import Dispatch

/// Runs async work to completion from synchronous code (the history commands and ``History/HistoryStore`` are
/// synchronous; PostgresNIO is async). The calling thread waits; the work runs on the concurrency pool and NIO's
/// event loops, so this must not be called from a task of the concurrency pool itself.
enum Blocking {
    /// The result of `body`, or what it threw.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            do { outcome.value = .success(try await body()) } catch { outcome.value = .failure(error) }
            finished.signal()
        }
        finished.wait()
        return try outcome.value!.get()
    }

    /// Written once by the task before it signals, read once after the wait: the semaphore orders the two.
    private final class Outcome<T>: @unchecked Sendable {
        var value: Result<T, any Error>?
    }
}
