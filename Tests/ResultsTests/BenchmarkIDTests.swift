import Foundation
import Measurement
import Results
import XCTest

final class BenchmarkIDTests: XCTestCase {
    func testTheIDIsWrittenAndSplitAsHotPathVariantWorkload() throws {
        let id = BenchmarkID(hotPath: "colormap", variant: "optimized", workload: "256x192")
        XCTAssertEqual(id.description, "colormap/optimized/256x192")
        XCTAssertEqual(try BenchmarkID(parsing: "colormap/optimized/256x192"), id)
        XCTAssertEqual(try BenchmarkID(parsing: "nms/reference/n=8400").workload, "n=8400")
    }

    func testAnIDWithoutThreeNonEmptyPartsIsAOneLineErrorNamingIt() {
        for text in ["colormap/optimized", "colormap//256x192", "", "/optimized/256x192", "colormap/optimized/"] {
            XCTAssertThrowsError(try BenchmarkID(parsing: text), text) { error in
                XCTAssertEqual("\(error)", "'\(text)' is not a benchmark id (expected hot-path/variant/workload, e.g. colormap/optimized/256x192)")
            }
        }
    }

    func testItEncodesAsTheStringResultsFilesHold() throws {
        let id = BenchmarkID(hotPath: "frame-loop", variant: "photo", workload: "drop")
        let data = try JSONEncoder().encode([id])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["frame-loop\/photo\/drop"]"#)
        XCTAssertEqual(try JSONDecoder().decode([BenchmarkID].self, from: data), [id])
        XCTAssertThrowsError(try JSONDecoder().decode([BenchmarkID].self, from: Data(#"["nope"]"#.utf8)))
    }

    func testBenchmarksAndResultsShareTheOneID() throws {
        let benchmark = Benchmark(hotPath: "sum", variant: "reference", workload: "n=4") { _ in Iteration {} }
        XCTAssertEqual(benchmark.id, "sum/reference/n=4")
        XCTAssertEqual(benchmark.benchmarkID, try BenchmarkID(parsing: benchmark.id))
        let run = try RealRun.make()
        XCTAssertEqual(run.benchmarks[0].benchmarkID.description, run.benchmarks[0].id)
    }
}
