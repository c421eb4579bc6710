import CVectorLoops

extension EdgeOverlay {
    /// The optimized variant, byte-for-byte equal to ``renderReference(_:into:)``. Two rewrites that change no
    /// IEEE operation on a valid block:
    /// - Holes become NaN in a cleaned copy of each row. Every one of the nine taps enters gx, gy or the limit
    ///   (the centre only the limit), and NaN survives every sum and product, so a block with a hole compares
    ///   NaN > x or x > NaN: false, transparent, as the reference's validity test decides. No validity masks.
    /// - The Sobel sums are shared between pixels: the reference's gx is (column sum right) − (column sum left) and
    ///   its gy (row sum below) − (row sum above), each sum `(a + 2·b) + c` as written there. So each depth row gets
    ///   its cleaned copy and horizontal sums once (three rows kept, rolling), each output row its vertical sums
    ///   once, and a vector loop (on the path ``isa``) marks the edge pixels sixteen at a time.
    /// Only a group of sixteen with an edge (edges are sparse) then gets the palette, whose division would otherwise
    /// run for every pixel. Border rows and columns take the same sums with clamped taps. Single-threaded: a 256×192
    /// map costs less than waking a thread is worth. Allocates nothing.
    /// - Precondition: `depth` and `output` are `width × height`.
    public func render(_ depth: ImageView<Float>, into output: ImageBuffer<RGBA8>) {
        checkSizes(depth, output)
        prepareRow(depth.row(0), slot: 0)
        for y in 0..<height {
            // Row y + 1 takes the slot of row y − 2, which no row from y on reads.
            if y + 1 < height { prepareRow(depth.row(y + 1), slot: (y + 1) % 3) }
            let above = Swift.max(y - 1, 0) % 3, here = y % 3, below = Swift.min(y + 1, height - 1) % 3
            sumColumns(cleanRow(above), cleanRow(here), cleanRow(below))
            let out = UnsafeMutableRawPointer(output.mutableRow(y)).assumingMemoryBound(to: UInt32.self)
            edgeRow(above: above, here: here, below: below, depth: depth.row(y), into: out)
        }
    }

    private func cleanRow(_ slot: Int) -> UnsafeMutablePointer<Float> { cleanRows + slot * width }

    /// A depth row's cleaned copy (holes as NaN) and its horizontal Sobel sums
    /// `(row[x−1] + 2·row[x]) + row[x+1]`, columns clamped, into rolling slot `slot`.
    private func prepareRow(_ depth: UnsafePointer<Float>, slot: Int) {
        fb_edge_prepare_row(isa.code, depth, cleanRow(slot), rowSums + slot * width, width)
    }

    /// The output row's vertical Sobel sums `(up + 2·mid) + down` per column.
    private func sumColumns(_ up: UnsafePointer<Float>, _ mid: UnsafePointer<Float>, _ down: UnsafePointer<Float>) {
        fb_edge_column_sums(isa.code, up, mid, down, columnSums, width)
    }

    /// The output row: the reference's test gx² + gy² > (8·threshold·d)² (`8 * threshold` evaluated first, as
    /// there), false whenever a tap was a hole (NaN), first and last column with clamped column sums; the palette's
    /// word of the centre depth where it holds, else transparent.
    private func edgeRow(above: Int, here: Int, below: Int, depth: UnsafePointer<Float>, into out: UnsafeMutablePointer<UInt32>) {
        withUnsafePointer(to: loopPalette) { palette in
            fb_edge_row(isa.code, columnSums, rowSums + above * width, rowSums + below * width, cleanRow(here),
                        8 * threshold, palette, depth, out, width)
        }
    }
}
