"""The decision of ci/api-check: which API breaks `swift package diagnose-api-breaking-changes`
reported, and whether CHANGELOG.md's Unreleased section names each. A break is named by a line of
that section (the part from `## [Unreleased]` to the next `## ` heading) quoting the tool's message
in backticks; a break named only under a released version does not count, since that release
already shipped it. Exits 0 when every break is named (or there is none), 1 when one is not (each
printed with the line to add) or when the tool failed without naming a break (a build that
failed: its output is printed), 2 when CHANGELOG.md has no Unreleased section.
usage: api_gate.py TOOL_OUTPUT TOOL_EXIT_CODE BASELINE CHANGELOG"""
import re
import sys

out_path, code, baseline, changelog_path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
text = open(out_path, encoding="utf-8", errors="replace").read()


def say(line):
    print("api-check: " + line, file=sys.stderr)


# The tool prints each break as "💔 API breakage: <message>" under its module's heading.
breaks = list(dict.fromkeys(m.strip() for m in re.findall(r"API breakage: (.+)", text)))

changelog = open(changelog_path, encoding="utf-8").read()
section = re.search(r"^## \[Unreleased\][^\n]*\n(.*?)(?=^## |\Z)", changelog, re.S | re.M)
if section is None:
    say("%s has no '## [Unreleased]' section" % changelog_path)
    sys.exit(2)
named = set(s.strip() for s in re.findall(r"`([^`\n]+)`", section.group(1)))

if code != 0 and not breaks:
    # Not a break: the baseline or the current sources did not build, or the tool failed.
    sys.stdout.write(text[-6000:])
    say("diagnose-api-breaking-changes failed (exit %d) without naming a break; its output is above" % code)
    sys.exit(1)

unnamed = [b for b in breaks if b not in named]
for b in breaks:
    say(("BREAK not named in CHANGELOG.md: " if b in unnamed else "intended, named in CHANGELOG.md: ") + b)
if unnamed:
    say("%d of %d breaks against %s are not named in CHANGELOG.md's Unreleased section. An intended break "
        "goes there as a line quoting the message, e.g.:" % (len(unnamed), len(breaks), baseline))
    for b in unnamed:
        print("  - `%s`: <why, and what to use instead>" % b, file=sys.stderr)
    say("an unintended one is a change to undo")
    sys.exit(1)
say("%d breaks against %s, each named in CHANGELOG.md" % (len(breaks), baseline) if breaks
    else "no breaking change against %s" % baseline)
