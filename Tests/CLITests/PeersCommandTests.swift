import Foundation
import XCTest

/// `framebudget peers export|merge` and scripts/peers.py through the real binary, and compare/merge on a run that
/// holds peer entries.
final class PeersCommandTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-peers-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testExportWritesEveryInputFolderAndAManifest() throws {
        let result = try Framebudget.run(["peers", "export", "--out", folder + "/inputs"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let manifest = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: folder + "/inputs/manifest.json"))) as! [[String: Any]]
        XCTAssertEqual(manifest.count, 11)
        for entry in manifest {
            let inputs = try FileManager.default.contentsOfDirectory(atPath: folder + "/inputs/" + (entry["folder"] as! String))
            XCTAssertTrue(inputs.allSatisfy { $0.hasSuffix(".npy") } && !inputs.isEmpty, "\(entry)")
        }
        // The palette's first entry is the kernel's near colour: red, alpha round(255 × 0.4).
        let palette = try Data(contentsOf: URL(fileURLWithPath: folder + "/inputs/depth/palette.npy"))
        XCTAssertEqual(Array(palette.suffix(1024).prefix(4)), [255, 0, 0, 102])
        // Again into the same folder: its kernel folders are this command's own (it refused: "holds 2 entries this
        // tool does not write (depth.npy)"); a file of someone else's is still not replaced.
        let again = try Framebudget.run(["peers", "export", "--out", folder + "/inputs"])
        XCTAssertEqual(again.status, 0, again.stderr)
        try "mine".write(toFile: folder + "/inputs/depth/notes.txt", atomically: true, encoding: .utf8)
        let foreign = try Framebudget.run(["peers", "export", "--out", folder + "/inputs"])
        XCTAssertEqual(foreign.status, 2, foreign.stderr)
        XCTAssertTrue(foreign.stderr.contains("this tool does not write (notes.txt)"), foreign.stderr)
    }

    func testPeersMergeIntoARunThatCompareAndMergeThenRead() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base")
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head")
        let peers: [String: Any] = ["environment": ["numpy": "test"], "peers": [[
            "id": "texture-upload/peer-1core/256x192", "hotPath": "texture-upload", "variant": "peer-1core",
            "workload": "256x192", "kernel": "texture-upload/optimized/256x192", "threads": 1,
            "library": "numpy.copyto", "parameters": [String: String](),
            "call": ["iterationsPerSample": 10, "samplesNanoseconds": [4000.0, 4100, 3900, 4050, 3950]],
        ]]]
        try JSONSerialization.data(withJSONObject: peers).write(to: URL(fileURLWithPath: folder + "/peers.json"))
        let merged = try Framebudget.run(["peers", "merge", head, folder + "/peers.json"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertTrue(merged.stdout.contains("1 peer benchmarks"), merged.stdout)
        // The run's filters selected the kernels; the peer merged beside them is no sign of an old gate's file.
        let report = try Framebudget.run(["report", head, "--out", folder + "/report"])
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertFalse(report.stderr.contains("recorded filters"), report.stderr)

        let compare = try Framebudget.run(["compare", base, head])
        // One run a side: no verdict can be confident (exit 3, INCONCLUSIVE), but the peer entries are read.
        XCTAssertEqual(compare.status, 3, compare.stdout + compare.stderr)
        XCTAssertTrue(compare.stdout.contains("added (head only): texture-upload/peer-1core/256x192"), compare.stdout)
        let rounds = try Framebudget.run(["merge", "--out", folder + "/rounds.json", head, head])
        XCTAssertEqual(rounds.status, 0, rounds.stderr)
        let validated = try Framebudget.python([Framebudget.repositoryRoot + "/Schemas/validate.py", head, folder + "/rounds.json"])
        XCTAssertEqual(validated.status, 0, validated.stdout)
    }

    func testAMalformedPeersFileIsRefusedInOneLineAndTheRunIsUntouched() throws {
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head")
        let before = try Data(contentsOf: URL(fileURLWithPath: head))
        try Data("{\"environment\": {}, \"peers\": [{\"id\": 3}]}".utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
        let result = try Framebudget.run(["peers", "merge", head, folder + "/bad.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("bad.json: not a peers file"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: head)), before)
    }

    /// One peer twice, in one file or in two: refused (the second had replaced the first in silence).
    func testAPeerGivenTwiceIsRefused() throws {
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head")
        let peer: [String: Any] = [
            "id": "texture-upload/peer-1core/256x192", "hotPath": "texture-upload", "variant": "peer-1core",
            "workload": "256x192", "kernel": "texture-upload/optimized/256x192", "threads": 1,
            "library": "numpy.copyto", "parameters": [String: String](),
            "call": ["iterationsPerSample": 10, "samplesNanoseconds": [4000.0, 4100, 3900]],
        ]
        try JSONSerialization.data(withJSONObject: ["environment": [:], "peers": [peer, peer]])
            .write(to: URL(fileURLWithPath: folder + "/twice.json"))
        try JSONSerialization.data(withJSONObject: ["environment": [:], "peers": [peer]]).write(to: URL(fileURLWithPath: folder + "/one.json"))
        let before = try Data(contentsOf: URL(fileURLWithPath: head))
        let twice = try Framebudget.run(["peers", "merge", head, folder + "/twice.json"])
        XCTAssertEqual(twice.status, 2)
        XCTAssertEqual(twice.stderr, "framebudget: error: \(folder)/twice.json: peer 'texture-upload/peer-1core/256x192' appears "
                                     + "more than once in the peers file: each peer is timed once\n")
        let two = try Framebudget.run(["peers", "merge", head, folder + "/one.json", folder + "/one.json"])
        XCTAssertEqual(two.status, 2)
        XCTAssertEqual(two.stderr, "framebudget: error: \(folder)/one.json: peer 'texture-upload/peer-1core/256x192' is also in "
                                   + "\(folder)/one.json: each peer is merged once\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: head)), before, "the run is untouched")
    }

    func testAPeersFileCutShortOrMissingIsNamedWithItsProblem() throws {
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head")
        try Data("{\"environment\": {}, \"peers\": [".utf8).write(to: URL(fileURLWithPath: folder + "/cut.json"))
        let cut = try Framebudget.run(["peers", "merge", head, folder + "/cut.json"])
        XCTAssertEqual(cut.status, 2)
        XCTAssertEqual(cut.stderr, "framebudget: error: \(folder)/cut.json: not a peers file: not valid JSON: it ends in the middle of a value (truncated?)\n")
        let missing = try Framebudget.run(["peers", "merge", head, folder + "/none.json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "framebudget: error: \(folder)/none.json: cannot read: No such file or directory\n")
    }

    /// The real peers script on one exported kernel (skipped where numpy or OpenCV are not installed: `make peers`
    /// installs them).
    func testThePeersScriptTimesALibraryCallWithTheHarnessProtocol() throws {
        let probe = try Framebudget.python(["-c", "import numpy, cv2"])
        try XCTSkipIf(probe.status != 0, "numpy/opencv-python-headless not installed (make peers installs them)")
        XCTAssertEqual(try Framebudget.run(["peers", "export", "--out", folder + "/inputs"]).status, 0)
        let script = try Framebudget.python([
            Framebudget.repositoryRoot + "/scripts/peers.py", "--inputs", folder + "/inputs", "--threads", "1",
            "--out", folder + "/peers.json", "--quick", "--only", "nms/optimized/typical"])
        XCTAssertEqual(script.status, 0, script.stdout)
        let document = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: folder + "/peers.json"))) as! [String: Any]
        let peers = document["peers"] as! [[String: Any]]
        XCTAssertEqual(peers.map { $0["id"] as! String }, ["nms/peer-1core/typical"])
        let call = peers[0]["call"] as! [String: Any]
        XCTAssertEqual((call["samplesNanoseconds"] as! [Double]).count, 20, "--quick: 20 samples")
        XCTAssertNotNil(peers[0]["conversion"], "the xyxy → xywh float64 conversion is timed apart")
        let environment = try XCTUnwrap(document["environment"] as? [String: String])
        XCTAssertEqual(environment["inputsSeed"], "24301", "the seed the inputs were exported with, which merge checks against the run's")
        let cpu = try XCTUnwrap(environment["cpu"], "the machine, which merge checks against the run's")
        XCTAssertTrue(cpu.contains("(family "), cpu)
        XCTAssertNotNil(environment["openssl"], "hashlib's library")
        let busy = try XCTUnwrap(Double((peers[0]["parameters"] as? [String: String])?["cpuPerWall"] ?? ""))
        XCTAssertGreaterThan(busy, 0.3, "a one-thread peer keeps about one core busy")
        XCTAssertLessThan(busy, 1.5)
    }
    /// The peers do the kernels' work: the crowded NMS peer keeps the kernel's 300 of 1214 candidates, in its order
    /// (OpenCV's top_k once cut the candidates to 300 before the suppression, and the peer kept 66), and the colormap
    /// peer writes the kernel's RGBA bytes, holes (0, 0, 0, 0) and depth 0 red (it once took an absolute value and
    /// painted holes opaque). Outputs of `framebudget kernel` on the exported inputs against the peers' own calls.
    func testThePeersComputeWhatTheirKernelsCompute() throws {
        let probe = try Framebudget.python(["-c", "import numpy, cv2"])
        try XCTSkipIf(probe.status != 0, "numpy/opencv-python-headless not installed (make peers installs them)")
        let inputs = folder + "/inputs"
        XCTAssertEqual(try Framebudget.run(["peers", "export", "--out", inputs]).status, 0)
        let nms = try Framebudget.run(["kernel", "nms", "--in", inputs + "/nms-crowded", "--out", folder + "/nms", "--param", "conf=0.25"])
        XCTAssertEqual(nms.status, 0, nms.stderr)
        let colormap = try Framebudget.run(["kernel", "colormap", "--in", inputs + "/depth", "--out", folder + "/colormap",
                                            "--param", "near=0.5", "--param", "far=5.0", "--param", "width=256", "--param", "height=192"])
        XCTAssertEqual(colormap.status, 0, colormap.stderr)
        let check = """
            import json, sys
            inputs, folder, scripts = sys.argv[1:4]
            sys.argv = ["peers.py", "--inputs", inputs, "--threads", "1", "--out", folder + "/unused.json"]
            sys.path.insert(0, scripts)
            import peers
            peers.set_up()
            np = peers.np
            manifest = {e["kernel"]: e for e in json.load(open(inputs + "/manifest.json"))}
            entry = manifest["nms/optimized/crowded"]
            keep = np.asarray(peers.nms(entry)[1]()).ravel()
            scores = np.load(inputs + "/nms-crowded/scores.npy").astype(np.float64)
            passing = np.flatnonzero(scores > float(entry["parameters"]["conf"]))
            kernel = np.load(folder + "/nms/keep.npy")
            print("nms", passing.size, kernel.size, passing[keep].size, np.array_equal(passing[keep], kernel))
            out = np.asarray(peers.colormap(manifest["colormap/optimized/256x192"])[1]())
            expected = np.load(folder + "/colormap/rgba.npy")
            print("colormap", out.shape == expected.shape, np.array_equal(out, expected))
            """
        let result = try Framebudget.python(["-c", check, inputs, folder, Framebudget.repositoryRoot + "/scripts"])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stdout.contains("nms 1214 300 300 True"), result.stdout)
        XCTAssertTrue(result.stdout.contains("colormap True True"), result.stdout)
    }

    /// `make peers RESULTS=…` refuses a file it cannot use before any timing: one line, exit 2 (it used to print a
    /// Python traceback and exit 1, or time every peer and then fail the merge).
    func testThePeersScriptRefusesAnUnusableResultsFileBeforeTiming() throws {
        try "{\"schemaVersion\": 3, \"settings\"".write(toFile: folder + "/truncated.json", atomically: true, encoding: .utf8)
        var capture = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath:
            try ResultsFixtures.write(to: folder + "/synthetic.json", runID: "s")))) as! [String: Any]
        var settings = capture["settings"] as! [String: Any]
        settings["workload"] = "captures/kitchen"
        capture["settings"] = settings
        try JSONSerialization.data(withJSONObject: capture).write(to: URL(fileURLWithPath: folder + "/capture.json"))
        for (file, problem) in [("truncated.json", "not JSON"), ("capture.json", "measured on workload 'captures/kitchen'")] {
            let script = try Framebudget.command("/usr/bin/env", [
                "RESULTS=\(folder)/\(file)", "FRAMEBUDGET=\(Framebudget.binary.path)", Framebudget.repositoryRoot + "/scripts/peers.sh"])
            XCTAssertEqual(script.status, 2, script.stdout)
            XCTAssertEqual(script.stdout.split(separator: "\n").count, 1, script.stdout)
            XCTAssertTrue(script.stdout.hasPrefix("framebudget: RESULTS=\(folder)/\(file): \(problem)"), script.stdout)
        }
    }
}
