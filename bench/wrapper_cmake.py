#!/usr/bin/env python3
"""A public CMake CUDA project built through cuda-lower-nvcc, against nvcc.

    bench/wrapper_cmake.py SRC OUT [--target T ...] [--jobs N] [--touch FILE]
                           [-- CMAKE_ARG...]

Configures SRC twice, as its users build it (the CMAKE_ARGs: build type,
architectures): OUT/plain compiles with nvcc and the flags the project's
CMake gives it (--extended-lambda, --expt-relaxed-constexpr); OUT/wrapper
the same with `cuda-lower-nvcc --cuda-lower-strict` as
CMAKE_CUDA_COMPILER_LAUNCHER, which drops those flags, lowers, and compiles
the lowered copies with plain nvcc. Then, with ninja -j N (default: the
cores) over the targets:

  cold   a clean build of each; the wrapper's cache directory
         (CUDALOWER_CACHE_DIR: preludes and lowerings) starts empty
  warm   `ninja -t clean` and the same build again: the wrapper reuses its
         lowerings; nvcc has no cache, so its row is a second clean build
  touch  FILE's time stamp moved (default: the first CUDA source of the
         database), then a rebuild

and prints, per row, wall and CPU seconds (the children's user + system
time) of each and their ratio, wrapper over nvcc. The load average before
and after is printed: the figures mean something on a quiet machine only.
"""
import argparse
import json
import os
import pathlib
import resource
import shutil
import subprocess
import sys
import time


def run_timed(cmd, cwd=None, env=None):
    """Runs cmd; returns (wall, cpu) seconds, cpu of all children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    # ninja reports a failing command on stdout: keep both streams, and show
    # them when the build fails (a figure of a failed build means nothing).
    done = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, errors="replace")
    wall = time.monotonic() - start
    if done.returncode != 0:
        sys.stderr.write(done.stdout[-20000:])
        sys.exit(f"{' '.join(cmd)} (in {cwd}) failed with exit code {done.returncode}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def configure(cmake, src, build, extra, launcher=None):
    cmd = [cmake, "-S", src, "-B", build, "-G", "Ninja",
           "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"] + extra
    if launcher:
        cmd.append("-DCMAKE_CUDA_COMPILER_LAUNCHER=" + ";".join(launcher))
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def first_cuda_source(build):
    with open(os.path.join(build, "compile_commands.json")) as f:
        for entry in json.load(f):
            if entry["file"].endswith(".cu"):
                return entry["file"]
    sys.exit("no CUDA source in " + build)


def main():
    argv = sys.argv[1:]
    cmake_args = []
    if "--" in argv:
        cmake_args = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("src")
    ap.add_argument("out")
    ap.add_argument("--target", action="append", default=[])
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--touch")
    ap.add_argument("--cmake", default=shutil.which("cmake"))
    ap.add_argument("--wrapper", default=shutil.which("cuda-lower-nvcc"))
    args = ap.parse_args(argv)
    if not args.wrapper:
        sys.exit("no cuda-lower-nvcc: give --wrapper")
    out = pathlib.Path(args.out).resolve()
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    cache = out / "cache"
    env = dict(os.environ, CUDALOWER_CACHE_DIR=str(cache))
    plain, wrap = str(out / "plain"), str(out / "wrapper")
    print("load before: %.2f %.2f %.2f" % os.getloadavg())
    configure(args.cmake, args.src, plain, cmake_args)
    configure(args.cmake, args.src, wrap, cmake_args,
              [args.wrapper, "--cuda-lower-strict", "--cuda-lower-root=" + str(pathlib.Path(args.src).resolve())])
    ninja = ["ninja", "-j", str(args.jobs)] + args.target
    touch = args.touch or first_cuda_source(plain)
    rows = []

    def row(name, prepare):
        times = {}
        for kind, build in (("nvcc", plain), ("wrapper", wrap)):
            prepare(build)
            times[kind] = run_timed(ninja, cwd=build, env=env)
        rows.append((name, times))
        n, w = times["nvcc"], times["wrapper"]
        print("%-6s nvcc %7.1f s wall %7.1f s CPU | wrapper %7.1f s wall %7.1f s CPU"
              " | ratio %.2f wall %.2f CPU" % (name, n[0], n[1], w[0], w[1],
                                              w[0] / n[0], w[1] / n[1]), flush=True)

    row("cold", lambda build: None)
    row("warm", lambda build: subprocess.run(["ninja", "-t", "clean"], cwd=build, check=True,
                                             stdout=subprocess.DEVNULL))
    row("touch", lambda build: os.utime(touch))
    print("touched: " + touch)
    print("load after: %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
