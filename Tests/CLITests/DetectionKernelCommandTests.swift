import XCTest
import Foundation

/// `framebudget kernel nms | mask-upsample | hash-chain | hash-verify` through the real binary: outputs, one-line
/// errors, exit codes, and nothing written on failure. Inputs are made with numpy, as a user would.
final class DetectionKernelCommandTests: XCTestCase {
    private var base = ""

    override func setUpWithError() throws {
        base = NSTemporaryDirectory() + "fb-detect-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base + "/in", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: base) }

    private func numpy(_ script: String) throws {
        let result = try Framebudget.python(["-c", "import numpy as np, os; os.chdir('\(base)/in')\n" + script])
        XCTAssertEqual(result.status, 0, result.stdout)
    }

    func testNMSWritesKeepAndSummarizes() throws {
        try numpy("""
            np.save('boxes.npy', np.array([[0,0,10,10],[1,1,11,11],[50,50,60,60]], np.float32))
            np.save('scores.npy', np.array([0.8, 0.9, 0.3], np.float32))
            np.save('classes.npy', np.array([2, 2, 2], np.int32))
            """)
        let result = try Framebudget.run(["kernel", "nms", "--in", base + "/in", "--out", base + "/out", "--param", "conf=0.25"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "nms: kept 2 of 3 candidates (3 over conf 0.25, optimized)\n")
        let check = try Framebudget.python(["-c", "import numpy as np; k = np.load('\(base)/out/keep.npy'); print(k.dtype, k.tolist())"])
        XCTAssertEqual(check.stdout, "int32 [1, 2]\n")
    }

    func testInvertedBoxExitsTwoWithOneLineAndNoOutput() throws {
        try numpy("""
            np.save('boxes.npy', np.array([[0,0,10,10],[9,0,1,10]], np.float32))
            np.save('scores.npy', np.array([0.8, 0.9], np.float32))
            np.save('classes.npy', np.array([0, 0], np.int32))
            """)
        let result = try Framebudget.run(["kernel", "nms", "--in", base + "/in", "--out", base + "/out"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: \(base)/in/boxes.npy: row 1 is inverted (x1 9.0, y1 0.0, x2 1.0, y2 10.0); boxes are x1, y1, x2, y2\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: base + "/out"))
    }

    func testHashChainThenVerifyNamesTheTamperedFrame() throws {
        try numpy("np.save('frames.npy', (np.arange(6 * 300) % 251).astype(np.uint8).reshape(6, 300))")
        let chained = try Framebudget.run(["kernel", "hash-chain", "--in", base + "/in", "--out", base + "/out"])
        XCTAssertEqual(chained.status, 0, chained.stderr)
        XCTAssertTrue(chained.stdout.hasPrefix("hash-chain: chained 6 frames of 300 bytes (optimized); head "))
        try FileManager.default.moveItem(atPath: base + "/out/chain.npy", toPath: base + "/in/chain.npy")
        let verified = try Framebudget.run(["kernel", "hash-verify", "--in", base + "/in", "--out", base + "/verify"])
        XCTAssertEqual(verified.stdout, "hash-verify: verified 6 of 6 frames (0.2 s of 0.2 s)\n")
        try numpy("f = np.load('frames.npy'); f[4, 17] ^= 1; np.save('frames.npy', f)")
        let tampered = try Framebudget.run(["kernel", "hash-verify", "--in", base + "/in", "--out", base + "/verify2"])
        XCTAssertEqual(tampered.status, 2)
        XCTAssertEqual(tampered.stderr,
                       "framebudget: error: no result: tampered: first tampered frame in frame 4 (at 0.1 s); verified 4 of 6 frames before it\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: base + "/verify2"))
    }

    func testGenesisOfTheWrongLengthExitsTwo() throws {
        try numpy("np.save('frames.npy', np.zeros((2, 8), np.uint8)); open('genesis.hex', 'w').write('abcd')")
        let result = try Framebudget.run(["kernel", "hash-chain", "--in", base + "/in", "--out", base + "/out"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: \(base)/in/genesis.hex: expected 64 hex digits (32 bytes), found 4 characters\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: base + "/out"))
    }

    func testMaskUpsampleWritesUInt8Masks() throws {
        try numpy("""
            r = np.random.default_rng(1)
            np.save('protos.npy', r.normal(0, 1, (32, 12, 16)).astype(np.float32))
            np.save('coeffs.npy', r.normal(0, 0.5, (3, 32)).astype(np.float32))
            np.save('boxes.npy', np.array([[4,4,40,30],[-9,0,70,50],[0,0,1,1]], np.float32))
            """)
        let result = try Framebudget.run(["kernel", "mask-upsample", "--in", base + "/in", "--out", base + "/out",
                                          "--param", "width=64", "--param", "height=48"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let check = try Framebudget.python(["-c", "import numpy as np; m = np.load('\(base)/out/masks.npy'); print(m.dtype, m.shape, int(m[0].max()) > 0)"])
        XCTAssertEqual(check.stdout, "uint8 (3, 48, 64) True\n")
    }
}
