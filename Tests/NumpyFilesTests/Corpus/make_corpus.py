#!/usr/bin/env python3
"""Seed corpus for `make fuzz`: a few tiny, valid .npy files of every dtype, rank, format version and order (C and
Fortran) the reader supports (libFuzzer mutates them). Run: python3 make_corpus.py (writes seed_*.npy beside this script)."""
import json
import os

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
seeds = {
    "seed_f4_2d": np.arange(6, dtype="<f4").reshape(2, 3) / 4,
    "seed_f8_1d": np.array([0.5, -1.0, np.inf], dtype="<f8"),
    "seed_i4_3d": np.arange(8, dtype="<i4").reshape(2, 2, 2) - 3,
    "seed_u1_2d": np.array([[0, 1, 2], [2, 1, 0]], dtype="u1"),
    "seed_f4_0d": np.array(1.5, dtype="<f4"),
    "seed_f4_empty": np.zeros((0, 4), dtype="<f4"),
    "seed_f4_nan": np.array([[np.nan, 1.0], [0.0, -0.0]], dtype="<f4"),
}
for name, array in seeds.items():
    np.save(os.path.join(here, name + ".npy"), array)
# Format versions 2.0 and 3.0 (4-byte header length): same array, other prefix.
with open(os.path.join(here, "seed_f4_v2.npy"), "wb") as out:
    np.lib.format.write_array(out, seeds["seed_f4_2d"], version=(2, 0))
with open(os.path.join(here, "seed_u1_v3.npy"), "wb") as out:
    np.lib.format.write_array(out, seeds["seed_u1_2d"], version=(3, 0))
# Fortran order, as np.save writes a transposed or Fortran-contiguous array.
np.save(os.path.join(here, "seed_f4_2d_fortran.npy"), seeds["seed_f4_2d"].T)
np.save(os.path.join(here, "seed_i4_3d_fortran.npy"), np.asfortranarray(seeds["seed_i4_3d"]))
# What numpy holds for each seed, for the test that reads them: dtype, shape, and the C-order bytes (hex: exact for
# NaN and infinities, which JSON numbers cannot carry).
expected = {}
for name in sorted(os.listdir(here)):
    if name.endswith(".npy"):
        array = np.load(os.path.join(here, name))
        expected[name] = {"descr": array.dtype.str, "shape": list(array.shape), "c_bytes": array.tobytes(order="C").hex()}
with open(os.path.join(here, "seeds.json"), "w") as out:
    out.write("{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in expected.items()) + "\n}\n")
