#!/usr/bin/env bash
# scripts/release-flags.sh: the `swift build` flags that let the Swift code of release builds use AVX2.
#
# Swift builds for baseline x86-64 (SSE2, 128-bit vectors) unless told otherwise. On a CPU with AVX2, FMA and
# BMI2 (every Intel core since Haswell, 2013, and every AMD Zen) this prints `-Xswiftc -target-cpu -Xswiftc
# haswell`: the Swift kernels' vector loops (preview scale, fusion's pair collection, NMS) then run 256 bits wide.
# The loops that gain from AVX-512 do not depend on this: they live in CVectorLoops, compiled for baseline, AVX2
# and AVX-512 in the same binary and chosen at start-up (Docs/VECTOR-PATHS.md), so a binary built here runs AVX-512
# loops on any runner that has them and AVX2 loops on one that does not. Outputs stay byte-identical: Swift never
# contracts a*b+c into an FMA unless the code asks. Elsewhere (arm64, an x86-64 without AVX2) it prints nothing,
# and the binary runs on any x86-64.
#
# TARGET_CPU overrides the choice: TARGET_CPU=generic (or empty) for a portable binary, or any CPU name swiftc
# knows (e.g. znver4, skylake-avx512).
set -euo pipefail
if [[ -n "${TARGET_CPU+set}" ]]; then
    cpu=$TARGET_CPU
elif [[ "$(uname -m)" == x86_64 && -r /proc/cpuinfo ]] \
    && grep -qw avx2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo; then
    cpu=haswell
else
    cpu=generic
fi
if [[ -n "$cpu" && "$cpu" != generic ]]; then
    echo "-Xswiftc -target-cpu -Xswiftc $cpu"
fi
