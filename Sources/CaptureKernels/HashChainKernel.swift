import Foundation
import HotPaths
import NumpyFiles

/// `framebudget kernel hash-chain`: the integrity chain of a recorded video, one link per frame.
public enum HashChainKernel: CaptureKernel {
    public static let id = "hash-chain"
    public static let usage = """
        in: frames.npy uint8 [F, B] (F frames of B bytes, e.g. B = 4147200 for 1920x1440 YUV 4:2:0), \
        optional genesis.hex (64 hex digits; 32 zero bytes when absent) → out: chain.npy uint8 [F, 32], \
        row i = SHA-256(row i−1 ‖ frame i). F = 0 gives an empty [0, 32] chain. params: variant=optimized|reference
        """

    public static func run(input: String, output: String, parameters: KernelParameters) throws -> String {
        try parameters.requireOnly(["variant"])
        let variant = try KernelInputs.variant(parameters)
        let frames = try HashChainInputs.frames(in: input)
        let genesis = try HashChainInputs.genesis(in: input)
        var links: [UInt8] = []
        links.reserveCapacity(frames.count * ChainDigest.byteCount)
        switch variant {
        case "reference":
            var previous = genesis
            for index in 0..<frames.count {
                previous = ReferenceHashChain.link(previous: previous, frame: Array(frames.bytes[frames.range(of: index)]))
                links.append(contentsOf: previous.byteArray)
            }
        default:
            var chain = FrameHashChain(genesis: genesis)
            frames.bytes.withUnsafeBytes { all in
                for index in 0..<frames.count {
                    links.append(contentsOf: chain.append(UnsafeRawBufferPointer(rebasing: all[frames.range(of: index)])).byteArray)
                }
            }
        }
        try OutputFile.write(NpyArray(dtype: .uint8, shape: [frames.count, ChainDigest.byteCount], bytes: links),
                             file: "chain.npy", in: output)
        let head = frames.count == 0 ? "genesis" : "head \(ChainDigest(bytes: SIMD32(links.suffix(32))).hex)"
        return "hash-chain: chained \(frames.count) frames of \(frames.frameBytes) bytes (\(variant)); \(head)"
    }
}

/// The inputs the hash-chain kernels share: packed frames and the genesis.
enum HashChainInputs {
    struct Frames {
        let count: Int
        let frameBytes: Int
        let bytes: [UInt8]

        func range(of index: Int) -> Range<Int> { (index * frameBytes)..<((index + 1) * frameBytes) }
    }

    /// `frames.npy`, uint8 [F, B]; read without a second copy (a 15 s recording is about 1.9 GB).
    static func frames(in folder: String) throws -> Frames {
        let path = folder + "/frames.npy"
        guard FileManager.default.fileExists(atPath: path) else { throw KernelInputError.missingFile(file: path) }
        let array = try NpyFile.read(path)
        guard array.dtype == .uint8 else {
            throw NpyError.wrongDType(file: path, expected: "uint8", found: array.dtype.name)
        }
        guard array.shape.count == 2 else {
            throw NpyError.wrongRank(file: path, expected: "2 dimensions [frames, bytes per frame]", found: array.shape)
        }
        return Frames(count: array.shape[0], frameBytes: array.shape[1], bytes: array.bytes)
    }

    /// `genesis.hex` when present (64 hex digits, whitespace around them ignored), else 32 zero bytes.
    static func genesis(in folder: String) throws -> ChainDigest {
        let path = folder + "/genesis.hex"
        guard FileManager.default.fileExists(atPath: path) else { return .zero }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw KernelInputError.invalidInput(file: path, reason: "cannot read")
        }
        let text = String(decoding: data, as: UTF8.self)
        guard let genesis = ChainDigest(hex: text) else {
            let digits = text.trimmingCharacters(in: .whitespacesAndNewlines)
            throw KernelInputError.invalidInput(
                file: path, reason: "expected 64 hex digits (32 bytes), found \(digits.count) characters"
                    + (digits.count == 64 ? " with a non-hex character" : ""))
        }
        return genesis
    }
}
