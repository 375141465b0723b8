"""The DocC site as a browser shows it: loads the landing page and every article of the static
site docc wrote (the articles are read from its render data, so a new one is checked without a
list to keep) in headless Chromium, over a loopback HTTP server, and checks each page's rendered
DOM: the title docc gave the page in its <h1>, a non-empty abstract and body, and none of DocC's
"page not found" or "requires JavaScript" fallbacks. Every link a rendered page holds into the
documentation must name a page the site has (its render data and its index.html), so a symbol
link that only resolved at build time is caught too.
usage: docs_pages.py SITE_DIR CHROMIUM WORK_DIR"""
import html
import http.server
import json
import pathlib
import re
import socketserver
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import partial

site, browser, work = pathlib.Path(sys.argv[1]), sys.argv[2], pathlib.Path(sys.argv[3])
data = site / "data" / "documentation"


def say(text):
    print("docs-check: " + text, file=sys.stderr)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), partial(Quiet, directory=str(site)))
server.daemon_threads = True
threading.Thread(target=server.serve_forever, daemon=True).start()
base = "http://127.0.0.1:%d" % server.server_address[1]

pages = {}  # URL path -> (kind, title)
for file in sorted(data.rglob("*.json")):
    doc = json.loads(file.read_text(encoding="utf-8"))
    path = "/" + file.relative_to(site / "data").with_suffix("").as_posix()
    role = doc.get("metadata", {}).get("role")
    pages[path] = (role, doc.get("metadata", {}).get("title", ""))
articles = sorted(p for p, (role, _) in pages.items() if role in ("article", "collection"))
say("%d pages in the site, %d of them articles or the landing page; rendering those in Chromium" % (len(pages), len(articles)))


def render(path):
    name = path.strip("/").replace("/", "_")
    out = work / (name + ".html")
    with open(out, "wb") as dom, open(work / (name + ".log"), "wb") as log:
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--no-first-run", "--disable-extensions", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--user-data-dir=%s" % (work / ("profile-" + name)),
                        "--virtual-time-budget=10000", "--dump-dom", base + path + "/"],
                       stdout=dom, stderr=log, timeout=120, check=False)
    return out.read_text(encoding="utf-8", errors="replace")


def text_of(fragment):
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def check(path, dom):
    problems = []
    title = pages[path][1]
    heading = re.search(r'<h1[^>]*class="title"[^>]*>(.*?)</h1>', dom, re.S)
    if heading is None:
        problems.append("no rendered title (DocC's app did not render the page)")
    elif text_of(heading.group(1)) != title:
        problems.append("title %r, not %r" % (text_of(heading.group(1)), title))
    abstract = re.search(r'class="abstract content"[^>]*>(.*?)</div>', dom, re.S)
    if abstract is None or not text_of(abstract.group(1)):
        problems.append("an empty abstract")
    body = re.search(r'<main[^>]*>(.*)</main>', dom, re.S)
    if body is None or len(text_of(body.group(1))) < 200:
        problems.append("no content")
    for fallback in ("can\u2019t be found", "can't be found", "The page you\u2019re looking for", "requires JavaScript"):
        if body is not None and fallback in text_of(body.group(1)):
            problems.append("DocC's fallback page (%r)" % fallback)
    for link in sorted(set(re.findall(r'href="(/documentation/[^"#?]*)', dom))):
        target = link.rstrip("/")
        if target not in pages or not (site / target.lstrip("/") / "index.html").exists():
            problems.append("a link to %s, which the site does not have" % link)
    return problems


with ThreadPoolExecutor(max_workers=2) as pool:
    doms = dict(zip(articles, pool.map(render, articles)))
failed = 0
for path in articles:
    problems = check(path, doms[path])
    if problems:
        failed += 1
        for problem in problems:
            say("%s: %s" % (path, problem))
links = sum(len(set(re.findall(r'href="(/documentation/[^"#?]*)', d))) for d in doms.values())
server.shutdown()
if failed:
    say("%d of %d pages did not render as they should (DOMs in %s)" % (failed, len(articles), work))
    sys.exit(1)
say("%d pages rendered with their titles, abstracts and content; %d links between pages, each to a page the site has" % (len(articles), links))
