import COpenBLAS

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The BLAS the kernels call (OpenBLAS), as it runs on this machine.
public enum BLASKernel {
    /// The kernel family OpenBLAS chose for this CPU when it loaded, e.g. `SkylakeX` (AVX-512), `Haswell` (AVX2), or
    /// `Prescott` when it does not recognise the CPU (some virtual CPUs): sgemm's rounding and speed follow it.
    public static var coreName: String {
        openblas_get_corename().map { String(cString: $0) } ?? "unknown"
    }

    /// The BLAS code the kernels run, as benchmarks record it (`parameters["blas"]`), e.g. "OpenBLAS SkylakeX".
    public static var description: String { "OpenBLAS \(coreName)" }

    /// The environment variable OpenBLAS reads once, when it loads, to take a kernel family instead of detecting one.
    public static let coreTypeVariable = "OPENBLAS_CORETYPE"

    /// The family a build with run-time detection falls back to when it does not recognise an x86 CPU: SSE3 kernels.
    public static let fallbackCore = "Prescott"

    /// The kernel family to ask OpenBLAS for, or nil when its own choice stands.
    ///
    /// OpenBLAS before 0.3.25 (Debian 12 ships 0.3.21) falls back to `Prescott` on an Intel model it does not know,
    /// even where the CPU has AVX-512: on the Intel Xeon guests of family 6 model 207 every sgemm ran SSE3 kernels.
    /// Later versions fall back by the CPU's features instead; this does the same: `SkylakeX` where the AVX-512 path
    /// runs (F/BW/DQ/VL, what OpenBLAS's SkylakeX kernels need), `Haswell` where AVX2 does. A family the user set
    /// (`OPENBLAS_CORETYPE`) always stands, as does any choice but the fallback.
    /// - Parameters:
    ///   - current: the family OpenBLAS chose (``coreName``).
    ///   - requested: the value of `OPENBLAS_CORETYPE`, nil when unset.
    ///   - supported: the vector paths this CPU runs (``VectorISA/supported``).
    public static func coreToRequest(current: String, requested: String?, supported: [VectorISA]) -> String? {
        guard current == fallbackCore, (requested ?? "").isEmpty else { return nil }
        if supported.contains(.avx512) { return "SkylakeX" }
        if supported.contains(.avx2) { return "Haswell" }
        return nil
    }

    /// ``coreToRequest(current:requested:supported:)`` for this process: OpenBLAS's choice, its environment, this CPU.
    public static var coreToRequestHere: String? {
        coreToRequest(current: coreName, requested: getenv(coreTypeVariable).map { String(cString: $0) },
                      supported: VectorISA.supported)
    }
}
