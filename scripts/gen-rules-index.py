#!/usr/bin/env python3
"""Writes docs/rules/README.md, the index of rules, from lib/Rules/Rules.def.

    scripts/gen-rules-index.py           rewrite the index
    scripts/gen-rules-index.py --check   exit 1 if the checked-in index is stale
                                         or a rule lacks one of its pieces

The registry is the single source of truth: a rule added there appears here,
in --list-rules and in the tool at once. Run this after editing Rules.def.
Each rule also has a fixed set of pieces (rule_pieces): its header and source,
its lib/CMakeLists.txt entry, a lit folder with a test, a unit test with its
test/CMakeLists.txt entry, and a docs page. scripts/new-rule.py creates them.
"""
import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
REGISTRY = pathlib.Path("lib/Rules/Rules.def")
INDEX = pathlib.Path("docs/rules/README.md")

# A C string literal, a line comment, a block comment, or any other character.
TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|/\*.*?\*/|.', re.S)


def unquote(literal):
    """The value of one C string literal (only the escapes a summary needs)."""
    body = literal[1:-1]
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), body)


def split_arguments(text, start):
    """Splits the macro arguments that begin after the '(' at text[start].

    Returns (arguments, end) with adjacent string literals joined, as the
    compiler joins them.
    """
    args, current, depth = [], [], 0
    for match in TOKEN.finditer(text, start):
        token = match[0]
        if token.startswith(("//", "/*")) or token.isspace():
            continue
        if token == "(":
            depth += 1
        elif token == ")" and depth == 0:
            args.append(current)
            return args, match.end()
        elif token == ")":
            depth -= 1
        elif token == "," and depth == 0:
            args.append(current)
            current = []
            continue
        current.append(token)
    raise ValueError("unterminated CUDALOWER_RULE(")


def argument_value(tokens):
    if tokens and all(t.startswith('"') for t in tokens):
        return "".join(unquote(t) for t in tokens)
    return "".join(tokens)


def read_rules(registry_text):
    """(name, class, default_on, summary) for every row of Rules.def."""
    # Comments become spaces, so a commented-out row is no row.
    code = TOKEN.sub(lambda m: re.sub(r"[^\n]", " ", m[0])
                     if m[0].startswith(("//", "/*")) else m[0], registry_text)
    rules = []
    for match in re.finditer(r"^\s*CUDALOWER_RULE\s*\(", code, re.M):
        args, _ = split_arguments(code, match.end())
        if len(args) != 4:
            raise ValueError(f"expected 4 arguments, got {len(args)}: {match[0]}")
        name, cls, default_on, summary = (argument_value(a) for a in args)
        rules.append((name, cls, default_on == "true", summary))
    return rules


def rule_source(root, cls):
    """The header/source stem of class `cls`, below lib/: Rules/<cls>, or
    Rules/<cls>/<cls> for a rule with many parts, or the stem of the header
    that defines the class when several rules share one (two specifications
    of one rule class, as in HostCallFromDevice.h)."""
    if (root / f"lib/Rules/{cls}").is_dir():
        return f"Rules/{cls}/{cls}"
    if (root / f"lib/Rules/{cls}.h").is_file():
        return f"Rules/{cls}"
    definition = re.compile(rf"(?m)^class {re.escape(cls)}\b[^;]*$")
    for header in sorted((root / "lib/Rules").glob("*.h")):
        if definition.search(header.read_text()):
            return f"Rules/{header.stem}"
    return f"Rules/{cls}"


def rule_pieces(root, name, cls):
    """What rule `name` of class `cls` needs, as (path, text the file holds).

    The text is None for a file that must merely exist; a path ending in "/"
    is a folder that must hold a test. A rule with many parts lives in a
    folder named after its class (lib/Rules/LowerExtendedLambda/).
    """
    source = rule_source(root, cls)
    return [
        (f"lib/{source}.h", None),
        (f"lib/{source}.cpp", None),
        ("lib/CMakeLists.txt", f"{source}.cpp"),
        (f"lit-tests/{name}/", None),
        (f"test/Rules/{cls}Test.cpp", None),
        ("test/CMakeLists.txt", f"Rules/{cls}Test.cpp"),
        (f"docs/rules/{name}.md", None),
    ]


LIT_TEST_SUFFIXES = (".cu", ".cpp", ".test")


def missing_pieces(root, rules):
    """One line per piece a rule of `rules` lacks under `root`."""
    problems = []
    for name, cls, _, _ in rules:
        for path, text in rule_pieces(root, name, cls):
            where = root / path
            if path.endswith("/"):
                if not where.is_dir() or not any(
                        f.suffix in LIT_TEST_SUFFIXES for f in where.iterdir()):
                    problems.append(f"rule '{name}' has no lit test in {path}")
            elif not where.is_file():
                problems.append(f"rule '{name}' has no {path}")
            elif text is not None and not re.search(
                    rf"(?m)^\s*{re.escape(text)}\s*$", where.read_text()):
                problems.append(f"rule '{name}': {path} does not list {text}")
    return problems


def markdown_text(plain):
    """Escapes plain text so Markdown shows it as written (`__device__` stays)."""
    return re.sub(r"([\\`*_|<\[])", r"\\\1", plain)


def render(rules):
    lines = [
        "<!-- Generated by scripts/gen-rules-index.py from lib/Rules/Rules.def; do not edit. -->",
        "# Rules",
        "",
        "Every rule `cuda-lower` knows, in registry order. Rules on by default run",
        "unless `--disable`d; the others run only when named in `--rules`.",
        "`cuda-lower --list-rules` prints the same table. Each page says what the rule",
        "rewrites, with before/after examples, its options and its limits.",
        "",
        "| Rule | On by default | What it does |",
        "| --- | --- | --- |",
    ]
    for name, _, default_on, summary in rules:
        lines.append(f"| [{name}]({name}.md) | {'yes' if default_on else 'no'} | {markdown_text(summary)} |")
    lines += [
        "",
        "Adding a rule: `scripts/new-rule.py NAME` creates its header and source,",
        "its row in `lib/Rules/Rules.def`, its CMake entries, a lit folder, a unit",
        "test and its page, and updates this index. A lit test,",
        "`lit-tests/engine-docs/rules-index.test`, fails while the index is stale",
        "or a rule lacks any of these pieces.",
        "",
    ]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with the checked-in index instead of writing it")
    parser.add_argument("--index-only", action="store_true",
                        help="with --check, only compare the index (for trees "
                        "that hold the registry alone)")
    parser.add_argument("--root", type=pathlib.Path, default=ROOT,
                        help="repository root (default: this script's)")
    opts = parser.parse_args()
    registry, index = opts.root / REGISTRY, opts.root / INDEX
    try:
        rules = read_rules(registry.read_text())
    except (OSError, ValueError) as err:
        print(f"gen-rules-index: error: {registry}: {err}", file=sys.stderr)
        return 2
    expected = render(rules)
    if opts.check and not opts.index_only:
        problems = missing_pieces(opts.root, rules)
        for problem in problems:
            print(f"gen-rules-index: {problem} (scripts/new-rule.py creates "
                  "every piece)", file=sys.stderr)
        if problems:
            return 1
    if opts.check:
        actual = index.read_text() if index.exists() else ""
        if actual != expected:
            print(f"gen-rules-index: {index} is out of date with {registry}; "
                  "run scripts/gen-rules-index.py", file=sys.stderr)
            return 1
        print(f"gen-rules-index: {index} is up to date")
        return 0
    index.parent.mkdir(parents=True, exist_ok=True)
    index.write_text(expected)
    print(f"gen-rules-index: wrote {index}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
