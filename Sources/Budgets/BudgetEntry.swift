import Foundation
import Statistics
import TextFormatting
import Yams

/// One `budgets:` list item, validated field by field.
struct BudgetEntry {
    static let fields: Set<String> = [
        "name", "hot-path", "workload", "variant", "metric", "statistic", "limit", "unit", "direction", "source", "note", "custom-metric",
        "max-processes",
    ]

    let reader: NodeReader
    let node: Node
    let index: Int

    func budget(knownIDs: Set<String>?, frameLoopIDs: Set<String>? = nil) throws -> Budget {
        let entries = try reader.mapping(node, field: "budgets[\(index)]", allowed: Self.fields)
        func text(_ field: String) throws -> String { try reader.string(entries, field, in: node) }
        let metric = try choice(entries, "metric", BudgetMetric.self)
        let statisticText = try text("statistic")
        guard let statistic = try? Statistic(parsing: statisticText), metric.statistics.contains(statistic) else {
            let allowed = metric.statistics.map(\.rawValue).joined(separator: ", ")
            throw reader.error(entries["statistic"]!, "statistic",
                               "'\(statisticText)' is not a statistic of \(metric.rawValue) (use \(allowed))")
        }
        let unitText = try text("unit")
        // The Greek mu (U+03BC) looks like the micro sign (U+00B5) on every screen: read both as microseconds.
        guard let unit = BudgetUnit(rawValue: unitText.replacingOccurrences(of: "\u{03BC}", with: "\u{00B5}")),
              metric.units.contains(unit) else {
            throw reader.error(entries["unit"]!, "unit",
                               "'\(unitText)' is not a unit of \(metric.rawValue) (use \(metric.units.map(\.rawValue).joined(separator: ", ")))")
        }
        let direction = try choice(entries, "direction", BudgetDirection.self)
        let name = try text("name"), hotPath = try text("hot-path"), workload = try text("workload")
        let variant = try entries["variant"].map { _ in try text("variant") } ?? "optimized"
        let limitValue = try self.limit(entries, metric: metric, direction: direction)
        let source = try text("source")
        let note = try entries["note"].map { _ in try text("note") }
        let customMetric = try entries["custom-metric"].map { _ in try text("custom-metric") }
        if metric == .custom && customMetric == nil {
            throw reader.error(entries["metric"]!, "custom-metric", "a custom budget names the benchmark's metric (custom-metric: boxes-kept)")
        }
        if metric != .custom, customMetric != nil {
            throw reader.error(entries["custom-metric"]!, "custom-metric", "applies to metric: custom only (this budget's metric is \(metric.rawValue))")
        }
        let maxProcesses = try entries["max-processes"].map(processCount)
        let budget = Budget(
            name: name, hotPath: hotPath, workload: workload, variant: variant, metric: metric, statistic: statistic,
            limit: limitValue, unit: unit, direction: direction, source: source, note: note, customMetric: customMetric,
            maxProcesses: maxProcesses)
        if let knownIDs, !knownIDs.contains(budget.benchmarkID) {
            let sameHotPath = knownIDs.filter { $0.hasPrefix(budget.hotPath + "/") }.sorted()
            let hint = sameHotPath.isEmpty ? Self.unknownHotPath(budget.hotPath, knownIDs: knownIDs)
                : "known: \(sameHotPath.joined(separator: ", "))"
            // The line of the part that names nothing known: a hot path without benchmarks, else a variant none of
            // its benchmarks has, else the workload (a typo in `workload:` was blamed on the `hot-path:` line).
            let variants = Set(sameHotPath.map { $0.split(separator: "/").dropFirst().first.map(String.init) ?? "" })
            let field = sameHotPath.isEmpty ? "hot-path" : !variants.contains(budget.variant) ? "variant" : "workload"
            throw reader.error(entries[field] ?? entries["hot-path"]!, field, "unknown benchmark id '\(budget.benchmarkID)' (\(hint))")
        }
        // A frame-loop metric on any other benchmark could never be read: it would end MISSING after the whole run.
        if metric.isFrameLoop, let frameLoopIDs, !frameLoopIDs.contains(budget.benchmarkID) {
            let others = BudgetMetric.allCases.filter { !$0.isFrameLoop }.map(\.rawValue)
            throw reader.error(entries["metric"]!, "metric", "\(metric.rawValue) is measured on frame-loop benchmarks only, "
                + "and \(budget.benchmarkID) is not one (use \(others.dropLast().joined(separator: ", ")) or \(others.last!))")
        }
        return budget
    }

    /// A value of one of the closed vocabularies (metric, direction), naming the allowed ones when wrong.
    private func choice<T: RawRepresentable & CaseIterable>(
        _ entries: [String: Node], _ field: String, _ type: T.Type
    ) throws -> T where T.RawValue == String {
        let text = try reader.string(entries, field, in: node)
        guard let value = T(rawValue: text) else {
            let known = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw reader.error(entries[field]!, field, "unknown \(field) '\(text)' (known: \(known))")
        }
        return value
    }

    /// `max-processes`: a whole number of process runs, 1 (never re-measure) to ``maximumProcesses``.
    private func processCount(_ node: Node) throws -> Int {
        guard node.scalar != nil, let text = node.string, let value = Int(text), (1...Self.maximumProcesses).contains(value) else {
            throw reader.error(node, "max-processes", "must be a whole number of processes from 1 to \(Self.maximumProcesses) "
                + "(got '\(node.string ?? "a non-scalar")')")
        }
        return value
    }

    /// More processes than this is a typo, not a plan (each is a fresh run of the benchmark).
    static let maximumProcesses = 1000

    /// A finite positive number; 0 is allowed only for exact metrics with a `max` direction ("exactly none").
    private func limit(_ entries: [String: Node], metric: BudgetMetric, direction: BudgetDirection) throws -> Double {
        let node = try reader.required(entries, "limit", in: self.node)
        guard node.scalar != nil, let text = node.string, let value = Double(text) ?? node.float else {
            throw reader.error(node, "limit", "must be a number (got '\(node.string ?? "a non-scalar")')")
        }
        guard value.isFinite else { throw reader.error(node, "limit", "must be a finite number (got '\(text)')") }
        // Written in decimal: YAML 1.1 reads `1:30` as 90 (base 60) and Swift's Double `0x10` as 16, a limit the
        // author never meant.
        guard text.wholeMatch(of: /[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?/) != nil else {
            throw reader.error(node, "limit", "must be a decimal number such as 2 or 0.5 (got '\(text)')")
        }
        if value == 0 && metric.isExact && direction == .max { return value }
        guard value > 0 else {
            let zeroHint = metric.isExact ? "" : " (0 is allowed only for allocations and custom metrics with direction: max, meaning exactly none)"
            throw reader.error(node, "limit", "must be positive (got \(text))\(zeroHint)")
        }
        if let maximum = metric.maximum, let unitNode = entries["unit"], let unit = unitNode.string.flatMap(BudgetUnit.init(rawValue:)),
           value * unit.scale(for: metric) > maximum {
            throw reader.error(node, "limit", "a share of frames is at most \(UnitFormat.number(unit.convert(maximum, for: metric))) "
                + "\(unit.rawValue) (got \(text))")
        }
        return value
    }

    /// "no benchmark of hot path 'colourmap'; did you mean 'colormap'?": the close names among the known hot paths.
    private static func unknownHotPath(_ hotPath: String, knownIDs: Set<String>) -> String {
        let hotPaths = Set(knownIDs.compactMap { $0.split(separator: "/").first.map(String.init) }).sorted()
        let close = CloseMatches.of(hotPath, in: hotPaths, limit: 3)
        let suggestion = close.isEmpty ? "" : "; did you mean " + close.map { "'\($0)'" }.joined(separator: " or ") + "?"
        return "no benchmark of hot path '\(hotPath)'" + suggestion
    }
}
