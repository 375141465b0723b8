"""What ci/attack's attacks share: a fresh client that measures its latency, raw requests, many
connections from many loopback addresses, and a server process's RSS."""
import json
import multiprocessing
import os
import socket
import subprocess
import sys
import time

RSS_ABORT_MIB = 2048
RATIO, OVERLAP = 5, 2


class Broken(Exception):
    """An attack that got through: the server (or the command) did what the defect did."""


def proc_status(pid, field):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) // 1024  # kB -> MiB
    except OSError:
        pass
    return -1


def request(port, method, path, body=b"", timeout=5.0, headers=(), host="127.0.0.1", host_header=None):
    """One request on a fresh connection to `host`; returns (status, body, seconds) or (None, error, seconds)."""
    start = time.monotonic()
    try:
        with socket.create_connection((host, port), timeout=timeout) as s:
            head = f"{method} {path} HTTP/1.1\r\nHost: {host_header or f'{host}:{port}'}\r\nConnection: close\r\n"
            head += "".join(f"{name}: {value}\r\n" for name, value in headers)
            if body:
                head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            s.sendall(head.encode() + b"\r\n" + body)
            data = b"".join(iter(lambda: s.recv(65536), b""))
        elapsed = time.monotonic() - start
        if not data.startswith(b"HTTP/1.1 "):
            return None, "no answer", elapsed
        return int(data[9:12]), data.split(b"\r\n\r\n", 1)[-1], elapsed
    except OSError as error:
        return None, str(error), time.monotonic() - start


class FreshClient:
    """Asks for config/main.json, a login and an authenticated home timeline every 0.2 s, on new
    connections from 127.0.0.1, and keeps every latency and any failure. It runs in a process
    of its own: in the attacker's process it would wait for the attack's Python work (the GIL)
    and report that as the server's latency. Without a token of its own (a server whose tokens
    expire within a second) it sends the one its login just got."""

    def __init__(self, port, token, host="127.0.0.1"):
        self.port, self.token, self.host = port, token, host
        # A login of an account of its own (a small body: admitted even when the budget is spent).
        self.account = f"login{os.getpid()}"
        self.latencies, self.failures, self.token_latencies = [], [], []
        self.stop = multiprocessing.Event()
        self.results = multiprocessing.Queue()
        self.process = multiprocessing.Process(target=self.run, daemon=True)

    @property
    def count(self):
        return len(self.latencies)

    @property
    def worst(self):
        return max(self.latencies, default=0.0)

    def run(self):
        login = json.dumps({"account": self.account, "password": "secret99"}).encode()
        while not self.stop.is_set():
            asks = [("GET", "/Api/config/main.json", b""), ("POST", "/Api/Account/login", login),
                    ("GET", "/Api/statuses/home_timeline?access_token=", b"")]
            token = self.token
            for method, path, payload in asks:
                if path.endswith("access_token="):
                    path += token or ""
                status, body, elapsed = request(self.port, method, path, payload, host=self.host)
                if payload is login and status == 200 and self.token is None:
                    try:
                        token = json.loads(body)["datas"]["utoken"]
                    except (ValueError, KeyError, TypeError):
                        pass
                self.latencies.append(elapsed)
                if "access_token" in path and status == 200:
                    self.token_latencies.append(elapsed)
                if status != 200:
                    self.failures.append(f"{path.split('?')[0]}: {status} {body[:60]!r}")
            self.stop.wait(0.2)
        self.results.put((self.latencies, self.failures, self.token_latencies))

    def __enter__(self):
        self.process.start()
        return self

    def __exit__(self, *_):
        self.stop.set()
        self.latencies, self.failures, self.token_latencies = self.results.get(timeout=60)
        self.process.join()


def open_many(port, count, per_source):
    """Non-blocking connections, `per_source` from each loopback address other than 127.0.0.1
    (the fresh client's); refused ones are counted, not raised."""
    conns, refused = [], 0
    for i in range(count):
        s = socket.socket()
        try:
            source = i // per_source
            s.bind((f"127.0.{1 + source // 250}.{2 + source % 250}", 0))
            s.settimeout(2)
            s.connect(("127.0.0.1", port))
            s.setblocking(False)
            conns.append(s)
        except OSError:
            refused += 1
            s.close()
    return conns, refused


def still_open(conns):
    """Connections the server has not ended: EOF, a reset or an answer (503, 413) all end one."""
    alive = []
    for s in conns:
        try:
            s.recv(65536)
            s.close()
        except BlockingIOError:
            alive.append(s)
        except OSError:
            s.close()
    return alive




class Server:
    """`apicheck ARGUMENTS --port N` on a free loopback port, up when it answers config/main.json."""

    def __init__(self, binary, arguments, what, stderr=subprocess.DEVNULL, host="127.0.0.1"):
        self.host = host
        with socket.socket() as s:
            s.bind((host, 0))
            self.port = s.getsockname()[1]
        self.process = subprocess.Popen([binary] + arguments + ["--port", str(self.port)],
                                        stdout=subprocess.DEVNULL, stderr=stderr)
        self.rss_peak = 0
        for _ in range(200):
            if request(self.port, "GET", "/Api/config/main.json", timeout=1, host=host)[0] == 200:
                break
            time.sleep(0.05)
        else:
            sys.exit(f"attack: {what} did not start")

    def sample(self):
        self.rss_peak = max(self.rss_peak, proc_status(self.process.pid, "VmRSS"))

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class CPUShare:
    """How much of a core a busy process gets on this machine now: it spins for 100 ms every
    300 ms in a process of its own and keeps the CPU time it got over the wall time it spun. On
    an idle machine that is 1; beside other builds it is about the cores over the runnable
    threads, and work that took a second on an idle core takes 1/share seconds."""

    def __init__(self):
        self.stop = multiprocessing.Event()
        self.results = multiprocessing.Queue()
        self.process = multiprocessing.Process(target=self.run, daemon=True)
        self.share = 1.0

    def run(self):
        cpu = wall = 0.0
        while not self.stop.is_set():
            start, used = time.monotonic(), time.process_time()
            while time.monotonic() - start < 0.1:
                pass
            wall += time.monotonic() - start
            cpu += time.process_time() - used
            self.stop.wait(0.2)
        self.results.put(min(1.0, cpu / wall) if wall else 1.0)

    def __enter__(self):
        self.process.start()
        return self

    def __exit__(self, *_):
        self.stop.set()
        self.share = max(0.01, self.results.get(timeout=60))
        self.process.join()


def trickle(server, conns, seconds, byte, each=None):
    """Sends a KiB of `byte` down every connection every half second for `seconds`, sampling the
    server's RSS (and calling `each`, when given) after each round."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for s in conns:
            try:
                s.send(byte * 1024)
            except OSError:
                pass
        time.sleep(0.5)
        server.sample()
        if each:
            each()


def percentile(latencies, fraction):
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else 0.0


def latency_bound(floor, share, baseline_worst):
    """The bound an attacked fresh client's worst latency is judged against: the quiet machine's
    `floor` stretched by the CPU share (the lower of those measured beside the baseline and just
    after the attack), or RATIO times the baseline client's own worst over as many requests,
    whichever is more. Work an attack queues ahead of a fresh request takes 1/share as long on a
    loaded machine, and the attacker's own work, which an idle machine runs on the other core,
    then queues for the same cores: OVERLAP / share - (OVERLAP - 1) is 1 on an idle machine, so
    the bound there is `floor`, and OVERLAP / share when the share is small."""
    return max(floor * (OVERLAP / share - (OVERLAP - 1)), RATIO * baseline_worst)


def run_attack(name, start, attack, seconds, floor, rss_bound):
    """Starts a server and runs a fresh client against it for `seconds` with no attack (the
    baseline, beside a CPUShare), then one attack beside a fresh client, then a CPUShare alone; prints both clients'
    worst latencies, their ratio, the bound (latency_bound) and the server's peak RSS; returns
    whether the attacked worst stayed within its bound, nobody failed, the RSS stayed within
    `rss_bound` and the attack did not get through."""
    server = start()
    try:
        with FreshClient(server.port, server.token, server.host) as baseline, CPUShare() as cpu:
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                time.sleep(0.25)
                server.sample()
        broken = None
        with FreshClient(server.port, server.token, server.host) as fresh:
            try:
                what = attack(server, seconds)
            except Broken as error:
                what, broken = f"got through: {error}", error
        # The load may have changed during the attack: the share is measured after it too, and
        # the lower of the two stretches the bound.
        with CPUShare() as after:
            time.sleep(min(seconds, 5))
        share = min(cpu.share, after.share)
        peak = max(server.rss_peak, proc_status(server.process.pid, "VmHWM"))
        # The worst of as many requests as the attacked client made: the worst of more is larger.
        same = baseline.latencies[:max(1, fresh.count)]
        base = max(same, default=0.0)
        bound = latency_bound(floor, share, base)
        stretch = OVERLAP / share - (OVERLAP - 1)
        failures = baseline.failures + fresh.failures
        ok = fresh.worst <= bound and not failures and peak < rss_bound and broken is None
        ratio = f"{fresh.worst / base:.1f}x" if base else "-"
        print(f"{name:14} {'ok  ' if ok else 'FAIL'} worst {fresh.worst * 1000:.0f} ms attacked, "
              f"{base * 1000:.0f} ms baseline ({ratio}); bound {bound * 1000:.0f} ms = max({floor * 1000:.0f} ms "
              f"quiet-machine bound x {stretch:.1f} for a CPU share of {share:.2f}, {RATIO:g} x baseline); "
              f"RSS peak {peak} MiB "
              f"(bound {rss_bound} MiB)")
        print(f"{'':14}      p99 {percentile(fresh.latencies, 0.99) * 1000:.0f} / {percentile(same, 0.99) * 1000:.0f} ms, "
              f"median {percentile(fresh.latencies, 0.5) * 1000:.1f} / {percentile(same, 0.5) * 1000:.1f} ms "
              f"over {fresh.count} / {len(same)} requests (token endpoint median "
              f"{percentile(fresh.token_latencies, 0.5) * 1000:.1f} ms); {len(fresh.failures)} / "
              f"{len(baseline.failures)} failed")
        print(f"{'':14}      {what}")
        for failure in failures[:3]:
            print(f"{'':14}      failed: {failure}")
        sys.stdout.flush()
        return ok
    finally:
        server.stop()
