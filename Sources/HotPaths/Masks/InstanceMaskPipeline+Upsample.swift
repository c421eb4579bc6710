import CVectorLoops

extension InstanceMaskPipeline {
    /// Stage 2: every mask, over the pool in bands of output rows: each band zeroed, then the rows of the
    /// detection's window interpolated and converted straight to bytes in their (flipped) place.
    public func upsampleAndConvert() {
        guard let masks = inputs.masks, inputs.count > 0 else { return }
        upsampleJob.run(on: pool, chunks: inputs.count * bandsPerMask, with: masks)
    }

    /// One band of output rows `y` of one mask (chunk = mask · bands + band), written at row `y` or, flipped,
    /// `height − 1 − y`: the band's rows are one block of memory either way, zeroed by a single `memset` (a
    /// ~256 KB block goes out as fast string stores, where a `memset` per row measured 5 GB/s here), then each row
    /// of the window overwritten in cache: the columns pass of the separable upsample between the two grid rows of
    /// `y` (``GridRows``) and the conversion to bytes.
    func upsampleBand(_ chunk: Int, worker: Int, masks: UnsafeMutablePointer<UInt8>) {
        let n = chunk / bandsPerMask
        let crop = scratch.crops[n]
        let mask = masks + n * geometry.pixels
        let width = geometry.width, window = crop.windowX
        let rows = RowBands.rows(of: chunk % bandsPerMask, bands: bandsPerMask, height: geometry.height)
        let firstRow = geometry.flip ? geometry.height - rows.upperBound : rows.lowerBound
        (mask + firstRow * width).initialize(repeating: 0, count: rows.count * width)
        let windowRows = rows.clamped(to: crop.windowY)
        guard !windowRows.isEmpty else { return }
        tables.columnFirst.withUnsafeBufferPointer { first in
            tables.columnSecond.withUnsafeBufferPointer { second in
                tables.columnWeight.withUnsafeBufferPointer { weight in
                    var grid = GridRows(crop: crop, cells: scratch.logits + n * geometry.protoCells,
                                        protoWidth: geometry.protoWidth, first: first.baseAddress!,
                                        second: second.baseAddress!, weight: weight.baseAddress!,
                                        zero: scratch.zeroRow, buffers: scratch.gridRows(of: worker),
                                        cropped: scratch.croppedRow(of: worker))
                    for y in windowRows {
                        let output = mask + (geometry.flip ? geometry.height - 1 - y : y) * width
                        let top = grid.row(Int(tables.rowFirst[y])), bottom = grid.row(Int(tables.rowSecond[y]))
                        lerpAndConvert(top, bottom, tables.rowWeight[y], into: output + window.lowerBound,
                                            count: window.count)
                    }
                }
            }
        }
    }

    /// `round(255·(a + w·(b − a)))` per column: the columns pass (``lerp(_:_:_:)``) and the conversion, on the vector
    /// path ``isa``. Rounding goes through the float adder: adding 1.5·2²³ leaves the integer, rounded to nearest
    /// (ties to even, as numpy's `round`), in the low mantissa bits, whose low byte is kept.
    @inline(__always)
    func lerpAndConvert(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ weight: Float,
                        into bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        fb_lerp_to_bytes(isa.code, a, b, weight, bytes, count)
    }
}

/// The grid rows of one detection that a band of output rows reads, interpolated across the window's columns (the
/// rows pass of the separable upsample), two at a time: consecutive output rows mostly share both (twelve output
/// rows per grid row at 120 → 1440), so each grid row is interpolated once per band. Rows outside the crop are
/// the zero row.
struct GridRows {
    let crop: MaskCrop
    let cells: UnsafePointer<Float>
    let protoWidth: Int
    let first: UnsafePointer<Int32>, second: UnsafePointer<Int32>, weight: UnsafePointer<Float>
    let zero: UnsafePointer<Float>
    let buffers: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    /// One grid row with the cells outside the crop set to 0 (so the rows pass reads it without tests).
    let cropped: UnsafeMutablePointer<Float>
    /// The grid row each buffer holds (−1: none), and the buffer handed out last (kept: the next row replaces the other).
    private var held = (-1, -1)
    private var newest = 0

    init(crop: MaskCrop, cells: UnsafePointer<Float>, protoWidth: Int, first: UnsafePointer<Int32>,
         second: UnsafePointer<Int32>, weight: UnsafePointer<Float>, zero: UnsafePointer<Float>,
         buffers: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>), cropped: UnsafeMutablePointer<Float>) {
        self.crop = crop; self.cells = cells; self.protoWidth = protoWidth
        self.first = first; self.second = second; self.weight = weight; self.zero = zero; self.buffers = buffers
        self.cropped = cropped
    }

    /// Grid row `y` across the window, indexed from the window's first column.
    mutating func row(_ y: Int) -> UnsafePointer<Float> {
        guard crop.cellsY.contains(y) else { return zero }
        if held.0 == y { newest = 0; return UnsafePointer(buffers.0) }
        if held.1 == y { newest = 1; return UnsafePointer(buffers.1) }
        if newest == 0 {
            interpolate(y, into: buffers.1)
            held.1 = y; newest = 1
            return UnsafePointer(buffers.1)
        }
        interpolate(y, into: buffers.0)
        held.0 = y; newest = 0
        return UnsafePointer(buffers.0)
    }

    /// Each window column between its two cells of row `y`, cells outside the crop counting as 0.
    private func interpolate(_ y: Int, into row: UnsafeMutablePointer<Float>) {
        let source = cells + y * protoWidth
        let window = crop.windowX, kept = crop.cellsX
        cropped.initialize(repeating: 0, count: protoWidth)
        (cropped + kept.lowerBound).update(from: source + kept.lowerBound, count: kept.count)
        for x in window {
            row[x - window.lowerBound] = lerp(cropped[Int(first[x])], cropped[Int(second[x])], weight[x])
        }
    }
}
