import XCTest
import HotPaths
import Workloads

/// The frame hash chain h_i = SHA-256(h_{i−1} ‖ frame_i): known answers from Python's hashlib, the optimized
/// streaming chain against the concatenating reference, and verification of tampered and interrupted recordings.
final class HashChainTests: XCTestCase {
    private let width = 64, height = 48

    func testFirstLinkOverZeroGenesisMatchesHashlib() {
        // python3: hashlib.sha256(b'\0' * 32 + b'abc').hexdigest()
        var chain = FrameHashChain()
        let head = Array("abc".utf8).withUnsafeBytes { chain.append($0) }
        XCTAssertEqual(head.hex, "365aa7d8f7f9402c4b9434502b4cc89ddb09fe50d7cd95b493b834c62d5a5370")
        XCTAssertEqual(chain.frameCount, 1)
    }

    func testTwoLinksFromAGivenGenesisMatchHashlib() throws {
        // python3: g = bytes(range(32)); h1 = sha256(g + b'frame-0'); h2 = sha256(h1 + b'frame-1')
        let genesis = try XCTUnwrap(ChainDigest(hex: (0..<32).map { String(format: "%02X", $0) }.joined()))
        var chain = FrameHashChain(genesis: genesis)
        let first = Array("frame-0".utf8).withUnsafeBytes { chain.append($0) }
        let second = Array("frame-1".utf8).withUnsafeBytes { chain.append($0) }
        XCTAssertEqual(first.hex, "c959820c731a234741832daaa5d2d25a812c238daedab7a106aaed3fff92bf82")
        XCTAssertEqual(second.hex, "5445f4f538a11d63e14a9bf58a48c5774ed7e4c5d1bf3c716338da100c8606ba")
        XCTAssertEqual(chain.genesis, genesis)
    }

    func testEmptyFrameIsChainedAsZeroBytes() throws {
        // python3: sha256(bytes(range(32))).hexdigest()
        let genesis = ChainDigest(bytes: SIMD32<UInt8>((0..<32).map { UInt8($0) }))
        var chain = FrameHashChain(genesis: genesis)
        XCTAssertEqual(chain.append(UnsafeRawBufferPointer(start: nil, count: 0)).hex,
                       "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd")
    }

    func testStreamingChainEqualsTheConcatenatingReference() {
        let frames = (0..<6).map { YUVFrames.frame(width: width, height: height, seed: 2, index: $0) }
        let genesis = ChainDigest(bytes: SIMD32<UInt8>(repeating: 0xA5))
        var chain = FrameHashChain(genesis: genesis)
        let streamed = frames.map { frame in frame.withUnsafeBytes { chain.append($0) } }
        XCTAssertEqual(streamed, ReferenceHashChain.chain(frames: frames, genesis: genesis))
        XCTAssertEqual(Set(streamed).count, 6, "every link differs")
    }

    func testFrameInTwoPlanesChainsAsThePackedFrame() {
        let frame = YUVFrames.frame(width: width, height: height, seed: 3, index: 0)
        var packed = FrameHashChain(), planar = FrameHashChain()
        frame.withUnsafeBytes { packed.append($0) }
        let luma = Array(frame[0..<(width * height)]), chroma = Array(frame[(width * height)...])
        luma.withUnsafeBytes { y in chroma.withUnsafeBytes { uv in planar.append(y, uv) } }
        XCTAssertEqual(planar.head, packed.head)
        XCTAssertEqual(planar.frameCount, 1)
    }

    func testGenesisChangesEveryLink() {
        let frames = (0..<3).map { YUVFrames.frame(width: width, height: height, seed: 2, index: $0) }
        let zero = ReferenceHashChain.chain(frames: frames)
        let other = ReferenceHashChain.chain(frames: frames, genesis: ChainDigest(bytes: SIMD32<UInt8>(repeating: 1)))
        for i in 0..<3 { XCTAssertNotEqual(zero[i], other[i]) }
    }

    func testHexGenesisOfTheWrongLengthOrAlphabetIsRefused() {
        XCTAssertNil(ChainDigest(hex: String(repeating: "0", count: 62)))
        XCTAssertNil(ChainDigest(hex: String(repeating: "0", count: 66)))
        XCTAssertNil(ChainDigest(hex: String(repeating: "g", count: 64)))
        XCTAssertEqual(ChainDigest(hex: " " + String(repeating: "0", count: 64) + "\n"), .zero)
        let mixed = ChainDigest(hex: "Ab" + String(repeating: "0", count: 62))
        XCTAssertEqual(mixed?.hex, "ab" + String(repeating: "0", count: 62))
    }

    func testVerificationNamesTheFirstTamperedFrame() throws {
        var frames = (0..<8).map { YUVFrames.frame(width: width, height: height, seed: 4, index: $0) }
        let links = ReferenceHashChain.chain(frames: frames)
        frames[3][100] ^= 1
        frames[6][0] ^= 0x80
        let outcome = try verify(frames, HashChainVerifier.checkpoints(perFrameLinks: links))
        XCTAssertEqual(outcome.firstTamperedFrame, 3)
        XCTAssertEqual(outcome.tamperedFrames, 3..<4)
        XCTAssertEqual(outcome.verifiedFrames, 3)
        XCTAssertEqual(outcome.summary(framesPerSecond: 30),
                       "tampered: first tampered frame in frame 3 (at 0.1 s); verified 3 of 8 frames before it")
    }

    func testUntouchedRecordingVerifiesEveryFrame() throws {
        let frames = (0..<5).map { YUVFrames.frame(width: width, height: height, seed: 4, index: $0) }
        let outcome = try verify(frames, HashChainVerifier.checkpoints(perFrameLinks: ReferenceHashChain.chain(frames: frames)))
        XCTAssertNil(outcome.tamperedFrames)
        XCTAssertEqual(outcome.summary(framesPerSecond: 5), "verified 5 of 5 frames (1.0 s of 1.0 s)")
    }

    func testInterruptedRecordingVerifiesUpToItsLastCheckpoint() throws {
        // 12 frames at 1 fps with a checkpoint every 5 frames: the recording stopped 2 frames after the last one.
        let frames = (0..<12).map { YUVFrames.frame(width: width, height: height, seed: 5, index: $0) }
        let links = ReferenceHashChain.chain(frames: frames)
        let checkpoints = HashChainVerifier.checkpoints([links[4], links[9]], every: 5)
        let outcome = try verify(frames, checkpoints)
        XCTAssertEqual(outcome.verifiedFrames, 10)
        XCTAssertEqual(outcome.summary(framesPerSecond: 1), "verified 10 of 12 frames (10.0 s of 12.0 s)")
    }

    func testTamperingBetweenCheckpointsNamesThatInterval() throws {
        var frames = (0..<10).map { YUVFrames.frame(width: width, height: height, seed: 5, index: $0) }
        let links = ReferenceHashChain.chain(frames: frames)
        frames[7][9] &+= 1
        let outcome = try verify(frames, HashChainVerifier.checkpoints([links[4], links[9]], every: 5))
        XCTAssertEqual(outcome.tamperedFrames, 5..<10)
        XCTAssertEqual(outcome.verifiedFrames, 5)
    }

    func testCheckpointsBeyondTheFramesOrOutOfOrderAreRefused() {
        let frames = (0..<3).map { YUVFrames.frame(width: 8, height: 8, seed: 1, index: $0) }
        let late = [ChainCheckpoint(frameCount: 4, digest: .zero)]
        XCTAssertThrowsError(try verify(frames, late)) {
            XCTAssertEqual($0 as? HashChainError, .checkpointBeyondFrames(index: 0, covers: 4, available: 3))
        }
        let backwards = [ChainCheckpoint(frameCount: 2, digest: .zero), ChainCheckpoint(frameCount: 2, digest: .zero)]
        XCTAssertThrowsError(try verify(frames, backwards)) {
            XCTAssertEqual($0 as? HashChainError, .checkpointsOutOfOrder(index: 1))
        }
    }

    func testPackedFramesThatDoNotFillTheDeclaredShapeAreRefused() {
        XCTAssertThrowsError(try [UInt8](repeating: 0, count: 10).withUnsafeBytes {
            try HashChainVerifier.verify(frames: $0, frameCount: 3, frameBytes: 4, checkpoints: [])
        }) { XCTAssertEqual($0 as? HashChainError, .framesSizeMismatch(bytes: 10, frameCount: 3, frameBytes: 4)) }
    }

    func testEmptyRecordingVerifiesZeroFrames() throws {
        let outcome = try verify([], [])
        XCTAssertEqual(outcome, ChainVerification(verifiedFrames: 0, totalFrames: 0, tamperedFrames: nil))
    }

    func testYUVFrameHasTheFourTwoZeroSize() {
        XCTAssertEqual(YUVFrames.byteCount(width: 1920, height: 1440), 4_147_200)
        XCTAssertEqual(YUVFrames.frame(width: width, height: height, seed: 1, index: 0).count, width * height * 3 / 2)
    }

    private func verify(_ frames: [[UInt8]], _ checkpoints: [ChainCheckpoint]) throws -> ChainVerification {
        let packed = frames.flatMap { $0 }
        return try packed.withUnsafeBytes {
            try HashChainVerifier.verify(frames: $0, frameCount: frames.count, frameBytes: frames.first?.count ?? 0,
                                         checkpoints: checkpoints)
        }
    }
}
