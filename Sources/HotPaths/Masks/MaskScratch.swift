/// One detection's crop in prototype cells and the window of output pixels it can make non-zero.
struct MaskCrop {
    var cellsX: Range<Int>
    var cellsY: Range<Int>
    var windowX: Range<Int> = 0..<0
    var windowY: Range<Int> = 0..<0
    /// Where the window's floats start in the window pool.
    var offset = 0

    var isEmpty: Bool { cellsX.isEmpty || cellsY.isEmpty }
}

/// The memory of ``InstanceMaskPipeline``: logits, crops, the rows pass, a zero row and the window pool. Grows only.
final class MaskScratch {
    private(set) var logits = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var crops = UnsafeMutablePointer<MaskCrop>.allocate(capacity: 1)
    /// Horizontally interpolated rows of one detection's crop: up to protoHeight rows of the output width.
    private(set) var rows = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var zeroRow = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var windows = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var detectionCapacity = 0, cellCapacity = 0, rowCapacity = 0, windowCapacity = 0

    deinit {
        logits.deallocate(); crops.deallocate(); rows.deallocate(); zeroRow.deallocate(); windows.deallocate()
    }

    func reserve(detections: Int, cells: Int, width: Int, protoHeight: Int) {
        if detections * cells > cellCapacity {
            cellCapacity = detections * cells
            logits.deallocate()
            logits = .allocate(capacity: cellCapacity)
        }
        if detections > detectionCapacity {
            detectionCapacity = detections
            crops.deallocate()
            crops = .allocate(capacity: detections)
        }
        if width * protoHeight > rowCapacity {
            rowCapacity = width * protoHeight
            rows.deallocate(); zeroRow.deallocate()
            rows = .allocate(capacity: rowCapacity)
            zeroRow = .allocate(capacity: width)
            zeroRow.initialize(repeating: 0, count: width)
        }
    }

    /// Room for `floats` window floats in all (the sum over the detections of their window areas).
    func reserveWindows(_ floats: Int) {
        guard floats > windowCapacity else { return }
        windowCapacity = floats
        windows.deallocate()
        windows = .allocate(capacity: floats)
    }
}

/// Per output column and row: the two grid cells sampled and the weight of the second (``MaskGeometry/tap``).
struct MaskSamplingTables {
    let columnFirst: [Int32], columnSecond: [Int32], columnWeight: [Float]
    let rowFirst: [Int32], rowSecond: [Int32], rowWeight: [Float]

    init(_ geometry: MaskGeometry) {
        let columns = (0..<geometry.width).map { MaskGeometry.tap($0, cells: geometry.protoWidth, outputs: geometry.width) }
        let rows = (0..<geometry.height).map { MaskGeometry.tap($0, cells: geometry.protoHeight, outputs: geometry.height) }
        columnFirst = columns.map { Int32($0.first) }; columnSecond = columns.map { Int32($0.second) }
        columnWeight = columns.map(\.weight)
        rowFirst = rows.map { Int32($0.first) }; rowSecond = rows.map { Int32($0.second) }
        rowWeight = rows.map(\.weight)
    }

    /// Output indices whose two taps are not both outside `cells`: outside them the mask is exactly 0.
    static func window(_ cells: Range<Int>, first: [Int32], second: [Int32]) -> Range<Int> {
        guard !cells.isEmpty else { return 0..<0 }
        var start = 0
        while start < second.count && Int(second[start]) < cells.lowerBound { start += 1 }
        var end = start
        while end < first.count && Int(first[end]) < cells.upperBound { end += 1 }
        return start..<end
    }
}
