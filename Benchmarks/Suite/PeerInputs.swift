import Foundation
import HotPaths
import Measurement
import NumpyFiles
import Workloads

/// The synthetic inputs of the benchmarks that have a peer (the library a user would pick instead), written as
/// `.npy` capture folders, so that `scripts/peers.py` times the peers on exactly the bytes the kernels ran on.
///
/// Layout under the export folder: one capture folder per input set (`depth/`, `frame/`, `nms-typical/`,
/// `mask-upsample-n=10/`, `hash-chain/`…, file names as `framebudget kernel` reads them) and `manifest.json`
/// listing, per optimized kernel, its folder, parameters, threads and declared work.
public enum PeerInputs {
    /// One kernel a peer is measured against.
    public struct Entry: Codable, Sendable, Equatable {
        /// The optimized kernel's id, e.g. `colormap/optimized/1920x1440`.
        public var kernel: String
        public var hotPath: String
        public var workload: String
        /// The capture folder, relative to the manifest.
        public var folder: String
        public var parameters: [String: String]
        public var threads: Int
    }

    /// The kernels with peers and the input folder each reads.
    static let folders: [(id: String, folder: String)] = [
        ("texture-upload/optimized/256x192", "depth"), ("texture-upload/optimized/1920x1440-bgra", "frame"),
        ("colormap/optimized/256x192", "depth"), ("colormap/optimized/1920x1440", "depth"),
        ("preview-scale/optimized/1920x1440-to-960x720", "frame"),
        ("nms/optimized/typical", "nms-typical"), ("nms/optimized/crowded", "nms-crowded"),
        ("mask-upsample/optimized/n=1", "mask-upsample-n=1"), ("mask-upsample/optimized/n=10", "mask-upsample-n=10"),
        ("mask-upsample/optimized/n=100", "mask-upsample-n=100"),
        ("hash-chain/optimized/1920x1440-yuv420", "hash-chain"),
    ]

    /// Benchmark ids of the kernels with peers (for `run` filters).
    public static var kernelIDs: [String] { folders.map(\.id) }

    /// Writes every input folder and the manifest into `directory` (created when missing).
    /// - Returns: the manifest entries.
    @discardableResult
    public static func export(to directory: String, seed: UInt64) throws -> [Entry] {
        let suite = Dictionary(Suite.all().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        try writeDepth(directory + "/depth", seed: seed)
        try writeFrame(directory + "/frame", seed: seed)
        try writeCandidates(YoloCandidates.typical(seed: seed), to: directory + "/nms-typical")
        try writeCandidates(YoloCandidates.crowded(seed: seed), to: directory + "/nms-crowded")
        for n in MaskUpsampleBenchmarks.detections {
            try writeMasks(MaskPrototypes.scene(detections: n, seed: seed), to: directory + "/mask-upsample-n=\(n)")
        }
        try writeHashFrames(directory + "/hash-chain", seed: seed)
        let entries = folders.compactMap { id, folder -> Entry? in
            guard let benchmark = suite[id] else { return nil }
            return Entry(kernel: id, hotPath: benchmark.hotPath, workload: benchmark.workload, folder: folder,
                         parameters: benchmark.parameters, threads: benchmark.threads)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(["seed": "\(seed)"]).write(to: URL(fileURLWithPath: directory + "/seed.json"))
        try encoder.encode(entries).write(to: URL(fileURLWithPath: directory + "/manifest.json"))
        return entries
    }

    private static func folder(_ path: String) throws -> String {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `depth.npy` float32 [H, W] and the colormap's palette as a 256-entry lookup table, `palette.npy` uint8
    /// [256, 4] RGBA (entry i is the kernel's colour of near + (far − near)·i/255), what a LUT-based peer applies.
    private static func writeDepth(_ path: String, seed: UInt64) throws {
        let map = RoomScene.lidar(seed: seed).depth
        let base = try folder(path)
        try NpyFile.write(NpyArray(shape: [map.height, map.width], values: map.values), to: base + "/depth.npy")
        let palette = GradientPalette.redToBlue()
        let table = (0..<256).flatMap { index -> [UInt8] in
            let pixel = palette.pixel(palette.near + (palette.far - palette.near) * Float(index) / 255)
            return [pixel.x, pixel.y, pixel.z, pixel.w]
        }
        try NpyFile.write(NpyArray(shape: [256, 4], values: table), to: base + "/palette.npy")
    }

    private static func writeFrame(_ path: String, seed: UInt64) throws {
        let frame = CameraFrame.room(width: 1920, height: 1440, seed: seed)
        try NpyFile.write(NpyArray(shape: [frame.height, frame.width, 4], values: frame.bytes), to: try folder(path) + "/frame.npy")
    }

    private static func writeCandidates(_ candidates: YoloCandidates, to path: String) throws {
        let base = try folder(path)
        try NpyFile.write(NpyArray(shape: [candidates.count, 4], values: candidates.boxes), to: base + "/boxes.npy")
        try NpyFile.write(NpyArray(shape: [candidates.count], values: candidates.scores), to: base + "/scores.npy")
        try NpyFile.write(NpyArray(shape: [candidates.count], values: candidates.classes), to: base + "/classes.npy")
    }

    private static func writeMasks(_ scene: MaskPrototypes, to path: String) throws {
        let base = try folder(path)
        try NpyFile.write(NpyArray(shape: [scene.channels, scene.protoHeight, scene.protoWidth], values: scene.prototypes),
                          to: base + "/protos.npy")
        try NpyFile.write(NpyArray(shape: [scene.detections, scene.channels], values: scene.coefficients), to: base + "/coeffs.npy")
        try NpyFile.write(NpyArray(shape: [scene.detections, 4], values: scene.boxes), to: base + "/boxes.npy")
    }

    private static func writeHashFrames(_ path: String, seed: UInt64) throws {
        let frames = (0..<HashChainBenchmarks.distinctFrames).map {
            YUVFrames.frame(width: HashChainBenchmarks.width, height: HashChainBenchmarks.height, seed: seed, index: $0)
        }
        try NpyFile.write(NpyArray(shape: [frames.count, frames[0].count], values: frames.flatMap { $0 }),
                          to: try folder(path) + "/frames.npy")
    }
}
