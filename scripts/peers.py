#!/usr/bin/env python3
"""Times what a user would pick instead of FrameBudget's kernels, on the kernels' own inputs.

Usage: python3 scripts/peers.py --inputs DIR --threads 1|all --out peers.json [--quick] [--samples N]
       [--sample-time-ms MS] [--warmup-ms MS] [--max-time-s S] [--only SUBSTRING]

DIR is written by `framebudget peers export` (.npy capture folders and manifest.json). The protocol is the
harness's: a warm-up (at least two calls, --warmup-ms), calls per sample calibrated so a sample lasts
--sample-time-ms, --samples samples or --max-time-s (never under 10 samples), every raw sample kept as nanoseconds per
call. `framebudget peers merge` turns the samples into statistics (medians with bootstrap intervals) with the same
code as every benchmark. Conversions a user pays before the library call (xyxy boxes to xywh float64, Python
lists) are timed apart from the call. With --threads 1, OpenCV and the BLAS under numpy get one thread (set before
they are imported); with --threads all, every core. Exit: 0; 2 bad input; 4 numpy or OpenCV missing.
"""
import argparse
import json
import os
import sys
import time


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--inputs", required=True)
    parser.add_argument("--threads", required=True, choices=["1", "all"])
    parser.add_argument("--out", required=True)
    parser.add_argument("--quick", action="store_true", help="20 samples of ~1 ms, 20 ms warm-up, <= 0.5 s each")
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--sample-time-ms", type=float, default=5.0)
    parser.add_argument("--warmup-ms", type=float, default=200.0)
    parser.add_argument("--max-time-s", type=float, default=5.0)
    parser.add_argument("--only", default="", help="only kernels whose id contains this text")
    arguments = parser.parse_args()
    if arguments.quick:
        arguments.samples, arguments.sample_time_ms, arguments.warmup_ms, arguments.max_time_s = 20, 1.0, 20.0, 0.5
    return arguments


ARGS = parse_arguments()
THREADS = 1 if ARGS.threads == "1" else (os.cpu_count() or 1)
if THREADS == 1:  # must precede the imports: OpenBLAS and OpenMP read these once
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[name] = "1"
try:
    import hashlib
    import numpy as np
    import cv2
except ImportError as error:
    print(f"peers.py: {error.name} is missing: python3 -m pip install opencv-python-headless numpy", file=sys.stderr)
    sys.exit(4)  # as framebudget's run failures: 3 means "inconclusive" to its users
cv2.setNumThreads(THREADS)


# MARK: - Timing protocol (the harness's, see Docs/MEASURING.md, "How it measures")

def clock_cost_ns():
    reads = 10000
    start = time.perf_counter_ns()
    for _ in range(reads):
        time.perf_counter_ns()
    return (time.perf_counter_ns() - start) / reads


CLOCK_COST = clock_cost_ns()


def measure(call):
    """Warm-up, calibration, samples: returns (calls per sample, [ns per call])."""
    call()
    call()
    calls, start = 2, time.perf_counter_ns()
    while time.perf_counter_ns() - start < ARGS.warmup_ms * 1e6:
        call()
        calls += 1
    cost = max((time.perf_counter_ns() - start) / max(calls - 2, 1), 1.0)
    per_sample = max(1, round(max(ARGS.sample_time_ms * 1e6, 1000 * CLOCK_COST) / cost))
    samples, begun = [], time.perf_counter_ns()
    while len(samples) < ARGS.samples:
        t0 = time.perf_counter_ns()
        for _ in range(per_sample):
            call()
        samples.append((time.perf_counter_ns() - t0) / per_sample)
        if len(samples) >= 10 and time.perf_counter_ns() - begun > ARGS.max_time_s * 1e9:
            break
    return per_sample, samples


def load(folder, name):
    path = os.path.join(ARGS.inputs, folder, name)
    try:
        return np.load(path, allow_pickle=False)
    except (OSError, ValueError) as error:
        print(f"peers.py: {path}: {error}", file=sys.stderr)
        sys.exit(2)


def padded(array, pad_bytes=64):
    """A copy whose rows are `pad_bytes` longer than the data, like the kernels' padded sources: a strided view."""
    row = array.shape[1] * array.itemsize * (array.shape[2] if array.ndim == 3 else 1)
    extra = pad_bytes // (array.itemsize * (array.shape[2] if array.ndim == 3 else 1))
    shape = (array.shape[0], array.shape[1] + extra) + array.shape[2:]
    storage = np.zeros(shape, dtype=array.dtype)
    storage[:, : array.shape[1]] = array
    assert storage.strides[0] == row + pad_bytes
    return storage[:, : array.shape[1]]


# MARK: - Peers, one per hot path: (library, call, conversion or None, conversion note)

def texture_upload(entry):
    source = load(entry["folder"], "depth.npy" if entry["folder"] == "depth" else "frame.npy")
    view = padded(source)
    texture = np.empty_like(source)  # rows of 1 KiB / 7.5 KiB are already 256-byte multiples
    return "numpy.copyto (padded rows into a texture)", lambda: np.copyto(texture, view), None, None


def colormap_lut(folder):
    palette = load(folder, "palette.npy")  # RGBA
    return np.ascontiguousarray(palette[:, [2, 1, 0]].reshape(256, 1, 3))  # applyColorMap wants a BGR 256×1 table


def colormap(entry):
    depth = load(entry["folder"], "depth.npy")
    parameters = entry["parameters"]
    near, far = float(parameters["near"]), float(parameters["far"])
    width, height = int(parameters["width"]), int(parameters["height"])
    lut = colormap_lut(entry["folder"])
    alpha, beta = 255.0 / (far - near), -255.0 * near / (far - near)
    index = np.empty((height, width), np.uint8)
    out = np.empty((height, width, 3), np.uint8)
    if (width, height) == (depth.shape[1], depth.shape[0]):
        def call():
            cv2.convertScaleAbs(depth, dst=index, alpha=alpha, beta=beta)
            cv2.applyColorMap(index, lut, dst=out)
        return "cv2.convertScaleAbs + cv2.applyColorMap (user LUT)", call, None, None
    resized = np.empty((height, width), np.float32)

    def call_resized():
        cv2.resize(depth, (width, height), dst=resized, interpolation=cv2.INTER_LINEAR)
        cv2.convertScaleAbs(resized, dst=index, alpha=alpha, beta=beta)
        cv2.applyColorMap(index, lut, dst=out)
    return "cv2.resize (bilinear) + cv2.convertScaleAbs + cv2.applyColorMap (user LUT)", call_resized, None, None


def preview_scale(entry):
    frame = load(entry["folder"], "frame.npy")
    width, height = int(entry["parameters"]["outputWidth"]), int(entry["parameters"]["outputHeight"])
    out = np.empty((height, width, 4), np.uint8)
    return ("cv2.resize (INTER_AREA: the 2×2 average)",
            lambda: cv2.resize(frame, (width, height), dst=out, interpolation=cv2.INTER_AREA), None, None)


def nms(entry):
    boxes = load(entry["folder"], "boxes.npy")
    scores = load(entry["folder"], "scores.npy")
    classes = load(entry["folder"], "classes.npy")
    conf, iou, top = float(entry["parameters"]["conf"]), float(entry["parameters"]["iou"]), int(entry["parameters"]["max_det"])
    state = {}

    def convert():  # what the binding accepts: x, y, w, h as float64 rows, float scores, int class ids
        xywh = boxes.astype(np.float64)
        xywh[:, 2:] -= xywh[:, :2]
        state["boxes"], state["scores"], state["classes"] = xywh, scores.astype(np.float64), classes.astype(np.int32)

    convert()

    def call():  # the confidence filter first, as YOLO post-processing does, then the library's NMS on the survivors
        passing = state["scores"] > conf
        return cv2.dnn.NMSBoxesBatched(state["boxes"][passing], state["scores"][passing], state["classes"][passing],
                                       conf, iou, top_k=top)
    return ("numpy confidence filter + cv2.dnn.NMSBoxesBatched", call, convert,
            "xyxy float32 boxes to xywh float64, scores to float64")


def mask_upsample(entry):
    protos = load(entry["folder"], "protos.npy")
    coefficients = load(entry["folder"], "coeffs.npy")
    boxes = load(entry["folder"], "boxes.npy")
    parameters = entry["parameters"]
    width, height = [int(v) for v in parameters["output"].split("x")]
    channels, proto_h, proto_w = protos.shape
    flat = protos.reshape(channels, -1)
    n = boxes.shape[0]
    scale = np.array([proto_w / width, proto_h / height, proto_w / width, proto_h / height], np.float32)
    grid_boxes = (boxes * scale)[:, :, None, None]
    cols = (np.arange(proto_w, dtype=np.float32) + 0.5)[None, None, :]
    rows = (np.arange(proto_h, dtype=np.float32) + 0.5)[None, :, None]
    upsampled = np.empty((height, width), np.float32)
    converted = np.empty((height, width), np.uint8)
    masks = np.empty((n, height, width), np.uint8)

    def call():  # the pipeline of ultralytics' process_mask_upsample, in numpy + OpenCV
        logits = (coefficients @ flat).reshape(n, proto_h, proto_w)
        soft = 1.0 / (1.0 + np.exp(-logits))
        inside = ((cols >= grid_boxes[:, 0]) & (cols < grid_boxes[:, 2]) & (rows >= grid_boxes[:, 1]) & (rows < grid_boxes[:, 3]))
        soft *= inside
        for i in range(n):
            cv2.resize(soft[i], (width, height), dst=upsampled, interpolation=cv2.INTER_LINEAR)
            cv2.convertScaleAbs(upsampled, dst=converted, alpha=255.0)
            cv2.flip(converted, 0, dst=masks[i])
    return "numpy matmul + exp (sigmoid), crop, per mask cv2.resize + cv2.convertScaleAbs + cv2.flip", call, None, None


def hash_chain(entry):
    frames = load(entry["folder"], "frames.npy")
    views = [memoryview(np.ascontiguousarray(frame)) for frame in frames]
    state = {"head": bytes(32), "next": 0}

    def call():
        hasher = hashlib.sha256()
        hasher.update(state["head"])
        hasher.update(views[state["next"]])
        state["head"] = hasher.digest()
        state["next"] = (state["next"] + 1) % len(views)
    return "hashlib.sha256 (previous link, then the frame)", call, None, None


PEERS = {"texture-upload": texture_upload, "colormap": colormap, "preview-scale": preview_scale, "nms": nms,
         "mask-upsample": mask_upsample, "hash-chain": hash_chain}


def main():
    try:
        with open(os.path.join(ARGS.inputs, "manifest.json")) as handle:
            manifest = json.load(handle)
    except (OSError, ValueError) as error:
        print(f"peers.py: {ARGS.inputs}/manifest.json: {error} (write it with 'framebudget peers export')", file=sys.stderr)
        sys.exit(2)
    variant = "peer-1core" if THREADS == 1 else "peer"
    peers = []
    for entry in manifest:
        if ARGS.only not in entry["kernel"] or entry["hotPath"] not in PEERS:
            continue
        library, call, convert, note = PEERS[entry["hotPath"]](entry)
        print(f"peers.py: {entry['kernel']} ← {library} on {THREADS} thread(s) …", file=sys.stderr)
        per_sample, samples = measure(call)
        peer = {"id": f"{entry['hotPath']}/{variant}/{entry['workload']}", "hotPath": entry["hotPath"], "variant": variant,
                "workload": entry["workload"], "kernel": entry["kernel"], "threads": THREADS, "library": library,
                "parameters": entry["parameters"],
                "call": {"iterationsPerSample": per_sample, "samplesNanoseconds": samples}}
        if convert is not None:
            conversion_per_sample, conversion_samples = measure(convert)
            peer["conversion"] = {"iterationsPerSample": conversion_per_sample, "samplesNanoseconds": conversion_samples}
            peer["conversionNote"] = note
        peers.append(peer)
    environment = {"python": sys.version.split()[0], "numpy": np.__version__, "opencv": cv2.__version__,
                   "threads": str(THREADS), "clockCostNanoseconds": f"{CLOCK_COST:.1f}"}
    temporary = ARGS.out + ".partial"
    with open(temporary, "w") as handle:
        json.dump({"environment": environment, "peers": peers}, handle)
    os.replace(temporary, ARGS.out)
    print(f"peers.py: {len(peers)} peers → {ARGS.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
