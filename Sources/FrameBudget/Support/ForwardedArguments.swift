extension MeasurementOptions {
    /// The gate's measurement options as `run` arguments, so every process measures alike (and merges).
    func forwardedArguments(counters: CounterOptions) -> [String] {
        var arguments = ["--seed", "\(seed)", "--no-roofs", "--counters", counters.counters.rawValue]
        if quick { arguments.append("--quick") }
        if let samples { arguments += ["--samples", "\(samples)"] }
        if let value = sampleTimeMilliseconds { arguments += ["--sample-time", "\(value)"] }
        if let value = warmupMilliseconds { arguments += ["--warmup", "\(value)"] }
        if let value = maxTimeSeconds { arguments += ["--max-time", "\(value)"] }
        if let pin { arguments += ["--pin", "\(pin)"] }
        if cold { arguments.append("--cold") }
        if let folder = workload { arguments += ["--workload", folder] }
        if allowDebug { arguments.append("--allow-debug") }
        if injectSlowdown > 0 { arguments += ["--inject-slowdown", "\(injectSlowdown)"] }
        if let frames = frameLoop.frames { arguments += ["--frames", "\(frames)"] }
        arguments += ["--frame-loop-mode", frameLoop.settings(quick: quick).mode.rawValue]
        if let events = counters.events { arguments += ["--events", events] }
        if counters.simulateCaches { arguments.append("--simulate-caches") }
        if let count = freshProcessesWaitForSignalAfter { arguments += ["--test-wait-for-signal-after", "\(count)"] }
        return arguments
    }
}
