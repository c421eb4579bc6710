import HotPaths

/// `framebudget kernel colormap`: the photo-mode depth colormap (seed 000 AC1), optimized variant.
public enum ColormapKernel: CaptureKernel {
    public static let id = "colormap"
    public static let usage = """
        in: depth.npy float32 [H, W] (metres; NaN/Inf are holes)
        out: rgba.npy uint8 [H', W', 4] (R, G, B, A; red near -> blue far, holes transparent)
        params: near=0.5 far=5.0 opacity=0.4 width=W height=H (output size; bilinear, pixel centres, clamp to edge)
        """

    public static func run(input: String, output: String, parameters: KernelParameters) throws -> String {
        try parameters.requireOnly(["near", "far", "opacity", "width", "height"])
        let palette = try parameters.palette(.redToBlue())
        let depth = try CaptureInputs.depthMap(in: input)
        let size = try OutputSize(parameters, defaultWidth: depth.width, defaultHeight: depth.height,
                                  defaultSource: "depth.npy's size")
        let colormap = DepthColormap(sourceWidth: depth.width, sourceHeight: depth.height,
                                     outputWidth: size.width, outputHeight: size.height, palette: palette)
        let image = ImageBuffer<RGBA8>(width: size.width, height: size.height)
        ImageView.withPacked(depth.values, width: depth.width, height: depth.height) { colormap.render($0, into: image) }
        try ImageOutput.write(image, to: output, file: "rgba.npy")
        return "colormap: \(depth.width)x\(depth.height) depth -> rgba.npy \(size.width)x\(size.height)"
            + " (near \(palette.near) m, far \(palette.far) m, opacity \(palette.opacity))"
    }
}
