"""The comparison against the last release in ci/bench's output: is any command slower than the
release by more than 5%?

The benchmarks that run a command of this build alternated with the same command of the release
print one line per command, size and figure, with the runs as pairs (this build / the release):
    gate: NAME SIZE METRIC NEW/BASE,NEW/BASE,...
and ci/bench-release names the release in a line "gate-baseline: TAG (COMMIT)". Lines of the same
NAME, SIZE and METRIC pool their pairs (a re-run of a suspect adds pairs to the first runs).

How noise is accounted for, on a shared machine whose speed drifts under other people's builds:
- the figure judged is CPU time (the kernel's count for the process) where there is one, wall
  time only where there is none: waiting on a busy machine shows in wall time, not in CPU time;
- each pair is run back to back, so a pair's ratio sees the same machine on both sides, and the
  ratio quoted is the median of the pairs' ratios, which one disturbed pair does not move;
- the spread is half the range of the pairs' ratios measured in the same call: a command is slower
  only when its ratio exceeds 1 + 5% + that spread;
- a command over 1 + 5% is a suspect: ci/bench-release runs it again (more pairs, pooled with the
  first) before the verdict calls it slower.

usage: bench_gate.py BENCH_TXT             (the ratio table, then the verdict line "=> release: ...")
       bench_gate.py --suspects BENCH_TXT  (one "NAME SIZE" line per suspect, for a re-run)"""
import sys

LIMIT = 0.05
# The figure judged per command: the first of these that its lines carry.
JUDGED = ("cpu", "call", "wall")


def parse(lines):
    """The pairs per (name, size, metric), in the order first seen, and the release's name."""
    pairs, baseline = {}, "the release"
    for line in lines:
        if line.startswith("gate-baseline: "):
            baseline = line[len("gate-baseline: "):].split(" ")[0].strip() or baseline
        if not line.startswith("gate: "):
            continue
        fields = line[len("gate: "):].split()
        if len(fields) != 4:
            continue
        name, size, metric, runs = fields
        for run in runs.split(","):
            new, _, base = run.partition("/")
            try:
                new, base = float(new), float(base)
            except ValueError:
                continue
            if new > 0 and base > 0:
                pairs.setdefault((name, size, metric), []).append((new, base))
    return pairs, baseline


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def judge(runs, limit=LIMIT):
    """(ratio, spread, slower, suspect) of one figure's pairs: the median of the pairs' ratios,
    half their range, slower when beyond 1 + limit + spread, suspect when beyond 1 + limit."""
    ratios = [new / base for new, base in runs]
    ratio = median(ratios)
    spread = (max(ratios) - min(ratios)) / 2
    return ratio, spread, ratio > 1 + limit + spread, ratio > 1 + limit


def evaluate(pairs, limit=LIMIT):
    """One row per command and size: its name, size, judged metric, pairs, ratio, spread, slower,
    suspect, and the other figures' ratios as (metric, ratio)."""
    keys = []
    for name, size, _ in pairs:
        if (name, size) not in keys:
            keys.append((name, size))
    rows = []
    for name, size in keys:
        metrics = [metric for (n, s, metric) in pairs if (n, s) == (name, size)]
        judged = next((metric for metric in JUDGED if metric in metrics), metrics[0])
        runs = pairs[(name, size, judged)]
        ratio, spread, slower, suspect = judge(runs, limit)
        others = [(metric, median([new / base for new, base in pairs[(name, size, metric)]])) for metric in metrics if metric != judged]
        rows.append(dict(name=name, size=size, metric=judged, runs=len(runs), ratio=ratio, spread=spread,
                         slower=slower, suspect=suspect, others=others))
    return rows


def verdict(rows, baseline, limit=LIMIT):
    """The one line: which commands are slower than the release by more than the limit."""
    percent = "%d%%" % round(limit * 100)
    if not rows:
        return "no comparison with %s ran" % baseline
    slower = [row for row in rows if row["slower"]]
    if not slower:
        return "no command slower than %s by more than %s (%d figures judged, beyond the run-to-run spread)" % (
            baseline, percent, len(rows))
    named = ", ".join("%s%s %.2fx +/- %.2f %s" % (row["name"], "" if row["size"] == "-" else " at " + row["size"],
                                                   row["ratio"], row["spread"], row["metric"]) for row in slower)
    return "slower than %s by more than %s beyond the spread: %s" % (baseline, percent, named)


def report(rows, baseline, limit=LIMIT):
    header = ["command", "size", "figure", "pairs", "this/%s" % baseline, "spread", "other figures", "verdict"]
    table = []
    for row in rows:
        state = "SLOWER" if row["slower"] else ("within the spread" if row["suspect"] else "ok")
        others = " ".join("%s %.2fx" % (metric, value) for metric, value in row["others"])
        table.append([row["name"], row["size"], row["metric"], str(row["runs"]), "%.2fx" % row["ratio"],
                      "+/- %.2f" % row["spread"], others or "-", state])
    widths = [max(len(line[column]) for line in [header] + table) for column in range(len(header))]
    text = ["against %s: medians of alternated pairs (this build / %s); the figure judged is CPU time where "
            "measured; slower means beyond 1 + %d%% + the spread (half the range of the pairs' ratios)"
            % (baseline, baseline, round(limit * 100))]
    for line in [header, ["-" * width for width in widths]] + table:
        text.append("  ".join(cell.ljust(widths[column]) for column, cell in enumerate(line)).rstrip())
    text.append("=> release: " + verdict(rows, baseline, limit))
    return "\n".join(text)


def from_file(path):
    pairs, baseline = parse(open(path, encoding="utf-8").read().splitlines())
    return evaluate(pairs), baseline


if __name__ == "__main__":
    arguments = sys.argv[1:]
    suspects = arguments[:1] == ["--suspects"]
    if suspects:
        arguments = arguments[1:]
    if len(arguments) != 1:
        print("\n".join(__doc__.strip().splitlines()[-2:]), file=sys.stderr)
        sys.exit(2)
    rows, baseline = from_file(arguments[0])
    if suspects:
        for row in rows:
            if row["suspect"]:
                print(row["name"], row["size"])
    else:
        print(report(rows, baseline))
