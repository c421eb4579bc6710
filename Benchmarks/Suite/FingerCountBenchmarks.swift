import HotPaths
import Measurement
import Workloads

/// Finger counting from one hand's 21 landmarks (004 Step 3.3), run per processed frame at 30 fps.
enum FingerCountBenchmarks: BenchmarkGroup {
    static func benchmarks() -> [Benchmark] {
        [
            Benchmark(hotPath: "finger-count", variant: "reference", workload: "21-landmarks", parameters: ["hands": "1"]) { source in
                let pose = try hand(source)
                return Iteration { blackHole(ReferenceFingerDetector.raisedFingers(pose)) }
            },
            Benchmark(hotPath: "finger-count", variant: "optimized", workload: "21-landmarks", parameters: ["hands": "1"]) { source in
                let pose = try hand(source)
                return Iteration { blackHole(FingerDetector.raisedFingers(pose)) }
            },
        ]
    }

    /// A peace sign, slightly turned and jittered.
    private static func hand(_ source: WorkloadSource) throws -> HandPose {
        guard case let .synthetic(seed) = source else {
            throw MeasurementSetUpError.syntheticOnly("finger-count/*/21-landmarks")
        }
        return HandPose(points: HandLandmarks.pose(raised: [false, true, true, false, false], rotation: 12, jitter: 0.002, seed: seed))
    }
}
