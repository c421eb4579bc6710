import CVectorLoops
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The instruction set the kernels' vector loops run on, chosen once at start-up from the CPU's features.
///
/// Swift compiles each function for one target CPU, so the hot loops that gain from wider vectors live in a C
/// target compiled once per instruction set (CVectorLoops): one binary runs AVX-512 loops where the CPU has them
/// (Intel Xeon since Skylake-SP, AMD since Zen 4), AVX2 loops where it has those, and baseline loops elsewhere. Every
/// path writes the same bytes (the kernel tests run each path the machine supports against the reference).
///
/// Kernels take the path in effect when they are built (``active``); pass `isa:` to build one on a given path.
public enum VectorISA: String, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    /// The compiler's baseline (SSE2 on x86-64, NEON on arm64): runs everywhere.
    case portable
    /// AVX2: 256-bit vectors (x86-64 since Haswell and Zen).
    case avx2
    /// AVX-512 F/BW/DQ/VL: 512-bit vectors and mask registers.
    case avx512

    /// The environment variable that forces a path for a process and its children (e.g. `FRAMEBUDGET_ISA=avx2`).
    public static let environmentVariable = "FRAMEBUDGET_ISA"

    public var description: String { rawValue }

    public static func < (lhs: VectorISA, rhs: VectorISA) -> Bool { lhs.code < rhs.code }

    /// True when this CPU and operating system run this path's loops.
    public var isSupported: Bool { fb_isa_supported(code) == 1 }

    /// Every path this machine runs, narrowest first (always starts with ``portable``).
    public static var supported: [VectorISA] { allCases.filter(\.isSupported) }

    /// The widest path this machine runs.
    public static var best: VectorISA { supported.last ?? .portable }

    /// The path kernels use when built without `isa:`: ``best`` unless ``select(_:)`` chose another, or the
    /// environment variable did before the first kernel was built.
    public static var active: VectorISA {
        chosen.withLock { choice in
            if let choice { return choice }
            let fromEnvironment = (try? requested()) ?? nil
            choice = fromEnvironment ?? best
            return choice!
        }
    }

    /// Makes `isa` the path of kernels built from now on.
    /// - Throws: ``VectorISAError/unsupported(_:)`` when this machine cannot run it.
    public static func select(_ isa: VectorISA) throws {
        guard isa.isSupported else { throw VectorISAError.unsupported(isa) }
        chosen.withLock { $0 = isa }
    }

    /// The path the environment variable asks for, nil when it is unset or empty.
    /// - Throws: ``VectorISAError/unknown(_:)`` for a value that names no path, ``VectorISAError/unsupported(_:)``
    ///   for one this machine cannot run.
    public static func requested() throws -> VectorISA? {
        guard let raw = getenv(environmentVariable), let text = String(validatingCString: raw), !text.isEmpty else {
            return nil
        }
        guard let isa = VectorISA(rawValue: text.lowercased()) else { throw VectorISAError.unknown(text) }
        guard isa.isSupported else { throw VectorISAError.unsupported(isa) }
        return isa
    }

    /// The C loops' code for this path.
    var code: Int32 {
        switch self {
        case .portable: Int32(FB_ISA_PORTABLE)
        case .avx2: Int32(FB_ISA_AVX2)
        case .avx512: Int32(FB_ISA_AVX512)
        }
    }

    private static let chosen = Mutex<VectorISA?>(nil)
}

/// Why a vector path cannot be used.
public enum VectorISAError: Error, Equatable, CustomStringConvertible {
    /// A name that is not one of ``VectorISA``'s.
    case unknown(String)
    /// A path this CPU cannot run.
    case unsupported(VectorISA)

    public var description: String {
        switch self {
        case .unknown(let text):
            "\(VectorISA.environmentVariable): '\(text)' is not a vector path (portable, avx2, avx512)"
        case .unsupported(let isa):
            "\(VectorISA.environmentVariable): this CPU cannot run the \(isa) path (it runs: "
                + VectorISA.supported.map(\.rawValue).joined(separator: ", ") + ")"
        }
    }
}
