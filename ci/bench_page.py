"""Writes docs/benchmarks.md from what ci/bench printed into bench-out/bench.txt: the run's date,
commit, machine, build and load first (figures mean little without them), the summary lines of
the budgets, then each benchmark's own output as it printed it. The page is only ever written from
a run, so no figure in it is older than the run it names.
usage: bench_page.py BENCH_TXT PAGE"""
import os
import re
import sys

import bench_gate

source, page = sys.argv[1], sys.argv[2]
lines = open(source, encoding="utf-8").read().splitlines()

# The header: "apicheck benchmarks, DATE, COMMIT", then "key: value" lines up to the first blank.
title = lines[0] if lines else ""
facts, body_start = [], 1
for index, line in enumerate(lines[1:], 1):
    if not line.strip():
        body_start = index + 1
        break
    key, _, value = line.partition(": ")
    facts.append((key, value))
match = re.match(r"apicheck benchmarks, (.+?), (\S+.*)$", title)
when, commit = (match.group(1), match.group(2)) if match else ("unknown", "unknown")

# The body: a "## NAME" line opens each benchmark's section; the summary ends the file.
sections, current, summary = [], None, []
root = os.getcwd() + "/"
for line in lines[body_start:]:
    line = line.replace(root, "")
    if line.startswith("load average at end: ") or line.startswith("gate"):
        continue
    if line.startswith("## "):
        current = (line[3:], [])
        sections.append(current)
    elif line.startswith("summary (medians"):
        current = None
    elif current is None and line.startswith("  "):
        # The verdict against the release leads the Summary in a sentence of its own.
        if not line.startswith("  release: "):
            summary.append(line.strip())
    elif current is not None:
        current[1].append(line)
    elif line.strip() and not line.startswith("=> "):
        sections.append(("notes", [line]))
tail_facts = [line.partition(": ") for line in lines if line.startswith("load average at end: ")]
if tail_facts:
    facts.append(("load average at end", tail_facts[-1][2]))

out = ["# Benchmarks", "",
       "Written by `ci/bench` (`python3 ci/bench_page.py`) from the run named below; edit the scripts,",
       "not this page. Each figure is measured beside a baseline run in the same call and printed as",
       "a ratio where there is one, so the machine and its load matter: both are listed first.",
       "`ci/bench` says what each benchmark measures; `ci/bench --quick` is a shorter trial.", "",
       "Against the last release: `ci/bench-scale` and `ci/bench-release` run each command of this build",
       "alternated, run by run, with the same command of the newest `v*` tag (exported and built once",
       "under `bench-out/` by `ci/bench-baseline`), and `ci/bench_gate.py` judges the pairs. The figure",
       "judged is CPU time where it is measured (waiting on a busy machine shows in wall time, not in CPU",
       "time), the ratio is the median of the pairs' ratios, and a command is slower only beyond 1 + 5%",
       "plus its run-to-run spread (half the range of its pairs' ratios, measured in the same call); a",
       "command over 1 + 5% is run again with more pairs, pooled with the first, before the verdict names",
       "it. The verdict leads the Summary; the table is under `ci/bench-release`. It is a figure of the",
       "bench, not a check of `.ci/run` ([releasing](releasing.md) says when it is read).", "",
       "| | |", "|---|---|", "| run | %s |" % when, "| commit | %s |" % commit]
out += ["| %s | %s |" % (key, value.replace("|", "\\|")) for key, value in facts]
out += [""]
# The verdict against the last release comes first: the question a release asks of the figures.
gate_pairs, gate_baseline = bench_gate.parse(lines)
gate_rows = bench_gate.evaluate(gate_pairs)
if summary or gate_rows:
    out += ["## Summary", ""]
if gate_rows:
    out += ["Against the last release (%s), CPU time where measured, medians of alternated runs: **%s**." % (
        gate_baseline, bench_gate.verdict(gate_rows, gate_baseline)), ""]
if summary:
    out += ["Medians, against the budgets of the design:", ""]
    out += ["- `%s`" % line.replace("`", "'") for line in summary] + [""]
out += ["## Figures", ""]
for name, text in sections:
    while text and not text[-1].strip():
        text.pop()
    out += ["### %s" % name, "", "```"] + text + ["```", ""]
open(page, "w", encoding="utf-8").write("\n".join(out).rstrip("\n") + "\n")
print("bench_page: wrote %s (%d benchmarks)" % (page, len(sections)), file=sys.stderr)
