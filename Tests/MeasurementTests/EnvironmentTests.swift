import Foundation
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
        #if arch(x86_64)
        XCTAssertNotNil(info.cpuFeatures, "an x86 machine's /proc/cpuinfo has flags")
        #endif
        XCTAssertTrue(info.kernel.hasPrefix("Linux"))
        XCTAssertEqual(info.buildConfiguration, EnvironmentProbe.buildConfiguration)
        XCTAssertEqual(info.loadAverage.count, 3)
    }

    func testTheCPUNameCarriesItsFamilyAndModelSoThatTwoMicroarchitecturesOfOneNameDiffer() {
        let zen3 = "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 1\nmodel name\t: AMD EPYC\nstepping\t: 1\n"
        let zen4 = zen3.replacingOccurrences(of: "model\t\t: 1\n", with: "model\t\t: 17\n")
        XCTAssertEqual(EnvironmentProbe.cpuModel(cpuinfo: zen3), "AMD EPYC (family 25, model 1)")
        XCTAssertEqual(EnvironmentProbe.cpuModel(cpuinfo: zen4), "AMD EPYC (family 25, model 17)")
        XCTAssertEqual(EnvironmentProbe.cpuModel(cpuinfo: "model name\t: Some CPU\n"), "Some CPU", "no numbers: the name alone")
        XCTAssertEqual(EnvironmentProbe.cpuModel(cpuinfo: "processor\t: 0\nCPU part\t: 0xd0c\n"), "unknown")
    }

    func testTheFeaturesThatChooseCodePathsAreReadFromTheFlagsInAFixedOrder() {
        // The Intel Xeon guest (family 6, model 207) as issue 21 saw it (no SHA-NI) and as it has shown itself since 26 Nov.
        let xeon = "model name\t: Intel(R) Xeon(R) Processor\nflags\t\t: fpu sse2 avx avx2 bmi2 avx512f avx512dq avx512bw avx512vl\n"
        XCTAssertEqual(EnvironmentProbe.cpuFeatures(cpuinfo: xeon), "avx2 avx512")
        XCTAssertEqual(EnvironmentProbe.cpuFeatures(cpuinfo: xeon.replacingOccurrences(of: "fpu", with: "sha_ni fpu")),
                       "avx2 avx512 sha_ni")
        XCTAssertEqual(EnvironmentProbe.cpuFeatures(cpuinfo: "flags\t\t: sse2 sha_ni bmi2 avx2\n"), "avx2 sha_ni", "Zen 3")
        XCTAssertEqual(EnvironmentProbe.cpuFeatures(cpuinfo: "flags\t\t: sse2 avx2 avx512f avx512bw\n"), "none",
                       "AVX2 without BMI2 and part of AVX-512 choose no vector path")
        XCTAssertNil(EnvironmentProbe.cpuFeatures(cpuinfo: "processor\t: 0\nFeatures\t: fp asimd\n"), "no x86 flags: unknown")
    }

    func testClockIsCharacterized() {
        let clock = MonotonicClock.characterize(reads: 1000)
        XCTAssertGreaterThan(clock.overheadNanoseconds, 0)
        XCTAssertGreaterThan(clock.granularityNanoseconds, 0)
        XCTAssertEqual(clock.source, "CLOCK_MONOTONIC")
    }

    func testPinningToAnExistingCPUWorksAndToAMissingOneFails() throws {
        // On a thread of its own: a pin lasts for the thread, and the test runner's thread (and every process it
        // starts later) must keep all its CPUs.
        let outcome = ManagedOutcome()
        let thread = Thread {
            do { try ProcessResources.pinCurrentThread(to: 0) } catch { outcome.set("pinning to CPU 0 failed: \(error)") }
            do {
                try ProcessResources.pinCurrentThread(to: 4000)
                outcome.set("pinning to CPU 4000 worked")
            } catch {
                if !"\(error)".contains("--pin 4000") { outcome.set("unclear error: \(error)") }
            }
            outcome.finish()
        }
        thread.start()
        outcome.wait()
        XCTAssertNil(outcome.failure, outcome.failure ?? "")
    }

    /// The default CPU of paired comparisons: the highest this thread may run on, as the kernel lists it.
    func testTheLastAllowedCPUIsTheHighestInThisThreadsAffinity() throws {
        let status = try String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        var allowed: [Int] = []
        for range in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",") {
            let ends = range.split(separator: "-").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            if let first = ends.first { allowed += Array(first...(ends.last ?? first)) }
        }
        XCTAssertEqual(ProcessResources.lastAllowedCPU(), allowed.count >= 2 ? allowed.max() : nil, "allowed: \(allowed)")
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

    /// The checkout's HEAD names a binary built in it, not one copied from elsewhere and run there.
    func testTheCheckoutsHeadNamesOnlyAnExecutableInsideIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        try XCTSkipUnless(FileManager.default.fileExists(atPath: root + "/.git"), "not a git checkout")
        let inside = EnvironmentProbe.gitState(in: root, executable: root + "/.build/release/framebudget")
        let commit = try XCTUnwrap(inside.commit, "a binary of this checkout: its HEAD")
        XCTAssertEqual(commit.count, 40)
        XCTAssertNil(EnvironmentProbe.gitState(in: root, executable: "/tmp/elsewhere/framebudget").commit)
        XCTAssertNil(EnvironmentProbe.gitState(in: root, executable: root + "-other/.build/release/framebudget").commit,
                     "a sibling folder whose name begins with the checkout's is not inside it")
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

/// A failure reported from another thread, and a wait for that thread to finish.
private final class ManagedOutcome: @unchecked Sendable {
    private let condition = NSCondition()
    private var done = false
    private(set) var failure: String?

    func set(_ message: String) {
        condition.lock()
        failure = failure ?? message
        condition.unlock()
    }

    func finish() {
        condition.lock()
        done = true
        condition.signal()
        condition.unlock()
    }

    func wait() {
        condition.lock()
        while !done { condition.wait() }
        condition.unlock()
    }
}
