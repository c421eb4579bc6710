import CVectorLoops

/// One row's pairs between the two passes of ``PairSampler/row(_:depth:confidence:lanes:)``: `width` values each.
struct PairLanes {
    let x: UnsafeMutablePointer<Float>
    let y: UnsafeMutablePointer<Float>
    let count: UnsafeMutablePointer<Int32>
}

/// The pair collection of one LiDAR row, eight pixels per step and without branches: every pixel is sampled, and a
/// lane mask keeps the valid pairs out of the sums (selected, never multiplied, so NaN holes cannot leak in).
///
/// The tests are the document's, lane-wise: confidence ≥ minimum, minDepth < d < maxDepth (which also rules out
/// NaN and ±∞, as `isFinite` does), sample > 0 and finite. The sample is the document's expression evaluated in the
/// same order, so each lane is bit-identical to ``ReferenceFusion/bilinearSample(_:x:y:width:height:)``.
///
/// On the AVX-512 path both passes are one C loop (`fb_fusion_row_sums`: sixteen pixels a step, the neighbours
/// fetched by permutes from a window of the relative row, no pairs stored) that adds the same values in the same
/// order, so every path gives the same sums to the bit.
struct PairSampler {
    typealias Lanes = SIMD8<Float>
    let geometry: FusionGeometry
    let relative: UnsafePointer<Float>
    let minDepth: Lanes, maxDepth: Lanes
    /// +∞, read from ``FusionGeometry/infinity`` at run time: with a literal ∞ the compiler turns
    /// `sample > 0 && sample < ∞` into a floating-point class test done on the bits, ~25 integer instructions under
    /// SSE2 instead of two compares.
    let infinity: Lanes
    let minConfidence: SIMD8<Int32>
    /// The vector path of the first pass.
    let isa: VectorISA
    /// The tables and filter as the C pass reads them.
    let columns: fb_fusion_columns
    /// Lane sums are folded into Double after this many steps, so a wide row cannot lose digits in Float.
    private static let stepsPerFold = Int(FB_FUSION_PIXELS_PER_FOLD) / 8

    init(geometry: FusionGeometry, config: FusionConfig, relative: UnsafePointer<Float>, isa: VectorISA) {
        self.geometry = geometry
        self.isa = isa
        columns = fb_fusion_columns(
            x0: geometry.x0.baseAddress, x1: geometry.x1.baseAddress, fx: geometry.fx.baseAddress,
            gx: geometry.gx.baseAddress, relative_width: geometry.relativeWidth, min_depth: config.minDepth,
            max_depth: config.maxDepth, min_confidence: Int32(config.minConfidence))
        self.relative = relative
        minDepth = Lanes(repeating: config.minDepth)
        maxDepth = Lanes(repeating: config.maxDepth)
        minConfidence = SIMD8(repeating: Int32(config.minConfidence))
        infinity = Lanes(repeating: geometry.infinity)
    }

    /// The sums of row `ly`'s pairs, in two passes over the row so that neither keeps more vectors live than SSE has
    /// registers: ``sampleRow(_:depth:confidence:into:)`` writes each pixel's pair (0, 0 where none) into `lanes`,
    /// then ``sumRow(_:)`` adds them up, eight lane sums at a time. Adding a +0 pair changes no sum (the sums start
    /// at +0 and never become −0), so the sums are bit-identical to accumulating kept pairs only.
    @inline(__always)
    func row(_ ly: Int, depth: UnsafePointer<Float>, confidence: UnsafePointer<UInt8>?, lanes: PairLanes) -> FusionSums {
        let row0 = relative + geometry.y0[ly] * geometry.relativeWidth
        let row1 = relative + geometry.y1[ly] * geometry.relativeWidth
        var sums: FusionSums
        if let inC = sumsInC(ly, depth: depth, confidence: confidence, row0: row0, row1: row1) {
            sums = inC
        } else {
            sampleRow(ly, depth: depth, confidence: confidence, into: lanes)
            sums = sumRow(lanes)
        }
        for lx in (geometry.lidarWidth & ~7)..<geometry.lidarWidth {
            addScalar(lx, depth: depth, confidence: confidence, row0: row0, row1: row1, ly: ly, into: &sums)
        }
        return sums
    }

    /// Both passes in C when the path has them there (AVX-512); nil when it does not.
    @inline(__always)
    private func sumsInC(_ ly: Int, depth: UnsafePointer<Float>, confidence: UnsafePointer<UInt8>?,
                         row0: UnsafePointer<Float>, row1: UnsafePointer<Float>) -> FusionSums? {
        var columns = columns
        var row = fb_fusion_sums()
        guard fb_fusion_row_sums(isa.code, &columns, depth, confidence, row0, row1, geometry.fy[ly], geometry.gy[ly],
                                 geometry.lidarWidth & ~7, &row) == 1 else { return nil }
        var sums = FusionSums()
        sums.pairs = row.pairs
        (sums.sumX, sums.sumY, sums.sumXY, sums.sumX2) = (row.sum_x, row.sum_y, row.sum_xy, row.sum_x2)
        return sums
    }

    /// Pass 1: per group of eight pixels, the kept pairs (x = sample, y = depth; 0 in the lanes not kept) and a
    /// 1 per kept lane.
    @inline(__always)
    private func sampleRow(_ ly: Int, depth: UnsafePointer<Float>, confidence: UnsafePointer<UInt8>?, into lanes: PairLanes) {
        let width = geometry.lidarWidth
        let row0 = relative + geometry.y0[ly] * geometry.relativeWidth
        let row1 = relative + geometry.y1[ly] * geometry.relativeWidth
        let fy = Lanes(repeating: geometry.fy[ly]), gy = Lanes(repeating: geometry.gy[ly])
        let xs = UnsafeMutableRawPointer(lanes.x), ys = UnsafeMutableRawPointer(lanes.y)
        let counts = UnsafeMutableRawPointer(lanes.count)
        // The tables' addresses once per row: read inside the loop, they are reloaded (and unwrapped) every group, as
        // the stores into the lanes could alias them for all the compiler knows.
        let x0Table = geometry.x0.baseAddress!, x1Table = geometry.x1.baseAddress!
        let fxTable = UnsafeRawPointer(geometry.fx.baseAddress!), gxTable = UnsafeRawPointer(geometry.gx.baseAddress!)
        let strided = geometry.stridedGroups.baseAddress!, pairedColumns = geometry.pairedColumns
        var lx = 0
        while lx + 8 <= width {
            defer { lx += 8 }
            let d = UnsafeRawPointer(depth + lx).loadUnaligned(as: Lanes.self)
            var keep = (d .> minDepth) .& (d .< maxDepth)
            if let confidence {
                let c = UnsafeRawPointer(confidence + lx).loadUnaligned(as: SIMD8<UInt8>.self)
                keep .&= SIMD8<Int32>(truncatingIfNeeded: c) .>= minConfidence
            }
            // Whole runs of invalid LiDAR (beyond 4 m, low confidence, holes) skip the eight gathers.
            guard any(keep) else {
                xs.storeBytes(of: Lanes(), toByteOffset: 4 * lx, as: Lanes.self)
                ys.storeBytes(of: Lanes(), toByteOffset: 4 * lx, as: Lanes.self)
                counts.storeBytes(of: SIMD8<Int32>(), toByteOffset: 4 * lx, as: SIMD8<Int32>.self)
                continue
            }
            // Indices are read as scalars straight from the tables: extracting them from a vector costs more.
            let x0 = x0Table + lx, x1 = x1Table + lx
            let fx = fxTable.loadUnaligned(fromByteOffset: 4 * lx, as: Lanes.self)
            let gx = gxTable.loadUnaligned(fromByteOffset: 4 * lx, as: Lanes.self)
            let v00: Lanes, v10: Lanes, v01: Lanes, v11: Lanes
            if strided[lx >> 3] {
                // Every other column: both neighbours of all eight lanes in two contiguous vector loads.
                (v00, v10) = Self.stridedPairs(row0 + Int(x0[0]))
                (v01, v11) = Self.stridedPairs(row1 + Int(x0[0]))
            } else if lx + 8 <= pairedColumns {
                // x1 = x0 + 1 in every lane: each row yields both neighbours in one 8-byte load per pixel.
                (v00, v10) = Self.gatherPairs(row0, x0)
                (v01, v11) = Self.gatherPairs(row1, x0)
            } else {
                (v00, v10) = (Self.gather(row0, x0), Self.gather(row0, x1))
                (v01, v11) = (Self.gather(row1, x0), Self.gather(row1, x1))
            }
            let sample = v00 * gx * gy + v10 * fx * gy + v01 * gx * fy + v11 * fx * fy
            keep .&= (sample .> 0) .& (sample .< infinity)
            xs.storeBytes(of: Lanes().replacing(with: sample, where: keep), toByteOffset: 4 * lx, as: Lanes.self)
            ys.storeBytes(of: Lanes().replacing(with: d, where: keep), toByteOffset: 4 * lx, as: Lanes.self)
            counts.storeBytes(of: SIMD8<Int32>().replacing(with: 1, where: keep), toByteOffset: 4 * lx, as: SIMD8<Int32>.self)
        }
    }

    /// Pass 2: the pairs of pass 1 summed per lane in Float, folded into Double every ``stepsPerFold`` groups.
    @inline(__always)
    private func sumRow(_ lanes: PairLanes) -> FusionSums {
        let width = geometry.lidarWidth
        let xs = UnsafeRawPointer(lanes.x), ys = UnsafeRawPointer(lanes.y), counts = UnsafeRawPointer(lanes.count)
        var sums = FusionSums()
        var lx = 0
        while lx + 8 <= width {
            var sumX = Lanes(), sumY = Lanes(), sumXY = Lanes(), sumX2 = Lanes(), count = SIMD8<Int32>()
            var steps = 0
            while lx + 8 <= width, steps < Self.stepsPerFold {
                let x = xs.loadUnaligned(fromByteOffset: 4 * lx, as: Lanes.self)
                let y = ys.loadUnaligned(fromByteOffset: 4 * lx, as: Lanes.self)
                sumX += x
                sumY += y
                sumXY += x * y
                sumX2 += x * x
                count &+= counts.loadUnaligned(fromByteOffset: 4 * lx, as: SIMD8<Int32>.self)
                lx += 8
                steps += 1
            }
            sums.pairs += Int(count.wrappedSum())
            sums.sumX += Self.laneSum(sumX)
            sums.sumY += Self.laneSum(sumY)
            sums.sumXY += Self.laneSum(sumXY)
            sums.sumX2 += Self.laneSum(sumX2)
        }
        return sums
    }

    /// Lanes 0…7 added in order in Float, then widened: spelled out (not `sum()`, whose order the standard library
    /// leaves open) because the C path folds the same way and both must give the same bits.
    @inline(__always)
    private static func laneSum(_ lanes: Lanes) -> Double {
        var sum = lanes[0]
        for k in 1..<8 { sum += lanes[k] }
        return Double(sum)
    }

    /// Row `ly`'s pairs one pixel at a time, in Double and less ``FusionSums/shift`` (the first pair's relative
    /// value), and the range of their relative values: the exact pass for maps that hardly vary
    /// (``FusionSums/needsExactPass``), whose deviations the sums then keep to Double precision. The same pairs.
    func exactRow(_ ly: Int, depth: UnsafePointer<Float>, confidence: UnsafePointer<UInt8>?,
                  into sums: inout FusionSums, range: inout (lower: Float, upper: Float)) {
        let row0 = relative + geometry.y0[ly] * geometry.relativeWidth
        let row1 = relative + geometry.y1[ly] * geometry.relativeWidth
        for lx in 0..<geometry.lidarWidth {
            guard let (sample, d) = pair(lx, depth: depth, confidence: confidence, row0: row0, row1: row1, ly: ly)
            else { continue }
            if sums.pairs == 0 { sums.shift = Double(sample) }
            let x = Double(sample) - sums.shift, y = Double(d)
            sums.pairs += 1
            sums.sumX += x
            sums.sumY += y
            sums.sumXY += x * y
            sums.sumX2 += x * x
            range = (Swift.min(range.lower, sample), Swift.max(range.upper, sample))
        }
    }

    /// The same tests and sample for one pixel (the row's last width mod 8 pixels), products in Float as the lanes.
    @inline(__always)
    private func addScalar(_ lx: Int, depth: UnsafePointer<Float>, confidence: UnsafePointer<UInt8>?,
                           row0: UnsafePointer<Float>, row1: UnsafePointer<Float>, ly: Int, into sums: inout FusionSums) {
        guard let (sample, d) = pair(lx, depth: depth, confidence: confidence, row0: row0, row1: row1, ly: ly) else { return }
        sums.pairs += 1
        sums.sumX += Double(sample)
        sums.sumY += Double(d)
        sums.sumXY += Double(sample * d)
        sums.sumX2 += Double(sample * sample)
    }

    /// Pixel `lx`'s pair (sample of the relative map, depth), or nil when the document's tests drop it.
    @inline(__always)
    private func pair(_ lx: Int, depth: UnsafePointer<Float>, confidence: UnsafePointer<UInt8>?,
                      row0: UnsafePointer<Float>, row1: UnsafePointer<Float>, ly: Int) -> (Float, Float)? {
        let d = depth[lx]
        guard d > minDepth[0], d < maxDepth[0] else { return nil }
        if let confidence, Int32(confidence[lx]) < minConfidence[0] { return nil }
        let x0 = Int(geometry.x0[lx]), x1 = Int(geometry.x1[lx])
        let fx = geometry.fx[lx], gx = geometry.gx[lx], fy = geometry.fy[ly], gy = geometry.gy[ly]
        let sample = row0[x0] * gx * gy + row0[x1] * fx * gy + row1[x0] * gx * fy + row1[x1] * fx * fy
        guard sample > 0, sample < .infinity else { return nil }
        return (sample, d)
    }

    /// base[index[k]] and base[index[k] + 1] for k in 0..<8, as two vectors.
    @inline(__always)
    private static func gatherPairs(_ base: UnsafePointer<Float>, _ index: UnsafeMutablePointer<Int32>) -> (Lanes, Lanes) {
        let raw = UnsafeRawPointer(base)
        @inline(__always) func pair(_ k: Int) -> SIMD2<Float> {
            raw.loadUnaligned(fromByteOffset: Int(index[k]) &* 4, as: SIMD2<Float>.self)
        }
        let low = Lanes(lowHalf: SIMD4(lowHalf: pair(0), highHalf: pair(1)), highHalf: SIMD4(lowHalf: pair(2), highHalf: pair(3)))
        let high = Lanes(lowHalf: SIMD4(lowHalf: pair(4), highHalf: pair(5)), highHalf: SIMD4(lowHalf: pair(6), highHalf: pair(7)))
        return (Lanes(lowHalf: low.evenHalf, highHalf: high.evenHalf), Lanes(lowHalf: low.oddHalf, highHalf: high.oddHalf))
    }

    /// base[2k] and base[2k + 1] for k in 0..<8, as two vectors: sixteen contiguous values split into even and odd.
    @inline(__always)
    private static func stridedPairs(_ base: UnsafePointer<Float>) -> (Lanes, Lanes) {
        let raw = UnsafeRawPointer(base)
        let low = raw.loadUnaligned(as: Lanes.self), high = raw.loadUnaligned(fromByteOffset: 32, as: Lanes.self)
        return (Lanes(lowHalf: low.evenHalf, highHalf: high.evenHalf), Lanes(lowHalf: low.oddHalf, highHalf: high.oddHalf))
    }

    @inline(__always)
    private static func gather(_ base: UnsafePointer<Float>, _ index: UnsafeMutablePointer<Int32>) -> Lanes {
        Lanes(base[Int(index[0])], base[Int(index[1])], base[Int(index[2])], base[Int(index[3])],
              base[Int(index[4])], base[Int(index[5])], base[Int(index[6])], base[Int(index[7])])
    }
}
