#!/usr/bin/env python3
"""Validates FrameBudget results documents against Schemas/results.schema.json.

Usage: python3 Schemas/validate.py results.json [more.json ...]
Prints one line per file; exits 0 when every file is valid, 1 when one is invalid (not valid JSON, or not what the
schema allows), 2 when a file cannot be read, jsonschema is missing or no file is named (64 for an option).
"""
import json
import os
import pathlib
import sys

USAGE = "usage: python3 Schemas/validate.py results.json [more.json ...]"


def not_json(token):
    """Python reads NaN, Infinity and -Infinity; JSON (RFC 8259) and framebudget do not."""
    raise ValueError(f"{token} is not a JSON number")


def finite_number(text):
    """A number too large for a double (1e400) reads as infinity in Python; framebudget refuses it."""
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is out of the range of a double")
    return value


def unique_keys(pairs):
    """A key twice in one object: JSON leaves its meaning open (Python keeps the last, framebudget refuses it)."""
    seen = set()
    for key, _ in pairs:
        if key in seen:
            raise ValueError(f"key '{key}' appears twice in one object")
        seen.add(key)
    return dict(pairs)


def check(validator, path):
    """One line about `path`; its status: 0 valid, 1 invalid, 2 unreadable."""
    try:
        text = pathlib.Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"{path}: cannot read: {getattr(error, 'strerror', None) or error}")
        return 2
    try:
        document = json.loads(text, parse_constant=not_json, parse_float=finite_number, object_pairs_hook=unique_keys)
    except ValueError as error:  # a truncated file is invalid, not a crash
        print(f"{path}: invalid: not JSON ({error})")
        return 1
    except RecursionError:
        print(f"{path}: invalid: nested deeper than the JSON reader goes")
        return 1
    # Document order: list indices as numbers (benchmarks/2 before benchmarks/10), names as text.
    try:
        errors = sorted(validator.iter_errors(document),
                        key=lambda e: [(0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in e.absolute_path])
    except RecursionError:
        print(f"{path}: invalid: nested deeper than the schema checker goes")
        return 1
    if not errors:
        print(f"{path}: valid")
        return 0
    first = errors[0]
    location = "/".join(str(p) for p in first.absolute_path) or "(top level)"
    message = first.message.replace("\n", " ")
    if len(message) > 300:  # jsonschema quotes the offending value whole
        message = message[:200] + " … " + message[-80:]
    print(f"{path}: invalid at {location}: {message} ({len(errors)} error(s))")
    return 1


def main(paths):
    if not paths or paths[0] in ("-h", "--help"):
        print(__doc__.strip() if paths else USAGE, file=sys.stdout if paths else sys.stderr)
        return 0 if paths else 2
    if paths[0].startswith("-") and paths[0] != "-":
        print(f"validate.py: unknown option {paths[0]}; {USAGE}", file=sys.stderr)
        return 64
    try:
        import jsonschema
    except ImportError:
        # On a system python that refuses pip (PEP 668), `make deps` puts the modules in this checkout's
        # .build-python: run under its python rather than send the user to a pip that refuses.
        venv = pathlib.Path(__file__).resolve().parent.parent / ".build-python" / "bin" / "python3"
        if venv.exists() and pathlib.Path(sys.executable).resolve() != venv.resolve():
            os.execv(str(venv), [str(venv), __file__] + paths)
        print("validate.py: python module 'jsonschema' is missing: run 'make deps' "
              "(or: python3 -m pip install jsonschema)", file=sys.stderr)
        return 2
    schema = json.loads((pathlib.Path(__file__).parent / "results.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    return max(check(validator, path) for path in paths)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
