import Foundation
import XCTest
@testable import RunPipeline

/// A build's link orders are found beside it, checked whole, and taken in turn by the process pairs.
final class LinkOrdersTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-orders-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// A worker script that answers hello with its own name as its build, then waits for the next line.
    private func writeOrders(of executable: String, _ names: [String], executable mode: Int16 = 0o755) throws {
        let orders = LinkOrders.folder(of: executable)
        try FileManager.default.createDirectory(atPath: orders, withIntermediateDirectories: true)
        for name in names {
            let script = "#!/bin/sh\nread request\necho '{\"build\":\"\(name)\"}'\nread request\n"
            try script.write(toFile: "\(orders)/\(name)", atomically: true, encoding: .utf8)
            chmod("\(orders)/\(name)", mode_t(mode))
        }
    }

    func testTheOrdersAreTheNumberedExecutablesInNumberOrderAndTheirSidecarsAreNot() throws {
        let build = folder + "/framebudget"
        try writeOrders(of: build, ["1", "2", "10", "3", "4", "5", "6", "7", "8", "9"])
        try "abc\n".write(toFile: LinkOrders.folder(of: build) + "/1.commit", atomically: true, encoding: .utf8)
        try "".write(toFile: LinkOrders.folder(of: build) + "/.1.worker-x-1-base", atomically: true, encoding: .utf8)
        let orders = try LinkOrders.executables(of: build)
        XCTAssertEqual(orders, (1...10).map { "\(build).link-orders/\($0)" }, "10 after 9, not after 1")
    }

    func testAMissingFolderIsNamedWithHowToBuildIt() {
        XCTAssertThrowsError(try LinkOrders.executables(of: folder + "/framebudget")) { error in
            XCTAssertEqual("\(error)", "\(self.folder)/framebudget.link-orders: no such folder (build the executable with LINK_ORDERS=K scripts/build-revision.sh)")
        }
    }

    func testAGapInTheNumbersOrANonExecutableOrderIsRefused() throws {
        let gapped = folder + "/gapped"
        try writeOrders(of: gapped, ["1", "3"])
        XCTAssertThrowsError(try LinkOrders.executables(of: gapped)) { error in
            XCTAssertEqual("\(error)", "\(gapped).link-orders: link orders must be numbered 1…K without gaps (found 1, 3)")
        }
        let plain = folder + "/plain"
        try writeOrders(of: plain, ["1", "2"], executable: 0o644)
        XCTAssertThrowsError(try LinkOrders.executables(of: plain)) { error in
            XCTAssertEqual("\(error)", "\(plain).link-orders/1: not executable (no execute permission)")
        }
        let empty = folder + "/empty"
        try writeOrders(of: empty, [])
        XCTAssertThrowsError(try LinkOrders.executables(of: empty)) { error in
            XCTAssertEqual("\(error)", "\(empty).link-orders: holds no link order (files named 1, 2, …)")
        }
    }

    func testBothBuildsMustHaveAsManyOrders() throws {
        try writeOrders(of: folder + "/base", ["1", "2", "3", "4"])
        try writeOrders(of: folder + "/head", ["1", "2"])
        XCTAssertThrowsError(try LinkOrders.executables(base: folder + "/base", head: folder + "/head")) { error in
            XCTAssertEqual("\(error)", "\(self.folder)/base.link-orders holds 4 link orders but \(self.folder)/head.link-orders 2: build both with the same LINK_ORDERS")
        }
        try writeOrders(of: folder + "/head", ["3", "4"])
        XCTAssertEqual(try LinkOrders.executables(base: folder + "/base", head: folder + "/head").head.count, 4)
    }

    func testPairIRunsTheIthOrderOfEachSideAndTheOrdersComeRound() throws {
        try writeOrders(of: folder + "/base", ["1", "2", "3"])
        try writeOrders(of: folder + "/head", ["1", "2", "3"])
        let orders = try LinkOrders.executables(base: folder + "/base", head: folder + "/head")
        for freshCopies in [false, true] {
            let launcher = PairedProcessLauncher(base: orders.base, head: orders.head, arguments: [], freshCopies: freshCopies)
            var ran: [String] = []
            for pair in 1...5 {
                for side in PairedSide.allCases {
                    let worker = try launcher.start(side, pair: pair)
                    ran.append("\(side.rawValue)\(try worker.send(.hello, timeout: 30).build ?? "?")")
                    worker.stop()
                }
            }
            XCTAssertEqual(ran, ["base1", "head1", "base2", "head2", "base3", "head3", "base1", "head1", "base2", "head2"],
                           "fresh copies: \(freshCopies)")
        }
    }
}
