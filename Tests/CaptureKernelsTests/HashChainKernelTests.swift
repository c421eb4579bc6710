import XCTest
import CaptureKernels
import HotPaths
import NumpyFiles

/// `framebudget kernel hash-chain` and `hash-verify` on files: links, verification, and every bad input.
final class HashChainKernelTests: XCTestCase {
    private var folder: KernelFolder!
    private let frameBytes = 96

    override func setUpWithError() throws { folder = try KernelFolder() }
    override func tearDown() { folder.remove() }

    private func frames(_ count: Int) -> [UInt8] { (0..<(count * frameBytes)).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 13) } }

    private func writeFrames(_ bytes: [UInt8], count: Int) throws {
        try folder.write("frames.npy", NpyArray(dtype: .uint8, shape: [count, count == 0 ? frameBytes : bytes.count / count], bytes: bytes))
    }

    func testChainRowsAreTheLinksOfEveryFrameForBothVariants() throws {
        let bytes = frames(4)
        try writeFrames(bytes, count: 4)
        try folder.run(HashChainKernel.self)
        let optimized = try folder.read("chain.npy")
        XCTAssertEqual(optimized.shape, [4, 32])
        var chain = FrameHashChain()
        let expected = (0..<4).flatMap { i in
            Array(bytes[(i * frameBytes)..<((i + 1) * frameBytes)]).withUnsafeBytes { chain.append($0).byteArray }
        }
        XCTAssertEqual(optimized.bytes, expected)
        try folder.run(HashChainKernel.self, ["variant": "reference"])
        XCTAssertEqual(try folder.read("chain.npy").bytes, expected)
    }

    func testGenesisFileSeedsTheChain() throws {
        try writeFrames(frames(1), count: 1)
        try folder.writeText("genesis.hex", String(repeating: "ab", count: 32) + "\n")
        try folder.run(HashChainKernel.self)
        let link = frames(1).withUnsafeBytes {
            FrameHashChain.link(previous: ChainDigest(bytes: SIMD32(repeating: 0xAB)), frame: $0)
        }
        XCTAssertEqual(try folder.read("chain.npy").bytes, link.byteArray)
    }

    func testZeroFramesGiveAnEmptyChain() throws {
        try writeFrames([], count: 0)
        XCTAssertTrue(try folder.run(HashChainKernel.self).contains("chained 0 frames"))
        XCTAssertEqual(try folder.read("chain.npy").shape, [0, 32])
    }

    func testGenesisOfTheWrongLengthIsRefused() throws {
        try writeFrames(frames(1), count: 1)
        try folder.writeText("genesis.hex", String(repeating: "0", count: 40))
        XCTAssertEqual(folder.failure(HashChainKernel.self),
                       "\(folder.input)/genesis.hex: expected 64 hex digits (32 bytes), found 40 characters")
    }

    func testMistypedOrTruncatedFramesAreRefused() throws {
        try folder.write("frames.npy", NpyArray(shape: [2, 3], values: [Float](repeating: 1, count: 6)))
        XCTAssertEqual(folder.failure(HashChainKernel.self), "\(folder.input)/frames.npy: dtype is float32, expected uint8")
        var file = NpyFormat.serialize(NpyArray(dtype: .uint8, shape: [2, frameBytes], bytes: frames(2)))
        file.removeLast(10)
        try folder.writeRaw("frames.npy", file)
        XCTAssertTrue(folder.failure(HashChainKernel.self).hasSuffix("\(folder.input)/frames.npy: truncated: header declares 192 data bytes, file has 182"))
    }

    func testMissingFramesAndUnknownParametersAreNamed() throws {
        XCTAssertEqual(folder.failure(HashChainKernel.self), "\(folder.input)/frames.npy: missing input file")
        try writeFrames(frames(1), count: 1)
        XCTAssertTrue(folder.failure(HashChainKernel.self, ["varient": "reference"]).hasPrefix("parameter 'varient': unknown parameter"))
    }

    func testVerifyPassesAnUntouchedRecordingAndNamesATamperedFrame() throws {
        var bytes = frames(5)
        try writeFrames(bytes, count: 5)
        try folder.run(HashChainKernel.self)
        try FileManager.default.moveItem(atPath: folder.output + "/chain.npy", toPath: folder.input + "/chain.npy")
        XCTAssertEqual(try folder.run(HashVerifyKernel.self), "hash-verify: verified 5 of 5 frames (0.2 s of 0.2 s)")
        try FileManager.default.removeItem(atPath: folder.output)
        bytes[2 * frameBytes + 5] ^= 1
        try writeFrames(bytes, count: 5)
        XCTAssertEqual(folder.failure(HashVerifyKernel.self),
                       "no result: tampered: first tampered frame in frame 2 (at 0.1 s); verified 2 of 5 frames before it")
    }

    func testVerifyAtCheckpointsCoversAnInterruptedRecordingUpToItsLastCheckpoint() throws {
        let bytes = frames(7)
        try writeFrames(bytes, count: 7)
        try folder.run(HashChainKernel.self)
        let links = try folder.read("chain.npy").bytes
        // Checkpoints every 3 frames: the heads after frames 3 and 6 (rows 2 and 5).
        try folder.write("chain.npy", NpyArray(dtype: .uint8, shape: [2, 32], bytes: Array(links[64..<96] + links[160..<192])))
        try FileManager.default.removeItem(atPath: folder.output)
        XCTAssertEqual(try folder.run(HashVerifyKernel.self, ["checkpoint_every": "3", "fps": "1"]),
                       "hash-verify: verified 6 of 7 frames (6.0 s of 7.0 s)")
    }

    func testVerifyRefusesCheckpointsBeyondTheFramesAndBadDigestWidths() throws {
        try writeFrames(frames(2), count: 2)
        try folder.write("chain.npy", NpyArray(dtype: .uint8, shape: [3, 32], bytes: [UInt8](repeating: 0, count: 96)))
        XCTAssertEqual(folder.failure(HashVerifyKernel.self),
                       "\(folder.input)/chain.npy: checkpoint 2 covers 3 frames, only 2 frames were given")
        try folder.write("chain.npy", NpyArray(dtype: .uint8, shape: [2, 16], bytes: [UInt8](repeating: 0, count: 32)))
        XCTAssertEqual(folder.failure(HashVerifyKernel.self),
                       "\(folder.input)/chain.npy: shape [2, 16], expected [K, 32] (32-byte SHA-256 links)")
        XCTAssertEqual(folder.failure(HashVerifyKernel.self, ["checkpoint_every": "0"]),
                       "parameter 'checkpoint_every': must be in 1...4294967296")
        XCTAssertEqual(folder.failure(HashVerifyKernel.self, ["checkpoint_every": "\(Int.max)"]),
                       "parameter 'checkpoint_every': must be in 1...4294967296", "no overflow computing checkpoint frames")
    }
}
