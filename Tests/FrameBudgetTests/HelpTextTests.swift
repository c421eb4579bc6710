@testable import FrameBudget
import XCTest

/// Help examples in a package's own tool name its own benchmarks, and no budget of FrameBudget's.
final class HelpTextTests: XCTestCase {
    private let suite = [
        Benchmark(hotPath: "adler32", variant: "reference", workload: "64KiB") { _ in Iteration {} },
        Benchmark(hotPath: "adler32", variant: "optimized", workload: "64KiB") { _ in Iteration {} },
        Benchmark(hotPath: "crc32", variant: "optimized", workload: "64KiB") { _ in Iteration {} },
    ]

    private func substituted(_ text: String) -> String {
        HelpText.substitutions(suite).reduce(text) { $0.replacingOccurrences(of: $1.example, with: $1.own) }
    }

    func testNightlyQualitysExampleWatchesAPlaceholderNotFrameBudgetsBudget() {
        let example = substituted("--watch colormap-1920x1440-p95 --out Reports/nightly-quality -- 'colormap/*' 'photo-frame/*'")
        XCTAssertEqual(example, "--watch <budget-name> --out Reports/nightly-quality -- 'adler32/*' 'crc32/*'")
    }

    /// The default budgets file a package's help names is its own, and FrameBudget's make targets are not named.
    func testTheBudgetsFileIsThePackagesOwnAndNoMakeTargetIsNamed() {
        let own = HelpText.substitutions(suite, budgets: "budgets.yaml")
            .reduce("(default: Benchmarks/budgets.yaml, when it exists). only 2 and 4 fail (make bench).") {
                $0.replacingOccurrences(of: $1.example, with: $1.own)
            }
        XCTAssertEqual(own, "(default: budgets.yaml, when it exists). only 2 and 4 fail.")
    }

    func testSpeedupsExampleIsTwoVariantsOfOneHotPath() {
        XCTAssertEqual(substituted("fusion/reference/256x192-to-518x392 fusion/optimized/256x192-to-518x392"),
                       "adler32/reference/64KiB adler32/optimized/64KiB")
    }
}
