import Foundation
import XCTest

/// A benchmark's iteration must keep alive everything its timed body reads: a view of a buffer the set-up let go
/// reads freed memory (garbage, and timing that depends on what reused it).
final class SetUpLifetimeTests: XCTestCase {
    /// With glibc's mmap threshold pinned low, every large buffer is its own mapping and freeing it unmaps it, so a
    /// body that reads a freed input crashes instead of silently reading whatever reused the memory.
    func testDepthBenchmarksReadOnlyLiveMemory() throws {
        let reports = NSTemporaryDirectory() + "fb-lifetime-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: reports) }
        let process = Process()
        process.executableURL = Framebudget.binary
        process.arguments = ["run", "--allow-debug", "--quick", "--no-roofs", "--counters", "none", "--format", "none",
                             "--reports", reports,
                             "colormap/*/256x192", "edge-overlay/*"]
        process.currentDirectoryURL = URL(fileURLWithPath: Framebudget.repositoryRoot)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.environment = ProcessInfo.processInfo.environment.merging([
            "SWIFT_BACKTRACE": "enable=no", "MALLOC_MMAP_THRESHOLD_": "65536",
        ]) { _, new in new }
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "the run was killed by signal \(process.terminationStatus)")
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
