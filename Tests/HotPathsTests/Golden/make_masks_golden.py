"""Golden instance masks for HotPathsTests (MaskGoldenTests): numpy/scipy computing the pipeline of 001 §2b.

logits = coeffs @ protos; sigmoid; crop at prototype resolution (cells whose centre lies in the box scaled to
the grid, [x1, x2) x [y1, y2)); bilinear upsample with pixel centres aligned and edges clamped (scipy.ndimage.zoom,
order=1, mode='nearest', grid_mode=True: the vImage / OpenCV INTER_LINEAR convention); vertical flip; uint8 =
round(255 m). Run from this folder: python3 make_masks_golden.py
"""
import numpy as np
from scipy import ndimage

rng = np.random.default_rng(20261122)
C, PH, PW = 32, 12, 16
H, W = 48, 64  # 4x upsampling

protos = rng.normal(0, 1, (C, PH, PW)).astype(np.float32)
coeffs = rng.normal(0, 0.5, (4, C)).astype(np.float32)
boxes = np.array([
    [6.3, 5.1, 41.7, 30.2],     # inside the image
    [-20.0, 30.5, 70.9, 60.0],  # reaches outside the image: clipped
    [50.0, 10.0, 20.0, 40.0],   # inverted: an empty mask
    [12.9, 13.3, 14.1, 14.6],   # one prototype cell
], dtype=np.float32)

logits = coeffs.astype(np.float64) @ protos.reshape(C, -1).astype(np.float64)
sig = 1.0 / (1.0 + np.exp(-logits.reshape(-1, PH, PW)))

masks = np.zeros((len(boxes), H, W), dtype=np.uint8)
centres_x = np.arange(PW) + 0.5
centres_y = np.arange(PH) + 0.5
for n, (x1, y1, x2, y2) in enumerate(boxes.astype(np.float64)):
    sx, sy = PW / W, PH / H
    keep_x = (centres_x >= x1 * sx) & (centres_x < x2 * sx)
    keep_y = (centres_y >= y1 * sy) & (centres_y < y2 * sy)
    cropped = sig[n] * keep_y[:, None] * keep_x[None, :]
    up = ndimage.zoom(cropped, (H / PH, W / PW), order=1, mode='nearest', grid_mode=True)
    # Cross-check scipy against the explicit formula s = (X + 0.5) * cells / outputs - 0.5, clamped taps.
    def taps(outputs, cells):
        s = (np.arange(outputs) + 0.5) * cells / outputs - 0.5
        f = np.floor(s)
        return np.clip(f, 0, cells - 1).astype(int), np.clip(f + 1, 0, cells - 1).astype(int), s - f
    ya, yb, wy = taps(H, PH)
    xa, xb, wx = taps(W, PW)
    top = cropped[ya][:, xa] * (1 - wx) + cropped[ya][:, xb] * wx
    bottom = cropped[yb][:, xa] * (1 - wx) + cropped[yb][:, xb] * wx
    manual = top * (1 - wy[:, None]) + bottom * wy[:, None]
    assert np.allclose(manual, up, atol=1e-9), "scipy zoom and the explicit bilinear formula disagree"
    masks[n] = np.round(255 * up[::-1])  # vertical flip

np.save("masks_protos.npy", protos)
np.save("masks_coeffs.npy", coeffs)
np.save("masks_boxes.npy", boxes)
np.save("masks_expected.npy", masks)
print("nonzero pixels per mask:", [int((m > 0).sum()) for m in masks])
