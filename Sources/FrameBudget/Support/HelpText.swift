import Foundation
import Measurement
import TextFormatting

/// Help text in the words of the registered tool: its name (``ToolName/named(_:)``) and, in a package's own tool,
/// its own benchmarks in place of FrameBudget's example ids, so every example runs there as written (`my-bench list
/// --help` said `my-bench list 'nms/*'`, which names nothing in my-bench and exits 2).
enum HelpText {
    static func named(_ text: String) -> String {
        let named = ToolName.named(text)
        guard ToolName.current != "framebudget", let suite = Registration.registered, !suite.benchmarks.isEmpty else {
            return named
        }
        return substitutions(suite.benchmarks, budgets: suite.budgetsPath)
            .reduce(named) { $0.replacingOccurrences(of: $1.example, with: $1.own) }
    }

    /// FrameBudget's example ids as the help texts write them, longest first (so no shorter one is replaced inside
    /// a longer one), and what stands for each in a suite of `benchmarks`: its first benchmark, another hot path,
    /// and two variants of one hot path where it has them (speedup's reference and optimized); a budget's name is a
    /// placeholder.
    /// The default budgets file is the package's own (`budgets`), and FrameBudget's make targets are not named.
    static func substitutions(_ benchmarks: [Benchmark], budgets: String = RegisteredSuite.defaultBudgetsPath)
        -> [(example: String, own: String)] {
        let first = benchmarks[0]
        let other = benchmarks.first { $0.hotPath != first.hotPath } ?? first
        // speedup's example: two variants of one hot path (two hot paths would draw its own mismatch warning).
        let pair = benchmarks.lazy.compactMap { a in benchmarks.first { $0.hotPath == a.hotPath && $0.id != a.id }.map { (a, $0) } }
            .first ?? (first, first)
        return [
            ("fusion/reference/256x192-to-518x392", pair.0.id), ("fusion/optimized/256x192-to-518x392", pair.1.id),
            ("mask-upsample/optimized/n=10", first.id), ("colormap/optimized/256x192", first.id),
            ("nms/optimized/typical=3", "\(first.id)=3"), ("nms/optimized/n=100=5", "\(first.id)=5"),
            ("'nms/optimized/*'", "'\(first.hotPath)/\(first.variant)/*'"),
            ("'colormap/*'", "'\(first.hotPath)/*'"), ("'nms/*'", "'\(first.hotPath)/*'"),
            ("'photo-frame/*'", "'\(other.hotPath)/*'"), ("'colormap'", "'\(first.hotPath)'"), ("'fusion'", "'\(other.hotPath)'"),
            // A budget's name is the package's budgets file's, which help does not read: a placeholder, not a name
            // the package's gate would refuse.
            ("colormap-1920x1440-p95", "<budget-name>"),
            (RegisteredSuite.defaultBudgetsPath, budgets), (" (make bench)", ""),
        ]
    }
}
