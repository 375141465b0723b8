"""The attacks on `apicheck serve` (issue: a few clients must not lock everyone out). Each runs
beside a fresh client that asks for config/main.json, a login and an authenticated home timeline
every 0.2 s; the bounds are 100 ms of latency on a quiet machine (judged against the baseline
beside it: ci/attack) and 256 MiB of RSS.
  slow-body      300 clients reading home_timeline with `Prefer: fault=slow-body`
  delay-burst    bursts of 500 `Prefer: delay=30000` requests whose senders leave at once
  slow-readers   1,000 connections reading a 100 KB answer 1 byte a second (60 per address), and
                 1,000 more from one address (past the per-address cap)
  connections    2,000 idle connections from one address
  login-flood    8 keep-alive connections logging in with a new account per request
  gzip-bombs     8 keep-alive connections sending 16 KiB gzip bodies that decode past the 8 MiB
                 body cap: each decoded to the cap, given up and answered 413
  long-404       8 connections asking for 30 KB paths nobody declared
  stalled-log    serve's stderr a pipe nobody reads, under about 1,000 requests a second
  memo-churn     8 connections asking for topics with a new 500-byte query each time, so every
                 answer is remembered for a line never asked again (the memory of repeated
                 answers is bounded and starts over when full)
  added-mocks    20,000 scenario files written into serve's mocks folder while it runs, then
                 each asked for in turn (the first request lists the folder; each file is
                 audited when first asked for)
  expired-token  with --token-lifetime 1, a token past its lifetime, asked for again and again
                 while 120,000 other accounts log in (past the token store's 100,000 entries; it
                 came back to life after about 60,000): never answered 200 again (issue 35, item 1);
                 the fresh client sends the token its own login just got
  host-check     serve --host 127.0.0.2 (loopback, not 127.0.0.1): admin writes and reads with
                 another Host or Origin (a DNS-rebinding page) are refused and set nothing, its
                 own Host is served, and the start warning does not say other machines reach it
                 (item 6)
  cp-p-edit      topics.json replaced 20 times by a same-size edit whose modification time is
                 put back (`cp -p`): each edit served within 2 s (item 11)
"""
import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time

from attacklib import Broken, Server, open_many, request, run_attack, still_open

LATENCY_BOUND, RSS_BOUND_MIB = 0.1, 256


class Serve(Server):
    def __init__(self, binary, stderr=subprocess.DEVNULL, mocks=None, extra=(), host="127.0.0.1", fresh_token=True):
        self.mocks = mocks
        arguments = ["serve"] + (["--mocks", mocks] if mocks else []) + list(extra)
        if host != "127.0.0.1":
            arguments += ["--host", host]
        super().__init__(binary, arguments, "serve", stderr=stderr, host=host)
        # Tokens that expire within a second: the fresh client sends the one its login just got.
        self.token = Serve.login_token(self.port, host) if fresh_token else None

    @staticmethod
    def login_token(port, host="127.0.0.1"):
        """A token of a fresh account of its own, logged in on `port` (serve, or a proxy in front of it)."""
        login = json.dumps({"account": f"fresh{os.getpid()}", "password": "secret99"}).encode()
        _, body, _ = request(port, "POST", "/Api/Account/login", login, host=host)
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


def attack_gzip_bombs(server, seconds):
    # 16 MiB of JSON in ~16 KiB of gzip: serve decodes it to its 8 MiB body cap and answers 413.
    import gzip
    bomb = gzip.compress(b'{"account": "' + b"a" * (16 << 20) + b'", "password": "pw"}', compresslevel=9)
    head = (f"POST /Api/Account/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Encoding: gzip\r\nContent-Length: {len(bomb)}\r\n\r\n").encode()
    answered = flood(server, seconds, lambda i, n: head + bomb)
    return f"{answered} gzip bodies of {len(bomb):,} bytes that decode past the 8 MiB cap answered 413 in {seconds} s"


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
        raise Broken(f"{wrong} of {asked} added scenarios were not served")
    return f"{count} files added; {asked} of them asked for and served, the slowest in {slowest * 1000:.0f} ms"


def attack_expired_token(server, seconds, logins=120_000, workers_count=8):
    """Item 1. Runs until `logins` other logins are done (or ten times `seconds`)."""
    login = json.dumps({"account": f"victim{os.getpid()}", "password": "pw"}).encode()
    _, body, _ = request(server.port, "POST", "/Api/Account/login", login)
    token = json.loads(body)["datas"]["utoken"]
    path = f"/Api/statuses/home_timeline?access_token={token}"
    status = request(server.port, "GET", path)[0]
    if status != 200:
        raise Broken(f"a fresh token got {status}")
    time.sleep(1.3)
    answers = {}
    counts = [0] * workers_count
    stop = threading.Event()

    def make(index, n):
        body = json.dumps({"account": f"other{index}-{n}", "password": "pw"}).encode()
        return (f"POST /Api/Account/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode() + body

    def work(index):
        n = 0
        while not stop.is_set() and sum(counts) < logins:
            try:
                with raw(server.port, b"", f"127.0.9.{index + 2}", timeout=5) as s:
                    while not stop.is_set() and sum(counts) < logins:
                        n += 1
                        s.sendall(make(index, n))
                        data = b""
                        while b"\r\n\r\n" not in data or len(data) < data.index(b"\r\n\r\n") + 4 + length(data):
                            chunk = s.recv(65536)
                            if not chunk:
                                raise ConnectionError("closed")
                            data += chunk
                        counts[index] += 1
            except (OSError, ValueError, IndexError):
                time.sleep(0.01)

    threads = [threading.Thread(target=work, args=(i,), daemon=True) for i in range(workers_count)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + seconds * 10
    first_200 = None
    while True:
        done = sum(counts)
        status = request(server.port, "GET", path)[0]
        answers[status] = answers.get(status, 0) + 1
        if status == 200 and first_200 is None:
            first_200 = done
        server.sample()
        if done >= logins or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    stop.set()
    for t in threads:
        t.join()
    done = sum(counts)
    seen = ", ".join(f"{count} x {status}" for status, count in sorted(answers.items(), key=lambda a: str(a[0])))
    if first_200 is not None:
        raise Broken(f"the expired token was answered 200 after {first_200} other logins ({seen})")
    if done < logins:
        raise Broken(f"only {done} of {logins} logins in {seconds * 10:.0f} s: too slow to show the store's bound ({seen})")
    return f"{done} other logins; the expired token asked {sum(answers.values())} times: {seen}"


def attack_host_check(server, seconds):
    """Item 6: serve on 127.0.0.2, the admin API from another Host or Origin."""
    own = f"{server.host}:{server.port}"
    body = json.dumps({"fault": "reset"}).encode()
    json_type = ("Content-Type", "application/json")
    refused = 0
    for host, origin in (("evil.example", None), (f"evil.example:{server.port}", "http://evil.example"),
                         (own, f"http://evil.example:{server.port}"), ("127.0.0.2.evil.example", None)):
        headers = [json_type] + ([("Origin", origin)] if origin else [])
        status, answer, _ = request(server.port, "PUT", "/__apicheck/scenarios/topics.list", body, headers=headers,
                                    host=server.host, host_header=host)
        read, _, _ = request(server.port, "GET", "/__apicheck/requests", host=server.host, host_header=host,
                             headers=[("Origin", origin)] if origin else [])
        if status is None or status < 400 or read is None or read < 400:
            raise Broken(f"Host {host}, Origin {origin}: the admin write got {status}, the journal read {read}")
        refused += 2
    status, answer, _ = request(server.port, "GET", "/Api/topics", host=server.host)
    if status != 200:
        raise Broken(f"after the refused writes, topics answered {status}: a fault was set")
    status, _, _ = request(server.port, "GET", "/__apicheck/health", host=server.host)
    if status != 200:
        raise Broken(f"its own Host got {status} from the admin API")
    time.sleep(seconds / 10)
    server.sample()
    with open(server.log_path, "rb") as f:
        log = f.read().decode(errors="replace")
    if "other machines" in log or "from the network" in log:
        raise Broken("the start warning says other machines reach a loopback server")
    return f"{refused} admin requests from another Host or Origin refused; own Host served; no wrong warning"


def attack_cp_p_edit(server, seconds, rounds=20):
    """Item 11: a same-size edit with its modification time put back."""
    path = os.path.join(server.mocks, "topics.json")
    with open(path, "rb") as f:
        original = f.read()
    stat = os.stat(path)
    work = tempfile.mkdtemp(prefix="attack-cpp-")
    slowest = 0.0
    try:
        for round_ in range(rounds):
            marker = b"How do you structure" if round_ % 2 else b"Who do you structure"
            text = original.replace(b"How do you structure", marker)
            text = text.replace(b'"likeNum": 50', b'"likeNum": %02d' % (10 + round_))
            if len(text) != len(original):
                raise SystemExit("attack: the cp -p edit changed the size")
            edited = os.path.join(work, "topics.json")
            with open(edited, "wb") as f:
                f.write(text)
            os.utime(edited, ns=(stat.st_atime_ns, stat.st_mtime_ns))
            subprocess.run(["cp", "-p", edited, path], check=True)
            if os.stat(path).st_mtime_ns != stat.st_mtime_ns or os.stat(path).st_size != stat.st_size:
                raise SystemExit("attack: cp -p did not keep the size and the time")
            start = time.monotonic()
            while True:
                status, answer, _ = request(server.port, "GET", "/Api/topics")
                if status == 200 and b'"likeNum":%d' % (10 + round_) in answer.replace(b" ", b""):
                    break
                if time.monotonic() - start > 2:
                    raise Broken(f"edit {round_ + 1} not served after 2 s (status {status})")
                time.sleep(0.05)
            slowest = max(slowest, time.monotonic() - start)
            server.sample()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return f"{rounds} same-size edits put back in time by cp -p, each served, the slowest after {slowest * 1000:.0f} ms"


ATTACKS = {
    "slow-body": attack_slow_body,
    "delay-burst": attack_delay_burst,
    "slow-readers": attack_slow_readers,
    "connections": attack_connections,
    "login-flood": attack_login_flood,
    "gzip-bombs": attack_gzip_bombs,
    "long-404": attack_long_404,
    "stalled-log": attack_stalled_log,
    "memo-churn": attack_memo_churn,
    "added-mocks": attack_added_mocks,
    "expired-token": attack_expired_token,
    "host-check": attack_host_check,
    "cp-p-edit": attack_cp_p_edit,
}


def run(binary, only, seconds):
    """Every attack (or those named in `only`); returns whether all held."""
    ok = True
    for name in (only or ",".join(ATTACKS)).split(","):
        if name not in ATTACKS:
            raise SystemExit(f"attack: unknown serve attack '{name}' (known: {', '.join(ATTACKS)})")
        # The stalled log: serve's stderr is a pipe this script never reads.
        stderr = subprocess.PIPE if name == "stalled-log" else subprocess.DEVNULL
        # Files are added to (or edited in) a copy of the mocks, never the repository's.
        mocks, scratch = None, tempfile.mkdtemp(prefix="attack-serve-")
        if name in ("added-mocks", "cp-p-edit"):
            mocks = os.path.join(scratch, "mocks")
            shutil.copytree("mocks", mocks)
        extra, host, fresh_token = (), "127.0.0.1", True
        if name == "expired-token":
            extra, fresh_token = ("--token-lifetime", "1", "--quiet"), False
        if name == "host-check":
            host = "127.0.0.2"
            stderr = open(os.path.join(scratch, "serve.log"), "wb")

        def start():
            server = Serve(binary, stderr, mocks, extra, host, fresh_token)
            server.log_path = os.path.join(scratch, "serve.log")
            return server
        try:
            ok &= run_attack("serve " + name, start, ATTACKS[name], seconds, LATENCY_BOUND, RSS_BOUND_MIB)
        finally:
            if hasattr(stderr, "close"):
                stderr.close()
            shutil.rmtree(scratch, ignore_errors=True)
    return ok
