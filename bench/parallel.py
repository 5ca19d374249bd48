#!/usr/bin/env python3
"""The -j speed-up of a whole-project run: wall time of -j 1 over -j N.

    bench/parallel.py [--tus 50] [--jobs 2] [--reps 3] [--tool-args=--no-verify]

Generates a project of --tus translation units (bench/gen_project.py: one
shared header, a lambda per unit, an nvcc compile database), then runs
`cuda-lower -q --diff -p build --in-root .` with -j 1 and -j N alternately,
--reps times each, checks that the diffs are byte-identical, and prints the
median wall and CPU times and the ratio. Issue 12's target: -j 2 at least
1.8x faster than -j 1 on 2 cores. The ratio means something only on a quiet
machine: the load average and CPU pressure before and after are printed,
with a warning when the machine was busy.
"""
import argparse
import os
import pathlib
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import gen_project  # noqa: E402


def cpu_pressure():
    """The 10-second average of /proc/pressure/cpu's `some` line, or None."""
    try:
        with open("/proc/pressure/cpu") as f:
            return float(f.readline().split()[1].split("=")[1])
    except (OSError, IndexError, ValueError):
        return None


def machine_state():
    load = os.getloadavg()[0]
    pressure = cpu_pressure()
    return load, pressure, "load %.2f, CPU pressure %s" % (
        load, "n/a" if pressure is None else "%.1f %%" % pressure)


def timed_run(tool, jobs, project, extra):
    """(wall seconds, CPU seconds of the tool, stdout) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.run([str(tool), "-q", "--diff", "-j", str(jobs), "-p", "build",
                           "--in-root", "."] + extra,
                          cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit("cuda-lower -j %d exited %d:\n%s" % (jobs, proc.returncode,
                                                      proc.stderr.decode()[-2000:]))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tus", type=int, default=50, help="translation units (default 50)")
    ap.add_argument("--jobs", type=int, default=2, help="the N of -j N (default 2)")
    ap.add_argument("--reps", type=int, default=3, help="runs of each (default 3)")
    ap.add_argument("--tool", type=pathlib.Path, default=ROOT / "build" / "bin" / "cuda-lower")
    ap.add_argument("--tool-args", default="", help="more tool arguments, e.g. --no-verify")
    ap.add_argument("--keep", type=pathlib.Path, help="generate the project here and keep it")
    args = ap.parse_args()
    extra = shlex.split(args.tool_args)

    work = args.keep or pathlib.Path(tempfile.mkdtemp(prefix="cuda-lower-parallel-"))
    gen_project.generate(str(work), args.tus)
    _, _, state = machine_state()
    print("project: %d TUs in %s; before: %s" % (args.tus, work, state))

    times = {1: [], args.jobs: []}
    reference = None
    for rep in range(args.reps):
        for jobs in (1, args.jobs):
            wall, cpu, diff = timed_run(args.tool, jobs, work, extra)
            if reference is None:
                reference = diff
            elif diff != reference:
                sys.exit("-j %d gave another diff than -j 1: not byte-identical" % jobs)
            times[jobs].append((wall, cpu))
            print("  run %d, -j %d: %.2f s wall, %.2f s CPU" % (rep + 1, jobs, wall, cpu))

    def median(jobs, i):
        return statistics.median(t[i] for t in times[jobs])

    serial, parallel = median(1, 0), median(args.jobs, 0)
    load, pressure, state = machine_state()
    print("after: %s" % state)
    print("-j 1: %.2f s wall, %.2f s CPU (median of %d)" % (serial, median(1, 1), args.reps))
    print("-j %d: %.2f s wall, %.2f s CPU (median of %d)" % (args.jobs, parallel,
                                                           median(args.jobs, 1), args.reps))
    print("speed-up -j 1 / -j %d: %.2fx (outputs byte-identical)" % (args.jobs, serial / parallel))
    if load > 0.5 or (pressure or 0) > 5:
        print("warning: the machine was busy; the ratio understates the speed-up")
    if not args.keep:
        subprocess.run(["rm", "-rf", str(work)])


if __name__ == "__main__":
    main()
