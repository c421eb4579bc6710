import HotPaths
import Measurement

#if canImport(Glibc)
import Glibc
#endif

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

    /// The variable that keeps OpenBLAS's own choice of kernels (`FRAMEBUDGET_KEEP_BLAS_CORE=1`), e.g. to measure what
    /// a build before 8 Dec 2026 ran on a CPU OpenBLAS does not know.
    public static let keepBLASCoreVariable = "FRAMEBUDGET_KEEP_BLAS_CORE"

    /// Starts this executable again with `OPENBLAS_CORETYPE` set when OpenBLAS fell back to its SSE3 kernels on a CPU
    /// with AVX2 or AVX-512 (``BLASKernel/coreToRequest(current:requested:supported:)``). OpenBLAS reads the variable
    /// only while it loads, before any Swift code runs, so the only way to change its choice from inside is a new
    /// image: `execv` of this executable with the same arguments (same process id, so parents, signals and pid files
    /// are unaffected; the variable passes to every child, so both sides of a comparison run the same BLAS code).
    /// Call it first in `main`. Returns only when nothing is to change, or with a warning when the restart failed.
    public static func restartOnBetterBLASCore() -> String? {
        guard let core = BLASKernel.coreToRequestHere, !keepsBLASCore else { return nil }
        setenv(BLASKernel.coreTypeVariable, core, 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        let reason = String(cString: strerror(errno))
        unsetenv(BLASKernel.coreTypeVariable)
        return "OpenBLAS runs its \(BLASKernel.fallbackCore) kernels: restarting with "
            + "\(BLASKernel.coreTypeVariable)=\(core) failed (\(reason)); measuring with them"
    }

    /// True when the process must keep OpenBLAS's choice: asked to, or running under valgrind (which puts its
    /// preload libraries in `LD_PRELOAD` and does not follow an exec unless told to).
    private static var keepsBLASCore: Bool {
        let keep = getenv(keepBLASCoreVariable).map { String(cString: $0) } ?? ""
        let preload = getenv("LD_PRELOAD").map { String(cString: $0) } ?? ""
        return (!keep.isEmpty && keep != "0") || preload.contains("vgpreload")
    }
}
