#!/usr/bin/env python3
"""RAJA up to v2025.09 calls cudaMemAdvise(ptr, n, advice, int device);
CUDA 13 takes a cudaMemLocation instead. This gives RAJA's two calls (in
include/RAJA/policy/cuda/MemUtils_CUDA.hpp) a cudaMemLocation, as plain
calls: camp's checking macro prints its arguments, and a cudaMemLocation
has no operator<<. The calls are advice, so their result was never needed.

    raja_cuda13.py RAJA_TREE

Leaves a tree that already builds with CUDA 13 alone; exits 1 on a file
it does not recognise."""
import re
import sys
from pathlib import Path

CALL = re.compile(r"CAMP_CUDA_API_INVOKE_AND_CHECK\(cudaMemAdvise, ptr, nbytes,"
                  r"\s*(cudaMemAdvise\w+), (device|cudaCpuDeviceId)\)")


def with_location(match):
    where = ("cudaMemLocationTypeHost, 0" if match.group(2) == "cudaCpuDeviceId"
             else "cudaMemLocationTypeDevice, device")
    return "(void)cudaMemAdvise(ptr, nbytes, %s, cudaMemLocation{%s})" % (
        match.group(1), where)


def main():
    path = Path(sys.argv[1]) / "include/RAJA/policy/cuda/MemUtils_CUDA.hpp"
    text = path.read_text()
    new, count = CALL.subn(with_location, text)
    if count == 2:
        path.write_text(new)
        print("raja_cuda13.py: cudaMemAdvise given a cudaMemLocation in", path)
    elif count or "cudaMemAdvise" in text and "cudaMemLocation" not in text:
        sys.exit("raja_cuda13.py: %s is not as expected; not edited" % path)


if __name__ == "__main__":
    main()
