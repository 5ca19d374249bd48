#!/usr/bin/env python3
"""Kokkos 4.6 (develop of mid 2025) and CUDA 13.0: the edits that let the
tree build with CUDA 13 alone, the same for the original build and the
lowered one.

- core/src/Cuda/Kokkos_Cuda_Instance.hpp calls two runtime functions whose
  signatures CUDA 13 changed: cudaGraphAddDependencies takes the edges'
  data (nullptr: plain edges, as before), and cudaMemPrefetchAsync takes a
  cudaMemLocation and flags instead of a device number
  (cudaCpuDeviceId means the host).
- bin/nvcc_wrapper, Kokkos's compiler script, adds -arch=sm_70 to a command
  that names no architecture (CMake's compiler checks), and CUDA 13 dropped
  sm_70; the script's header says to change its default "according to your
  machine": sm_75, the oldest CUDA 13 supports. Kokkos's own flags name the
  real architecture.

    kokkos_cuda13.py KOKKOS_TREE

Leaves a tree that already has the edits as it is; exits 1 on a file it
does not recognise."""
import sys
from pathlib import Path

EDITS = {
    "core/src/Cuda/Kokkos_Cuda_Instance.hpp": [
        ("return cudaGraphAddDependencies(graph, from, to, numDependencies);",
         "return cudaGraphAddDependencies(graph, from, to, nullptr, numDependencies);"),
        ("return cudaMemPrefetchAsync(devPtr, count, dstDevice, m_stream);",
         "cudaMemLocation where{dstDevice == cudaCpuDeviceId ? cudaMemLocationTypeHost\n"
         "                                                     : cudaMemLocationTypeDevice,\n"
         "                      dstDevice == cudaCpuDeviceId ? 0 : dstDevice};\n"
         "    return cudaMemPrefetchAsync(devPtr, count, where, 0, m_stream);"),
    ],
    "bin/nvcc_wrapper": [('default_arch="sm_70"', 'default_arch="sm_75"')],
}


def edit(tree, name, pairs):
    path = Path(tree) / name
    text = path.read_text()
    for old, new in pairs:
        if new in text:
            continue
        if text.count(old) != 1:
            sys.exit("kokkos_cuda13.py: %s is not as expected; not edited" % path)
        text = text.replace(old, new)
    path.write_text(text)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: kokkos_cuda13.py KOKKOS_TREE")
    for name, pairs in EDITS.items():
        edit(sys.argv[1], name, pairs)
    print("kokkos_cuda13.py: CUDA 13 edits in", sys.argv[1])


if __name__ == "__main__":
    main()
