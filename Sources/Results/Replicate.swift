import Statistics

/// One process run's share of a benchmark result merged from several runs (`framebudget merge`, the rounds of
/// `make compare`, the gate's extra runs).
///
/// The process run is the unit of replication: its samples share one placement, one code and stack layout and one
/// regime of the machine, so comparisons and gates judge the spread *between* replicates, not between samples.
public struct Replicate: Codable, Sendable {
    /// The run this share came from.
    public var runID: String
    /// Index in ``BenchmarkResult/samplesNanoseconds`` of this run's first sample.
    public var firstSample: Int
    /// How many samples this run contributed (consecutive from ``firstSample``).
    public var sampleCount: Int
    /// This run's own counters, per iteration.
    public var counters: [CounterReading]
    /// This run's peak resident memory (VmHWM after the benchmark), when recorded.
    public var peakResidentBytes: Int?
    /// This run's frame-loop analysis, for frame-loop benchmarks.
    public var frameLoop: FrameLoopSummary?
    /// The host's steal while this run measured the benchmark (``BenchmarkResult/hostSteal``), when recorded.
    public var hostSteal: Double?
    /// The iterations each of this run's samples timed (each process calibrates its own); nil in files from before
    /// 8 Dec 2026, where a merged result kept its first run's count for all.
    public var iterationsPerSample: Int?
    /// The seconds this run spent measuring the benchmark (``BenchmarkResult/measurementSeconds``); nil in files from
    /// before 8 Dec 2026.
    public var measurementSeconds: Double?

    public init(runID: String, firstSample: Int, sampleCount: Int, counters: [CounterReading] = [],
                peakResidentBytes: Int? = nil, frameLoop: FrameLoopSummary? = nil, hostSteal: Double? = nil,
                iterationsPerSample: Int? = nil, measurementSeconds: Double? = nil) {
        self.iterationsPerSample = iterationsPerSample
        self.measurementSeconds = measurementSeconds
        self.runID = runID
        self.firstSample = firstSample
        self.sampleCount = sampleCount
        self.counters = counters
        self.peakResidentBytes = peakResidentBytes
        self.frameLoop = frameLoop
        self.hostSteal = hostSteal
    }
}

extension BenchmarkResult {
    /// The replicates of this result: the recorded ones of a merged result, or this single run as one replicate.
    public func replicates(runID: String) -> [Replicate] {
        if let replicates, !replicates.isEmpty { return replicates }
        return [Replicate(runID: runID, firstSample: 0, sampleCount: samplesNanoseconds.count, counters: counters,
                          peakResidentBytes: peakResidentBytes, frameLoop: frameLoop, hostSteal: hostSteal,
                          iterationsPerSample: iterationsPerSample, measurementSeconds: measurementSeconds)]
    }

    /// The iterations per sample as reports say it: `8`, or `1–2` for a merged result whose process runs calibrated
    /// differently (the first run's count alone read as every run's).
    public var iterationsPerSampleText: String {
        let counts = (replicates ?? []).compactMap(\.iterationsPerSample)
        guard let low = counts.min(), let high = counts.max(), low != high else { return "\(iterationsPerSample)" }
        return "\(low)–\(high)"
    }

    /// The samples of each replicate, in replicate order (one array for an unmerged result). A range reaching
    /// outside the samples (which no file that ``RunResults/validate()`` passed has) is cut to the samples it covers.
    public func samplesByReplicate(runID: String) -> [ArraySlice<Double>] {
        let count = samplesNanoseconds.count
        return replicates(runID: runID).map { replicate in
            let start = min(max(replicate.firstSample, 0), count)
            let end = start + min(max(replicate.sampleCount, 0), count - start)
            return samplesNanoseconds[start..<end]
        }
    }

    /// How many process runs this result rests on.
    public var replicateCount: Int { max(1, replicates?.count ?? 1) }

    /// One process run of this result as a result of its own: its samples (summarized again), counters, memory,
    /// frame loop and steal; nil for an index outside the replicates or a run without samples.
    public func processRun(at index: Int, runID: String, resamples: Int = 2000, seed: UInt64 = 0x5EED) -> BenchmarkResult? {
        let replicates = replicates(runID: runID), slices = samplesByReplicate(runID: runID)
        guard replicates.indices.contains(index), !slices[index].isEmpty else { return nil }
        let replicate = replicates[index]
        var run = self
        run.samplesNanoseconds = Array(slices[index])
        run.statistics = .of(run.samplesNanoseconds, resamples: resamples, seed: seed)
        run.counters = replicate.counters
        run.peakResidentBytes = replicate.peakResidentBytes
        run.frameLoop = replicate.frameLoop
        run.hostSteal = replicate.hostSteal
        run.replicates = nil
        return run
    }
}

extension RunResults {
    /// The samples of each process run for a benchmark of this run (see ``BenchmarkResult/samplesByReplicate(runID:)``).
    public func samplesByReplicate(_ id: String) -> [ArraySlice<Double>] {
        benchmark(id)?.samplesByReplicate(runID: runID) ?? []
    }
}

extension Replicate {
    /// The host's steal above which a run counts as disturbed: the stability warning's line, and the line above which
    /// a budget's verdict sets the run aside (``Budgets/RunLevelVerdict``). Beyond it, on the 2-vCPU guests measured
    /// here, medians moved by more than a single-threaded kernel's 2% threshold, and a frame loop's drift scattered
    /// twice as widely between processes as under it (Docs/FRAME-LOOP.md).
    public static let disturbingSteal = 0.05

    /// Whether the host stole more than ``disturbingSteal`` while this run measured (false when not recorded).
    public var hostWasDisturbed: Bool { (hostSteal ?? 0) > Self.disturbingSteal }
}
