import HotPaths
import Measurement
import Workloads

/// Finger counting from one hand's 21 landmarks (004 Step 3.3), run per processed frame at 30 fps.
enum FingerCountBenchmarks: BenchmarkGroup {
    static func benchmarks() -> [Benchmark] {
        [
            Benchmark(hotPath: "finger-count", variant: "reference", workload: "21-landmarks", parameters: ["hands": "1"]) { source in
                let pose = hand(source)
                return Iteration { blackHole(ReferenceFingerDetector.raisedFingers(pose)) }
            },
            Benchmark(hotPath: "finger-count", variant: "optimized", workload: "21-landmarks", parameters: ["hands": "1"]) { source in
                let pose = hand(source)
                return Iteration { blackHole(FingerDetector.raisedFingers(pose)) }
            },
        ]
    }

    /// A peace sign, slightly turned and jittered.
    private static func hand(_ source: WorkloadSource) -> HandPose {
        let seed: UInt64
        if case let .synthetic(value) = source { seed = value } else { seed = 1 }
        return HandPose(points: HandLandmarks.pose(raised: [false, true, true, false, false], rotation: 12, jitter: 0.002, seed: seed))
    }
}
