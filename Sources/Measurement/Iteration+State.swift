/// The part of an iteration that is timed, when a body times only a part of itself: package-benchmark's
/// `startMeasurement()`/`stopMeasurement()`, criterion's `iter_custom`.
///
/// ```swift
/// import FrameBudget
///
/// let iteration = Iteration(state: Array(0..<1_000), measuring: { deck, scope in
///     deck.shuffle()                              // untimed
///     scope.measure { blackHole(deck.sorted()) }  // timed
/// })
/// ```
public struct MeasuredScope: Sendable {
    /// Nanoseconds measured so far in this sample.
    public private(set) var nanoseconds: UInt64 = 0

    /// A scope with nothing measured yet: the engine makes its own; a test of a measuring body can make one too.
    public init() {}

    /// Runs `work` inside the timed window and returns its result. Each call costs two clock reads (tens of
    /// nanoseconds here, ``ClockInfo/overheadNanoseconds``), which are timed too: keep what it measures far longer.
    @inline(__always)
    public mutating func measure<T>(_ work: () throws -> T) rethrows -> T {
        let start = MonotonicClock.now()
        defer { nanoseconds &+= MonotonicClock.now() &- start }
        return try work()
    }
}

/// Holds an iteration's mutable state for the engine, which runs one iteration at a time on one thread.
final class IterationState<State>: @unchecked Sendable {
    var value: State
    init(_ value: State) { self.value = value }
}

extension Iteration {
    /// An iteration with mutable state, an output buffer for example, handed to the body `inout`: no box to write,
    /// as criterion's `b.iter(|| f(&src, &mut dst))`. `state` is made in set-up, outside the timing.
    ///
    /// ```swift
    /// import FrameBudget
    ///
    /// let input = [UInt8](repeating: 7, count: 65_536)
    /// let iteration = Iteration(state: [UInt8](repeating: 0, count: 65_536)) { output in
    ///     for index in input.indices { output[index] = input[index] &+ 1 }
    /// }
    /// ```
    public init<State>(state: State, stages: [Stage] = [], tearDown: @escaping @Sendable () -> Void = {},
                       run: @escaping @Sendable (inout State) -> Void) {
        let box = IterationState(state)
        self.init(stages: stages, tearDown: tearDown) { run(&box.value) }
    }

    /// An iteration whose state is prepared again, untimed, before every timed sample of `iterations` runs: what a
    /// body that consumes its input needs (criterion's `iter_batched` with a batch per sample), at the cost of one
    /// clock read pair per sample only. Passes that are not timed (warm-up, allocation count, counters) prepare
    /// before each single run, so they never run on consumed state, and count the preparation with it.
    ///
    /// ```swift
    /// import FrameBudget
    ///
    /// let iteration = Iteration(state: [Int](), beforeEachSample: { deck, iterations in deck = Array(0..<iterations) }) { deck in
    ///     blackHole(deck.popLast())
    /// }
    /// ```
    public init<State>(state: State, beforeEachSample: @escaping @Sendable (inout State, _ iterations: Int) -> Void,
                       tearDown: @escaping @Sendable () -> Void = {}, run: @escaping @Sendable (inout State) -> Void) {
        let box = IterationState(state)
        self.init(stages: [], tearDown: tearDown, run: { beforeEachSample(&box.value, 1); run(&box.value) },
                  timing: .preparedBatch(prepare: { iterations in beforeEachSample(&box.value, iterations) },
                                         body: { run(&box.value) }))
    }

    /// An iteration whose state is prepared again, untimed, before every single run (criterion's `iter_batched`
    /// with `PerIteration`): each run is timed on its own, so the body should last far longer than a clock read.
    public init<State>(state: State, beforeEach: @escaping @Sendable (inout State) -> Void,
                       tearDown: @escaping @Sendable () -> Void = {}, run: @escaping @Sendable (inout State) -> Void) {
        self.init(state: state, tearDown: tearDown, measuring: { (state: inout State, scope: inout MeasuredScope) in
            beforeEach(&state)
            scope.measure { run(&state) }
        })
    }

    /// An iteration that times only what its body runs inside `scope.measure { }` (``MeasuredScope``); the rest of
    /// the body is untimed set-up or checking.
    public init(stages: [Stage] = [], tearDown: @escaping @Sendable () -> Void = {},
                measuring body: @escaping @Sendable (inout MeasuredScope) -> Void) {
        self.init(stages: stages, tearDown: tearDown, run: { var scope = MeasuredScope(); body(&scope) },
                  timing: .scoped(body))
    }

    /// ``init(measuring:)`` with mutable state handed `inout`.
    public init<State>(state: State, stages: [Stage] = [], tearDown: @escaping @Sendable () -> Void = {},
                       measuring body: @escaping @Sendable (inout State, inout MeasuredScope) -> Void) {
        let box = IterationState(state)
        self.init(stages: stages, tearDown: tearDown, measuring: { (scope: inout MeasuredScope) in body(&box.value, &scope) })
    }

    /// This iteration, reporting values about its own work once it is measured (untimed, after the samples): boxes
    /// kept, bytes written, a quality score. They are recorded in the results (`metrics`) and a budget can limit one
    /// (`metric: custom`, `custom-metric: NAME`).
    ///
    /// ```swift
    /// import FrameBudget
    ///
    /// let words = ["b", "a", "b"]
    /// let iteration = Iteration { blackHole(words.sorted()) }.reporting { ["distinct-words": Double(Set(words).count)] }
    /// ```
    public func reporting(_ metrics: @escaping @Sendable () -> [String: Double]) -> Iteration {
        var reported = self
        reported.metrics = metrics
        return reported
    }
}
