import XCTest
import HotPaths
import NumpyFiles
import Workloads

/// Instance masks: both variants against a numpy/scipy golden (Golden/make_masks_golden.py), against each other
/// on seeded scenes, and the crop, clip and flip rules.
final class MaskTests: XCTestCase {
    private func golden(_ name: String) throws -> NpyArray {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Golden/\(name)", withExtension: "npy"))
        return try NpyFile.read(url.path)
    }

    private func assertWithinOne(_ actual: [UInt8], _ expected: [UInt8], _ what: String, line: UInt = #line) {
        XCTAssertEqual(actual.count, expected.count, what, line: line)
        let worst = zip(actual, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, 1, "\(what): largest difference \(worst)", line: line)
    }

    func testBothVariantsMatchTheNumpyGoldenWithinOne() throws {
        let protos = try golden("masks_protos").values(as: Float.self)
        let coeffs = try golden("masks_coeffs").values(as: Float.self)
        let boxes = try golden("masks_boxes").values(as: Float.self)
        let expected = try golden("masks_expected").values(as: UInt8.self)
        let geometry = MaskGeometry(protoWidth: 16, protoHeight: 12, width: 64, height: 48, flip: true)
        let reference = ReferenceMasks.run(prototypes: protos, coefficients: coeffs, boxes: boxes, channels: 32, geometry: geometry)
        let optimized = InstanceMaskPipeline(geometry: geometry).run(prototypes: protos, coefficients: coeffs, boxes: boxes)
        assertWithinOne(reference, expected, "reference vs numpy")
        assertWithinOne(optimized, expected, "optimized vs numpy")
        XCTAssertEqual(expected[(2 * 48 * 64)..<(3 * 48 * 64)].filter { $0 != 0 }.count, 0, "the inverted box is empty")
        XCTAssertEqual(optimized.filter { $0 != 0 }.count, expected.filter { $0 != 0 }.count, "same support")
    }

    func testEveryVectorPathWritesTheSameMaskBytes() {
        let geometry = MaskGeometry(protoWidth: 16, protoHeight: 12, width: 50, height: 30)
        let scene = MaskPrototypes.scene(detections: 6, seed: 4, protoWidth: geometry.protoWidth,
                                         protoHeight: geometry.protoHeight, width: geometry.width, height: geometry.height)
        let outputs = VectorISA.supported.map { isa in
            InstanceMaskPipeline(geometry: geometry, capacity: 1, isa: isa)
                .run(prototypes: scene.prototypes, coefficients: scene.coefficients, boxes: scene.boxes)
        }
        XCTAssertGreaterThan(outputs[0].filter { $0 > 128 }.count, 0, "masks have confident pixels")
        for (isa, output) in zip(VectorISA.supported, outputs).dropFirst() {
            XCTAssertEqual(output, outputs[0], "\(isa) path against the portable one")
        }
    }

    func testOptimizedMatchesReferenceWithinOneOnSeededScenes() {
        // 160×120 prototypes to 320×240 (an integer ratio) and 16×12 to 50×30 (a non-integer one).
        for (geometry, detections) in [(MaskGeometry(width: 320, height: 240), 4),
                                       (MaskGeometry(protoWidth: 16, protoHeight: 12, width: 50, height: 30), 6)] {
            let scene = MaskPrototypes.scene(detections: detections, seed: 9, protoWidth: geometry.protoWidth,
                                             protoHeight: geometry.protoHeight, width: geometry.width, height: geometry.height)
            let reference = ReferenceMasks.run(prototypes: scene.prototypes, coefficients: scene.coefficients,
                                               boxes: scene.boxes, channels: 32, geometry: geometry)
            let optimized = InstanceMaskPipeline(geometry: geometry, capacity: 1)
                .run(prototypes: scene.prototypes, coefficients: scene.coefficients, boxes: scene.boxes)
            assertWithinOne(optimized, reference, "\(geometry)")
            let differing = zip(optimized, reference).filter { $0 != $1 }.count
            XCTAssertLessThan(differing, reference.count / 100, "rounding differences only")
            XCTAssertGreaterThan(reference.filter { $0 > 128 }.count, 0, "masks have confident pixels")
        }
    }

    func testFlipReversesTheRows() {
        let scene = MaskPrototypes.scene(detections: 2, seed: 3, width: 320, height: 240)
        let upright = InstanceMaskPipeline(geometry: MaskGeometry(width: 320, height: 240, flip: false))
            .run(prototypes: scene.prototypes, coefficients: scene.coefficients, boxes: scene.boxes)
        let flipped = InstanceMaskPipeline(geometry: MaskGeometry(width: 320, height: 240, flip: true))
            .run(prototypes: scene.prototypes, coefficients: scene.coefficients, boxes: scene.boxes)
        for n in 0..<2 {
            for y in [0, 57, 239] {
                let a = (n * 240 + y) * 320, b = (n * 240 + 239 - y) * 320
                XCTAssertEqual(Array(upright[a..<(a + 320)]), Array(flipped[b..<(b + 320)]))
            }
        }
        XCTAssertNotEqual(upright, flipped)
    }

    func testBoxesOutsideTheImageAreClippedAndInvertedOrNaNBoxesAreEmpty() {
        let geometry = MaskGeometry(width: 320, height: 240)
        let scene = MaskPrototypes.scene(detections: 1, seed: 5, width: 320, height: 240)
        let coefficients = Array(repeating: scene.coefficients, count: 5).flatMap { $0 }
        let boxes: [Float] = [-100, -50, 400, 300,   0, 0, 320, 240,   200, 10, 100, 90,   400, 300, 500, 400,
                              .nan, 0, 100, 100]
        let masks = InstanceMaskPipeline(geometry: geometry).run(prototypes: scene.prototypes, coefficients: coefficients, boxes: boxes)
        let reference = ReferenceMasks.run(prototypes: scene.prototypes, coefficients: coefficients, boxes: boxes,
                                           channels: 32, geometry: geometry)
        let mask = { (n: Int) in Array(masks[(n * geometry.pixels)..<((n + 1) * geometry.pixels)]) }
        XCTAssertEqual(mask(0), mask(1), "a box beyond the image is the whole image")
        XCTAssertTrue(mask(0).contains { $0 > 0 })
        for n in 2..<5 { XCTAssertFalse(mask(n).contains { $0 != 0 }, "mask \(n) is empty") }
        assertWithinOne(masks, reference, "reference agrees")
    }

    /// A NaN prototype cell or coefficient is no evidence of the object: 0 where it reaches, in both variants
    /// (the reference trapped converting NaN to a byte).
    func testNaNPrototypesOrCoefficientsGiveZeroWhereTheyReachInBothVariants() {
        let geometry = MaskGeometry(protoWidth: 2, protoHeight: 2, width: 4, height: 4, flip: false)
        for (protos, coeffs) in [([Float.nan, 1, 1, 1], [Float(1)]), ([1, 1, 1, 1], [Float.nan]), ([0, 1, 1, 1], [Float.infinity])] {
            let boxes: [Float] = [0, 0, 4, 4]
            let reference = ReferenceMasks.run(prototypes: protos, coefficients: coeffs, boxes: boxes, channels: 1, geometry: geometry)
            let optimized = InstanceMaskPipeline(geometry: geometry, channels: 1, capacity: 1).run(prototypes: protos, coefficients: coeffs, boxes: boxes)
            assertWithinOne(reference, optimized, "\(protos) × \(coeffs)")
            XCTAssertEqual(reference.count, 16)
            XCTAssertTrue(reference.contains(0), "the NaN's reach is 0: \(reference)")
        }
    }

    func testNoDetectionsGiveNoMasks() {
        let scene = MaskPrototypes.scene(detections: 0, seed: 1, width: 320, height: 240)
        XCTAssertEqual(InstanceMaskPipeline(geometry: MaskGeometry(width: 320, height: 240))
            .run(prototypes: scene.prototypes, coefficients: [], boxes: []), [])
    }

    func testCropKeepsCellsWhoseCentresLieInTheBox() {
        let geometry = MaskGeometry(protoWidth: 16, protoHeight: 12, width: 64, height: 48)
        // Scaled to the grid: x 3.225..<3.525 holds centre 3.5 only; y 3.325..<3.65 holds 3.5 only.
        let crop = geometry.crop((12.9, 13.3, 14.1, 14.6))
        XCTAssertEqual(crop.x, 3..<4)
        XCTAssertEqual(crop.y, 3..<4)
        XCTAssertEqual(geometry.crop((-20, 30.5, 70.9, 60)).x, 0..<16, "clipped to the grid")
        XCTAssertEqual(geometry.crop((-20, 30.5, 70.9, 60)).y, 8..<12)
        XCTAssertTrue(geometry.crop((50, 10, 20, 40)).x.isEmpty)
    }
}
