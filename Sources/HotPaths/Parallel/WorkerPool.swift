import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed set of threads, created once, that run the chunks of one job at a time together with the caller.
///
/// `DispatchQueue.concurrentPerform` allocates per call; this pool allocates only in `init`, so kernels can split
/// rows among cores inside a zero-allocation frame loop. Chunks are handed out one at a time under a mutex, so a
/// preempted thread (likely on a shared 2-core machine) holds up only the chunk it is working on.
public final class WorkerPool: @unchecked Sendable {
    /// Threads that work on a job, the caller included.
    public let threads: Int
    private let state: PoolState

    /// A pool of `threads`: the caller plus `threads − 1` background threads (1 runs everything on the caller).
    public init(threads: Int) {
        precondition(threads >= 1, "a pool needs at least the calling thread")
        self.threads = threads
        PoolState.warmUpTeardown()
        state = PoolState(workers: threads - 1)
        for worker in 1..<threads { state.startWorker(worker) }
    }

    /// The pool kernels use unless given another: one thread per online core, created on first use, or
    /// `HOTPATHS_THREADS` threads when that variable is set (1 runs every kernel on its caller: instruction counts
    /// under valgrind are then the same run to run, as no idle worker's start-up interleaves with the work).
    public static let shared = WorkerPool(threads: configuredThreads(
        environment: getenv("HOTPATHS_THREADS").map { String(cString: $0) },
        onlineCores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))

    /// The thread count of ``shared``: a valid `HOTPATHS_THREADS` (1…1024), else one per online core.
    public static func configuredThreads(environment: String?, onlineCores: Int) -> Int {
        if let text = environment, let threads = Int(text), (1...1024).contains(threads) { return threads }
        return Swift.max(1, onlineCores)
    }

    /// A pool that runs every chunk on the caller.
    public static let serial = WorkerPool(threads: 1)

    /// Stops the background threads (they finish their wait and exit).
    deinit { state.stop() }

    /// This pool's background threads that have not exited yet (the last thing a worker does is to leave this
    /// count): a test keeps it to see that releasing the pool ends its threads.
    var liveThreads: LiveThreads { state.live }

    /// Runs `job.runChunk(chunk, worker:)` for every chunk in `0..<chunks`, spread over the pool, and returns when
    /// all are done. `worker` (0 the caller, 1… the background threads) is below ``threads`` and differs between
    /// chunks running at the same time, so a job may keep scratch per worker. Allocates nothing. Callers on different threads take turns (kernels may share `.shared`); a chunk must
    /// not run another job on the same pool (it would wait for itself).
    func run(chunks: Int, _ job: some ChunkRunner) {
        guard chunks > 0 else { return }
        guard threads > 1, chunks > 1 else {
            for chunk in 0..<chunks { job.runChunk(chunk, worker: 0) }
            return
        }
        state.run(chunks: chunks, job)
    }
}

/// Work split into numbered chunks. A class, so handing it to the workers copies a reference, never a closure
/// context: `withoutActuallyEscaping` and optional closures allocate a context per call, which a frame loop cannot.
protocol ChunkRunner: AnyObject {
    func runChunk(_ chunk: Int, worker: Int)
}

/// A count of running worker threads, which outlives the pool and its state.
final class LiveThreads: Sendable {
    let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .acquiring) }
}

/// What a new worker thread is handed (a C thread entry point captures nothing).
private final class WorkerStart {
    let state: PoolState
    let worker: Int
    init(state: PoolState, worker: Int) { self.state = state; self.worker = worker }
}

/// The pool's shared state, retained by every worker thread so it outlives the pool object until they exit.
private final class PoolState: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Held for a whole job, so concurrent callers queue instead of mixing their chunks.
    private let submission = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let finished = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let workers: Int
    private var job: (any ChunkRunner)?
    private var generation = 0
    private var nextChunk = 0
    private var chunkCount = 0
    /// Chunks of the current job run to their end. The caller waits for these, not for every worker to check in:
    /// a worker descheduled by another process (a shared 2-core machine) then costs the caller nothing unless it
    /// holds a chunk, instead of a scheduler time slice (measured: fusion 245 µs instead of 58 µs under load).
    private var finishedChunks = 0
    private var stopping = false
    /// Copies of `generation` and `finishedChunks`, stored under `mutex`, read without it while polling (polling
    /// under the mutex would starve the threads that need it to take chunks).
    private let publishedGeneration = Atomic<Int>(0)
    private let publishedFinished = Atomic<Int>(0)

    init(workers: Int) {
        self.workers = workers
        pthread_mutex_init(mutex, nil)
        pthread_mutex_init(submission, nil)
        pthread_cond_init(wake, nil)
        pthread_cond_init(finished, nil)
    }

    deinit {
        pthread_cond_destroy(finished)
        pthread_cond_destroy(wake)
        pthread_mutex_destroy(mutex)
        pthread_mutex_destroy(submission)
        // One by one, no array: this runs on the last worker thread as it exits, inside whatever another kernel is
        // counting at that moment (allocation counts cover every thread).
        mutex.deallocate()
        submission.deallocate()
        wake.deallocate()
        finished.deallocate()
    }

    /// The first teardown in a process instantiates runtime metadata (of the atomics, in debug builds), which
    /// allocates. A pool's state is torn down by its last worker thread as it exits, at a moment no one chooses:
    /// inside another kernel's counted frames. So the first pool tears a state without workers down at once, on the
    /// creating thread.
    static func warmUpTeardown() { _ = teardownWarmedUp }
    private static let teardownWarmedUp: Bool = { withExtendedLifetime(PoolState(workers: 0)) { true } }()

    func run(chunks: Int, _ runner: any ChunkRunner) {
        pthread_mutex_lock(submission)
        defer { pthread_mutex_unlock(submission) }
        pthread_mutex_lock(mutex)
        job = runner
        nextChunk = 0
        chunkCount = chunks
        finishedChunks = 0
        generation &+= 1
        let current = generation
        publishedFinished.store(0, ordering: .releasing)
        publishedGeneration.store(generation, ordering: .releasing)
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)
        drainChunks(runner, worker: 0, generation: current)
        pollBriefly { publishedFinished.load(ordering: .acquiring) == chunks }
        pthread_mutex_lock(mutex)
        while finishedChunks < chunkCount { pthread_cond_wait(finished, mutex) }
        job = nil
        pthread_mutex_unlock(mutex)
    }

    func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)
    }

    /// Worker threads started and not yet finished.
    let live = LiveThreads()

    /// Starts background thread number `worker` (1…): the index its chunks see.
    func startWorker(_ worker: Int) {
        let context = Unmanaged.passRetained(WorkerStart(state: self, worker: worker)).toOpaque()
        var thread = pthread_t()
        live.count.add(1, ordering: .relaxed)
        let status = pthread_create(&thread, nil, { context in
            let live: LiveThreads
            do {
                let start = Unmanaged<WorkerStart>.fromOpaque(context!).takeRetainedValue()
                start.state.workerLoop(start.worker)
                live = start.state.live
            }
            live.count.subtract(1, ordering: .releasing)
            return nil
        }, context)
        precondition(status == 0, "cannot start a worker thread (error \(status))")
        pthread_detach(thread)
    }

    /// Without `mutex`: re-checks `done` for up to ~50 µs before the caller blocks on a condition. On this VM,
    /// waking a blocked thread costs tens of microseconds, which kernels running two short jobs back to back
    /// (fusion: pairs, then apply) would otherwise pay on every job.
    private func pollBriefly(until done: () -> Bool) {
        var start = timespec(), now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while true {
            for _ in 0..<64 where done() { return }
            clock_gettime(CLOCK_MONOTONIC, &now)
            let elapsed = (now.tv_sec - start.tv_sec) * 1_000_000_000 + (now.tv_nsec - start.tv_nsec)
            if elapsed > Self.pollNanoseconds { return }
        }
    }

    private static let pollNanoseconds = 50_000

    /// Takes chunks of job `generation` until none is left, counting each one finished. A worker that arrives late
    /// (its job already done, maybe another begun) takes nothing: chunks are claimed only while `generation` is
    /// still the current one, and a job stays current until all its chunks have finished.
    private func drainChunks(_ runner: any ChunkRunner, worker: Int, generation job: Int) {
        pthread_mutex_lock(mutex)
        while generation == job && nextChunk < chunkCount {
            let chunk = nextChunk
            nextChunk += 1
            pthread_mutex_unlock(mutex)
            runner.runChunk(chunk, worker: worker)
            pthread_mutex_lock(mutex)
            finishedChunks += 1
            publishedFinished.store(finishedChunks, ordering: .releasing)
            if finishedChunks == chunkCount { pthread_cond_signal(finished) }
        }
        pthread_mutex_unlock(mutex)
    }

    /// Every worker joins every job it sees in time; the caller does not wait for it.
    private func workerLoop(_ worker: Int) {
        var seen = 0
        pthread_mutex_lock(mutex)
        while true {
            if generation == seen && !stopping {
                pthread_mutex_unlock(mutex)
                pollBriefly { publishedGeneration.load(ordering: .acquiring) != seen }
                pthread_mutex_lock(mutex)
            }
            while generation == seen && !stopping { pthread_cond_wait(wake, mutex) }
            if stopping { break }
            seen = generation
            let runner = job
            pthread_mutex_unlock(mutex)
            if let runner { drainChunks(runner, worker: worker, generation: seen) }
            pthread_mutex_lock(mutex)
        }
        pthread_mutex_unlock(mutex)
    }
}
