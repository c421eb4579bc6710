/// The benchmark ids of the contract every engineer builds to (`hotPath/variant/workload`).
///
/// A budget may name one of these even when this build's suite lacks it: the verdict is then MISSING (exit 1),
/// which says "not measured" loudly. A budget naming neither a contract id nor a suite id is a typo: bad input.
public enum ContractIDs {
    public static let all: Set<String> = Set(
        ids("texture-upload", ["reference", "optimized", "memcpy"], ["256x192", "1920x1440-bgra"])
            + ids("colormap", ["reference", "optimized"], ["256x192", "1920x1440"])
            + ids("edge-overlay", ["reference", "optimized"], ["256x192"])
            + ids("preview-scale", ["reference", "optimized"], ["1920x1440-to-960x720"])
            + ids("fusion", ["reference", "optimized", "blas"], ["256x192-to-518x392"])
            + ids("nms", ["reference", "optimized"], ["typical", "crowded", "n=100", "n=1000", "n=8400", "n=25200"])
            + ids("mask-upsample", ["reference", "optimized"], ["n=1", "n=10", "n=100"])
            + ids("yolo-post", ["optimized"], ["typical"])
            + ids("hash-chain", ["reference", "optimized"], ["1920x1440-yuv420"])
            + ids("finger-count", ["reference", "optimized"], ["21-landmarks"])
            + ids("photo-frame", ["optimized"], ["256x192-to-1920x1440"])
            + ids("frame-loop", ["photo", "video"], ["drop", "queue"]))

    private static func ids(_ hotPath: String, _ variants: [String], _ workloads: [String]) -> [String] {
        variants.flatMap { variant in workloads.map { "\(hotPath)/\(variant)/\($0)" } }
    }
}
