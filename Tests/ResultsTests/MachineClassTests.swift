import Foundation
import Results
import XCTest

/// The machine class of any valid run is a string, whatever its settings' magnitudes (found by `make fuzz`: a sample
/// time past Int64's range trapped in the conversion every comparison, gate and history record makes).
final class MachineClassTests: XCTestCase {
    private func settings(sample: Double, warmup: Double) -> RunSettings {
        RunSettings(samples: 10, targetSampleNanoseconds: sample, warmupNanoseconds: warmup)
    }

    private let environment = EnvironmentInfo(
        hostname: "h", cpuModel: "Test CPU", logicalCores: 2, frequencyGovernor: nil, virtualization: nil, kernel: "Linux",
        operatingSystem: "Debian", swiftVersion: "6.3", buildConfiguration: "release", gitCommit: nil, gitDirty: nil,
        loadAverage: [], clock: ClockInfo(source: "CLOCK_MONOTONIC", resolutionNanoseconds: 1, granularityNanoseconds: 20,
                                          overheadNanoseconds: 20))

    /// Two seeds drew two inputs: two classes, so neither is the other's baseline or history series; the default
    /// seed and a capture keep the class they always had.
    func testAnotherSceneSeedIsAnotherClassAndTheDefaultKeepsItsHash() {
        var seven = settings(sample: 5e6, warmup: 2e8)
        seven.seed = 7
        let standard = MachineClass(environment: environment, settings: settings(sample: 5e6, warmup: 2e8))
        let other = MachineClass(environment: environment, settings: seven)
        XCTAssertFalse(standard.canonical.contains("seed"), standard.canonical)
        XCTAssertTrue(other.canonical.hasSuffix("; workload=synthetic; seed=7"), other.canonical)
        XCTAssertEqual(other.difference(from: standard), "seed 24301 vs 7")
        XCTAssertEqual(standard.difference(from: other), "seed 7 vs 24301")
        var capture = seven
        capture.workload = "Captures/room"
        XCTAssertFalse(MachineClass(environment: environment, settings: capture).canonical.contains("seed"),
                       "a capture's inputs do not depend on the seed")
    }

    func testTimesAreWholeNanoseconds() {
        let canonical = MachineClass(environment: environment, settings: settings(sample: 5e6, warmup: 2.000000004e8)).canonical
        XCTAssertTrue(canonical.contains("sample=5000000ns; warmup=200000000ns"), canonical)
    }

    func testTheCPUsFeaturesFollowItsModelAndSeparateTwoGuestsOfOneModel() {
        var withSHA = environment, without = environment
        withSHA.cpuFeatures = "avx2 avx512 sha_ni"
        without.cpuFeatures = "avx2 avx512"
        let a = MachineClass(environment: withSHA, settings: settings(sample: 5e6, warmup: 2e8))
        let b = MachineClass(environment: without, settings: settings(sample: 5e6, warmup: 2e8))
        XCTAssertTrue(a.canonical.hasPrefix("cpu=Test CPU; features=avx2 avx512 sha_ni; cores=2; "), a.canonical)
        XCTAssertNotEqual(a.hash, b.hash)
        XCTAssertEqual(a.difference(from: b), "features avx2 avx512 vs avx2 avx512 sha_ni")
    }

    func testARunRecordedWithoutFeaturesKeepsTheClassItHad() {
        // The canonical form and hash of a run recorded before the field existed, as its history stored them.
        let old = MachineClass(environment: environment, settings: settings(sample: 5e6, warmup: 2e8))
        XCTAssertEqual(old.canonical, "cpu=Test CPU; cores=2; build=release; sample=5000000ns; warmup=200000000ns; "
                                      + "cache=warm; counters=papi; quick=false; workload=synthetic")
        var recent = environment
        recent.cpuFeatures = "avx2 avx512"
        let new = MachineClass(environment: recent, settings: settings(sample: 5e6, warmup: 2e8))
        XCTAssertEqual(new.difference(from: old), "features not recorded vs avx2 avx512", "named, not misaligned")
        XCTAssertEqual(old.difference(from: new), "features avx2 avx512 vs not recorded")
        XCTAssertNil(old.difference(from: old))
    }

    func testTimesPastTheIntegerRangeAreWrittenAsNumbersNotATrap() {
        let canonical = MachineClass(environment: environment, settings: settings(sample: 1e300, warmup: 9.3e18)).canonical
        XCTAssertTrue(canonical.contains("sample=1e+300ns; warmup=9.3e+18ns"), canonical)
    }
}
