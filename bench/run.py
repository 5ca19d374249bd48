#!/usr/bin/env python3
"""Benchmarks cuda-lower. Standard library only.

    bench/run.py [--part tool|host-lambda|all] [--reps N] [--sizes 50,200,400]

Part `tool`: the wall time, CPU time and peak memory of `cuda-lower --diff FILE` against
a reference measured in the same run, on the same file: Clang's own
`-fsyntax-only` parse of it for the host pass plus the device pass, with the
flags the tool uses (lib/Driver/CompilationSetup.cpp, commandFor). The two
are run alternately (tool, reference, tool, ...) so that load from elsewhere
on the machine falls on both alike; medians are reported.

Part `host-lambda`: bench/host_lambda/lambda.cu calls a __host__ __device__
lambda in a 16M-element host loop. It is built three ways: by nvcc
--extended-lambda as written, by plain nvcc after cuda-lower, and as the
hand-written functor.cu; the loop times are compared.
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
CUDA_PATH = pathlib.Path(os.environ.get("CUDA_PATH", "/usr/local/cuda"))
CLANG = "clang++-22"
ARCH = "sm_90"


def measure(argv, cwd=None):
    """Runs argv to completion; returns (wall seconds, CPU seconds, peak RSS
    in MiB, exit code, stderr). CPU time and RSS are that child's own (wait4),
    not the whole run's; CPU time varies far less than wall time on a machine
    shared with other work."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    return (seconds, cpu, usage.ru_maxrss / 1024.0, proc.returncode,
            err.decode(errors="replace"))


def reference_commands(source):
    """Clang's parse of source in both passes, as the tool sets it up."""
    common = [CLANG, "-x", "cuda", f"--cuda-path={CUDA_PATH}", f"--cuda-gpu-arch={ARCH}",
              "-std=c++17", "-fsyntax-only",
              "-D__CUDACC_EXTENDED_LAMBDA__", "-D__CUDACC_RELAXED_CONSTEXPR__",
              "-isystem", str(CUDA_PATH / "include" / "cccl"), "-w", str(source)]
    return [common[:7] + [p] + common[7:] for p in ("--cuda-host-only", "--cuda-device-only")]


def run_tool_once(tool, source):
    seconds, cpu, rss, code, err = measure([str(tool), "--no-color", "--diff", str(source)])
    # 0: nothing or edits shown; 1: a rule reported an error. Both parsed.
    if code not in (0, 1):
        raise RuntimeError(f"cuda-lower failed on {source} (exit {code}):\n{err}")
    return seconds, cpu, rss


def run_reference_once(source):
    total, total_cpu, peak = 0.0, 0.0, 0.0
    for argv in reference_commands(source):
        seconds, cpu, rss, code, err = measure(argv)
        if code != 0:
            raise RuntimeError(f"{' '.join(argv)} failed (exit {code}):\n{err}")
        total += seconds
        total_cpu += cpu
        peak = max(peak, rss)
    return total, total_cpu, peak


def bench_file(tool, source, reps):
    tool_runs, ref_runs = [], []
    for _ in range(reps):
        tool_runs.append(run_tool_once(tool, source))
        ref_runs.append(run_reference_once(source))
    row = {}
    for who, runs in (("tool", tool_runs), ("reference", ref_runs)):
        row[f"{who}_s"] = statistics.median(r[0] for r in runs)
        row[f"{who}_cpu_s"] = statistics.median(r[1] for r in runs)
        row[f"{who}_rss_mib"] = max(r[2] for r in runs)
        row[f"{who}_runs_s"] = [round(r[0], 3) for r in runs]
        row[f"{who}_runs_cpu_s"] = [round(r[1], 3) for r in runs]
    row["ratio"] = row["tool_s"] / row["reference_s"]
    row["cpu_ratio"] = row["tool_cpu_s"] / row["reference_cpu_s"]
    return row


def slope(points):
    """Least-squares slope of (x, y) points."""
    mx = statistics.mean(x for x, _ in points)
    my = statistics.mean(y for _, y in points)
    return (sum((x - mx) * (y - my) for x, y in points) /
            sum((x - mx) ** 2 for x, _ in points))


def tool_part(opts, work):
    inputs = [BENCH / "inputs" / "small_kernel.cu", BENCH / "inputs" / "thrust_heavy.cu"]
    for n in opts.sizes:
        path = work / f"lambdas_{n}.cu"
        subprocess.run([sys.executable, str(BENCH / "gen_lambdas.py"), str(n), "-o", str(path)],
                       check=True)
        inputs.append(path)
    print(f"part tool: {opts.reps} alternating runs each; reference = "
          f"{CLANG} -fsyntax-only, host pass + device pass")
    print("medians; wall = elapsed seconds, cpu = user+system seconds, MiB = peak RSS")
    print(f"{'input':<20} {'tool wall':>9} {'ref wall':>9} {'ratio':>6} "
          f"{'tool cpu':>9} {'ref cpu':>8} {'ratio':>6} {'tool MiB':>9} {'ref MiB':>8}")
    results = {}
    for source in inputs:
        row = bench_file(opts.tool, source, opts.reps)
        results[source.name] = row
        print(f"{source.name:<20} {row['tool_s']:>9.2f} {row['reference_s']:>9.2f} "
              f"{row['ratio']:>6.2f} {row['tool_cpu_s']:>9.2f} {row['reference_cpu_s']:>8.2f} "
              f"{row['cpu_ratio']:>6.2f} {row['tool_rss_mib']:>9.0f} "
              f"{row['reference_rss_mib']:>8.0f}", flush=True)
    if len(set(opts.sizes)) >= 2:
        for key, name in (("tool_cpu_s", "tool"), ("reference_cpu_s", "reference")):
            points = [(n, results[f"lambdas_{n}.cu"][key]) for n in opts.sizes]
            per = slope(points) * 1000
            print(f"growth with lambdas ({name}, cpu, least squares over "
                  f"{','.join(map(str, opts.sizes))}): {per:.2f} ms per lambda")
            results[f"{name}_ms_per_lambda"] = per
    return results


HOST_LOOP = re.compile(r"best of \d+: ([0-9.]+) ms .* checksum (\S+)")


def nvcc(args, log):
    argv = [str(CUDA_PATH / "bin" / "nvcc"), "-std=c++17", f"-arch={ARCH}", "-O3"] + args
    proc = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    log.write_text(" ".join(argv) + "\n" + proc.stdout)
    return proc.returncode == 0


def build_host_variants(tool, work):
    """Builds the three programs; returns {name: executable or None} and why
    any is missing."""
    src = BENCH / "host_lambda"
    inc = ["-I", str(src)]
    lowered = work / "lambda.lowered.cu"
    built, notes = {}, {}
    if nvcc(["--extended-lambda", str(src / "lambda.cu"), "-o", str(work / "nvcc_lambda")],
            work / "nvcc_lambda.log"):
        built["nvcc --extended-lambda"] = work / "nvcc_lambda"
    else:
        notes["nvcc --extended-lambda"] = f"build failed, see {work / 'nvcc_lambda.log'}"
    lowered_ok = subprocess.run([str(tool), "--no-color", "-q", str(src / "lambda.cu"),
                                 "-o", str(lowered)], stdin=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL).returncode in (0, 1)
    if lowered_ok and nvcc(inc + [str(lowered), "-o", str(work / "lowered")],
                           work / "lowered.log"):
        built["cuda-lower + plain nvcc"] = work / "lowered"
    else:
        notes["cuda-lower + plain nvcc"] = (
            "plain nvcc rejects the cuda-lower output (awaits the "
            f"lower-extended-lambda rule); see {work / 'lowered.log'}")
    if nvcc([str(src / "functor.cu"), "-o", str(work / "functor")], work / "functor.log"):
        built["hand-written functor"] = work / "functor"
    else:
        notes["hand-written functor"] = f"build failed, see {work / 'functor.log'}"
    return built, notes


def host_lambda_part(opts, work):
    print("part host-lambda: building the three variants with nvcc -O3 (takes minutes)",
          flush=True)
    built, notes = build_host_variants(opts.tool, work)
    times = {name: [] for name in built}
    checksums = {}
    for _ in range(opts.reps):
        for name, exe in built.items():
            out = subprocess.run([str(exe)], check=True, stdout=subprocess.PIPE,
                                 text=True).stdout
            match = HOST_LOOP.search(out)
            if not match:
                raise RuntimeError(f"{exe}: unexpected output: {out}")
            times[name].append(float(match[1]))
            checksums[name] = match[2]
    if len(set(checksums.values())) > 1:
        raise RuntimeError(f"the variants compute different results: {checksums}")
    base = "hand-written functor"
    results = {}
    print(f"{'variant':<26} {'median ms':>10} {'vs functor':>11}")
    for name in ("nvcc --extended-lambda", "cuda-lower + plain nvcc", base):
        if name not in built:
            print(f"{name:<26} {'-':>10} {'-':>11}  ({notes[name]})")
            results[name] = {"missing": notes[name]}
            continue
        median = statistics.median(times[name])
        ratio = median / statistics.median(times[base]) if base in times else float("nan")
        results[name] = {"median_ms": median, "runs_ms": times[name], "vs_functor": ratio}
        print(f"{name:<26} {median:>10.2f} {ratio:>10.2f}x")
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[2:]))
    parser.add_argument("--part", choices=["tool", "host-lambda", "all"], default="all",
                        help="which benchmark to run (default all)")
    parser.add_argument("--reps", type=int, default=5, help="repetitions (default 5)")
    parser.add_argument("--sizes", default="50,200,400",
                        help="lambda counts of the generated files (default 50,200,400)")
    parser.add_argument("--tool", type=pathlib.Path, default=ROOT / "build" / "bin" / "cuda-lower",
                        help="the cuda-lower binary (default build/bin/cuda-lower)")
    parser.add_argument("--json", type=pathlib.Path, help="also write the results here")
    parser.add_argument("--keep", action="store_true", help="keep the generated files")
    opts = parser.parse_args()
    opts.sizes = [int(s) for s in opts.sizes.split(",") if s]
    if not opts.tool.exists():
        parser.error(f"{opts.tool} not found: build first (scripts/bootstrap.sh test)")
    if shutil.which(CLANG) is None:
        parser.error(f"{CLANG} not on PATH: run scripts/install-deps.sh")
    # Generated inputs live under the repository, so the tool treats them as
    # user code as it treats the checked-in ones.
    (ROOT / "build").mkdir(exist_ok=True)
    work = pathlib.Path(tempfile.mkdtemp(prefix="bench-", dir=ROOT / "build"))
    results = {"cores": os.cpu_count(), "reps": opts.reps}
    keep = opts.keep
    try:
        if opts.part in ("tool", "all"):
            results["tool"] = tool_part(opts, work)
        if opts.part in ("host-lambda", "all"):
            results["host_lambda"] = host_lambda_part(opts, work)
            # Keep the build logs that the table points to.
            keep = keep or any("missing" in r for r in results["host_lambda"].values())
    finally:
        if keep:
            print(f"generated files kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    if opts.json:
        opts.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
