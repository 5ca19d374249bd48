#!/usr/bin/env python3
"""AMReX up to 24.11 uses CUDA 12 APIs that CUDA 13 (CCCL 3) removed:
cub::Min, cub::Max and cub::Sum (now cuda::minimum<>, cuda::maximum<> and
cuda::std::plus<>), cub::TransformInputIterator and
cub::CountingInputIterator (now Thrust's transform_iterator and
counting_iterator), and cudaMemAdvise / cudaMemPrefetchAsync taking an int
device (now a cudaMemLocation, and a flags argument for the prefetch).
This edits those calls, identically for the original build and the
lowered one, and nothing else.

    amrex_cuda13.py AMREX_TREE

Leaves a tree that already builds with CUDA 13 alone; exits 1 when a file
does not hold what it expects."""
import re
import sys
from pathlib import Path


def location(where):
    return ("cudaMemLocation{cudaMemLocationTypeHost, 0}"
            if where.strip() == "cudaCpuDeviceId"
            else "cudaMemLocation{cudaMemLocationTypeDevice, %s}" % where.strip())


def advise(match):
    return "cudaMemAdvise(p, sz, %s, %s)" % (match.group(1), location(match.group(2)))


def prefetch(match):
    return "cudaMemPrefetchAsync(%s, %s, 0, %s)" % (
        match.group(1), location(match.group(2)), match.group(3))


EDITS = {
    "Src/Base/AMReX_GpuReduce.H": [
        (re.compile(r"cub::Min\(\)"), "::cuda::minimum<>{}", 1),
        (re.compile(r"cub::Max\(\)"), "::cuda::maximum<>{}", 1),
    ],
    "Src/Base/AMReX_Scan.H": [
        (re.compile(r"cub::Sum\{\}"), "::cuda::std::plus<>{}", 1),
        (re.compile(r"cub::Sum\b"), "::cuda::std::plus<>", 1),
        (re.compile(r"cub::TransformInputIterator<T,decltype\(input_lambda\),"
                    r"cub::CountingInputIterator<N> >"),
         "thrust::transform_iterator<decltype(input_lambda),"
         "thrust::counting_iterator<N>,T>", 1),
        (re.compile(r"cub::CountingInputIterator<N>\(0\)"),
         "thrust::counting_iterator<N>(0)", 1),
        (re.compile(r"#  include <cub/cub.cuh>\n"),
         "#  include <cub/cub.cuh>\n#  include <thrust/iterator/counting_iterator.h>\n"
         "#  include <thrust/iterator/transform_iterator.h>\n", 1),
    ],
    "Src/Base/AMReX_GpuDevice.cpp": [
        (re.compile(r"cudaMemAdvise\(p, sz, (cudaMemAdvise\w+), (device|cudaCpuDeviceId)\)"),
         advise, 2),
    ],
    "Src/Base/AMReX_GpuContainers.H": [
        (re.compile(r"cudaMemPrefetchAsync\(([^,]+,\s*[^,]+),\s*([^,]+),\s*(Gpu::gpuStream\(\))\)"),
         prefetch, 2),
    ],
    "Src/Base/AMReX_BaseFab.H": [
        (re.compile(r"cudaMemPrefetchAsync\(([^,]+,\s*[^,]+),\s*([^,]+),\s*(Gpu::gpuStream\(\))\)"),
         prefetch, 2),
    ],
}


def main():
    root = Path(sys.argv[1])
    for name, edits in EDITS.items():
        path = root / name
        text = path.read_text()
        if "cudaMemLocation" in text or "::cuda::minimum" in text or "::cuda::std::plus" in text:
            continue  # already edited, or a release that needs no edit
        for pattern, replacement, expected in edits:
            text, count = pattern.subn(replacement, text)
            if count != expected:
                sys.exit("amrex_cuda13.py: %s: %d matches of %s, expected %d; not edited"
                         % (path, count, pattern.pattern, expected))
        path.write_text(text)
        print("amrex_cuda13.py: edited", path)


if __name__ == "__main__":
    main()
