extension DepthColormap {
    /// The optimized variant, byte-for-byte equal to ``renderReference(_:into:)``: precomputed taps, one vertically
    /// filtered source row per output row, 8 pixels per step with ``PaletteLanes``, row bands over the pool for
    /// large outputs. Allocates nothing.
    /// - Precondition: `depth` is `sourceWidth × sourceHeight`; `output` is `outputWidth × outputHeight`.
    public func render(_ depth: ImageView<Float>, into output: ImageBuffer<RGBA8>) {
        checkSizes(depth, output)
        job.run(on: pool, chunks: bands, with: (depth, output))
    }

    /// One band of output rows (each band has its own scratch row).
    func renderBand(_ band: Int, _ depth: ImageView<Float>, _ output: ImageBuffer<RGBA8>) {
        let range = RowBands.rows(of: band, bands: bands, height: outputHeight)
        if columns.isIdentity && rows.isIdentity {
            for y in range { colourRow(depth.row(y), into: output.mutableRow(y)) }
        } else {
            let filtered = scratch + band * sourceWidth
            for y in range {
                filterRow(depth, outputRow: y, into: filtered)
                sampleRow(filtered, into: output.mutableRow(y))
            }
        }
    }

    /// Same size: each pixel is its own texel.
    private func colourRow(_ source: UnsafePointer<Float>, into destination: UnsafeMutablePointer<RGBA8>) {
        let raw = UnsafeRawPointer(source)
        let out = UnsafeMutableRawPointer(destination)
        var x = 0
        while x + 8 <= outputWidth {
            let depth = raw.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
            out.storeBytes(of: lanes.pack(depth), toByteOffset: x * 4, as: SIMD8<UInt32>.self)
            x += 8
        }
        if x < outputWidth { colourTail(from: x, { source[$0] }, into: destination) }
    }

    /// The vertical half of the bilinear filter for output row `y`: lerp of its two source rows.
    private func filterRow(_ depth: ImageView<Float>, outputRow y: Int, into filtered: UnsafeMutablePointer<Float>) {
        let top = depth.row(Int(rows.first[y])), bottom = depth.row(Int(rows.second[y]))
        let weight = rows.weight[y]
        for x in 0..<sourceWidth { filtered[x] = lerp(top[x], bottom[x], weight) }
    }

    /// The horizontal half for one output row, then the palette.
    private func sampleRow(_ filtered: UnsafePointer<Float>, into destination: UnsafeMutablePointer<RGBA8>) {
        let first = columns.first, second = columns.second, weight = columns.weight
        let out = UnsafeMutableRawPointer(destination)
        var x = 0
        while x + 8 <= outputWidth {
            var left = SIMD8<Float>(), right = SIMD8<Float>()
            for lane in 0..<8 {
                left[lane] = filtered[Int(first[x + lane])]
                right[lane] = filtered[Int(second[x + lane])]
            }
            let w = UnsafeRawPointer(weight).loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
            out.storeBytes(of: lanes.pack(left + w * (right - left)), toByteOffset: x * 4, as: SIMD8<UInt32>.self)
            x += 8
        }
        if x < outputWidth {
            colourTail(from: x, { lerp(filtered[Int(first[$0])], filtered[Int(second[$0])], weight[$0]) }, into: destination)
        }
    }

    /// The last < 8 pixels of a row, through the same lane code (unused lanes are NaN and dropped).
    @inline(__always)
    private func colourTail(from start: Int, _ sample: (Int) -> Float, into destination: UnsafeMutablePointer<RGBA8>) {
        var depth = SIMD8<Float>(repeating: .nan)
        for lane in 0..<(outputWidth - start) { depth[lane] = sample(start + lane) }
        let packed = lanes.pack(depth)
        let out = UnsafeMutableRawPointer(destination)
        for lane in 0..<(outputWidth - start) {
            out.storeBytes(of: packed[lane], toByteOffset: (start + lane) * 4, as: UInt32.self)
        }
    }
}
