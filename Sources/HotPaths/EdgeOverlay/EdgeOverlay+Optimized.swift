extension EdgeOverlay {
    /// The optimized variant, byte-for-byte equal to ``renderReference(_:into:)``, as branch-free loops the compiler
    /// vectorizes: first which pixels have three valid depths in a row, then per interior pixel the validity of its
    /// 3×3 block (three words ANDed), the same Sobel sums in the same order and the palette. The one-pixel border
    /// goes through the reference code. Single-threaded: a 256×192 map costs less than waking a thread is worth.
    /// Allocates nothing.
    /// - Precondition: `depth` and `output` are `width × height`.
    public func render(_ depth: ImageView<Float>, into output: ImageBuffer<RGBA8>) {
        checkSizes(depth, output)
        for y in 0..<height { markValidTriples(depth.row(y), into: rowValidity + y * width) }
        for y in 0..<height {
            guard y > 0 && y < height - 1 && width >= 3 else {
                for x in 0..<width { output.mutableRow(y)[x] = referencePixel(depth, x, y) }
                continue
            }
            output.mutableRow(y)[0] = referencePixel(depth, 0, y)
            switch packer.channels {
            case .cyanToMagenta: interiorRow(depth, y, into: output.mutableRow(y), CyanToMagenta.self)
            case .redToBlue: interiorRow(depth, y, into: output.mutableRow(y), RedToBlue.self)
            case .redAndGreen: interiorRow(depth, y, into: output.mutableRow(y), RedAndGreen.self)
            case .redAndBlue: interiorRow(depth, y, into: output.mutableRow(y), RedAndBlue.self)
            case .all: interiorRow(depth, y, into: output.mutableRow(y), AllChannels.self)
            }
            output.mutableRow(y)[width - 1] = referencePixel(depth, width - 1, y)
        }
    }

    /// 1 where the pixel and its two horizontal neighbours (clamped) are all valid depths.
    private func markValidTriples(_ row: UnsafePointer<Float>, into marks: UnsafeMutablePointer<UInt32>) {
        let single = pixelValidity
        for x in 0..<width { single[x] = Self.validBit(row[x]) }
        marks[0] = single[0] & single[Swift.min(1, width - 1)]
        for x in 1..<Swift.max(width - 1, 1) { marks[x] = single[x - 1] & single[x] & single[x + 1] }
        marks[width - 1] = single[Swift.max(width - 2, 0)] & single[width - 1]
    }

    /// Pixels 1…width−2 of an interior row (all their neighbours exist).
    private func interiorRow<Set: ChannelSet>(_ depth: ImageView<Float>, _ y: Int, into destination: UnsafeMutablePointer<RGBA8>,
                                              _ set: Set.Type) {
        let up = depth.row(y - 1), mid = depth.row(y), down = depth.row(y + 1)
        let validAbove = rowValidity + (y - 1) * width, validHere = validAbove + width, validBelow = validHere + width
        let out = UnsafeMutableRawPointer(destination).assumingMemoryBound(to: UInt32.self)
        let packer = packer, threshold = threshold
        for x in 1..<(width - 1) {
            let gx = (up[x + 1] + 2 * mid[x + 1] + down[x + 1]) - (up[x - 1] + 2 * mid[x - 1] + down[x - 1])
            let gy = (down[x - 1] + 2 * down[x] + down[x + 1]) - (up[x - 1] + 2 * up[x] + up[x + 1])
            let limit = 8 * threshold * mid[x]
            let edge: UInt32 = gx * gx + gy * gy > limit * limit ? 1 : 0
            out[x] = validAbove[x] & validHere[x] & validBelow[x] & edge != 0 ? packer.pack(mid[x], set) : 0
        }
    }

    /// ``isValid(_:)`` as 0 or 1 from the bit pattern: finite and > 0 is exactly 0 < bits < bits(+∞) as unsigned
    /// (−0, negatives and NaNs fall outside), one subtract and one compare with no branch.
    @inline(__always)
    private static func validBit(_ depth: Float) -> UInt32 {
        depth.bitPattern &- 1 < 0x7F7F_FFFF ? 1 : 0
    }
}
