#!/usr/bin/env bash
# scripts/release-flags.sh: the `swift build` flags that let release builds use the machine's vector width.
#
# Swift builds for baseline x86-64 (SSE2, 128-bit vectors) unless told otherwise. On a CPU with AVX2, FMA and
# BMI2 (every Intel core since Haswell, 2013, and every AMD Zen) this prints `-Xswiftc -target-cpu -Xswiftc
# haswell`: the kernels' vector loops then run 256 bits wide (colormap, edge overlay, preview scale and fusion
# about 1.4–2× faster here, Docs/DEPTH-KERNELS.md). Outputs stay byte-identical: Swift never contracts a*b+c
# into an FMA unless the code asks (checked: the kernels' equality and golden tests pass in a release build with
# these flags). Elsewhere (arm64, an older x86-64) it prints nothing.
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
