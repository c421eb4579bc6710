extension InstanceMaskPipeline {
    /// Stage 3: each detection's window of upsampled, cropped mask values (floats in [0, 1]).
    public func cropAndUpsample() {
        var total = 0
        for n in 0..<inputs.count {
            var crop = scratch.crops[n]
            if !crop.isEmpty {
                crop.windowX = MaskSamplingTables.window(crop.cellsX, first: tables.columnFirst, second: tables.columnSecond)
                crop.windowY = MaskSamplingTables.window(crop.cellsY, first: tables.rowFirst, second: tables.rowSecond)
            }
            crop.offset = total
            total += crop.windowX.count * crop.windowY.count
            scratch.crops[n] = crop
        }
        scratch.reserveWindows(total)
        for n in 0..<inputs.count where !scratch.crops[n].isEmpty { upsample(n) }
    }

    /// Rows pass (each cropped grid row at every window column), then the columns pass (two rows per output row).
    private func upsample(_ n: Int) {
        let crop = scratch.crops[n]
        let cells = scratch.logits + n * geometry.protoCells
        let width = crop.windowX.count
        tables.columnFirst.withUnsafeBufferPointer { first in
            tables.columnSecond.withUnsafeBufferPointer { second in
                tables.columnWeight.withUnsafeBufferPointer { weight in
                    for y in crop.cellsY {
                        let source = cells + y * geometry.protoWidth
                        let row = scratch.rows + (y - crop.cellsY.lowerBound) * geometry.width
                        for x in crop.windowX {
                            let a = Int(first[x]), b = Int(second[x])
                            let left = crop.cellsX.contains(a) ? source[a] : 0
                            let right = crop.cellsX.contains(b) ? source[b] : 0
                            row[x - crop.windowX.lowerBound] = lerp(left, right, weight[x])
                        }
                    }
                }
            }
        }
        let window = scratch.windows + crop.offset
        for y in crop.windowY {
            let top = gridRow(Int(tables.rowFirst[y]), crop), bottom = gridRow(Int(tables.rowSecond[y]), crop)
            Self.lerpRows(top, bottom, tables.rowWeight[y], into: window + (y - crop.windowY.lowerBound) * width, count: width)
        }
    }

    private func gridRow(_ y: Int, _ crop: MaskCrop) -> UnsafePointer<Float> {
        UnsafePointer(crop.cellsY.contains(y) ? scratch.rows + (y - crop.cellsY.lowerBound) * geometry.width : scratch.zeroRow)
    }

    /// `a + (b − a)·w`, the scalar ``lerp(_:_:_:)`` sixteen lanes at a time.
    private static func lerpRows(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ weight: Float,
                                 into output: UnsafeMutablePointer<Float>, count: Int) {
        let w = SIMD16<Float>(repeating: weight)
        var i = 0
        while i + 16 <= count {
            let top = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD16<Float>.self)
            let bottom = UnsafeRawPointer(b + i).loadUnaligned(as: SIMD16<Float>.self)
            UnsafeMutableRawPointer(output + i).storeBytes(of: top + (bottom - top) * w, as: SIMD16<Float>.self)
            i += 16
        }
        while i < count { output[i] = lerp(a[i], b[i], weight); i += 1 }
    }

    /// Stage 4: every mask zeroed, its window converted to bytes (`round(255·m)`) into its rows, flipped when asked.
    public func flipAndConvert() {
        guard let masks = inputs.masks else { return }
        for n in 0..<inputs.count {
            let mask = masks + n * geometry.pixels
            mask.initialize(repeating: 0, count: geometry.pixels)
            let crop = scratch.crops[n]
            guard !crop.isEmpty else { continue }
            let width = crop.windowX.count
            for y in crop.windowY {
                let row = geometry.flip ? geometry.height - 1 - y : y
                Self.convert(scratch.windows + crop.offset + (y - crop.windowY.lowerBound) * width,
                             into: mask + row * geometry.width + crop.windowX.lowerBound, count: width)
            }
        }
    }

    /// `round(255·m)` for m in [0, 1] through the float adder: adding 1.5·2²³ leaves the integer, rounded to
    /// nearest (ties to even, as numpy's `round`), in the low mantissa bits. A plain loop of float and bit
    /// operations that the compiler vectorizes; Swift's generic SIMD float-to-integer conversions do not.
    private static func convert(_ values: UnsafePointer<Float>, into bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count {
            bytes[i] = UInt8(truncatingIfNeeded: (values[i] * 255 + 0x1.8p23).bitPattern)
        }
    }
}
