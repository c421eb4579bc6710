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

    /// The most frames found waiting behind a busy processing thread at once: the backlog a queue built up.
    ///
    /// A frame waits from its arrival until the previous admitted frame completes (or it starts, if earlier). The
    /// wake-up delay of an idle processing thread is not waiting: a realtime `drop` loop reads 0, as its schedule.
    public static func peakWaiting(_ outcomes: [FrameOutcome]) -> Int {
        let admitted = outcomes.filter { !$0.isDropped }
        // When each admitted frame stops waiting; non-decreasing, as starts and completions are.
        let waitEnds = admitted.indices.map { k in
            k == 0 ? admitted[k].arrival : Swift.min(admitted[k].start!, admitted[k - 1].completion!)
        }
        var peak = 0
        var firstWaiting = 0
        for k in admitted.indices {
            // Frames admitted so far (this one included) still waiting at this arrival.
            while firstWaiting <= k && waitEnds[firstWaiting] <= admitted[k].arrival { firstWaiting += 1 }
            peak = Swift.max(peak, k + 1 - firstWaiting)
        }
        return peak
    }
}
