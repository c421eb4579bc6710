import XCTest
@testable import HotPaths
import Workloads

/// The edge overlay's scratch rows are placed per row at a phase from the depth row, modulo 4 KiB, so that no
/// scratch store sits just before a load it would falsely delay (4 KiB aliasing): the time must not depend on where
/// the heap put the scratch. These pin down the placement and that it never changes a pixel.
final class EdgeOverlayScratchPlacementTests: XCTestCase {
    private let page = PhasedScratch.page

    func testARowSitsAtItsPhaseFromTheAnchorWithinItsSlotsRegion() {
        let width = 256
        let scratch = PhasedScratch(slots: 3, width: width)
        defer { scratch.deallocate() }
        let anchors = UnsafeMutableRawPointer.allocate(byteCount: 3 * page, alignment: page)
        defer { anchors.deallocate() }
        for slot in 0..<3 {
            for anchorOffset in stride(from: 0, to: 2 * page, by: 4 * 37) {
                for phase in [0, 64, 512, 1024, 2048, 3840, 4095] {
                    let anchor = UnsafeRawPointer(anchors + anchorOffset)
                    let row = UInt(bitPattern: scratch.row(slot, phase: phase, from: anchor))
                    let wanted = (UInt(bitPattern: anchor) &+ UInt(phase)) & UInt(page - 1) & ~UInt(63)
                    XCTAssertEqual(row & UInt(page - 1), wanted, "slot \(slot), anchor +\(anchorOffset), phase \(phase)")
                    XCTAssertEqual(row % 64, 0, "rows start on a cache line")
                    let region = UInt(bitPattern: scratch.region(slot))
                    XCTAssertGreaterThanOrEqual(row, region)
                    XCTAssertLessThanOrEqual(row + UInt(width * 4), region + UInt(scratch.regionBytes),
                                             "the whole row lies inside slot \(slot)'s region")
                    XCTAssertEqual(UInt(bitPattern: scratch.row(slot, phase: phase, from: anchor)), row,
                                   "the same anchor finds the same row again")
                }
            }
        }
    }

    /// For every distance between output and depth rows and every pitch in steps of 64 bytes, the phase chosen
    /// leaves every store-to-later-load distance of the loops at least the guard away, modulo 4 KiB.
    func testTheChosenPhaseClearsEveryStoreToLoadDistance() {
        func clears(_ distance: Int) -> Bool { distance & (page - 1) >= EdgeOverlay.aliasGuard }
        for outputFromDepth in stride(from: -page, to: 2 * page, by: 64) {
            for pitch in stride(from: 64, through: 2 * page, by: 64) {
                let phase = EdgeOverlay.scratchPhase(outputFromDepth: outputFromDepth, depthPitch: pitch)
                let distances = [phase, outputFromDepth - phase, outputFromDepth - phase - EdgeOverlay.columnSumsPhase,
                                 outputFromDepth + pitch - phase - EdgeOverlay.rowSumsPhase,
                                 outputFromDepth - pitch - phase - EdgeOverlay.rowSumsPhase]
                XCTAssertTrue(distances.allSatisfy(clears), "output − depth \(outputFromDepth), pitch \(pitch): \(distances)")
            }
        }
        XCTAssertEqual(EdgeOverlay.scratchPhase(outputFromDepth: 768, depthPitch: 1024), 2048, "2 KiB when nothing is near")
        XCTAssertNotEqual(EdgeOverlay.scratchPhase(outputFromDepth: 2048 + 16, depthPitch: 1024), 2048,
                          "moved off an output row 16 bytes past the cleaned row")
        XCTAssertEqual(EdgeOverlay.scratchPhase(outputFromDepth: 0, depthPitch: 1024), 2304,
                       "moved off the horizontal sums below, a whole page from the output row")
    }

    /// One overlay renders maps of the same size from memory at different offsets (so its rows move between
    /// renders), then the first map again: every image equals the reference's, so no row of an earlier render or
    /// an earlier placement leaks into a later one.
    func testOneOverlayRendersMapsAtMovingAddressesExactly() {
        let (width, height) = (37, 9)
        var state: UInt64 = 0xED6E
        let maps = (0..<3).map { _ in
            DepthMap(width: width, height: height, values: (0..<(width * height)).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let draw = Int(state >> 33)
                return draw % 19 == 0 ? .nan : [0.6, 1, 1.1, 2, 2.2, 3, 4.5][(draw >> 5) % 7]
            })
        }
        for isa in VectorISA.supported {
            let overlay = EdgeOverlay(width: width, height: height, isa: isa)
            var edgePixels = 0
            for (index, padding) in [0, 3, 16, 5].enumerated() {
                let map = maps[index % maps.count]
                let source = PaddedDepth(map, padding: padding)
                let reference = ImageBuffer<RGBA8>(width: width, height: height)
                overlay.renderReference(source.view, into: reference)
                let optimized = ImageBuffer<RGBA8>(width: width, height: height)
                overlay.render(source.view, into: optimized)
                XCTAssertEqual(optimized.packedPixels(), reference.packedPixels(), "\(isa) path, render \(index)")
                edgePixels += reference.packedPixels().filter { $0 != RGBA8(0, 0, 0, 0) }.count
            }
            XCTAssertGreaterThan(edgePixels, 40, "the maps have edges to compare")
        }
    }
}
