// swift-tools-version: 6.0
// An example of a package that benchmarks its own code with FrameBudget (README, "Benchmark your own package"):
// its library `StringKernels` (two small functions), and an executable `string-kernels-bench` that declares their
// benchmarks and hands them, with `budgets.yaml`, to FrameBudget's command line.
import PackageDescription

let package = Package(
    name: "StringKernels",
    platforms: [.macOS(.v15)],
    dependencies: [
        // In your own package: .package(url: "<FrameBudget's git URL>", branch: "main"), or an ABSOLUTE path
        // (make compare and bisect build your revisions in .build-compare/src, where "../.." points elsewhere; this
        // example lives inside FrameBudget's own repository, which is built there whole, so "../.." holds for it
        // only). With a path the package's identity is the folder's name; `name:` lets `package: "FrameBudget"`
        // below hold anyway.
        .package(name: "FrameBudget", path: "../.."),
    ],
    targets: [
        // The code under test: knows nothing of benchmarking.
        .target(name: "StringKernels"),
        // The benchmark executable: `swift run -c release string-kernels-bench gate`.
        .executableTarget(name: "string-kernels-bench", dependencies: [
            "StringKernels",
            .product(name: "FrameBudget", package: "FrameBudget"),
        ], path: "Sources/StringKernelsBenchmarks"),
    ]
)
