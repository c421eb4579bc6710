import HotPaths
import Measurement

/// The benchmark suite: every hot path registers its benchmarks in a file of its own in this folder, as a
/// `BenchmarkGroup`, and is listed once in ``Suite/groups``.
public enum Suite {
    /// Every group of the suite, in report order.
    public static let groups: [any BenchmarkGroup.Type] = [
        TextureUploadBenchmarks.self,
        ColormapBenchmarks.self,
        EdgeOverlayBenchmarks.self,
        PreviewScaleBenchmarks.self,
        HashChainBenchmarks.self,
        FusionBenchmarks.self,
        NMSBenchmarks.self,
        MaskUpsampleBenchmarks.self,
        YoloPostBenchmarks.self,
        UnprojectBenchmarks.self,
        FingerCountBenchmarks.self,
        PhotoFrameBenchmarks.self,
        FrameLoopBenchmarks.self,
    ]

    /// Every benchmark of the suite.
    public static func all() -> [Benchmark] {
        groups.flatMap { $0.benchmarks() }
    }

    /// Why the process cannot run the suite's vector loops as asked (`FRAMEBUDGET_ISA` names no path, or one this
    /// CPU lacks), nil when it can: checked before anything is measured, so a forced path is never silently ignored.
    public static func vectorPathProblem() -> String? {
        do {
            _ = try VectorISA.requested()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
