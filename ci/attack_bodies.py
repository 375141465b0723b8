"""The large-answer attacks on `apicheck proxy` (docs/proxy.md, "Answers of any size"): answers
past the 256 KiB the proxy gathers go to the client as they arrive, held back while the client
does not read. The upstream is attack_tunnel's splice process, which here also answers two
undeclared routes itself:
  flooded-answers  100 clients ask for an answer that never ends (chunked, sent as fast as the
                   upstream can) and never read: each exchange pauses its upstream transfer
                   with 64 KiB waiting, so the proxy's memory stays flat
  stalled-answers  100 clients ask for an answer that announces 1 GiB, sends 1 MiB and stops:
                   each client has the head and what came, and its body is cut off at the
                   proxy's --timeout; nothing waits on them meanwhile
"""
import select
import socket
import time

import attack_tunnel

FLOOD, STALL = b"GET /Api/__flood ", b"GET /Api/__stall "


def serve_connection(conn, serve_port):
    head = b""
    while b"\r\n\r\n" not in head:
        data = conn.recv(65536)
        if not data:
            conn.close()
            return
        head += data
    try:
        if head.startswith(FLOOD):
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
            chunk = b"10000\r\n" + b"f" * 65536 + b"\r\n"
            while True:
                conn.sendall(chunk)
        if head.startswith(STALL):
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n"
                         b"Content-Length: %d\r\n\r\n" % (1 << 30) + b"s" * (1 << 20))
            while conn.recv(65536):
                pass
            conn.close()
            return
    except OSError:
        conn.close()
        return
    # Not ours: the splice's own handling, with the head already read given back. One request
    # per connection, so that the proxy never sends a later request over one spliced to serve.
    attack_tunnel.serve_head(conn, head.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n", 1), serve_port)


def ask(server, path, count, source, small_window=True):
    conns = []
    for i in range(count):
        try:
            s = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(f"127.0.{source}.{2 + i % 60}", 0))
            if small_window:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            conns.append(s)
        except OSError:
            pass
        if i % 20 == 0:
            server.sample()
    return conns


def attack_flooded_answers(server, seconds, count=100):
    conns = ask(server, "/Api/__flood", count, 92)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.5)
        server.sample()
    for s in conns:
        s.close()
    return f"{len(conns)} endless answers whose client never reads"


def attack_stalled_answers(server, seconds, count=100):
    conns = ask(server, "/Api/__stall", count, 93, small_window=False)
    received, ended = {s: 0 for s in conns}, set()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and len(ended) < len(conns):
        readable, _, _ = select.select([s for s in conns if s not in ended], [], [], 0.5)
        for s in readable:
            try:
                data = s.recv(65536)
            except OSError:
                data = b""
            if data:
                received[s] += len(data)
            else:
                ended.add(s)
        server.sample()
    for s in conns:
        s.close()
    least = min(received.values()) if received else 0
    return (f"{len(conns)} answers that stall after 1 MiB of an announced 1 GiB: each client got at least {least} bytes, "
            f"{len(ended)} were cut off by the proxy within {seconds} s")


ATTACKS = {
    "flooded-answers": attack_flooded_answers,
    "stalled-answers": attack_stalled_answers,
}
