import Foundation
import XCTest

/// A tool started without address-space randomization (`setarch -R`) says so, and gives it back to the processes it
/// measures in: their layouts are the replicates of every verdict across processes.
final class AddressSpaceRandomizationTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/setarch"), "util-linux's setarch is not installed")
        let setting = try String(contentsOfFile: "/proc/sys/kernel/randomize_va_space", encoding: .utf8)
        try XCTSkipIf(setting.hasPrefix("0"), "this kernel randomizes no process: nothing to take away or give back")
        folder = NSTemporaryDirectory() + "fb-aslr-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func withoutRandomization(_ arguments: [String]) throws -> Framebudget.Result {
        try Framebudget.command("/usr/bin/setarch", ["-R", Framebudget.binary.path] + arguments)
    }

    private func environment(_ json: String) throws -> [String: Any] {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try XCTUnwrap(object["environment"] as? [String: Any])
    }

    func testEnvRecordsAndWarnsOfAProcessStartedWithoutRandomization() throws {
        let plain = try Framebudget.run(["env", "--json"])
        XCTAssertEqual(try environment(plain.stdout)["addressSpaceRandomization"] as? String, "on")
        XCTAssertFalse(plain.stdout.contains("address-space randomization"))

        let fixed = try withoutRandomization(["env", "--json"])
        XCTAssertEqual(fixed.status, 0, fixed.stdout)
        XCTAssertEqual(try environment(fixed.stdout)["addressSpaceRandomization"] as? String, "off-for-this-process")
        XCTAssertTrue(fixed.stdout.contains("address-space randomization was off for this process (setarch -R"), fixed.stdout)
    }

    func testTheProcessesItMeasuresInAreRandomizedAgain() throws {
        let result = try withoutRandomization([
            "repeatability", "finger-count/optimized/21-landmarks", "--runs", "2", "--out", folder,
            "--", "--quick", "--no-roofs", "--counters", "none", "--allow-debug",
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        for index in 1...2 {
            let run = try String(contentsOfFile: folder + "/run-\(index)/results.json", encoding: .utf8)
            XCTAssertEqual(try environment(run)["addressSpaceRandomization"] as? String, "on",
                           "run \(index) must not inherit its parent's setarch -R")
        }
    }
}
