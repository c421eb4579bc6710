#!/usr/bin/env python3
"""Checks that every target of Package.swift declares exactly the modules its sources import (no unused dependency,
none reached only transitively), so the module graph in Package.swift's header, written from the same imports, stays
true. Called by `make test`; prints one line per mismatch and exits 1 on any."""
import glob
import json
import os
import re
import subprocess
import sys

SYSTEM = {"Foundation", "FoundationEssentials", "FoundationXML", "XCTest", "Glibc", "Darwin", "Dispatch",
          "Synchronization", "PackageDescription"}
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
package = json.loads(subprocess.run([os.environ.get("SWIFT", "swift"), "package", "dump-package"], cwd=root,
                                    check=True, capture_output=True, text=True).stdout)
mismatches = 0
for target in package["targets"]:
    folder = target.get("path") or ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
    declared = {next(iter(dependency.values()))[0] for dependency in target["dependencies"]}
    imported = set()
    for source in glob.glob(os.path.join(root, folder, "**", "*.swift"), recursive=True):
        with open(source, encoding="utf-8") as file:
            for line in file:
                match = re.match(r"^(?:@testable |@_exported )?import (?:(?:struct|class|enum|protocol|typealias|func|var|let) )?(\w+)", line)
                if match and match.group(1) not in SYSTEM:
                    imported.add(match.group(1))
    if declared != imported:
        mismatches += 1
        print(f"module graph: {target['name']}: declared but never imported {sorted(declared - imported)}, "
              f"imported but not declared {sorted(imported - declared)}")
print(f"module graph: {len(package['targets'])} targets, {mismatches} mismatches")
sys.exit(1 if mismatches else 0)
