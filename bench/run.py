#!/usr/bin/env python3
"""Benchmarks cuda-lower. Standard library only.

    bench/run.py [--part tool|host-lambda|kernels|all] [--reps N] [--sizes 50,200,400]
                 [--large 4000] [--instructions] [--tool-args=--no-verify]
                 [--inputs small_kernel.cu,lambdas_400.cu]
    bench/run.py --part host-lambda|kernels|all --build-only OUTDIR
    bench/run.py --from OUTDIR [--reps N]

Part `tool`: the wall time, CPU time and peak memory of `cuda-lower --diff FILE` against
a reference measured in the same run, on the same file: Clang's own
`-fsyntax-only` parse of it for the host pass plus the device pass, with the
flags the tool uses (lib/Driver/CompilationSetup.cpp, commandFor). The two
are run alternately (tool, reference, tool, ...) so that load from elsewhere
on the machine falls on both alike; medians are reported.

--instructions counts instructions instead (valgrind's callgrind, once per
input and reference: the count repeats from run to run whatever else the
machine does, where CPU time on a loaded machine does not); --tool-args
passes options to the tool (e.g. --no-verify for the rules' own cost).

The tool part ends with a file of --large lambdas (default 4000, generated
by gen_lambdas.py), run with --no-verify and checked against the budget of
issue 9: at most 1.5x the two parses plus 1 ms per lambda.

Part `host-lambda`: bench/host_lambda/lambda.cu calls a __host__ __device__
lambda in a 16M-element host loop. It is built three ways: by nvcc
--extended-lambda as written, by plain nvcc after cuda-lower, and as the
hand-written functor.cu; the loop times are compared.

Part `kernels`: each bench/kernels/*.cu runs device lambdas through kernel
templates or Thrust. It is built as written (nvcc --extended-lambda
--expt-relaxed-constexpr) and after cuda-lower (plain nvcc), both with
-Xptxas -v; the register counts of matching kernels are compared (no GPU
needed). Where nvidia-smi finds a GPU, both programs run alternately and the
per-kernel median times (cudaEvent) are compared: lowered / original.

--build-only OUTDIR builds the host-lambda and kernels programs into OUTDIR
(with the register tables and this script) and runs nothing; `--from OUTDIR`
(or `python3 OUTDIR/run.py --from OUTDIR`) runs them later, on another
machine, and prints the same tables. Put OUTDIR under .bench-pack/ (ignored
by git).
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


COLLECTED = re.compile(r"^==\d+== Collected : (\d+)$", re.M)


def instructions(argv):
    """Instructions executed by argv and the processes it starts."""
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes",
                           "--callgrind-out-file=/dev/null", *argv],
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    counts = [int(n) for n in COLLECTED.findall(proc.stderr)]
    if not counts:
        raise RuntimeError(f"callgrind counted nothing for {' '.join(argv)}:\n{proc.stderr}")
    return sum(counts), proc.returncode


def count_file(tool, source, extra=()):
    """The instruction counts of the tool and of the reference on source."""
    tool_count, code = instructions([str(tool), "--no-color", "--diff", *extra, str(source)])
    if code not in (0, 1):
        raise RuntimeError(f"cuda-lower failed on {source} (exit {code})")
    reference = 0
    for argv in reference_commands(source):
        count, code = instructions(argv)
        if code != 0:
            raise RuntimeError(f"{' '.join(argv)} failed (exit {code})")
        reference += count
    return {"tool_instructions": tool_count, "reference_instructions": reference,
            "instruction_ratio": tool_count / reference}


def instructions_part(opts, work):
    inputs = tool_inputs(opts, work)
    print(f"part tool, instructions (callgrind, one run each); tool args: "
          f"{' '.join(opts.tool_args) or '(none)'}; reference = {CLANG} -fsyntax-only, "
          f"host pass + device pass")
    print(f"{'input':<20} {'tool Ginstr':>12} {'ref Ginstr':>11} {'ratio':>6}")
    results = {}
    for source in inputs:
        row = count_file(opts.tool, source, opts.tool_args)
        results[source.name] = row
        print(f"{source.name:<20} {row['tool_instructions'] / 1e9:>12.3f} "
              f"{row['reference_instructions'] / 1e9:>11.3f} "
              f"{row['instruction_ratio']:>6.3f}", flush=True)
    return results


def run_tool_once(tool, source, extra=()):
    seconds, cpu, rss, code, err = measure([str(tool), "--no-color", "--diff", *extra,
                                            str(source)])
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


def bench_file(tool, source, reps, extra=()):
    tool_runs, ref_runs = [], []
    for _ in range(reps):
        tool_runs.append(run_tool_once(tool, source, extra))
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


def tool_inputs(opts, work):
    """The checked-in inputs and the generated lambdas_N.cu files, less those
    that --inputs leaves out."""
    inputs = [BENCH / "inputs" / "small_kernel.cu", BENCH / "inputs" / "thrust_heavy.cu"]
    for n in opts.sizes:
        path = work / f"lambdas_{n}.cu"
        if opts.inputs and path.name not in opts.inputs:
            continue
        subprocess.run([sys.executable, str(BENCH / "gen_lambdas.py"), str(n), "-o", str(path)],
                       check=True)
        inputs.append(path)
    return [path for path in inputs if not opts.inputs or path.name in opts.inputs]


def slope(points):
    """Least-squares slope of (x, y) points."""
    mx = statistics.mean(x for x, _ in points)
    my = statistics.mean(y for _, y in points)
    return (sum((x - mx) * (y - my) for x, y in points) /
            sum((x - mx) ** 2 for x, _ in points))


def tool_part(opts, work):
    inputs = tool_inputs(opts, work)
    print(f"part tool: {opts.reps} alternating runs each; reference = "
          f"{CLANG} -fsyntax-only, host pass + device pass")
    print("medians; wall = elapsed seconds, cpu = user+system seconds, MiB = peak RSS")
    print(f"{'input':<20} {'tool wall':>9} {'ref wall':>9} {'ratio':>6} "
          f"{'tool cpu':>9} {'ref cpu':>8} {'ratio':>6} {'tool MiB':>9} {'ref MiB':>8}")
    results = {}
    for source in inputs:
        row = bench_file(opts.tool, source, opts.reps, opts.tool_args)
        results[source.name] = row
        print(f"{source.name:<20} {row['tool_s']:>9.2f} {row['reference_s']:>9.2f} "
              f"{row['ratio']:>6.2f} {row['tool_cpu_s']:>9.2f} {row['reference_cpu_s']:>8.2f} "
              f"{row['cpu_ratio']:>6.2f} {row['tool_rss_mib']:>9.0f} "
              f"{row['reference_rss_mib']:>8.0f}", flush=True)
    if len(set(opts.sizes)) >= 2 and all(f"lambdas_{n}.cu" in results for n in opts.sizes):
        for key, name in (("tool_cpu_s", "tool"), ("reference_cpu_s", "reference")):
            points = [(n, results[f"lambdas_{n}.cu"][key]) for n in opts.sizes]
            per = slope(points) * 1000
            print(f"growth with lambdas ({name}, cpu, least squares over "
                  f"{','.join(map(str, opts.sizes))}): {per:.2f} ms per lambda")
            results[f"{name}_ms_per_lambda"] = per
    if opts.large:
        results[f"lambdas_{opts.large}.cu --no-verify"] = large_file_row(opts, work)
    return results


def large_file_row(opts, work):
    """The linear-in-lambdas target of issue 9: a file with opts.large
    lambdas costs at most 1.5x Clang's two parses plus 1 ms per lambda.
    --no-verify leaves out the verification, which re-parses the output and
    is accounted for separately: this row is the rules' own cost."""
    n = opts.large
    path = work / f"lambdas_{n}.cu"
    subprocess.run([sys.executable, str(BENCH / "gen_lambdas.py"), str(n), "-o", str(path)],
                   check=True)
    row = bench_file(opts.tool, path, opts.large_reps, extra=("--no-verify",))
    budget = 1.5 * row["reference_cpu_s"] + 0.001 * n
    row["cpu_budget_s"] = budget
    row["within_budget"] = row["tool_cpu_s"] <= budget
    print(f"{path.name + ' (--no-verify)':<20} {row['tool_s']:>9.2f} {row['reference_s']:>9.2f} "
          f"{row['ratio']:>6.2f} {row['tool_cpu_s']:>9.2f} {row['reference_cpu_s']:>8.2f} "
          f"{row['cpu_ratio']:>6.2f} {row['tool_rss_mib']:>9.0f} "
          f"{row['reference_rss_mib']:>8.0f}", flush=True)
    print(f"{n} lambdas: tool {row['tool_cpu_s']:.2f} s CPU, budget 1.5 x parses + 1 ms "
          f"per lambda = {budget:.2f} s: {'within' if row['within_budget'] else 'OVER'}")
    return row


HOST_LOOP = re.compile(r"best of \d+: ([0-9.]+) ms .* checksum (\S+)")
HOST_VARIANTS = ("nvcc --extended-lambda", "cuda-lower + plain nvcc", "hand-written functor")


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


def measure_host_variants(built, notes, reps):
    """Runs the host-lambda programs alternately, reps times each; prints and
    returns the table."""
    times = {name: [] for name in built}
    checksums = {}
    for _ in range(reps):
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
    for name in HOST_VARIANTS:
        if name not in built:
            print(f"{name:<26} {'-':>10} {'-':>11}  ({notes[name]})")
            results[name] = {"missing": notes[name]}
            continue
        median = statistics.median(times[name])
        ratio = median / statistics.median(times[base]) if base in times else float("nan")
        results[name] = {"median_ms": median, "runs_ms": times[name], "vs_functor": ratio}
        print(f"{name:<26} {median:>10.2f} {ratio:>10.2f}x")
    return results


def host_lambda_part(opts, work):
    print("part host-lambda: building the three variants with nvcc -O3 (takes minutes)",
          flush=True)
    built, notes = build_host_variants(opts.tool, work)
    return measure_host_variants(built, notes, opts.reps)


# Part `kernels`.

KERNEL_LINE = re.compile(r"^kernel (\S+) median_ms ([0-9.]+) min_ms ([0-9.]+) reps (\d+) "
                         r"checksum (\S+)$", re.M)
PTXAS_ENTRY = re.compile(r"Compiling entry function '([^']+)' for '(\w+)'")
PTXAS_SPILL = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, "
                         r"(\d+) bytes spill loads")
PTXAS_REGS = re.compile(r"Used (\d+) registers")
EXTENDED_FLAGS = ["--extended-lambda", "--expt-relaxed-constexpr"]


def parse_ptxas(text):
    """The kernels of an `nvcc -Xptxas -v` log, in the order ptxas compiled
    them: [{"mangled", "registers", "stack", "spill_stores", "spill_loads"}]."""
    kernels = []
    for line in text.splitlines():
        entry = PTXAS_ENTRY.search(line)
        if entry:
            kernels.append({"mangled": entry[1], "registers": None, "stack": 0,
                            "spill_stores": 0, "spill_loads": 0})
            continue
        if not kernels:
            continue
        spill = PTXAS_SPILL.search(line)
        if spill:
            kernels[-1].update(stack=int(spill[1]), spill_stores=int(spill[2]),
                               spill_loads=int(spill[3]))
        regs = PTXAS_REGS.search(line)
        if regs and kernels[-1]["registers"] is None:
            kernels[-1]["registers"] = int(regs[1])
    return kernels


def demangle(names):
    """Demangled names, through cu++filt (c++filt if that is missing)."""
    filt = CUDA_PATH / "bin" / "cu++filt"
    tool = str(filt) if filt.exists() else shutil.which("c++filt")
    if not tool or not names:
        return list(names)
    out = subprocess.run([tool], input="\n".join(names) + "\n", stdout=subprocess.PIPE,
                         text=True, check=True).stdout.splitlines()
    return out if len(out) == len(names) else list(names)


def balanced_end(text, start):
    """The index just past the bracket group that opens at text[start]."""
    pairs = {"<": ">", "(": ")", "{": "}"}
    stack = []
    for i in range(start, len(text)):
        if text[i] in pairs:
            stack.append(pairs[text[i]])
        elif stack and text[i] == stack[-1]:
            stack.pop()
            if not stack:
                return i + 1
    return len(text)


def qualifier_start(text, end):
    """The start of the qualified name that ends at text[end] (scans back over
    `ns::Class<T>::fn(int) const::`)."""
    depth, i = 0, end
    while i > 0:
        ch = text[i - 1]
        if ch in ")>}":
            depth += 1
        elif ch in "(<{":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and ch == "," or (
                depth == 0 and ch == " " and not text.startswith(("const::", "volatile::"), i)):
            break
        i -= 1
    return i


CLOSURE_WRAPPERS = ("__nv_dl_wrapper_t<", "__nv_hdl_wrapper_t<")
LOWERED_FUNCTOR = re.compile(r"[\w:]*\b\w+_lambda_\d+\b")


def normalize_closures(demangled):
    """Replaces each lambda's type by `λ`: nvcc's closure types and wrappers
    (`main::{lambda(long)#2}`, `__nv_dl_wrapper_t<...>`) in the original
    build and cuda-lower's functors (`main_lambda_2`) in the lowered one, so
    that a kernel instantiated with a lambda gets the same text in both."""
    text = demangled
    for wrapper in CLOSURE_WRAPPERS:
        while wrapper in text:
            start = text.index(wrapper)
            text = text[:start] + "λ" + text[balanced_end(text, start + len(wrapper) - 1):]
    while "{lambda(" in text:
        brace = text.index("{lambda(")
        start = qualifier_start(text, brace)
        text = text[:start] + "λ" + text[balanced_end(text, brace):]
    return LOWERED_FUNCTOR.sub("λ", text)


def kernel_key(demangled):
    """(template name, normalised signature) of a kernel: the qualified name
    without return type, template arguments or parameters, and the whole
    signature with every lambda type replaced by `λ`. Lambda and functor
    types only ever appear inside the brackets, so the name is the same in
    both builds: `void cub::X::Kernel<P, F>(F, int)` -> `cub::X::Kernel`."""
    text = normalize_closures(demangled)
    depth, name_start = 0, 0
    for i, ch in enumerate(text):
        if ch in "<({":
            depth += 1
        elif ch in ">)}":
            depth -= 1
        elif depth == 0 and ch == " ":
            name_start = i + 1
    signature = text[name_start:]
    cut = [i for i in (signature.find("<"), signature.find("(")) if i > 0]
    return (signature[:min(cut)] if cut else signature), signature


def involves_lambda(demangled):
    """Whether a kernel's arguments name a closure (nvcc's wrappers in the
    original build) or a functor written by cuda-lower (`..._lambda_N`)."""
    return normalize_closures(demangled) != demangled


def match_kernels(original, lowered):
    """Pairs the kernels of the two builds. Kernel names differ (the closure
    type is part of the mangled name), so each kernel is keyed by its
    signature with every lambda type replaced by `λ` (kernel_key), plus its
    ordinal among the kernels of that key in ptxas order. A key shared by
    several kernels (one kernel template instantiated with several lambdas
    of the same signature) is matched by that order, which nvcc need not keep
    between the builds: such rows say `by order`, and the sorted register
    counts of the group are compared too. Returns rows {"name", "ordinal",
    "by_order", "original", "lowered"}; a side is None where the other build
    has more kernels of that key."""
    def keyed(kernels):
        groups = {}
        for kernel in kernels:
            name, signature = kernel_key(kernel["demangled"])
            groups.setdefault(signature, (name, []))[1].append(kernel)
        return groups
    left, right = keyed(original), keyed(lowered)
    rows = []
    for signature in list(left) + [k for k in right if k not in left]:
        name, lefts = left.get(signature, (None, []))
        name, rights = right.get(signature, (name, []))
        count = max(len(lefts), len(rights))
        for ordinal in range(count):
            rows.append({"name": name, "ordinal": ordinal, "by_order": count > 1,
                         "group_sorted_equal": sorted(k["registers"] for k in lefts) ==
                         sorted(k["registers"] for k in rights),
                         "original": lefts[ordinal] if ordinal < len(lefts) else None,
                         "lowered": rights[ordinal] if ordinal < len(rights) else None})
    return rows


def build_kernel_program(tool, source, out):
    """Lowers source and builds both forms into out with -Xptxas -v. Returns
    {"original": exe, "lowered": exe, "registers": rows} or {"error": why}."""
    name = source.stem
    lowered_src = out / f"{name}.lowered.cu"
    proc = subprocess.run([str(tool), "--no-color", "-q", str(source), "-o", str(lowered_src)],
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    (out / f"{name}.lower.log").write_text(proc.stdout)
    if proc.returncode not in (0, 1) or not lowered_src.exists():
        return {"error": f"cuda-lower exited with {proc.returncode}, see {name}.lower.log"}
    common = ["-Xptxas", "-v", "-I", str(source.parent)]
    logs = {}
    for form, src, flags in (("original", source, EXTENDED_FLAGS),
                             ("lowered", lowered_src, [])):
        log = out / f"{name}.{form}.build.log"
        if not nvcc(flags + common + [str(src), "-o", str(out / f"{name}.{form}")], log):
            return {"error": f"the {form} build failed, see {log.name}"}
        logs[form] = parse_ptxas(log.read_text())
    for kernels in logs.values():
        for kernel, pretty in zip(kernels, demangle([k["mangled"] for k in kernels])):
            kernel["demangled"] = pretty
    return {"original": f"{name}.original", "lowered": f"{name}.lowered",
            "registers": match_kernels(logs["original"], logs["lowered"])}


def build_kernels(tool, out):
    """Builds every bench/kernels program into out, in parallel; returns
    {program: build result}."""
    import concurrent.futures
    sources = sorted((BENCH / "kernels").glob("*.cu"))
    jobs = max(1, min(len(sources), (os.cpu_count() or 2) // 2))
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        results = pool.map(lambda src: build_kernel_program(tool, src, out), sources)
        return {src.stem: result for src, result in zip(sources, results)}


def print_registers(programs):
    """The register table: one row per kernel that runs a lambda (the others,
    Thrust's fill and copy kernels, are counted in a summary line)."""
    print(f"{'program':<9} {'kernel':<44} {'regs orig':>9} {'regs low':>8} "
          f"{'spill o/l':>9}")
    same = other = 0
    for program, built in programs.items():
        if "error" in built:
            print(f"{program:<9} {'-':<44} {'-':>9} {'-':>8}  ({built['error']})")
            continue
        for row in built["registers"]:
            orig, low = row["original"], row["lowered"]
            if orig and low and orig["registers"] == low["registers"]:
                same += 1
            else:
                other += 1
            if not any(k and involves_lambda(k["demangled"]) for k in (orig, low)):
                continue
            label = row["name"].split("::")[-1]
            if row["by_order"]:
                label += f" #{row['ordinal'] + 1} by order"
                if not row["group_sorted_equal"]:
                    label += " (sorted counts differ)"
            spill = "/".join(str(k["spill_stores"] + k["spill_loads"]) if k else "-"
                             for k in (orig, low))
            print(f"{program:<9} {label:<44} "
                  f"{orig['registers'] if orig else '-':>9} "
                  f"{low['registers'] if low else '-':>8} {spill:>9}")
    print(f"all kernels, lambda or not: {same} with equal register counts, "
          f"{other} different or unmatched")


SASS_FUNCTION = re.compile(r"^\s*Function : (\S+)")
SASS_INSTRUCTION = re.compile(r"/\*[0-9a-f]{4,}\*/\s+([^;]*;)")


def sass_by_function(exe):
    """{mangled kernel name: [instructions]} from `cuobjdump -sass exe`, or
    None where cuobjdump is missing (it is not on every machine)."""
    tool = shutil.which("cuobjdump") or str(CUDA_PATH / "bin" / "cuobjdump")
    if not os.path.exists(tool):
        return None
    out = subprocess.run([tool, "-sass", str(exe)], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True).stdout
    functions, current = {}, None
    for line in out.splitlines():
        header = SASS_FUNCTION.match(line)
        if header:
            current = functions.setdefault(header[1], [])
            continue
        instruction = SASS_INSTRUCTION.search(line)
        if instruction and current is not None:
            current.append(" ".join(instruction[1].split()))
    return functions


def compare_sass(programs, folder):
    """Compares the machine code (SASS) of each matched kernel pair: the
    strongest form of "the lowered kernel is the same kernel". Prints one
    line per program; returns {program: {"identical": n, "different": [names]}}
    or None without cuobjdump."""
    results = {}
    for program, built in programs.items():
        if "error" in built:
            continue
        orig = sass_by_function(folder / built["original"])
        low = sass_by_function(folder / built["lowered"])
        if orig is None or low is None:
            print("cuobjdump not found: machine code not compared")
            return None
        same, different = 0, []
        for row in built["registers"]:
            if not row["original"] or not row["lowered"]:
                continue
            a = orig.get(row["original"]["mangled"])
            b = low.get(row["lowered"]["mangled"])
            if a is not None and a == b:
                same += 1
            else:
                different.append(f"{row['name'].split('::')[-1]} #{row['ordinal'] + 1}")
        results[program] = {"identical": same, "different": different}
        print(f"{program:<9} SASS identical for {same} of {same + len(different)} matched "
              f"kernels{': differs for ' + ', '.join(different) if different else ''}")
    return results


def gpu_present():
    try:
        return subprocess.run(["nvidia-smi", "-L"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, timeout=60).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def run_kernel_program(exe, reps):
    env = dict(os.environ, BENCH_REPS=str(reps))
    out = subprocess.run([str(exe)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env, timeout=600)
    if out.returncode != 0:
        raise RuntimeError(f"{exe} exited with {out.returncode}: {out.stderr}")
    return {m[1]: (float(m[2]), m[5]) for m in KERNEL_LINE.finditer(out.stdout)}


def measure_kernels(programs, folder, rounds, reps):
    """Runs each program's two builds alternately, `rounds` times; each run
    times its kernels `reps` times and prints medians. Prints, per kernel, the
    median over rounds of each build and the ratio lowered / original, with
    the spread of the ratio over rounds as a noise estimate."""
    print(f"{'program':<9} {'kernel':<24} {'orig ms':>9} {'low ms':>9} {'ratio':>6} "
          f"{'ratio range':>13}")
    results = {}
    for program, built in programs.items():
        if "error" in built:
            continue
        runs = {"original": [], "lowered": []}
        for _ in range(rounds):
            for form in runs:
                runs[form].append(run_kernel_program(folder / built[form], reps))
        for label in runs["original"][0]:
            orig = [r[label][0] for r in runs["original"]]
            low = [r[label][0] for r in runs["lowered"]]
            sums = {r[label][1] for form in runs for r in runs[form]}
            ratios = [b / a for a, b in zip(orig, low)]
            row = {"original_ms": statistics.median(orig), "lowered_ms": statistics.median(low),
                   "original_runs_ms": orig, "lowered_runs_ms": low,
                   "checksums_agree": len(sums) == 1}
            row["ratio"] = row["lowered_ms"] / row["original_ms"]
            results[f"{program}/{label}"] = row
            note = "" if row["checksums_agree"] else f"  CHECKSUMS DIFFER: {sorted(sums)}"
            print(f"{program:<9} {label:<24} {row['original_ms']:>9.3f} "
                  f"{row['lowered_ms']:>9.3f} {row['ratio']:>6.3f} "
                  f"{min(ratios):>6.3f}-{max(ratios):<6.3f}{note}", flush=True)
    return results


def kernels_part(opts, work):
    print("part kernels: lowering and building bench/kernels/*.cu twice with -Xptxas -v "
          "(takes minutes)", flush=True)
    programs = build_kernels(opts.tool, work)
    print_registers(programs)
    results = {"registers": programs, "sass": compare_sass(programs, work)}
    if gpu_present():
        results["times"] = measure_kernels(programs, work, opts.rounds, opts.kernel_reps)
    else:
        print("no GPU (nvidia-smi -L failed): kernel times not measured; use "
              "--build-only OUTDIR here and --from OUTDIR on a GPU machine")
    return results



def build_pack(opts, out):
    """--build-only: builds the programs of the chosen parts into out, writes
    pack.json (what was built, the register tables) and copies this script."""
    if out.exists() and any(out.iterdir()) and not (out / "pack.json").exists():
        sys.exit(f"{out} is not empty and holds no earlier pack; use a new folder")
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    manifest = {"arch": ARCH, "built_on_cores": os.cpu_count()}
    if opts.part in ("host-lambda", "all"):
        print("building part host-lambda", flush=True)
        (out / "host-lambda").mkdir()
        built, notes = build_host_variants(opts.tool, out / "host-lambda")
        manifest["host_lambda"] = {
            "built": {name: str(exe.relative_to(out)) for name, exe in built.items()},
            "notes": notes}
    if opts.part in ("kernels", "all"):
        print("building part kernels", flush=True)
        (out / "kernels").mkdir()
        programs = build_kernels(opts.tool, out / "kernels")
        print_registers(programs)
        manifest["kernels"] = programs
    shutil.copy(pathlib.Path(__file__), out / "run.py")
    (out / "pack.json").write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"pack written to {out}; on a GPU machine run: python3 {out}/run.py --from {out}")


def run_pack(opts, folder):
    """--from: runs what --build-only built; returns the results."""
    manifest = json.loads((folder / "pack.json").read_text())
    results = {"cores": os.cpu_count(), "reps": opts.reps}
    if "host_lambda" in manifest:
        print(f"part host-lambda (prebuilt; {opts.reps} alternating runs)", flush=True)
        pack = manifest["host_lambda"]
        built = {name: folder / exe for name, exe in pack["built"].items()}
        results["host_lambda"] = measure_host_variants(built, pack["notes"], opts.reps)
    if "kernels" in manifest:
        print("part kernels (prebuilt): register counts measured at build time", flush=True)
        programs = manifest["kernels"]
        print_registers(programs)
        results["kernels"] = {"registers": programs,
                              "sass": compare_sass(programs, folder / "kernels")}
        if gpu_present():
            print(f"kernel times: {opts.rounds} alternating rounds, {opts.kernel_reps} timed "
                  f"launches per run; ms = median over rounds of each run's median", flush=True)
            results["kernels"]["times"] = measure_kernels(programs, folder / "kernels",
                                                          opts.rounds, opts.kernel_reps)
        else:
            print("no GPU (nvidia-smi -L failed): kernel times not measured")
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[2:]))
    parser.add_argument("--part", choices=["tool", "host-lambda", "kernels", "all"],
                        default="all",
                        help="which benchmark to run (default all)")
    parser.add_argument("--reps", type=int, default=5, help="repetitions (default 5)")
    parser.add_argument("--sizes", default="50,200,400",
                        help="lambda counts of the generated files (default 50,200,400)")
    parser.add_argument("--large", type=int, default=4000,
                        help="tool: lambdas in the large generated file, run with --no-verify "
                             "against the linear-growth budget (default 4000; 0 skips it)")
    parser.add_argument("--large-reps", type=int, default=3,
                        help="tool: repetitions for the large file (default 3)")
    parser.add_argument("--tool", type=pathlib.Path, default=ROOT / "build" / "bin" / "cuda-lower",
                        help="the cuda-lower binary (default build/bin/cuda-lower)")
    parser.add_argument("--instructions", action="store_true",
                        help="tool: count instructions under callgrind instead of timing")
    parser.add_argument("--tool-args", default="",
                        help="tool: options passed to cuda-lower, space-separated "
                             "(e.g. --no-verify)")
    parser.add_argument("--inputs", default="",
                        help="tool: only these inputs, by file name, comma-separated "
                             "(generated ones are lambdas_N.cu)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="kernels: alternating runs of each build (default 3)")
    parser.add_argument("--kernel-reps", type=int, default=30,
                        help="kernels: timed launches per run (default 30)")
    parser.add_argument("--build-only", type=pathlib.Path, metavar="OUTDIR",
                        help="build the host-lambda and kernels programs into OUTDIR and stop")
    parser.add_argument("--from", dest="from_dir", type=pathlib.Path, metavar="OUTDIR",
                        help="run the programs that --build-only put in OUTDIR")
    parser.add_argument("--json", type=pathlib.Path, help="also write the results here")
    parser.add_argument("--keep", action="store_true", help="keep the generated files")
    opts = parser.parse_args()
    opts.sizes = [int(s) for s in opts.sizes.split(",") if s]
    opts.tool_args = opts.tool_args.split()
    opts.inputs = {name for name in opts.inputs.split(",") if name}
    if opts.from_dir:
        results = run_pack(opts, opts.from_dir.resolve())
        if opts.json:
            opts.json.write_text(json.dumps(results, indent=2) + "\n")
        return 0
    if not opts.tool.exists():
        parser.error(f"{opts.tool} not found: build first (scripts/bootstrap.sh test)")
    if opts.build_only:
        if opts.part == "tool":
            parser.error("--build-only builds the host-lambda and kernels parts only")
        build_pack(opts, opts.build_only.resolve())
        return 0
    if opts.part in ("tool", "all") and shutil.which(CLANG) is None:
        parser.error(f"{CLANG} not on PATH: run scripts/install-deps.sh")
    # Generated inputs live under the repository, so the tool treats them as
    # user code as it treats the checked-in ones.
    (ROOT / "build").mkdir(exist_ok=True)
    work = pathlib.Path(tempfile.mkdtemp(prefix="bench-", dir=ROOT / "build"))
    results = {"cores": os.cpu_count(), "reps": opts.reps}
    keep = opts.keep
    try:
        if opts.part in ("tool", "all") and opts.instructions:
            results["tool_instructions"] = instructions_part(opts, work)
        elif opts.part in ("tool", "all"):
            results["tool"] = tool_part(opts, work)
        if opts.part in ("host-lambda", "all"):
            results["host_lambda"] = host_lambda_part(opts, work)
            # Keep the build logs that the table points to.
            keep = keep or any("missing" in r for r in results["host_lambda"].values())
        if opts.part in ("kernels", "all"):
            results["kernels"] = kernels_part(opts, work)
            keep = keep or any("error" in p for p in results["kernels"]["registers"].values())
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
