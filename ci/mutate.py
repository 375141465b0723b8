"""Mutation check: applies each mutation of ci/mutations.py alone to a scratch copy of the package,
builds it, runs the tests, and reports which mutants the tests killed (and with which tests) and
which survived. See `ci/mutate --help`."""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mutations import MUTATIONS  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# What a build needs; the scratch copy gets these and keeps its own .build between runs.
# ci/openapi: the documents the import tests read; ci/docs_links.py, ci/api_gate.py and
# ci/bench_gate.py: the scripts Tests/APICheckTests/CIScripts runs.
PARTS = ["Package.swift", "Sources", "Tests", "contracts", "mocks", "docs", "ci/openapi", "ci/docs_links.py", "ci/api_gate.py",
         "ci/bench_gate.py"]
FAILED = re.compile(r"✘ Test (?:\"[^\"]*\"|[^ ]+?\([^)]*\)|[^ ]+) (?:failed|recorded an issue)")
FAILED_NAME = re.compile(r"✘ Test (\"[^\"]*\"|[^ ]+?\([^)]*\)|[^ ]+)")
XCTEST_FAILED = re.compile(r"Test Case '([^']+)' failed")


def log(message):
    print(message, file=sys.stderr, flush=True)


def copy_tree(scratch):
    """The scratch copy: the package's sources as they are now, committed or not."""
    source = os.path.join(scratch, "package")
    os.makedirs(source, exist_ok=True)
    for part in PARTS:
        target = os.path.join(source, part)
        if os.path.isdir(target):
            shutil.rmtree(target)
        elif os.path.exists(target):
            os.remove(target)
        origin = os.path.join(ROOT, part)
        if os.path.isdir(origin):
            shutil.copytree(origin, target, symlinks=True)
        elif os.path.exists(origin):
            shutil.copy2(origin, target)
    return source


def run(command, cwd, timeout):
    """(exit code or None on timeout, output, seconds)."""
    began = time.monotonic()
    try:
        done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=timeout, text=True, errors="replace",
                              env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
        return done.returncode, done.stdout, time.monotonic() - began
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout.decode(errors="replace") if isinstance(expired.stdout, bytes) else (expired.stdout or "")
        return None, output, time.monotonic() - began


def failing_tests(output):
    names = []
    for line in output.splitlines():
        if FAILED.search(line):
            name = FAILED_NAME.search(line).group(1)
        else:
            match = XCTEST_FAILED.search(line)
            if not match:
                continue
            name = match.group(1)
        if name not in names:
            names.append(name)
    return names


def build(source, timeout):
    code, output, seconds = run(["swift", "build", "--build-tests"], source, timeout)
    return code == 0, output, seconds


def ran_tests(output):
    """Whether a test run ran any test: Swift Testing's count above 0, or an XCTest case."""
    counted = re.search(r"Test run with (\d+) tests?", output)
    return (counted is not None and int(counted.group(1)) > 0) or re.search(r"Test Case '[^']+' (passed|failed)", output) is not None


def test(source, filter_, timeout):
    command = ["swift", "test", "--skip-build"]
    if filter_:
        command += ["--filter", filter_]
    return run(command, source, timeout)


def main():
    parser = argparse.ArgumentParser(prog="ci/mutate", description=__doc__)
    parser.add_argument("--only", help="comma-separated mutation ids")
    parser.add_argument("--full", action="store_true", help="run every test for each mutant, not its suites")
    parser.add_argument("--scratch", default=os.environ.get("APICHECK_MUTATE_DIR",
                                                            os.path.join(os.environ.get("TMPDIR", "/tmp"), "apicheck-mutate")),
                        help="scratch folder, kept between runs so that each build is incremental")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds for one build or one test run")
    parser.add_argument("--list", action="store_true", help="list the mutations and exit")
    parser.add_argument("--check", action="store_true", help="check that every mutation applies, build nothing")
    arguments = parser.parse_args()

    chosen = MUTATIONS
    if arguments.only:
        wanted = arguments.only.split(",")
        unknown = [name for name in wanted if name not in {m["id"] for m in MUTATIONS}]
        if unknown:
            log(f"ci/mutate: unknown mutation {', '.join(unknown)} (see --list)")
            return 2
        by_id = {m["id"]: m for m in MUTATIONS}
        chosen = [by_id[name] for name in dict.fromkeys(wanted)]
    if arguments.list:
        for mutation in chosen:
            print(f"{mutation['id']:36} {mutation['file']}\n{'':36} {mutation['bug']}")
        return 0

    problems = []
    for mutation in chosen:
        with open(os.path.join(ROOT, mutation["file"]), encoding="utf-8") as handle:
            count = handle.read().count(mutation["find"])
        if count != 1:
            problems.append(f"{mutation['id']}: the text to mutate occurs {count} times in {mutation['file']}")
        # `swift test --filter` takes one regular expression: suites joined by "|". A comma or a
        # space makes a filter no test matches, and a mutant no test ran would "survive".
        name = r"[A-Za-z0-9_]+(\\\.[A-Za-z0-9_]+)*"
        if not re.fullmatch(rf"{name}(\|{name})*", mutation["tests"]):
            problems.append(f"{mutation['id']}: tests must be suite or test names joined by |, not {mutation['tests']!r}")
    if problems:
        log("ci/mutate: mutations that no longer apply (update ci/mutations.py):\n  " + "\n  ".join(problems))
        return 2
    if arguments.check:
        print(f"{len(chosen)} mutations apply")
        return 0

    source = copy_tree(arguments.scratch)
    log(f"ci/mutate: scratch copy in {source}; building it unmutated")
    built, output, seconds = build(source, arguments.timeout)
    if not built:
        log(output[-4000:])
        log("ci/mutate: the unmutated package does not build")
        return 2
    filters = "" if arguments.full else "|".join(sorted({m["tests"] for m in chosen}))
    code, output, seconds = test(source, filters, arguments.timeout)
    if code != 0:
        log(output[-4000:])
        log(f"ci/mutate: the unmutated tests fail ({', '.join(failing_tests(output)) or 'see above'}); no mutant can be judged")
        return 2
    log(f"ci/mutate: baseline green in {seconds:.0f} s; {len(chosen)} mutants")

    results = []
    for number, mutation in enumerate(chosen, 1):
        path = os.path.join(source, mutation["file"])
        with open(path, encoding="utf-8") as handle:
            original = handle.read()
        began = time.monotonic()
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(original.replace(mutation["find"], mutation["replace"], 1))
            built, output, _ = build(source, arguments.timeout)
            if not built:
                verdict, killers = "stillborn", ["does not compile: " + next(
                    (line.strip() for line in output.splitlines() if "error:" in line), "see the build log")]
            else:
                code, output, _ = test(source, "" if arguments.full else mutation["tests"], arguments.timeout)
                killers = failing_tests(output)
                if code is None:
                    verdict, killers = "killed", ["(the tests hung past the timeout)"] + killers
                elif code != 0:
                    verdict = "killed"
                    if not killers:
                        killers = ["(the test run failed: " + (output.strip().splitlines() or ["no output"])[-1] + ")"]
                elif not ran_tests(output):
                    verdict, killers = "untested", [f"no test matched {mutation['tests']!r}"]
                else:
                    verdict = "survived"
        finally:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(original)
        seconds = time.monotonic() - began
        results.append((mutation, verdict, killers))
        log(f"[{number}/{len(chosen)}] {verdict:9} {mutation['id']} ({seconds:.0f} s)")
        print(f"{verdict:9} {mutation['id']}: {mutation['bug']}")
        for killer in killers[:5]:
            print(f"          {killer}")
        if len(killers) > 5:
            print(f"          … and {len(killers) - 5} more")
        sys.stdout.flush()

    # Leave the scratch build matching the sources, so that the next run starts incremental.
    build(source, arguments.timeout)
    judged = [r for r in results if r[1] not in ("stillborn", "untested")]
    killed = sum(1 for r in judged if r[1] == "killed")
    survivors = [r[0]["id"] for r in results if r[1] == "survived"]
    stillborn = [r[0]["id"] for r in results if r[1] == "stillborn"]
    untested = [r[0]["id"] for r in results if r[1] == "untested"]
    ratio = 100.0 * killed / len(judged) if judged else 0.0
    print(f"{killed} of {len(judged)} mutants killed ({ratio:.0f}%)"
          + (f"; survived: {', '.join(survivors)}" if survivors else "")
          + (f"; did not compile: {', '.join(stillborn)}" if stillborn else "")
          + (f"; no test ran: {', '.join(untested)}" if untested else ""))
    return 0 if not survivors and not stillborn and not untested else 1


if __name__ == "__main__":
    sys.exit(main())
