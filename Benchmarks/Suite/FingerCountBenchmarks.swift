import CaptureKernels
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

    /// A peace sign, slightly turned and jittered, or the first hand of a capture's `landmarks.npy`.
    private static func hand(_ source: WorkloadSource) throws -> HandPose {
        switch source {
        case let .synthetic(seed):
            return HandPose(points: HandLandmarks.pose(raised: [false, true, true, false, false], rotation: 12, jitter: 0.002, seed: seed))
        case let .capture(directory):
            guard let first = try FingerCountKernel.hands(in: directory).first else {
                throw KernelInputError.invalidInput(file: "\(directory)/landmarks.npy", reason: "no hands (shape [0, 21, 2])")
            }
            return first
        }
    }
}
