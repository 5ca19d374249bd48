#!/usr/bin/env python3
"""Reads the docs (ci.md, usage.md) and .pre-commit-hooks.yaml for lit-tests/ci/.

  ci_docs.py block DOC NAME
      Prints the fenced block that follows `<!-- example: NAME ...-->`.
  ci_docs.py stands-in DOC NAME HEADING...
      Fails unless every line of block NAME stands (as a part of a line) in
      the first YAML block under each `## HEADING`: the CI jobs run what the
      tests run.
  ci_docs.py pre-commit HOOKS DOC HOOK_ID FILE...
      Runs hook HOOK_ID of the HOOKS file as pre-commit would, with the args
      (and any files/exclude) the `pre-commit-config` block of DOC gives it:
      entry + args + the FILEs its patterns select, from the working
      directory (pre-commit runs from the repository root). Exits with the
      hook's code; a hook with no file to run on is skipped (0).
"""
import os
import re
import shlex
import subprocess
import sys

try:
    import yaml
except ImportError:  # llvm-22-tools depends on python3-yaml for /usr/bin/python3
    if sys.executable != "/usr/bin/python3" and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    raise

MARKER = re.compile(r"<!-- example: ([\w-]+)")
FENCE = re.compile(r"^```")


def blocks(doc):
    """{marker name: text}, and [(heading, yaml text)] in page order."""
    named, yamls = {}, []
    pending, heading, inside, lang, lines = None, None, False, "", []
    for line in open(doc, encoding="utf-8"):
        if inside:
            if FENCE.match(line):
                text = "".join(lines)
                if pending:
                    named[pending] = text
                if lang == "yaml":
                    yamls.append((heading, text))
                inside, pending, lines = False, None, []
            else:
                lines.append(line)
            continue
        if line.startswith("## "):
            heading = line[3:].strip()
        marker = MARKER.search(line)
        if marker:
            pending = marker.group(1)
        elif FENCE.match(line):
            inside, lang = True, line[3:].strip()
        elif line.strip():
            pending = None  # a marker names the block right under it
    return named, yamls


def block(doc, name):
    named, _ = blocks(doc)
    if name not in named:
        sys.exit(f"{doc}: no block marked `example: {name}`")
    return named[name]


def stands_in(doc, name, headings):
    _, yamls = blocks(doc)
    wanted = [l.strip() for l in block(doc, name).splitlines() if l.strip()]
    failed = False
    for heading in headings:
        jobs = [text for h, text in yamls if h == heading]
        if not jobs:
            sys.exit(f"{doc}: no YAML block under `## {heading}`")
        job_lines = [l.strip() for l in jobs[0].splitlines()]
        for line in wanted:
            if not any(line in j for j in job_lines):
                print(f"{heading}: missing `{line}`", file=sys.stderr)
                failed = True
    sys.exit(1 if failed else 0)


def pre_commit(hooks_file, doc, hook_id, files):
    hooks = {h["id"]: h for h in yaml.safe_load(open(hooks_file))}
    config = yaml.safe_load(block(doc, "pre-commit-config"))
    used = [h for repo in config["repos"] for h in repo["hooks"]
            if h["id"] == hook_id]
    if hook_id not in hooks or not used:
        sys.exit(f"hook {hook_id} is not in both {hooks_file} and the config")
    hook = dict(hooks[hook_id], **used[0])
    include = re.compile(hook.get("files", ""))
    exclude = re.compile(hook["exclude"]) if "exclude" in hook else None
    chosen = [f for f in files
              if include.search(f) and not (exclude and exclude.search(f))]
    if not chosen:
        print(f"{hook_id}: (no files to check) Skipped")
        sys.exit(0)
    command = shlex.split(hook["entry"]) + list(hook.get("args", [])) + chosen
    print("+ " + shlex.join(command), file=sys.stderr, flush=True)
    sys.exit(subprocess.call(command))


def main():
    what, args = sys.argv[1], sys.argv[2:]
    if what == "block":
        sys.stdout.write(block(*args))
    elif what == "stands-in":
        stands_in(args[0], args[1], args[2:])
    elif what == "pre-commit":
        pre_commit(args[0], args[1], args[2], args[3:])
    else:
        sys.exit(f"unknown command {what}")


if __name__ == "__main__":
    main()
