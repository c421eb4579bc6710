import HotPaths

/// `framebudget kernel preview-scale`: the camera-preview downscale (seed 003 MetalPreviewScaler), optimized variant.
public enum PreviewScaleKernel: CaptureKernel {
    public static let id = "preview-scale"
    public static let usage = """
        in: frame.npy uint8 [H, W, 4] (BGRA)
        out: preview.npy uint8 [h, w, 4] (BGRA; bilinear at pixel centres, exact 2x2 average for 2:1)
        params: width=W/2 height=H/2
        """

    public static func run(input: String, output: String, parameters: KernelParameters) throws -> String {
        try parameters.requireOnly(["width", "height"])
        let frame = try CaptureInputs.image(in: input)
        let size = try OutputSize(parameters, defaultWidth: Swift.max(frame.width / 2, 1), defaultHeight: Swift.max(frame.height / 2, 1),
                                  defaultSource: "half frame.npy's size")
        let scaler = PreviewScaler(sourceWidth: frame.width, sourceHeight: frame.height, outputWidth: size.width, outputHeight: size.height)
        let preview = ImageBuffer<BGRA8>(width: size.width, height: size.height)
        frame.bytes.withUnsafeBytes { raw in
            scaler.scale(ImageView(base: raw.baseAddress!, width: frame.width, height: frame.height, bytesPerRow: frame.width * 4), into: preview)
        }
        try ImageOutput.write(preview, to: output, file: "preview.npy")
        return "preview-scale: \(frame.width)x\(frame.height) frame -> preview.npy \(size.width)x\(size.height)"
    }
}
