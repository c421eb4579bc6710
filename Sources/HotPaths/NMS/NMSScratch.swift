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
    /// Ordinals being sorted, and the radix sort's second buffer.
    private(set) var order = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private var spare = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    /// Score-order keys of the few-candidates path (score key above, ordinal below), and the merge sort's buffer.
    private(set) var wideKey = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    private var wideSpare = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    private(set) var result = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private let histogram = UnsafeMutablePointer<Int>.allocate(capacity: 256)
    /// Two 256-bucket histograms (even and odd keys) of the packed radix sort.
    private let digitHistograms = UnsafeMutablePointer<Int>.allocate(capacity: 512)
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
        histogram.deallocate(); digitHistograms.deallocate()
    }

    /// Grows the buffers when an input is larger than any before (the only allocations NMS makes).
    func reserve(candidates: Int, kept requested: Int) {
        // No more can be kept than there are candidates: `max_det` of 2^63 overflowed the padding below (a trap).
        let keptCount = min(requested, candidates)
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

    /// Packed keys hold the ordinal in their low 24 bits: inputs of 2^24 candidates or more (never a YOLO head's)
    /// take the radix sorts of `order` instead.
    static let packedOrdinalBits = 24
    private static let packedOrdinalMask: UInt64 = (1 << UInt64(packedOrdinalBits)) - 1

    /// Sorts `order[0..<count]` by class key, then score key, then ordinal. When the class keys span fewer than 256
    /// values (YOLO's 80 classes) and there are under 2^24 candidates, each candidate gets one 64-bit key — its
    /// class above its score, each as an offset from the lowest present in as few bits as their range needs, over
    /// the ordinal's 24 bits — radix-sorted with sequential reads (``sortPacked(count:bits:)``): four passes of 8
    /// bits for the crowded scene at confidence 0.25. Otherwise two stable radix sorts of `order`, by score key then class key.
    func sortByClassThenScore(count: Int) {
        let classKey = classKey, scoreKey = scoreKey, wideKey = wideKey, order = order
        let classes = count > 32 && count < 1 << Self.packedOrdinalBits ? Self.range(classKey, count) : nil
        guard let classes, classes.span < 256 else {
            sort(count: count, by: scoreKey)
            return sort(count: count, by: classKey)
        }
        let scores = Self.range(scoreKey, count)
        let scoreBits = UInt64(Self.bitWidth(scores.span)), bits = Self.bitWidth(classes.span) + Int(scoreBits)
        for ordinal in 0..<count {
            let packed = UInt64(classKey[ordinal] &- classes.low) &<< scoreBits | UInt64(scoreKey[ordinal] &- scores.low)
            wideKey[ordinal] = packed &<< UInt64(Self.packedOrdinalBits) | UInt64(ordinal)
        }
        sortPacked(count: count, bits: bits)
        for p in 0..<count { order[p] = UInt32(truncatingIfNeeded: wideKey[p] & Self.packedOrdinalMask) }
    }

    /// Sorts the ordinals `order[0..<count]` by score key, then ordinal; every ordinal is below `ordinalLimit`.
    func sortByScore(count: Int, ordinalLimit: Int) {
        let scoreKey = scoreKey, wideKey = wideKey, order = order
        guard count > 32 && ordinalLimit <= 1 << Self.packedOrdinalBits else { return sort(count: count, by: scoreKey) }
        var low = UInt32.max, high = UInt32.min
        for p in 0..<count {
            low = Swift.min(low, scoreKey[Int(order[p])])
            high = Swift.max(high, scoreKey[Int(order[p])])
        }
        for p in 0..<count {
            wideKey[p] = UInt64(scoreKey[Int(order[p])] &- low) &<< UInt64(Self.packedOrdinalBits) | UInt64(order[p])
        }
        sortPacked(count: count, bits: Self.bitWidth(high - low))
        for p in 0..<count { order[p] = UInt32(truncatingIfNeeded: wideKey[p] & Self.packedOrdinalMask) }
    }

    /// The lowest of `keys[0..<count]` and how far the highest lies above it.
    private static func range(_ keys: UnsafeMutablePointer<UInt32>, _ count: Int) -> (low: UInt32, span: UInt32) {
        var low = keys[0], high = keys[0]
        for index in 1..<count {
            low = Swift.min(low, keys[index])
            high = Swift.max(high, keys[index])
        }
        return (low, high - low)
    }

    /// Bits that hold every value up to `value`.
    private static func bitWidth(_ value: UInt32) -> Int { UInt32.bitWidth - value.leadingZeroBitCount }

    /// Stable LSD radix sort of `wideKey[0..<count]` by its `bits` bits above the ordinal's 24, 8 bits a pass; a
    /// digit all keys share is skipped. Reads are sequential and each pass moves 8-byte keys, not ordinals to look
    /// up. Each digit is counted into two histograms, even and odd keys apart: a digit of few values (the class,
    /// the top of the score) would otherwise chain every increment on the one before it through memory.
    private func sortPacked(count: Int, bits: Int) {
        let even = digitHistograms, odd = digitHistograms + 256
        var from = wideKey, to = wideSpare
        // Wrapping arithmetic and masking shifts: the checked forms put an overflow test and a shift-range select
        // on every key (about a sixth of the sort's samples under perf annotate).
        for shift in stride(from: UInt64(Self.packedOrdinalBits), to: UInt64(Self.packedOrdinalBits + bits), by: 8) {
            even.initialize(repeating: 0, count: 512)
            var p = 0
            while p &+ 1 < count {
                even[Int((from[p] &>> shift) & 0xFF)] &+= 1
                odd[Int((from[p &+ 1] &>> shift) & 0xFF)] &+= 1
                p &+= 2
            }
            if p < count { even[Int((from[p] &>> shift) & 0xFF)] &+= 1 }
            let first = Int((from[0] &>> shift) & 0xFF)
            if even[first] &+ odd[first] == count { continue }
            var total = 0
            for value in 0..<256 { (even[value], total) = (total, total &+ even[value] &+ odd[value]) }
            for p in 0..<count {
                let key = from[p], value = Int((key &>> shift) & 0xFF)
                to[even[value]] = key
                even[value] &+= 1
            }
            swap(&from, &to)
        }
        if from != wideKey { wideKey.update(from: from, count: count) }
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

    /// Ascending sort of the distinct keys `wideKey[0..<count]`: insertion sort of 8-key runs, then bottom-up
    /// merges without data-dependent branches (O(n log n); no set-up cost for a handful of keys). Result in `wideKey`.
    func sortWide(count: Int) {
        var from = wideKey, to = wideSpare
        let run = 8
        for start in stride(from: 0, to: count, by: run) { Self.insertionSort(from + start, count: min(run, count - start)) }
        var width = run
        while width < count {
            for low in stride(from: 0, to: count, by: 2 * width) {
                Self.merge(from, low, min(low + width, count), min(low + 2 * width, count), into: to)
            }
            swap(&from, &to)
            width *= 2
        }
        if from != wideKey { wideKey.update(from: from, count: count) }
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
