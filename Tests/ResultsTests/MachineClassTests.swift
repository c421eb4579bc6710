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

    func testTimesAreWholeNanoseconds() {
        let canonical = MachineClass(environment: environment, settings: settings(sample: 5e6, warmup: 2.000000004e8)).canonical
        XCTAssertTrue(canonical.contains("sample=5000000ns; warmup=200000000ns"), canonical)
    }

    func testTimesPastTheIntegerRangeAreWrittenAsNumbersNotATrap() {
        let canonical = MachineClass(environment: environment, settings: settings(sample: 1e300, warmup: 9.3e18)).canonical
        XCTAssertTrue(canonical.contains("sample=1e+300ns; warmup=9.3e+18ns"), canonical)
    }
}
