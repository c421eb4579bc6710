import Foundation
import Results

/// The link orders of one build: the same object code laid out by the linker in several shuffled orders of its
/// functions, each a complete executable. A paired comparison that runs process pair i on the i-th order of each
/// build averages the speed that code placement alone gives a kernel (Stabilizer's randomization, done at link
/// time) into its interval, instead of reporting one draw of it as a change (Docs/CODE-LAYOUT.md).
///
/// `scripts/build-revision.sh` with `LINK_ORDERS=K` writes them to `<executable>.link-orders/1` … `/K`.
package enum LinkOrders {
    /// The most orders a build may have (the folder is read whole; a comparison runs at most 1000 pairs).
    package static let maximum = 64

    /// The folder that holds `executable`'s link orders.
    package static func folder(of executable: String) -> String { executable + ".link-orders" }

    /// The executables of `executable`'s link orders, by their number (1, 2, … K). Throws a one-line message
    /// naming the folder when it is missing, empty, numbered with gaps or holds a file that is not executable.
    package static func executables(of executable: String) throws -> [String] {
        let folder = folder(of: executable)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw LinkOrdersError("\(folder): no such folder (build the executable with LINK_ORDERS=K scripts/build-revision.sh)")
        }
        // Only the numbered executables count: their `<n>.commit` sidecars and fresh copies (".<n>.worker-…") do not.
        let numbers = names.compactMap(Int.init).sorted()
        guard !numbers.isEmpty else { throw LinkOrdersError("\(folder): holds no link order (files named 1, 2, …)") }
        guard numbers == Array(1...numbers.count) else {
            throw LinkOrdersError("\(folder): link orders must be numbered 1…K without gaps (found \(numbers.map(String.init).joined(separator: ", ")))")
        }
        guard numbers.count <= maximum else { throw LinkOrdersError("\(folder): \(numbers.count) link orders; at most \(maximum)") }
        let paths = numbers.map { "\(folder)/\($0)" }
        for path in paths {
            if let problem = SystemFile.executableProblem(path) { throw LinkOrdersError("\(path): \(problem)") }
        }
        return paths
    }

    /// The link orders of both builds, which must have as many: pair i then runs order i of each (so identical code
    /// runs identical binaries within a pair, and a change is seen in every order).
    package static func executables(base: String, head: String) throws -> (base: [String], head: [String]) {
        let orders = (base: try executables(of: base), head: try executables(of: head))
        guard orders.base.count == orders.head.count else {
            throw LinkOrdersError("\(folder(of: base)) holds \(orders.base.count) link orders but \(folder(of: head)) "
                                  + "\(orders.head.count): build both with the same LINK_ORDERS")
        }
        return orders
    }

    /// The executable of `orders` that process pair `pair` (from 1) runs: each in turn.
    package static func executable(_ orders: [String], pair: Int) -> String {
        orders[(max(pair, 1) - 1) % orders.count]
    }
}

/// Link orders that cannot be used, in one line naming the folder or file.
package struct LinkOrdersError: Error, CustomStringConvertible, Equatable {
    package let description: String
    package init(_ description: String) { self.description = description }
}
