import Statistics

/// What `scripts/peers.py` writes (`peers.json`): the libraries a user would pick instead of a kernel (OpenCV,
/// numpy, hashlib), timed with the harness's protocol on the kernel's own inputs, as raw samples.
///
/// Merged into a run as benchmarks of a `peer` variant (``RunResults/mergePeers(_:resamples:)``), so that reports,
/// plots and `compare` show them beside the kernels; their statistics are computed here, by the same code as every
/// other benchmark's.
public struct PeerMeasurements: Codable, Sendable {
    /// One timed callable: samples of nanoseconds per iteration, `iterationsPerSample` calls each.
    public struct Timing: Codable, Sendable {
        public var iterationsPerSample: Int
        public var samplesNanoseconds: [Double]

        public init(iterationsPerSample: Int, samplesNanoseconds: [Double]) {
            self.iterationsPerSample = iterationsPerSample
            self.samplesNanoseconds = samplesNanoseconds
        }
    }

    /// One peer of one kernel on one thread setting.
    public struct Peer: Codable, Sendable {
        /// `hotPath/variant/workload`, the variant `peer` (every core) or `peer-1core`.
        public var id: String
        public var hotPath: String
        public var variant: String
        public var workload: String
        /// The optimized kernel it stands beside, e.g. `colormap/optimized/1920x1440`.
        public var kernel: String
        /// Threads the library was allowed (`cv2.setNumThreads`, BLAS threads).
        public var threads: Int
        /// The calls timed, e.g. `cv2.resize + cv2.applyColorMap`.
        public var library: String
        public var parameters: [String: String]
        /// The library call alone.
        public var call: Timing
        /// Conversions a user would pay before the call (Python lists, dtype changes), timed apart; nil when none.
        public var conversion: Timing?
        /// What the conversion does.
        public var conversionNote: String?

        public init(
            id: String, hotPath: String, variant: String, workload: String, kernel: String, threads: Int, library: String,
            parameters: [String: String], call: Timing, conversion: Timing? = nil, conversionNote: String? = nil
        ) {
            self.id = id
            self.hotPath = hotPath
            self.variant = variant
            self.workload = workload
            self.kernel = kernel
            self.threads = threads
            self.library = library
            self.parameters = parameters
            self.call = call
            self.conversion = conversion
            self.conversionNote = conversionNote
        }
    }

    /// Versions and settings of the measuring interpreter (python, numpy, OpenCV, thread settings).
    public var environment: [String: String]
    public var peers: [Peer]

    public init(environment: [String: String], peers: [Peer]) {
        self.environment = environment
        self.peers = peers
    }
}

/// A peer file that cannot be merged.
public struct PeerMergeError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

extension RunResults {
    /// Adds each peer as a benchmark (replacing an earlier entry of the same id): statistics from its call samples,
    /// the kernel's declared work (so its throughput and roof are comparable), the conversion as a stage of its own,
    /// allocations marked not counted (Python's are not the interposer's to count).
    /// - Throws: ``PeerMergeError`` for a peer without samples, whose variant is not a peer's, whose kernel is not
    ///   in the run, or that breaks a rule of ``validate()`` (iterations, threads, conversion samples).
    public mutating func mergePeers(_ measurements: PeerMeasurements, resamples: Int = 2000) throws {
        // Peers timed on another scene seed's inputs timed other inputs than the kernels: no comparison. A file
        // without the seed (scripts/peers.py before 7 Dec 2026) is taken as it is.
        if let inputs = measurements.environment["inputsSeed"], let scene = settings.sceneSeed, inputs != "\(scene)" {
            throw PeerMergeError(description: "peers timed on the inputs of seed \(inputs), this run measured seed \(scene)'s: "
                + "export and time them with --seed \(scene)")
        }
        // Peers timed on another machine than the run's are no peers of its kernels (a file without the CPU,
        // scripts/peers.py before 8 Dec 2026, is taken as it is).
        if let cpu = measurements.environment["cpu"], cpu != environment.cpuModel {
            throw PeerMergeError(description: "peers timed on \(cpu), this run measured on \(environment.cpuModel): "
                + "time them on the run's machine")
        }
        let versions = measurements.environment.keys.sorted().map { "\($0) \(measurements.environment[$0]!)" }
            .joined(separator: ", ")
        // One id twice in one file: which timing stands would be the file's order (the second silently replaced the
        // first), as a results file with a repeated id is refused.
        var seen: Set<String> = []
        for peer in measurements.peers where !seen.insert(peer.id).inserted {
            throw PeerMergeError(description: "peer '\(peer.id)' appears more than once in the peers file: each peer is timed once")
        }
        for peer in measurements.peers {
            let expectedID = BenchmarkID(hotPath: peer.hotPath, variant: peer.variant, workload: peer.workload)
            guard peer.variant.hasPrefix("peer"), peer.id == expectedID.description else {
                throw PeerMergeError(description: "peer '\(peer.id)': id must be hotPath/peer…/workload")
            }
            guard !peer.call.samplesNanoseconds.isEmpty, peer.call.samplesNanoseconds.allSatisfy({ $0.isFinite && $0 > 0 }) else {
                throw PeerMergeError(description: "peer '\(peer.id)': call.samplesNanoseconds must be positive numbers, at least one")
            }
            if let conversion = peer.conversion, !conversion.samplesNanoseconds.allSatisfy({ $0.isFinite && $0 >= 0 }) {
                throw PeerMergeError(description: "peer '\(peer.id)': conversion.samplesNanoseconds must be finite numbers ≥ 0")
            }
            guard benchmark(peer.kernel) != nil else {
                throw PeerMergeError(description: "peer '\(peer.id)': its kernel '\(peer.kernel)' is not a benchmark of this run")
            }
            let result = peerResult(peer, versions: versions, resamples: resamples)
            let index = benchmarks.firstIndex { $0.id == peer.id } ?? benchmarks.endIndex
            if index == benchmarks.endIndex { benchmarks.append(result) } else { benchmarks[index] = result }
            // The rules every reader of a run relies on, checked here so that no merge writes a file the tool refuses.
            do throws(ResultsValidationError) { try validate() } catch {
                let prefix = "benchmarks[\(index)]."
                let field = error.field.hasPrefix(prefix) ? Self.peersField(String(error.field.dropFirst(prefix.count))) : error.field
                throw PeerMergeError(description: "peer '\(peer.id)': \(field): \(error.problem)")
            }
        }
    }

    /// The peers file's name of a field of the benchmark a peer became: its call samples are the benchmark's
    /// samples, its conversion the first stage, so `samplesNanoseconds[0]` is `call.samplesNanoseconds[0]` and
    /// `stages[0].statistics.max` the conversion's samples (their statistics.max); a field of neither keeps its name.
    static func peersField(_ field: String) -> String {
        let timings = [("samplesNanoseconds", "call.samplesNanoseconds"), ("iterationsPerSample", "call.iterationsPerSample"),
                       ("stages[0].", "conversion.samplesNanoseconds"), ("stages[1].", "call.samplesNanoseconds"),
                       ("statistics.", "call.samplesNanoseconds")]
        for (benchmark, peers) in timings where field.hasPrefix(benchmark) {
            return benchmark.hasSuffix(".") ? "\(peers) (their \(field))" : peers + field.dropFirst(benchmark.count)
        }
        return field
    }

    private func peerResult(_ peer: PeerMeasurements.Peer, versions: String, resamples: Int) -> BenchmarkResult {
        let statistics = SampleSummary.of(peer.call.samplesNanoseconds, resamples: resamples, seed: settings.seed)
        let declared = benchmark(peer.kernel)?.throughput
        var parameters = peer.parameters
        for (key, _) in CodePathKeys.labelled { parameters[key] = nil }  // the kernel's code, not the peer's
        parameters["library"] = peer.library
        parameters["peerOf"] = peer.kernel
        var result = BenchmarkResult(
            id: peer.id, hotPath: peer.hotPath, variant: peer.variant, workload: peer.workload, parameters: parameters,
            threads: peer.threads, iterationsPerSample: peer.call.iterationsPerSample,
            samplesNanoseconds: peer.call.samplesNanoseconds, statistics: statistics,
            allocations: AllocationStatistics(perIteration: 0, bytesPerIteration: 0, iterations: 1, counted: false),
            throughput: declared.map {
                Throughput(bytesPerIteration: $0.bytesPerIteration, flopsPerIteration: $0.flopsPerIteration,
                           workingSetBytes: $0.workingSetBytes)
            },
            notes: ["peer of \(peer.kernel): \(peer.library) on \(peer.threads) thread(s), measured by scripts/peers.py (\(versions))"])
        if let conversion = peer.conversion, !conversion.samplesNanoseconds.isEmpty {
            let converted = SampleSummary.of(conversion.samplesNanoseconds, resamples: resamples, seed: settings.seed)
            let total = converted.median + statistics.median
            result.stages = [
                StageResult(name: "conversion: \(peer.conversionNote ?? "inputs")", statistics: converted,
                            share: total > 0 ? converted.median / total : 0),
                StageResult(name: "library call: \(peer.library)", statistics: statistics,
                            share: total > 0 ? statistics.median / total : 0),
            ]
            result.notes.append("conversion timed apart (not in the samples): median "
                + "\(String(format: "%.1f", converted.median / 1000)) µs — \(peer.conversionNote ?? "inputs")")
        }
        return result
    }
}

extension BenchmarkResult {
    /// Whether this is another library's timing merged in by `peers merge` (its `peerOf` parameter names the kernel).
    public var isPeer: Bool { parameters["peerOf"] != nil }
}
