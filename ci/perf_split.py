"""Where a process's CPU went, from `perf script -F ip,sym,dso` of a `perf record -g` on it
(read from standard input): each library's share of the samples (where the sample itself was
taken), and the share taken under a frame whose name holds one of the given markers (a function
and everything it called). Used by ci/bench-proxy.

usage: perf script -F ip,sym,dso -i DATA | python3 ci/perf_split.py LABEL=MARKER ...
"""
import collections
import sys

LIBRARIES = [
    ("kernel", "kernel.kallsyms"), ("libcurl", "libcurl"), ("libmicrohttpd", "libmicrohttpd"),
    ("libc (malloc, memcpy, ...)", "libc.so"), ("Swift runtime and standard library", "libswiftCore"),
    ("Foundation", "libFoundation"), ("Dispatch", "libdispatch"), ("vDSO (clock reads)", "[vdso]"),
]


def library(dso_line):
    for name, part in LIBRARIES:
        if part in dso_line:
            return name
    return "the program" if "[unknown]" not in dso_line else "unknown (no frame)"


def main(markers):
    samples, places, under = 0, collections.Counter(), collections.Counter()
    frames = []
    for line in list(sys.stdin) + [""]:
        if line.strip():
            frames.append(line.strip())
            continue
        if not frames:
            continue
        samples += 1
        places[library(frames[0])] += 1
        for label, marker in markers:
            if any(marker in frame for frame in frames):
                under[label] += 1
        frames = []
    if samples == 0:
        print("    no samples")
        return
    print(f"    {samples} samples; where each was taken:")
    for name, count in places.most_common():
        print(f"      {count / samples:6.1%}  {name}")
    for label, _ in markers:
        share = under[label] / samples
        print(f"    {share:6.1%} of the samples under {label}" + ("  (marker not found: renamed?)" if share == 0 else ""))


if __name__ == "__main__":
    pairs = [argument.split("=", 1) for argument in sys.argv[1:]]
    if not pairs or any(len(pair) != 2 for pair in pairs):
        sys.exit(__doc__.strip().split("\n\n")[-1])
    main([(label, marker) for label, marker in pairs])
