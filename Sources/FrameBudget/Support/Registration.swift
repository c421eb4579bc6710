import ChildProcesses
import FrameLoop
import Measurement
import RunPipeline
import Synchronization

/// The suite the entry point was given. Commands are built by the argument parser, which cannot hand them values, so
/// they read it from here; it is set once, before parsing.
enum Registration {
    private static let current = Mutex<RegisteredSuite?>(nil)

    static func register(_ suite: RegisteredSuite) {
        current.withLock { $0 = suite }
        ToolName.set(suite.name)
    }

    /// The registered suite, nil before registration.
    static var registered: RegisteredSuite? { current.withLock { $0 } }

    /// The registered suite.
    /// - Precondition: ``FrameBudgetCommandLine`` registered one (commands run only from there).
    static var suite: RegisteredSuite {
        guard let suite = current.withLock({ $0 }) else {
            preconditionFailure("FrameBudgetCommandLine.main registers the suite before any command runs")
        }
        return suite
    }

    /// Every registered benchmark id: what a budget may name.
    static var knownIDs: Set<String> { Set(suite.benchmarks.map(\.id)) }

    /// The registered benchmark with exactly this id.
    /// - Throws: ``CommandFailure`` (bad input) naming the id when there is none.
    static func benchmark(id: String) throws -> Benchmark {
        guard let benchmark = suite.benchmarks.first(where: { $0.id == id }) else {
            throw CommandFailure(.badInput, ToolName.named("unknown benchmark id '\(id)' (see 'framebudget list')"))
        }
        return benchmark
    }

    /// The ids of the registered frame-loop benchmarks: the only ones a frame-loop metric can be read on.
    static var frameLoopIDs: Set<String> { Set(suite.benchmarks.filter { $0.frameLoop != nil }.map(\.id)) }
}
