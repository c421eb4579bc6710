import HotPaths

extension KernelParameters {
    /// `near`, `far` and `opacity` over a palette's defaults, checked: near < far, both finite, opacity in 0…1.
    /// - Throws: ``KernelInputError/badParameter`` naming the parameter.
    func palette(_ defaults: GradientPalette) throws -> GradientPalette {
        var palette = defaults
        palette.near = try float("near", default: defaults.near)
        palette.far = try float("far", default: defaults.far)
        palette.opacity = try float("opacity", default: defaults.opacity)
        guard palette.near < palette.far else {
            throw KernelInputError.badParameter(name: "near", reason: "\(palette.near) must be less than far (\(palette.far))")
        }
        guard palette.opacity >= 0 && palette.opacity <= 1 else {
            throw KernelInputError.badParameter(name: "opacity", reason: "\(palette.opacity) is outside 0...1")
        }
        // Whatever else the hot path requires of a palette is refused here in one line, never trapped in it.
        if let problem = palette.problem { throw KernelInputError.badParameter(name: "near", reason: problem) }
        return palette
    }
}
