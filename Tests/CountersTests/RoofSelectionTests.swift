import Foundation
import Results
import XCTest
@testable import Counters

/// Pins which roof a benchmark is held to, on a synthetic machine shaped like this one (per-core L1 32 KiB and
/// L2 1 MiB, one L3 of 32 MiB shared by both cores).
final class RoofSelectionTests: XCTestCase {
    static let caches = [
        CacheLevelInfo(name: "L1", bytes: 32 * 1024, sharedByCPUs: 1),
        CacheLevelInfo(name: "L2", bytes: 1024 * 1024, sharedByCPUs: 1),
        CacheLevelInfo(name: "L3", bytes: 32 * 1024 * 1024, sharedByCPUs: 2),
    ]

    /// copy GB/s per level for 1 and 2 threads; read is 1.5× copy, write 1.2×, write-nt fixed at 20 GB/s.
    static func roofs(copy: [String: (Double, Double)]) -> MachineRoofs {
        var table: [BandwidthRoof] = []
        for (level, pair) in copy {
            for (threads, gigabytes) in [(1, pair.0), (2, pair.1)] {
                table += [("copy", gigabytes), ("read", 1.5 * gigabytes), ("write", 1.2 * gigabytes), ("write-nt", 20.0)]
                    .map { BandwidthRoof(level: level, threads: threads, kind: $0.0, workingSetBytes: 1, gigabytesPerSecond: $0.1) }
            }
        }
        return MachineRoofs(cacheBandwidthGBps: 100, memoryBandwidthGBps: 12, sgemmGFLOPS: 100, method: "synthetic",
                            cacheLevels: caches, bandwidths: table,
                            computePeaks: [ComputeRoof(threads: 1, instructionSet: "avx512f", gigaflopsPerSecond: 110),
                                           ComputeRoof(threads: 2, instructionSet: "avx512f", gigaflopsPerSecond: 215)])
    }

    static let machine = roofs(copy: ["L1": (200, 400), "L2": (100, 200), "L3": (60, 110), "DRAM": (12, 16)])

    func testTheWorkingSetIsPlacedInTheSmallestLevelThatHoldsItForItsThreads() {
        let level = { (bytes: Double, threads: Int) in
            RoofSelection.level(workingSetBytes: bytes, threads: threads, caches: Self.caches)
        }
        XCTAssertEqual(level(16 * 1024, 1), "L1")
        XCTAssertEqual(level(48 * 1024, 1), "L2")
        XCTAssertEqual(level(48 * 1024, 2), "L1", "two threads have two L1s")
        XCTAssertEqual(level(1.5 * 1024 * 1024, 1), "L3")
        XCTAssertEqual(level(1.5 * 1024 * 1024, 2), "L2")
        XCTAssertEqual(level(22_118_400, 2), "L3", "texture-upload 1920×1440 BGRA: 11 MB in, 11 MB out")
        XCTAssertEqual(level(40 * 1024 * 1024, 2), "DRAM", "one shared L3 does not double with the threads")
    }

    func testTheRoofIsTheBestStreamOfTheLevelAtTheThreadCount() throws {
        let roof = try XCTUnwrap(RoofSelection.roof(workingSetBytes: 22_118_400, threads: 2, roofs: Self.machine))
        XCTAssertEqual(roof.level, "L3")
        XCTAssertEqual(roof.threads, 2)
        XCTAssertEqual(roof.kind, "read")
        XCTAssertEqual(roof.gigabytesPerSecond, 165, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(roof.gigaflopsPerSecond), 215, accuracy: 1e-9)
    }

    /// A shared L3 of 300 MiB probed at 8 MiB and at 150 MiB (where it streams at DRAM's rate): a 22 MB kernel is
    /// held to the 8 MiB probe, the largest not above its working set, which bounds it; the 150 MiB one did not.
    func testAKernelIsHeldToTheLevelsProbeNearestBelowItsWorkingSet() throws {
        let mib = 1024 * 1024
        let caches = [CacheLevelInfo(name: "L2", bytes: 2 * mib, sharedByCPUs: 1),
                      CacheLevelInfo(name: "L3", bytes: 300 * mib, sharedByCPUs: 2)]
        let probes = [(8 * mib, 45.0), (32 * mib, 30.0), (150 * mib, 20.0)]
        let table = probes.map { BandwidthRoof(level: "L3", threads: 2, kind: "copy", workingSetBytes: $0.0, gigabytesPerSecond: $0.1) }
            + [BandwidthRoof(level: "DRAM", threads: 2, kind: "copy", workingSetBytes: 1200 * mib, gigabytesPerSecond: 18)]
        let roofs = MachineRoofs(cacheBandwidthGBps: 45, memoryBandwidthGBps: 18, sgemmGFLOPS: 100, method: "synthetic",
                                 cacheLevels: caches, bandwidths: table, computePeaks: [])
        let roof = { (bytes: Int) in try XCTUnwrap(RoofSelection.roof(workingSetBytes: Double(bytes), threads: 2, roofs: roofs)) }
        XCTAssertEqual(try roof(22_000_000).gigabytesPerSecond, 45, "8 MiB ≤ 22 MB < 32 MiB")
        XCTAssertEqual(try roof(40 * mib).gigabytesPerSecond, 30)
        XCTAssertEqual(try roof(200 * mib).gigabytesPerSecond, 20)
        XCTAssertEqual(try roof(6 * mib).gigabytesPerSecond, 45, "below every probe of its level: the smallest")
        XCTAssertEqual(try roof(6 * mib).level, "L3")
    }

    func testTheThreadColumnIsTheSmallestMeasuredAtOrAboveTheKernels() {
        XCTAssertEqual(RoofSelection.threadColumn(threads: 1, measured: [1, 2]), 1)
        XCTAssertEqual(RoofSelection.threadColumn(threads: 2, measured: [2, 1]), 2)
        XCTAssertEqual(RoofSelection.threadColumn(threads: 8, measured: [1, 2]), 2, "more threads than cores")
    }

    func testADisturbedCellIsLiftedToWhatALargerLevelOrFewerThreadsShowed() throws {
        // L3 on 2 threads measured while another process ran: below L3 on 1 thread, which bounds it from below.
        let disturbed = Self.roofs(copy: ["L1": (200, 400), "L2": (100, 200), "L3": (60, 30), "DRAM": (12, 16)])
        let l3 = try XCTUnwrap(RoofSelection.roof(workingSetBytes: 20e6, threads: 2, roofs: disturbed))
        XCTAssertEqual(l3.gigabytesPerSecond, 90, accuracy: 1e-9, "read on 1 thread: 1.5 × 60")
        // DRAM non-temporal writes (20 GB/s) beat every DRAM copy: the DRAM roof is theirs.
        let dram = try XCTUnwrap(RoofSelection.roof(workingSetBytes: 100e6, threads: 1, roofs: Self.machine))
        XCTAssertEqual(dram.level, "DRAM")
        XCTAssertEqual(dram.kind, "write-nt")
        XCTAssertEqual(dram.gigabytesPerSecond, 20, accuracy: 1e-9)
    }

    /// The case of issue 13: 22 MB on two threads at 60 GB/s read as 483% of the one-thread DRAM memcpy roof.
    func testACacheResidentKernelIsHeldToItsOwnLevelNotToDRAM() throws {
        let legacy = MachineRoofs(cacheBandwidthGBps: 100, memoryBandwidthGBps: 12.42, sgemmGFLOPS: 100, method: "old")
        let median = 22_118_400 / 60.0
        let old = try XCTUnwrap(Roofline.throughput(bytesPerIteration: 22_118_400, flopsPerIteration: nil, threads: 2,
                                                    medianNanoseconds: median, roofs: legacy))
        XCTAssertEqual(try XCTUnwrap(old.percentOfMemoryRoof), 483, accuracy: 1)
        let true_ = try XCTUnwrap(Roofline.throughput(bytesPerIteration: 22_118_400, flopsPerIteration: nil, threads: 2,
                                                      medianNanoseconds: median, roofs: Self.machine))
        XCTAssertEqual(try XCTUnwrap(true_.percentOfMemoryRoof), 100 * 60 / 165, accuracy: 1e-9)
        XCTAssertEqual(true_.roofLevel, "L3")
        XCTAssertEqual(true_.roofThreads, 2)
        XCTAssertNil(true_.percentOfCacheRoof)
    }

    func testTheWorkingSetWhenDeclaredDecidesTheLevelRatherThanTheBytesMoved() throws {
        // 4 MB hashed per iteration out of 16.6 MB of frames cycled: L3, not L2-or-DRAM by the bytes moved.
        let t = try XCTUnwrap(Roofline.throughput(bytesPerIteration: 700_000, flopsPerIteration: nil,
                                                  workingSetBytes: 16.6e6, threads: 1, medianNanoseconds: 1e6,
                                                  roofs: Self.machine))
        XCTAssertEqual(t.roofLevel, "L3")
        XCTAssertEqual(t.workingSetBytes, 16.6e6)
    }

    func testComputeShareIsOfTheFMAPeakAtTheThreadCountAndTheRidgeIsThatLevels() throws {
        // 1 thread, 16 KiB (L1: best stream read 300 GB/s), ridge 110/300 ≈ 0.37 flop/byte.
        let low = try XCTUnwrap(Roofline.throughput(bytesPerIteration: 16384, flopsPerIteration: 4096, threads: 1,
                                                    medianNanoseconds: 100, roofs: Self.machine))
        XCTAssertEqual(low.bound, .memory)
        XCTAssertEqual(try XCTUnwrap(low.percentOfComputeRoof), 100 * 40.96 / 110, accuracy: 1e-9)
        let high = try XCTUnwrap(Roofline.throughput(bytesPerIteration: 16384, flopsPerIteration: 16384, threads: 1,
                                                     medianNanoseconds: 1000, roofs: Self.machine))
        XCTAssertEqual(high.bound, .compute)
    }

    func testCacheTopologyIsReadFromSysfs() throws {
        let root = NSTemporaryDirectory() + "fb-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let entries = [("index0", "1", "Data", "32K", "0"), ("index1", "1", "Instruction", "32K", "0"),
                       ("index2", "2", "Unified", "1024K", "0"), ("index3", "3", "Unified", "32768K", "0-1")]
        for (name, level, type, size, shared) in entries {
            let folder = "\(root)/\(name)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (file, text) in [("level", level), ("type", type), ("size", size), ("shared_cpu_list", shared)] {
                try (text + "\n").write(toFile: "\(folder)/\(file)", atomically: true, encoding: .utf8)
            }
        }
        XCTAssertEqual(CacheTopology.read(from: root), Self.caches)
        XCTAssertEqual(CacheTopology.cpuCount("0-3,8,10-11"), 7)
        XCTAssertEqual(CacheTopology.read(from: root + "/missing"), [])
    }
}
