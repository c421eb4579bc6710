import Statistics

/// Recorded-video frames as the camera delivers them for encoding: YUV 4:2:0 bi-planar (NV12), a full-resolution
/// luma plane followed by an interleaved Cb/Cr plane at half resolution in both directions.
public enum YUVFrames {
    /// Bytes of one `width × height` frame: `width·height` luma plus `width·height/2` chroma (4,147,200 at 1920×1440).
    public static func byteCount(width: Int, height: Int) -> Int {
        width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
    }

    /// Frame `index` of a seeded recording: a luma ramp that drifts with the frame index, sensor grain in the low
    /// bits, and a slowly varying chroma. Same seed and index, same bytes; neighbouring frames differ.
    public static func frame(width: Int = 1920, height: Int = 1440, seed: UInt64, index: Int) -> [UInt8] {
        var random = SplitMix64(seed: seed &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9)
        let lumaCount = width * height
        let total = byteCount(width: width, height: height)
        return [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            var grain: UInt64 = 0
            for i in 0..<total {
                if i % 16 == 0 { grain = random.next() }
                let noise = UInt8(truncatingIfNeeded: grain >> UInt64(4 * (i % 16))) & 0x0F
                if i < lumaCount {
                    let x = i % width, y = i / width
                    buffer[i] = UInt8(truncatingIfNeeded: (x + y + 3 * index) / 16 &+ 40) &+ noise
                } else {
                    buffer[i] = 128 &+ UInt8(truncatingIfNeeded: (i - lumaCount) / width % 32) &- 16 &+ noise / 4
                }
            }
            initialized = total
        }
    }

    /// `count` consecutive frames of one recording, packed back to back (as `frames.npy [F, B]` holds them).
    public static func recording(width: Int, height: Int, seed: UInt64, count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * byteCount(width: width, height: height))
        for index in 0..<count { bytes.append(contentsOf: frame(width: width, height: height, seed: seed, index: index)) }
        return bytes
    }
}
