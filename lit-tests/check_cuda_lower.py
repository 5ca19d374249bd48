#!/usr/bin/env python3
"""Runs cuda-lower on a lit test file and checks what it did, in the manner of
clang-tidy's check_clang_tidy.py: `%check_cuda_lower` in lit.cfg.py.

  %check_cuda_lower [options] %s RULES %t [-- TOOL-ARGS...]

1. The test file, with every `// CHECK-MESSAGES...:` and `// CHECK-FIXES...:`
   comment emptied to `//` (line numbers kept, so `[[@LINE]]` still holds),
   is copied into the directory %t under its own name: checks never match
   themselves, and messages name the file as the checks do.
2. `cuda-lower --no-color --rules=RULES COPY TOOL-ARGS` runs on the copy; the
   rewritten text goes to %t/NAME.out.EXT, stderr to %t/NAME.err. It must
   exit with --expect-exit (default 0).
3. Messages: the CHECK-MESSAGES lines are checked against stderr, and no
   other `warning:` or `error:` may appear. Without any CHECK-MESSAGES line,
   stderr must hold no warning and no error.
4. Fixes: the CHECK-FIXES lines are checked against the rewritten file.
   Without any, the rewritten file must equal the copy.
5. Unless --no-compile, plain nvcc (no --extended-lambda, no
   --expt-relaxed-constexpr, every warning an error; %nvcc) compiles the
   rewritten file; --nvcc-arg adds an argument (e.g. --extended-lambda for a
   test of a rule that leaves extended lambdas to another one).
6. If the tool changed the file, a second run with the same arguments over
   the rewritten file must change nothing (and exit below 2).

--check-suffix=S uses CHECK-MESSAGES-S and CHECK-FIXES-S instead, for a
second configuration of one test file (a rule option, say).
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys

CHECK_COMMENT = re.compile(r"// *CHECK-(MESSAGES|FIXES)[A-Za-z0-9-]*:.*")


def fail(message, output=""):
    sys.stderr.write("check_cuda_lower: " + message + "\n")
    if output:
        sys.stderr.write(output if output.endswith("\n") else output + "\n")
    sys.exit(1)


def run(args, **kwargs):
    sys.stderr.write("+ " + " ".join(shlex.quote(a) for a in args) + "\n")
    return subprocess.run(args, **kwargs)


def filecheck(source, input_file, prefix, extra):
    args = ["FileCheck", source, "--input-file=" + input_file,
            "--check-prefix=" + prefix] + extra
    if run(args).returncode != 0:
        fail(f"{prefix} lines do not match {input_file}")


def has_directive(text, prefix):
    return re.search(r"\b" + re.escape(prefix) + r"(-NEXT|-SAME|-NOT|-DAG|"
                     r"-EMPTY|-LABEL)?:", text) is not None


def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nvcc", required=True,
                        help="the %%nvcc command line (set by lit.cfg.py)")
    parser.add_argument("--no-compile", action="store_true",
                        help="do not compile the output (diagnostic-only tests)")
    parser.add_argument("--nvcc-arg", action="append", default=[],
                        help="one more argument for nvcc")
    parser.add_argument("--expect-exit", type=int, default=0)
    parser.add_argument("--check-suffix", default="")
    parser.add_argument("--match-full-lines", action="store_true",
                        help="CHECK-FIXES lines match whole lines")
    parser.add_argument("--strict-whitespace", action="store_true",
                        help="CHECK-FIXES lines match whitespace exactly")
    parser.add_argument("--messages-arg", action="append", default=[],
                        help="one more FileCheck argument for the messages")
    parser.add_argument("source")
    parser.add_argument("rules")
    parser.add_argument("temp")
    # Everything after the first `--` goes to cuda-lower as it is (a second
    # `--` included: Clang's arguments follow it).
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:split])
    args.tool_args = argv[split + 1:]
    return args


def config_flags():
    """The build configuration's nvcc flags of the configuration matrix
    (scripts/config-matrix.sh): CUDALOWER_TEST_CONFIG_FLAGS, such as
    `-O3 -DNDEBUG` or `-G -rdc=true`. %nvcc has them too (lit.cfg.py)."""
    return shlex.split(os.environ.get("CUDALOWER_TEST_CONFIG_FLAGS", ""))


def with_config_database(tool_args, temp, sources):
    """The tool's arguments reading \p sources' compile commands from a
    compile_commands.json in \p temp that compiles them with nvcc and the
    configuration's flags, as a project's build would (nvcc flags such as
    -G or -rdc=true are not Clang's, so they cannot go after `--`). A test
    that reads its own database (-p) keeps it."""
    flags = config_flags()
    if not flags or "-p" in tool_args:
        return tool_args
    std = [] if any(f.startswith("-std=") for f in flags) else ["-std=c++17"]
    arch = [] if any(f.startswith(("-arch", "-gencode")) for f in flags) else [
        "-arch=" + os.environ.get("CUDALOWER_TEST_ARCH", "sm_90")]
    entries = [{"directory": temp, "file": src,
                "arguments": ["nvcc"] + std + arch + flags +
                             ["-c", src, "-o", src + ".o"]}
               for src in sources]
    with open(os.path.join(temp, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)
    return ["-p", temp] + tool_args


def main():
    args = parse_args()
    suffix = "-" + args.check_suffix if args.check_suffix else ""
    messages_prefix = "CHECK-MESSAGES" + suffix
    fixes_prefix = "CHECK-FIXES" + suffix
    # The copy keeps the test's file name, which messages show: %t is a
    # directory.
    os.makedirs(args.temp, exist_ok=True)
    name = os.path.basename(args.source)
    stem, ext = os.path.splitext(name)
    copy = os.path.join(args.temp, name)
    out = os.path.join(args.temp, stem + ".out" + ext)
    err = os.path.join(args.temp, stem + ".err")

    with open(args.source, encoding="utf-8", newline="") as f:
        text = f.read()
    stripped = CHECK_COMMENT.sub("//", text)
    with open(copy, "w", encoding="utf-8", newline="") as f:
        f.write(stripped)

    tool = ["cuda-lower", "--no-color", "--rules=" + args.rules]
    args.tool_args = with_config_database(args.tool_args, args.temp,
                                          [copy, out])
    with open(out, "wb") as o, open(err, "wb") as e:
        rc = run(tool + [copy] + args.tool_args, stdout=o, stderr=e).returncode
    with open(err, encoding="utf-8", errors="replace") as e:
        err_text = e.read()
    if rc != args.expect_exit:
        fail(f"cuda-lower exited {rc}, expected {args.expect_exit}; stderr:", err_text)

    # --allow-empty: a file whose only message checks are -NOT ones.
    no_other = ["--allow-empty", "--implicit-check-not=warning:",
                "--implicit-check-not=error:"]
    if has_directive(text, messages_prefix):
        filecheck(args.source, err, messages_prefix, no_other + args.messages_arg)
    elif re.search(r"\b(warning|error):", err_text):
        fail(f"no {messages_prefix} line, but cuda-lower reported:", err_text)

    with open(out, encoding="utf-8", newline="") as f:
        rewritten = f.read()
    if has_directive(text, fixes_prefix):
        extra = (["--match-full-lines"] if args.match_full_lines else []) + \
                (["--strict-whitespace"] if args.strict_whitespace else [])
        filecheck(args.source, out, fixes_prefix, extra)
    elif rewritten != stripped:
        diff = run(["diff", "-u", copy, out], capture_output=True, text=True)
        fail(f"no {fixes_prefix} line, but cuda-lower changed the file:",
             diff.stdout)

    if not args.no_compile:
        nvcc = shlex.split(args.nvcc) + args.nvcc_arg
        obj = os.path.join(args.temp, stem + ".o")
        if run(nvcc + ["-c", out, "-o", obj]).returncode != 0:
            fail("nvcc does not compile the rewritten file " + out)

    if rewritten != stripped:
        again = run(tool + ["-q", out] + args.tool_args, capture_output=True)
        if again.returncode >= 2:
            fail(f"a second run over {out} failed with exit {again.returncode}:",
                 again.stderr.decode(errors="replace"))
        if again.stdout.decode("utf-8", errors="replace") != rewritten:
            fail(f"not idempotent: a second run over {out} changed it")


if __name__ == "__main__":
    main()
