#!/usr/bin/env python3
"""A migration of a generated codebase: files per minute per core, and memory.

    bench/migration.py [--units 1000] [--jobs 2] [--compile 5] [--tool-args=...]

Generates a codebase of --units translation units (bench/gen_codebase.py:
shared headers, a few hundred lambdas, std:: in device code, an nvcc
compile database of a Release configuration), lowers it the way a
migration does (`cuda-lower -q -p build --in-root . --out-root OUT
--copy-all -j N`)
and prints the wall and CPU time, files per minute per core (units over
wall minutes over jobs), the peak resident memory, and the resident memory
at each tenth of the run (sampled every 0.2 s from /proc), so that one sees
whether it stays flat. --compile K then compiles K of the lowered units with
plain nvcc (no --extended-lambda, no --expt-relaxed-constexpr) as a check.
The load average before and after is printed: the figures mean something
only on a quiet machine. Caches: the precompiled preludes go to a fresh
directory (cold) unless --warm-cache names one already filled.
"""
import argparse
import os
import pathlib
import random
import resource
import shlex
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import gen_codebase  # noqa: E402


def rss_kib(pid):
    """The resident set of `pid` in KiB, or None once it has exited."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def sample(proc, samples, stop):
    while not stop.is_set() and proc.poll() is None:
        kib = rss_kib(proc.pid)
        if kib is not None:
            samples.append((time.monotonic(), kib))
        time.sleep(0.2)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--units", type=int, default=1000)
    ap.add_argument("--headers", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--compile", type=int, default=5)
    ap.add_argument("--tool", default=str(ROOT / "build" / "bin" / "cuda-lower"))
    ap.add_argument("--tool-args", default="")
    ap.add_argument("--warm-cache", default="")
    ap.add_argument("--keep", default="", help="generate here and keep it")
    args = ap.parse_args()

    work = args.keep or tempfile.mkdtemp(prefix="cuda-lower-migration-")
    lambdas = gen_codebase.generate(work, args.units, args.headers)
    out = os.path.join(work, "lowered")
    env = dict(os.environ)
    env["CUDALOWER_CACHE_DIR"] = args.warm_cache or os.path.join(work, "cache")
    cmd = [args.tool, "-q", "-p", "build", "--in-root", ".", "--out-root", out,
           "--copy-all",
           "-j", str(args.jobs)] + shlex.split(args.tool_args)
    print("codebase: %d units, %d headers, %d lambdas (%s)"
          % (args.units, args.headers, lambdas, work))
    print("command:", " ".join(cmd))
    print("load before: %.2f %.2f %.2f" % os.getloadavg())
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=work, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    samples, stop = [], threading.Event()
    sampler = threading.Thread(target=sample, args=(proc, samples, stop))
    sampler.start()
    _, err = proc.communicate()
    wall = time.monotonic() - start
    stop.set()
    sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print("load after: %.2f %.2f %.2f" % os.getloadavg())
    print("exit code:", proc.returncode)
    if proc.returncode != 0:
        print(err[-4000:])
    print("wall %.1f s, CPU %.1f s (%.2f cores busy)" % (wall, cpu, cpu / wall))
    print("files per minute per core: %.1f (wall); %.1f (CPU)"
          % (args.units / (wall / 60) / args.jobs, args.units / (cpu / 60)))
    print("peak resident memory: %.0f MiB (getrusage: %.0f MiB)"
          % (max(k for _, k in samples) / 1024 if samples else 0,
             after.ru_maxrss / 1024))
    if samples:
        t0 = samples[0][0]
        span = samples[-1][0] - t0 or 1
        tenths = []
        for tenth in range(1, 11):
            at = t0 + span * tenth / 10
            kib = min(samples, key=lambda s: abs(s[0] - at))[1]
            tenths.append("%d" % (kib / 1024))
        print("resident MiB at each tenth of the run:", " ".join(tenths))
    if args.compile and proc.returncode == 0:
        units = sorted(pathlib.Path(out).rglob("u*.cu"))
        random.Random(1).shuffle(units)
        failed = 0
        for u in units[: args.compile]:
            rc = subprocess.call(
                ["nvcc", "-std=c++17", "-arch=sm_90", "-O3", "-DNDEBUG",
                 "-Werror", "all-warnings", "-I", os.path.join(out, "include"),
                 "-c", str(u), "-o", os.devnull])
            failed += rc != 0
        print("plain nvcc on %d lowered units: %d failed"
              % (min(args.compile, len(units)), failed))


if __name__ == "__main__":
    main()
