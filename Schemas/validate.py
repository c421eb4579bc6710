#!/usr/bin/env python3
"""Validates FrameBudget results documents against Schemas/results.schema.json.

Usage: python3 Schemas/validate.py results.json [more.json ...]
Prints one line per file; exits 0 when every file is valid, 1 otherwise, 2 when jsonschema is missing.
"""
import json
import pathlib
import sys

try:
    import jsonschema
except ImportError:
    print("validate.py: python module 'jsonschema' is missing: python3 -m pip install jsonschema", file=sys.stderr)
    sys.exit(2)

schema = json.loads((pathlib.Path(__file__).parent / "results.schema.json").read_text())
validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
failed = False
for path in sys.argv[1:]:
    document = json.loads(pathlib.Path(path).read_text())
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    if errors:
        failed = True
        first = errors[0]
        location = "/".join(str(p) for p in first.absolute_path) or "(top level)"
        print(f"{path}: invalid at {location}: {first.message} ({len(errors)} error(s))")
    else:
        print(f"{path}: valid")
sys.exit(1 if failed else 0)
