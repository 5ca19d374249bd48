# lit configuration for cuda-lower. Substitutions:
#   %cuda-lower     the tool (no colour)
#   %nvcc           plain nvcc: no --extended-lambda, no --expt-relaxed-constexpr,
#                   every warning an error
#   %nvcc-ext       nvcc with the flags the original sources were written for
#   %check_cuda_lower  `%check_cuda_lower [options] %s RULES %t [-- tool args]`:
#                   the whole check of one test file, in the manner of
#                   %check_clang_tidy (see check_cuda_lower.py and README.md)
#   %idempotent     `%idempotent FILE [tool args]`: a second run over FILE changes nothing
#   %gpu-diff       `%gpu-diff ORIGINAL REWRITTEN [ORIGINAL2 REWRITTEN2...]`: build both
#                   (further pairs: more units of the same program), run both, compare
#   %strip-checks   `%strip-checks %s > %t.cu`: the source without its CHECK-MESSAGES/CHECK-FIXES checks
#   %expect-exit    `%expect-exit CODE COMMAND...`: COMMAND must exit with CODE
import os
import shlex
import sys
import lit.formats

config.name = "cuda-lower"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in",
                   "check_cuda_lower.py", "README.md"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cudalower_bin_dir, "..", "lit-tests")

config.environment["PATH"] = os.pathsep.join(
    [config.cudalower_bin_dir, config.llvm_tools_dir,
     os.path.dirname(config.nvcc), config.environment.get("PATH", os.environ["PATH"])])
# The sanitizer options of a CUDALOWER_SANITIZE build reach the tool.
for var in ("HOME", "TMPDIR", "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

arch = os.environ.get("CUDALOWER_TEST_ARCH", "sm_90")
# One row of the build-configuration matrix (scripts/config-matrix.sh):
# nvcc flags that every plain-nvcc compile and every %check_cuda_lower run
# get, as a project's CMake configuration adds them to every compile. Its
# own standard or architectures replace the defaults.
config_flags = os.environ.get("CUDALOWER_TEST_CONFIG_FLAGS", "")
std = "" if "-std=" in config_flags else "-std=c++17 "
arch_flag = "" if ("-gencode" in config_flags or "-arch" in config_flags) else f"-arch={arch} "
nvcc_common = f"{config.nvcc} {std}{arch_flag}-Werror all-warnings"
if config_flags:
    nvcc_common += " " + config_flags
    config.environment["CUDALOWER_TEST_CONFIG_FLAGS"] = config_flags
scripts = os.path.join(config.test_source_root, "scripts")

config.substitutions.append(("%check_cuda_lower", "{} {} --nvcc={}".format(
    shlex.quote(sys.executable),
    shlex.quote(os.path.join(config.test_source_root, "check_cuda_lower.py")),
    shlex.quote(nvcc_common))))
config.substitutions.append(("%cuda-lower", "cuda-lower --no-color"))
config.substitutions.append(("%nvcc-ext", nvcc_common + " --extended-lambda --expt-relaxed-constexpr"))
config.substitutions.append(("%nvcc", nvcc_common))
config.substitutions.append(("%idempotent", f"bash {scripts}/idempotent.sh"))
config.substitutions.append(("%gpu-diff", f"bash {scripts}/gpu-diff.sh"))
config.substitutions.append(("%expect-exit", f"bash {scripts}/expect-exit.sh"))
config.substitutions.append(("%cuda-path", config.cuda_path))
# `%strip-checks %s > %t.cu`: the test source with every CHECK-MESSAGES and
# CHECK-FIXES comment emptied to `//` (line numbers kept), so that checks never
# match their own text in the output, as %check_cuda_lower does for its copy
# (and clang-tidy's check_clang_tidy.py for its own).
config.substitutions.append(("%strip-checks",
                             "sed -E 's#// *CHECK-(MESSAGES|FIXES)[A-Za-z0-9-]*:.*#//#'"))
config.environment["CUDALOWER_NVCC"] = nvcc_common
# Precompiled CUDA preludes (lib/Driver/PreludeCache.h): shared by every
# test of a run, never the user's own cache.
config.environment["CUDALOWER_CACHE_DIR"] = os.path.join(
    config.test_exec_root, "prelude-cache")

# Tests of ownership and device nodes need root, as CI runs them.
if os.geteuid() == 0:
    config.available_features.add("root")
if config.have_gpu:
    config.available_features.add("gpu")

# cuda-lower-nvcc's tests (lit-tests/nvcc-wrapper/): the real nvcc, the
# repository's examples, and the build tools they may use.
import shutil
config.substitutions.append(("%real-nvcc", config.nvcc))
config.substitutions.append(("%examples", os.path.join(config.source_root, "examples")))
for tool in ("ccache", "sccache", "cmake", "ninja"):
    if shutil.which(tool):
        config.available_features.add(tool)
# sccache's distributed mode on the loopback: its build server sandboxes
# with bubblewrap and must run as root (scripts/sccache-dist-loopback.sh).
if (shutil.which("sccache") and shutil.which("sccache-dist")
        and shutil.which("bwrap") and os.geteuid() == 0):
    config.available_features.add("sccache-dist")
config.substitutions.append(("%dist-loopback", os.path.join(
    config.source_root, "scripts", "sccache-dist-loopback.sh")))
