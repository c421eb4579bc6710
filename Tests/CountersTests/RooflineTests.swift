import Counters
import Results
import XCTest

/// The roofline arithmetic on hand-computed numbers. Roofs: 100 GB/s cache, 10 GB/s DRAM, 200 GFLOP/s sgemm:
/// ridge point 200 / 10 = 20 flops per byte.
final class RooflineTests: XCTestCase {
    let roofs = MachineRoofs(cacheBandwidthGBps: 100, memoryBandwidthGBps: 10, sgemmGFLOPS: 200, method: "hand")

    func testBandwidthOnlyBenchmarkIsMemoryBoundAtItsShareOfTheRoofs() throws {
        // 2 MB in 1 ms = 2 GB/s: 20% of DRAM, 2% of cache.
        let t = try XCTUnwrap(Roofline.throughput(bytesPerIteration: 2_000_000, flopsPerIteration: nil,
                                                  medianNanoseconds: 1_000_000, roofs: roofs))
        XCTAssertEqual(t.gigabytesPerSecond!, 2, accuracy: 1e-12)
        XCTAssertEqual(t.percentOfMemoryRoof!, 20, accuracy: 1e-9)
        XCTAssertEqual(t.percentOfCacheRoof!, 2, accuracy: 1e-9)
        XCTAssertNil(t.gigaflopsPerSecond)
        XCTAssertEqual(t.bound, .memory)
    }

    func testLowIntensityKernelIsMemoryBoundBelowTheRidge() throws {
        // 1e6 flops over 1e6 bytes: intensity 1 < 20. 1 ms: 1 GFLOP/s = 0.5% of compute.
        let t = try XCTUnwrap(Roofline.throughput(bytesPerIteration: 1e6, flopsPerIteration: 1e6,
                                                  medianNanoseconds: 1e6, roofs: roofs))
        XCTAssertEqual(t.arithmeticIntensity!, 1, accuracy: 1e-12)
        XCTAssertEqual(t.percentOfComputeRoof!, 0.5, accuracy: 1e-9)
        XCTAssertEqual(t.bound, .memory)
    }

    func testHighIntensityKernelIsComputeBoundAtAndAboveTheRidge() throws {
        let atRidge = Roofline.throughput(bytesPerIteration: 1e3, flopsPerIteration: 2e4, medianNanoseconds: 1e3, roofs: roofs)
        XCTAssertEqual(atRidge?.bound, .compute)
        let above = Roofline.throughput(bytesPerIteration: 1e3, flopsPerIteration: 1e5, medianNanoseconds: 1e3, roofs: roofs)
        XCTAssertEqual(above?.bound, .compute)
        XCTAssertEqual(above?.gigaflopsPerSecond ?? 0, 100, accuracy: 1e-9)
        XCTAssertEqual(above?.percentOfComputeRoof ?? 0, 50, accuracy: 1e-9)
        XCTAssertEqual(Roofline.ridgePoint(roofs) ?? 0, 20, accuracy: 1e-12)
    }

    func testItemsOfTheBenchmarksOwnUnitGetTheirRateBesideBytes() {
        // 518 × 392 pixels in 50 µs: 4.061e9 pixels/s; 1 MB in 50 µs: 20 GB/s.
        let t = Throughput(bytesPerIteration: 1e6).withItems(518 * 392, name: "pixels", medianNanoseconds: 50_000)
        XCTAssertEqual(t.itemsPerSecond ?? 0, 518 * 392 * 1e9 / 50_000, accuracy: 1e-3)
        XCTAssertEqual(t.itemName, "pixels")
        XCTAssertEqual(t.bytesPerIteration, 1e6, "the bytes are kept")
        XCTAssertNil(Throughput().withItems(nil, name: "pixels", medianNanoseconds: 1).itemName, "no items, no name")
        XCTAssertEqual(Throughput().withItems(3, name: nil, medianNanoseconds: 1e9).itemName, "items")
    }

    func testWithoutRoofsRatesAreGivenButNoShareOrBound() throws {
        let t = try XCTUnwrap(Roofline.throughput(bytesPerIteration: 4e3, flopsPerIteration: nil, medianNanoseconds: 2e3, roofs: nil))
        XCTAssertEqual(t.gigabytesPerSecond!, 2, accuracy: 1e-12)
        XCTAssertNil(t.percentOfMemoryRoof)
        XCTAssertNil(t.bound)
    }

    func testBenchmarkDeclaringNoWorkHasNoThroughput() {
        XCTAssertNil(Roofline.throughput(bytesPerIteration: nil, flopsPerIteration: nil, medianNanoseconds: 5, roofs: roofs))
    }

    func testRoofMeterMeasuresEveryLevelThreadCountAndKindAndStatesItsConvention() throws {
        var meter = RoofMeter.quick
        meter.caches = [CacheLevelInfo(name: "L1", bytes: 32 * 1024, sharedByCPUs: 1),
                        CacheLevelInfo(name: "L2", bytes: 256 * 1024, sharedByCPUs: 2)]
        meter.minimumMemoryBytes = 4 * 1024 * 1024
        meter.threadCounts = [1, 2]
        meter.bytesPerTiming = 1024 * 1024
        meter.fmaIterations = 10_000
        meter.sgemmSize = 128
        let measured = meter.measure()
        // Not a timing assertion: only that each roof was measured (a positive, finite figure).
        for value in [measured.cacheBandwidthGBps, measured.memoryBandwidthGBps, measured.sgemmGFLOPS] {
            XCTAssertTrue(value > 0 && value.isFinite, "\(measured)")
        }
        let table = try XCTUnwrap(measured.bandwidths)
        XCTAssertEqual(table.count, (3 * 2 + 1) * 4,
                       "L1, L2, DRAM × 1 and 2 threads, and the shared L2's ladder probe on one thread × 4 kinds")
        XCTAssertEqual(Set(table.filter { $0.level == "L2" && $0.threads == 1 }.map(\.workingSetBytes)),
                       [64 * 1024, 128 * 1024], "a shared cache from twice the L1 below it up to half its size")
        XCTAssertTrue(table.allSatisfy { $0.gigabytesPerSecond > 0 && $0.gigabytesPerSecond.isFinite })
        XCTAssertEqual(table.first { $0.level == "L1" && $0.threads == 2 }?.workingSetBytes, 32 * 1024,
                       "half of two per-core L1s")
        XCTAssertEqual(table.first { $0.level == "L2" && $0.threads == 2 }?.workingSetBytes, 128 * 1024,
                       "half of one shared L2")
        XCTAssertEqual(table.first { $0.level == "DRAM" }?.workingSetBytes, 4 * 1024 * 1024)
        XCTAssertEqual(measured.computePeaks?.map(\.threads), [1, 2])
        XCTAssertTrue(measured.computePeaks?.allSatisfy { $0.gigaflopsPerSecond > 0 } ?? false)
        XCTAssertTrue(measured.method.contains("bytes read + written"))
        XCTAssertTrue(measured.method.contains("non-temporal"))
    }
}
