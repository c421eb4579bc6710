"""Inputs of PinnedOutputTests, and the FNV-1a hashes of a build's outputs on them.

The inputs come from a 64-bit LCG (PCG's multiplier) whose top 24 bits are turned into float32 by exact operations,
so the Swift test rebuilds exactly the same arrays without a file. This script writes them as .npy folders for
`framebudget kernel mask-upsample` and `framebudget kernel fusion`, runs the given binary on them, and prints the
FNV-1a 64 of the outputs as the test hashes them. Run with the binary built before the issue-13 speed-ups to get the
pinned constants:

    python3 make_pinned_inputs.py /path/to/old/framebudget /tmp/pinned
"""
import json
import subprocess
import sys
from pathlib import Path

import numpy as np

MASK64 = (1 << 64) - 1


class LCG:
    def __init__(self, seed):
        self.state = seed & MASK64

    def next24(self):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & MASK64
        return self.state >> 40


def mask_inputs(channels, proto_h, proto_w, boxes, seed):
    lcg = LCG(seed)
    protos = np.array([(lcg.next24() - (1 << 23)) / float(1 << 23) for _ in range(channels * proto_h * proto_w)],
                      dtype=np.float32).reshape(channels, proto_h, proto_w)
    coeffs = np.array([(lcg.next24() - (1 << 23)) / float(1 << 21) for _ in range(len(boxes) * channels)],
                      dtype=np.float32).reshape(len(boxes), channels)
    return protos, coeffs, np.array(boxes, dtype=np.float32).reshape(-1, 4)


MASK_CASES = {
    # name: (channels, proto h, proto w, out w, out h, flip, boxes)
    "1920x1440": (32, 120, 160, 1920, 1440, True,
                  [[100, 80, 900, 1000], [-300, -200, 2500, 1700], [1500.5, 1200.25, 1919.75, 1439.5], [960, 0, 961, 1440]]),
    "320x240 upright": (8, 120, 160, 320, 240, False, [[10, 20, 200, 230], [0, 0, 320, 240], [300, 5, 400, 17]]),
    "16x12 to 50x30": (4, 12, 16, 50, 30, True, [[3.3, 2.1, 40.7, 29.9], [-5, -5, 8, 8], [49, 0, 50, 30]]),
}


def fusion_inputs(nan_patch, holes, with_confidence, seed):
    lcg = LCG(seed)
    rel_w, rel_h, w, h = 518, 392, 256, 192
    relative = np.array([(256 + (i % rel_w) + (i // rel_w) + (lcg.next24() & 7)) / 512.0 for i in range(rel_w * rel_h)],
                        dtype=np.float32).reshape(rel_h, rel_w)
    lidar = np.array([(2 * (256 + 2 * (i % w) + 2 * (i // w)) + (lcg.next24() & 15)) / 512.0 for i in range(w * h)],
                     dtype=np.float32).reshape(h, w)
    confidence = np.array([lcg.next24() % 3 for _ in range(w * h)], dtype=np.uint8).reshape(h, w)
    if nan_patch:
        relative[100:160, 200:260] = np.nan
        relative.flat[7] = np.inf
    if holes:
        for i in range(0, w * h, 37):
            lidar.flat[i] = [np.nan, np.inf, 0.0, -1.0][i % 4]
    return lidar, relative, (confidence if with_confidence else None)


FUSION_CASES = {
    # name: (NaN patch in the relative map, holes in the LiDAR, confidence map given, seed)
    "plain": (False, False, True, 11),
    "no confidence": (False, False, False, 12),
    "NaN patch, LiDAR holes": (True, True, True, 13),
}


def fnv(data, value=0xCBF29CE484222325):
    for byte in data:
        value = ((value ^ byte) * 0x100000001B3) & MASK64
    return value


def main(binary, root):
    root = Path(root)
    for name, (channels, ph, pw, ow, oh, flip, boxes) in MASK_CASES.items():
        folder = root / ("masks-" + name.replace(" ", "-"))
        (folder / "in").mkdir(parents=True, exist_ok=True)
        protos, coeffs, box_array = mask_inputs(channels, ph, pw, boxes, seed=len(name))
        np.save(folder / "in/protos.npy", protos)
        np.save(folder / "in/coeffs.npy", coeffs)
        np.save(folder / "in/boxes.npy", box_array)
        subprocess.run([binary, "kernel", "mask-upsample", "--in", folder / "in", "--out", folder / "out",
                        "--param", f"width={ow}", "--param", f"height={oh}", "--param", f"flip={'true' if flip else 'false'}"],
                       check=True)
        masks = np.load(folder / "out/masks.npy")
        print(f'"{name}": 0x{fnv(masks.tobytes()):016x},  # {int((masks > 200).sum())} pixels > 200')
    for name, (nan_patch, holes, with_confidence, seed) in FUSION_CASES.items():
        folder = root / ("fusion-" + name.replace(" ", "-").replace(",", ""))
        (folder / "in").mkdir(parents=True, exist_ok=True)
        lidar, relative, confidence = fusion_inputs(nan_patch, holes, with_confidence, seed)
        np.save(folder / "in/lidar.npy", lidar)
        np.save(folder / "in/relative.npy", relative)
        if confidence is not None:
            np.save(folder / "in/confidence.npy", confidence)
        subprocess.run([binary, "kernel", "fusion", "--in", folder / "in", "--out", folder / "out"], check=True)
        fit = json.loads((folder / "out/fit.json").read_text())
        metric = np.load(folder / "out/metric.npy")
        head = np.array([fit["alpha"], fit["beta"]], dtype=np.float32).tobytes() + int(fit["pairs"]).to_bytes(8, "little")
        print(f'"{name}": 0x{fnv(head + metric.tobytes()):016x},  # {fit}')


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
