// `framebudget`: FrameBudget's command line over its own camera-pipeline suite, registered through the library's
// public API exactly as any other package registers its benchmarks (README, "Benchmark your own package").
import BenchmarkSuite
import FrameBudget

import Foundation

// OpenBLAS 0.3.21 runs SSE3 kernels on CPUs it does not know (Intel model 207): start again on the AVX ones.
if let warning = Suite.restartOnBetterBLASCore() {
    FileHandle.standardError.write(Data("framebudget: warning: \(warning)\n".utf8))
}

// A forced vector path (FRAMEBUDGET_ISA) the machine cannot run is bad input (exit 2), not a silent fallback.
if let problem = Suite.vectorPathProblem() {
    FileHandle.standardError.write(Data("framebudget: error: \(problem)\n".utf8))
    exit(2)
}

let peers = PeerInputsExport(kernelIDs: PeerInputs.kernelIDs) { folder, seed in
    try PeerInputs.export(to: folder, seed: seed).count
}
FrameBudgetCommandLine.main(RegisteredSuite(
    groups: Suite.groups, budgets: "Benchmarks/budgets.yaml", peers: peers, name: "framebudget",
    abstract: "Benchmark LiDAR/AR camera hot paths against their frame budgets.", captureKernels: true))
