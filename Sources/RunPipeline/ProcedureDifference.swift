import Comparison
import Foundation

/// How two comparisons' procedures differ, named field by field, so that pooled rates are never rates of two
/// procedures (one placement and eight, 40 pairs and 80).
enum ProcedureDifference {
    /// The first setting in which `settings` differs from `reference`, e.g. "placements 8, not 1", or nil when they
    /// are one procedure. Files written before the settings were recorded all ran one placement, and the rest of their
    /// procedure is unknown: against them only the placements and the link orders are compared (they had none).
    static func between(_ settings: PairedSettings?, _ reference: PairedSettings?) -> String? {
        guard let settings, let reference else {
            let (mine, theirs) = (placements(settings), placements(reference))
            if mine != theirs { return "placements \(mine), not \(theirs)" }
            let (myOrders, theirOrders) = (linkOrders(settings), linkOrders(reference))
            return myOrders == theirOrders ? nil : "linkOrders \(myOrders), not \(theirOrders)"
        }
        let (mine, theirs) = (fields(settings), fields(reference))
        for key in Set(mine.keys).union(theirs.keys).sorted() where mine[key] != theirs[key] {
            return "\(key) \(mine[key] ?? "unrecorded"), not \(theirs[key] ?? "unrecorded")"
        }
        return nil
    }

    /// Nil and 1 are the same procedure: one set-up.
    private static func placements(_ settings: PairedSettings?) -> Int { max(1, settings?.placements ?? 1) }

    /// Nil is a procedure too: each build as it was linked (every file from before 6 Dec 2026).
    private static func linkOrders(_ settings: PairedSettings?) -> String { settings?.linkOrders.map(String.init) ?? "none" }

    /// Each recorded setting as its JSON text, keyed by its name in the results file (so a setting added later is
    /// compared without touching this).
    private static func fields(_ settings: PairedSettings) -> [String: String] {
        var normalized = settings
        normalized.placements = placements(settings)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(normalized),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        var texts = object.mapValues { value -> String in
            guard JSONSerialization.isValidJSONObject([value]),
                  let text = try? JSONSerialization.data(withJSONObject: [value], options: .sortedKeys) else {
                return "\(value)"
            }
            return String(decoding: text.dropFirst().dropLast(), as: UTF8.self)
        }
        texts["linkOrders"] = linkOrders(settings)
        return texts
    }
}
