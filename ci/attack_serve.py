"""The attacks on `apicheck serve` (issue: a few clients must not lock everyone out). Each runs
beside a fresh client that asks for config/main.json, a login and an authenticated home timeline
every 0.2 s; the bounds are 100 ms of latency and 256 MiB of RSS.
  slow-body      300 clients reading home_timeline with `Prefer: fault=slow-body`
  delay-burst    bursts of 500 `Prefer: delay=30000` requests whose senders leave at once
  slow-readers   1,000 connections reading a 100 KB answer 1 byte a second (60 per address), and
                 1,000 more from one address (past the per-address cap)
  connections    2,000 idle connections from one address
  login-flood    8 keep-alive connections logging in with a new account per request
  long-404       8 connections asking for 30 KB paths nobody declared
  stalled-log    serve's stderr a pipe nobody reads, under about 1,000 requests a second
  memo-churn     8 connections asking for topics with a new 500-byte query each time, so every
                 answer is remembered for a line never asked again (the memory of repeated
                 answers is bounded and starts over when full)
  added-mocks    20,000 scenario files written into serve's mocks folder while it runs, then
                 each asked for in turn (the first request lists the folder; each file is
                 audited when first asked for)
"""
import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time

from attacklib import Server, open_many, request, run_attack, still_open

LATENCY_BOUND, RSS_BOUND_MIB = 0.1, 256


class Serve(Server):
    def __init__(self, binary, stderr=subprocess.DEVNULL, mocks=None):
        self.mocks = mocks
        super().__init__(binary, ["serve"] + (["--mocks", mocks] if mocks else []), "serve", stderr=stderr)
        self.token = Serve.login_token(self.port)

    @staticmethod
    def login_token(port):
        """A token of a fresh account of its own, logged in on `port` (serve, or a proxy in front of it)."""
        login = json.dumps({"account": f"fresh{os.getpid()}", "password": "secret99"}).encode()
        _, body, _ = request(port, "POST", "/Api/Account/login", login)
        return json.loads(body)["datas"]["utoken"]


def workers(server, seconds, count, work):
    """`count` threads running `work(index, stop)` for `seconds`, sampling the RSS meanwhile."""
    stop = threading.Event()
    threads = [threading.Thread(target=work, args=(i, stop), daemon=True) for i in range(count)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.25)
        server.sample()
    stop.set()
    for t in threads:
        t.join()


def raw(port, data, source=None, timeout=30):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0) if source else None)
    s.sendall(data)
    return s


def attack_slow_body(server, seconds, clients=300):
    done = [0]
    head = b"GET /Api/statuses/home_timeline?access_token=" + server.token.encode() + \
        b" HTTP/1.1\r\nHost: x\r\nPrefer: fault=slow-body\r\nConnection: close\r\n\r\n"

    def work(index, stop):
        while not stop.is_set():
            try:
                with raw(server.port, head, f"127.0.{20 + index // 60}.{2 + index % 60}") as s:
                    s.settimeout(1)
                    while not stop.is_set():
                        try:
                            if not s.recv(65536):
                                done[0] += 1
                                break
                        except socket.timeout:
                            pass
            except OSError:
                time.sleep(0.05)
    workers(server, seconds, clients, work)
    return f"{clients} slow-body readers, {done[0]} bodies finished"


def attack_delay_burst(server, seconds, burst=500):
    sent = [0]
    head = b"GET /Api/topics HTTP/1.1\r\nHost: x\r\nPrefer: delay=30000\r\n\r\n"

    def work(index, stop):
        while not stop.is_set():
            for i in range(burst):
                try:
                    raw(server.port, head, f"127.0.{40 + i // 200}.{2 + i % 200}", timeout=2).close()
                    sent[0] += 1
                except OSError:
                    pass
            stop.wait(1)
    workers(server, seconds, 1, work)
    return f"{sent[0]} delayed requests sent and abandoned"


def attack_slow_readers(server, seconds):
    conns, refused = open_many(server.port, 1000, 60)
    one, refused_one = [], 0
    for _ in range(1000):
        try:
            one.append(raw(server.port, b"", "127.0.7.7", timeout=2))
        except OSError:
            refused_one += 1
    head = b"GET /Api/statuses/home_timeline?count=200&access_token=" + server.token.encode() + b" HTTP/1.1\r\nHost: x\r\n\r\n"
    everyone = conns + one
    for s in everyone:
        try:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.send(head)
        except OSError:
            pass
    for s in everyone:
        s.setblocking(False)
    ended = set()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for s in everyone:
            if s in ended:
                continue
            try:
                if not s.recv(1):
                    ended.add(s)
            except BlockingIOError:
                pass
            except OSError:
                ended.add(s)
        time.sleep(1)
        server.sample()
    cut_one = sum(1 for s in one if s in ended)
    for s in everyone:
        s.close()
    return (f"{len(conns)} slow readers from many addresses and {len(one)} from one ({refused} + {refused_one} refused); "
            f"{len(ended) - cut_one} + {cut_one} ended by the server within {seconds} s")


def attack_connections(server, seconds, count=2000):
    held, refused = [], 0
    for _ in range(count):
        try:
            held.append(raw(server.port, b"", "127.0.8.8", timeout=2))
        except OSError:
            refused += 1
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.5)
        server.sample()
    for s in held:
        s.setblocking(False)
    left = len(still_open(held))
    return f"{len(held)} idle connections from one address ({refused} refused), {left} still open after {seconds} s"


def flood(server, seconds, make, count=8, pause=0.0):
    counts = [0] * count

    def work(index, stop):
        n = 0
        while not stop.is_set():
            try:
                with raw(server.port, b"", f"127.0.9.{index + 2}", timeout=5) as s:
                    while not stop.is_set():
                        n += 1
                        s.sendall(make(index, n))
                        data = b""
                        while b"\r\n\r\n" not in data or len(data) < data.index(b"\r\n\r\n") + 4 + length(data):
                            chunk = s.recv(65536)
                            if not chunk:
                                raise ConnectionError("closed")
                            data += chunk
                        counts[index] += 1
                        if pause:
                            stop.wait(pause)
            except (OSError, ValueError, IndexError):
                time.sleep(0.01)
    workers(server, seconds, count, work)
    return sum(counts)


def length(data):
    return int(data.lower().split(b"content-length: ")[1].split(b"\r\n")[0])


def attack_login_flood(server, seconds):
    def make(index, n):
        body = json.dumps({"account": f"flood{index}-{n}", "password": "pw"}).encode()
        return (f"POST /Api/Account/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode() + body
    return f"{flood(server, seconds, make)} logins of new accounts in {seconds} s"


def attack_long_404(server, seconds):
    head = b"GET /Api/statuses/" + b"a/" * 15000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"
    return f"{flood(server, seconds, lambda i, n: head)} 30 KB 404s in {seconds} s"


def attack_stalled_log(server, seconds):
    # About 1,000 requests a second: the pipe (64 KiB) is full within a second, and stays full.
    head = b"GET /Api/topics?stalled=" + b"x" * 200 + b" HTTP/1.1\r\nHost: x\r\n\r\n"
    answered = flood(server, seconds, lambda i, n: head, pause=0.008)
    return f"{answered} requests answered while nobody read serve's log"


def attack_memo_churn(server, seconds):
    pad = b"x" * 480

    def make(index, n):
        return b"GET /Api/topics?n=%d-%d&pad=%s HTTP/1.1\r\nHost: x\r\n\r\n" % (index, n, pad)
    return f"{flood(server, seconds, make)} distinct remembered lines in {seconds} s"


def attack_added_mocks(server, seconds, count=20000):
    topics = open(os.path.join(server.mocks, "topics.json"), "rb").read()
    for index in range(count):
        with open(os.path.join(server.mocks, f"topics@added{index}.json"), "wb") as out:
            out.write(topics)
    time.sleep(0.6)  # past serve's reload interval: the next miss lists the folder
    asked, slowest, wrong = 0, 0.0, 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and asked < count:
        status, _, elapsed = request(server.port, "GET", "/Api/topics", headers=[("Prefer", f"scenario=added{asked}")])
        wrong += status != 200
        slowest = max(slowest, elapsed)
        asked += 1
        server.sample()
    if wrong:
        raise SystemExit(f"attack: {wrong} of {asked} added scenarios were not served")
    return f"{count} files added; {asked} of them asked for and served, the slowest in {slowest * 1000:.0f} ms"


ATTACKS = {
    "slow-body": attack_slow_body,
    "delay-burst": attack_delay_burst,
    "slow-readers": attack_slow_readers,
    "connections": attack_connections,
    "login-flood": attack_login_flood,
    "long-404": attack_long_404,
    "stalled-log": attack_stalled_log,
    "memo-churn": attack_memo_churn,
    "added-mocks": attack_added_mocks,
}


def run(binary, only, seconds):
    """Every attack (or those named in `only`); returns whether all held."""
    ok = True
    for name in (only or ",".join(ATTACKS)).split(","):
        if name not in ATTACKS:
            raise SystemExit(f"attack: unknown serve attack '{name}' (known: {', '.join(ATTACKS)})")
        # The stalled log: serve's stderr is a pipe this script never reads.
        stderr = subprocess.PIPE if name == "stalled-log" else subprocess.DEVNULL
        # Files are added to a copy of the mocks, never to the repository's.
        mocks = None
        if name == "added-mocks":
            mocks = os.path.join(tempfile.mkdtemp(prefix="attack-mocks-"), "mocks")
            shutil.copytree("mocks", mocks)
        try:
            ok &= run_attack("serve " + name, lambda: Serve(binary, stderr, mocks), ATTACKS[name], seconds, LATENCY_BOUND, RSS_BOUND_MIB)
        finally:
            if mocks:
                shutil.rmtree(os.path.dirname(mocks), ignore_errors=True)
    return ok
