import XCTest
@testable import HotPaths
import Workloads

/// The three fusion variants on the synthetic room: they agree, recover the scene's α and β, and refuse the inputs
/// the document's guards refuse.
final class FusionVariantsTests: XCTestCase {
    /// Runs every variant on one input: (reference result, optimized fit and map, blas fit and map).
    private func fuseAll(_ input: FusionInput, config: FusionConfig = FusionConfig())
        -> (ReferenceFusion.Result, (FusionFit, [Float]), (FusionFit, [Float])) {
        let reference = ReferenceFusion.fuse(input, config: config)
        let sizes = (input.lidarWidth, input.lidarHeight, input.relativeWidth, input.relativeHeight)
        let optimized = OptimizedFusion(config: config, lidarWidth: sizes.0, lidarHeight: sizes.1,
                                        relativeWidth: sizes.2, relativeHeight: sizes.3)
        let blas = BlasFusion(config: config, lidarWidth: sizes.0, lidarHeight: sizes.1,
                              relativeWidth: sizes.2, relativeHeight: sizes.3)
        var optimizedMap = [Float](repeating: -1, count: input.relative.count)
        var blasMap = optimizedMap
        let optimizedFit = optimizedMap.withUnsafeMutableBufferPointer { optimized.fuse(input, into: $0) }
        let blasFit = blasMap.withUnsafeMutableBufferPointer { blas.fuse(input, into: $0) }
        return (reference, (optimizedFit, optimizedMap), (blasFit, blasMap))
    }

    static func roomInput(seed: UInt64, relative: DepthMap? = nil, confidence: Bool = true) -> FusionInput {
        let lidar = RoomScene.lidar(seed: seed)
        let map = relative ?? RoomScene.relativeDepth(seed: seed)
        return FusionInput(lidarDepth: lidar.depth.values, confidence: confidence ? lidar.confidence : nil,
                           lidarWidth: lidar.depth.width, lidarHeight: lidar.depth.height,
                           relative: map.values, relativeWidth: map.width, relativeHeight: map.height)
    }

    private func assertClose(_ a: Float, _ b: Float, _ what: String, relative: Float, floor: Float = 0,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(abs(a - b), relative * max(abs(a), abs(b), floor), "\(what): \(a) vs \(b)", file: file, line: line)
    }

    /// The reference sums ~40 000 pairs in Float, as the document does; n·Σx² − (Σx)² then cancels, which leaves
    /// its β about 1e-4 m (3e-4 relative) off the exact least-squares β that the optimized (Double sums) and blas
    /// (QR) variants both reach. So: α to 1e-4 relative; β and the metric map to 1e-4 of the 4 m depth range
    /// (0.4 mm, far under the 1% LiDAR noise); optimized and blas to each other 20× tighter.
    func testReferenceOptimizedAndBlasAgreeOnTheRoomWithAndWithoutConfidence() throws {
        for seed: UInt64 in [1, 2, 3] {
            for confidence in [true, false] {
                let (reference, (optimizedFit, optimizedMap), (blasFit, blasMap)) =
                    fuseAll(Self.roomInput(seed: seed, confidence: confidence))
                guard case let .fit(alpha, beta, pairs) = reference.fit,
                      case let .fit(optimizedAlpha, optimizedBeta, optimizedPairs) = optimizedFit,
                      case let .fit(blasAlpha, blasBeta, blasPairs) = blasFit else {
                    return XCTFail("seed \(seed): expected three fits, got \(reference.fit), \(optimizedFit), \(blasFit)")
                }
                XCTAssertEqual(optimizedPairs, pairs, "seed \(seed)")
                XCTAssertEqual(blasPairs, pairs, "seed \(seed)")
                XCTAssertGreaterThan(pairs, 20_000, "most of the room is within 0.1–4 m at high confidence")
                assertClose(optimizedAlpha, alpha, "optimized α, seed \(seed)", relative: 1e-4)
                assertClose(blasAlpha, alpha, "blas α, seed \(seed)", relative: 1e-4)
                assertClose(optimizedBeta, beta, "optimized β, seed \(seed)", relative: 1e-4, floor: 4)
                assertClose(blasBeta, beta, "blas β, seed \(seed)", relative: 1e-4, floor: 4)
                assertClose(blasAlpha, optimizedAlpha, "blas vs optimized α", relative: 5e-6)
                assertClose(blasBeta, optimizedBeta, "blas vs optimized β", relative: 5e-6, floor: 4)
                let map = try XCTUnwrap(reference.depthMap)
                for i in stride(from: 0, to: map.count, by: 97) {
                    assertClose(optimizedMap[i], map[i], "optimized metric[\(i)]", relative: 1e-4, floor: 4)
                    assertClose(blasMap[i], map[i], "blas metric[\(i)]", relative: 1e-4, floor: 4)
                    assertClose(blasMap[i], optimizedMap[i], "blas vs optimized metric[\(i)]", relative: 5e-6, floor: 4)
                }
            }
        }
    }

    func testFitRecoversTheSceneAlphaAndBetaWithinTheNoise() {
        let result = ReferenceFusion.fuse(Self.roomInput(seed: 11))
        guard case let .fit(alpha, beta, _) = result.fit else { return XCTFail("no fit: \(result.fit)") }
        // 1% LiDAR range noise and σ = 0.01 on rel (≈ 1.8 cm of depth) bias α by well under 1%.
        XCTAssertEqual(alpha, RoomScene.defaultAlpha, accuracy: 0.02)
        XCTAssertEqual(beta, RoomScene.defaultBeta, accuracy: 0.03)
    }

    func testDisparityMapGivesNoFitBecauseAlphaIsNegative() {
        let (reference, (optimizedFit, optimizedMap), (blasFit, _)) =
            fuseAll(Self.roomInput(seed: 4, relative: RoomScene.disparity()))
        for fit in [reference.fit, optimizedFit, blasFit] {
            guard case let .noFit(.alphaOutOfRange(alpha, pairs)) = fit else { return XCTFail("expected α out of range, got \(fit)") }
            XCTAssertLessThan(alpha, 0, "larger disparity is nearer: depth falls as rel rises")
            XCTAssertGreaterThan(pairs, 20_000)
        }
        XCTAssertNil(reference.depthMap)
        XCTAssertTrue(optimizedMap.allSatisfy { $0 == -1 }, "no fit leaves the output untouched")
    }

    func testAllInvalidLidarGivesNoFitForTooFewPairs() {
        let room = Self.roomInput(seed: 5)
        let holes = FusionInput(
            lidarDepth: room.lidarDepth.indices.map { [Float.nan, 0, .infinity, 9][$0 % 4] }, confidence: room.confidence,
            lidarWidth: room.lidarWidth, lidarHeight: room.lidarHeight,
            relative: room.relative, relativeWidth: room.relativeWidth, relativeHeight: room.relativeHeight)
        let (reference, (optimizedFit, _), (blasFit, _)) = fuseAll(holes)
        for fit in [reference.fit, optimizedFit, blasFit] {
            XCTAssertEqual(fit, .noFit(.tooFewPairs(pairs: 0)))
        }
    }

    func testNineteenPairsAreTooFewAndTwentyFit() {
        for valid in [19, 20] {
            var depth = [Float](repeating: .nan, count: 8 * 8)
            var relative = [Float](repeating: 0, count: 8 * 8)
            for i in 0..<64 { relative[i] = 0.2 + Float(i) * 0.01 }
            for i in 0..<valid { depth[i] = 2 * relative[i] + 0.5 }
            let input = FusionInput(lidarDepth: depth, confidence: nil, lidarWidth: 8, lidarHeight: 8,
                                    relative: relative, relativeWidth: 8, relativeHeight: 8)
            let (reference, (optimizedFit, _), (blasFit, _)) = fuseAll(input)
            for fit in [reference.fit, optimizedFit, blasFit] {
                if valid == 19 { XCTAssertEqual(fit, .noFit(.tooFewPairs(pairs: 19))) }
                else if case let .fit(alpha, beta, pairs) = fit {
                    XCTAssertEqual(pairs, 20)
                    XCTAssertEqual(alpha, 2, accuracy: 1e-3)
                    XCTAssertEqual(beta, 0.5, accuracy: 1e-3)
                } else { XCTFail("expected a fit with 20 pairs, got \(fit)") }
            }
        }
    }

    func testOutputIsClampedToOneCentimetreAndOneHundredMetres() throws {
        // The room's relative map with far-out-of-range and non-finite values written into its first row.
        let room = Self.roomInput(seed: 6)
        var relative = room.relative
        relative[0] = -1000
        relative[1] = 1000
        relative[2] = -0.25   // 1.8·(−0.25) + 0.35 < 0 → 0.01
        relative[3] = .nan    // Swift's max(0.01, min(NaN, 100)) is 0.01
        relative[4] = .infinity
        relative[5] = -.infinity
        let input = FusionInput(lidarDepth: room.lidarDepth, confidence: room.confidence, lidarWidth: room.lidarWidth,
                                lidarHeight: room.lidarHeight, relative: relative,
                                relativeWidth: room.relativeWidth, relativeHeight: room.relativeHeight)
        let (reference, (_, optimizedMap), (_, blasMap)) = fuseAll(input)
        let map = try XCTUnwrap(reference.depthMap)
        for output in [map, optimizedMap, blasMap] {
            XCTAssertEqual(output[0], 0.01)
            XCTAssertEqual(output[1], 100)
            XCTAssertEqual(output[2], 0.01)
            XCTAssertEqual(Array(output[3...5]), [0.01, 100, 0.01])
            XCTAssertTrue(output.allSatisfy { $0 >= 0.01 && $0 <= 100 })
        }
    }

    /// A depth model's output with NaN patches is ordinary input (document 001 skips a pair whose sample is not
    /// finite): every variant drops exactly the LiDAR pixels one of whose four bilinear taps is NaN — a zero-weight
    /// tap included, since 0·NaN is NaN — keeps their neighbours that share the other taps, fits the same line, and
    /// writes 0.01 (the document's max(0.01, min(NaN, 100))) where the relative value is NaN.
    func testNaNPatchesInTheRelativeMapDropTheirPairsAndEveryVariantAgrees() throws {
        let room = Self.roomInput(seed: 7)
        let width = room.relativeWidth, height = room.relativeHeight
        var relative = room.relative
        var holes = Set<Int>()
        func hole(_ x: Int, _ y: Int) { holes.insert(y * width + x); relative[y * width + x] = .nan }
        hole(201, 150)                                                  // one pixel among valid ones
        for y in 40..<43 { for x in 300..<303 { hole(x, y) } }          // a 3×3 patch
        for y in 0..<height where y % 3 == 0 { hole(width - 1, y) }     // the clamped last column, every third row
        for x in 0..<width where x % 5 == 0 { hole(x, height - 1) }     // the clamped last row, every fifth pixel
        hole(0, 0)                                                      // the corner every mapping starts from
        for x in 100..<140 { hole(x, 250) }                             // a run across several SIMD steps
        let input = FusionInput(lidarDepth: room.lidarDepth, confidence: room.confidence, lidarWidth: room.lidarWidth,
                                lidarHeight: room.lidarHeight, relative: relative,
                                relativeWidth: width, relativeHeight: height)

        // The expected pairs, counted the document's way: valid LiDAR, a positive finite sample, no NaN tap.
        let clean = ReferenceFusion.fuse(room)
        guard case let .fit(_, _, cleanPairs) = clean.fit else { return XCTFail("no fit on the clean room: \(clean.fit)") }
        var expected = 0
        for ly in 0..<room.lidarHeight {
            for lx in 0..<room.lidarWidth {
                let i = ly * room.lidarWidth + lx, d = room.lidarDepth[i]
                guard room.confidence![i] >= 2, d > 0.1, d < 4 else { continue }
                let x = Float(lx) / Float(room.lidarWidth - 1) * Float(width - 1)
                let y = Float(ly) / Float(room.lidarHeight - 1) * Float(height - 1)
                let x0 = Int(x), y0 = Int(y), x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
                guard [y0 * width + x0, y0 * width + x1, y1 * width + x0, y1 * width + x1].allSatisfy({ !holes.contains($0) })
                else { continue }
                let sample = ReferenceFusion.bilinearSample(room.relative, x: x, y: y, width: width, height: height)
                if sample.isFinite, sample > 0 { expected += 1 }
            }
        }
        XCTAssertLessThan(expected, cleanPairs, "the holes must cost pairs")
        XCTAssertGreaterThan(expected, cleanPairs - 400, "only the pixels next to a hole are lost")

        let (reference, (optimizedFit, optimizedMap), (blasFit, blasMap)) = fuseAll(input)
        guard case let .fit(alpha, beta, pairs) = reference.fit,
              case let .fit(optimizedAlpha, optimizedBeta, optimizedPairs) = optimizedFit,
              case let .fit(blasAlpha, blasBeta, blasPairs) = blasFit else {
            return XCTFail("expected three fits, got \(reference.fit), \(optimizedFit), \(blasFit)")
        }
        XCTAssertEqual(pairs, expected)
        XCTAssertEqual(optimizedPairs, expected)
        XCTAssertEqual(blasPairs, expected)
        assertClose(optimizedAlpha, alpha, "optimized α", relative: 1e-4)
        assertClose(blasAlpha, alpha, "blas α", relative: 1e-4)
        assertClose(optimizedBeta, beta, "optimized β", relative: 1e-4, floor: 4)
        assertClose(blasBeta, beta, "blas β", relative: 1e-4, floor: 4)
        let map = try XCTUnwrap(reference.depthMap)
        for i in map.indices {
            if holes.contains(i) {
                XCTAssertEqual([map[i], optimizedMap[i], blasMap[i]], [0.01, 0.01, 0.01], "metric[\(i)] under a NaN")
            } else if i % 7 == 0 || holes.contains(i - 1) || holes.contains(i + 1) {
                assertClose(optimizedMap[i], map[i], "optimized metric[\(i)]", relative: 1e-4, floor: 4)
                assertClose(blasMap[i], map[i], "blas metric[\(i)]", relative: 1e-4, floor: 4)
            }
        }
    }

    func testConstantRelativeMapTakesTheDocumentsDegenerateFallback() {
        // A 5×5 LiDAR frame on a 5×5 map samples exactly (fx = fy = 0), so rel ≡ 1 and n·Σx² − (Σx)² is exactly 0:
        // the document then returns (α 1, β 0), which its own guards accept as a fit.
        let input = FusionInput(lidarDepth: (0..<25).map { 1 + Float($0) * 0.05 }, confidence: nil, lidarWidth: 5, lidarHeight: 5,
                                relative: [Float](repeating: 1, count: 25), relativeWidth: 5, relativeHeight: 5)
        let (reference, (optimizedFit, optimizedMap), (blasFit, _)) = fuseAll(input)
        XCTAssertEqual(reference.fit, .fit(alpha: 1, beta: 0, pairs: 25))
        XCTAssertEqual(optimizedFit, reference.fit)
        XCTAssertEqual(blasFit, reference.fit)
        XCTAssertEqual(optimizedMap, [Float](repeating: 1, count: 25))
    }

    /// A constant 2.7 map on the room samples to values a few ulps apart (bilinear weights in Float): the Double
    /// variants take it as the constant it is, (1, 0) as the document's guard means, instead of fitting the
    /// rounding (α −4.65 before: "no fit"). The reference keeps the document's Float arithmetic as written.
    func testAConstantMapThatSamplesInexactlyIsStillDegenerateForTheDoubleVariants() {
        let room = Self.roomInput(seed: 7)
        let input = FusionInput(lidarDepth: room.lidarDepth, confidence: room.confidence, lidarWidth: room.lidarWidth,
                                lidarHeight: room.lidarHeight, relative: [Float](repeating: 2.7, count: room.relative.count),
                                relativeWidth: room.relativeWidth, relativeHeight: room.relativeHeight)
        let (reference, (optimizedFit, optimizedMap), (blasFit, _)) = fuseAll(input)
        guard case let .fit(_, _, pairs) = optimizedFit else { return XCTFail("\(optimizedFit)") }
        XCTAssertEqual(optimizedFit, .fit(alpha: 1, beta: 0, pairs: pairs))
        XCTAssertEqual(blasFit, optimizedFit)
        XCTAssertEqual(optimizedMap, [Float](repeating: 2.7, count: room.relative.count))
        XCTAssertEqual(reference.fit.pairs, pairs, "the same pairs, whatever the reference's Float sums make of them")
    }

    /// The room's relative map varies far beyond 1% of its mean: the benchmark never pays for the exact pass.
    func testARealScenesMapNeverTakesTheExactPass() {
        let input = Self.roomInput(seed: 7, confidence: false)
        let fusion = OptimizedFusion(lidarWidth: input.lidarWidth, lidarHeight: input.lidarHeight,
                                     relativeWidth: input.relativeWidth, relativeHeight: input.relativeHeight, pool: .serial)
        fusion.collectPairs(input)
        XCTAssertGreaterThan(fusion.sums.pairs, 10_000)
        XCTAssertNil(fusion.sums.relativeRange)
        XCTAssertEqual(fusion.sums.shift, 0)
    }

    /// A map that varies by more than Float rounding is fitted, however small its range.
    func testANarrowButRealSpreadIsFittedNotTakenAsConstant() {
        var sums = FusionSums()
        for i in 0..<1000 {
            let x = 2.7 + Double(i % 10) * 1e-5, y = 3 * x + 0.5
            sums.pairs += 1; sums.sumX += x; sums.sumY += y; sums.sumXY += x * y; sums.sumX2 += x * x
        }
        let (alpha, beta) = sums.solve()
        XCTAssertEqual(alpha, 3, accuracy: 1e-3)
        XCTAssertEqual(beta, 0.5, accuracy: 1e-2)
    }
}
