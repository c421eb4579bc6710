#!/usr/bin/env python3
"""Golden values for the fusion tests: a 6x5 LiDAR frame fused onto an 8x7 relative map, by hand in numpy.

Every step follows design document 001 §3 in float32, in the document's order of operations, so the Swift
samples must match bit for bit:
  daX = (lx / (w-1)) * (W-1), x0 = floor(daX), x1 = min(x0+1, W-1), fx = daX - x0 (same in y);
  sample = v00*(1-fx)*(1-fy) + v10*fx*(1-fy) + v01*(1-fx)*fy + v11*fx*fy, left to right.
The fit is numpy's float64 least squares on the kept float32 pairs; the metric map is clamp(a*rel+b, 0.01, 100).
Run: python3 fusion_make_golden.py  (writes fusion_small.json beside this script).
"""
import json
import os

import numpy as np

f32 = np.float32
W, H = 8, 7          # relative map
w, h = 6, 5          # LiDAR map

ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
relative = (f32(0.3) + f32(0.05) * xs + f32(0.02) * ys * ys + f32(0.01) * xs * ys).astype(np.float32)
# One corner of the relative map is not usable: a negative value, so the sample there fails "rel > 0".
relative[0, 0] = f32(-3.0)


def mapping(l, lidar_size, relative_size):
    norm = f32(l) / f32(lidar_size - 1)
    position = f32(norm * f32(relative_size - 1))
    low = int(position)
    return position, low, min(low + 1, relative_size - 1), f32(position - f32(low))


samples = np.zeros((h, w), dtype=np.float32)
coordinates = []
for ly in range(h):
    daY, y0, y1, fy = mapping(ly, h, H)
    for lx in range(w):
        daX, x0, x1, fx = mapping(lx, w, W)
        one = f32(1)
        v00, v10, v01, v11 = relative[y0, x0], relative[y0, x1], relative[y1, x0], relative[y1, x1]
        s = f32(f32(f32(v00 * f32(one - fx)) * f32(one - fy)) + f32(f32(v10 * fx) * f32(one - fy)))
        s = f32(s + f32(f32(v01 * f32(one - fx)) * fy))
        s = f32(s + f32(f32(v11 * fx) * fy))
        samples[ly, lx] = s
        coordinates.append({"lx": lx, "ly": ly, "daX": float(daX), "daY": float(daY),
                            "x0": x0, "x1": x1, "y0": y0, "y1": y1, "fx": float(fx), "fy": float(fy)})

rng = np.random.default_rng(20261122)
lidar = (f32(1.8) * samples + f32(0.35) + rng.normal(0, 0.01, samples.shape).astype(np.float32)).astype(np.float32)
confidence = np.full((h, w), 2, dtype=np.uint8)
lidar[1, 2] = np.nan          # a hole
lidar[2, 3] = f32(4.5)        # beyond maxDepth 4.0
lidar[3, 1] = f32(0.05)       # below minDepth 0.1
confidence[4, 4] = 1          # medium confidence is dropped
lidar[0, 5] = np.inf          # infinite depth

keep = (confidence >= 2) & (lidar > 0.1) & (lidar < 4.0) & np.isfinite(lidar) & np.isfinite(samples) & (samples > 0)
rel_pairs = samples[keep].astype(np.float64)
abs_pairs = lidar[keep].astype(np.float64)
matrix = np.stack([rel_pairs, np.ones_like(rel_pairs)], axis=1)
(alpha, beta), *_ = np.linalg.lstsq(matrix, abs_pairs, rcond=None)
metric = np.clip(f32(alpha) * relative + f32(beta), f32(0.01), f32(100)).astype(np.float32)

golden = {
    "relativeWidth": W, "relativeHeight": H, "lidarWidth": w, "lidarHeight": h,
    "relative": [float(v) for v in relative.ravel()],
    "lidar": [None if not np.isfinite(v) else float(v) for v in lidar.ravel()],
    "lidarNonFinite": {str(i): ("nan" if np.isnan(v) else "inf") for i, v in enumerate(lidar.ravel()) if not np.isfinite(v)},
    "confidence": [int(v) for v in confidence.ravel()],
    "coordinates": coordinates,
    "samples": [float(v) for v in samples.ravel()],
    "pairs": int(keep.sum()),
    "alpha": float(alpha), "beta": float(beta),
    "metric": [float(v) for v in metric.ravel()],
}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "fusion_small.json"), "w") as out:
    json.dump(golden, out, indent=1)
print(f"pairs {golden['pairs']}  alpha {alpha:.6f}  beta {beta:.6f}")
