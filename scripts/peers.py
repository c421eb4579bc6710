#!/usr/bin/env python3
"""Times what a user would pick instead of FrameBudget's kernels, on the kernels' own inputs.

Usage: python3 scripts/peers.py --inputs DIR --threads 1|all --out peers.json [--quick] [--samples N]
       [--sample-time-ms MS] [--warmup-ms MS] [--max-time-s S] [--only SUBSTRING] [--kernel ID ...]

DIR is written by `framebudget peers export` (.npy capture folders and manifest.json). The protocol is the
harness's: a warm-up (at least two calls, --warmup-ms), calls per sample calibrated on the warm-up's calls so a sample
lasts --sample-time-ms, --samples samples or --max-time-s (never under 10 samples), every raw sample kept as
nanoseconds per call. `framebudget peers merge` turns the samples into statistics (medians with bootstrap intervals)
with the same code as every benchmark. Conversions a user pays before the library call (xyxy boxes to xywh float64,
Python lists) are timed apart from the call. With --threads 1, OpenCV and the BLAS under numpy get one thread (set
before they are imported); with --threads all, every CPU this process may run on (its affinity). A peer whose
libraries run on one thread whatever they are allowed (numpy.copyto, hashlib, the NMS) is recorded with threads 1.
--kernel (repeatable) times only the peers of those kernel ids. --out is created (with its folder) before any timing.
Exit: 0; 2 bad input; 4 numpy or OpenCV missing, or --out cannot be written; 130 Ctrl-C; 143 SIGTERM.
"""
import argparse
import json
import os
import signal
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
    parser.add_argument("--kernel", action="append", default=[], metavar="ID",
                        help="only this kernel's peer (repeatable; default: every kernel of the manifest)")
    arguments = parser.parse_args()
    if arguments.quick:
        arguments.samples, arguments.sample_time_ms, arguments.warmup_ms, arguments.max_time_s = 20, 1.0, 20.0, 0.5
    if arguments.samples < 1 or arguments.sample_time_ms <= 0 or arguments.warmup_ms < 0 or arguments.max_time_s < 0:
        parser.error("--samples and --sample-time-ms must be positive, --warmup-ms and --max-time-s not negative")
    return arguments


ARGS = None  # set_up() fills these in, and imports the libraries
THREADS = 1
CLOCK_COST = 0.0
hashlib = np = cv2 = None
ONE_THREAD = {"texture-upload", "hash-chain", "nms"}  # numpy.copyto, hashlib, a numpy filter + OpenCV's serial NMS


def set_up():
    """Arguments, then the libraries: their thread settings must precede their imports."""
    global ARGS, THREADS, CLOCK_COST, hashlib, np, cv2
    ARGS = parse_arguments()
    # Every CPU this process may run on, not the machine's count: under `taskset -c 0` that is one.
    THREADS = 1 if ARGS.threads == "1" else len(os.sched_getaffinity(0))
    if THREADS == 1:  # OpenBLAS and OpenMP read these once, at import
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
    CLOCK_COST = clock_cost_ns()


# MARK: - Timing protocol (the harness's, see Docs/MEASURING.md, "How it measures")

def clock_cost_ns():
    reads = 10000
    start = time.perf_counter_ns()
    for _ in range(reads):
        time.perf_counter_ns()
    return (time.perf_counter_ns() - start) / reads


def measure(call):
    """Warm-up, calibration, samples: returns (calls per sample, [ns per call], CPU time ÷ wall time of the samples).

    The last is the cores the call kept busy (every thread of this process counts): a library allowed two threads
    that runs on one shows 1.0, so a report need not take its thread setting for the threads it used."""
    # The calibration times every warm-up call, the two always made included: with --warmup-ms 0 it used to time
    # none, took 1 ns a call and ran millions of calls a sample.
    start = time.perf_counter_ns()
    call()
    call()
    calls = 2
    while time.perf_counter_ns() - start < ARGS.warmup_ms * 1e6:
        call()
        calls += 1
    cost = max((time.perf_counter_ns() - start) / calls, 1.0)
    per_sample = max(1, round(max(ARGS.sample_time_ms * 1e6, 1000 * CLOCK_COST) / cost))
    # OpenBLAS's idle threads spin for a while after a call (~80 ms here): a short sampling window began in that
    # spin and counted it (numpy.copyto read 2 busy cores under --quick). Let them sleep first.
    time.sleep(0.2)
    samples, begun, cpu_begun = [], time.perf_counter_ns(), time.process_time_ns()
    while len(samples) < ARGS.samples:
        t0 = time.perf_counter_ns()
        for _ in range(per_sample):
            call()
        samples.append((time.perf_counter_ns() - t0) / per_sample)
        if len(samples) >= 10 and time.perf_counter_ns() - begun > ARGS.max_time_s * 1e9:
            break
    wall = time.perf_counter_ns() - begun
    return per_sample, samples, (time.process_time_ns() - cpu_begun) / wall if wall > 0 else 0.0


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
    """The kernel's palette (256 RGBA entries) as 32-bit words: one take per pixel writes its R, G, B, A."""
    return np.ascontiguousarray(load(folder, "palette.npy")).view(np.uint32).reshape(256)


def colormap(entry):
    """The kernel's work as a numpy/OpenCV user writes it: depth clipped to [near, far], scaled to a 0…255 index
    (rounded), the palette looked up as RGBA, holes (NaN, ±Inf: also any bilinear sample touching one) (0, 0, 0, 0).
    Within ±1 level of the kernel per channel (it rounds the colour, this the index); equal on holes."""
    depth = load(entry["folder"], "depth.npy")
    parameters = entry["parameters"]
    near, far = float(parameters["near"]), float(parameters["far"])
    width, height = int(parameters["width"]), int(parameters["height"])
    lut = colormap_lut(entry["folder"])
    alpha, beta = 255.0 / (far - near), -255.0 * near / (far - near)
    clipped = np.empty((height, width), np.float32)
    index = np.empty((height, width), np.uint8)
    valid = np.empty((height, width), np.bool_)
    out = np.empty((height, width, 4), np.uint8)  # RGBA, as the kernel writes (and its bytesPerIteration counts)
    words = out.view(np.uint32).reshape(height, width)

    def paint(sample):
        # The clip first: convertScaleAbs takes |x|, so a depth under near (0 included) would mirror instead of
        # being red; after the clip x is 0…255 and the abs a no-op. A NaN stays NaN and is masked below.
        np.clip(sample, near, far, out=clipped)
        cv2.convertScaleAbs(clipped, dst=index, alpha=alpha, beta=beta)
        np.take(lut, index, out=words, mode="clip")  # mode "raise" would buffer the output
        np.isfinite(sample, out=valid)
        np.multiply(words, valid, out=words)
        return out

    steps = "numpy.clip + cv2.convertScaleAbs (8-bit index) + numpy.take (RGBA palette) + numpy.isfinite (holes)"
    if (width, height) == (depth.shape[1], depth.shape[0]):
        return steps, lambda: paint(depth), None, None
    resized = np.empty((height, width), np.float32)

    def call_resized():
        cv2.resize(depth, (width, height), dst=resized, interpolation=cv2.INTER_LINEAR)
        return paint(resized)
    return "cv2.resize (bilinear) + " + steps, call_resized, None, None


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
        # The first max_det kept, as the kernel keeps: NMSBoxes' top_k would cut the candidates before the
        # suppression (crowded: 66 kept of 1214 candidates where the kernel keeps 300).
        return cv2.dnn.NMSBoxesBatched(state["boxes"][passing], state["scores"][passing], state["classes"][passing],
                                       conf, iou)[:top]
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


def manifest_entries():
    """The manifest's entries this run times (--only, --kernel, a hot path with a peer), checked before any timing."""
    path = os.path.join(ARGS.inputs, "manifest.json")
    try:
        with open(path) as handle:
            manifest = json.load(handle)
    except (OSError, ValueError) as error:
        fail(f"{path}: {error} (write it with 'framebudget peers export')", 2)
    keys = ("folder", "hotPath", "kernel", "workload", "parameters")
    if not isinstance(manifest, list) or not all(isinstance(entry, dict) and all(key in entry for key in keys)
                                                 and isinstance(entry["parameters"], dict) for entry in manifest):
        fail(f"{path}: not a manifest of 'framebudget peers export' (a list of {', '.join(keys)})", 2)
    entries = [entry for entry in manifest if entry["hotPath"] in PEERS and ARGS.only in entry["kernel"]
               and (not ARGS.kernel or entry["kernel"] in ARGS.kernel)]
    if not entries:
        wanted = ", ".join(ARGS.kernel) if ARGS.kernel else "any kernel"
        fail(f"{path}: no peer to time for {wanted}" + (f" containing '{ARGS.only}'" if ARGS.only else ""), 2)
    return entries


def claim_output():
    """Creates --out's folder and its temporary file: an unwritable --out fails now, not after minutes of timing."""
    temporary = ARGS.out + ".partial"
    try:
        if os.path.isdir(ARGS.out):
            raise IsADirectoryError(21, "is a folder")
        os.makedirs(os.path.dirname(ARGS.out) or ".", exist_ok=True)
        with open(temporary, "w"):
            pass
    except OSError as error:
        fail(f"--out {ARGS.out}: cannot write: {error.strerror or error}", 4)
    return temporary


def time_peer(entry, variant):
    library, call, convert, note = PEERS[entry["hotPath"]](entry)
    # The kernel's threads parameter would describe the kernel; the peer's own count decides its roof.
    threads = 1 if entry["hotPath"] in ONE_THREAD else THREADS
    parameters = dict(entry["parameters"])
    if "threads" in parameters:
        parameters["threads"] = str(threads)
    print(f"peers.py: {entry['kernel']} ← {library} on {threads} thread(s) …", file=sys.stderr)
    per_sample, samples, busy = measure(call)
    parameters["cpuPerWall"] = f"{busy:.2f}"  # the cores it kept busy (the report shows them beside the threads allowed)
    peer = {"id": f"{entry['hotPath']}/{variant}/{entry['workload']}", "hotPath": entry["hotPath"], "variant": variant,
            "workload": entry["workload"], "kernel": entry["kernel"], "threads": threads, "library": library,
            "parameters": parameters, "call": {"iterationsPerSample": per_sample, "samplesNanoseconds": samples}}
    if convert is not None:
        conversion_per_sample, conversion_samples, _ = measure(convert)
        peer["conversion"] = {"iterationsPerSample": conversion_per_sample, "samplesNanoseconds": conversion_samples}
        peer["conversionNote"] = note
    return peer


def fail(message, status):
    print(f"peers.py: {message}", file=sys.stderr)
    sys.exit(status)


def inputs_seed():
    """The seed `framebudget peers export` drew the inputs with (its seed.json), or None for a folder without one."""
    try:
        with open(os.path.join(ARGS.inputs, "seed.json"), encoding="utf-8") as handle:
            seed = json.load(handle).get("seed")
    except (OSError, ValueError, AttributeError):
        return None
    return seed if isinstance(seed, str) and seed.isdigit() else None


def machine_and_libraries():
    """What else decides a peer's time: the CPU it ran on (named as framebudget names it, `AMD EPYC (family 25,
    model 17)`, so that `peers merge` refuses peers of another machine than the run's), the BLAS under numpy, the
    OpenSSL under hashlib."""
    found = {}
    try:
        fields = {}
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                key, _, value = line.partition(":")
                fields.setdefault(key.strip(), value.strip())  # the first CPU's
        if "model name" in fields:
            found["cpu"] = fields["model name"]
            if "cpu family" in fields and "model" in fields:
                found["cpu"] += f" (family {fields['cpu family']}, model {fields['model']})"
    except OSError:
        pass
    try:
        import ssl
        found["openssl"] = ssl.OPENSSL_VERSION  # hashlib's digests are OpenSSL's
    except ImportError:
        pass
    try:  # numpy ≥ 1.26 describes its build; older ones print it only
        blas = np.show_config(mode="dicts").get("Build Dependencies", {}).get("blas", {})
        if blas.get("name"):
            found["blas"] = f"{blas['name']} {blas.get('version', '')}".strip()
    except (TypeError, AttributeError, ValueError):
        pass
    return found


def write(temporary, peers):
    environment = {"python": sys.version.split()[0], "numpy": np.__version__, "opencv": cv2.__version__,
                   "threads": str(THREADS), "clockCostNanoseconds": f"{CLOCK_COST:.1f}", **machine_and_libraries()}
    seed = inputs_seed()
    if seed is not None:
        environment["inputsSeed"] = seed  # framebudget peers merge refuses a run of another scene seed
    try:
        with open(temporary, "w") as handle:
            json.dump({"environment": environment, "peers": peers}, handle)
        os.replace(temporary, ARGS.out)
    except OSError as error:
        fail(f"--out {ARGS.out}: cannot write: {error.strerror or error}", 4)


def main():
    set_up()
    entries = manifest_entries()
    temporary = claim_output()
    try:  # whatever ends it (a failure, Ctrl-C, SIGTERM), no .partial file stays
        # From --threads, not THREADS: with one CPU allowed, "all" is still the every-core peer.
        variant = "peer-1core" if ARGS.threads == "1" else "peer"
        peers = [time_peer(entry, variant) for entry in entries]
        write(temporary, peers)
    finally:
        if os.path.exists(temporary):
            os.remove(temporary)
    print(f"peers.py: {len(peers)} peers → {ARGS.out}", file=sys.stderr)


class Terminated(BaseException):
    """SIGTERM, raised where the timing is, so that main's clean-up runs as on Ctrl-C."""


def terminate(_signal, _frame):
    raise Terminated()


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, terminate)
    try:
        main()
    except KeyboardInterrupt:
        print("peers.py: interrupted (Ctrl-C): nothing written", file=sys.stderr)
        sys.exit(130)
    except Terminated:
        print("peers.py: terminated (SIGTERM): nothing written", file=sys.stderr)
        sys.exit(143)
