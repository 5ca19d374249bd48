#!/usr/bin/env python3
"""Creates every piece of a new rule, as clang-tidy's add_new_check.py does.

    scripts/new-rule.py my-rule [--summary TEXT] [--root DIR]

writes, for rule `my-rule` of class `MyRule`:
    lib/Rules/MyRule.h, lib/Rules/MyRule.cpp   the rule (a starting matcher)
    lib/Rules/Rules.def                        its row, off by default
    lib/Rules/RuleExplanations.def           its --explain row (TODOs)
    lib/Rules/Registry.cpp                     the include of its header
    lib/CMakeLists.txt, test/CMakeLists.txt    its sources
    lit-tests/my-rule/basic.cu                 a starter lit test
    test/Rules/MyRuleTest.cpp                  a starter unit test
    docs/rules/my-rule.md                      its page
and refreshes docs/rules/README.md. The rule starts off by default; turn it
on in Rules.def once it is done. `scripts/gen-rules-index.py --check` fails
while a rule lacks any of these pieces.
"""
import argparse
import importlib.util
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def load_index_module():
    """scripts/gen-rules-index.py, which knows a rule's pieces."""
    path = pathlib.Path(__file__).resolve().parent / "gen-rules-index.py"
    spec = importlib.util.spec_from_file_location("gen_rules_index", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def class_name(rule):
    return "".join(part.capitalize() for part in rule.split("-"))


def banner(path, title, header):
    """An LLVM file banner, padded to 80 columns."""
    left = f"//===--- {path.name} - {title} "
    right = "-*- C++ -*-===//" if header else "===//"
    return left + "-" * max(3, 80 - len(left) - len(right)) + right


def header_text(rule, cls, summary):
    path = pathlib.Path(f"{cls}.h")
    return f"""{banner(path, "The " + rule + " rule", True)}
#pragma once

#include "cudalower/Rule.h"

namespace cudalower {{

/// {summary[0].upper() + summary[1:]}.
/// See docs/rules/{rule}.md.
class {cls} : public Rule {{
public:
  using Rule::Rule;
  /// What cuda-lower-nvcc's pre-scan must find for this rule to have work
  /// (PreScanTriggers in cudalower/Rule.h).
  static PreScanTriggers preScanTriggers();
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
}};

}} // namespace cudalower
"""


def source_text(rule, cls):
    path = pathlib.Path(f"{cls}.cpp")
    return f"""{banner(path, "The " + rule + " rule", False)}

#include "Rules/{cls}.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalower {{

PreScanTriggers {cls}::preScanTriggers() {{
  // TODO: the shapes and words (identifiers) that tell cuda-lower-nvcc a
  // file may need this rule, e.g.
  //   static constexpr PreScanTriggers::Word Words[] = {{{{"std", "uses std"}}}};
  //   return {{PreScanTriggers::None, Words}};
  // or, for a rule nvcc needs none of (a spelling only Clang refuses, a
  // report): T.NvccNeedsNone = true. RuleRegistry.EveryRuleDeclaresWhatThe-
  // PreScanLooksFor fails until one of them is declared.
  return {{}};
}}

void {cls}::registerMatchers(MatchFinder &Finder) {{
  // TODO: match what the rule looks for. This starter reports kernels.
  Finder.addMatcher(
      functionDecl(hasAttr(attr::CUDAGlobal), isDefinition()).bind("kernel"),
      this);
}}

void {cls}::check(const MatchFinder::MatchResult &Result) {{
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("kernel");
  if (FD->isTemplateInstantiation() ||
      !context().isUserOwned(FD->getLocation()))
    return;
  diag(FD->getLocation(), "kernel '" + FD->getNameAsString() + "'");
}}

}} // namespace cudalower
"""


def lit_test_text(rule):
    return f"""// RUN: %check_cuda_lower --no-compile %s {rule} %t

// TODO: one case per construct the rule handles, its expectation right
// under it (CHECK-MESSAGES, and CHECK-FIXES once the rule rewrites; then drop
// --no-compile so that the output is compiled with plain nvcc), plus a case
// it must leave alone, a macro case and a template case.
__global__ void kernel() {{}}
// CHECK-MESSAGES: [[@LINE-1]]:17: warning: kernel 'kernel' [{rule}]

__device__ void notAKernel() {{}}
"""


def unit_test_text(rule, cls):
    return f"""#include "RuleTester.h"
#include <gtest/gtest.h>

using cudalower::test::runRules;

namespace {{

TEST({cls}, ReportsKernels) {{
  const char *Code = "__global__ void k() {{}}\\n";
  auto R = runRules(Code, "{rule}");
  EXPECT_EQ(R.Output, Code);
  EXPECT_NE(R.Diagnostics.find("kernel 'k'"), std::string::npos);
  EXPECT_EQ(R.ExitCode, 0);
}}

}} // namespace
"""


def doc_text(rule, summary):
    return f"""# {rule}

{summary[0].upper() + summary[1:]}.

TODO: why nvcc needs this, with the CUDA Programming Guide section it comes
from.

## Example

```cuda
```

becomes

```cuda
```

## Options

None.

## Limits

TODO: what the rule leaves alone, and why.
"""


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def registry_row(rule, cls, summary):
    return (f"CUDALOWER_RULE({c_string(rule)}, {cls}, false,\n"
            f"               {c_string(summary)})\n")


def explanation_row(rule):
    return (f"RULE_EXPLANATION({c_string(rule)},\n"
            f"    \"TODO: the Programming Guide section the rule's page cites\",\n"
            f"    \"TODO: why nvcc refuses the code or needs a flag for it.\")\n")


def insert_after_last(text, pattern, line):
    """`line` inserted after the last line matching `pattern`."""
    matches = list(re.finditer(pattern, text, re.M))
    if not matches:
        raise ValueError(f"no line matches {pattern!r}")
    end = text.index("\n", matches[-1].end()) + 1
    return text[:end] + line + text[end:]


def insert_before(text, marker, line):
    """`line` inserted after the last row before the line that starts with
    `marker`, which keeps one blank line above it."""
    at = text.index("\n" + marker) + 1
    return text[:at].rstrip("\n") + "\n" + line + "\n" + text[at:]


def edits(rule, cls, summary):
    """(path, function from old text to new text) for the shared files."""
    return [
        ("lib/Rules/Rules.def", lambda t: insert_before(
            t, "#undef CUDALOWER_RULE", registry_row(rule, cls, summary))),
        ("lib/Rules/RuleExplanations.def", lambda t: insert_before(
            t, "#undef RULE_EXPLANATION", explanation_row(rule))),
        ("lib/Rules/Registry.cpp", lambda t: insert_after_last(
            t, r'^#include "Rules/.*\.h"$', f'#include "Rules/{cls}.h"\n')),
        ("lib/CMakeLists.txt", lambda t: insert_after_last(
            t, r"^\s+Rules/\S+\.cpp$", f"  Rules/{cls}.cpp\n")),
        ("test/CMakeLists.txt", lambda t: insert_after_last(
            t, r"^\s+Rules/\S+Test\.cpp$", f"  Rules/{cls}Test.cpp\n")),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rule", help="the rule's name, lower-case words joined by '-'")
    parser.add_argument("--summary", default="TODO: say what the rule does",
                        help="one line for Rules.def, --list-rules and the docs")
    parser.add_argument("--root", type=pathlib.Path, default=ROOT,
                        help="repository root (default: this script's)")
    opts = parser.parse_args()
    rule, root = opts.rule, opts.root
    if not re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", rule):
        parser.error(f"'{rule}' is not lower-case words joined by '-'")
    index = load_index_module()
    registry = root / index.REGISTRY
    if any(r[0] == rule for r in index.read_rules(registry.read_text())):
        parser.error(f"rule '{rule}' is already in {index.REGISTRY}")
    cls = class_name(rule)
    new_files = {
        f"lib/Rules/{cls}.h": header_text(rule, cls, opts.summary),
        f"lib/Rules/{cls}.cpp": source_text(rule, cls),
        f"lit-tests/{rule}/basic.cu": lit_test_text(rule),
        f"test/Rules/{cls}Test.cpp": unit_test_text(rule, cls),
        f"docs/rules/{rule}.md": doc_text(rule, opts.summary),
    }
    for path in new_files:
        if (root / path).exists():
            parser.error(f"{path} exists already")
    # Every edit is computed before anything is written, so that a tree the
    # script cannot read is left as it was.
    changed = {path: change((root / path).read_text())
               for path, change in edits(rule, cls, opts.summary)}
    for path, text in {**new_files, **changed}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
        print(f"new-rule: {'wrote' if path in new_files else 'updated'} {path}")
    (root / index.INDEX).write_text(index.render(index.read_rules(registry.read_text())))
    print(f"new-rule: updated {index.INDEX}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
