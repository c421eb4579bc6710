#!/usr/bin/env python3
"""Golden .npy files written by numpy itself, for NpyGoldenTests. Run: python3 make_golden.py (writes beside itself).

order/: every supported dtype (float32, float64, int32, uint8) at ranks 1-4, saved by np.save once in C order and
once in Fortran order (np.asfortranarray, as a transpose or a Fortran library gives), plus manifest.json with each
file's shape, the fortran_order numpy wrote, and its values in C (row-major) order as numpy ravels them.
A 1-d array is both C- and Fortran-contiguous, so np.save always marks it C; its Fortran file is written with
numpy's own header writer and fortran_order True (np.load reads it back unchanged, checked below).

bad/: files numpy wrote, then cut or edited where named, each refused with one line by the reader (expected messages
live in the test), and headers numpy writes that the parser must accept (Python 2 era 'L' longs, 0-d, 1-d).
"""
import io
import json
import os
import warnings

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
order_dir = os.path.join(here, "order")
bad_dir = os.path.join(here, "bad")
os.makedirs(order_dir, exist_ok=True)
os.makedirs(bad_dir, exist_ok=True)

shapes = {1: (5,), 2: (3, 4), 3: (2, 3, 4), 4: (2, 3, 1, 5)}
dtypes = {"f4": "<f4", "f8": "<f8", "i4": "<i4", "u1": "|u1"}


def values(dtype, shape):
    n = int(np.prod(shape))
    i = np.arange(n)
    if dtype in ("<f4", "<f8"):
        # Distinct, exactly representable, signed: a wrong element or a wrong order shows.
        return ((i * 37 % 101) / 8.0 - 6.0).astype(dtype).reshape(shape)
    if dtype == "<i4":
        return (i * 7919 % 65537 - 30000).astype(dtype).reshape(shape)
    return (i * 37 % 251).astype(dtype).reshape(shape)


def save_fortran(path, array):
    if array.ndim >= 2:
        fortran = np.asfortranarray(array)
        assert fortran.flags.f_contiguous and not fortran.flags.c_contiguous
        np.save(path, fortran)
    else:
        with open(path, "wb") as out:
            np.lib.format.write_array_header_1_0(
                out, {"descr": np.lib.format.dtype_to_descr(array.dtype), "fortran_order": True, "shape": array.shape})
            out.write(array.tobytes(order="F"))


manifest = []
for code, dtype in dtypes.items():
    for rank, shape in shapes.items():
        array = values(dtype, shape)
        for order in ("C", "F"):
            name = f"{code}_rank{rank}_{order}.npy"
            path = os.path.join(order_dir, name)
            if order == "C":
                np.save(path, array)
            else:
                save_fortran(path, array)
            loaded = np.load(path)
            assert loaded.dtype == array.dtype and loaded.shape == array.shape and (loaded == array).all(), name
            with open(path, "rb") as f:
                major, minor = f.read(8)[6:8]
                header = np.lib.format.read_array_header_1_0(f) if major == 1 else None
            manifest.append({
                "file": name, "dtype": dtype, "shape": list(shape),
                "fortran_order": bool(header[1]), "values": array.ravel(order="C").tolist(),
            })
with open(os.path.join(order_dir, "manifest.json"), "w") as out:
    out.write("[\n" + ",\n".join(json.dumps(entry) for entry in manifest) + "\n]\n")


def npy(array, version=(1, 0)):
    buffer = io.BytesIO()
    np.lib.format.write_array(buffer, array, version=version)
    return buffer.getvalue()


def write(name, data):
    with open(os.path.join(bad_dir, name), "wb") as out:
        out.write(data)


base = npy(np.arange(6, dtype="<f4").reshape(2, 3))
write("unknown_version.npy", base[:6] + bytes([4, 0]) + base[8:])
write("header_cut_short.npy", base[:9])
write("header_beyond_file.npy", base[:40])
write("big_endian.npy", npy(np.arange(6, dtype=">f4").reshape(2, 3)))
write("int16.npy", npy(np.arange(6, dtype="<i2")))
write("complex64.npy", npy(np.arange(6, dtype="<c8")))
write("structured.npy", npy(np.zeros(2, dtype=[("x", "<f4"), ("y", "<f4")])))
write("object.npy", npy(np.array([1, None], dtype=object)))
# Same header length: '(2, 3)' becomes '(-2, 3' + ')' by eating one padding space.
negative = base.replace(b"(2, 3), }", b"(-2, 3), }").replace(b"}  ", b"} ", 1)
assert len(negative) == len(base)
write("negative_dimension.npy", negative)
data_cut = npy(np.arange(12, dtype="<f8").reshape(3, 4))
write("data_cut_short.npy", data_cut[:-8])
# Accepted headers: 0-d, 1-d '(3,)', and a Python 2 era long 'L' suffix (as numpy 1.x wrote under Python 2).
write("zero_d.npy", npy(np.array(2.5, dtype="<f8")))
write("one_d.npy", npy(np.array([1, 2, 3], dtype="<i4")))
longs = npy(np.arange(6, dtype="<f4").reshape(2, 3)).replace(b"(2, 3), }", b"(2L, 3L), }").replace(b"}    ", b"}  ", 1)
assert len(longs) == len(base)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # numpy notes the file looks written by Python 2, as it is meant to
    assert np.load(io.BytesIO(longs)).shape == (2, 3)
write("python2_longs.npy", longs)
print(f"{len(manifest)} order files, manifest.json, and the bad/ files written")
