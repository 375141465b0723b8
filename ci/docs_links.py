"""Every relative link in README.md and docs/*.md resolves: the file exists in the repository and
an anchor names a heading of the Markdown file it points into (GitHub's heading slugs, with their
-1, -2 suffixes for repeated headings). A link that leaves the repository (`../` above its root) is
refused too: the repository is read on its own. Prints each broken link as FILE:LINE: TARGET
(why) and exits 1 if any; used by ci/docs-check.
usage: docs_links.py [ROOT]    (ROOT: the repository, by default the one this script is in)"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent).resolve()
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def slug(heading):
    text = re.sub(r"`", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        seen, found, fenced = {}, set(), False
        for line in path.read_text(encoding="utf-8").splitlines():
            if FENCE.match(line):
                fenced = not fenced
            elif not fenced and re.match(r"^#{1,6} ", line):
                base = slug(line.lstrip("#"))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else "%s-%d" % (base, count))
        cache[path] = found
    return cache[path]


def links(path):
    fenced = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        # Inline code is not a link, whatever brackets it holds.
        for match in LINK.finditer(re.sub(r"`[^`]*`", "``", line)):
            yield number, match.group(1)


def check(path):
    problems = []
    for number, target in links(path):
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
            continue
        file_part, _, anchor = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        where = "%s:%d: %s" % (path.relative_to(ROOT), number, target)
        if ROOT not in dest.parents and dest != ROOT:
            problems.append(where + " (points outside the repository)")
        elif not dest.exists():
            problems.append(where + " (no such file)")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            problems.append(where + " (no heading with that anchor in %s)" % dest.relative_to(ROOT))
    return problems


def main():
    files = [f for f in [ROOT / "README.md"] if f.exists()] + sorted((ROOT / "docs").glob("*.md"))
    problems = [p for f in files for p in check(f)]
    for problem in problems:
        print("docs-check: broken link: " + problem, file=sys.stderr)
    count = sum(1 for f in files for _ in links(f))
    print("docs-check: %d links in %d Markdown files, %d broken" % (count, len(files), len(problems)), file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
