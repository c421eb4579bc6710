/// The preallocated memory of ``NonMaxSuppression``: per-candidate keys and order, the radix-sort buffers, and
/// the kept boxes of the current class as structure of arrays padded to whole SIMD chunks.
final class NMSScratch {
    typealias Box = (Float, Float, Float, Float)
    private static let lanes = 8

    private(set) var candidateCapacity = 0
    private(set) var keptCapacity = 0
    /// Per candidate ordinal (candidates over the threshold, in input order).
    var source = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    var scoreKey = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    var classKey = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    var kept = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    /// Ordinals being sorted, and the radix sort's second buffer (swapped pass by pass).
    var order = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private var spare = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    var result = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private let histogram = UnsafeMutablePointer<Int>.allocate(capacity: 256)
    private var keptX1 = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var keptY1 = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var keptX2 = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var keptY2 = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var keptArea = UnsafeMutablePointer<Float>.allocate(capacity: 1)

    init(candidates: Int, kept: Int) { reserve(candidates: candidates, kept: kept) }

    deinit {
        for pointer in [source, result] { pointer.deallocate() }
        for pointer in [scoreKey, classKey, order, spare] { pointer.deallocate() }
        for pointer in [keptX1, keptY1, keptX2, keptY2, keptArea] { pointer.deallocate() }
        kept.deallocate()
        histogram.deallocate()
    }

    /// Grows the buffers when an input is larger than any before (the only allocations NMS makes).
    func reserve(candidates: Int, kept keptCount: Int) {
        if candidates > candidateCapacity {
            candidateCapacity = candidates
            replace(&source, candidates); replace(&result, candidates)
            replace(&scoreKey, candidates); replace(&classKey, candidates)
            replace(&order, candidates); replace(&spare, candidates)
            replace(&kept, candidates)
        }
        let padded = (keptCount + Self.lanes - 1) / Self.lanes * Self.lanes
        if padded > keptCapacity {
            keptCapacity = padded
            for keyPath in [\NMSScratch.keptX1, \.keptY1, \.keptX2, \.keptY2, \.keptArea] { replace(&self[keyPath: keyPath], padded) }
        }
    }

    private func replace<T>(_ pointer: inout UnsafeMutablePointer<T>, _ capacity: Int) {
        pointer.deallocate()
        pointer = .allocate(capacity: max(capacity, 1))
    }

    /// A key whose unsigned ascending order is the score's descending order (scores are not NaN here; −0 is 0).
    static func descendingKey(_ score: Float) -> UInt32 {
        let bits = (score + 0).bitPattern
        let ascending = bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
        return ~ascending
    }

    /// Stable sort of `order[0..<count]` by `key[ordinal]`: LSD radix, 8 bits a pass, skipping passes in which
    /// every key has the same digit; insertion sort for short inputs.
    func sort(count: Int, by key: UnsafeMutablePointer<UInt32>) {
        guard count > 32 else { return insertionSort(count: count, by: key) }
        for shift in stride(from: UInt32(0), to: 32, by: 8) {  // not an array literal: that would allocate
            histogram.initialize(repeating: 0, count: 256)
            for p in 0..<count { histogram[Int((key[Int(order[p])] >> shift) & 0xFF)] += 1 }
            if histogram[Int((key[Int(order[0])] >> shift) & 0xFF)] == count { continue }
            var total = 0
            for digit in 0..<256 { (histogram[digit], total) = (total, total + histogram[digit]) }
            for p in 0..<count {
                let ordinal = order[p]
                let digit = Int((key[Int(ordinal)] >> shift) & 0xFF)
                spare[histogram[digit]] = ordinal
                histogram[digit] += 1
            }
            swap(&order, &spare)
        }
    }

    private func insertionSort(count: Int, by key: UnsafeMutablePointer<UInt32>) {
        guard count > 1 else { return }
        for p in 1..<count {
            let ordinal = order[p]
            var q = p
            while q > 0 && key[Int(order[q - 1])] > key[Int(ordinal)] {
                order[q] = order[q - 1]
                q -= 1
            }
            order[q] = ordinal
        }
    }

    /// Appends a kept box at `index`, zeroing the rest of a fresh SIMD chunk so padding lanes never overlap.
    func appendKept(_ box: Box, at index: Int) {
        if index % Self.lanes == 0 {
            // Five calls rather than a loop over an array literal, which would allocate per kept box.
            (keptX1 + index).initialize(repeating: 0, count: Self.lanes)
            (keptY1 + index).initialize(repeating: 0, count: Self.lanes)
            (keptX2 + index).initialize(repeating: 0, count: Self.lanes)
            (keptY2 + index).initialize(repeating: 0, count: Self.lanes)
            (keptArea + index).initialize(repeating: 0, count: Self.lanes)
        }
        keptX1[index] = box.0; keptY1[index] = box.1; keptX2[index] = box.2; keptY2[index] = box.3
        keptArea[index] = max(0, box.2 - box.0) * max(0, box.3 - box.1)
    }

    /// Whether `box` overlaps one of the first `keptCount` kept boxes with IoU > `threshold`: the expression of
    /// ``intersectionOverUnion(_:_:)``, eight kept boxes at a time.
    func overlapsKept(_ box: Box, keptCount: Int, threshold: Float) -> Bool {
        let x1 = SIMD8<Float>(repeating: box.0), y1 = SIMD8<Float>(repeating: box.1)
        let x2 = SIMD8<Float>(repeating: box.2), y2 = SIMD8<Float>(repeating: box.3)
        let area = SIMD8<Float>(repeating: max(0, box.2 - box.0) * max(0, box.3 - box.1))
        let zero = SIMD8<Float>(repeating: 0), limit = SIMD8<Float>(repeating: threshold)
        var chunk = 0
        while chunk < keptCount {
            let width = minimum(load(keptX2, chunk), x2) - maximum(load(keptX1, chunk), x1)
            let height = minimum(load(keptY2, chunk), y2) - maximum(load(keptY1, chunk), y1)
            let intersection = width.replacing(with: zero, where: width .< zero)
                * height.replacing(with: zero, where: height .< zero)
            let union = load(keptArea, chunk) + area - intersection
            let iou = (intersection / union).replacing(with: zero, where: union .<= zero)
            if any(iou .> limit) { return true }
            chunk += Self.lanes
        }
        return false
    }

    /// `Swift.min` lane by lane (`b < a ? b : a`); the standard library's `pointwiseMin` is an unvectorized generic loop.
    @inline(__always)
    private func minimum(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> { a.replacing(with: b, where: b .< a) }

    /// `Swift.max` lane by lane (`b >= a ? b : a`).
    @inline(__always)
    private func maximum(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> { a.replacing(with: b, where: b .>= a) }

    @inline(__always)
    private func load(_ pointer: UnsafeMutablePointer<Float>, _ index: Int) -> SIMD8<Float> {
        UnsafeRawPointer(pointer + index).loadUnaligned(as: SIMD8<Float>.self)
    }
}
