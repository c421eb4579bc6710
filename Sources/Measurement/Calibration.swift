/// Chooses how many iterations one sample times, so that a sample lasts far above the clock's granularity and
/// read cost (sub-microsecond work is batched), and close to the target sample time.
public enum Calibration {
    /// A sample must last at least this many clock read costs / granularity steps: the clock's own error then
    /// stays under 0.1% of a sample.
    public static let minimumClockMultiples = 1000.0

    /// Iterations per sample for a body that takes `nanosecondsPerIteration`.
    /// - Parameters:
    ///   - nanosecondsPerIteration: measured cost of one iteration (> 0).
    ///   - target: wanted sample duration.
    ///   - clockFloor: the larger of the clock's granularity and read cost.
    /// - Returns: at least 1.
    public static func iterationsPerSample(
        nanosecondsPerIteration: Double, target: Double, clockFloor: Double
    ) -> Int {
        let floor = Swift.max(target, clockFloor * minimumClockMultiples)
        let iterations = (floor / Swift.max(nanosecondsPerIteration, 0.01)).rounded(.up)
        return Int(Swift.min(Swift.max(iterations, 1), 1e9))
    }

    /// Estimates the cost of one iteration by doubling the batch until it lasts `probeNanoseconds`.
    /// - Returns: nanoseconds per iteration.
    ///   - now: the clock (tests pass one the body advances, so the outcome does not depend on preemption).
    public static func estimate(
        probeNanoseconds: Double, now: () -> UInt64 = MonotonicClock.now, body: () -> Void
    ) -> Double {
        estimate(probeNanoseconds: probeNanoseconds, now: now, shouldStop: { false }, body: body)!
    }

    /// ``estimate(probeNanoseconds:now:body:)``, polling `shouldStop` after every batch.
    /// - Returns: nanoseconds per iteration; nil when a stop was asked for first.
    public static func estimate(
        probeNanoseconds: Double, now: () -> UInt64, shouldStop: () -> Bool, body: () -> Void
    ) -> Double? {
        var batch = 1
        while true {
            let start = now()
            for _ in 0..<batch { body() }
            let elapsed = Double(now() - start)
            if shouldStop() { return nil }
            if elapsed >= probeNanoseconds || batch >= 1 << 30 { return elapsed / Double(batch) }
            batch *= elapsed < probeNanoseconds / 100 ? 10 : 2
        }
    }
}
