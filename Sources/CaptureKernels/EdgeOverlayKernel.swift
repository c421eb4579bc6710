import HotPaths

/// `framebudget kernel edge-overlay`: the video-mode edge-only depth overlay (seed 002 AC4), optimized variant.
public enum EdgeOverlayKernel: CaptureKernel {
    public static let id = "edge-overlay"
    public static let usage = """
        in: depth.npy float32 [H, W] (metres; NaN/Inf/0 are holes)
        out: rgba.npy uint8 [H', W', 4] (R, G, B, A; edges cyan near -> magenta far, elsewhere transparent)
        params: threshold=0.05 near=0.5 far=5.0 opacity=1.0 width=W height=H
                (edges are found at the depth map's size, then scaled to the output size by nearest pixel centre)
        """

    public static func run(input: String, output: String, parameters: KernelParameters) throws -> String {
        try parameters.requireOnly(["threshold", "near", "far", "opacity", "width", "height"])
        let palette = try parameters.palette(.cyanToMagenta())
        let threshold = try parameters.float("threshold", default: EdgeOverlay.defaultThreshold)
        guard threshold >= 0 else { throw KernelInputError.badParameter(name: "threshold", reason: "\(threshold) must be ≥ 0") }
        let depth = try CaptureInputs.depthMap(in: input)
        let size = try OutputSize(parameters, defaultWidth: depth.width, defaultHeight: depth.height,
                                  defaultSource: "depth.npy's size")
        let overlay = EdgeOverlay(width: depth.width, height: depth.height, threshold: threshold, palette: palette)
        let edges = ImageBuffer<RGBA8>(width: depth.width, height: depth.height)
        ImageView.withPacked(depth.values, width: depth.width, height: depth.height) { overlay.render($0, into: edges) }
        try ImageOutput.write(nearest(edges, width: size.width, height: size.height), to: output, file: "rgba.npy")
        return "edge-overlay: \(depth.width)x\(depth.height) depth -> rgba.npy \(size.width)x\(size.height) (threshold \(threshold))"
    }

    /// Nearest-neighbour scaling at pixel centres: output pixel i reads source ⌊(i + ½)·in/out⌋ (thin edges stay crisp).
    static func nearest(_ image: ImageBuffer<RGBA8>, width: Int, height: Int) -> ImageBuffer<RGBA8> {
        guard width != image.width || height != image.height else { return image }
        let scaled = ImageBuffer<RGBA8>(width: width, height: height)
        for y in 0..<height {
            let sy = Swift.min((2 * y + 1) * image.height / (2 * height), image.height - 1)
            for x in 0..<width {
                scaled[x, y] = image[Swift.min((2 * x + 1) * image.width / (2 * width), image.width - 1), sy]
            }
        }
        return scaled
    }
}
