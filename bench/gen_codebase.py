#!/usr/bin/env python3
"""Generates a codebase of N CUDA translation units for migration runs.

    bench/gen_codebase.py OUTDIR [--units 1000] [--headers 20]

Unlike gen_project.py (one header, one lambda a unit), this is shaped like
a large project: OUTDIR/include holds --headers headers, each shared by
many units (a device function with std::min/std::max, a kernel template,
a functor or a lambda of its own in every fourth one); OUTDIR/src/dK/
holds the units, ten directories of them, each unit including three
headers and holding a kernel and, in three units of ten, a __device__ or
__host__ __device__ lambda (a few hundred lambdas in a thousand units);
OUTDIR/build/compile_commands.json has nvcc commands with absolute paths,
as CMake writes them. The output is the same for the same arguments.
"""
import argparse
import json
import os

HEADER = """#pragma once
#include <algorithm>
#include <utility>
template <class T> __device__ T clamp_h{h}(T v, T lo, T hi) {{
  return std::min(std::max(v, lo), hi);
}}
template <class F> __global__ void each_h{h}(F f, int *p, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = f(i);
}}
inline void fill_h{h}(int *p, int n, int k) {{
{lambda}}}
"""

HEADER_LAMBDA = """  each_h{h}<<<(n + 255) / 256, 256>>>([=] __device__ (int i) {{ return i + k; }}, p, n);
"""
HEADER_PLAIN = """  (void)p; (void)n; (void)k;
"""

UNIT = """#include "h{a}.cuh"
#include "h{b}.cuh"
#include "h{c}.cuh"
__global__ void kernel_{n}(int *p, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = clamp_h{a}(p[i], 0, {n});
}}
void run_{n}(int *p, int n) {{
  int scale = {n} % 7 + 1;
{lambda}  kernel_{n}<<<(n + 255) / 256, 256>>>(p, n);
  fill_h{b}(p, n, scale);
}}
"""

UNIT_LAMBDA = {
    0: """  each_h{a}<<<(n + 255) / 256, 256>>>([=] __device__ (int i) {{ return i * scale; }}, p, n);
""",
    1: """  auto twice = [=] __host__ __device__ (int i) {{ return 2 * i + scale; }};
  each_h{c}<<<(n + 255) / 256, 256>>>(twice, p, n);
""",
    2: """  each_h{b}<<<(n + 255) / 256, 256>>>([scale] __device__ (int i) {{
    int j = std::max(i, 1);
    return std::min(j, scale);
  }}, p, n);
""",
}


def generate(outdir, units, headers):
    """Writes the codebase under `outdir`; returns the number of lambdas."""
    root = os.path.abspath(outdir)
    os.makedirs(os.path.join(root, "include"), exist_ok=True)
    os.makedirs(os.path.join(root, "build"), exist_ok=True)
    lambdas = 0
    for h in range(headers):
        body = HEADER_LAMBDA if h % 4 == 0 else HEADER_PLAIN
        lambdas += h % 4 == 0
        with open(os.path.join(root, "include", "h%d.cuh" % h), "w") as f:
            f.write(HEADER.format(h=h, **{"lambda": body.format(h=h)}))
    entries = []
    for n in range(units):
        d = os.path.join(root, "src", "d%d" % (n % 10))
        os.makedirs(d, exist_ok=True)
        a, b, c = n % headers, (n * 7 + 3) % headers, (n * 13 + 5) % headers
        kind = n % 10
        lam = UNIT_LAMBDA[kind].format(a=a, b=b, c=c) if kind in UNIT_LAMBDA else ""
        lambdas += bool(lam)
        name = "u%04d.cu" % n
        with open(os.path.join(d, name), "w") as f:
            f.write(UNIT.format(n=n, a=a, b=b, c=c, **{"lambda": lam}))
        entries.append({
            "directory": os.path.join(root, "build"),
            "command": "nvcc -std=c++17 -arch=sm_90 --extended-lambda "
                       "--expt-relaxed-constexpr -O3 -DNDEBUG -I%s -c %s -o %s.o"
                       % (os.path.join(root, "include"), os.path.join(d, name), name),
            "file": os.path.join(d, name),
        })
    with open(os.path.join(root, "build", "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)
    return lambdas


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--units", type=int, default=1000)
    ap.add_argument("--headers", type=int, default=20)
    args = ap.parse_args()
    print(generate(args.outdir, args.units, args.headers), "lambdas")


if __name__ == "__main__":
    main()
