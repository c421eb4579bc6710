extension PreviewScaler {
    /// The optimized variant, byte-for-byte equal to ``scaleReference(_:into:)``: for 2:1 the 2×2 box average in
    /// integers, two pixels per 64-bit word (SWAR); otherwise the same Float filter, separable, with precomputed
    /// taps. Row bands over the pool. Allocates nothing.
    public func scale(_ frame: ImageView<BGRA8>, into output: ImageBuffer<BGRA8>) {
        checkSizes(frame, output)
        job.run(on: pool, chunks: bands, with: (frame, output))
    }

    /// One band of output rows (each band has its own scratch row).
    func scaleBand(_ band: Int, _ frame: ImageView<BGRA8>, _ output: ImageBuffer<BGRA8>) {
        let exactHalf = isExactHalf
        for y in RowBands.rows(of: band, bands: bands, height: outputHeight) {
            if exactHalf {
                boxRow(UnsafeRawPointer(frame.row(2 * y)), UnsafeRawPointer(frame.row(2 * y + 1)), into: output.mutableRow(y))
            } else {
                let filtered = scratch + band * sourceWidth
                filterRow(frame, outputRow: y, into: filtered)
                sampleRow(filtered, into: output.mutableRow(y))
            }
        }
    }

    /// One output row of the 2:1 case. Each 64-bit load holds two source pixels; bytes are spread into 16-bit lanes
    /// (B and R in one word, G and A in the other) so four samples add without carries.
    private func boxRow(_ top: UnsafeRawPointer, _ bottom: UnsafeRawPointer, into destination: UnsafeMutablePointer<BGRA8>) {
        let out = UnsafeMutableRawPointer(destination)
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        for x in 0..<outputWidth {
            let a = top.loadUnaligned(fromByteOffset: x * 8, as: UInt64.self)
            let b = bottom.loadUnaligned(fromByteOffset: x * 8, as: UInt64.self)
            let even = (a & lanes) &+ (b & lanes)
            let odd = ((a >> 8) & lanes) &+ ((b >> 8) & lanes)
            let evenSum = (even & 0xFFFF_FFFF) &+ (even >> 32)
            let oddSum = (odd & 0xFFFF_FFFF) &+ (odd >> 32)
            let evenMean = ((evenSum &+ 0x0002_0002) >> 2) & 0x00FF_00FF
            let oddMean = ((oddSum &+ 0x0002_0002) >> 2) & 0x00FF_00FF
            out.storeBytes(of: UInt32(truncatingIfNeeded: evenMean | (oddMean << 8)), toByteOffset: x * 4, as: UInt32.self)
        }
    }

    /// The vertical half of the filter for output row `y`, all four channels as Float lanes.
    private func filterRow(_ frame: ImageView<BGRA8>, outputRow y: Int, into filtered: UnsafeMutablePointer<SIMD4<Float>>) {
        let top = frame.row(Int(rows.first[y])), bottom = frame.row(Int(rows.second[y]))
        let weight = rows.weight[y]
        for x in 0..<sourceWidth {
            let a = SIMD4<Float>(top[x]), b = SIMD4<Float>(bottom[x])
            filtered[x] = a + weight * (b - a)
        }
    }

    /// The horizontal half, then rounding halves away from zero.
    private func sampleRow(_ filtered: UnsafePointer<SIMD4<Float>>, into destination: UnsafeMutablePointer<BGRA8>) {
        for x in 0..<outputWidth {
            let left = filtered[Int(columns.first[x])], right = filtered[Int(columns.second[x])]
            let value = (left + columns.weight[x] * (right - left)).rounded(.toNearestOrAwayFromZero)
            let clamped = value.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255))
            destination[x] = BGRA8(truncatingIfNeeded: SIMD4<Int32>(clamped))
        }
    }
}
