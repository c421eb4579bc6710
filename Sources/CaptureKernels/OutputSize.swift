/// The `width`/`height` parameters of an image-producing kernel, checked: positive and at most 16384 per side
/// (and 64 M pixels), so a typo never asks for gigabytes.
public struct OutputSize: Sendable, Equatable {
    public static let maximumSide = 16_384
    public static let maximumPixels = 1 << 26
    public let width: Int
    public let height: Int

    /// Reads `width` and `height`, defaulting to the given size, which `defaultSource` names (`depth.npy's size`).
    /// - Throws: ``KernelInputError/badParameter`` naming the parameter, and the input when the size was its default
    ///   (the user gave no `width`, so "parameter 'width': 100000 is over 16384" blamed what they never wrote).
    public init(_ parameters: KernelParameters, defaultWidth: Int, defaultHeight: Int,
                defaultSource: String = "the input's size") throws {
        let given = parameters.values["width"] != nil || parameters.values["height"] != nil
        let origin = given ? "" : " (the default: \(defaultSource); give width= and height=)"
        width = try Self.side("width", parameters, defaultWidth, origin: origin)
        height = try Self.side("height", parameters, defaultHeight, origin: origin)
        guard width * height <= Self.maximumPixels else {
            throw KernelInputError.badParameter(name: "width", reason: "\(width)x\(height) is over \(Self.maximumPixels) pixels\(origin)")
        }
    }

    private static func side(_ name: String, _ parameters: KernelParameters, _ fallback: Int, origin: String) throws -> Int {
        let value = try parameters.int(name, default: fallback)
        let origin = parameters.values[name] == nil ? origin : ""
        guard value > 0 else { throw KernelInputError.badParameter(name: name, reason: "\(value) must be positive\(origin)") }
        guard value <= maximumSide else { throw KernelInputError.badParameter(name: name, reason: "\(value) is over \(maximumSide)\(origin)") }
        return value
    }
}
