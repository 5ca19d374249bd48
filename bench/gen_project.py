#!/usr/bin/env python3
"""Generates a project of N CUDA translation units for timing -j.

    bench/gen_project.py OUTDIR [--units 50]

OUTDIR gets include/common.cuh (a header every unit includes, with a
std::swap in device code: rewritten once, whatever the number of units),
src/uNN.cu (each a kernel and a __device__ lambda of its own) and
build/compile_commands.json (nvcc commands, absolute paths, as CMake writes
them). Time it with, for instance:

    cd OUTDIR && time cuda-lower -q --diff -j 1 -p build --in-root . > /dev/null
    cd OUTDIR && time cuda-lower -q --diff -j 2 -p build --in-root . > /dev/null
"""
import argparse
import json
import os

HEADER = """#pragma once
#include <utility>
template <class T> __device__ void order(T &a, T &b) {
  if (b < a)
    std::swap(a, b);
}
"""

UNIT = """#include "common.cuh"
__global__ void kernel{n}(int *p, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    order(p[i], p[i + 1]);
}}
template <class F> __global__ void apply{n}(F f, int *p, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = f(i);
}}
void run{n}(int *p, int n) {{
  int scale = {n};
  apply{n}<<<(n + 255) / 256, 256>>>([=] __device__ (int i) {{ return i * scale; }}, p, n);
  kernel{n}<<<(n + 255) / 256, 256>>>(p, n);
}}
"""


def generate(outdir, units):
    """Writes the project of `units` translation units under `outdir`."""
    root = os.path.abspath(outdir)
    for sub in ("include", "src", "build"):
        os.makedirs(os.path.join(root, sub), exist_ok=True)
    with open(os.path.join(root, "include", "common.cuh"), "w") as f:
        f.write(HEADER)
    entries = []
    for n in range(units):
        name = "u%02d.cu" % n
        with open(os.path.join(root, "src", name), "w") as f:
            f.write(UNIT.format(n=n))
        entries.append({
            "directory": os.path.join(root, "build"),
            "command": "nvcc -std=c++17 -arch=sm_80 --extended-lambda -I../include "
                       "-c ../src/%s -o %s.o" % (name, name),
            "file": "../src/%s" % name,
        })
    with open(os.path.join(root, "build", "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--units", type=int, default=50)
    args = ap.parse_args()
    generate(args.outdir, args.units)


if __name__ == "__main__":
    main()
