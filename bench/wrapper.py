#!/usr/bin/env python3
"""Benchmarks cuda-lower-nvcc against plain nvcc. Standard library only.

    bench/wrapper.py [--reps N] [--tus 50] [--jobs 2] [--skip-project]

Each case compiles one way with `cuda-lower-nvcc --cuda-lower-strict` and no
--extended-lambda/--expt-relaxed-constexpr (the wrapper's point), and the
other way with the real nvcc and both flags (what the user had), alternately
(wrapper, nvcc, wrapper, ...) so that load from elsewhere on the machine falls
on both alike. Medians of wall time and of CPU time (user + system of the
children) are reported with their ratio, wrapper / nvcc.

Cases (docs/performance.md, section "cuda-lower-nvcc"):
  plain      bench/wrapper/plain.cu: nothing to lower, and the pre-scan sees it
  host-std   bench/wrapper/host_std.cu: nothing to lower, but std:: in host code
  thrust     bench/inputs/thrust_heavy.cu: Thrust, device lambdas to lower,
             with the prelude cache warm (two untimed runs first: it then
             holds a precompiled prelude of the file's Thrust includes); then with
             the cache off (a first compile); then again with the object's
             last lowering reused (a rebuild with the same project files and
             command)
  project    a generated project of --tus TUs sharing two headers with device
             lambdas, std::min in device code and a constexpr helper, built
             with ninja -j --jobs; whole-build times
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FLAGS = ["--extended-lambda", "--expt-relaxed-constexpr"]
COMMON = ["-std=c++17", "-arch=sm_90"]


def timed(cmd, cwd=None, env=None):
    """Runs cmd; returns (wall seconds, CPU seconds of the children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL,
                   env=None if env is None else {**os.environ, **env})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def compare(name, wrapper_cmd, nvcc_cmd, reps, cwd=None, prepare=None,
            wrapper_env=None):
    runs = {"wrapper": [], "nvcc": []}
    for _ in range(reps):
        for kind, cmd in (("wrapper", wrapper_cmd), ("nvcc", nvcc_cmd)):
            if prepare:
                prepare(kind)
            runs[kind].append(timed(cmd, cwd, wrapper_env if kind == "wrapper" else None))
    med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
           for k, v in runs.items()}
    (ww, wc), (nw, nc) = med["wrapper"], med["nvcc"]
    print(f"| {name} | {nw:.2f} s | {ww:.2f} s | **{ww / nw:.2f}** | {nc:.2f} s | {wc:.2f} s | {wc / nc:.2f} |",
          flush=True)


HEADER = r"""#pragma once
#include <algorithm>
template <class F> __global__ void eachIndex(int N, F Body) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) Body(I);
}
template <class F> void launch(int N, F Body) { eachIndex<<<(N + 127) / 128, 128>>>(N, Body); }
constexpr float limit() { return 8.0f; }
"""
HEADER2 = r"""#pragma once
#include "launch.cuh"
inline void clampAll(int N, float *Y) {
  launch(N, [=] __device__(int I) { Y[I] = std::min(Y[I], limit()); });
}
"""
TU = r"""#include "ops.cuh"
void step{i}(int N, float *Y, float A) {{
  launch(N, [=] __device__(int I) {{ Y[I] = A * Y[I] + {i}.0f; }});
  clampAll(N, Y);
}}
"""


def make_project(dirname, tus, wrapper, nvcc):
    os.makedirs(os.path.join(dirname, "include"))
    # A git work tree: the project root the wrapper finds, headers included.
    subprocess.run(["git", "init", "-q", dirname], check=True)
    with open(os.path.join(dirname, "include", "launch.cuh"), "w") as f:
        f.write(HEADER)
    with open(os.path.join(dirname, "include", "ops.cuh"), "w") as f:
        f.write(HEADER2)
    os.makedirs(os.path.join(dirname, "src"))
    for i in range(tus):
        with open(os.path.join(dirname, "src", f"tu{i}.cu"), "w") as f:
            f.write(TU.format(i=i))
    for kind, cc in (("wrapper", f"{wrapper} --cuda-lower-strict"),
                     ("nvcc", f"{nvcc} {' '.join(FLAGS)}")):
        with open(os.path.join(dirname, f"{kind}.ninja"), "w") as f:
            f.write(f"rule cc\n  command = {cc} {' '.join(COMMON)} -Iinclude "
                    f"-MD -MF $out.d -c $in -o $out\n  depfile = $out.d\n  deps = gcc\n")
            for i in range(tus):
                f.write(f"build obj-{kind}/tu{i}.o: cc src/tu{i}.cu\n")


def write_lowered_ninja(proj, tus, nvcc):
    """A build of the copies the wrapper lowered, with plain nvcc."""
    with open(os.path.join(proj, "lowered.ninja"), "w") as f:
        f.write(f"rule cc\n  command = {nvcc} {' '.join(COMMON)} $inc -c $in -o $out\n")
        for i in range(tus):
            root = os.path.join(proj, "obj-wrapper", f"tu{i}.o.cuda-lower", "root")
            copy = root + os.path.join(proj, "src", f"tu{i}.cu")
            inc = f"-I{root + os.path.join(proj, 'include')} -Iinclude"
            f.write(f"build obj-lowered/tu{i}.o: cc {copy}\n  inc = {inc}\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--tus", type=int, default=50)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--skip-project", action="store_true")
    ap.add_argument("--only-project", action="store_true")
    ap.add_argument("--wrapper", default=os.path.join(ROOT, "build", "bin", "cuda-lower-nvcc"))
    ap.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="wrapper-bench-")
    print(f"nvcc: {args.nvcc}; wrapper: {args.wrapper}; {os.cpu_count()} cores\n")
    print("| case | nvcc + flags, wall | wrapper, wall | ratio | nvcc CPU | wrapper CPU | CPU ratio |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    cases = [("plain (pre-scan: nothing to do)", os.path.join(HERE, "wrapper", "plain.cu")),
             ("host-std (parsed, nothing to do)", os.path.join(HERE, "wrapper", "host_std.cu")),
             ("thrust-heavy (lowered)", os.path.join(HERE, "inputs", "thrust_heavy.cu"))]
    for name, src in ([] if args.only_project else cases):
        out = os.path.join(tmp, os.path.basename(src) + ".o")
        wrapper_cmd = [args.wrapper, "--cuda-lower-strict", *COMMON, "-c", src, "-o", out]
        nvcc_cmd = [args.nvcc, *FLAGS, *COMMON, "-c", src, "-o", out]

        def fresh(kind, out=out):
            # Each wrapper run lowers from scratch: no stamp of the last one.
            shutil.rmtree(out + ".cuda-lower", ignore_errors=True)
        if "lowered" in name:
            # The cache as a build leaves it: seen twice, the file's leading
            # includes have a precompiled prelude (a first compile is the
            # "no prelude cache" row below).
            for _ in range(2):
                fresh("wrapper")
                timed(wrapper_cmd)
        compare(name, wrapper_cmd, nvcc_cmd, args.reps, prepare=fresh)
        if "lowered" in name:
            # A first compile: no precompiled prelude (the cache off), so
            # no prelude of the source's leading includes either.
            compare(name.replace("lowered", "lowered, no prelude cache"),
                    wrapper_cmd, nvcc_cmd, args.reps, prepare=fresh,
                    wrapper_env={"CUDALOWER_CACHE_DIR": "off"})
            compare(name.replace("lowered", "rebuilt, lowering reused"),
                    wrapper_cmd, nvcc_cmd, args.reps)
            # What the rewritten code itself costs nvcc: the wrapper's copy
            # compiled by plain nvcc, no lowering (in the "wrapper" columns).
            copy = os.path.join(out + ".cuda-lower", "root") + os.path.abspath(src)
            compare(name.replace("lowered", "its lowered copy, plain nvcc"),
                    [args.nvcc, *COMMON, "-c", copy, "-o", out], nvcc_cmd, args.reps)
    if not args.skip_project:
        proj = os.path.join(tmp, "project")
        make_project(proj, args.tus, args.wrapper, args.nvcc)

        def clean(kind):
            shutil.rmtree(os.path.join(proj, f"obj-{kind}"), ignore_errors=True)
            for f in (".ninja_log", ".ninja_deps"):
                if os.path.exists(os.path.join(proj, f)):
                    os.remove(os.path.join(proj, f))
        compare(f"project, {args.tus} TUs, ninja -j{args.jobs}",
                ["ninja", "-f", "wrapper.ninja", f"-j{args.jobs}"],
                ["ninja", "-f", "nvcc.ninja", f"-j{args.jobs}"], 1, cwd=proj, prepare=clean)
        # The wrapper's lowered copies (left by the build above) compiled by
        # plain nvcc: what the rewritten code itself costs, apart from the
        # lowering.
        write_lowered_ninja(proj, args.tus, args.nvcc)
        compare(f"project, its lowered copies, plain nvcc, ninja -j{args.jobs}",
                ["ninja", "-f", "lowered.ninja", f"-j{args.jobs}"],
                ["ninja", "-f", "nvcc.ninja", f"-j{args.jobs}"], 1, cwd=proj,
                prepare=lambda kind: clean("lowered" if kind == "wrapper" else kind))
    shutil.rmtree(tmp)


if __name__ == "__main__":
    sys.exit(main())
