import Foundation
import XCTest

/// scripts/snippets/extract.py, the extraction half of scripts/check-snippets.sh, on small documents: what becomes a
/// target, where the compiler will point, what is skipped, and that a malformed document is refused with its line.
/// The compile half runs in `make test` (example-check.sh: the real docs, and the self-test on a wrong snippet), not
/// here: it needs a build of FrameBudget.
final class SnippetExtractionTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-snippets-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/Docs", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (folder + "/" + path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8)
    }

    private func extract(_ sources: [String]) throws -> Framebudget.Result {
        try Framebudget.python([Framebudget.repositoryRoot + "/scripts/snippets/extract.py", "--root", folder,
                                "--out", folder + "/package", "--framebudget", "/framebudget"] + sources)
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: folder + "/package/" + path, encoding: .utf8)
    }

    func testEachSnippetIsATargetWhoseLinesPointBackAtTheDocument() throws {
        try write("Docs/GUIDE.md", """
            # Guide

            ```swift
            let a = 1
            ```

            ```sh
            ```swift inside a shell block is no snippet
            ```

            <!-- snippet: skip (needs a camera) -->
            ```swift
            camera.start()
            ```

            <!-- snippet: file bench/Kernels.swift -->
            ```swift
            func twice(_ x: Int) -> Int { 2 * x }
            ```

            - in a list:

              <!-- snippet: file bench/main.swift -->
              ```swift
              print(twice(2))
              ```

            """)
        let result = try extract(["--markdown", "Docs/GUIDE.md"])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(try read("snippets.tsv"), """
            compiled\tDocs/GUIDE.md:4\tSnippet_GUIDE_4/main.swift
            skipped\tDocs/GUIDE.md:13\tneeds a camera
            compiled\tDocs/GUIDE.md:18\tSnippet_GUIDE_bench/Kernels.swift
            compiled\tDocs/GUIDE.md:25\tSnippet_GUIDE_bench/main.swift

            """)
        XCTAssertEqual(try read("Sources/Snippet_GUIDE_4/main.swift"),
                       "#sourceLocation(file: \"Docs/GUIDE.md\", line: 4)\nlet a = 1\n#sourceLocation()\n")
        // Indentation is kept, so the compiler's columns are the document's.
        XCTAssertEqual(try read("Sources/Snippet_GUIDE_bench/main.swift"),
                       "#sourceLocation(file: \"Docs/GUIDE.md\", line: 25)\n  print(twice(2))\n#sourceLocation()\n")
        let manifest = try read("Package.swift")
        XCTAssertTrue(manifest.contains(#".package(name: "FrameBudget", path: "/framebudget")"#), manifest)
        XCTAssertTrue(manifest.contains(#".executableTarget(name: "Snippet_GUIDE_bench", dependencies: snippetDependencies)"#))
        XCTAssertTrue(manifest.contains(#".target(name: "MyKernels")"#), "the stub of the user's own code")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/package/Sources/MyKernels/MyKernels.swift"))
    }

    /// A `///` line keeps its width (the slashes become spaces): the compiler's line and column are the source file's.
    func testDocCommentSnippetsKeepTheSourceFilesLinesAndColumns() throws {
        try write("Sources/Kit/Kit.swift", """
            /// Adds.
            ///
            /// ```swift
            /// import Kit
            /// print(add(1, 2))
            /// ```
            public func add(_ a: Int, _ b: Int) -> Int { a + b }

                /// <!-- snippet: skip (an outline) -->
                /// ```swift
                /// …
                /// ```
                func hidden() {}
            """)
        let result = try extract(["--doc-comments", "Sources/Kit"])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(try read("snippets.tsv"), """
            compiled\tSources/Kit/Kit.swift:4\tSnippet_Kit_4/main.swift
            skipped\tSources/Kit/Kit.swift:11\tan outline

            """)
        XCTAssertEqual(try read("Sources/Snippet_Kit_4/main.swift"),
                       "#sourceLocation(file: \"Sources/Kit/Kit.swift\", line: 4)\n    import Kit\n    print(add(1, 2))\n"
                       + "#sourceLocation()\n")
    }

    /// Mistakes in the markup fail the check (exit 2) with the document's line, rather than skipping a snippet quietly.
    func testMalformedDocumentsAreRefusedWithTheirLine() throws {
        let cases: [(text: String, message: String)] = [
            ("text\n\n<!-- snippet: skipp (typo) -->\n```swift\nlet a = 1\n```\n",
             "Docs/BAD.md:3: unknown snippet directive 'skipp (typo)'"),
            ("text\n\n<!-- snippet: skip () -->\n```swift\nlet a = 1\n```\n", "Docs/BAD.md:3: unknown snippet directive"),
            ("text\n```swift\nlet a = 1\n", "Docs/BAD.md:2: a ``` fence that is never closed"),
            ("<!-- snippet: skip (nothing follows) -->\n\ntext\n", "Docs/BAD.md:1: a snippet directive not directly followed"),
            ("```swift-partial\nlet a\n```\n", "Docs/BAD.md:1: fence language 'swift-partial'"),
        ]
        for (text, message) in cases {
            try write("Docs/BAD.md", text)
            let result = try extract(["--markdown", "Docs/BAD.md"])
            XCTAssertEqual(result.status, 2, text)
            XCTAssertTrue(result.stdout.contains("check-snippets: " + message), "\(text)\n→ \(result.stdout)")
        }
    }

    /// The repository's own docs extract cleanly (the compile step is make test's), and the README's example of
    /// "Benchmark your own package" is compiled, not skipped.
    func testTheRepositorysDocsExtract() throws {
        let result = try Framebudget.python([Framebudget.repositoryRoot + "/scripts/snippets/extract.py", "--root",
                                             Framebudget.repositoryRoot, "--out", folder + "/package",
                                             "--framebudget", Framebudget.repositoryRoot])
        XCTAssertEqual(result.status, 0, result.stdout)
        let lines = try read("snippets.tsv").split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("compiled\tREADME.md:") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("compiled\tSources/FrameBudget/") }, "the doc comments are read")
    }
}
