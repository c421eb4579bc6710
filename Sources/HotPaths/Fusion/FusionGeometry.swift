/// Where each LiDAR column and row lands in the relative map, computed once per pair of map sizes with the
/// document's arithmetic (so samples are bit-identical to ``ReferenceFusion``): daX = lx/(w−1)·(W−1),
/// x0 = Int(daX), x1 = min(x0 + 1, W − 1), fx = daX − x0; the same for rows.
///
/// Owns its tables (structure of arrays, so eight columns load as one vector); freed on deinit.
final class FusionGeometry: @unchecked Sendable {
    let lidarWidth: Int, lidarHeight: Int, relativeWidth: Int, relativeHeight: Int
    /// Per LiDAR column: left and right source column, weight of the right one (fx) and of the left one (1 − fx).
    let x0: UnsafeMutableBufferPointer<Int32>
    let x1: UnsafeMutableBufferPointer<Int32>
    let fx: UnsafeMutableBufferPointer<Float>
    let gx: UnsafeMutableBufferPointer<Float>
    /// Leading LiDAR columns whose right neighbour is the next column (x1 = x0 + 1); the columns after them are
    /// clamped onto the last one (x1 = x0 = W − 1).
    let pairedColumns: Int
    /// Per group of eight LiDAR columns (lx = 8g…8g+7): whether the group reads every other relative column,
    /// x0 = x0[8g] + 2k and x1 = x0 + 1 for lane k, so the sixteen values it needs from a relative row are one
    /// contiguous run (true for most groups at ~2× upsampling, e.g. 256 → 518 columns).
    let stridedGroups: UnsafeMutableBufferPointer<Bool>
    /// +∞ as data rather than a literal (see ``PairSampler/infinity``); a `var`, as the optimizer propagates the
    /// constant value of a `let`.
    private(set) var infinity: Float = .infinity
    /// Per LiDAR row: upper and lower source row, weight of the lower one (fy) and of the upper one (1 − fy).
    let y0: UnsafeMutableBufferPointer<Int>
    let y1: UnsafeMutableBufferPointer<Int>
    let fy: UnsafeMutableBufferPointer<Float>
    let gy: UnsafeMutableBufferPointer<Float>

    init(lidarWidth: Int, lidarHeight: Int, relativeWidth: Int, relativeHeight: Int) {
        precondition(lidarWidth >= 2 && lidarHeight >= 2 && relativeWidth >= 1 && relativeHeight >= 1)
        precondition(relativeWidth <= Int(Int32.max), "relative map too wide for 32-bit column indices")
        self.lidarWidth = lidarWidth
        self.lidarHeight = lidarHeight
        self.relativeWidth = relativeWidth
        self.relativeHeight = relativeHeight
        x0 = .allocate(capacity: lidarWidth)
        x1 = .allocate(capacity: lidarWidth)
        fx = .allocate(capacity: lidarWidth)
        gx = .allocate(capacity: lidarWidth)
        y0 = .allocate(capacity: lidarHeight)
        y1 = .allocate(capacity: lidarHeight)
        fy = .allocate(capacity: lidarHeight)
        gy = .allocate(capacity: lidarHeight)
        for lx in 0..<lidarWidth {
            let (low, high, fraction) = Self.source(lx, lidarSize: lidarWidth, relativeSize: relativeWidth)
            x0[lx] = Int32(low)
            x1[lx] = Int32(high)
            fx[lx] = fraction
            gx[lx] = 1 - fraction
        }
        // x0 never decreases along the row, so the paired columns are a prefix.
        let (left, right) = (x0, x1)
        pairedColumns = (0..<lidarWidth).first { right[$0] != left[$0] + 1 } ?? lidarWidth
        stridedGroups = .allocate(capacity: lidarWidth / 8 + 1)
        for group in 0..<stridedGroups.count {
            let lanes = (8 * group)..<(8 * group + 8)
            stridedGroups[group] = lanes.upperBound <= pairedColumns
                && lanes.allSatisfy { left[$0] == left[lanes.lowerBound] + Int32(2 * ($0 - lanes.lowerBound)) }
        }
        for ly in 0..<lidarHeight {
            let (low, high, fraction) = Self.source(ly, lidarSize: lidarHeight, relativeSize: relativeHeight)
            y0[ly] = low
            y1[ly] = high
            fy[ly] = fraction
            gy[ly] = 1 - fraction
        }
    }

    deinit {
        for buffer in [x0, x1] { buffer.deallocate() }
        stridedGroups.deallocate()
        for buffer in [y0, y1] { buffer.deallocate() }
        for buffer in [fx, gx, fy, gy] { buffer.deallocate() }
    }

    func matches(_ input: FusionInput) -> Bool {
        input.lidarWidth == lidarWidth && input.lidarHeight == lidarHeight
            && input.relativeWidth == relativeWidth && input.relativeHeight == relativeHeight
    }

    /// The document's mapping of one LiDAR coordinate: (floor, clamped next, fraction).
    private static func source(_ l: Int, lidarSize: Int, relativeSize: Int) -> (Int, Int, Float) {
        let normalized = Float(l) / Float(lidarSize - 1)
        let position = normalized * Float(relativeSize - 1)
        let low = Int(position)
        return (low, Swift.min(low + 1, relativeSize - 1), position - Float(low))
    }
}
