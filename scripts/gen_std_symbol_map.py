#!/usr/bin/env python3
"""Generates lib/Analysis/StdSymbolMap.inc: which libcu++ header declares each
cuda::std:: symbol, read from the CCCL headers of an installed CUDA toolkit.

Usage: scripts/gen_std_symbol_map.py [--cuda-path DIR] [--clang CLANG]
                                     [--nvcc NVCC] [--std c++17] [-o FILE]

How it works:
  1. Every public header (cuda/std/<name>, no extension) is included into one
     translation unit that Clang parses for the device, as nvcc would see it.
  2. Clang's AST dump gives every declaration directly inside namespace
     cuda::std (inline namespaces such as __4 are looked through) and the file
     it is written in. Names starting with '_' are internal and dropped;
     class templates and typedefs count only if the class is defined (CCCL
     forward-declares some std names, such as basic_stringbuf, it does not
     provide).
  3. Each symbol is given the public header that provides it: the header named
     after the directory of the file that defines it (__utility/swap.h ->
     <cuda/std/utility>) when that header includes the file, else the public
     header with the smallest include closure that does. A symbol that no
     public header provides (CUDA 13.0: clamp, in __algorithm/clamp.h) keeps
     its internal header and is marked internal.
  4. Each header's symbols are checked by compiling, with nvcc, a probe that
     includes the header and names every symbol in a using-declaration;
     symbols that fail are dropped (and listed on stderr).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

LOC_RE = re.compile(r"(<scratch space>|<built-in>|/[^\s:<>,']+|line|col):\d+")
QUOTED_RE = re.compile(r"'[^']*'")
KEYWORDS = {
    "used", "referenced", "implicit", "constexpr", "consteval", "inline",
    "static", "extern", "struct", "class", "union", "enum", "typename",
    "definition", "invalid", "hidden", "cinit", "listinit", "callinit",
    "parenlistinit", "nrvo", "tls", "prev", "instantiated_from", "delete",
    "virtual", "pure", "default", "trivial", "constinit", "module",
    "private", "public", "protected", "friend",
}
DECL_KINDS = {
    "FunctionDecl", "FunctionTemplateDecl", "CXXRecordDecl",
    "ClassTemplateDecl", "ClassTemplateSpecializationDecl",
    "ClassTemplatePartialSpecializationDecl", "VarDecl", "VarTemplateDecl",
    "TypedefDecl", "TypeAliasDecl", "TypeAliasTemplateDecl", "EnumDecl",
    "EnumConstantDecl", "UsingDecl",
}
CLASS_KINDS = {"CXXRecordDecl", "ClassTemplateDecl",
               "ClassTemplateSpecializationDecl",
               "ClassTemplatePartialSpecializationDecl"}


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def clang_args(args):
    return [args.clang, "-x", "cuda", f"--cuda-path={args.cuda_path}",
            "--cuda-gpu-arch=sm_90", f"-std={args.std}", "--cuda-device-only",
            "-isystem", os.path.join(args.cuda_path, "include", "cccl"),
            "-Wno-unknown-cuda-version"]


def public_headers(std_dir):
    return sorted(n for n in os.listdir(std_dir)
                  if not n.startswith("_") and "." not in n
                  and os.path.isfile(os.path.join(std_dir, n)))


def node_of(line):
    """(depth, kind, rest) of one AST dump line, or None."""
    m = re.match(r"^([| `]*)[|`]-(\w+) (.*)$", line)
    if not m:
        return None
    return (len(m.group(1)) // 2 + 1, m.group(2), m.group(3))


def decl_name(kind, rest):
    """The declared name on an AST dump line, or None."""
    text = QUOTED_RE.sub(" ", rest)
    text = re.sub(r"0x[0-9a-f]+", " ", text)
    text = re.sub(r"<<invalid sloc>>|<invalid sloc>", " ", text)
    text = LOC_RE.sub(" ", text)
    text = re.sub(r"[<>,]|Spelling=", " ", text)
    if "deduction guide" in rest:
        return None
    words = [w for w in text.split() if w not in KEYWORDS]
    if any(w.startswith("operator") for w in words[:1]):
        return None
    if kind == "UsingDecl":
        return words[-1].split("::")[-1] if words else None
    for w in words:
        if re.fullmatch(r"[A-Za-z_]\w*", w):
            return w
    return None


def scan_dump(dump_lines):
    """Declarations directly inside cuda::std (and its public sub-namespaces).

    Returns {qualified name below cuda::std: [(kind, file, defined, target)]}
    where target is the cuda::std class a typedef names, if any."""
    decls = defaultdict(list)
    stack = []  # (depth, kind, name, inline)
    current_file = None
    for line in dump_lines:
        stripped = QUOTED_RE.sub(" ", line)
        for m in LOC_RE.finditer(stripped):
            if m.group(1) not in ("line", "col"):
                current_file = m.group(1)
        node = node_of(line)
        if not node:
            continue
        depth, kind, rest = node
        while stack and stack[-1][0] >= depth:
            stack.pop()
        parent = stack[-1] if stack else None
        name = decl_name(kind, rest) if kind in DECL_KINDS | {"NamespaceDecl"} else None
        # Inline and anonymous namespaces are transparent to users.
        transparent = kind == "NamespaceDecl" and (rest.endswith(" inline") or not name)
        stack.append((depth, kind, name, transparent))
        # Class templates: the templated class is the child that says whether
        # the primary template is defined.
        if (kind == "CXXRecordDecl" and parent and parent[1] == "ClassTemplateDecl"
                and "definition" in rest.split()):
            path = namespace_path(stack[:-2])
            if path is not None and parent[2]:
                decls[path + parent[2]].append(("defined", current_file, True, None))
            continue
        if not parent or parent[1] not in ("NamespaceDecl", "EnumDecl"):
            continue
        if kind not in DECL_KINDS or not name or name.startswith("_"):
            continue
        if parent[1] == "EnumDecl":
            # Enumerators of an unscoped enum are names of the namespace.
            if kind != "EnumConstantDecl" or parent[3] or not parent[2]:
                continue
            path = namespace_path(stack[:-2])
        else:
            path = namespace_path(stack[:-1])
        if path is None:
            continue
        if kind == "EnumDecl" and " class " in f" {QUOTED_RE.sub(' ', rest)} ":
            stack[-1] = stack[-1][:3] + (True,)  # scoped: its names stay inside
        defined = kind not in CLASS_KINDS or "definition" in rest.split()
        target = None
        if kind in ("TypedefDecl", "TypeAliasDecl"):
            types = QUOTED_RE.findall(rest)
            m = re.search(r"cuda::std::(?:__\d+::)?([a-z]\w*)", types[-1] if types else "")
            target = m.group(1) if m else None
        decls[path + name].append((kind, current_file, defined, target))
    return decls


def namespace_path(stack):
    """'' for cuda::std, 'chrono::' for cuda::std::chrono; None otherwise."""
    names = []
    for _, kind, name, inline in stack:
        if kind != "NamespaceDecl":
            return None
        if inline:
            continue
        names.append(name)
    if names[:2] != ["cuda", "std"]:
        return None
    rest = names[2:]
    if any(n is None or n.startswith("_") for n in rest):
        return None
    return "".join(n + "::" for n in rest)


def usable(name, entries, decls):
    """False for classes CCCL only forward-declares (and typedefs of them)."""
    kinds = {e[0] for e in entries}
    if kinds & CLASS_KINDS or "defined" in kinds:
        return any(e[2] for e in entries if e[0] in CLASS_KINDS | {"defined"})
    for kind, _, _, target in entries:
        if kind in ("TypedefDecl", "TypeAliasDecl") and target and target != name.split("::")[-1]:
            prefix = name[: name.rfind("::") + 2] if "::" in name else ""
            if (prefix + target) in decls and not usable(prefix + target, decls[prefix + target], {}):
                return False
    return True


def include_closure(args, header):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.cu")
        with open(src, "w") as f:
            f.write(f"#include <cuda/std/{header}>\n")
        r = run(clang_args(args) + ["-M", src])
    if r.returncode != 0:
        sys.exit(f"cannot preprocess <cuda/std/{header}>:\n{r.stderr}")
    deps = r.stdout.replace("\\\n", " ").split(":", 1)[1].split()
    return {os.path.realpath(d) for d in deps}


def dir_header(path, std_dir):
    """The public header named after the directory (or file) holding path:
    __utility/swap.h -> utility, __tuple_dir/x.h -> tuple,
    detail/libcxx/include/array -> array, limits -> limits."""
    parts = os.path.relpath(path, std_dir).split(os.sep)
    if len(parts) == 1:
        return parts[0]
    if parts[:3] == ["detail", "libcxx", "include"] and len(parts) == 4:
        return parts[3]
    top = parts[0].lstrip("_").rstrip("_")
    return top[: -len("_dir")] if top.endswith("_dir") else top


def home_header(name, files, std_dir, closures):
    """(header below cuda/std, internal?) for a symbol declared in files.

    The key files are those named after the symbol (min.h for min), else the
    file with most of its declarations (the overload family, not the
    overload for one type that lives with that type). The header named after
    a key file's directory wins if it includes the key files; else the
    public header that brings in most of that directory (the best stand-in
    for the missing header, e.g. <algorithm>), then the lightest; else the
    symbol is internal-only."""
    base = name.split("::")[-1]
    real = [f for f in files if f"{os.sep}__fwd{os.sep}" not in f] or files
    counts = defaultdict(int)
    for f in real:
        counts[f] += 1
    named = sorted({f for f in real if os.path.splitext(os.path.basename(f))[0] == base})
    key = named or [max(sorted(counts), key=lambda f: counts[f])]

    def coverage(h):
        return sum(f in closures[h] for f in key)

    by_dir = [h for h in dict.fromkeys(dir_header(f, std_dir) for f in key)
              if h in closures and coverage(h)]
    if by_dir:
        return max(by_dir, key=lambda h: (coverage(h), -len(closures[h]))), False
    providers = [h for h in closures if coverage(h)]
    if providers:
        key_dir = os.path.dirname(key[0]) + os.sep

        def same_dir(h):
            return sum(f.startswith(key_dir) for f in closures[h])
        return min(providers,
                   key=lambda h: (-coverage(h), -same_dir(h), len(closures[h]), h)), False
    return os.path.relpath(key[0], std_dir).replace(os.sep, "/"), True


def orphan_headers(std_dir, headers):
    """Internal headers of directories that have no public header (CUDA 13.0:
    __algorithm, __new, ...): their symbols reach users only through them."""
    skip = {"cccl", "internal", "fwd", "cuda"}
    out = []
    for d in sorted(os.listdir(std_dir)):
        path = os.path.join(std_dir, d)
        if not d.startswith("__") or not os.path.isdir(path):
            continue
        public = dir_header(os.path.join(path, "x.h"), std_dir)
        if public in headers or public in skip:
            continue
        out += [f"{d}/{f}" for f in sorted(os.listdir(path)) if f.endswith(".h")]
    return out


def parse_all(args, std_dir, headers):
    """Declarations of every public header and of the orphan internal ones.
    Internal headers that do not parse together (platform back-ends) are
    dropped, with a message."""
    extra = orphan_headers(std_dir, headers)
    for _ in range(5):
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "all.cu")
            with open(src, "w") as f:
                f.writelines(f"#include <cuda/std/{h}>\n" for h in headers + extra)
            dump = os.path.join(tmp, "dump.txt")
            with open(dump, "w") as out:
                r = subprocess.run(clang_args(args) + ["-fsyntax-only", "-Xclang", "-ast-dump", src],
                                   stdout=out, stderr=subprocess.PIPE, text=True)
            if r.returncode == 0:
                with open(dump, errors="replace") as f:
                    return scan_dump(f)
        bad = {os.path.relpath(os.path.realpath(m.group(1)), std_dir)
               for m in re.finditer(r"^(/[^:]+):\d+:\d+: error", r.stderr, re.M)}
        bad &= set(extra)
        if not bad:
            sys.exit(f"clang could not parse the libcu++ headers:\n{r.stderr}")
        print(f"skipped (does not parse with the others): {sorted(bad)}", file=sys.stderr)
        extra = [h for h in extra if h not in bad]
    sys.exit("clang could not parse the libcu++ headers")


def verify(args, header, names):
    """Names from `names` that nvcc accepts after including <cuda/std/header>."""
    names = sorted(names)
    for _ in range(4):
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "probe.cu")
            with open(src, "w") as f:
                f.write(f"#include <cuda/std/{header}>\n")
                for i, n in enumerate(names):
                    f.write(f"namespace probe_{i} {{ using cuda::std::{n}; }}\n")
            r = run([args.nvcc, f"-std={args.std}", "-arch=sm_90", "-c", src,
                     "-o", os.path.join(tmp, "probe.o")])
        if r.returncode == 0:
            return names
        bad = {int(m.group(1)) - 2 for m in re.finditer(r"probe\.cu\((\d+)\): error", r.stderr)}
        if not bad:
            sys.exit(f"probe for <cuda/std/{header}> failed:\n{r.stderr}")
        for i in sorted(bad):
            print(f"dropped: cuda::std::{names[i]} (not usable from <cuda/std/{header}>)",
                  file=sys.stderr)
        names = [n for i, n in enumerate(names) if i not in bad]
    sys.exit(f"probe for <cuda/std/{header}> keeps failing")


def toolkit_version(cuda_path):
    r = run([os.path.join(cuda_path, "bin", "nvcc"), "--version"])
    m = re.search(r"release (\d+\.\d+)", r.stdout)
    return m.group(1) if m else "unknown"


def cccl_version(std_dir):
    text = open(os.path.join(std_dir, "__cccl", "version.h")).read()
    v = int(re.search(r"#define CCCL_VERSION (\d+)", text).group(1))
    return f"{v // 1000000}.{v // 1000 % 1000}.{v % 1000}"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--cuda-path", default="/usr/local/cuda")
    p.add_argument("--clang", default="clang++-22")
    p.add_argument("--nvcc", default=None)
    p.add_argument("--std", default="c++17")
    p.add_argument("-o", "--output",
                   default=os.path.join(os.path.dirname(__file__), "..", "lib",
                                        "Analysis", "StdSymbolMap.inc"))
    args = p.parse_args()
    args.nvcc = args.nvcc or os.path.join(args.cuda_path, "bin", "nvcc")
    std_dir = os.path.realpath(os.path.join(args.cuda_path, "include", "cccl", "cuda", "std"))
    headers = public_headers(std_dir)

    decls = parse_all(args, std_dir, headers)
    closures = {h: include_closure(args, h) for h in headers}
    by_header = defaultdict(list)
    internal = set()
    for name, entries in sorted(decls.items()):
        if not usable(name, entries, decls):
            continue
        files = [os.path.realpath(e[1]) for e in entries
                 if e[1] and e[1].startswith("/") and e[0] != "defined"]
        files = [f for f in files if f.startswith(std_dir + os.sep)]
        if not files:
            continue
        header, is_internal = home_header(name, files, std_dir, closures)
        by_header[header].append(name)
        if is_internal:
            internal.add(name)

    rows = []
    for header, names in sorted(by_header.items()):
        for name in verify(args, header, names):
            rows.append((name, "cuda/std/" + header, name in internal))
    rows.sort()

    cuda = toolkit_version(args.cuda_path)
    with open(args.output, "w") as out:
        out.write(
            "//===--- StdSymbolMap.inc - cuda::std symbols and their headers ---------===//\n"
            "//\n"
            "// Generated by scripts/gen_std_symbol_map.py; do not edit.\n"
            f"// Source: CUDA {cuda} (CCCL {cccl_version(std_dir)}), -std={args.std}, device pass.\n"
            "//\n"
            "// STD_SYMBOL(Name, Header, Internal): cuda::std::Name is declared by\n"
            "// <Header>; Internal means no public header provides it.\n"
            "//\n"
            "//===----------------------------------------------------------------------===//\n"
            "#ifndef STD_SYMBOL\n"
            '#error "define STD_SYMBOL(Name, Header, Internal) first"\n'
            "#endif\n\n")
        for name, header, is_internal in rows:
            out.write(f'STD_SYMBOL("{name}", "{header}", {"true" if is_internal else "false"})\n')
        out.write("\n#undef STD_SYMBOL\n")
    print(f"{len(rows)} symbols, {len(internal)} internal-only, written to {args.output}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
