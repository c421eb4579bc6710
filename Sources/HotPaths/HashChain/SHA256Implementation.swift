import COpenSSLSHA
import CVectorLoops

#if canImport(Glibc)
import Glibc
#endif

/// Which SHA-256 code the hash chain's optimized variant runs here. It hashes through the system's OpenSSL, which
/// picks at run time the SHA extensions (SHA-NI) where the CPU has them, else its AVX2 + BMI2 code, else AVX or
/// SSSE3 code. (swift-crypto's BoringSSL, which the reference variant uses as CryptoKit would, has no AVX2 variant:
/// without SHA-NI an Intel CPU runs its AVX code, 5-10% slower — seen with `perf record` as
/// `sha256_block_data_order_avx`.) `OPENSSL_ia32cap` masks the SHA extensions for both libraries, which is how a
/// machine with SHA-NI measures the path of one without.
public enum SHA256Implementation {
    /// A short name of the path in use, e.g. `OpenSSL SHA-NI` or `OpenSSL AVX2+BMI2`.
    public static var current: String {
        "OpenSSL " + (usesSHAExtensions ? "SHA-NI" : fb_cpu_has_avx2_bmi() == 1 ? "AVX2+BMI2" : "AVX/SSSE3")
    }

    /// True when the CPU has SHA-NI and `OPENSSL_ia32cap` does not mask it.
    public static var usesSHAExtensions: Bool {
        fb_cpu_has_sha_ni() == 1 && !maskedByEnvironment
    }

    /// `OPENSSL_ia32cap`'s second word (`…:~0x20000000`) clears bit 29 of CPUID leaf 7 EBX, the SHA extensions; a
    /// plain value there sets the word outright.
    static var maskedByEnvironment: Bool {
        guard let raw = getenv("OPENSSL_ia32cap"), let text = String(validatingCString: raw),
              let colon = text.firstIndex(of: ":") else { return false }
        var word = text[text.index(after: colon)...]
        let negated = word.hasPrefix("~")
        if negated { word = word.dropFirst() }
        let digits = word.lowercased().hasPrefix("0x") ? word.dropFirst(2) : word
        guard let value = UInt64(digits, radix: word.lowercased().hasPrefix("0x") ? 16 : 10) else { return false }
        let shaBit: UInt64 = 1 << 29
        return negated ? value & shaBit != 0 : value & shaBit == 0
    }
}
