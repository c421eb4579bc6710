import CVectorLoops

extension DepthColormap {
    /// The optimized variant, byte-for-byte equal to ``renderReference(_:into:)``: precomputed taps; per pair of
    /// output rows their two vertically filtered source rows, their samples computed run by run of pixels sharing
    /// their texels, then a branch-free palette loop on the vector path (``isa``, ``PalettePacker``); row bands over the pool for
    /// large outputs. Allocates nothing.
    /// - Precondition: `depth` is `sourceWidth × sourceHeight`; `output` is `outputWidth × outputHeight`.
    public func render(_ depth: ImageView<Float>, into output: ImageBuffer<RGBA8>) {
        checkSizes(depth, output)
        job.run(on: pool, chunks: bands, with: (depth, output))
    }

    /// One band of output rows (each band has its own scratch).
    func renderBand(_ band: Int, _ depth: ImageView<Float>, _ output: ImageBuffer<RGBA8>) {
        let range = RowBands.rows(of: band, bands: bands, height: outputHeight)
        // Streamed rows are ordered before this band reports done, so whoever reads the frame sees them.
        defer { if streamsOutput { fb_store_fence() } }
        if columns.isIdentity && rows.isIdentity {
            for y in range { colourRow(depth.row(y), into: output.mutableRow(y)) }
            return
        }
        let filtered = scratch + band * scratchPerBand, filteredBelow = filtered + sourceWidth
        let samples = filteredBelow + sourceWidth, samplesBelow = samples + outputWidth + DepthColormap.tapPadding
        // Rows in pairs: the run loop's indices, texel loads and weights serve both (the last row of an odd band
        // pairs with itself).
        for y in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            let pair = y + 1 < range.upperBound
            filterRow(depth, outputRow: y, into: filtered)
            if pair { filterRow(depth, outputRow: y + 1, into: filteredBelow) }
            sampleRows(filtered, pair ? filteredBelow : filtered, into: samples, samplesBelow)
            colourRow(samples, into: output.mutableRow(y))
            if pair { colourRow(samplesBelow, into: output.mutableRow(y + 1)) }
        }
    }

    /// The palette over one row of depths: contiguous, branch-free, on the vector path (``isa``), streamed around
    /// the caches for a large output (``streamsOutput``).
    private func colourRow(_ source: UnsafePointer<Float>, into destination: UnsafeMutablePointer<RGBA8>) {
        let out = UnsafeMutableRawPointer(destination).assumingMemoryBound(to: UInt32.self)
        withUnsafePointer(to: loopPalette) {
            if streamsOutput {
                fb_palette_row_streamed(isa.code, $0, source, out, outputWidth)
            } else {
                fb_palette_row(isa.code, $0, source, out, outputWidth)
            }
        }
    }

    /// The vertical half of the bilinear filter for output row `y`: lerp of its two source rows.
    private func filterRow(_ depth: ImageView<Float>, outputRow y: Int, into filtered: UnsafeMutablePointer<Float>) {
        let top = depth.row(Int(rows.first[y])), bottom = depth.row(Int(rows.second[y]))
        fb_lerp_row(isa.code, top, bottom, rows.weight[y], filtered, sourceWidth)
    }

    /// The horizontal half of the filter for two output rows: sixteen pixels a step in C on AVX-512
    /// (`fb_sample_rows`), else run by run here: the pixels of a run (~7.5 at 256 → 1920)
    /// read the same two filtered texels `a` and `b`, so `a` and `b − a` are loaded and subtracted once per run and
    /// row, and its samples `a + w·(b − a)` (the reference's `lerp`, the same IEEE operations) computed four lanes
    /// at a time, the weights loaded once for both rows. A run may spill up to three lanes past its end: the next
    /// run overwrites them, and the last spills into ``tapPadding`` (the weights are padded alike).
    private func sampleRows(_ filtered: UnsafePointer<Float>, _ filteredBelow: UnsafePointer<Float>,
                            into samples: UnsafeMutablePointer<Float>, _ samplesBelow: UnsafeMutablePointer<Float>) {
        if fb_sample_rows(isa.code, columns.first, columns.second, columns.weight, filtered, filteredBelow,
                          sourceWidth, samples, samplesBelow, outputWidth) != 0 { return }
        let first = columns.first, second = columns.second, runStart = columns.runStart
        let weights = UnsafeRawPointer(columns.weight)
        let out = UnsafeMutableRawPointer(samples), outBelow = UnsafeMutableRawPointer(samplesBelow)
        for run in 0..<columns.runCount {
            let start = Int(runStart[run]), end = Int(runStart[run + 1])
            let left = Int(first[start]), right = Int(second[start])
            let texel = filtered[left], texelBelow = filteredBelow[left]
            let a = SIMD4<Float>(repeating: texel), difference = SIMD4<Float>(repeating: filtered[right] - texel)
            let aBelow = SIMD4<Float>(repeating: texelBelow)
            let differenceBelow = SIMD4<Float>(repeating: filteredBelow[right] - texelBelow)
            var x = start
            repeat {
                let weight = weights.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<Float>.self)
                out.storeBytes(of: a + weight * difference, toByteOffset: x &* 4, as: SIMD4<Float>.self)
                outBelow.storeBytes(of: aBelow + weight * differenceBelow, toByteOffset: x &* 4, as: SIMD4<Float>.self)
                x &+= 4
            } while x < end
        }
    }
}
