import HotPaths
import NumpyFiles

/// `framebudget kernel texture-upload`: the depth texture upload (seed 000 Task 3), optimized variant.
public enum TextureUploadKernel: CaptureKernel {
    public static let id = "texture-upload"
    public static let usage = """
        in: depth.npy float32 [H, W]
        out: texture.npy float32 [H, P]: the texture's memory as a Metal r32Float texture lays it out, P = bytesPerRow/4
             (rows aligned to `alignment` bytes); columns W..P-1 are row padding, always 0
        params: alignment=256 (bytes, a power of two from 4 to 4096)
        """

    public static func run(input: String, output: String, parameters: KernelParameters) throws -> String {
        try parameters.requireOnly(["alignment"])
        let alignment = try parameters.int("alignment", default: 256)
        guard alignment >= 4, alignment <= 4096, alignment & (alignment - 1) == 0 else {
            throw KernelInputError.badParameter(name: "alignment", reason: "\(alignment) is not a power of two from 4 to 4096")
        }
        let depth = try CaptureInputs.depthMap(in: input)
        let uploader = TextureUploader<Float>(width: depth.width, height: depth.height, rowAlignment: alignment)
        ImageView.withPacked(depth.values, width: depth.width, height: depth.height) { uploader.upload(from: $0) }
        let texture = uploader.texture
        let pitch = texture.bytesPerRow / 4
        let bytes = [UInt8](UnsafeRawBufferPointer(start: texture.base, count: texture.bytesPerRow * texture.height))
        try ImageOutput.write(NpyArray(dtype: .float32, shape: [texture.height, pitch], bytes: bytes), to: output, file: "texture.npy")
        return "texture-upload: \(depth.width)x\(depth.height) depth -> texture.npy \(texture.height)x\(pitch) (\(texture.bytesPerRow) bytes per row)"
    }
}
