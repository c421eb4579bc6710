import Foundation
import XCTest
@testable import Measurement
import Results

/// Address-space randomization as a run records it, and the warnings for a run measured without it.
final class AddressSpaceLayoutTests: XCTestCase {
    func testTheKernelsSettingOfZeroIsOffSystemWideWhateverThePersonality() {
        XCTAssertEqual(AddressSpaceLayout.probe(kernelSetting: "0\n", personalityDisablesIt: false), .offSystemWide)
        XCTAssertEqual(AddressSpaceLayout.probe(kernelSetting: "0\n", personalityDisablesIt: true), .offSystemWide)
    }

    func testAPersonalityWithoutRandomizationIsOffForThisProcessOnly() {
        XCTAssertEqual(AddressSpaceLayout.probe(kernelSetting: "2\n", personalityDisablesIt: true), .offForThisProcess)
        XCTAssertEqual(AddressSpaceLayout.probe(kernelSetting: "1\n", personalityDisablesIt: true), .offForThisProcess)
    }

    func testRandomizedOtherwiseAndWhenTheSettingCannotBeRead() {
        XCTAssertEqual(AddressSpaceLayout.probe(kernelSetting: "2\n", personalityDisablesIt: false), .on)
        XCTAssertEqual(AddressSpaceLayout.probe(kernelSetting: "1", personalityDisablesIt: false), .on,
                       "1 leaves the heap in place but randomizes code, libraries and stack: what layouts vary by")
        XCTAssertEqual(AddressSpaceLayout.probe(kernelSetting: nil, personalityDisablesIt: false), .on)
    }

    func testThisMachineAsTheKernelSaysIt() throws {
        let setting = try String(contentsOfFile: "/proc/sys/kernel/randomize_va_space", encoding: .utf8)
        let state = AddressSpaceLayout.thisProcess
        XCTAssertEqual(state == .offSystemWide, setting.hasPrefix("0"))
        XCTAssertEqual(EnvironmentProbe.collect(clock: MonotonicClock.characterize(reads: 100)).addressSpaceRandomization, state)
    }

    func testARunWithoutRandomizationIsWarnedOfAndARandomizedOneIsNot() {
        var environment = EnvironmentInfo(
            hostname: "h", cpuModel: "cpu", logicalCores: 2, frequencyGovernor: "performance", virtualization: nil,
            kernel: "Linux", operatingSystem: "os", swiftVersion: "6.3", buildConfiguration: "release", gitCommit: nil,
            gitDirty: nil, loadAverage: [0, 0, 0],
            clock: ClockInfo(source: "c", resolutionNanoseconds: 1, granularityNanoseconds: 20, overheadNanoseconds: 25))
        environment.addressSpaceRandomization = .on
        XCTAssertEqual(StabilityWarnings.warnings(for: environment), [])
        environment.addressSpaceRandomization = .offForThisProcess
        XCTAssertEqual(StabilityWarnings.warnings(for: environment).count, 1)
        XCTAssertTrue(StabilityWarnings.warnings(for: environment)[0].contains("setarch -R"))
        environment.addressSpaceRandomization = .offSystemWide
        XCTAssertTrue(StabilityWarnings.warnings(for: environment)[0].contains("kernel.randomize_va_space = 0"))
    }
}
