import Foundation
import XCTest
@testable import RunPipeline

/// Which profiled functions a commit edited, from its `git diff -U0` and the files as the commit has them.
final class SourceChangesTests: XCTestCase {
    private let swiftFile = """
        struct DepthColormap {
            func render(_ depth: [Float]) {
                for band in 0..<4 { renderBand(band, depth, 0) }
            }

            /// Colours one band; "{" in a string or a comment { does not count.
            func renderBand(_ band: Int, _ depth: [Float], _ row: Int) {
                let label = "{ not a brace"
                for _ in 0..<2 { palette(depth) }  // the added second pass
                _ = label
            }

            func palette(_ depth: [Float]) {}
        }
        """

    private let cFile = """
        static FB_TARGET void FB_NAME(palette_row)(const float *restrict depth, long count) {
            for (long i = 0; i < count; i++) out[i] = depth[i];
        }

        static void caller(void) {
            if (palette_row_avx512(depth, 4)) {
                step();
            }
            FB_NAME(palette_row)(depth, 4);
        }
        """

    private func changes(_ diff: String) -> SourceChanges {
        SourceChanges(diff: diff) { ["Sources/Colormap.swift": self.swiftFile, "Sources/Loops.h": self.cFile][$0] }
    }

    func testAnEditedSwiftMethodIsChangedAndItsCallerAndCalleeAreNot() {
        let edits = changes("""
            diff --git a/Sources/Colormap.swift b/Sources/Colormap.swift
            --- a/Sources/Colormap.swift
            +++ b/Sources/Colormap.swift
            @@ -9 +9 @@ struct DepthColormap {
            -        palette(depth)
            +        for _ in 0..<2 { palette(depth) }  // the added second pass
            """)
        XCTAssertEqual(edits.touched, ["Sources/Colormap.swift": [9]])
        XCTAssertTrue(edits.changed(function: "DepthColormap.renderBand(_:_:_:)"))
        XCTAssertTrue(edits.changed(function: "closure #1 in DepthColormap.renderBand(_:_:_:)"))
        XCTAssertFalse(edits.changed(function: "DepthColormap.render(_:)"))
        XCTAssertFalse(edits.changed(function: "DepthColormap.palette(_:)"))
        XCTAssertFalse(edits.changed(function: "__sched_yield"))
    }

    /// The two-thread bisect-quality commit adds `sampleRows(…)` calls (no `;` in Swift) before an `if … { }`: a
    /// call there is not a definition of `sampleRows`.
    func testASwiftCallStatementIsNotADefinition() {
        let file = """
            func renderBand() {
                if y % 20 == 0 {
                    sampleRows(filtered, into: samples)
                    if pair { colourRow(samples) }
                }
            }

            func sampleRows(_ rows: [Float], into samples: [Float]) {
                work()
            }
            """
        let edits = SourceChanges(diff: "+++ b/Band.swift\n@@ -1,0 +2,4 @@") { _ in file }
        XCTAssertTrue(edits.changed(function: "DepthColormap.renderBand()"))
        XCTAssertFalse(edits.changed(function: "DepthColormap.sampleRows(_:into:)"))
    }

    func testAMacroPastedCFunctionIsFoundWithoutItsInstructionSetSuffixAndCallsAreNotDefinitions() {
        let body = changes("""
            +++ b/Sources/Loops.h
            @@ -2,0 +2 @@
            +    for (long i = 0; i < count; i++) out[i] = depth[i];
            """)
        XCTAssertTrue(body.changed(function: "palette_row_avx512"))
        XCTAssertFalse(body.changed(function: "caller"))
        let inCaller = changes("""
            +++ b/Sources/Loops.h
            @@ -7 +7 @@
            -        stepOnce();
            +        step();
            """)
        XCTAssertTrue(inCaller.changed(function: "caller"))
        XCTAssertFalse(inCaller.changed(function: "palette_row_avx512"), "`if (palette_row_avx512(…)) {` is a call")
    }

    func testARemovalMarksTheLinesAroundItAndADeletedFileIsSkipped() {
        XCTAssertEqual(SourceChanges.newSideLines("@@ -10,2 +9,0 @@"), 9...10)
        XCTAssertEqual(SourceChanges.newSideLines("@@ -3 +4,3 @@ func x"), 4...6)
        let edits = changes("""
            +++ /dev/null
            @@ -1,3 +0,0 @@
            +++ b/Sources/Colormap.swift
            @@ -14,2 +13,0 @@
            """)
        XCTAssertEqual(edits.touched, ["Sources/Colormap.swift": [13, 14]])
        XCTAssertTrue(edits.changed(function: "DepthColormap.palette(_:)"))
    }

    func testIdentifiersOfProfiledNames() {
        XCTAssertEqual(SourceChanges.identifiers(of: "generic specialization <Swift.Float> of Blur.run<A>(_:)"), ["run"])
        XCTAssertEqual(SourceChanges.identifiers(of: "edge_row_avx2"), ["edge_row_avx2", "edge_row"])
        XCTAssertEqual(SourceChanges.identifiers(of: "Kernel.init(width:)"), ["init"])
    }

    func testLoadsTheChangesOfARealCommit() throws {
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("source-changes-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: repository) }
        try FileManager.default.createDirectory(atPath: "\(repository)/Sources", withIntermediateDirectories: true)
        func git(_ arguments: String...) throws -> String {
            let process = Process(), pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", repository, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments
            process.standardOutput = pipe
            try process.run()
            process.waitUntilExit()
            return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try git("init", "-q")
        try swiftFile.replacingOccurrences(of: "for _ in 0..<2 { palette(depth) }  // the added second pass", with: "palette(depth)")
            .write(toFile: "\(repository)/Sources/Colormap.swift", atomically: true, encoding: .utf8)
        _ = try git("add", "-A")
        _ = try git("commit", "-qm", "parent")
        let parent = try git("rev-parse", "HEAD")
        try swiftFile.write(toFile: "\(repository)/Sources/Colormap.swift", atomically: true, encoding: .utf8)
        _ = try git("commit", "-qam", "a second pass")
        let edits = try XCTUnwrap(SourceChanges.load(repository: repository, parent: parent, commit: try git("rev-parse", "HEAD")))
        XCTAssertTrue(edits.changed(function: "DepthColormap.renderBand(_:_:_:)"))
        XCTAssertFalse(edits.changed(function: "DepthColormap.render(_:)"))
    }
}
