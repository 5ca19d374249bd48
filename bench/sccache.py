#!/usr/bin/env python3
"""sccache in front of and behind cuda-lower-nvcc, against sccache on plain
nvcc. Standard library only.

    bench/sccache.py [--tus 8] [--jobs 2] [--reps 2] [--sccache PATH]

One project (bench/wrapper.py's: TUs with device lambdas, shared headers),
built with ninja three ways, each through sccache with a private cache
directory and server port (nothing of the user's sccache is touched):

  nvcc           sccache nvcc --extended-lambda --expt-relaxed-constexpr
  wrapper first  cuda-lower-nvcc --cuda-lower-strict sccache nvcc
  sccache first  sccache cuda-lower-nvcc --cuda-lower-strict

For each: a cold build (empty sccache cache: all misses), then a clean
build (objects and the wrapper's private copies deleted, the cache kept).
Reported: wall times (medians of --reps; sccache compiles in its server, so
CPU time of the build's children is not measured), the hit rate of the clean
build from sccache's own counters, and ratios to the nvcc row. The wrapper's
precompiled preludes ($CUDALOWER_CACHE_DIR) are warmed by one untimed build
first: CI keeps that cache as it keeps sccache's.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from wrapper import COMMON, FLAGS, ROOT, make_project  # noqa: E402

PORT = "4241"


def sccache_env(cache_dir):
    return {**os.environ, "SCCACHE_DIR": cache_dir, "SCCACHE_SERVER_PORT": PORT,
            "SCCACHE_IDLE_TIMEOUT": "120", "SCCACHE_NO_DIST_COMPILE": "1",
            "SCCACHE_CONF": "/dev/null"}


def sccache(binary, env, *args, capture=False):
    return subprocess.run([binary, *args], env=env, check=False, text=True,
                          stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).stdout


def restart(binary, cache_dir, wipe):
    """A fresh sccache server on the private port, its cache emptied or kept."""
    env = sccache_env(cache_dir)
    sccache(binary, env, "--stop-server")
    if wipe:
        shutil.rmtree(cache_dir, ignore_errors=True)
    sccache(binary, env, "--start-server")
    return env


def hits_and_misses(binary, env):
    stats = json.loads(sccache(binary, env, "--show-stats", "--stats-format=json",
                               capture=True))["stats"]
    total = lambda key: sum(stats[key]["counts"].values())
    return total("cache_hits"), total("cache_misses")


def write_ninja(proj, name, compiler, tus):
    with open(os.path.join(proj, f"{name}.ninja"), "w") as f:
        f.write(f"rule cc\n  command = {compiler} {' '.join(COMMON)} -Iinclude "
                f"-MD -MF $out.d -c $in -o $out\n  depfile = $out.d\n  deps = gcc\n")
        for i in range(tus):
            f.write(f"build obj-{name}/tu{i}.o: cc src/tu{i}.cu\n")


def build(proj, name, jobs, env):
    """One clean build (objects, private copies and ninja's logs deleted)."""
    shutil.rmtree(os.path.join(proj, f"obj-{name}"), ignore_errors=True)
    for f in (".ninja_log", ".ninja_deps"):
        if os.path.exists(os.path.join(proj, f)):
            os.remove(os.path.join(proj, f))
    start = time.perf_counter()
    subprocess.run(["ninja", "-f", f"{name}.ninja", f"-j{jobs}"], cwd=proj,
                   env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tus", type=int, default=8)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--sccache", default=shutil.which("sccache"))
    ap.add_argument("--wrapper", default=os.path.join(ROOT, "build", "bin", "cuda-lower-nvcc"))
    ap.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    args = ap.parse_args()
    if not args.sccache:
        sys.exit("bench/sccache.py: no sccache (scripts/install-deps.sh --sccache)")
    tmp = tempfile.mkdtemp(prefix="sccache-bench-")
    proj = os.path.join(tmp, "project")
    make_project(proj, args.tus, args.wrapper, args.nvcc)
    sc, wr, nv = args.sccache, args.wrapper, args.nvcc
    ways = [("nvcc", f"{sc} {nv} {' '.join(FLAGS)}"),
            ("wrapper first", f"{wr} --cuda-lower-strict {sc} {nv}"),
            ("sccache first", f"{sc} {wr} --cuda-lower-strict")]
    names = {way: way.replace(" ", "-") for way, _ in ways}
    for way, compiler in ways:
        write_ninja(proj, names[way], compiler, args.tus)
    cache = os.path.join(tmp, "sccache")
    # Warm the wrapper's prelude cache (untimed), as a kept CI cache is.
    build(proj, names["wrapper first"], args.jobs, restart(sc, cache, True))

    rows = {}
    for way, _ in ways:
        cold, warm, rate = [], [], []
        for _ in range(args.reps):
            cold.append(build(proj, names[way], args.jobs, restart(sc, cache, True)))
            env = restart(sc, cache, False)
            warm.append(build(proj, names[way], args.jobs, env))
            hits, misses = hits_and_misses(sc, env)
            rate.append(100.0 * hits / max(1, hits + misses))
        rows[way] = (statistics.median(cold), statistics.median(warm), min(rate))
    sccache(sc, sccache_env(cache), "--stop-server")

    print(f"{args.tus} TUs, ninja -j{args.jobs}, medians of {args.reps}; "
          f"{os.cpu_count()} cores; {sc}")
    print("| build | cold cache (misses), s | vs nvcc | clean rebuild (hits), s "
          "| vs nvcc | hit rate |")
    print("| --- | --- | --- | --- | --- | --- |")
    base_cold, base_warm, _ = rows["nvcc"]
    for way, _ in ways:
        cold, warm, rate = rows[way]
        print(f"| {way} | {cold:.1f} | {cold / base_cold:.2f} | {warm:.1f} | "
              f"{warm / base_warm:.2f} | {rate:.0f} % |")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    sys.exit(main())
