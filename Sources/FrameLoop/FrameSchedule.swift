/// The frame loop as a pure function: arrivals, processing durations and a policy give every frame's outcome.
///
/// One processing thread takes admitted frames in arrival order; a frame starts when it has arrived and the previous
/// admitted frame has completed. The simulated mode runs exactly this on measured durations, and tests run it on
/// hand-made ones. A frame that arrives at the very instant the previous one completes finds the thread free.
public enum FrameSchedule {
    /// Outcomes of every frame, in arrival order.
    /// - Parameters:
    ///   - arrivals: arrival times, non-decreasing (ms).
    ///   - durations: `durations[i]` is how long frame `i` takes if processed (ms, ≥ 0); unused for dropped frames.
    ///   - policy: admission rule of the callback.
    /// - Precondition: `arrivals.count == durations.count`.
    /// - Complexity: O(n).
    public static func outcomes(arrivals: [Double], durations: [Double], policy: FramePolicy) -> [FrameOutcome] {
        precondition(arrivals.count == durations.count, "one duration per arrival")
        var outcomes = [FrameOutcome]()
        outcomes.reserveCapacity(arrivals.count)
        // Completion times of admitted frames, increasing (FIFO, one thread).
        var completions = [Double]()
        var firstUnfinished = 0
        for (index, arrival) in arrivals.enumerated() {
            while firstUnfinished < completions.count && completions[firstUnfinished] <= arrival {
                firstUnfinished += 1
            }
            guard policy.admits(framesInFlight: completions.count - firstUnfinished) else {
                outcomes.append(.dropped(index, arrival: arrival))
                continue
            }
            let start = Swift.max(arrival, completions.last ?? arrival)
            let completion = start + durations[index]
            completions.append(completion)
            outcomes.append(.processed(index, arrival: arrival, start: start, completion: completion))
        }
        return outcomes
    }

    /// Arrival times of `count` frames at a fixed cadence, the first at 0 (ms).
    public static func arrivals(count: Int, cadenceMilliseconds: Double) -> [Double] {
        (0..<count).map { Double($0) * cadenceMilliseconds }
    }

    /// The most frames waiting (admitted, not started) at any arrival: the backlog a queue built up.
    public static func peakWaiting(_ outcomes: [FrameOutcome]) -> Int {
        var peak = 0
        let starts = outcomes.compactMap(\.start)
        var firstWaiting = 0
        var admitted = 0
        for outcome in outcomes where !outcome.isDropped {
            admitted += 1
            // Frames admitted so far (this one included) whose start lies after this arrival are waiting.
            while firstWaiting < admitted && starts[firstWaiting] <= outcome.arrival { firstWaiting += 1 }
            peak = Swift.max(peak, admitted - firstWaiting)
        }
        return peak
    }
}
