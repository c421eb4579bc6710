#!/usr/bin/env python3
"""Each vector path of the dispatching kernels against the others, in interleaved fresh processes.

usage: scripts/measure-vector-paths.py [--rounds 5] [--paths portable,avx2,avx512] [--binary …] [--out DIR] [ids…]

Each round runs one fresh `framebudget run` per path (FRAMEBUDGET_ISA forces it), the paths in turn, so a slow
period of the host falls on every path alike rather than on one. Prints, per benchmark and path, the median over
the processes of each process's p50 with the range, and the 1-minute load seen before each process.
Paths the CPU lacks are refused by the tool (exit 2): list only the ones this machine has.
"""
import argparse, json, os, statistics, subprocess, sys, time

DEFAULT_IDS = ["colormap/optimized/256x192", "edge-overlay/optimized/256x192", "colormap/optimized/1920x1440",
               "photo-frame/optimized/256x192-to-1920x1440", "mask-upsample/optimized/n=10",
               "fusion/optimized/256x192-to-518x392"]


def one_process(binary, path, ids, out, run_id):
    env = dict(os.environ, FRAMEBUDGET_ISA=path)
    output = subprocess.run([binary, "run", "--no-roofs", "--counters", "none", "--format", "json",
                             "--reports", out, "--run-id", run_id, *ids],
                            capture_output=True, text=True, env=env)
    if output.returncode != 0:
        sys.exit(f"measure-vector-paths: {path}: framebudget run exited {output.returncode}: {output.stderr.strip()}")
    return {b["id"]: b["statistics"]["median"] for b in json.loads(output.stdout)["benchmarks"]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--paths", default="portable,avx2,avx512")
    parser.add_argument("--binary", default=".build/release/framebudget")
    parser.add_argument("--out", default="Reports/vector-paths")
    parser.add_argument("ids", nargs="*", default=DEFAULT_IDS)
    args = parser.parse_args()
    paths = args.paths.split(",")
    medians = {(bid, path): [] for bid in args.ids for path in paths}
    loads = []
    stamp = time.strftime("%Y%m%d-%H%M%S")  # run ids must be new: the tool never overwrites a run
    for round_index in range(args.rounds):
        for path in paths:
            loads.append(os.getloadavg()[0])
            figures = one_process(args.binary, path, args.ids, args.out, f"{stamp}-round-{round_index + 1}-{path}")
            for bid in args.ids:
                medians[(bid, path)].append(figures[bid])
        print(f"round {round_index + 1} done, load {loads[-1]:.2f}", file=sys.stderr, flush=True)
    print(f"{args.rounds} rounds, 1-minute load {min(loads):.2f}–{max(loads):.2f}; p50 in µs: "
          "median over processes [range]")
    print("| benchmark | " + " | ".join(paths) + " |")
    print("| --- |" + " --- |" * len(paths))
    for bid in args.ids:
        cells = []
        for path in paths:
            values = [v / 1e3 for v in medians[(bid, path)]]
            cells.append(f"{statistics.median(values):.1f} [{min(values):.1f}–{max(values):.1f}]")
        print(f"| {bid} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
