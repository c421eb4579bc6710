/// The preallocated memory of ``NonMaxSuppression``: per-candidate keys and order, the sort buffers, and the kept
/// boxes as structure of arrays padded to whole SIMD chunks.
///
/// Hot loops copy the pointers they use into locals first: every read of a stored `var` of a class is a dynamic
/// exclusivity check (`swift_beginAccess`), which in a per-candidate loop cost more than the work.
final class NMSScratch {
    typealias Box = (Float, Float, Float, Float)
    static let lanes = 8

    private(set) var candidateCapacity = 0
    private(set) var keptCapacity = 0
    /// Per candidate ordinal (candidates over the threshold, in input order).
    private(set) var source = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var scoreKey = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var classKey = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var kept = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    /// Ordinals being radix-sorted by class key (class ids spanning 256 values or more), and the sort's second buffer.
    private(set) var order = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private var spare = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    /// 64-bit sort keys (score key above, ordinal below): all candidates on the few-candidates path, class runs on
    /// the other, then its survivors; and the merge sort's buffer.
    private(set) var wideKey = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    private var wideSpare = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    private(set) var result = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private let histogram = UnsafeMutablePointer<Int>.allocate(capacity: 256)
    private var keptX1 = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var keptY1 = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var keptX2 = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var keptY2 = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var keptArea = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var keptClass = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    /// Row k (k = 0…8): all ones in the first k lanes. A vector built from a runtime count at each call went
    /// through the stack lane by lane and stalled on store forwarding.
    private let laneMasks: UnsafeMutablePointer<UInt32> = {
        let masks = UnsafeMutablePointer<UInt32>.allocate(capacity: 9 * 8)
        for k in 0...8 {
            for lane in 0..<8 { masks[8 * k + lane] = lane < k ? .max : 0 }
        }
        return masks
    }()

    init(candidates: Int, kept: Int) { reserve(candidates: candidates, kept: kept) }

    deinit {
        for pointer in [source, result] { pointer.deallocate() }
        for pointer in [scoreKey, classKey, order, spare, keptClass] { pointer.deallocate() }
        for pointer in [keptX1, keptY1, keptX2, keptY2, keptArea] { pointer.deallocate() }
        wideKey.deallocate(); wideSpare.deallocate(); laneMasks.deallocate()
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
            replace(&wideKey, candidates); replace(&wideSpare, candidates)
            replace(&kept, candidates)
        }
        let padded = (keptCount + Self.lanes - 1) / Self.lanes * Self.lanes
        if padded > keptCapacity {
            keptCapacity = padded
            for keyPath in [\NMSScratch.keptX1, \.keptY1, \.keptX2, \.keptY2, \.keptArea] { replace(&self[keyPath: keyPath], padded) }
            replace(&keptClass, padded)
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

    /// Fills `wideKey[0..<count]` with the candidates' 64-bit keys (score key above, ordinal below) grouped by
    /// ascending class key, each class in input order; ``sortWide(from:count:)`` then orders each class's run.
    /// Class keys spanning fewer than 256 values (YOLO's 80 classes) take one counting pass and one scatter of
    /// sequential reads; wider ones a stable radix sort of `order` by class key.
    func groupByClass(count: Int) {
        guard count > 0 else { return }
        let classKey = classKey, scoreKey = scoreKey, wideKey = wideKey
        var low = classKey[0], high = classKey[0]
        for ordinal in 1..<count {
            low = Swift.min(low, classKey[ordinal])
            high = Swift.max(high, classKey[ordinal])
        }
        guard high - low < 256 else {
            sort(count: count, by: classKey)
            let order = order
            for p in 0..<count { wideKey[p] = UInt64(scoreKey[Int(order[p])]) << 32 | UInt64(order[p]) }
            return
        }
        let histogram = histogram
        histogram.initialize(repeating: 0, count: 256)
        for ordinal in 0..<count { histogram[Int(classKey[ordinal] &- low)] += 1 }
        var total = 0
        for digit in 0...Int(high - low) { (histogram[digit], total) = (total, total + histogram[digit]) }
        for ordinal in 0..<count {
            let digit = Int(classKey[ordinal] &- low)
            wideKey[histogram[digit]] = UInt64(scoreKey[ordinal]) << 32 | UInt64(ordinal)
            histogram[digit] += 1
        }
    }

    /// Stable sort of `order[0..<count]` by `key[ordinal]`: LSD radix, 8 bits a pass, skipping passes in which
    /// every key has the same digit; insertion sort for short inputs. The result is in `order`.
    private func sort(count: Int, by key: UnsafeMutablePointer<UInt32>) {
        guard count > 32 else { return insertionSort(count: count, by: key) }
        var from = order, to = spare
        let histogram = histogram
        for shift in stride(from: UInt32(0), to: 32, by: 8) {  // not an array literal: that would allocate
            histogram.initialize(repeating: 0, count: 256)
            for p in 0..<count { histogram[Int((key[Int(from[p])] >> shift) & 0xFF)] += 1 }
            if histogram[Int((key[Int(from[0])] >> shift) & 0xFF)] == count { continue }
            var total = 0
            for digit in 0..<256 { (histogram[digit], total) = (total, total + histogram[digit]) }
            for p in 0..<count {
                let ordinal = from[p]
                let digit = Int((key[Int(ordinal)] >> shift) & 0xFF)
                to[histogram[digit]] = ordinal
                histogram[digit] += 1
            }
            swap(&from, &to)
        }
        if from != order { order.update(from: from, count: count) }
    }

    private func insertionSort(count: Int, by key: UnsafeMutablePointer<UInt32>) {
        guard count > 1 else { return }
        let order = order
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

    /// Ascending sort of the distinct keys `wideKey[start..<start + count]`: insertion sort of 8-key runs, then
    /// bottom-up merges without data-dependent branches (O(n log n); no set-up cost for a handful of keys, and only
    /// sequential memory traffic). Result in place.
    func sortWide(from start: Int = 0, count: Int) {
        let keys = wideKey + start
        var from = keys, to = wideSpare + start
        let run = 8
        for low in stride(from: 0, to: count, by: run) { Self.insertionSort(from + low, count: Swift.min(run, count - low)) }
        var width = run
        while width < count {
            for low in stride(from: 0, to: count, by: 2 * width) {
                Self.merge(from, low, Swift.min(low + width, count), Swift.min(low + 2 * width, count), into: to)
            }
            swap(&from, &to)
            width *= 2
        }
        if from != keys { keys.update(from: from, count: count) }
    }

    private static func insertionSort(_ keys: UnsafeMutablePointer<UInt64>, count: Int) {
        guard count > 1 else { return }
        for p in 1..<count {
            let key = keys[p]
            var q = p
            while q > 0 && keys[q - 1] > key {
                keys[q] = keys[q - 1]
                q -= 1
            }
            keys[q] = key
        }
    }

    /// Merges the sorted `from[low..<middle]` and `from[middle..<high]` into `to[low..<high]`.
    private static func merge(_ from: UnsafeMutablePointer<UInt64>, _ low: Int, _ middle: Int, _ high: Int,
                              into to: UnsafeMutablePointer<UInt64>) {
        var left = low, right = middle, out = low
        while left < middle && right < high {
            let a = from[left], b = from[right]
            let takeRight = b < a
            to[out] = takeRight ? b : a
            right &+= takeRight ? 1 : 0
            left &+= takeRight ? 0 : 1
            out &+= 1
        }
        if left < middle { (to + out).update(from: from + left, count: middle - left) }
        if right < high { (to + out).update(from: from + right, count: high - right) }
    }

    /// The kept-box arrays as a value, to be fetched once per call (see the type's note on exclusivity checks).
    var keptBoxes: KeptBoxes {
        KeptBoxes(x1: keptX1, y1: keptY1, x2: keptX2, y2: keptY2, area: keptArea, classKeys: keptClass, laneMasks: laneMasks)
    }

    /// One candidate box broadcast to every lane.
    struct Query {
        let x1: SIMD8<Float>, y1: SIMD8<Float>, x2: SIMD8<Float>, y2: SIMD8<Float>, area: SIMD8<Float>
        let limit: SIMD8<Float>

        @inline(__always)
        init(_ box: Box, _ threshold: Float) {
            x1 = SIMD8(repeating: box.0); y1 = SIMD8(repeating: box.1)
            x2 = SIMD8(repeating: box.2); y2 = SIMD8(repeating: box.3)
            area = SIMD8(repeating: max(0, box.2 - box.0) * max(0, box.3 - box.1))
            limit = SIMD8(repeating: threshold)
        }
    }

    /// The kept boxes as structure of arrays padded to whole SIMD chunks, with their precomputed areas and class
    /// keys, tested eight lanes at a time.
    struct KeptBoxes {
        let x1: UnsafeMutablePointer<Float>, y1: UnsafeMutablePointer<Float>
        let x2: UnsafeMutablePointer<Float>, y2: UnsafeMutablePointer<Float>
        let area: UnsafeMutablePointer<Float>, classKeys: UnsafeMutablePointer<UInt32>
        let laneMasks: UnsafeMutablePointer<UInt32>

        /// Appends a kept box (of class key `classKey`) at `index`, zeroing the rest of a fresh SIMD chunk so
        /// padding lanes never overlap.
        @inline(__always)
        func append(_ box: Box, classKey: UInt32 = 0, at index: Int) {
            if index % NMSScratch.lanes == 0 {
                // Six calls rather than a loop over an array literal, which would allocate per kept box.
                (x1 + index).initialize(repeating: 0, count: NMSScratch.lanes)
                (y1 + index).initialize(repeating: 0, count: NMSScratch.lanes)
                (x2 + index).initialize(repeating: 0, count: NMSScratch.lanes)
                (y2 + index).initialize(repeating: 0, count: NMSScratch.lanes)
                (area + index).initialize(repeating: 0, count: NMSScratch.lanes)
                (classKeys + index).initialize(repeating: 0, count: NMSScratch.lanes)
            }
            x1[index] = box.0; y1[index] = box.1; x2[index] = box.2; y2[index] = box.3
            area[index] = max(0, box.2 - box.0) * max(0, box.3 - box.1)
            classKeys[index] = classKey
        }

        /// Whether `box` overlaps one of the first `count` kept boxes with IoU > `threshold`: the expression of
        /// ``intersectionOverUnion(_:_:)``, eight kept boxes at a time.
        @inline(__always)
        func overlap(_ box: Box, count: Int, threshold: Float) -> Bool {
            let query = Query(box, threshold)
            var chunk = 0
            while chunk < count {
                if any(iou(query, chunk) .> query.limit) { return true }
                chunk += NMSScratch.lanes
            }
            return false
        }

        /// ``overlap(_:count:threshold:)`` against the kept boxes of class key `classKey` only, when the kept boxes
        /// of every class share the arrays. Chunks holding no box of the class skip the IoU.
        @inline(__always)
        func overlap(_ box: Box, classKey: UInt32, count: Int, threshold: Float) -> Bool {
            let query = Query(box, threshold)
            let wanted = SIMD8<UInt32>(repeating: classKey)
            var chunk = 0
            while chunk < count {
                var sameClass = classes(chunk) .== wanted
                // Padding lanes of the last chunk are masked out: their zero class key is a real class (Int32.min).
                if count - chunk < NMSScratch.lanes {
                    sameClass = sameClass .& (masks(count - chunk) .!= SIMD8<UInt32>())
                }
                if any(sameClass) && any((iou(query, chunk) .> query.limit) .& sameClass) { return true }
                chunk += NMSScratch.lanes
            }
            return false
        }

        @inline(__always)
        private func masks(_ lanes: Int) -> SIMD8<UInt32> {
            UnsafeRawPointer(laneMasks + 8 * lanes).loadUnaligned(as: SIMD8<UInt32>.self)
        }

        /// IoU of the query with kept boxes `chunk..<chunk + 8`, as ``intersectionOverUnion(_:_:)`` computes it.
        @inline(__always)
        func iou(_ query: Query, _ chunk: Int) -> SIMD8<Float> {
            let zero = SIMD8<Float>(repeating: 0)
            let width = minimum(load(x2, chunk), query.x2) - maximum(load(x1, chunk), query.x1)
            let height = minimum(load(y2, chunk), query.y2) - maximum(load(y1, chunk), query.y1)
            let intersection = width.replacing(with: zero, where: width .< zero)
                * height.replacing(with: zero, where: height .< zero)
            let union = load(area, chunk) + query.area - intersection
            return (intersection / union).replacing(with: zero, where: union .<= zero)
        }

        @inline(__always)
        func classes(_ chunk: Int) -> SIMD8<UInt32> {
            UnsafeRawPointer(classKeys + chunk).loadUnaligned(as: SIMD8<UInt32>.self)
        }

        /// `Swift.min` lane by lane (`b < a ? b : a`); the standard library's `pointwiseMin` is an unvectorized
        /// generic loop.
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
}
