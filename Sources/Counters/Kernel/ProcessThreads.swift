import CPAPI
import Foundation

/// The threads of this process, from /proc/self/task.
enum ProcessThreads {
    /// Kernel thread ids, the calling thread first (it exists even if the listing cannot be read).
    static func ids() -> [Int32] {
        let caller = cpapi_gettid()
        let listed = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).compactMap { Int32($0) }
        return [caller] + listed.filter { $0 != caller }.sorted()
    }
}
