import COpenBLAS

/// The BLAS the kernels call (OpenBLAS), as it runs on this machine.
public enum BLASKernel {
    /// The kernel family OpenBLAS chose for this CPU when it loaded, e.g. `SkylakeX` (AVX-512), `Haswell` (AVX2), or
    /// `Prescott` when it does not recognise the CPU (some virtual CPUs): sgemm's rounding and speed follow it.
    public static var coreName: String {
        openblas_get_corename().map { String(cString: $0) } ?? "unknown"
    }
}
