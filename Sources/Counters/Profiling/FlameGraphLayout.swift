/// One box of a flame graph: a frame at a depth, spanning samples [start, start + width) of the root.
public struct FlameFrame: Sendable, Equatable {
    public let name: String
    /// 0 for the root (`all`), 1 for its children...
    public let depth: Int
    public let start: Int
    public let width: Int
    /// The stack prefix this box stands for (`a;b;c`; the root's name for the root).
    public let path: String

    public init(name: String, depth: Int, start: Int, width: Int, path: String? = nil) {
        self.name = name
        self.depth = depth
        self.start = start
        self.width = width
        self.path = path ?? name
    }
}

/// Lays folded stacks out as a flame graph: the root spans all samples; each frame's children sit on top of it,
/// sorted by name (so equal stacks merge and the picture does not depend on sample order), left to right.
public enum FlameGraphLayout {
    /// The frames, depth first, children in name order. Empty for no samples.
    public static func frames(_ stacks: FoldedStacks, rootName: String = "all") -> [FlameFrame] {
        let root = Node()
        for (stack, count) in stacks.counts where count > 0 {
            root.samples += count
            var node = root
            for name in stack.split(separator: ";").map(String.init) {
                let child = node.children[name] ?? Node()
                node.children[name] = child
                child.samples += count
                node = child
            }
        }
        guard root.samples > 0 else { return [] }
        var frames = [FlameFrame]()
        place(root, name: rootName, path: rootName, depth: 0, start: 0, into: &frames)
        return frames
    }

    /// The deepest depth, for the picture's height.
    public static func maximumDepth(_ frames: [FlameFrame]) -> Int {
        frames.map(\.depth).max() ?? 0
    }

    private final class Node {
        var samples = 0
        var children: [String: Node] = [:]
    }

    private static func place(_ node: Node, name: String, path: String, depth: Int, start: Int,
                              into frames: inout [FlameFrame]) {
        frames.append(FlameFrame(name: name, depth: depth, start: start, width: node.samples, path: path))
        var offset = start
        for childName in node.children.keys.sorted() {
            let child = node.children[childName]!
            let childPath = depth == 0 ? childName : path + ";" + childName
            place(child, name: childName, path: childPath, depth: depth + 1, start: offset, into: &frames)
            offset += child.samples
        }
    }
}
