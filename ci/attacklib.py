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
    connections from 127.0.0.1, and keeps the worst latency and any failure. It runs in a process
    of its own: in the attacker's process it would wait for the attack's Python work (the GIL)
    and report that as the server's latency. Without a token of its own (a server whose tokens
    expire within a second) it sends the one its login just got."""

    def __init__(self, port, token, host="127.0.0.1"):
        self.port, self.token, self.host = port, token, host
        # A login of an account of its own (a small body: admitted even when the budget is spent).
        self.account = f"login{os.getpid()}"
        self.worst, self.count, self.failures, self.token_latencies = 0.0, 0, [], []
        self.stop = multiprocessing.Event()
        self.results = multiprocessing.Queue()
        self.process = multiprocessing.Process(target=self.run, daemon=True)

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
                self.count += 1
                self.worst = max(self.worst, elapsed)
                if "access_token" in path and status == 200:
                    self.token_latencies.append(elapsed)
                if status != 200:
                    self.failures.append(f"{path.split('?')[0]}: {status} {body[:60]!r}")
            self.stop.wait(0.2)
        self.results.put((self.worst, self.count, self.failures, self.token_latencies))

    def __enter__(self):
        self.process.start()
        return self

    def __exit__(self, *_):
        self.stop.set()
        self.worst, self.count, self.failures, self.token_latencies = self.results.get(timeout=60)
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


def run_attack(name, start, attack, seconds, latency_bound, rss_bound):
    """Starts a server, runs one attack on it beside a fresh client, prints the fresh client's worst
    latency and the server's peak RSS; returns whether both stayed within their bounds."""
    server = start()
    try:
        broken = None
        with FreshClient(server.port, server.token, server.host) as fresh:
            try:
                what = attack(server, seconds)
            except Broken as error:
                what, broken = f"got through: {error}", error
        peak = max(server.rss_peak, proc_status(server.process.pid, "VmHWM"))
        ok = fresh.worst < latency_bound and not fresh.failures and peak < rss_bound and broken is None
        token = sorted(fresh.token_latencies)[len(fresh.token_latencies) // 2] * 1000 if fresh.token_latencies else 0
        print(f"{name:14} {'ok  ' if ok else 'FAIL'} fresh client worst {fresh.worst * 1000:.0f} ms over "
              f"{fresh.count} requests (token endpoint median {token:.1f} ms), {len(fresh.failures)} failed; "
              f"RSS peak {peak} MiB (bounds {latency_bound * 1000:.0f} ms, {rss_bound} MiB)")
        print(f"{'':14}      {what}")
        for failure in fresh.failures[:3]:
            print(f"{'':14}      failed: {failure}")
        sys.stdout.flush()
        return ok
    finally:
        server.stop()
