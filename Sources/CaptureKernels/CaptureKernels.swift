/// CaptureKernels: runs a hot path on a folder of `.npy` inputs and writes its `.npy` outputs
/// (`framebudget kernel <id> --in DIR --out DIR [--param key=value ...]`).
///
/// Each hot path contributes one ``CaptureKernel`` in a file of its own and is listed in ``CaptureKernels/all``.
public enum CaptureKernels {
    /// Every kernel that can run on a capture, by id.
    public static let all: [any CaptureKernel.Type] = [
        TextureUploadKernel.self, ColormapKernel.self, EdgeOverlayKernel.self, PreviewScaleKernel.self,
        HashChainKernel.self,
        HashVerifyKernel.self,
        FusionCaptureKernel.self,
        NMSKernel.self,
        MaskUpsampleKernel.self,
        UnprojectKernel.self,
        FingerCountKernel.self,
    ]

    /// The kernel with this id.
    /// - Throws: ``KernelInputError/unknownKernel`` listing the known ids.
    public static func kernel(_ id: String) throws -> any CaptureKernel.Type {
        guard let kernel = all.first(where: { $0.id == id }) else {
            throw KernelInputError.unknownKernel(id: id, known: all.map { $0.id })
        }
        return kernel
    }
}

/// A hot path runnable on recorded inputs.
public protocol CaptureKernel: Sendable {
    /// The hot-path id, e.g. `colormap`.
    static var id: String { get }
    /// Input files, output files and parameters, for `framebudget kernel --help` and the README.
    static var usage: String { get }
    /// Reads the inputs from `input`, runs the optimized variant (or `variant`), and writes every output into
    /// `output` (a staging folder: the caller moves it into place only when this returns).
    /// - Returns: a one-line summary for the console.
    static func run(input: String, output: String, parameters: KernelParameters) throws -> String
}
