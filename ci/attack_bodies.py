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
  big-checks       8 clients read `topics.list` answers of 1.5 MB (4,000 topics, each answer
                   different, so no check is skipped as seen before) as fast as they can: each
                   check takes milliseconds, and runs on a worker, not on the loop that a fresh
                   client's exchanges share; checks that fall behind are counted, not queued
  gzip-bombs       8 clients send request bodies of ~32 KiB of gzip that decode to 32 MiB, past
                   the check's cap, as fast as they can: each is decoded on a worker up to the cap
                   and given up (an `unchecked` finding), never on the loop a fresh client shares
  enforce-gzip-bombs  the same through a proxy with --enforce, which judges each request before
                   it goes on: the request waits for its check on a worker, not on its loop (the
                   standard engine only: the h2o engine refuses --enforce)
The large-request attacks (docs/proxy.md, "Request bodies of any size"): bodies past 256 KiB go
upstream as they arrive, the client held back while the upstream does not read:
  huge-uploads     8 clients upload 512 MiB each as fast as they can to an upstream that reads
                   them, beside 20 that upload 128 MiB each to one that never reads: those must be
                   held back (at most 32 MiB out of each, the sockets' buffers; a proxy that
                   gathered or dropped bodies would take them whole), and the proxy's memory stays flat
  slow-uploads     300 clients announce a 64 MiB body and send 1 KiB of it each half second:
                   each holds one upstream transfer, fed as its bytes come, until the body deadline
  upload-flood     1,000 clients from 200 addresses announce a 64 MiB body and send 1 KiB of it
                   each half second: the uploads under way hold at most --upload-memory (64 MiB,
                   128 KiB each), the rest are answered 503 at once and counted (`uploadsRefused`)
"""
import json
import select
import socket
import threading
import time

import attack_tunnel
from attacklib import Broken, request, trickle

FLOOD, STALL = b"GET /Api/__flood ", b"GET /Api/__stall "
TOPICS = b"GET /Api/topics?"
BIG_TOPICS = 4000
UPLOAD, UNREAD = b"POST /Api/__upload ", b"POST /Api/__unread "
HELD_BOUND = 32 << 20
UPLOAD_MEMORY = 64 << 20


def serve_connection(conn, serve_port):
    head = attack_tunnel.read_head(conn)
    if head is None:
        return
    try:
        if head.startswith(UPLOAD):
            return read_upload(conn, head)
        if head.startswith(UNREAD):
            # Never reads the body: the proxy's --timeout ends the exchange.
            time.sleep(60)
            conn.close()
            return
        if head.startswith(FLOOD):
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
            chunk = b"10000\r\n" + b"f" * 65536 + b"\r\n"
            while True:
                conn.sendall(chunk)
        if head.startswith(TOPICS):
            return serve_big_topics(conn, head)
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


def big_topics_template():
    """The big list around the place where an answer's number goes: every answer differs from
    the others, so no check is skipped as seen before, and making one costs this process (whose
    lock the fresh client's exchanges share) one copy."""
    with open("mocks/topics.json", "rb") as f:
        first = json.load(f)["datas"][0]
    topics = [dict(first, id=f"{i:08d}-0000-4000-8000-000000000000", title=f"{first['title']} #{i}") for i in range(BIG_TOPICS)]
    topics[0]["title"] += " @N"
    return json.dumps({"code": 200, "msg": "success", "datas": topics}).encode().split(b"@N")


def serve_big_topics(conn, head):
    """Answers every request on the connection with a big topics list of its own."""
    (before, after), answered = big_topics_template(), 0
    while True:
        answered += 1
        body = b"%s%08d%s" % (before, answered, after)
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
        if attack_tunnel.read_head(conn) is None:
            return


def read_upload(conn, head):
    """Reads and drops a body of the announced length, then answers how much came."""
    length = next((int(line.split(b":")[1]) for line in head.lower().split(b"\r\n") if line.startswith(b"content-length:")), 0)
    got = len(head) - head.index(b"\r\n\r\n") - 4
    while got < length:
        data = conn.recv(1 << 20)
        if not data:
            conn.close()
            return
        got += len(data)
    answer = str(got).encode()
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % len(answer) + answer)
    conn.close()


def upload(server, path, length, source):
    s = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(f"127.0.{source}", 0))
    s.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\n"
              f"Content-Length: {length}\r\n\r\n".encode())
    return s


def attack_huge_uploads(server, seconds, fast=8, held=20):
    block = b"u" * (1 << 20)
    sent, answers, lock = {}, [], threading.Lock()

    def send(path, length, source, blocking):
        s = upload(server, path, length, source)
        s.setblocking(blocking)
        deadline, out = time.monotonic() + seconds, 0
        while out < length and time.monotonic() < deadline:
            try:
                out += s.send(block[:min(len(block), length - out)])
            except BlockingIOError:
                time.sleep(0.1)
            except OSError:
                break
            with lock:
                sent[(path, source)] = out
        if blocking and out == length:
            s.settimeout(30)
            try:
                answers.append(s.recv(4096))
            except OSError:
                pass
        s.close()

    threads = [threading.Thread(target=send, args=("/Api/__upload", 512 << 20, f"94.{2 + i}", True)) for i in range(fast)]
    threads += [threading.Thread(target=send, args=("/Api/__unread", 128 << 20, f"95.{2 + i}", False)) for i in range(held)]
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        time.sleep(0.5)
        server.sample()
    moved = sum(out for (path, _), out in sent.items() if path == "/Api/__upload")
    most_held = max((out for (path, _), out in sent.items() if path == "/Api/__unread"), default=0)
    if most_held > HELD_BOUND:
        raise Broken(f"a client whose upstream never reads got {most_held >> 20} MiB of its body out")
    whole = sum(1 for a in answers if a.startswith(b"HTTP/1.1 200"))
    return (f"{moved >> 20} MiB uploaded through the proxy by {fast} clients ({whole} uploads of 512 MiB whole); "
            f"{held} clients whose upstream never reads got at most {most_held >> 20} MiB out each")


def attack_slow_uploads(server, seconds, count=300):
    conns = []
    for i in range(count):
        try:
            conns.append(upload(server, "/Api/__upload", 64 << 20, f"96.{2 + i % 60}"))
        except OSError:
            pass
        if i % 20 == 0:
            server.sample()
    trickle(server, conns, seconds, b"s")
    for s in conns:
        s.close()
    return f"{len(conns)} slow uploads of an announced 64 MiB body"


def upload_counts(server):
    status, body, _ = request(server.port, "GET", "/__apicheck/findings")
    if status != 200:
        return 0, 0
    findings = json.loads(body)
    return findings["uploadMemoryHeld"], findings["uploadsRefused"]


def attack_upload_flood(server, seconds, count=1000):
    conns, most_held = [], [0]

    def note_held():
        most_held[0] = max(most_held[0], upload_counts(server)[0])

    for i in range(count):
        try:
            conns.append(upload(server, "/Api/__upload", 64 << 20, f"97.{2 + i % 200}"))
        except OSError:
            pass
        if i % 50 == 0:
            server.sample()
            note_held()
    trickle(server, conns, seconds, b"f", each=note_held)
    most_held = most_held[0]
    answered = 0
    for s in conns:
        s.setblocking(False)
        try:
            answered += s.recv(64).startswith(b"HTTP/1.1 503")
        except OSError:
            pass
    _, refused = upload_counts(server)
    for s in conns:
        s.close()
    if most_held > UPLOAD_MEMORY:
        raise Broken(f"the uploads under way held {most_held >> 20} MiB, past --upload-memory's {UPLOAD_MEMORY >> 20} MiB")
    if refused == 0 or answered == 0:
        raise Broken(f"{len(conns)} uploads at once and none refused at --upload-memory ({answered} 503s read)")
    return (f"{len(conns)} slow uploads of an announced 64 MiB body: the streamed ones held at most {most_held >> 20} MiB "
            f"(cap {UPLOAD_MEMORY >> 20} MiB), {refused} refused 503 at once ({answered} of those 503s read by their client)")


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


def read_answer(s):
    """Reads one answer, sized or chunked (the proxy streams an answer past what it gathers),
    keeping no more of its body than a chunk's head needs; returns its status line. Not
    attacklib.request: that keeps the whole answer in 64 KiB pieces, and the eight clients' extra
    Python work slows the machine the fresh client is measured on (fewer answers through the proxy
    and a higher median, in this attack)."""
    buf = bytearray()
    while b"\r\n\r\n" not in buf:
        buf += receive(s)
    end = buf.index(b"\r\n\r\n")
    head = bytes(buf[:end])
    del buf[:end + 4]
    fields = [line.split(b":", 1) for line in head.lower().split(b"\r\n")[1:]]
    length = next((int(value) for name, value in fields if name == b"content-length"), None)
    if length is not None:
        got = len(buf)
        while got < length:
            got += len(receive(s))
        return head.split(b"\r\n")[0]
    while True:
        while b"\r\n" not in buf:
            buf += receive(s)
        line_end = buf.index(b"\r\n")
        size = int(bytes(buf[:line_end]).split(b";")[0], 16)
        del buf[:line_end + 2]
        # The chunk and its CRLF, dropped as they come.
        left = size + 2
        while left > 0:
            if not buf:
                buf += receive(s)
            taken = min(left, len(buf))
            del buf[:taken]
            left -= taken
        if size == 0:
            return head.split(b"\r\n")[0]


def receive(s):
    data = s.recv(1 << 20)
    if not data:
        raise OSError("closed before the answer's end")
    return data


def run_clients(server, client, count):
    """`client(i)` on a thread each, the server's memory sampled until all have returned."""
    threads = [threading.Thread(target=client, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        time.sleep(0.5)
        server.sample()


def attack_big_checks(server, seconds, count=8):
    read, failed, lock = [0], [], threading.Lock()

    def client(i):
        deadline = time.monotonic() + seconds
        try:
            while time.monotonic() < deadline:
                # A streamed answer's connection is closed after it (docs/proxy.md).
                with socket.create_connection(("127.0.0.1", server.port), timeout=30, source_address=(f"127.0.98.{2 + i}", 0)) as s:
                    s.sendall(b"GET /Api/topics?page=1&size=20 HTTP/1.1\r\nHost: x\r\n\r\n")
                    status = read_answer(s)
                if not status.startswith(b"HTTP/1.1 200"):
                    raise OSError(status.decode(errors="replace"))
                with lock:
                    read[0] += 1
        except Exception as error:  # noqa: BLE001 (any client's failure is the attack's finding)
            with lock:
                failed.append(f"{type(error).__name__}: {error}")

    run_clients(server, client, count)
    status, body, _ = request(server.port, "GET", "/__apicheck/findings")
    counts = json.loads(body) if status == 200 else {}
    checked, behind = counts.get("checked", 0), counts.get("uncheckedBehind", 0)
    if failed:
        raise Broken(f"{len(failed)} of {count} clients failed: {failed[0]}")
    if read[0] == 0 or checked == 0:
        raise Broken(f"{read[0]} big answers read and {checked} exchanges checked")
    return (f"{read[0]} answers of {BIG_TOPICS:,} topics read by {count} clients; {checked} exchanges checked, "
            f"{behind} passed unchecked behind the checks")


def attack_gzip_bombs(server, seconds, count=8):
    # 32 MiB of JSON in ~32 KiB of gzip, past the check's cap: each is decoded to the cap and
    # given up, on a worker, while a fresh client's exchanges go on.
    import gzip
    bomb = gzip.compress(b'{"tid": "' + b"a" * (32 << 20) + b'"}', compresslevel=9)
    sent, failed, lock = [0], [], threading.Lock()

    def client(i):
        deadline = time.monotonic() + seconds
        headers = [("Content-Type", "application/json"), ("Content-Encoding", "gzip")]
        while time.monotonic() < deadline:
            status, body, _ = request(server.port, "POST", "/Api/TopicLikedAdd", body=bomb, timeout=30,
                                      headers=headers)
            with lock:
                if status is None:
                    failed.append(str(body))
                    return
                sent[0] += 1

    run_clients(server, client, count)
    if failed:
        raise Broken(f"{len(failed)} of {count} clients failed: {failed[0]}")
    status, body, _ = request(server.port, "GET", "/__apicheck/findings")
    counts = json.loads(body) if status == 200 else {}
    unchecked = [f for f in counts.get("findings", []) if f.get("kind") == "unchecked"]
    if sent[0] == 0 or not unchecked:
        raise Broken(f"{sent[0]} bombs sent; no unchecked finding for a body past the cap")
    return (f"{sent[0]} gzip bodies of {len(bomb):,} bytes that decode past 32 MiB sent by {count} clients; "
            f"{counts.get('checked', 0)} exchanges checked, each bomb given up at the cap")


# Attacks on a proxy started with --enforce.
ENFORCED = {"enforce-gzip-bombs"}

ATTACKS = {
    "big-checks": attack_big_checks,
    "gzip-bombs": attack_gzip_bombs,
    "enforce-gzip-bombs": attack_gzip_bombs,
    "flooded-answers": attack_flooded_answers,
    "stalled-answers": attack_stalled_answers,
    "huge-uploads": attack_huge_uploads,
    "slow-uploads": attack_slow_uploads,
    "upload-flood": attack_upload_flood,
}
