import Foundation
import Yams

/// Reads `Benchmarks/budgets.yaml` and validates every budget, so a typo never turns into a silent pass.
///
/// The file is `version: 1` and a `budgets:` list of mappings with the fields of ``Budget`` spelled in kebab case
/// (`hot-path`, …), and optionally `regression-thresholds:`, a mapping of benchmark id to the percentage change a
/// comparison of builds calls a regression for it (``regressionThresholds(path:knownIDs:)``). Validation stops at
/// the first problem and names its line and field.
public enum BudgetsFile {
    public static let supportedVersion = 1

    /// Loads and validates a budgets file.
    /// - Parameters:
    ///   - path: the YAML file.
    ///   - knownIDs: benchmark ids (`hotPath/variant/workload`) a budget may name; nil skips that check.
    ///   - frameLoopIDs: the ids among them of frame-loop benchmarks, the only ones a frame-loop metric
    ///     (`frame-time`, `fps-share`, `drift`) can be read on; nil skips that check.
    /// - Throws: ``BudgetsFileError``.
    public static func load(path: String, knownIDs: Set<String>?, frameLoopIDs: Set<String>? = nil) throws -> [Budget] {
        try parse(BudgetsText.read(path: path), path: path, knownIDs: knownIDs, frameLoopIDs: frameLoopIDs)
    }

    /// Parses and validates budgets from YAML text; `path` only names the source in errors.
    public static func parse(_ text: String, path: String, knownIDs: Set<String>?,
                             frameLoopIDs: Set<String>? = nil) throws -> [Budget] {
        guard let root = try compose(text, path: path) else {
            throw BudgetsFileError(path: path, line: nil, field: nil, problem: "empty file (expected 'version: 1' and 'budgets:')")
        }
        let reader = NodeReader(path: path)
        let top = try topLevel(root, reader: reader)
        if let thresholds = top["regression-thresholds"] { _ = try thresholdMap(thresholds, reader: reader, knownIDs: knownIDs) }
        let list = try reader.required(top, "budgets", in: root)
        guard let items = list.sequence else { throw reader.error(list, "budgets", "must be a list of budgets") }
        var budgets: [Budget] = []
        var names: Set<String> = []
        for (index, item) in items.enumerated() {
            let budget = try BudgetEntry(reader: reader, node: item, index: index).budget(knownIDs: knownIDs, frameLoopIDs: frameLoopIDs)
            guard names.insert(budget.name).inserted else {
                throw reader.error(item, "name", "duplicate budget name '\(budget.name)'")
            }
            budgets.append(budget)
        }
        return budgets
    }

    /// The per-benchmark regression thresholds of a budgets file (fractions: `3` in the file is 0.03), empty when it
    /// has none. Each id must be registered (when `knownIDs` is given) and each value a percentage in (0, 100].
    /// - Throws: ``BudgetsFileError``, naming the line and the id.
    public static func regressionThresholds(path: String, knownIDs: Set<String>?) throws -> [String: Double] {
        let reader = NodeReader(path: path)
        guard let root = try compose(BudgetsText.read(path: path), path: path) else { return [:] }
        guard let thresholds = try topLevel(root, reader: reader)["regression-thresholds"] else { return [:] }
        return try thresholdMap(thresholds, reader: reader, knownIDs: knownIDs)
    }

    /// The YAML document of `text`, nil when it is empty; malformed YAML is a located ``BudgetsFileError``.
    private static func compose(_ text: String, path: String) throws -> Node? {
        do { return try Yams.compose(yaml: text) } catch { throw yamlError(error, path: path) }
    }

    private static func topLevel(_ root: Node, reader: NodeReader) throws -> [String: Node] {
        let top = try reader.mapping(root, field: "top level", allowed: ["version", "budgets", "regression-thresholds"])
        let version = try reader.required(top, "version", in: root)
        guard Int(version.string ?? "") == supportedVersion else {
            throw reader.error(version, "version", "unsupported version '\(version.string ?? "?")' (this framebudget reads \(supportedVersion))")
        }
        return top
    }

    private static func thresholdMap(_ node: Node, reader: NodeReader, knownIDs: Set<String>?) throws -> [String: Double] {
        guard let mapping = node.mapping else {
            throw reader.error(node, "regression-thresholds", "must map benchmark ids to percentages, e.g. 'nms/optimized/crowded: 5'")
        }
        var thresholds: [String: Double] = [:]
        for (key, value) in mapping {
            let id = key.string ?? ""
            let field = "regression-thresholds.\(id)"
            if let knownIDs, !knownIDs.contains(id) { throw reader.error(key, field, "no registered benchmark '\(id)'") }
            guard let percent = Double(value.string ?? ""), percent.isFinite, percent > 0, percent <= 100 else {
                throw reader.error(value, field, "must be a percentage in (0, 100] (got '\(value.string ?? "?")')")
            }
            thresholds[id] = percent / 100
        }
        return thresholds
    }

    private static func yamlError(_ error: Error, path: String) -> BudgetsFileError {
        guard let error = error as? YamlError else {
            return BudgetsFileError(path: path, line: nil, field: nil, problem: "malformed YAML: \(error)")
        }
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return BudgetsFileError(path: path, line: mark.line, field: nil, problem: "malformed YAML: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            // Yams's own words carry the whole document, escaped, as "context": the key and the line say it all.
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return BudgetsFileError(path: path, line: context.mark.line, field: nil,
                                    problem: "\(keys) given twice in one mapping (each key once)")
        default:
            return BudgetsFileError(path: path, line: nil, field: nil, problem: "malformed YAML: \(error)")
        }
    }
}

/// Reads YAML nodes, turning every shape problem into a located ``BudgetsFileError``.
struct NodeReader {
    let path: String

    func error(_ node: Node, _ field: String, _ problem: String) -> BudgetsFileError {
        BudgetsFileError(path: path, line: node.mark?.line, field: field, problem: problem)
    }

    /// The mapping's entries by key, refusing unknown keys (a misspelt field must not be ignored).
    func mapping(_ node: Node, field: String, allowed: Set<String>) throws -> [String: Node] {
        guard let mapping = node.mapping else { throw error(node, field, "must be a mapping of fields") }
        var entries: [String: Node] = [:]
        for (key, value) in mapping {
            let name = key.string ?? "?"
            guard allowed.contains(name) else {
                throw error(key, name, "unknown field (known: \(allowed.sorted().joined(separator: ", ")))")
            }
            entries[name] = value
        }
        return entries
    }

    func required(_ entries: [String: Node], _ field: String, in parent: Node) throws -> Node {
        guard let node = entries[field] else { throw error(parent, field, "missing") }
        return node
    }

    /// A non-empty scalar string.
    func string(_ entries: [String: Node], _ field: String, in parent: Node) throws -> String {
        let node = try required(entries, field, in: parent)
        guard node.scalar != nil, let text = node.string?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            throw error(node, field, "must be a non-empty text")
        }
        return text
    }
}
