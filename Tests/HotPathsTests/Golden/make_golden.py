#!/usr/bin/env python3
"""Golden images for the depth colormap's bilinear sampler (Tests/HotPathsTests/ColormapGoldenTests.swift).

The expected RGBA8 images are computed here with numpy, independently of the Swift code, from the definition in
Docs/DEPTH-KERNELS.md: pixel-centre mapping u = (i + 0.5) * in / out - 0.5, taps floor(u) and floor(u) + 1 clamped to
the edge (a tap of weight 0 is not read), vertical mix first, then horizontal, all in float32 as a GPU would; NaN or
+-Inf samples are transparent; colour = mix(red, blue, saturate((d - near) / (far - near))), round(255 c) with
halves to even (IEEE rint, as a GPU stores unorm8), alpha
round(255 opacity).

Run from this folder: python3 make_golden.py  (writes colormap_bilinear.json; commit both).
"""
import json
import math

import numpy as np

F = np.float32


def taps(n_in, n_out):
    out = []
    for i in range(n_out):
        u = (i + 0.5) * n_in / n_out - 0.5
        lower = math.floor(u)
        w = F(u - lower)
        first = min(max(lower, 0), n_in - 1)
        second = first if w == 0 else min(max(lower + 1, 0), n_in - 1)
        out.append((first, second, w))
    return out


def mix(a, b, w):
    with np.errstate(invalid="ignore", over="ignore"):
        return F(a + F(w * F(b - a)))


def quantize(c):
    s = F(F(255) * F(c))
    if not s > 0:
        return 0
    if s >= 255:
        return 255
    return int(np.rint(np.float64(s)))  # float64 holds a float32 exactly; ties to even


def colour(d, near, far, opacity):
    if not np.isfinite(d):
        return [0, 0, 0, 0]
    t = F(F(d - F(near)) / F(F(far) - F(near)))
    t = t if t > 0 else F(0)
    t = t if t < 1 else F(1)
    near_c, far_c = np.array([1, 0, 0], F), np.array([0, 0, 1], F)
    c = [F(near_c[k] + F(F(far_c[k] - near_c[k]) * t)) for k in range(3)]
    return [quantize(c[0]), quantize(c[1]), quantize(c[2]), quantize(F(opacity))]


def upsample(depth, out_w, out_h, near, far, opacity):
    h, w = depth.shape
    rows, cols = taps(h, out_h), taps(w, out_w)
    image = []
    for (y0, y1, wy) in rows:
        for (x0, x1, wx) in cols:
            left = mix(depth[y0, x0], depth[y1, x0], wy)
            right = mix(depth[y0, x1], depth[y1, x1], wy)
            image.append(colour(mix(left, right, wx), near, far, opacity))
    return image


CASES = [
    ("smooth-3x2-to-7x5", [[0.25, 1.0, 2.5], [4.0, 5.5, 3.0]], 7, 5, 0.5, 5.0, 0.4),
    ("holes-4x3-to-9x7", [[1.0, 1.5, 2.0, 2.5], [1.25, "nan", 2.25, 3.0], [1.5, 2.0, "inf", 3.5]], 9, 7, 0.5, 5.0, 0.4),
    ("downsample-4x4-to-3x2", [[0.5, 1.0, 1.5, 2.0], [2.5, 3.0, 3.5, 4.0], [4.5, 5.0, 0.75, 1.75], [2.25, 3.25, 4.25, "-inf"]],
     3, 2, 1.0, 4.0, 1.0),
    ("same-size-3x3", [[0.5, 2.75, 5.0], ["nan", 1.625, 0.0], [6.0, "inf", 4.0]], 3, 3, 0.5, 5.0, 0.4),
]


def main():
    cases = []
    for name, rows, out_w, out_h, near, far, opacity in CASES:
        depth = np.array([[F(float(v)) for v in row] for row in rows], dtype=F)
        cases.append({
            "name": name, "width": depth.shape[1], "height": depth.shape[0],
            "depth": [str(float(v)) for v in depth.ravel()],
            "outputWidth": out_w, "outputHeight": out_h, "near": near, "far": far, "opacity": opacity,
            "rgba": upsample(depth, out_w, out_h, near, far, opacity),
        })
    with open("colormap_bilinear.json", "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(case) for case in cases) + "\n]\n")


if __name__ == "__main__":
    main()
