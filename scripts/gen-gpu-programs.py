#!/usr/bin/env python3
"""Generates random, valid, self-checking CUDA programs that use extended lambdas.

    scripts/gen-gpu-programs.py OUTDIR COUNT [SEED]

Writes OUTDIR/gen-<SEED>-<k>.cu for k in [0, COUNT). The same SEED gives the
same files, byte for byte (Python's `random.Random(seed)` is stable across
versions for the calls used here: randrange, choice, shuffle, random).

Each program is a handful of cases. A case picks, at random:
  - where the lambda is written: a free function, a function template, a
    member function capturing `this` (implicitly through [=], or [this]) or
    `*this`, a member of a class template, or inside a plain host lambda;
  - how it runs: a plain `template <class F> __global__` kernel, or
    thrust::transform / for_each / reduce / count_if;
  - the lambda: __device__ or __host__ __device__, [=] or an explicit list
    with init-captures, an `int`, `const int` or `auto` parameter;
  - what it captures: ints of several widths, float, double, char, bool,
    scoped and unscoped enums, structs, arrays, pointers to managed memory,
    const and constexpr locals, init-captures;
  - what the body calls: std::min, std::max, std::abs,
    std::numeric_limits<T>::max(), constexpr helpers.
The device result is compared with the same expressions evaluated by plain
host code (a __host__ __device__ lambda is also called on the host). The
arithmetic is exact on both sides (unsigned wrap-around, floats that are
multiples of 1/4 times small integers), so results are bit-identical.

Every program prints one line per case with a checksum, then `total ...`,
and exits 1 on a mismatch, 2 on a CUDA error: the original (built with
--extended-lambda --expt-relaxed-constexpr) and its lowered form (built with
plain nvcc) must print the same and exit 0.
"""
import os
import random
import sys

# A captured value: how to declare it on the host, and terms that use it.
# In terms, {v} is the name the lambda sees; the host check sees the same
# name (captures are copies of host variables or members visible there).
# Each term evaluates to an int-like value small enough not to overflow.
KINDS = {
    "int": ("int", lambda r: str(r.randrange(1, 90)),
            ["{v} * i", "({v} + i) % 13", "i - {v}"]),
    "short": ("short", lambda r: str(r.randrange(1, 300)), ["{v} + i * 2"]),
    "unsigned": ("unsigned", lambda r: f"{r.randrange(1, 5000)}u",
                 ["{v} * (unsigned)i", "{v} ^ (unsigned)i"]),
    "llong": ("long long", lambda r: f"{r.randrange(1, 1 << 40)}LL",
              ["({v} >> 7) + i", "{v} % (i + 1)"]),
    "uchar": ("unsigned char", lambda r: str(r.randrange(0, 256)),
              ["{v} + i"]),
    "char": ("char", lambda r: repr(r.choice("abcxyzQ")), ["{v} + i"]),
    "bool": ("bool", lambda r: r.choice(["true", "false"]),
             ["({v} ? i : 2 * i)", "(int){v} + i"]),
    "float": ("float", lambda r: f"{r.randrange(1, 40) / 4}f",
              ["(int)({v} * (float)(i % 16))", "(int)({v} + 0.5f) * i"]),
    "double": ("double", lambda r: f"{r.randrange(1, 400) / 8}",
               ["(long long)({v} * (double)(i % 32))", "(int)({v}) - i"]),
    "enum": ("Color", lambda r: "Color::" + r.choice(["Red", "Green", "Blue"]),
             ["(int){v} * i", "({v} == Color::Green ? 7 : i)"]),
    "oldenum": ("Shape", lambda r: r.choice(["kCircle", "kSquare"]),
                ["{v} + i", "({v} == kSquare) * i"]),
    "struct": ("Pair", lambda r: f"Pair{{{r.randrange(1, 50)}, "
                                 f"{r.randrange(1, 20) / 4}f}}",
               ["{v}.a * i + (int){v}.b", "{v}.sum() + i"]),
    "array": ("int", lambda r: "{" + ", ".join(str(r.randrange(0, 100))
                                              for _ in range(4)) + "}",
              ["{v}[i & 3]", "{v}[(i + 1) % 4] * i"]),
    "nested": ("Box", lambda r: f"Box{{{{{r.randrange(0, 9)}, "
                                f"{r.randrange(0, 9)}, {r.randrange(0, 9)}}}, "
                                f"{r.randrange(1, 5)}}}",
               ["{v}.v[i % 3] * {v}.k"]),
    "ptr": ("const int *", None, ["{v}[i]", "{v}[(i * 7) % N]"]),
}
SCALAR_INT = ["int", "short", "unsigned", "uchar", "char"]

# Calls the tool rewrites to cuda::std, and constexpr helpers; {c} is an int
# capture (or a literal when the case has none).
STD_TERMS = [
    "std::min(i, {c})", "std::max({c}, i % 7)", "std::abs({c} - i)",
    "std::numeric_limits<int>::max() - i",
    "std::numeric_limits<unsigned char>::max() + i",
    "std::min<long long>(i, 40)", "std::max(1.5f, (float)(i % 4)) * 2.0f",
]
HELPER_TERMS = ["mix(i, {c})", "square(i % 100)", "square<long long>({c})",
                "Scale<3>::apply(i)"]

PRELUDE = r"""#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <limits>
#include <vector>
{thrust}
#define CUDA_OK(call)                                                          \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("cuda error: %s at line %d\n", cudaGetErrorString(err_),    \
                  __LINE__);                                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

enum class Color { Red = 3, Green = 5, Blue = 11 };
enum Shape { kCircle = 1, kSquare = 4 };
struct Pair {
  int a;
  float b;
  __host__ __device__ int sum() const { return a + (int)b; }
};
struct Box {
  int v[3];
  int k;
};

constexpr int mix(int a, int b) { return a * 3 + b; }
template <class T> constexpr T square(T x) { return x * x; }
template <int K> struct Scale {
  static constexpr int apply(int x) { return x * K; }
};

template <class F> __global__ void apply(F f, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = f(i);
}

template <class F> void launch(F f, unsigned *out, int n) {
  apply<<<(n + 127) / 128, 128>>>(f, out, n);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaDeviceSynchronize());
}

template <class T> T *managed(int n) {
  void *p = nullptr;
  CUDA_OK(cudaMallocManaged(&p, sizeof(T) * n));
  return static_cast<T *>(p);
}

static int failures = 0;
static unsigned long long total = 0;

// Compares n results with the host's, prints the case's checksum.
static void check(const char *name, const unsigned *got, const unsigned *want,
                  int n) {
  unsigned long long h = 1469598103934665603ull;
  for (int i = 0; i < n; ++i) {
    if (got[i] != want[i]) {
      std::printf("%s: MISMATCH at %d: %u != %u\n", name, i, got[i], want[i]);
      ++failures;
      return;
    }
    h = (h ^ got[i]) * 1099511628211ull;
  }
  total ^= h + (unsigned long long)n;
  std::printf("%s: ok %016llx\n", name, h);
}
"""

THRUST_INCLUDES = """#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
"""


class Case:
    """One generated case: a function (or class) and the call in main."""

    def __init__(self, rng, index):
        self.r = rng
        self.k = index
        self.name = f"case{index}"
        self.n = rng.choice([1, 37, 128, 256, 300, 1000])
        self.context = rng.choice(["free", "free", "template", "member-this",
                                   "member-implicit", "member-copy",
                                   "class-template", "host-lambda"])
        self.runner = rng.choice(["kernel", "kernel", "transform", "for_each",
                                  "reduce", "count_if"])
        # A __host__ __device__ lambda may not have init-captures, and
        # for_each's lambda writes through a pointer instead of returning.
        self.hd = rng.random() < 0.35 and self.runner != "for_each"
        # nvcc: "__host__ __device__ extended lambdas cannot be generic".
        self.generic = not self.hd and rng.random() < 0.3
        self.explicit = rng.random() < 0.4 and self.context != "member-implicit"
        self.uses_thrust = self.runner != "kernel"
        self.vars = []  # (kind, name, decl type, init)
        self.init_captures = []  # (name, expression over other captures)
        self.terms = []

    # The captured values, their declarations and the body's terms.
    def plan(self):
        r = self.r
        members = self.context.startswith("member") or self.context == "class-template"
        for j in range(r.randrange(1, 5)):
            kind = r.choice(list(KINDS))
            name = f"m{j}" if members else f"c{j}"
            if kind == "ptr":
                init = None
            else:
                init = KINDS[kind][1](r)
            self.vars.append((kind, name, init))
        for kind, name, _ in self.vars:
            term = r.choice(KINDS[kind][2]).replace("{v}", name)
            # The size as a literal: N itself is not captured everywhere.
            self.terms.append(term.replace("% N", f"% {self.n}"))
        ints = [n for k, n, _ in self.vars if k == "int"]
        c = r.choice(ints) if ints else str(r.randrange(2, 30))
        for _ in range(r.randrange(0, 3)):
            self.terms.append(r.choice(STD_TERMS).replace("{c}", c))
        for _ in range(r.randrange(0, 2)):
            self.terms.append(r.choice(HELPER_TERMS).replace("{c}", c))
        # const/constexpr locals (not odr-used when read as constants) and
        # init-captures, only where lambdas may have them.
        if not members and r.random() < 0.4:
            qual = r.choice(["const int", "constexpr int", "const float"])
            val = str(r.randrange(1, 20)) + (".0f" if "float" in qual else "")
            self.vars.append(("const", "k0", (qual, val)))
            self.terms.append("(int)(k0 * (i % 5))")
        if self.explicit and not self.hd and r.random() < 0.6:
            src = r.choice([n for k, n, _ in self.vars if k in SCALAR_INT] or ["7"])
            self.init_captures.append(("ic0", f"{src} + {r.randrange(1, 9)}"))
            self.terms.append("ic0 * 2 + i")
        if self.context in ("template", "class-template"):
            self.terms.append("(int)(tv * i)")
        r.shuffle(self.terms)

    def decls(self, indent):
        """Host declarations of the locals a free-function case captures."""
        out = []
        for kind, name, init in self.vars:
            if kind == "ptr":
                out.append(f"{indent}int *{name}_data = managed<int>(N);")
                out.append(f"{indent}for (int j = 0; j < N; ++j)")
                out.append(f"{indent}  {name}_data[j] = (j * 37 + {self.k}) % 101;")
                out.append(f"{indent}const int *{name} = {name}_data;")
            elif kind == "array":
                out.append(f"{indent}int {name}[4] = {init};")
            elif kind == "const":
                out.append(f"{indent}{init[0]} {name} = {init[1]};")
            else:
                out.append(f"{indent}{KINDS[kind][0]} {name} = {init};")
        return out

    def members(self):
        out = []
        for kind, name, init in self.vars:
            if kind == "ptr":
                out.append(f"  const int *{name};")
            elif kind == "array":
                out.append(f"  int {name}[4] = {init};")
            else:
                out.append(f"  {KINDS[kind][0]} {name} = {init};")
        return out

    def member_setup(self, obj):
        out = []
        for kind, name, _ in self.vars:
            if kind == "ptr":
                out += [f"  int *{name}_data = managed<int>({self.name}N);",
                        f"  for (int j = 0; j < {self.name}N; ++j)",
                        f"    {name}_data[j] = (j * 37 + {self.k}) % 101;",
                        f"  {obj}{name} = {name}_data;"]
        return out

    def capture_list(self):
        if self.context == "member-implicit":
            return "[=]"
        if not self.explicit:
            return "[=]"
        items = []
        if self.context in ("member-this", "class-template"):
            items.append("this")
        elif self.context == "member-copy":
            items.append("*this")
        else:
            for kind, name, init in self.vars:
                items.append(name)
            if self.context == "template":
                items.append("tv")
        items += [f"{n} = {e}" for n, e in self.init_captures]
        if self.runner == "for_each":
            items.append("out")
        if not items:
            return "[]"
        # A plain [=] default may come first, with the init-captures after.
        # (not with *this: [=] would capture the pointer to a host object).
        if self.init_captures and self.context != "member-copy" and \
                self.r.random() < 0.5:
            return "[=, " + ", ".join(f"{n} = {e}" for n, e in self.init_captures) + "]"
        return "[" + ", ".join(items) + "]"

    def lambda_text(self, indent):
        space = "__host__ __device__" if self.hd else "__device__"
        if self.context == "member-copy" and not self.explicit:
            caps = "[=, *this]"
        else:
            caps = self.capture_list()
        param = "auto i" if self.generic else self.r.choice(["int i", "const int i"])
        body = [f"unsigned r = {self.k + 1}u;"]
        for t in self.terms:
            body.append(f"r = r * 31u + (unsigned)({t});")
        if self.runner == "for_each":
            body.append("out[i] = r;")
            ret = ""
        else:
            body.append("return r;")
            # Thrust asks the host for the result type of a __device__
            # lambda, which only a spelled return type answers.
            ret = " -> unsigned" if self.uses_thrust and not self.hd else \
                self.r.choice(["", " -> unsigned"])
        lines = [f"{caps} {space} ({param}){ret} {{"]
        lines += [f"{indent}  {b}" for b in body]
        lines.append(f"{indent}}}")
        return "\n".join(lines)

    def expected(self, indent):
        """The host loop computing the expected results, lambda-free."""
        lines = [f"{indent}for (int i = 0; i < N; ++i) {{"]
        for n, e in self.init_captures:
            lines.append(f"{indent}  const auto {n} = {e};")
        lines.append(f"{indent}  unsigned r = {self.k + 1}u;")
        for t in self.terms:
            lines.append(f"{indent}  r = r * 31u + (unsigned)({t});")
        lines.append(f"{indent}  want[i] = r;")
        lines.append(f"{indent}}}")
        return lines

    def run(self, indent, lam):
        """Runs the lambda on the device and checks it; N, got, want exist."""
        i = indent
        out = []
        cnt = "thrust::counting_iterator<int>"
        if self.runner == "kernel":
            if self.r.random() < 0.5 or self.hd:
                out.append(f"{i}auto f = {lam};")
                out.append(f"{i}launch(f, got, N);")
                if self.hd:
                    out.append(f"{i}for (int i = 0; i < N; ++i)")
                    out.append(f"{i}  if (f(i) != want[i])")
                    out.append(f"{i}    got[i] = ~want[i];  // the host call differs")
            else:
                out.append(f"{i}launch({lam}, got, N);")
            out.append(f'{i}check("{self.name}", got, want.data(), N);')
        elif self.runner == "for_each":
            out.append(f"{i}unsigned *out = got;")
            out.append(f"{i}thrust::for_each(thrust::device, {cnt}(0), {cnt}(N), {lam});")
            out.append(f"{i}CUDA_OK(cudaDeviceSynchronize());")
            out.append(f'{i}check("{self.name}", got, want.data(), N);')
        else:
            out.append(f"{i}thrust::device_vector<unsigned> d(N);")
            out.append(f"{i}thrust::transform(thrust::device, {cnt}(0), {cnt}(N), d.begin(), {lam});")
            if self.runner == "transform":
                out.append(f"{i}thrust::host_vector<unsigned> h = d;")
                out.append(f'{i}check("{self.name}", h.data(), want.data(), N);')
            elif self.runner == "reduce":
                bits = self.r.randrange(8, 32)
                out.append(f"{i}unsigned mask = (1u << {bits}) - 1u;")
                out.append(f"{i}unsigned sum = thrust::reduce(thrust::device, d.begin(), d.end(), 0u,")
                out.append(f"{i}    [=] __device__ (unsigned a, unsigned b) -> unsigned {{ return (a + b) & mask; }});")
                out.append(f"{i}unsigned host_sum = 0;")
                out.append(f"{i}for (int i = 0; i < N; ++i)")
                out.append(f"{i}  host_sum = (host_sum + want[i]) & mask;")
                out.append(f'{i}check("{self.name}", &sum, &host_sum, 1);')
            else:
                m = self.r.randrange(2, 7)
                out.append(f"{i}unsigned m = {m}u, rem = {self.r.randrange(0, m)}u;")
                pspace = self.r.choice(["__device__", "__host__ __device__"])
                out.append(f"{i}unsigned hits = (unsigned)thrust::count_if(thrust::device, d.begin(), d.end(),")
                out.append(f"{i}    [m, rem] {pspace} (unsigned v) -> bool {{ return v % m == rem; }});")
                out.append(f"{i}unsigned host_hits = 0;")
                out.append(f"{i}for (int i = 0; i < N; ++i)")
                out.append(f"{i}  host_hits += want[i] % m == rem;")
                out.append(f'{i}check("{self.name}", &hits, &host_hits, 1);')
        return out

    def body(self, indent):
        """Allocations, expected values, the run: the inside of a function."""
        i = indent
        out = [f"{i}unsigned *got = managed<unsigned>(N);",
               f"{i}std::vector<unsigned> want(N);"]
        out += self.expected(i)
        out += self.run(i, self.lambda_text(i))
        out.append(f"{i}CUDA_OK(cudaFree(got));")
        return out

    def emit(self):
        """The case's definitions, and the statement main runs."""
        n = self.name
        ctx = self.context
        lines = [f"// {n}: {ctx}, {self.runner}, "
                 f"{'__host__ __device__' if self.hd else '__device__'}"
                 f"{', generic' if self.generic else ''}"
                 f"{', explicit captures' if self.explicit else ''}"]
        if ctx in ("free", "template", "host-lambda"):
            head = f"void {n}()" if ctx != "template" else \
                f"template <class T> void {n}(T tv)"
            lines.append(head + " {")
            lines.append(f"  const int N = {self.n};")
            lines += self.decls("  ")
            if ctx == "host-lambda":
                lines.append("  auto host = [&]() {")
                lines += self.body("    ")
                lines.append("  };")
                lines.append("  host();")
            else:
                lines += self.body("  ")
            lines.append("}")
            call = f"{n}({self.r.randrange(1, 9)});" if ctx == "template" else f"{n}();"
            return "\n".join(lines), call
        # A class whose members the lambda reads through this or a copy.
        tmpl = ctx == "class-template"
        if tmpl:
            lines.append("template <class T>")
        lines.append(f"struct {n.capitalize()} {{")
        lines += self.members()
        if tmpl:
            lines.append("  T tv;")
        lines.append("  void run(int N) {")
        lines += self.body("    ")
        lines.append("  }")
        lines.append("};")
        lines.append(f"const int {n}N = {self.n};")
        cls = n.capitalize() + ("<int>" if tmpl else "")
        # [this] and [=] dereference the object on the device: managed memory.
        fn = [f"void {n}() {{"]
        if ctx == "member-copy":
            fn.append(f"  {cls} obj;")
            obj = "obj."
            fn += self.member_setup(obj)
            if tmpl:
                fn.append(f"  obj.tv = {self.r.randrange(1, 9)};")
            fn.append(f"  obj.run({n}N);")
        else:
            fn.append(f"  {cls} *obj = new (managed<{cls}>(1)) {cls}();")
            fn += self.member_setup("obj->")
            if tmpl:
                fn.append(f"  obj->tv = {self.r.randrange(1, 9)};")
            fn.append(f"  obj->run({n}N);")
            fn.append("  CUDA_OK(cudaFree(obj));")
        fn.append("}")
        return "\n".join(lines + fn), f"{n}();"


def generate(seed, index):
    r = random.Random(f"{seed}-{index}")
    cases = []
    for k in range(r.randrange(2, 6)):
        c = Case(r, k)
        c.plan()
        cases.append(c)
    thrust = any(c.uses_thrust for c in cases)
    parts = [f"// Generated by scripts/gen-gpu-programs.py, seed {seed}, "
             f"program {index}: do not edit.",
             "// Built with nvcc --extended-lambda --expt-relaxed-constexpr, and"
             " lowered by cuda-lower",
             "// then built with plain nvcc, it must print the same and exit 0.",
             PRELUDE.replace("{thrust}", THRUST_INCLUDES if thrust else "")
             + "#include <new>\n"]
    calls = []
    for c in cases:
        text, call = c.emit()
        parts.append(text + "\n")
        calls.append(call)
    parts.append("int main() {")
    parts += [f"  {c}" for c in calls]
    parts.append('  std::printf("total %016llx, %d failures\\n", total, failures);')
    parts.append("  return failures ? 1 : 0;")
    parts.append("}")
    return "\n".join(parts) + "\n"


def main(argv):
    if len(argv) not in (3, 4):
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    out, count = argv[1], int(argv[2])
    seed = int(argv[3]) if len(argv) == 4 else 1
    os.makedirs(out, exist_ok=True)
    for k in range(count):
        with open(os.path.join(out, f"gen-{seed}-{k}.cu"), "w") as f:
            f.write(generate(seed, k))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
