/// One detection's crop in prototype cells and the window of output pixels it can make non-zero.
struct MaskCrop {
    var cellsX: Range<Int>
    var cellsY: Range<Int>
    var windowX: Range<Int> = 0..<0
    var windowY: Range<Int> = 0..<0

    var isEmpty: Bool { cellsX.isEmpty || cellsY.isEmpty }
}

/// The memory of ``InstanceMaskPipeline``: logits and crops (growing with the detections), a zero row, and per
/// worker two grid rows interpolated across the output width and one cropped grid row (stage 2's ``GridRows``;
/// sized once, for the pipeline's geometry and pool).
final class MaskScratch {
    private(set) var logits = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var crops = UnsafeMutablePointer<MaskCrop>.allocate(capacity: 1)
    let zeroRow: UnsafeMutablePointer<Float>
    private let gridRows: UnsafeMutablePointer<Float>
    private let croppedRows: UnsafeMutablePointer<Float>
    private let width: Int, protoWidth: Int, workers: Int
    private var detectionCapacity = 0, cellCapacity = 0

    init(geometry: MaskGeometry, workers: Int) {
        (width, protoWidth, self.workers) = (geometry.width, geometry.protoWidth, workers)
        zeroRow = .allocate(capacity: width)
        zeroRow.initialize(repeating: 0, count: width)
        gridRows = .allocate(capacity: 2 * width * workers)
        croppedRows = .allocate(capacity: protoWidth * workers)
    }

    deinit {
        logits.deallocate(); crops.deallocate(); zeroRow.deallocate(); gridRows.deallocate(); croppedRows.deallocate()
    }

    func reserve(detections: Int, cells: Int) {
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
    }

    /// Worker `worker`'s two rows of the output width.
    func gridRows(of worker: Int) -> (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) {
        precondition(worker < workers, "no grid rows for worker \(worker)")
        let base = gridRows + 2 * width * worker
        return (base, base + width)
    }

    /// Worker `worker`'s row of the prototype width.
    func croppedRow(of worker: Int) -> UnsafeMutablePointer<Float> {
        precondition(worker < workers, "no cropped row for worker \(worker)")
        return croppedRows + protoWidth * worker
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
