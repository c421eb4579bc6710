#!/usr/bin/env bash
# scripts/generate-reference.sh [BINARY] [FOLDER]   (make reference: the debug build, into Docs/reference)
#
# Writes the option reference of a framebudget binary (default .build/debug/framebudget) into FOLDER (default
# Docs/reference): one file per command, `framebudget.md` for the root and `<command>.md` / `<command>-<sub>.md`
# for every subcommand, each holding the command's --help text as it is, and a README.md listing them.
# Subcommands are discovered from the SUBCOMMANDS section of the parent's --help (so hidden commands such as
# `worker` and `iterate`, which ArgumentParser does not list, are skipped), recursively.
#
# ArgumentParser wraps help to the terminal width, which it takes from COLUMNS before asking the terminal: COLUMNS
# is fixed at 100 here, and Tests/CLITests/DocumentationTests.swift regenerates the same text the same way, failing
# on a stale file ("run make reference"). Keep the two in step when changing the layout of a file.
set -euo pipefail
binary=${1:-.build/debug/framebudget}
folder=${2:-Docs/reference}
export COLUMNS=100
if [[ ! -x "$binary" ]]; then
    echo "generate-reference: $binary is not an executable (build it: swift build)" >&2
    exit 2
fi
mkdir -p "$folder"

# The names listed under SUBCOMMANDS: in a --help text, in order (the first word of each entry line; description
# lines that wrap are indented deeper and skipped).
subcommands() {
    awk '/^SUBCOMMANDS:/ { inside = 1; next }
         inside && /^$/ { exit }
         inside && /^  [^ ]/ { print $1 }'
}

written=()   # "command words|file name", in order
generate() { # generate WORD… (the subcommand path; none for the root)
    local words=("$@") help name title
    help=$("$binary" "${words[@]}" --help)
    if ((${#words[@]} == 0)); then
        name=framebudget
        title=framebudget
    else
        name=$(IFS=-; echo "${words[*]}")
        title="framebudget ${words[*]}"
    fi
    {
        printf '# %s\n\n' "$title"
        printf 'Generated from `%s --help`; do not edit: run `make reference`.\n\n' "$title"
        printf '```text\n%s\n```\n' "$help"
    } > "$folder/$name.md.tmp"
    mv "$folder/$name.md.tmp" "$folder/$name.md"
    written+=("$title|$name.md")
    local sub
    for sub in $(subcommands <<< "$help"); do
        generate "${words[@]}" "$sub"
    done
}
generate

# Files of commands that no longer exist would otherwise linger: the folder holds only what this binary has.
for file in "$folder"/*.md; do
    base=$(basename "$file")
    [[ $base == README.md ]] && continue
    keep=no
    for entry in "${written[@]}"; do [[ ${entry#*|} == "$base" ]] && keep=yes; done
    if [[ $keep == no ]]; then rm -f "$file"; echo "generate-reference: removed $file (no such command)" >&2; fi
done

{
    printf '# Option reference\n\n'
    printf 'Every command'\''s `--help`, one file per command; do not edit: run `make reference`, which regenerates\n'
    printf 'them from the debug build (`scripts/generate-reference.sh`). `make test` fails when one is stale.\n\n'
    printf '| command | reference |\n|---|---|\n'
    for entry in "${written[@]}"; do
        printf '| `%s` | [%s](%s) |\n' "${entry%%|*}" "${entry#*|}" "${entry#*|}"
    done
} > "$folder/README.md.tmp"
mv "$folder/README.md.tmp" "$folder/README.md"
echo "generate-reference: ${#written[@]} commands from $binary into $folder/" >&2
