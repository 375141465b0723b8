"""The tunnel attacks on `apicheck proxy` (docs/proxy.md, "WebSocket upgrades, as tunnels"). The
proxy's upstream here is a small splice in a process of its own: a WebSocket upgrade is answered
101 and its bytes echoed (or, after `FLOOD`, answered with bytes for ever); any other request is
spliced to `apicheck serve`, so the fresh client's calls still reach the demo.
  idle-tunnels    2,000 tunnels opened from 20 addresses and left idle (64 per address are let
                  through up to 1,024 in all, the rest refused and counted)
  stalled-reader  100 tunnels whose upstream floods and whose client never reads: each holds its
                  two bounded buffers, no more
  stalled-events  100 event streams (`Accept: text/event-stream`) whose upstream floods events
                  and whose client never reads: each holds one bounded buffer
"""
import json
import multiprocessing
import socket
import threading
import time

import attack_proxy
import attack_serve
from attacklib import Server, request

HANDSHAKE = ("GET /chat HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()


def splice(a, b):
    try:
        while True:
            data = a.recv(65536)
            if not data:
                break
            b.sendall(data)
    except OSError:
        pass
    for s in (a, b):
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def read_head(conn):
    """A request's head (and whatever came after it); None, the connection closed, when it ended first."""
    head = b""
    while b"\r\n\r\n" not in head:
        data = conn.recv(65536)
        if not data:
            conn.close()
            return None
        head += data
    return head


def serve_connection(conn, serve_port):
    head = read_head(conn)
    if head is None:
        return
    if b"accept: text/event-stream" in head.lower():
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
        event = b"data: " + b"e" * 1000 + b"\n\n"
        chunk = f"{len(event):x}\r\n".encode() + event + b"\r\n"
        try:
            while True:
                conn.sendall(chunk * 16)
        except OSError:
            conn.close()
        return
    serve_head(conn, head, serve_port)


def serve_head(conn, head, serve_port):
    """A connection whose request head has been read: a WebSocket upgrade echoed, anything else spliced to serve."""
    if b"upgrade: websocket" not in head.lower():
        upstream = socket.create_connection(("127.0.0.1", serve_port))
        upstream.sendall(head)
        threading.Thread(target=splice, args=(upstream, conn), daemon=True).start()
        splice(conn, upstream)
        return
    conn.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 b"Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n")
    try:
        while True:
            data = conn.recv(65536)
            if not data:
                break
            if data.startswith(b"FLOOD"):
                chunk = b"f" * 65536
                while True:
                    conn.sendall(chunk)
            conn.sendall(data)
    except OSError:
        pass
    conn.close()


def upstream_main(port, serve_port, handler=None):
    """The splice's accept loop: each connection to `handler` (this file's own by default) on a
    thread of its own."""
    threading.stack_size(256 << 10)
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(4096)
    while True:
        conn, _ = listener.accept()
        threading.Thread(target=handler or serve_connection, args=(conn, serve_port), daemon=True).start()


class TunnelProxy(attack_proxy.Proxy):
    """The proxy in front of the splice, which is in front of `apicheck serve`."""

    def __init__(self, binary, handler=None, extra=()):
        self.upstream = attack_serve.Serve.__new__(attack_serve.Serve)
        Server.__init__(self.upstream, binary, ["serve", "--quiet", "--client-connections", "0"], "serve (the upstream)")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.splice_port = s.getsockname()[1]
        self.splice = multiprocessing.Process(target=upstream_main, args=(self.splice_port, self.upstream.port, handler), daemon=True)
        self.splice.start()
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.splice_port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        Server.__init__(self, binary, ["proxy", *attack_proxy.ENGINE_ARGS, *extra, "--upstream",
                                       f"http://127.0.0.1:{self.splice_port}/Api/", "--quiet", "--mocks", "mocks"], "proxy")
        self.token = attack_serve.Serve.login_token(self.port)

    def stop(self):
        super().stop()
        self.splice.terminate()
        self.splice.join()

    def tunnels(self):
        status, body, _ = request(self.port, "GET", "/__apicheck/findings")
        return json.loads(body)["tunnels"] if status == 200 else {}


def open_tunnel(port, source):
    s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    s.sendall(HANDSHAKE)
    head = b""
    while b"\r\n\r\n" not in head:
        data = s.recv(4096)
        if not data:
            break
        head += data
    return s, head[9:12]


def hold(server, seconds, conns):
    """Keeps `conns` open for `seconds`, sampling the proxy's memory, then closes them; the proxy's
    tunnel counts as they were while they were open."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.5)
        server.sample()
    counts = server.tunnels()
    for s in conns:
        s.close()
    return counts


def attack_idle_tunnels(server, seconds, count=2000, addresses=20):
    conns, statuses = [], {}
    for i in range(count):
        try:
            s, status = open_tunnel(server.port, f"127.0.{80 + (i % addresses) // 60}.{2 + (i % addresses) % 60}")
            statuses[status] = statuses.get(status, 0) + 1
            conns.append(s)
        except OSError:
            statuses[b"err"] = statuses.get(b"err", 0) + 1
        if i % 200 == 0:
            server.sample()
    counts = hold(server, seconds, conns)
    shown = ", ".join(f"{k.decode()}: {v}" for k, v in sorted(statuses.items()))
    return f"{count} idle tunnels asked for ({shown}); the proxy's counts {counts}"


def attack_stalled_reader(server, seconds, count=100):
    conns = []
    for i in range(count):
        try:
            s, status = open_tunnel(server.port, f"127.0.90.{2 + i % 60}")
            if status == b"101":
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                s.sendall(b"FLOOD")
                conns.append(s)
        except OSError:
            pass
    counts = hold(server, seconds, conns)
    return f"{len(conns)} flooded tunnels whose client never reads; the proxy's counts {counts}"


def attack_stalled_events(server, seconds, count=100):
    conns = []
    head = b"GET /Api/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
    for i in range(count):
        try:
            s = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(f"127.0.91.{2 + i % 60}", 0))
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.sendall(head)
            conns.append(s)
        except OSError:
            pass
    counts = hold(server, seconds, conns)
    return f"{len(conns)} flooded event streams whose client never reads; the proxy's counts {counts}"


ATTACKS = {
    "idle-tunnels": attack_idle_tunnels,
    "stalled-reader": attack_stalled_reader,
    "stalled-events": attack_stalled_events,
}
