import XCTest
@testable import HotPaths

/// The fusion's pair collection on every vector path against the portable one, bit for bit, on geometries that
/// take each branch of the AVX-512 loop: windows of the relative row (~2× upsampling), the gather fallback (wider
/// maps), windows cut by the row's end (the clamped last columns), a tail of eight pixels and a width mod 8 ≠ 0.
final class FusionVectorPathTests: XCTestCase {
    /// (LiDAR width, height, relative width, height): the benchmark's, 3× and 0.8× wide, and odd widths.
    private static let geometries = [(256, 192, 518, 392), (200, 24, 600, 50), (203, 17, 160, 40), (24, 9, 47, 17),
                                     (40, 6, 81, 12), (16, 4, 1000, 8)]

    func testEveryVectorPathGivesThePortableSumsAndMapBitForBit() {
        for (index, sizes) in Self.geometries.enumerated() {
            for confidence in [true, false] {
                let input = Self.input(sizes, confidence: confidence, seed: UInt64(index + 1))
                let (portableSums, portableMap) = Self.fuse(input, isa: .portable)
                XCTAssertGreaterThan(portableSums.pairs, 0, "\(sizes): the input keeps some pairs")
                for isa in VectorISA.supported where isa != .portable {
                    let (sums, map) = Self.fuse(input, isa: isa)
                    let what = "\(sizes), confidence \(confidence), \(isa)"
                    XCTAssertEqual(sums.pairs, portableSums.pairs, what)
                    XCTAssertEqual([sums.sumX, sums.sumY, sums.sumXY, sums.sumX2].map(\.bitPattern),
                                   [portableSums.sumX, portableSums.sumY, portableSums.sumXY, portableSums.sumX2]
                                       .map(\.bitPattern), what)
                    let differing = map.indices.first { map[$0].bitPattern != portableMap[$0].bitPattern }
                    XCTAssertNil(differing, "\(what): the maps differ from element \(differing ?? 0) on")
                }
            }
        }
    }

    /// The pairs counted on every path equal the reference's count: the filter is the document's on each path.
    func testEveryVectorPathKeepsTheReferencesPairs() {
        for sizes in Self.geometries {
            let input = Self.input(sizes, confidence: true, seed: 99)
            let reference = ReferenceFusion.fuse(input, config: FusionConfig())
            for isa in VectorISA.supported {
                XCTAssertEqual(Self.fuse(input, isa: isa).0.pairs, reference.fit.pairs, "\(sizes), \(isa)")
            }
        }
    }

    /// A constant map that samples a few ulps apart (2.7, 0.9, 1.3 on a 2× upsampling), with and without a
    /// confidence map: the document's guard means (1, 0), on every path. The vector passes' Float lane sums fitted
    /// their rounding instead (α 0.78 for 2.7 without confidence, α 1 with a random one: it depended on the pattern).
    func testAConstantMapIsTheDegenerateFallbackOnEveryPathWhateverTheConfidence() {
        var lcg = SeededLCG(state: 7)
        let lidar = (0..<(256 * 192)).map { _ in 0.5 + 3 * Float(lcg.next24()) / Float(1 << 24) }
        let confidences: [[UInt8]?] = [nil, [UInt8](repeating: 2, count: lidar.count), lidar.indices.map { _ in UInt8(lcg.next24() % 3) }]
        for value: Float in [2.7, 0.9, 1.3] {
            for confidence in confidences {
                let input = FusionInput(lidarDepth: lidar, confidence: confidence, lidarWidth: 256, lidarHeight: 192,
                                        relative: [Float](repeating: value, count: 518 * 392), relativeWidth: 518,
                                        relativeHeight: 392)
                for isa in VectorISA.supported {
                    let fusion = OptimizedFusion(lidarWidth: 256, lidarHeight: 192, relativeWidth: 518, relativeHeight: 392,
                                                 pool: .serial, isa: isa)
                    var map = [Float](repeating: -1, count: input.relative.count)
                    let fit = map.withUnsafeMutableBufferPointer { fusion.fuse(input, into: $0) }
                    let what = "\(value), confidence \(confidence.map { "\($0.count)" } ?? "none"), \(isa)"
                    XCTAssertEqual(fit, .fit(alpha: 1, beta: 0, pairs: fit.pairs), what)
                    XCTAssertGreaterThan(fit.pairs, 10_000, what)
                    XCTAssertEqual(map.first { $0 != value }, nil, what)
                }
            }
        }
    }

    /// A map that varies by a little (0.2% of its mean) takes the exact pass and is fitted, not taken as constant:
    /// α and β of depth = 3·rel − 7.6 come back on every path, as the Double QR of BlasFusion finds them.
    func testANarrowRealSpreadIsFittedExactlyOnEveryPath() {
        let (width, height, relativeWidth, relativeHeight) = (64, 48, 130, 98)
        let relative = (0..<(relativeWidth * relativeHeight)).map { i in
            Float(2.7 * (1 + 0.002 * Double(i % relativeWidth) / Double(relativeWidth)))
        }
        let geometry = FusionGeometry(lidarWidth: width, lidarHeight: height, relativeWidth: relativeWidth,
                                      relativeHeight: relativeHeight)
        // Depths from the very samples the fusion takes, so the exact answer is α 3, β −7.6.
        let lidar = (0..<(width * height)).map { i -> Float in
            let lx = i % width, ly = i / width
            let row0 = geometry.y0[ly] * relativeWidth, row1 = geometry.y1[ly] * relativeWidth
            let (x0, x1) = (Int(geometry.x0[lx]), Int(geometry.x1[lx]))
            let (fx, gx, fy, gy) = (geometry.fx[lx], geometry.gx[lx], geometry.fy[ly], geometry.gy[ly])
            let sample = relative[row0 + x0] * gx * gy + relative[row0 + x1] * fx * gy
                + relative[row1 + x0] * gx * fy + relative[row1 + x1] * fx * fy
            return Float(3 * Double(sample) - 7.6)
        }
        let input = FusionInput(lidarDepth: lidar, confidence: nil, lidarWidth: width, lidarHeight: height,
                                relative: relative, relativeWidth: relativeWidth, relativeHeight: relativeHeight)
        for isa in VectorISA.supported {
            let fusion = OptimizedFusion(lidarWidth: width, lidarHeight: height, relativeWidth: relativeWidth,
                                         relativeHeight: relativeHeight, pool: .serial, isa: isa)
            fusion.collectPairs(input)
            XCTAssertNotNil(fusion.sums.relativeRange, "\(isa): a spread under 1% of the mean takes the exact pass")
            fusion.solve()
            guard case let .fit(alpha, beta, _) = fusion.fit else { return XCTFail("\(isa): \(fusion.fit)") }
            XCTAssertEqual(alpha, 3, accuracy: 2e-3, "\(isa)")
            XCTAssertEqual(beta, -7.6, accuracy: 6e-3, "\(isa)")
        }
    }

    private static func fuse(_ input: FusionInput, isa: VectorISA) -> (FusionSums, [Float]) {
        let fusion = OptimizedFusion(lidarWidth: input.lidarWidth, lidarHeight: input.lidarHeight,
                                     relativeWidth: input.relativeWidth, relativeHeight: input.relativeHeight,
                                     pool: .serial, isa: isa)
        var map = [Float](repeating: -1, count: input.relative.count)
        _ = map.withUnsafeMutableBufferPointer { fusion.fuse(input, into: $0) }
        return (fusion.sums, map)
    }

    /// A relative map rising to the right and down with noise, NaN and ∞ specks; LiDAR depths rising the same way
    /// across the 4 m limit, with holes (NaN, ∞, 0, negative) and confidences 0…2.
    private static func input(_ sizes: (Int, Int, Int, Int), confidence: Bool, seed: UInt64) -> FusionInput {
        let (width, height, relativeWidth, relativeHeight) = sizes
        var lcg = SeededLCG(state: seed)
        let relative = (0..<(relativeWidth * relativeHeight)).map { i -> Float in
            if i % 97 == 5 { return i % 2 == 0 ? .nan : .infinity }
            return Float(64 + i % relativeWidth + i / relativeWidth + Int(lcg.next24() & 31)) / 97
        }
        let lidar = (0..<(width * height)).map { i -> Float in
            if i % 41 == 3 { return [Float.nan, .infinity, 0, -1][i / 41 % 4] }
            let rising = Float(i % width + i / width) / Float(width + height)
            return rising * 4.5 + Float(lcg.next24() % 200) / 1000
        }
        let levels = (0..<(width * height)).map { _ in UInt8(lcg.next24() % 3) }
        return FusionInput(lidarDepth: lidar, confidence: confidence ? levels : nil, lidarWidth: width,
                           lidarHeight: height, relative: relative, relativeWidth: relativeWidth,
                           relativeHeight: relativeHeight)
    }
}

/// PCG's 64-bit step, top 24 bits: a fixed sequence for the inputs above.
private struct SeededLCG {
    var state: UInt64
    mutating func next24() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 40)
    }
}
