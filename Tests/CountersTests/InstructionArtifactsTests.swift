@testable import Counters
import Foundation
import Results
import XCTest
import TextFormatting

/// What `--counters callgrind` keeps per benchmark: per-function counts from the cachegrind outputs, the
/// `functions.tsv` file, and where those files live in the run folder.
final class InstructionArtifactsTests: XCTestCase {
    func testCachegrindFunctionsSumsEachFunctionsLinesAcrossFiles() throws {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Golden/cachegrind-functions.out", withExtension: nil))
        let functions = CachegrindFunctions.parse(try String(contentsOf: url, encoding: .utf8))
        XCTAssertEqual(functions, [
            "$s8HotPaths8ColormapO5applyyyF": 3_000_000, "__memcpy_avx_unaligned_erms": 650_150, "main": 400,
        ])
    }

    func testPerFunctionCountsPerIterationAreDifferencesOverNAndDropUnchangedFunctions() {
        let single = ["kernel": 1_000_000.0, "setup": 50_000, "main": 400]
        let double = ["kernel": 2_000_000.0, "setup": 50_000, "main": 400, "lazy": 30]
        XCTAssertEqual(CachegrindFunctions.perIteration(single: single, double: double, iterations: 10),
                       ["kernel": 100_000, "lazy": 3])
    }

    func testFunctionsFileRoundTripsLargestFirstAndRejectsAMalformedLineNamingFileAndLine() throws {
        let text = FunctionCountsFile.render(["$sA": 12.5, "memcpy": 65_000], names: ["$sA": "A.run(_:)"])
        XCTAssertEqual(text, "# instructions-per-iteration\tsymbol\tfunction\n65000\tmemcpy\tmemcpy\n12.5\t$sA\tA.run(_:)\n")
        XCTAssertEqual(try FunctionCountsFile.parse(text, path: "f.tsv"), [
            .init(symbol: "memcpy", name: "memcpy", instructionsPerIteration: 65_000),
            .init(symbol: "$sA", name: "A.run(_:)", instructionsPerIteration: 12.5),
        ])
        XCTAssertThrowsError(try FunctionCountsFile.parse("# h\n12\tonly-two-fields\n", path: "/r/f.tsv")) {
            XCTAssertEqual("\($0)", "/r/f.tsv: line 2 is not 'count<TAB>symbol<TAB>function'")
        }
    }

    func testArtifactFoldersFollowTheIdAndCannotLeaveTheRunFolder() {
        XCTAssertEqual(InstructionArtifacts.folder(for: "mask-upsample/optimized/n=1"), "instructions/mask-upsample/optimized/n=1")
        XCTAssertEqual(InstructionArtifacts.folder(for: "a b/../c*"), "instructions/a_b/_/c_")
        XCTAssertEqual(InstructionArtifacts.cachegrindOutput(for: "x/y/z", iterations: 20), "instructions/x/y/z/cachegrind.20.out")
    }

    func testAnnotateListsTheKeptFilesOfEachCountedBenchmark() throws {
        let folder = NSTemporaryDirectory() + "fb-artifacts-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let id = "colormap/optimized/256x192"
        try FileManager.default.createDirectory(atPath: "\(folder)/\(InstructionArtifacts.folder(for: id))", withIntermediateDirectories: true)
        for file in [InstructionArtifacts.functionsFile(for: id), InstructionArtifacts.cachegrindOutput(for: id, iterations: 10),
                     InstructionArtifacts.cachegrindOutput(for: id, iterations: 20)] {
            XCTAssertTrue(FileManager.default.createFile(atPath: "\(folder)/\(file)", contents: Data()))
        }
        let environment = EnvironmentInfo(
            hostname: "h", cpuModel: "c", logicalCores: 2, frequencyGovernor: nil, virtualization: nil, kernel: "k",
            operatingSystem: "o", swiftVersion: "6", buildConfiguration: "release", gitCommit: nil, gitDirty: nil,
            loadAverage: [], clock: ClockInfo(source: "s", resolutionNanoseconds: 1, granularityNanoseconds: 1, overheadNanoseconds: 1))
        var run = RunResults(runID: "r", startedAt: Date(), environment: environment,
                             settings: RunSettings(samples: 2, targetSampleNanoseconds: 1, warmupNanoseconds: 0))
        run.benchmarks = [id, "nms/optimized/typical"].map {
            BenchmarkResult(id: $0, hotPath: "h", variant: "v", workload: "w", iterationsPerSample: 1, samplesNanoseconds: [1],
                            statistics: .of([1], resamples: 10),
                            allocations: AllocationStatistics(perIteration: 0, bytesPerIteration: 0, iterations: 1, counted: true))
        }
        let annotated = InstructionArtifacts.annotate(run, runFolder: folder)
        XCTAssertEqual(annotated.benchmarks[0].artifacts, [
            "instructions-by-function": "instructions/colormap/optimized/256x192/functions.tsv",
            "cachegrind-n": "instructions/colormap/optimized/256x192/cachegrind.10.out",
            "cachegrind-2n": "instructions/colormap/optimized/256x192/cachegrind.20.out",
        ])
        XCTAssertEqual(annotated.benchmarks[1].artifacts, [:])
    }

    func testTheStrippedCopysFolderNameHasSixteenDigitsWhateverTheHash() {
        // A shorter folder name is a shorter argv[0]: another instruction count for the same build.
        XCTAssertEqual(FNV1a.hex(0xabc), "0000000000000abc")
        XCTAssertEqual(FNV1a.hex(UInt64.max), "ffffffffffffffff")
    }
}
