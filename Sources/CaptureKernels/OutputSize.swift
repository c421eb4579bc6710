/// The `width`/`height` parameters of an image-producing kernel, checked: positive and at most 16384 per side
/// (and 64 M pixels), so a typo never asks for gigabytes.
public struct OutputSize: Sendable, Equatable {
    public static let maximumSide = 16_384
    public static let maximumPixels = 1 << 26
    public let width: Int
    public let height: Int

    /// Reads `width` and `height`, defaulting to the given size.
    /// - Throws: ``KernelInputError/badParameter`` naming the parameter.
    public init(_ parameters: KernelParameters, defaultWidth: Int, defaultHeight: Int) throws {
        width = try Self.side("width", parameters, defaultWidth)
        height = try Self.side("height", parameters, defaultHeight)
        guard width * height <= Self.maximumPixels else {
            throw KernelInputError.badParameter(name: "width", reason: "\(width)x\(height) is over \(Self.maximumPixels) pixels")
        }
    }

    private static func side(_ name: String, _ parameters: KernelParameters, _ fallback: Int) throws -> Int {
        let value = try parameters.int(name, default: fallback)
        guard value > 0 else { throw KernelInputError.badParameter(name: name, reason: "\(value) must be positive") }
        guard value <= maximumSide else { throw KernelInputError.badParameter(name: name, reason: "\(value) is over \(maximumSide)") }
        return value
    }
}
