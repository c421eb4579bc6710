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
    /// map costs less than waking a thread is worth. Each scratch row is placed away, modulo 4 KiB, from the rows
    /// its loops meet (``scratchPhase(outputFromDepth:depthPitch:)``), so the time does not depend on where the heap
    /// put the scratch. Allocates nothing.
    /// - Precondition: `depth` and `output` are `width × height`.
    public func render(_ depth: ImageView<Float>, into output: ImageBuffer<RGBA8>) {
        checkSizes(depth, output)
        let outputFromDepth = UnsafeRawPointer(output.mutableRow(0)) - UnsafeRawPointer(depth.row(0))
        let phase = Self.scratchPhase(outputFromDepth: outputFromDepth, depthPitch: depth.bytesPerRow)
        // The rows of y − 1, y and y + 1 (clamped), each placed once, when prepared.
        var here = prepareRow(depth, 0, phase: phase), above = here
        for y in 0..<height {
            // Row y + 1 takes the slot of row y − 2, which no row from y on reads.
            let below = y + 1 < height ? prepareRow(depth, y + 1, phase: phase) : here
            let columns = columnSums.row(0, phase: phase + Self.columnSumsPhase, from: depth.row(y))
            fb_edge_column_sums(isa.code, above.clean, here.clean, below.clean, columns, width)
            // The output row: the reference's test gx² + gy² > (8·threshold·d)² (`8 * threshold` first, as there),
            // false whenever a tap was a hole (NaN), first and last column with clamped column sums; the palette's
            // word of the centre depth where it holds, else transparent.
            let out = UnsafeMutableRawPointer(output.mutableRow(y)).assumingMemoryBound(to: UInt32.self)
            withUnsafePointer(to: loopPalette) { palette in
                fb_edge_row(isa.code, columns, above.sums, below.sums, here.clean, 8 * threshold, palette, depth.row(y),
                            out, width)
            }
            (above, here) = (here, below)
        }
    }

    /// Where the scratch rows sit, modulo 4 KiB, from the depth row they are computed from: the cleaned row at the
    /// phase chosen per call, its horizontal sums 1 KiB past it, the column sums 512 bytes past it. The 1 KiB and
    /// 512 keep the sums' stores clear of the cleaned rows their loops load.
    static let rowSumsPhase = 1024, columnSumsPhase = 512
    /// A store this close before a later load of the same loop, modulo 4 KiB, makes the load wait (4 KiB aliasing).
    static let aliasGuard = 512

    /// The cleaned row's phase from its depth row: the first of 2 KiB, 2.25 KiB, … (wrapping) whose every
    /// store-to-later-load distance clears ``aliasGuard``: cleaned row − depth row (the cleaning loop), and the output
    /// row − each scratch row the edge loop loads (cleaned, horizontal sums above and below, column sums). Exact for
    /// every row when the two images' pitches agree modulo 4 KiB, as the benchmarks' do; a best effort otherwise.
    /// At most 10 of the 16 candidates can be excluded (five bands of 512 bytes), so one always clears.
    static func scratchPhase(outputFromDepth q: Int, depthPitch p: Int) -> Int {
        func clear(_ storeMinusLoad: Int) -> Bool { storeMinusLoad & (PhasedScratch.page - 1) >= aliasGuard }
        for step in 0..<16 {
            let phase = (2048 + 256 * step) & (PhasedScratch.page - 1)
            if clear(phase), clear(q - phase), clear(q - phase - columnSumsPhase),
               clear(q + p - phase - rowSumsPhase), clear(q - p - phase - rowSumsPhase) {
                return phase
            }
        }
        return 2048
    }

    /// Depth row `y`'s cleaned copy (holes as NaN) and its horizontal Sobel sums
    /// `(row[x−1] + 2·row[x]) + row[x+1]`, columns clamped, into rolling slot y mod 3: the cleaned copy at `phase`
    /// from the depth row, the sums ``rowSumsPhase`` past it.
    private func prepareRow(_ depth: ImageView<Float>, _ y: Int, phase: Int)
        -> (clean: UnsafeMutablePointer<Float>, sums: UnsafeMutablePointer<Float>) {
        let row = depth.row(y)
        let clean = cleanRows.row(y % 3, phase: phase, from: row)
        let sums = rowSums.row(y % 3, phase: phase + Self.rowSumsPhase, from: row)
        fb_edge_prepare_row(isa.code, row, clean, sums, width)
        return (clean, sums)
    }
}
