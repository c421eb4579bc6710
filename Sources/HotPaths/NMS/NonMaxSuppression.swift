/// Class-aware greedy NMS without allocating: the optimized variant of YOLO post-processing.
///
/// Same result as ``ReferenceNMS`` (see ``NMSParameters`` for the semantics), computed differently. Up to
/// ``directLimit`` candidates over the threshold (a measured crossover), the reference's own loop without its set-up:
/// one merge sort of 64-bit keys (score, then input order) and greedy suppression in score order against the kept
/// boxes of every class, eight at a time, chunks without a box of the candidate's class skipped. Above it:
/// - candidates over the threshold are radix-sorted (stable, O(n)) by class, then by descending score, so each class
///   is one contiguous run and greedy suppression runs per class: as one packed 64-bit key each (class, score key,
///   ordinal) when the class ids span fewer than 256 values, else by two sorts of the ordinals;
/// - a class's kept boxes live in structure-of-arrays scratch with precomputed areas, and a candidate is tested
///   against them eight at a time (SIMD), stopping at the first overlap;
/// - kept candidates are merged back into global score order by one more radix sort and cut at `maxDetections`.
///
/// Kept per class: greedy NMS never lets a box of another class suppress, so the per-class runs give exactly the
/// kept set of the global greedy loop. All scratch belongs to this object and grows only when a larger input
/// arrives: after the first call of a given size, ``run(boxes:scores:classes:parameters:)`` allocates nothing.
/// Not thread-safe: one instance per thread.
public final class NonMaxSuppression: @unchecked Sendable {
    let scratch: NMSScratch
    /// Candidates over the threshold up to which the score-order path runs (see Docs/DETECTION-KERNELS.md, NMS, for
    /// the measurement); tests set it to 0 or `Int.max` to check each path alone.
    var directLimit = NonMaxSuppression.measuredCrossover
    static let measuredCrossover = 256

    /// - Parameters:
    ///   - capacity: candidates to size the scratch for (8400 for a 640×640 YOLO input).
    ///   - maxDetections: kept boxes to size the scratch for.
    public init(capacity: Int = 8400, maxDetections: Int = 300) {
        scratch = NMSScratch(candidates: capacity, kept: maxDetections)
    }

    /// - Parameters:
    ///   - boxes: `4·N` floats, `x1, y1, x2, y2` per candidate.
    ///   - scores: `N` confidences.
    ///   - classes: `N` class ids (any Int32).
    /// - Returns: indices into the input of the kept candidates by descending score (ties in input order); the
    ///   buffer belongs to this object and is valid until the next call.
    public func run(
        boxes: UnsafeBufferPointer<Float>, scores: UnsafeBufferPointer<Float>, classes: UnsafeBufferPointer<Int32>,
        parameters: NMSParameters
    ) -> UnsafeBufferPointer<Int32> {
        precondition(boxes.count == 4 * scores.count && classes.count == scores.count, "N boxes, scores and classes")
        // A class keeps at most all its candidates, so a huge max_det never sizes scratch beyond the input.
        scratch.reserve(candidates: scores.count, kept: min(max(parameters.maxDetections, 0), scores.count))
        let count = selectCandidates(scores: scores, classes: classes, confidence: parameters.confidence)
        if count <= directLimit { return keepInScoreOrder(count: count, boxes: boxes, parameters: parameters) }
        scratch.sortByClassThenScore(count: count)
        let order = scratch.order, classKey = scratch.classKey
        let runs = ClassRuns(order: order, source: scratch.source, kept: scratch.kept, keptBoxes: scratch.keptBoxes)
        var start = 0
        while start < count {
            let run = classKey[Int(order[start])]
            var end = start + 1
            while end < count && classKey[Int(order[end])] == run { end += 1 }
            runs.suppress(start..<end, boxes: boxes, parameters: parameters)
            start = end
        }
        return mergeKept(count: count, maxDetections: max(parameters.maxDetections, 0))
    }

    /// Convenience for callers holding arrays (allocates the returned array).
    public func run(boxes: [Float], scores: [Float], classes: [Int32], parameters: NMSParameters) -> [Int32] {
        boxes.withUnsafeBufferPointer { b in
            scores.withUnsafeBufferPointer { s in
                classes.withUnsafeBufferPointer { c in Array(run(boxes: b, scores: s, classes: c, parameters: parameters)) }
            }
        }
    }

    /// Candidates over the threshold, in input order, with their sort keys.
    private func selectCandidates(
        scores: UnsafeBufferPointer<Float>, classes: UnsafeBufferPointer<Int32>, confidence: Float
    ) -> Int {
        var selection = Selection(scratch)
        // Sixteen scores per comparison: most candidates are background and whole chunks fail the threshold.
        let threshold = SIMD16<Float>(repeating: confidence)
        var chunk = 0
        while chunk + 16 <= scores.count {
            let passing = UnsafeRawPointer(scores.baseAddress! + chunk).loadUnaligned(as: SIMD16<Float>.self) .> threshold
            if any(passing) {
                for i in chunk..<(chunk + 16) where scores[i] > confidence { selection.append(i, scores, classes) }
            }
            chunk += 16
        }
        for i in chunk..<scores.count where scores[i] > confidence { selection.append(i, scores, classes) }
        return selection.count
    }

    /// The scratch's per-candidate arrays as locals (see ``NMSScratch`` on why), filled in input order.
    private struct Selection {
        let source: UnsafeMutablePointer<Int32>, scoreKey: UnsafeMutablePointer<UInt32>
        let classKey: UnsafeMutablePointer<UInt32>, order: UnsafeMutablePointer<UInt32>, kept: UnsafeMutablePointer<Bool>
        var count = 0

        init(_ scratch: NMSScratch) {
            source = scratch.source; scoreKey = scratch.scoreKey; classKey = scratch.classKey
            order = scratch.order; kept = scratch.kept
        }

        @inline(__always)
        mutating func append(_ i: Int, _ scores: UnsafeBufferPointer<Float>, _ classes: UnsafeBufferPointer<Int32>) {
            source[count] = Int32(i)
            scoreKey[count] = NMSScratch.descendingKey(scores[i])
            classKey[count] = UInt32(bitPattern: classes[i]) ^ 0x8000_0000  // signed order as unsigned
            order[count] = UInt32(count)
            kept[count] = false
            count += 1
        }
    }

    /// Few candidates: greedy suppression in global score order, as the reference loops (a candidate survives when
    /// no kept box of its class overlaps it), with the kept boxes of all classes in one SIMD list. Ordinals are in
    /// input order, so (score key, ordinal) orders ties by input order and every key is distinct.
    private func keepInScoreOrder(count: Int, boxes: UnsafeBufferPointer<Float>, parameters: NMSParameters) -> UnsafeBufferPointer<Int32> {
        let wideKey = scratch.wideKey, scoreKey = scratch.scoreKey, classKey = scratch.classKey
        let source = scratch.source, result = scratch.result, kept = scratch.keptBoxes
        for ordinal in 0..<count { wideKey[ordinal] = UInt64(scoreKey[ordinal]) << 32 | UInt64(ordinal) }
        scratch.sortWide(count: count)
        var keptCount = 0
        for position in 0..<count {
            guard keptCount < parameters.maxDetections else { break }
            let ordinal = Int(truncatingIfNeeded: wideKey[position] & 0xFFFF_FFFF)
            let index = source[ordinal], base = 4 * Int(index)
            let box = (boxes[base], boxes[base + 1], boxes[base + 2], boxes[base + 3])
            let cls = classKey[ordinal]
            if !kept.overlap(box, classKey: cls, count: keptCount, threshold: parameters.iou) {
                kept.append(box, classKey: cls, at: keptCount)
                result[keptCount] = index
                keptCount += 1
            }
        }
        return UnsafeBufferPointer(start: result, count: keptCount)
    }

    /// The scratch arrays greedy suppression per class uses, fetched once per call rather than once per class.
    private struct ClassRuns {
        let order: UnsafeMutablePointer<UInt32>, source: UnsafeMutablePointer<Int32>, kept: UnsafeMutablePointer<Bool>
        let keptBoxes: NMSScratch.KeptBoxes

        /// Greedy NMS over one class's run of the sorted order, marking the survivors in `kept`.
        func suppress(_ run: Range<Int>, boxes: UnsafeBufferPointer<Float>, parameters: NMSParameters) {
            var keptCount = 0
            for position in run {
                guard keptCount < parameters.maxDetections else { return }
                let ordinal = Int(order[position])
                let base = 4 * Int(source[ordinal])
                let box = (boxes[base], boxes[base + 1], boxes[base + 2], boxes[base + 3])
                if !keptBoxes.overlap(box, count: keptCount, threshold: parameters.iou) {
                    keptBoxes.append(box, at: keptCount)
                    kept[ordinal] = true
                    keptCount += 1
                }
            }
        }
    }

    /// Kept candidates in global order: descending score, ties by input order (ordinals are in input order).
    private func mergeKept(count: Int, maxDetections: Int) -> UnsafeBufferPointer<Int32> {
        let kept = scratch.kept, order = scratch.order
        var keptCount = 0
        for ordinal in 0..<count where kept[ordinal] {
            order[keptCount] = UInt32(ordinal)
            keptCount += 1
        }
        scratch.sortByScore(count: keptCount, ordinalLimit: count)
        let resultCount = min(keptCount, maxDetections), result = scratch.result, source = scratch.source
        for k in 0..<resultCount { result[k] = source[Int(order[k])] }
        return UnsafeBufferPointer(start: result, count: resultCount)
    }
}
