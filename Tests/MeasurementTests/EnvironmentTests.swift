import XCTest
@testable import Measurement
import Results

final class EnvironmentTests: XCTestCase {
    private func environment(build: String = "release", virtualization: String? = nil, load: Double = 0,
                             governor: String? = "performance") -> EnvironmentInfo {
        EnvironmentInfo(
            hostname: "h", cpuModel: "cpu", logicalCores: 2, frequencyGovernor: governor, virtualization: virtualization,
            kernel: "Linux", operatingSystem: "os", swiftVersion: "6.3", buildConfiguration: build, gitCommit: nil,
            gitDirty: nil, loadAverage: [load, 0, 0],
            clock: ClockInfo(source: "c", resolutionNanoseconds: 1, granularityNanoseconds: 20, overheadNanoseconds: 25))
    }

    func testQuietReleaseBareMetalHasNoWarnings() {
        XCTAssertEqual(StabilityWarnings.warnings(for: environment()), [])
    }

    func testEachUnstableConditionIsNamed() {
        let warnings = StabilityWarnings.warnings(for: environment(build: "debug", virtualization: "KVM", load: 3, governor: "powersave"))
        XCTAssertEqual(warnings.count, 4)
        XCTAssertTrue(warnings[0].hasPrefix("debug build"))
        XCTAssertTrue(warnings[1].contains("virtual machine (KVM)"))
        XCTAssertTrue(warnings[2].contains("high load"))
        XCTAssertTrue(warnings[3].contains("'powersave'"))
    }

    func testProbeReadsThisMachine() {
        let info = EnvironmentProbe.collect(clock: MonotonicClock.characterize(reads: 100))
        XCTAssertGreaterThan(info.logicalCores, 0)
        XCTAssertFalse(info.cpuModel.isEmpty)
        XCTAssertTrue(info.kernel.hasPrefix("Linux"))
        XCTAssertEqual(info.buildConfiguration, EnvironmentProbe.buildConfiguration)
        XCTAssertEqual(info.loadAverage.count, 3)
    }

    func testClockIsCharacterized() {
        let clock = MonotonicClock.characterize(reads: 1000)
        XCTAssertGreaterThan(clock.overheadNanoseconds, 0)
        XCTAssertGreaterThan(clock.granularityNanoseconds, 0)
        XCTAssertEqual(clock.source, "CLOCK_MONOTONIC")
    }

    func testPinningToAnExistingCPUWorksAndToAMissingOneFails() throws {
        try ProcessResources.pinCurrentThread(to: 0)
        XCTAssertThrowsError(try ProcessResources.pinCurrentThread(to: 4000)) {
            XCTAssertTrue("\($0)".contains("--pin 4000"))
        }
    }

    func testRunIDsSortByTimeAndDiffer() {
        let a = RunID.make(date: Date(timeIntervalSince1970: 0)), b = RunID.make(date: Date(timeIntervalSince1970: 1))
        XCTAssertTrue(a.hasPrefix("19700101-000000-"))
        XCTAssertLessThan(a, b)
        XCTAssertEqual(a.count, 22)
    }
}

extension EnvironmentTests {
    /// make compare runs binaries of other revisions in this checkout: the commit they were built from is named by
    /// FRAMEBUDGET_GIT_COMMIT, not read from the working directory.
    func testTheBuildsCommitCanBeNamedWhenTheBinaryRunsInAnotherCheckout() {
        setenv("FRAMEBUDGET_GIT_COMMIT", "abc1234def", 1)
        defer { unsetenv("FRAMEBUDGET_GIT_COMMIT") }
        let state = EnvironmentProbe.gitState(in: FileManager.default.currentDirectoryPath)
        XCTAssertEqual(state.commit, "abc1234def")
        XCTAssertEqual(state.dirty, false)
    }

    func testTheExecutableDigestIsTheSHA256OfTheFile() throws {
        let path = NSTemporaryDirectory() + "fb-digest-\(UUID().uuidString)"
        try Data("abc".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertEqual(EnvironmentProbe.executableDigest(path: path),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertNil(EnvironmentProbe.executableDigest(path: path + "-missing"))
    }

    func testTheBuiltFromCommitBesideTheBinaryIsReadOnlyWhenItIsAFullCommitHash() throws {
        let path = NSTemporaryDirectory() + "sidecar-\(UUID().uuidString).commit"
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertNil(EnvironmentProbe.builtFromCommit(sidecar: path), "no sidecar: the checkout's HEAD is used instead")
        let commit = "0123456789abcdef0123456789abcdef01234567"
        try (commit + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(EnvironmentProbe.builtFromCommit(sidecar: path), commit)
        try "main\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertNil(EnvironmentProbe.builtFromCommit(sidecar: path), "a branch name is not a commit")
    }
}
