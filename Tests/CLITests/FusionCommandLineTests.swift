import XCTest
import Foundation

/// `framebudget kernel fusion` and `framebudget run --workload DIR` as a user runs them: exit codes, the one error
/// line, and nothing written on bad input.
final class FusionCommandLineTests: XCTestCase {
    private var root = ""
    private var capture: String { root + "/capture" }
    private var reports: String { root + "/reports" }

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "fb-fusion-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: capture, withIntermediateDirectories: true)
        // A capture recorded with numpy: the synthetic room's LiDAR frame is not needed, a linear scene will do.
        let script = """
            import numpy as np, sys
            d = sys.argv[1]
            ys, xs = np.mgrid[0:48, 0:64].astype(np.float32)
            np.save(d + '/relative.npy', (0.3 + 0.01 * xs + 0.01 * ys).astype(np.float32))
            ly, lx = np.mgrid[0:24, 0:32].astype(np.float32)
            np.save(d + '/lidar.npy', (1.8 * (0.3 + 0.01 * lx / 31 * 63 + 0.01 * ly / 23 * 47) + 0.35).astype(np.float32))
            """
        let made = try Framebudget.python(["-c", script, capture])
        XCTAssertEqual(made.status, 0, made.stdout)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func save(_ file: String, _ expression: String) throws {
        let made = try Framebudget.python(["-c", "import numpy as np, sys; np.save(sys.argv[1], \(expression))", capture + "/" + file])
        XCTAssertEqual(made.status, 0, made.stdout)
    }

    func testKernelFusionWritesMetricAndFit() throws {
        let result = try Framebudget.run(["kernel", "fusion", "--in", capture, "--out", root + "/out"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("from 768 pairs"), result.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/out/metric.npy"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/out/fit.json"))
    }

    func testKernelFusionOnWrongDTypeExitsTwoWithOneLineAndNoOutputFolder() throws {
        try save("lidar.npy", "np.ones((24, 32), dtype=np.float64)")
        let result = try Framebudget.run(["kernel", "fusion", "--in", capture, "--out", root + "/out"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: \(capture)/lidar.npy: dtype is float64, expected float32\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"))
    }

    func testKernelFusionWithoutValidLidarSaysNoFit() throws {
        try save("lidar.npy", "np.full((24, 32), np.nan, dtype=np.float32)")
        let result = try Framebudget.run(["kernel", "fusion", "--in", capture, "--out", root + "/out"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: no result: no fit: too few pairs: 0 < 20\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"))
    }

    func testRunOnACaptureMeasuresFusionFromItsFiles() throws {
        let result = try Framebudget.run(["run", "--allow-debug", "--quick", "--samples", "3", "--max-time", "0.05",
                                          "--warmup", "1", "--reports", reports, "--run-id", "cap", "--workload", capture, "fusion"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try results("cap")
        XCTAssertEqual((json["benchmarks"] as? [[String: Any]])?.compactMap { $0["id"] as? String },
                       ["fusion/reference/256x192-to-518x392", "fusion/optimized/256x192-to-518x392",
                        "fusion/blas/256x192-to-518x392"])
        XCTAssertEqual((json["settings"] as? [String: Any])?["workload"] as? String, capture)
    }

    /// A relative map with NaN (a model's output often has some) is measured, not refused.
    func testRunOnACaptureWithNaNInTheRelativeMapMeasuresFusion() throws {
        try save("relative.npy", "np.where(np.arange(64)[None, :] % 9 == 4, np.float32(np.nan), (0.3 + 0.01 * np.mgrid[0:48, 0:64].sum(0)).astype(np.float32)).astype(np.float32)")
        let result = try Framebudget.run(["run", "--allow-debug", "--quick", "--samples", "3", "--max-time", "0.05",
                                          "--warmup", "1", "--reports", reports, "--run-id", "nan", "--workload", capture,
                                          "fusion/optimized"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual((try results("nan")["benchmarks"] as? [[String: Any]])?.count, 1)
    }

    func testRunAndKernelReadACaptureSavedInFortranOrderAsTheCOrderedOne() throws {
        let before = try Framebudget.run(["kernel", "fusion", "--in", capture, "--out", root + "/c-order"])
        XCTAssertEqual(before.status, 0, before.stderr)
        // What a transpose, MATLAB or a Fortran library hands numpy: the same maps, Fortran-contiguous.
        for file in ["relative.npy", "lidar.npy"] { try save(file, "np.asfortranarray(np.load(sys.argv[1]))") }
        let header = try String(decoding: XCTUnwrap(FileManager.default.contents(atPath: capture + "/lidar.npy")).prefix(128), as: UTF8.self)
        XCTAssertTrue(header.contains("'fortran_order': True"), header)
        let after = try Framebudget.run(["kernel", "fusion", "--in", capture, "--out", root + "/f-order"])
        XCTAssertEqual(after.status, 0, after.stderr)
        for output in ["metric.npy", "fit.json"] {
            XCTAssertEqual(FileManager.default.contents(atPath: root + "/f-order/" + output),
                           FileManager.default.contents(atPath: root + "/c-order/" + output), output)
        }
        let run = try Framebudget.run(["run", "--allow-debug", "--quick", "--samples", "3", "--max-time", "0.05",
                                       "--warmup", "1", "--reports", reports, "--run-id", "fortran", "--workload", capture,
                                       "fusion/optimized"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual((try results("fortran")["benchmarks"] as? [[String: Any]])?.count, 1)
    }

    /// A file given as the capture is said to be one: "no such folder" sent the user looking for a path that exists.
    func testAWorkloadThatIsAFileOrAbsentIsNamedForWhatItIs() throws {
        for (path, problem) in [(capture + "/lidar.npy", "not a folder (a capture is a folder of .npy files)"), (capture + "/none", "no such folder")] {
            let result = try Framebudget.run(["run", "--allow-debug", "--quick", "--reports", reports, "--workload", path, "fusion/optimized"])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(result.stderr, "framebudget: error: --workload \(path): \(problem)\n")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: reports), "nothing measured, nothing written")
    }

    func testRunSkipsBenchmarksWhoseFilesTheCaptureLacksAndSaysSo() throws {
        // The LiDAR map doubles as the colormap's depth.npy, so one selected benchmark can run and the other cannot.
        try FileManager.default.moveItem(atPath: capture + "/lidar.npy", toPath: capture + "/depth.npy")
        let result = try Framebudget.run(["run", "--allow-debug", "--quick", "--samples", "3", "--max-time", "0.05",
                                          "--warmup", "1", "--reports", reports, "--run-id", "skip", "--workload", capture,
                                          "fusion/optimized", "colormap/optimized/256x192"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let note = "skipped fusion/optimized/256x192-to-518x392: \(capture)/lidar.npy: missing input file"
        XCTAssertTrue(result.stderr.contains("framebudget: warning: \(note)\n"), result.stderr)
        let json = try results("skip")
        XCTAssertTrue((json["warnings"] as? [String] ?? []).contains(note))
        XCTAssertEqual((json["benchmarks"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["colormap/optimized/256x192"])
    }

    func testRunSkipsEveryBenchmarkItCannotFeedFromTheCaptureAndMeasuresTheRest() throws {
        // Only fusion's files and a hand: nms, hash-chain and mask-upsample lack theirs; yolo-post and unproject
        // run on their synthetic scenes only. None of that may stop the run.
        try save("landmarks.npy", "np.tile(np.linspace(0.1, 0.9, 42).reshape(1, 21, 2), (2, 1, 1))")
        let result = try Framebudget.run(["run", "--allow-debug", "--quick", "--no-roofs", "--samples", "3", "--max-time", "0.05",
                                          "--warmup", "1", "--reports", reports, "--run-id", "suite", "--workload", capture,
                                          "fusion/optimized", "finger-count", "nms/optimized/typical", "hash-chain/optimized",
                                          "mask-upsample/optimized/n=1", "yolo-post", "unproject"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let notes = [
            "skipped nms/optimized/typical: \(capture)/boxes.npy: missing input file",
            "skipped hash-chain/optimized/1920x1440-yuv420: \(capture)/frames.npy: missing input file",
            "skipped mask-upsample/optimized/n=1: \(capture)/protos.npy: missing input file",
            "skipped yolo-post/optimized/typical: yolo-post/optimized/typical runs on its synthetic scene only (no capture input)",
            "skipped unproject/reference/1024-detections: unproject/*/1024-detections runs on its synthetic scene only (no capture input)",
        ]
        for note in notes { XCTAssertTrue(result.stderr.contains("framebudget: warning: \(note)\n"), "\(note)\n\(result.stderr)") }
        XCTAssertEqual((try results("suite")["benchmarks"] as? [[String: Any]])?.compactMap { $0["id"] as? String },
                       ["fusion/optimized/256x192-to-518x392", "finger-count/reference/21-landmarks",
                        "finger-count/optimized/21-landmarks"])
    }

    func testRunWithNothingRunnableOnTheCaptureIsBadInput() throws {
        try FileManager.default.removeItem(atPath: capture + "/relative.npy")
        let result = try Framebudget.run(["run", "--allow-debug", "--quick", "--reports", reports, "--workload", capture, "fusion"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasSuffix("framebudget: error: --workload \(capture): none of the selected benchmarks has its inputs in this capture\n"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: reports))
    }

    func testRunOnACaptureWithAnInvalidFileExitsTwoAndWritesNothing() throws {
        try save("relative.npy", "np.zeros((48,), dtype=np.float32)")
        let result = try Framebudget.run(["run", "--allow-debug", "--quick", "--reports", reports, "--workload", capture, "fusion"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: \(capture)/relative.npy: shape [48] has 1 dimensions, expected 2\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: reports), "nothing written on bad input")
    }

    private func results(_ runID: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(reports)/\(runID)/results.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
