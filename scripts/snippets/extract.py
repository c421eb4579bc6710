#!/usr/bin/env python3
"""Extracts the ```swift snippets of the docs into a throwaway package that scripts/check-snippets.sh builds.

Where snippets come from (SOURCES below): every ```swift fence of README.md and Docs/*.md, and of the `///` doc
comments under the library modules a user imports. A snippet is compiled as written, as the user would paste it: it
becomes main.swift of its own executable target (top-level code allowed), with `#sourceLocation` pointing at its
line in the document, so a compiler error names that file and line. Every snippet target depends on every library
product of FrameBudget and on the stub modules (STUBS): the user's own code that docs import, e.g. `MyKernels`.

A directive, alone on the line right before the fence (in a doc comment: a `///` line), changes that:
    <!-- snippet: skip (why) -->               not compiled; the reason is printed in the summary
    <!-- snippet: file TARGET/NAME.swift -->   a file of the target TARGET (shared by the document's snippets that
                                              name it), e.g. LIBRARY.md's MyBenchmarks.swift and main.swift
Any other `<!-- snippet: … -->` is an error, so a typo cannot silently skip a snippet.

Writes OUT/Package.swift, OUT/Sources/… and OUT/snippets.tsv (one line per snippet: status, location, target or
reason), which the shell script counts. Exit 0, or 2 with one line per malformed document (unclosed fence, bad
directive). Decides nothing about the build.
"""
import argparse
import glob
import json
import os
import re
import sys

# What is checked. Paths are relative to the repository root.
SOURCES = {
    "markdown": ["README.md", "Docs/*.md"],
    # The modules whose public API a user calls: FrameBudget re-exports Measurement and FrameLoop; the others are
    # library products of their own.
    "doc-comments": ["Sources/FrameBudget", "Sources/Measurement", "Sources/FrameLoop", "Sources/HotPaths",
                     "Sources/CaptureKernels", "Sources/NumpyFiles"],
}
# Every library product of FrameBudget's Package.swift: a snippet may import any of them.
PRODUCTS = ["FrameBudget", "HotPaths", "CaptureKernels", "NumpyFiles"]
# Stand-ins for the user's own code that snippets import: module name → its one source file (scripts/snippets/).
STUBS = {"MyKernels": "MyKernels.swift"}

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^`\s]*)")
DIRECTIVE = re.compile(r"^\s*<!--\s*snippet:(.*?)-->\s*$")
SKIP = re.compile(r"^\s*skip\s*\((.+)\)\s*$")
FILE = re.compile(r"^\s*file\s+([A-Za-z][A-Za-z0-9_-]*)/([A-Za-z][A-Za-z0-9_+-]*\.swift)\s*$")


class Malformed(Exception):
    pass


def doc_comment_lines(lines):
    """The `///` lines of a Swift file, their `///` turned into spaces so that the compiler's columns are the
    file's; other lines become None (they end a comment, and so any fence in it)."""
    result = []
    for line in lines:
        match = re.match(r"^(\s*)///(.*)$", line)
        result.append(match.group(1) + "   " + match.group(2) if match else None)
    return result


def snippets_in(path, lines):
    """(first code line, code lines, directive) for every ```swift fence of `lines` (None: not documentation)."""
    found = []
    index = 0
    while index < len(lines):
        line = lines[index]
        match = FENCE.match(line) if line is not None else None
        if not match:
            index += 1
            continue
        _, fence, language = match.groups()
        close = re.compile(r"^\s*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}\s*$")
        end = index + 1
        while end < len(lines) and lines[end] is not None and not close.match(lines[end]):
            end += 1
        if end >= len(lines) or lines[end] is None:
            raise Malformed(f"{path}:{index + 1}: a {fence} fence that is never closed")
        if language.lower() == "swift":
            body = lines[index + 1:end]   # as written: indentation does not change Swift's meaning, and keeps columns
            previous = index - 1
            while previous >= 0 and lines[previous] is not None and not lines[previous].strip():
                previous -= 1
            directive = None
            if previous >= 0 and lines[previous] is not None:
                found_directive = DIRECTIVE.match(lines[previous])
                if found_directive:
                    directive = (previous + 1, found_directive.group(1).strip())
            found.append((index + 2, body, directive))
        elif language.lower().startswith("swift"):
            raise Malformed(f"{path}:{index + 1}: fence language '{language}': write ```swift, and mark a snippet "
                            "that is not meant to compile with <!-- snippet: skip (why) -->")
        index = end + 1
    # A directive that precedes no ```swift fence is a mistake too (it would skip nothing).
    used = {d[0] for _, _, d in found if d}
    for number, line in enumerate(lines, 1):
        if line is not None and DIRECTIVE.match(line) and number not in used:
            raise Malformed(f"{path}:{number}: a snippet directive not directly followed by a ```swift fence")
    return found


def collect(root, sources):
    """Every snippet: dicts with source (relative path), line, code, and skip or target/file."""
    files = []
    for pattern in sources.get("markdown", []):
        files += [(path, False) for path in sorted(glob.glob(os.path.join(root, pattern)))]
    for folder in sources.get("doc-comments", []):
        for directory, _, names in sorted(os.walk(os.path.join(root, folder))):
            files += [(os.path.join(directory, name), True) for name in sorted(names) if name.endswith(".swift")]
    snippets = []
    errors = []
    for path, is_swift in files:
        relative = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
        if is_swift:
            lines = doc_comment_lines(lines)
        try:
            found = snippets_in(relative, lines)
        except Malformed as error:
            errors.append(str(error))
            continue
        stem = re.sub(r"[^A-Za-z0-9]", "_", os.path.splitext(os.path.basename(relative))[0])
        for line, code, directive in found:
            snippet = {"source": relative, "line": line, "code": code}
            words = directive[1] if directive else None
            if words is None:
                snippet.update(target=f"Snippet_{stem}_{line}", file="main.swift")
            elif SKIP.match(words):
                snippet["skip"] = SKIP.match(words).group(1).strip()
            elif FILE.match(words):
                target, name = FILE.match(words).groups()
                snippet.update(target=f"Snippet_{stem}_" + re.sub(r"[^A-Za-z0-9]", "_", target), file=name)
            else:
                errors.append(f"{relative}:{directive[0]}: unknown snippet directive '{words}' "
                              "(expected 'skip (why)' or 'file TARGET/NAME.swift')")
                continue
            snippets.append(snippet)
    return snippets, errors


def write_package(out, framebudget, stubs_folder, snippets):
    targets = {}
    for snippet in snippets:
        if "skip" in snippet:
            continue
        files = targets.setdefault(snippet["target"], {})
        if snippet["file"] in files:
            first = files[snippet["file"]]
            raise Malformed(f"{snippet['source']}:{snippet['line']}: {snippet['file']} of this target is already the "
                            f"snippet at {first['source']}:{first['line']}")
        files[snippet["file"]] = snippet
    for target, files in targets.items():
        folder = os.path.join(out, "Sources", target)
        os.makedirs(folder, exist_ok=True)
        for name, snippet in files.items():
            # The line directive makes the compiler name the document and the snippet's line in it.
            text = (f"#sourceLocation(file: {json.dumps(snippet['source'])}, line: {snippet['line']})\n"
                    + "\n".join(snippet["code"]) + "\n#sourceLocation()\n")
            with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
                handle.write(text)
    for module, source in STUBS.items():
        folder = os.path.join(out, "Sources", module)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(stubs_folder, source), encoding="utf-8") as handle:
            text = handle.read()
        with open(os.path.join(folder, source), "w", encoding="utf-8") as handle:
            handle.write(text)
    dependencies = ", ".join([f'.product(name: "{p}", package: "FrameBudget")' for p in PRODUCTS]
                             + [json.dumps(m) for m in STUBS])
    lines = ["// swift-tools-version: 6.0",
             "// Generated by scripts/snippets/extract.py: every snippet of the docs, compiled against FrameBudget.",
             "import PackageDescription", "",
             f"let snippetDependencies: [Target.Dependency] = [{dependencies}]",
             "let package = Package(",
             '    name: "Snippets",',
             "    platforms: [.macOS(.v15)],",
             f'    dependencies: [.package(name: "FrameBudget", path: {json.dumps(framebudget)})],',
             "    targets: ["]
    lines += [f"        .target(name: {json.dumps(m)})," for m in STUBS]
    lines += [f"        .executableTarget(name: {json.dumps(t)}, dependencies: snippetDependencies),"
              for t in sorted(targets)]
    lines += ["    ]", ")", ""]
    with open(os.path.join(out, "Package.swift"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", required=True, help="the repository whose docs are read")
    parser.add_argument("--out", required=True, help="folder of the generated package (created)")
    parser.add_argument("--framebudget", required=True, help="the FrameBudget checkout the package depends on")
    # Tests and the self-test: only these files and folders (relative to --root) instead of SOURCES.
    parser.add_argument("--markdown", nargs="*", help="markdown files, instead of SOURCES")
    parser.add_argument("--doc-comments", nargs="*", help="folders of Swift files, instead of SOURCES")
    arguments = parser.parse_args()
    root = os.path.abspath(arguments.root)
    sources = SOURCES
    if arguments.markdown is not None or arguments.doc_comments is not None:
        sources = {"markdown": arguments.markdown or [], "doc-comments": arguments.doc_comments or []}
    snippets, errors = collect(root, sources)
    if not errors:
        try:
            write_package(arguments.out, os.path.abspath(arguments.framebudget),
                          os.path.dirname(os.path.abspath(__file__)), snippets)
        except Malformed as error:
            errors.append(str(error))
    for error in errors:
        print(f"check-snippets: {error}", file=sys.stderr)
    if errors:
        return 2
    with open(os.path.join(arguments.out, "snippets.tsv"), "w", encoding="utf-8") as handle:
        for snippet in snippets:
            where = f"{snippet['source']}:{snippet['line']}"
            if "skip" in snippet:
                handle.write(f"skipped\t{where}\t{snippet['skip']}\n")
            else:
                handle.write(f"compiled\t{where}\t{snippet['target']}/{snippet['file']}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
