extension DepthColormap {
    /// The optimized variant, byte-for-byte equal to ``renderReference(_:into:)``: precomputed taps; per output row
    /// one vertically filtered source row, a gather of each pixel's two taps, then a branch-free loop the compiler
    /// vectorizes (``PalettePacker``); row bands over the pool for large outputs. Allocates nothing.
    /// - Precondition: `depth` is `sourceWidth × sourceHeight`; `output` is `outputWidth × outputHeight`.
    public func render(_ depth: ImageView<Float>, into output: ImageBuffer<RGBA8>) {
        checkSizes(depth, output)
        job.run(on: pool, chunks: bands, with: (depth, output))
    }

    /// One band of output rows (each band has its own scratch), with loops specialized on the palette's channels.
    func renderBand(_ band: Int, _ depth: ImageView<Float>, _ output: ImageBuffer<RGBA8>) {
        switch packer.channels {
        case .redToBlue: renderBand(band, depth, output, RedToBlue.self)
        case .cyanToMagenta: renderBand(band, depth, output, CyanToMagenta.self)
        case .redAndBlue: renderBand(band, depth, output, RedAndBlue.self)
        case .redAndGreen: renderBand(band, depth, output, RedAndGreen.self)
        case .all: renderBand(band, depth, output, AllChannels.self)
        }
    }

    private func renderBand<Set: ChannelSet>(_ band: Int, _ depth: ImageView<Float>, _ output: ImageBuffer<RGBA8>, _ set: Set.Type) {
        let range = RowBands.rows(of: band, bands: bands, height: outputHeight)
        if columns.isIdentity && rows.isIdentity {
            for y in range { colourRow(depth.row(y), into: output.mutableRow(y), set) }
            return
        }
        let filtered = scratch + band * scratchPerBand
        let left = filtered + sourceWidth, difference = left + outputWidth + DepthColormap.tapPadding
        for y in range {
            filterRow(depth, outputRow: y, into: filtered)
            gatherTaps(filtered, left: left, difference: difference)
            sampleRow(left, difference, into: output.mutableRow(y), set)
        }
    }

    /// Same size: each pixel is its own texel.
    private func colourRow<Set: ChannelSet>(_ source: UnsafePointer<Float>, into destination: UnsafeMutablePointer<RGBA8>, _ set: Set.Type) {
        let out = UnsafeMutableRawPointer(destination).assumingMemoryBound(to: UInt32.self)
        let packer = packer
        for x in 0..<outputWidth { out[x] = packer.pack(source[x], set) }
    }

    /// The vertical half of the bilinear filter for output row `y`: lerp of its two source rows.
    private func filterRow(_ depth: ImageView<Float>, outputRow y: Int, into filtered: UnsafeMutablePointer<Float>) {
        let top = depth.row(Int(rows.first[y])), bottom = depth.row(Int(rows.second[y]))
        let weight = rows.weight[y]
        for x in 0..<sourceWidth { filtered[x] = lerp(top[x], bottom[x], weight) }
    }

    /// The filtered texel `a` every output pixel of the row reads and its difference `b − a` to the second one,
    /// filled run by run (two loads and one subtraction per run of pixels sharing their texels, not per pixel: the
    /// same IEEE difference the reference's `lerp` computes per pixel). Each run is filled four lanes at a time and
    /// may spill up to three lanes past its end: the next run overwrites them, and the last spills into
    /// ``tapPadding``. A run is ~7.5 pixels, so two vector stores replace ~7.5 scalar ones per buffer.
    private func gatherTaps(_ filtered: UnsafePointer<Float>, left: UnsafeMutablePointer<Float>, difference: UnsafeMutablePointer<Float>) {
        let first = columns.first, second = columns.second, runStart = columns.runStart
        let leftBytes = UnsafeMutableRawPointer(left), differenceBytes = UnsafeMutableRawPointer(difference)
        for run in 0..<columns.runCount {
            let start = Int(runStart[run]), end = Int(runStart[run + 1])
            let texelA = filtered[Int(first[start])], texelB = filtered[Int(second[start])]
            let a = SIMD4<Float>(repeating: texelA), b = SIMD4<Float>(repeating: texelB - texelA)
            var x = start
            repeat {
                leftBytes.storeBytes(of: a, toByteOffset: x &* 4, as: SIMD4<Float>.self)
                differenceBytes.storeBytes(of: b, toByteOffset: x &* 4, as: SIMD4<Float>.self)
                x &+= 4
            } while x < end
        }
    }

    /// The horizontal half of the filter, then the palette: contiguous, branch-free, vectorized.
    private func sampleRow<Set: ChannelSet>(_ left: UnsafePointer<Float>, _ difference: UnsafePointer<Float>,
                                            into destination: UnsafeMutablePointer<RGBA8>, _ set: Set.Type) {
        let out = UnsafeMutableRawPointer(destination).assumingMemoryBound(to: UInt32.self)
        let weight = columns.weight, packer = packer
        for x in 0..<outputWidth { out[x] = packer.pack(left[x] + weight[x] * difference[x], set) }
    }
}
