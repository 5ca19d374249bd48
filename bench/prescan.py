#!/usr/bin/env python3
"""What cuda-lower-nvcc's pre-scan costs on sources that need no lowering,
with and without macro-heavy headers, as a ratio to nvcc's own time in the
same run. Standard library only.

    bench/prescan.py [--reps 7] [--cold] [--baseline PATH] [--skip-cccl]

Each case is a TU that needs nothing, in a generated git work tree (the
project), compiled for sm_90:

  plain        bench/wrapper/plain.cu: no header outside the project
  portability  the same TU including a generated portability layer outside
               the project (-I): 40 headers, 4,000 macros, among them
               `PORTn_LAMBDA [=] PORTn_HOST_DEVICE` chains and definitions
               under `#ifdef __CUDA_ARCH__`; the TU names none of them
  cccl         a Thrust TU (device_vector, reduce; no lambda, no std::) with
               a copy of the toolkit's CCCL headers outside the toolkit (-I),
               as a CCCL checkout is used: about 1,500 headers read for their
               macros, Thrust's computed includes followed

Per case, alternately (so that load from elsewhere falls on all alike):

  nvcc      the real nvcc with --extended-lambda --expt-relaxed-constexpr
            (the user's command): what the ratios are taken against
  wrapper   cuda-lower-nvcc --cuda-lower-strict --cuda-lower-verbose with a
            do-nothing nvcc (--cuda-lower-nvcc=SCRIPT): the wrapper's own
            time (its start and the pre-scan), and the pre-scan's own time
            from the verbose note (wall, measured in the process)
  start     cuda-lower-nvcc --version with the same do-nothing nvcc: the
            wrapper's start alone (passed through before any scan)
  baseline  with --baseline PATH: another build of the wrapper (main before
            a change) as "wrapper", its own time

Medians of CPU time (user + system of the children), and of the pre-scan's
time. The ratios are the pre-scan's, and the wrapper's own time, over
nvcc's.
--cold drops the case's files (the TU, the project's and the outside
headers) from the page cache before each wrapper run, with
posix_fadvise(DONTNEED) on those files only; the default is a warm cache.
--baseline PATH adds the rows of another build of the wrapper (main before
a change) in the same run.
"""
import argparse
import os
import re
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

THRUST_TU = r"""#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <cstdio>
int main() {
  thrust::device_vector<float> v(1024, 1.0f);
  float s = thrust::reduce(v.begin(), v.end());
  printf("%g\n", s);
}
"""


def timed(cmd, cwd):
    """Runs cmd; returns (wall seconds, CPU seconds of the children, the
    pre-scan's own milliseconds from the verbose note or None)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    run = subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    note = re.search(r"found nothing to lower \(.*, ([0-9.]+) ms\)", run.stderr)
    if "lowering" in run.stderr and not note:
        sys.exit(f"{cmd[-3]} was lowered: no case of this bench should be\n{run.stderr}")
    return wall, cpu, float(note.group(1)) if note else None


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def portability_layer(root, headers=40, macros=100):
    """A generated portability layer: port/port.hpp includes the others."""
    top = ["#pragma once"]
    for h in range(headers):
        lines = ["#pragma once", f"#include \"port/config{h}.hpp\""]
        for m in range(macros - 6):
            if m % 3 == 0:
                lines.append(f"#define PORT{h}_CONST{m} ({m} * 4 + {h})")
            elif m % 3 == 1:
                lines.append(f"#define PORT{h}_MIN{m}(a, b) ((a) < (b) ? (a) : (b))")
            else:
                lines.append(f"#define PORT{h}_AT{m}(p, i) p[(i) + {m}]")
        lines += [f"#define PORT{h}_LAMBDA [=] PORT{h}_HOST_DEVICE",
                  f"#define PORT{h}_CAPTURE [=]",
                  f"#define PORT{h}_INLINE inline PORT{h}_HOST_DEVICE"]
        write(os.path.join(root, "port", f"part{h}.hpp"), "\n".join(lines) + "\n")
        write(os.path.join(root, "port", f"config{h}.hpp"),
              "#pragma once\n#ifdef __CUDA_ARCH__\n"
              f"#define PORT{h}_ON_DEVICE 1\n#else\n#define PORT{h}_ON_DEVICE 0\n#endif\n"
              f"#define PORT{h}_HOST_DEVICE __host__ __device__\n")
        top.append(f"#include \"port/part{h}.hpp\"")
    write(os.path.join(root, "port", "port.hpp"), "\n".join(top) + "\n")


def drop_from_page_cache(paths):
    for p in paths:
        try:
            fd = os.open(p, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def files_under(*dirs):
    out = []
    for d in dirs:
        for dirpath, _, names in os.walk(d):
            out += [os.path.join(dirpath, n) for n in names]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--cold", action="store_true")
    ap.add_argument("--skip-cccl", action="store_true")
    ap.add_argument("--wrapper", default=os.path.join(ROOT, "build", "bin", "cuda-lower-nvcc"))
    ap.add_argument("--baseline", help="another cuda-lower-nvcc, measured alike")
    ap.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="prescan-bench-")
    proj = os.path.join(tmp, "proj")
    outside = os.path.join(tmp, "outside")
    os.makedirs(proj)
    subprocess.run(["git", "init", "-q", proj], check=True)
    fake = os.path.join(tmp, "fake-nvcc")
    write(fake, "#!/bin/sh\nexit 0\n")
    os.chmod(fake, 0o755)
    shutil.copy(os.path.join(HERE, "wrapper", "plain.cu"), os.path.join(proj, "plain.cu"))
    with open(os.path.join(HERE, "wrapper", "plain.cu")) as f:
        write(os.path.join(proj, "portability.cu"), "#include <port/port.hpp>\n" + f.read())
    portability_layer(os.path.join(outside, "layer"))
    cases = [("plain", "plain.cu", []),
             ("portability layer, -I outside the project", "portability.cu",
              ["-I" + os.path.join(outside, "layer")])]
    if not args.skip_cccl:
        cuda = os.path.dirname(os.path.dirname(os.path.realpath(args.nvcc)))
        shutil.copytree(os.path.join(cuda, "include", "cccl"), os.path.join(outside, "cccl"))
        write(os.path.join(proj, "thrust.cu"), THRUST_TU)
        cases.append(("CCCL copy, -I outside the toolkit", "thrust.cu",
                      ["-I" + os.path.join(outside, "cccl")]))
    for p in files_under(proj, outside):
        with open(p, "rb") as f:
            os.fsync(f.fileno())
    wrappers = [("wrapper", args.wrapper)] + ([("baseline", args.baseline)] if args.baseline else [])
    print(f"nvcc: {args.nvcc}; wrapper: {args.wrapper}; baseline: {args.baseline}; "
          f"{os.cpu_count()} cores; page cache {'cold' if args.cold else 'warm'}; "
          f"load {os.getloadavg()[0]:.1f}\n")
    print("| case | nvcc + flags, CPU | pre-scan (in the wrapper) | wrapper alone, CPU | "
          "its start, CPU | pre-scan / nvcc | wrapper alone / nvcc |"
          + (" baseline alone, CPU |" if args.baseline else ""))
    print("| --- | --- | --- | --- | --- | --- | --- |" + (" --- |" if args.baseline else ""))
    everything = files_under(proj, outside)
    for name, src, extra in cases:
        out = os.path.join(tmp, src + ".o")
        cmds = {"nvcc": [args.nvcc, *FLAGS, *COMMON, *extra, "-c", src, "-o", out]}
        for label, w in wrappers:
            cmds[label] = [w, "--cuda-lower-nvcc=" + fake, "--cuda-lower-strict",
                           "--cuda-lower-verbose", *COMMON, *extra, "-c", src, "-o", out]
        cmds["start"] = [args.wrapper, "--cuda-lower-nvcc=" + fake, "--version"]
        runs = {k: [] for k in cmds}
        for _ in range(args.reps):
            for label, cmd in cmds.items():
                if args.cold and label != "nvcc":
                    drop_from_page_cache(everything)
                runs[label].append(timed(cmd, proj))
        cpu = {k: statistics.median(c for _, c, _ in v) for k, v in runs.items()}
        scan = statistics.median(m for _, _, m in runs["wrapper"]) / 1000
        row = (f"| {name} | {cpu['nvcc']:.2f} s | {scan * 1000:.2f} ms | "
               f"{cpu['wrapper'] * 1000:.0f} ms | {cpu['start'] * 1000:.0f} ms | "
               f"**{scan / cpu['nvcc']:.5f}** | {cpu['wrapper'] / cpu['nvcc']:.3f} |")
        if args.baseline:
            row += f" {cpu['baseline'] * 1000:.0f} ms |"
        print(row, flush=True)
    shutil.rmtree(tmp)


if __name__ == "__main__":
    sys.exit(main())
