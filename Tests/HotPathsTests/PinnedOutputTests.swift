import XCTest
@testable import HotPaths

/// The optimized masks and fusion pinned, byte for byte, to their outputs before the issue-13 speed-ups (masks:
/// fused upsample + convert and the product over the worker pool; fusion: contiguous loads of strided pairs), on
/// any pool. The inputs come from an LCG turned into floats by exact operations; `Golden/make_pinned_inputs.py`
/// builds the same arrays, ran `framebudget kernel` of the build before those changes (commit ba8d953's kernels)
/// on them and printed the FNV-1a 64 hashes below. Edge cases: boxes clipped by the image or one pixel wide, a
/// non-integer upsampling ratio, no flip; NaN/∞ in the relative map, NaN/∞/0/negative LiDAR holes, no confidence map.
final class PinnedOutputTests: XCTestCase {
    private struct FNV {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        mutating func add<T>(_ item: T) {
            withUnsafeBytes(of: item) { for byte in $0 { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 } }
        }
    }

    /// `make_pinned_inputs.py`'s LCG: the top 24 bits of PCG's 64-bit step.
    private struct LCG {
        var state: UInt64
        mutating func next24() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 40)
        }
    }

    /// Made once and kept: a released pool's threads exit in the background, and their last frees could land in
    /// another test's allocation count.
    private static let pools = [WorkerPool.serial, WorkerPool(threads: 2), WorkerPool(threads: 3)]

    private static let maskHashes: [String: UInt64] = [
        "1920x1440": 0xa94d_7655_7f73_d0e7, "320x240 upright": 0x2693_5e55_295b_9792, "16x12 to 50x30": 0xe5e3_047a_eec7_8c7e,
    ]

    private static let maskCases: [(name: String, channels: Int, geometry: MaskGeometry, boxes: [Float])] = [
        ("1920x1440", 32, MaskGeometry(),
         [100, 80, 900, 1000, -300, -200, 2500, 1700, 1500.5, 1200.25, 1919.75, 1439.5, 960, 0, 961, 1440]),
        ("320x240 upright", 8, MaskGeometry(width: 320, height: 240, flip: false),
         [10, 20, 200, 230, 0, 0, 320, 240, 300, 5, 400, 17]),
        ("16x12 to 50x30", 4, MaskGeometry(protoWidth: 16, protoHeight: 12, width: 50, height: 30),
         [3.3, 2.1, 40.7, 29.9, -5, -5, 8, 8, 49, 0, 50, 30]),
    ]

    /// The OpenBLAS kernel families whose sgemm gave the pinned mask hashes (the machine they were recorded on ran
    /// OpenBLAS's AVX-512 kernels). Another family rounds the product otherwise; there the pools are still checked
    /// against each other, and the hash is reported rather than asserted.
    private static let pinnedBLASCores: Set<String> = ["SkylakeX", "Cooperlake", "SapphireRapids"]

    func testMasksAreByteForByteTheSameAsBeforeOnAnyPool() throws {
        let core = BLASKernel.coreName
        var hashes: [String: Set<UInt64>] = [:]
        for (name, channels, geometry, boxes) in Self.maskCases {
            var lcg = LCG(state: UInt64(name.count))
            let protos = (0..<(channels * geometry.protoCells)).map { _ in Float(lcg.next24() - (1 << 23)) / Float(1 << 23) }
            let coeffs = (0..<(boxes.count / 4 * channels)).map { _ in Float(lcg.next24() - (1 << 23)) / Float(1 << 21) }
            for pool in Self.pools {
                let masks = InstanceMaskPipeline(geometry: geometry, channels: channels, capacity: 1, pool: pool)
                    .run(prototypes: protos, coefficients: coeffs, boxes: boxes)
                var fnv = FNV()
                for byte in masks { fnv.add(byte) }
                if Self.pinnedBLASCores.contains(core) {
                    XCTAssertEqual(fnv.value, Self.maskHashes[name],
                                   "\(name), \(pool.threads) threads: 0x\(String(fnv.value, radix: 16))")
                } else {
                    hashes[name, default: []].insert(fnv.value)
                }
            }
        }
        if !Self.pinnedBLASCores.contains(core) {
            for (name, values) in hashes { XCTAssertEqual(values.count, 1, "\(name): every pool gives the same bytes") }
            throw XCTSkip("OpenBLAS runs its \(core) kernels here, not the AVX-512 ones the mask hashes were recorded with "
                          + "(sgemm rounds otherwise): the pools agree with each other; the pinned hashes are not checked")
        }
    }

    private static let fusionHashes: [String: UInt64] = [
        "plain": 0xa680_bbeb_ef82_387f, "no confidence": 0x1911_d44b_c5df_3286, "NaN patch, LiDAR holes": 0x226a_3957_2a74_eeef,
    ]

    private static func fusionInput(nanPatch: Bool, holes: Bool, confidence withConfidence: Bool, seed: UInt64) -> FusionInput {
        var lcg = LCG(state: seed)
        let (relativeWidth, relativeHeight, width, height) = (518, 392, 256, 192)
        var relative = (0..<(relativeWidth * relativeHeight)).map { i in
            Float(256 + i % relativeWidth + i / relativeWidth + (lcg.next24() & 7)) / 512
        }
        var lidar = (0..<(width * height)).map { i in
            Float(2 * (256 + 2 * (i % width) + 2 * (i / width)) + (lcg.next24() & 15)) / 512
        }
        let confidence = (0..<(width * height)).map { _ in UInt8(lcg.next24() % 3) }
        if nanPatch {
            for y in 100..<160 { for x in 200..<260 { relative[y * relativeWidth + x] = .nan } }
            relative[7] = .infinity
        }
        if holes {
            for i in stride(from: 0, to: lidar.count, by: 37) { lidar[i] = [Float.nan, .infinity, 0, -1][i % 4] }
        }
        return FusionInput(lidarDepth: lidar, confidence: withConfidence ? confidence : nil, lidarWidth: width,
                           lidarHeight: height, relative: relative, relativeWidth: relativeWidth, relativeHeight: relativeHeight)
    }

    func testFusionIsBitForBitTheSameAsBeforeOnAnyPoolAndVectorPath() {
        let cases = [("plain", false, false, true, UInt64(11)), ("no confidence", false, false, false, 12),
                     ("NaN patch, LiDAR holes", true, true, true, 13)]
        for (name, nanPatch, holes, confidence, seed) in cases {
            let input = Self.fusionInput(nanPatch: nanPatch, holes: holes, confidence: confidence, seed: seed)
            for pool in Self.pools {
                for isa in VectorISA.supported {
                    let fusion = OptimizedFusion(lidarWidth: input.lidarWidth, lidarHeight: input.lidarHeight,
                                                 relativeWidth: input.relativeWidth, relativeHeight: input.relativeHeight,
                                                 pool: pool, isa: isa)
                    var map = [Float](repeating: -1, count: input.relative.count)
                    let fit = map.withUnsafeMutableBufferPointer { fusion.fuse(input, into: $0) }
                    guard case let .fit(alpha, beta, pairs) = fit else { return XCTFail("\(name): no fit \(fit)") }
                    var fnv = FNV()
                    fnv.add(alpha); fnv.add(beta); fnv.add(pairs)
                    for value in map { fnv.add(value) }
                    XCTAssertEqual(fnv.value, Self.fusionHashes[name],
                                   "\(name), \(pool.threads) threads, \(isa): 0x\(String(fnv.value, radix: 16))")
                }
            }
        }
    }

    /// At 256 → 518 columns most groups of eight LiDAR columns read every other relative column (the fast path the
    /// hashes above cover); the rest, and the clamped last columns, take the gathers.
    func testMostFusionGroupsAreStridedAtTwiceTheWidth() {
        let geometry = FusionGeometry(lidarWidth: 256, lidarHeight: 192, relativeWidth: 518, relativeHeight: 392)
        let strided = (0..<32).filter { geometry.stridedGroups[$0] }.count
        XCTAssertGreaterThan(strided, 20)
        XCTAssertLessThan(strided, 32)
        XCTAssertFalse(geometry.stridedGroups[31], "the last group reaches the clamped column")
    }
}
