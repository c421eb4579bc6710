#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The camera callback's side of seed 003's pattern: under one lock, apply the policy, put the frame in a bounded
/// FIFO, signal the processing thread, return. The processing thread takes frames in order and reports completion.
///
/// The FIFO is a ring allocated once: neither side allocates per frame.
final class FrameHandoff: @unchecked Sendable {
    private let policy: FramePolicy
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let ring: UnsafeMutablePointer<Int>
    private let ringCapacity: Int
    private var head = 0, count = 0
    /// Admitted and not completed: waiting in the ring or being processed.
    private var inFlight = 0
    private var closed = false

    init(policy: FramePolicy) {
        self.policy = policy
        ringCapacity = policy.waitingCapacity + 1
        ring = .allocate(capacity: ringCapacity)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
        ring.deallocate()
    }

    /// The callback: admits frame `index` or refuses it. Returns whether it was admitted.
    func offer(_ index: Int) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard policy.admits(framesInFlight: inFlight) else { return false }
        inFlight += 1
        ring[(head + count) % ringCapacity] = index
        count += 1
        pthread_cond_signal(condition)
        return true
    }

    /// The processing thread: waits for the next admitted frame; nil once closed and drained.
    func next() -> Int? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while count == 0 && !closed { pthread_cond_wait(condition, mutex) }
        guard count > 0 else { return nil }
        let index = ring[head]
        head = (head + 1) % ringCapacity
        count -= 1
        return index
    }

    /// The processing thread finished a frame: it no longer counts as in flight.
    func complete() {
        pthread_mutex_lock(mutex)
        inFlight -= 1
        pthread_mutex_unlock(mutex)
    }

    /// No more frames will be offered: wakes the processing thread so it can drain and stop.
    func close() {
        pthread_mutex_lock(mutex)
        closed = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}
