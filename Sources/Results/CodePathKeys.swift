/// The parameters with which a benchmark records the code it ran — chosen at run time from the CPU, so two runs of
/// one build can differ in them: `isa` (the vector path of dispatched loops: portable, avx2, avx512), `sha256`
/// (the SHA-256 code, e.g. "OpenSSL SHA-NI") and `blas` (OpenBLAS's kernel family). Reports name them, comparisons warn when they differ between the
/// sides, and a peer (another library on the kernel's inputs) does not inherit them.
public enum CodePathKeys {
    public static let vectorPath = "isa"
    public static let sha256 = "sha256"
    /// The BLAS kernels (e.g. "OpenBLAS SkylakeX"): sgemm's speed and rounding follow the family OpenBLAS runs.
    public static let blas = "blas"
    /// Every key, with its label in reports.
    public static let labelled = [(vectorPath, "vector path"), (sha256, "SHA-256"), (blas, "BLAS")]
}
