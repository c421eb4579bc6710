// swift-tools-version: 6.0
// FrameBudget: benchmarks the hot paths of a LiDAR/AR camera pipeline against the budgets of its design documents.
//
// The module graph is the architecture. "A → B": A imports B; only direct imports are listed, and every target's
// declared dependencies below are exactly these (checked with `grep '^import' Sources/<Module>/*.swift`).
//   Kernels, knowing nothing of the harness:
//     HotPaths → COpenBLAS, CVectorLoops, COpenSSLSHA, Crypto          NumpyFiles (.npy I/O)          CaptureKernels → HotPaths, NumpyFiles
//     Workloads (seeded synthetic scenes) → Statistics
//   Harness:
//     Statistics (pure functions)          TextFormatting (text tables, durations, signed percentages, Markdown and XML
//       escaping, folder paths, FNV-1a, the tool's name)
//     ChildProcesses (the one process runner) → TextFormatting, Subprocess, SystemPackage
//     Results (one Codable model; its files written whole or not at all) → Statistics, TextFormatting, CPlatform
//     Measurement (the engine: Benchmark, runner, the one clock, the BenchmarkDriver seam)
//       → Results, Statistics, ChildProcesses, CAllocCounter, CPlatform, Crypto
//     FrameLoop (cadence, policies: a BenchmarkDriver on the engine's clock) → Measurement, Results, Statistics
//     Counters (PAPI, valgrind, roofs) → Measurement, Results, Statistics, TextFormatting, ChildProcesses, CPAPI,
//       COpenBLAS, CPlatform
//     Budgets → Results, Statistics, TextFormatting, Yams          Comparison → Results, Statistics, TextFormatting
//     History (the HistoryStore seam, the SQLite store, the spool) → Comparison, Results, Statistics, TextFormatting, GRDB,
//       GRDBSQLite
//     PostgresHistory (the shared history on a PostgreSQL server) → History, Results, Statistics, PostgresNIO, Logging,
//       NIOSSL
//     HistoryExport (the static history site with inline SVG trends, Apache Otava's CSV; read through History's reading
//       API) → History, Results, Statistics, TextFormatting
//     Gate (re-measuring processes) → Budgets, Comparison, Results, ChildProcesses
//     Reports → Budgets, Results, Statistics, TextFormatting
//     Plots → Budgets, Comparison, Results, Statistics, ChildProcesses, TextFormatting
//     RunPipeline (select → preflight → environment → roofs → run → annotate → save → re-measure, no argument parsing)
//       → Measurement, Counters, FrameLoop, Budgets, Gate, Reports, Plots, Results, CaptureKernels, TextFormatting,
//         Comparison, Statistics (the paired session: worker protocol, PairedSession, PairedQuality), ChildProcesses,
//         History (the gate session's baseline check); the bisection (Bisector: git history, revision builds and
//         comparisons behind protocols, run by `framebudget bisect`)
//   Library product FrameBudget (the public API: RegisteredSuite, FrameBudgetCommandLine; re-exports Measurement and
//     FrameLoop) → RunPipeline, the harness modules above (HistoryExport, and PostgresHistory: `--database postgres://…`),
//     CaptureKernels, ArgumentParser. It imports no suite.
//   Fuzz targets (`make fuzz`): NpyFuzz → NumpyFiles; ResultsFuzz → Results, Comparison, Budgets, Reports, Statistics.
//   Clients of that API, no back door: BenchmarkSuite (Benchmarks/Suite: the camera pipeline's benchmarks, declared with
//     the Measurement/FrameLoop types FrameBudget re-exports) → HotPaths, CaptureKernels, NumpyFiles, Workloads,
//     Measurement, FrameLoop; the `framebudget` executable (Sources/FrameBudgetTool) → FrameBudget, BenchmarkSuite,
//     registering the suite with FrameBudgetCommandLine.main; Examples/StringKernels (its own package) → FrameBudget.
import PackageDescription

let package = Package(
    name: "FrameBudget",
    // macOS 15: the worker pool polls with Synchronization.Atomic (Linux has it with the toolchain).
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "framebudget", targets: ["framebudget"]),
        // Benchmark your own package with the whole harness (README, "Benchmark your own package").
        .library(name: "FrameBudget", targets: ["FrameBudget"]),
        .library(name: "HotPaths", targets: ["HotPaths"]),
        // Capture kernels and .npy workloads, for packages that benchmark on recorded captures.
        .library(name: "CaptureKernels", targets: ["CaptureKernels"]),
        .library(name: "NumpyFiles", targets: ["NumpyFiles"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        // MARK: - System libraries and C shims
        .systemLibrary(name: "CPAPI", path: "Sources/CPAPI", pkgConfig: "papi"),
        .systemLibrary(name: "COpenBLAS", path: "Sources/COpenBLAS"),
        .target(name: "CAllocCounter", path: "Sources/CAllocCounter"),
        .target(name: "CPlatform", path: "Sources/CPlatform"),
        // The kernels' innermost loops, compiled per instruction set (baseline, AVX2, AVX-512) and chosen at run time.
        .target(name: "CVectorLoops", path: "Sources/CVectorLoops"),
        // SHA-256 through the system's OpenSSL (libssl-dev): its AVX2 + BMI2 code, which BoringSSL lacks.
        .target(name: "COpenSSLSHA", path: "Sources/COpenSSLSHA", linkerSettings: [.linkedLibrary("crypto")]),

        // MARK: - Kernels (know nothing of the harness)
        .target(name: "HotPaths", dependencies: [
            "COpenBLAS", "CVectorLoops", "COpenSSLSHA",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "NumpyFiles"),
        // Seeded synthetic scenes (room depth, relative maps, camera frames): inputs of benchmarks and tests.
        .target(name: "Workloads", dependencies: ["Statistics"]),
        .target(name: "CaptureKernels", dependencies: ["HotPaths", "NumpyFiles"]),

        // MARK: - Harness
        .target(name: "Statistics"),
        // The one process runner (swift-subprocess underneath): every child process and PATH lookup goes through it.
        .target(name: "ChildProcesses", dependencies: [
            "TextFormatting",
            .product(name: "Subprocess", package: "swift-subprocess"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        // Plain-text tables, durations, XML escaping, FNV-1a: the text utilities every report and command shares.
        .target(name: "TextFormatting"),
        .target(name: "Results", dependencies: ["Statistics", "TextFormatting", "CPlatform"]),
        .target(name: "Measurement", dependencies: [
            "Statistics", "Results", "CAllocCounter", "CPlatform", "ChildProcesses",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "Counters", dependencies: [
            "CPAPI", "COpenBLAS", "CPlatform", "Results", "Measurement", "Statistics", "TextFormatting", "ChildProcesses",
        ]),
        // Frame loops, on top of the engine: a FrameLoopSpec is the BenchmarkDriver of a frame benchmark.
        .target(name: "FrameLoop", dependencies: ["Measurement", "Statistics", "Results"]),
        .target(name: "Budgets", dependencies: ["Results", "Statistics", "TextFormatting", .product(name: "Yams", package: "Yams")]),
        .target(name: "Comparison", dependencies: ["Results", "Statistics", "TextFormatting"]),
        // GRDBSQLite: SQLite's C API, for the VFS through which reading commands open the history without creating files.
        .target(name: "History", dependencies: [
            "Results", "Statistics", "Comparison", "TextFormatting", .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        // The history published: a static site (one page per benchmark and machine class) and Otava's CSV.
        .target(name: "HistoryExport", dependencies: ["History", "Results", "Statistics", "TextFormatting"]),
        // The shared history on a PostgreSQL server (a fleet's runners record into one): the HistoryStore of History.
        .target(name: "PostgresHistory", dependencies: [
            "History", "Results", "Statistics", .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ]),
        // The gate's sequential measurement: undecided budgets get fresh processes, merged as replicates.
        .target(name: "Gate", dependencies: ["Budgets", "Comparison", "Results", "ChildProcesses"]),
        .target(name: "Reports", dependencies: ["Results", "Budgets", "Statistics", "TextFormatting"]),
        .target(name: "Plots", dependencies: ["Results", "Budgets", "Statistics", "Comparison", "ChildProcesses", "TextFormatting"]),
        .target(name: "BenchmarkSuite", dependencies: [
            "HotPaths", "Measurement", "NumpyFiles", "CaptureKernels", "FrameLoop", "Workloads",
        ], path: "Benchmarks/Suite"),

        // One measured run from selection to saved results and re-measuring processes: no argument parsing.
        .target(name: "RunPipeline", dependencies: [
            "Measurement", "Counters", "FrameLoop", "Budgets", "Gate", "Reports", "Plots", "Results", "CaptureKernels",
            "TextFormatting", "Comparison", "Statistics", "ChildProcesses", "History",
        ]),

        // MARK: - Command line (the library product users import) and the framebudget executable, its first client
        .target(name: "FrameBudget", dependencies: [
            "RunPipeline", "Measurement", "Results", "Statistics", "Counters", "Budgets", "Reports",
            "Plots", "FrameLoop", "Comparison", "History", "HistoryExport", "PostgresHistory", "Gate", "CaptureKernels",
            "TextFormatting", "ChildProcesses",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "framebudget", dependencies: ["FrameBudget", "BenchmarkSuite"], path: "Sources/FrameBudgetTool"),

        // libFuzzer targets, `make fuzz` (an ordinary build makes each a replay tool): the .npy reader, and results
        // files — the loader's validation and every reader of a loaded run (merge, compare, gate, budgets, reports).
        .executableTarget(name: "NpyFuzz", dependencies: ["NumpyFiles"]),
        .executableTarget(name: "ResultsFuzz", dependencies: ["Results", "Comparison", "Budgets", "Reports", "Statistics"],
                         exclude: ["results.dict"]),

        // MARK: - Tests, one target per module
        .testTarget(name: "StatisticsTests", dependencies: ["Statistics"], resources: [.copy("Golden")]),
        .testTarget(name: "ChildProcessesTests", dependencies: ["ChildProcesses"]),
        .testTarget(name: "TextFormattingTests", dependencies: ["TextFormatting"], exclude: ["make_fnv_golden.py"]),
        .testTarget(name: "ResultsTests", dependencies: ["Results", "Measurement", "Statistics", "ChildProcesses"]),
        .testTarget(name: "MeasurementTests", dependencies: ["Measurement", "Results"]),
        .testTarget(name: "HotPathsTests", dependencies: ["HotPaths", "Workloads", "NumpyFiles"], resources: [.copy("Golden")]),
        .testTarget(name: "WorkloadsTests", dependencies: ["Workloads"]),
        .testTarget(name: "NumpyFilesTests", dependencies: ["NumpyFiles"], resources: [.copy("Corpus"), .copy("Golden")]),
        .testTarget(name: "CaptureKernelsTests", dependencies: ["CaptureKernels", "NumpyFiles", "HotPaths", "Workloads"]),
        .testTarget(name: "CountersTests", dependencies: [
            "Counters", "Results", "Measurement", "Statistics", "HotPaths", "TextFormatting",
        ], resources: [.copy("Golden")]),
        .testTarget(name: "FrameLoopTests", dependencies: ["FrameLoop", "Measurement", "Results", "Statistics", "ChildProcesses"]),
        .testTarget(name: "BudgetsTests", dependencies: ["Budgets", "Results", "Statistics"], exclude: ["Golden"]),
        .target(name: "RunFixtures", dependencies: ["Results", "Statistics"], path: "Tests/Support/RunFixtures"),
        .testTarget(name: "ComparisonTests", dependencies: ["Comparison", "Results", "Statistics", "RunFixtures", "TextFormatting"], resources: [.copy("Golden")]),
        .testTarget(name: "HistoryTests", dependencies: [
            "History", "PostgresHistory", "Results", "Statistics", "RunFixtures", "TextFormatting", .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
        ]),
        .testTarget(name: "HistoryExportTests", dependencies: ["HistoryExport", "History", "Results", "Statistics", "RunFixtures"]),
        .testTarget(name: "GateTests", dependencies: ["Gate", "Budgets", "Comparison", "Results", "Statistics", "FrameLoop", "RunFixtures"]),
        .testTarget(name: "ReportsTests", dependencies: [
            "Reports", "Results", "Budgets", "Statistics", "ChildProcesses",
        ], resources: [.copy("Golden")]),
        .testTarget(name: "PlotsTests", dependencies: ["Plots", "Results", "Budgets", "Statistics", "Comparison"]),
        .testTarget(name: "BenchmarkSuiteTests", dependencies: ["BenchmarkSuite", "Measurement", "Budgets", "FrameLoop", "HotPaths"]),
        .testTarget(name: "RunPipelineTests", dependencies: [
            "RunPipeline", "Comparison", "Measurement", "Results", "Statistics", "Budgets", "Gate", "Reports", "RunFixtures", "ChildProcesses",
        ]),
        .testTarget(name: "CLITests", dependencies: [], exclude: ["Schemas"]),
        .testTarget(name: "FrameBudgetTests", dependencies: ["FrameBudget", "Results", "Statistics", "Comparison", "Measurement"]),
    ]
)
