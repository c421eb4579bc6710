import Foundation
import XCTest

/// The thresholds that keep noise from ever reading as a change in these tests' two-pair A/A runs (see
/// ``CompareBuildsTests``).
private let aaThreshold = ["--threshold", "100", "--threshold-multithreaded", "100"]

/// `compare-builds` end to end: two real worker processes of the built binary, the protocol, the files written and
/// the exit codes (timing verdicts are not asserted: this is a debug build on a shared machine).
///
/// Two pairs of one binary against itself may still cross the family-wise boundary by chance (a CI run once read
/// REGRESSED and exited 1), so these runs take a threshold of 100% (``aaThreshold``): a change must double the time to
/// be called one, and the exit code stays asserted: 1 here would be a defect, not noise.
final class CompareBuildsTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-pairs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// A copy of the built binary in its own folder (`<folder>/bin/framebudget`), so the files left beside it count.
    private func copiedBinary() throws -> String {
        let binary = folder + "/bin/framebudget"
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Framebudget.binary.path, toPath: binary)
        return binary
    }

    /// Two quick pairs of `binary` against itself on finger counting, with `extra` options: the JSON report. A
    /// status other than 0 or 3 fails the test (identical code never regresses).
    private func twoQuickPairs(_ binary: String, _ extra: [String] = []) throws -> [String: Any] {
        let result = try Framebudget.run([
            "compare-builds", binary, binary, "finger-count/optimized/21-landmarks", "--allow-debug",
            "--blocks", "2", "--block-samples", "1", "--warmup", "1", "--sample-time", "0.2",
            "--min-pairs", "2", "--max-pairs", "2"] + aaThreshold + ["--format", "json", "--out", folder + "/c.json"] + extra)
        XCTAssertTrue([0, 3].contains(result.status), result.stderr)
        return try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/c.json"))) as! [String: Any]
    }

    /// `make compare` passes --budgeted; a package whose kernels have no budgets file yet is compared whole, with a
    /// warning, instead of refused. A budgets file named on the command line must exist.
    func testBudgetedWithoutTheDefaultBudgetsFileComparesEveryTimedBenchmark() throws {
        let binary = Framebudget.binary.path
        let arguments = ["compare-builds", binary, binary, "finger-count/optimized/21-landmarks", "--allow-debug", "--budgeted",
                         "--blocks", "2", "--block-samples", "1", "--warmup", "1", "--sample-time", "0.2",
                         "--min-pairs", "2", "--max-pairs", "2"] + aaThreshold + ["--format", "json", "--out", folder + "/c.json"]
        let result = try Framebudget.run(arguments, directory: folder)
        XCTAssertTrue([0, 3].contains(result.status), result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: --budgeted: no budgets file Benchmarks/budgets.yaml: comparing every "
                      + "timed benchmark the filters select"), result.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/c.json"))) as! [String: Any]
        XCTAssertEqual((json["benchmarks"] as! [[String: Any]]).map { $0["id"] as! String }, ["finger-count/optimized/21-landmarks"])
        let named = try Framebudget.run(Array(arguments.prefix(5)) + ["--budgeted", "--budgets", folder + "/nosuch.yaml"], directory: folder)
        XCTAssertEqual(named.status, 2, named.stderr)
    }

    /// `make compare` sets the report options itself; given again in COMPARE_ARGS, the last one silently won
    /// (`--format markdown` wrote Markdown into comparison.json). Refused before anything is built or created.
    func testMakeCompareRefusesCompareArgsThatItSetsItself() throws {
        for option in ["--format markdown", "--out=x.json", "--max-minutes 3"] {
            let script = try Framebudget.command("/usr/bin/env", [
                "COMPARE_ARGS=--max-pairs 3 \(option)", "BASE=HEAD", "HEAD=HEAD", "OUT=\(folder)/out",
                "/bin/bash", Framebudget.repositoryRoot + "/scripts/compare-revisions.sh"])
            XCTAssertEqual(script.status, 64, script.stdout)
            let name = String(option.prefix { $0 != " " && $0 != "=" })
            XCTAssertTrue(script.stdout.hasPrefix("compare: COMPARE_ARGS: \(name) is set by make compare itself"), script.stdout)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/out"), "nothing created")
        }
    }

    func testTwoBuildsArePairedAndTheReportsWritten() throws {
        let binary = Framebudget.binary.path
        let result = try Framebudget.run([
            "compare-builds", binary, binary, "texture-upload/optimized/256x192", "texture-upload/memcpy/256x192",
            "--allow-debug", "--blocks", "2", "--block-samples", "1", "--block-warmup", "1", "--warmup", "1", "--sample-time", "0.2",
            "--min-pairs", "2", "--max-pairs", "2"] + aaThreshold + ["--format", "json", "--out", folder + "/c.json", "--markdown", folder + "/c.md", "--html", folder + "/c.html"])
        XCTAssertTrue([0, 3].contains(result.status), "identical code never regresses: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/c.json"))) as! [String: Any]
        let benchmarks = json["benchmarks"] as! [[String: Any]]
        XCTAssertEqual(benchmarks.map { $0["id"] as! String }.sorted(), ["texture-upload/memcpy/256x192", "texture-upload/optimized/256x192"])
        XCTAssertEqual(json["pairsStarted"] as? Int, 2)
        XCTAssertEqual(json["format"] as? String, "framebudget-paired-comparison", "told apart from compare's document")
        XCTAssertEqual(json["formatVersion"] as? Int, 1)
        XCTAssertTrue(benchmarks.allSatisfy { ($0["iterationsPerSample"] as! [Int]).count == 2 }, "one batch per pair")
        XCTAssertEqual((json["settings"] as? [String: Any])?["warmupSamplesPerBlock"] as? Int, 1)
        let markdown = try String(contentsOfFile: folder + "/c.md", encoding: .utf8)
        XCTAssertTrue(markdown.hasPrefix("### FrameBudget paired comparison:"), markdown)
        let html = try String(contentsOfFile: folder + "/c.html", encoding: .utf8)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>") && html.contains("<code>texture-upload/memcpy/256x192</code>"), html)
        XCTAssertTrue(result.stdout.contains("paired: 2 benchmarks"), "the console table is printed too: \(result.stdout)")
    }

    func testFreshCopiesRunEveryPairAndLeaveNoFileBehind() throws {
        let json = try twoQuickPairs(try copiedBinary(), ["--fresh-copies"])
        XCTAssertEqual(json["pairsStarted"] as? Int, 2)
        let benchmarks = json["benchmarks"] as! [[String: Any]]
        XCTAssertEqual((benchmarks.first?["iterationsPerSample"] as? [Int])?.count, 2, "both pairs measured from copies")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/bin"), ["framebudget"])
    }

    /// By default the measuring threads are pinned to the last CPU this process may use, and every worker starts
    /// from a fresh copy; `--no-pin --no-fresh-copies` restores floating workers run in place. The report keeps both.
    func testWorkersArePinnedAndFreshByDefaultAndTheReportSaysSo() throws {
        let binary = try copiedBinary()
        let allowed = try Framebudget.command("/usr/bin/env", ["sh", "-c", "grep Cpus_allowed_list /proc/self/status"]).stdout
        let lastCPU = allowed.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.max() ?? 0
        let cpus = try Framebudget.command("/usr/bin/env", ["nproc"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        func settings(_ extra: [String]) throws -> [String: Any] { try twoQuickPairs(binary, extra)["settings"] as! [String: Any] }
        let defaults = try settings([])
        let expected: Int? = (Int(cpus) ?? 1) >= 2 ? lastCPU : nil  // one allowed CPU: nothing to pin away from
        XCTAssertEqual(defaults["pinnedCPU"] as? Int, expected)
        XCTAssertEqual(defaults["freshCopies"] as? Bool, true)
        let floating = try settings(["--no-pin", "--no-fresh-copies"])
        XCTAssertNil(floating["pinnedCPU"])
        XCTAssertEqual(floating["freshCopies"] as? Bool, false)
        XCTAssertEqual(try settings(["--pin", "0"])["pinnedCPU"] as? Int, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/bin"), ["framebudget"], "every copy removed")
        let both = try Framebudget.run(["compare-builds", binary, binary, "--pin", "0", "--no-pin", "--allow-debug"])
        XCTAssertEqual(both.status, 64, both.stderr)
        XCTAssertTrue(both.stderr.contains("--pin and --no-pin contradict each other: give one"), both.stderr)
    }

    /// A worker started from a fresh copy reports the commit its original was built from (the `.commit` file
    /// build-revision writes beside it), not the commit of the folder it runs in.
    func testAWorkerFromAFreshCopyNamesItsOriginalsCommit() throws {
        let binary = try copiedBinary()
        try "0123456789abcdef0123456789abcdef01234567\n".write(toFile: binary + ".commit", atomically: true, encoding: .utf8)
        let json = try twoQuickPairs(binary)
        for side in ["base", "head"] {
            XCTAssertTrue((json[side] as? String ?? "").hasSuffix(", commit 0123456789)"), "\(side): \(json[side] ?? "none")")
        }
    }

    /// With `--link-orders` each side's pairs run the executables in `<executable>.link-orders/` (fresh copies of
    /// them, removed after), and the report records how many orders there were; a build without them is bad input.
    func testLinkOrdersRunBesideTheirBuildAndTheReportCountsThem() throws {
        let binary = try copiedBinary(), orders = binary + ".link-orders"
        try FileManager.default.createDirectory(atPath: orders, withIntermediateDirectories: true)
        for order in ["1", "2"] { try FileManager.default.copyItem(atPath: Framebudget.binary.path, toPath: "\(orders)/\(order)") }
        let json = try twoQuickPairs(binary, ["--link-orders"])
        XCTAssertEqual((json["settings"] as? [String: Any])?["linkOrders"] as? Int, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: orders).sorted(), ["1", "2"], "every copy removed")
        try FileManager.default.removeItem(atPath: orders)
        let missing = try Framebudget.run(["compare-builds", binary, binary, "--link-orders", "--allow-debug"])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertEqual(missing.stderr, "framebudget: error: --link-orders: \(orders): no such folder "
                       + "(build the executable with LINK_ORDERS=K scripts/build-revision.sh)\n")
    }

    func testBadInputIsOneLineAndExitTwo() throws {
        let binary = Framebudget.binary.path
        let missing = try Framebudget.run(["compare-builds", folder + "/nothing", binary])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertEqual(missing.stderr, "framebudget: error: \(folder)/nothing: no such file\n")
        let debug = try Framebudget.run(["compare-builds", binary, binary, "texture-upload/optimized/256x192"])
        XCTAssertEqual(debug.status, 2, debug.stderr)
        XCTAssertTrue(debug.stderr.contains("debug build"), debug.stderr)
        let none = try Framebudget.run(["compare-builds", binary, binary, "no-such/*", "--allow-debug"])
        XCTAssertEqual(none.status, 2, none.stderr)
        XCTAssertTrue(none.stderr.contains("no timed benchmark of either build matches no-such/*"), none.stderr)
        // Each of several patterns must select something, as in run: a typo would silently compare less.
        let typo = try Framebudget.run(["compare-builds", binary, binary, "texture-upload/optimized/256x192", "no/such", "--allow-debug"])
        XCTAssertEqual(typo.status, 2, typo.stderr)
        XCTAssertEqual(typo.stderr, "framebudget: error: no timed benchmark of either build matches 'no/such' (see 'framebudget list')\n")
        let notABinary = try Framebudget.run(["compare-builds", folder, binary])
        XCTAssertEqual(notABinary.stderr, "framebudget: error: \(folder): a folder, not an executable file\n", "a folder is no executable")
        let pin = try Framebudget.run(["compare-builds", binary, binary, "--pin", "4096"])
        XCTAssertEqual(pin.status, 2, pin.stderr)
        XCTAssertTrue(pin.stderr.hasPrefix("framebudget: error: --pin 4096: no such CPU for this process"), pin.stderr)
        // The output's folder is checked before the measuring, not after it.
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/file", contents: nil))
        let out = try Framebudget.run(["compare-builds", binary, binary, "--out", folder + "/file/c.json"])
        XCTAssertEqual(out.status, 4, out.stderr)
        XCTAssertEqual(out.stderr, "framebudget: error: \(folder)/file: cannot create output folder: \(folder)/file is a file, not a folder\n")
        let warmup = try Framebudget.run(["compare-builds", binary, binary, "--block-warmup", "1001"])
        XCTAssertEqual(warmup.status, 2, warmup.stderr)
        XCTAssertTrue(warmup.stderr.contains("--block-warmup in 0...1000"), warmup.stderr)
        // The id is split from its percent at the last '=' (ids hold one), and must name a benchmark of a build.
        let threshold = try Framebudget.run(["compare-builds", binary, binary, "nms/optimized/n=100", "--allow-debug",
                                             "--threshold-for", "nms/optimized/n=99=5"])
        XCTAssertEqual(threshold.status, 2, threshold.stderr)
        XCTAssertEqual(threshold.stderr, "framebudget: error: --threshold-for nms/optimized/n=99: no timed benchmark of either build has this id (see 'framebudget list')\n")
        // Options that do not go together: a malformed command line.
        XCTAssertEqual(try Framebudget.run(["compare-builds", binary, binary, "--pin", "0", "--no-pin"]).status, 64)
        XCTAssertEqual(try Framebudget.run(["compare-builds", binary, binary, "--placements", "2", "--block-warmup", "0"]).status, 64)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/c.json"))
    }

    func testAnOlderBuildWithoutWorkersIsNamed() throws {
        // A stand-in for a build from before paired measurement: a program that rejects the `worker` subcommand.
        let old = folder + "/old"
        try "#!/bin/sh\necho \"Error: Unexpected argument '$1'\" >&2\nexit 64\n".write(toFile: old, atomically: true, encoding: .utf8)
        chmod(old, 0o755)
        let result = try Framebudget.run(["compare-builds", old, Framebudget.binary.path, "--allow-debug"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("the base executable has no 'worker' command"), result.stderr)
    }
}

/// `gate-quality` end to end: one round of A/A and A/B through compare-builds' procedure, the report written.
final class GateQualityCommandTests: XCTestCase {
    /// The same build three times over two pairs: ``aaThreshold`` keeps a chance crossing of the boundary from
    /// reading as a slowdown.
    func testOneRoundWritesTheRatesWithTheMachineAndDate() throws {
        let folder = NSTemporaryDirectory() + "fb-quality-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let binary = Framebudget.binary.path
        let result = try Framebudget.run([
            "gate-quality", binary, binary, binary, "texture-upload/optimized/256x192", "--slowed", "texture-upload/optimized/256x192",
            "-n", "1", "--out", folder, "--allow-debug", "--blocks", "2", "--block-samples", "1", "--warmup", "1",
            "--sample-time", "0.2", "--min-pairs", "2", "--max-pairs", "2"] + aaThreshold)
        XCTAssertEqual(result.status, 0, result.stderr)
        let markdown = try String(contentsOfFile: folder + "/gate-quality.md", encoding: .utf8)
        XCTAssertTrue(markdown.contains("Machine: "), markdown)
        XCTAssertTrue(markdown.contains("A/A (identical code, 1 comparisons)"), markdown)
        XCTAssertTrue(markdown.contains("A/B texture-upload/optimized/256x192: REGRESSED in 0 of 1 comparisons"), "the same build is never slower: \(markdown)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/gate-quality.json"))) as! [String: Any]
        XCTAssertEqual((json["identical"] as? [Any])?.count, 1)
        XCTAssertEqual((json["slowedOutcomes"] as? [Any])?.count, 1)
        XCTAssertEqual(json["requestedRounds"] as? Int, 1)
        let bad = try Framebudget.run(["gate-quality", binary, binary, binary, "-n", "0", "--slowed", "x"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertEqual(bad.stderr.split(separator: "\n").count, 1, bad.stderr)
        // A second run into the same folder would have replaced the first's results (with an empty report, when
        // stopped in its first round).
        let again = try Framebudget.run(["gate-quality", binary, binary, binary, "--slowed", "texture-upload/optimized/256x192",
                                         "-n", "1", "--out", folder, "--allow-debug"])
        XCTAssertEqual(again.status, 2, again.stderr)
        XCTAssertEqual(again.stderr, "framebudget: error: \(folder)/gate-quality.json: an earlier run's results are there; "
                       + "choose another --out (pool runs with gate-quality-pool) or remove it\n")
    }

    /// A --slowed id no comparison measures (a typo, a glob) was measured for hours: its slowdown "missed" every time.
    func testASlowedIdTheBuildsDoNotCompareIsRefusedBeforeAnyRound() throws {
        let folder = NSTemporaryDirectory() + "fb-quality-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let binary = Framebudget.binary.path
        for slowed in ["texture-upload/optimized/256x19", "texture-upload/*"] {
            let result = try Framebudget.run(["gate-quality", binary, binary, binary, "texture-upload/optimized/256x192",
                                              "--slowed", slowed, "-n", "1", "--out", folder, "--allow-debug"])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(result.stderr, "framebudget: error: --slowed \(slowed): not a benchmark these builds compare (an exact "
                           + "id of 'framebudget list', selected by the filters and --budgeted)\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/gate-quality.json"))
        }
    }
}
