import Foundation
import History
import HistoryExport
import XCTest

/// Apache Otava, as a second opinion: the change points it finds in `history export --format csv`'s CSV agree with
/// the built-in detection (``History/Trend``) and with the steps the synthetic history was made with, within ±1 run.
final class OtavaAgreementTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try SyntheticHistory.folder("otava") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testOtavaFindsTheSameChangePointsAsTheBuiltInDetection() throws {
        let otava = try ExternalTools.require("otava", installedBy: "make deps installs it: python3 -m pip install apache-otava")
        let history = try SyntheticHistory.write(to: folder + "/history.sqlite")
        let ids = [SyntheticHistory.colormap, SyntheticHistory.nms]
        let machine = try XCTUnwrap(history.machineClasses().first { $0.machineClass.canonical.contains("cpu=Test CPU") }).machineClass.hash
        let table = try OtavaCSV.table(from: history, machineClass: machine, benchmarkIDs: ids)
        XCTAssertEqual(table.rows.count, SyntheticHistory.nights)
        try OtavaCSV.csv(table, machine: machine).write(toFile: folder + "/history.csv", atomically: true, encoding: .utf8)
        try config(metrics: ids).write(toFile: folder + "/otava.yaml", atomically: true, encoding: .utf8)
        let result = try ExternalTools.run(otava, ["analyze", "synthetic", "--since", "2000-01-01", "--output", "json"],
                                           environment: ["OTAVA_CONFIG": folder + "/otava.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let found = try otavaChangePoints(result.stdout, runs: table.rows.map(\.run.runID), metrics: ids)
        for (index, id) in ids.enumerated() {
            let builtIn = try history.series(of: id, machineClass: machine)
            let steps = Trend.analyze(id, points: builtIn).steps.compactMap { step in builtIn.firstIndex { $0.runID == step.runID } }
            let known = SyntheticHistory.knownSteps[id]!
            XCTAssertEqual(disagreements(steps, known), [], "\(id): built-in \(steps) vs the known steps \(known)")
            XCTAssertEqual(disagreements(found["m\(index)"] ?? [], steps), [],
                           "\(id): otava \(found["m\(index)"] ?? []) vs built-in \(steps) (run indices, oldest first)")
        }
    }

    /// Otava's config for the exported CSV: one csv test, its metrics named m0, m1, … after the benchmark columns.
    private func config(metrics: [String]) -> String {
        let columns = metrics.enumerated().map { "      m\($0.offset):\n        column: \"\($0.element)\"\n" }.joined()
        return """
            tests:
              synthetic:
                type: csv
                file: \(folder)/history.csv
                time_column: time
                attributes: [\(OtavaCSV.attributes.joined(separator: ", "))]
                metrics:
            \(columns)
            """
    }

    /// Otava's change points per metric, as indices of the exported runs (read from each change's `run` attribute).
    private func otavaChangePoints(_ json: String, runs: [String], metrics: [String]) throws -> [String: [Int]] {
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [[String: Any]]])
        var found = [String: [Int]]()
        for point in document["synthetic"] ?? [] {
            let run = try XCTUnwrap((point["attributes"] as? [String: String])?["run"])
            let index = try XCTUnwrap(runs.firstIndex(of: run), "otava names run \(run), which was not exported")
            for change in point["changes"] as? [[String: Any]] ?? [] { found[change["metric"] as! String, default: []].append(index) }
        }
        return found
    }

    /// The points of either list with no point of the other within ±1, as `only in first: …; only in second: …`;
    /// empty when they agree.
    private func disagreements(_ first: [Int], _ second: [Int]) -> [String] {
        let onlyFirst = first.filter { a in !second.contains { abs($0 - a) <= 1 } }
        let onlySecond = second.filter { b in !first.contains { abs($0 - b) <= 1 } }
        return onlyFirst.isEmpty && onlySecond.isEmpty ? [] : ["only in first: \(onlyFirst); only in second: \(onlySecond)"]
    }
}
