"""The attacks on `apicheck proxy` (README: "Check the app's own traffic"). The proxy sits in
front of `apicheck serve` (itself on a free port, no per-address cap, since every upstream
connection comes from the proxy's one address), and each attack runs beside a fresh client that
asks, through the proxy, for config/main.json, a login and an authenticated home timeline every
0.2 s; the bounds are 250 ms of latency on a quiet machine (two servers in a row; judged against
the baseline beside it: ci/attack) and 384 MiB of the proxy's RSS.
  slow-body      300 clients reading home_timeline with `Prefer: fault=slow-body` (the upstream
                 dribbles, the proxy waits with the connection suspended)
  delay-burst    bursts of 500 `Prefer: delay=30000` requests whose senders leave at once (each
                 one's upstream call must be cancelled, or they fill the upstream side)
  slow-readers   1,000 connections reading a 100 KB answer 1 byte a second, and 1,000 more from
                 one address
  connections    2,000 idle connections from one address
  bodies         500 connections each announcing an 8 MiB body and sending it slowly (each one
                 streamed to serve, which refuses what passes its own body budget)
  idle-tunnels, stalled-reader, stalled-events: WebSocket tunnels and event streams
                 (ci/attack_tunnel.py)
  flooded-answers, stalled-answers: answers too large to gather; big-checks: answers whose checks
                 take milliseconds (ci/attack_bodies.py)
  huge-uploads, slow-uploads, upload-flood: request bodies too large to gather, and what they
                 hold together (ci/attack_bodies.py)
"""
import os
import socket
import subprocess

import attack_serve
from attacklib import Server, run_attack, trickle

LATENCY_BOUND, RSS_BOUND_MIB = 0.25, 384
# `--engine NAME` for every proxy the attacks start (ci/attack --proxy-engine); empty: the standard one.
ENGINE_ARGS = []


class Proxy(Server):
    def __init__(self, binary, stderr=subprocess.DEVNULL):
        self.upstream = attack_serve.Serve.__new__(attack_serve.Serve)
        Server.__init__(self.upstream, binary, ["serve", "--quiet", "--client-connections", "0"], "serve (the upstream)")
        super().__init__(binary, ["proxy", *ENGINE_ARGS, "--upstream", f"http://127.0.0.1:{self.upstream.port}/Api/", "--quiet",
                                  "--mocks", "mocks"], "proxy", stderr=stderr)
        self.token = attack_serve.Serve.login_token(self.port)

    def stop(self):
        super().stop()
        self.upstream.stop()


def attack_bodies(server, seconds, count=500):
    head = (f"POST /Api/Account/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {8 << 20}\r\n\r\n").encode()
    conns = []
    for i in range(count):
        try:
            conns.append(attack_serve.raw(server.port, head, f"127.0.{60 + i // 60}.{2 + i % 60}", timeout=2))
        except OSError:
            pass
    trickle(server, conns, seconds, b"a")
    for s in conns:
        s.close()
    return f"{len(conns)} slow uploads of an announced 8 MiB body"


ATTACKS = {
    "slow-body": attack_serve.attack_slow_body,
    "delay-burst": attack_serve.attack_delay_burst,
    "slow-readers": attack_serve.attack_slow_readers,
    "connections": attack_serve.attack_connections,
    "bodies": attack_bodies,
}


def run(binary, only, seconds, engine=None):
    """Every attack (or those named in `only`) on the proxy of `engine`; returns whether all held."""
    ENGINE_ARGS[:] = ["--engine", engine] if engine else []
    import attack_bodies
    import attack_tunnel
    known = dict(ATTACKS, **attack_tunnel.ATTACKS, **attack_bodies.ATTACKS)
    ok = True
    for name in (only or ",".join(known)).split(","):
        if name not in known:
            raise SystemExit(f"attack: unknown proxy attack '{name}' (known: {', '.join(known)})")
        start = (lambda: attack_tunnel.TunnelProxy(binary)) if name in attack_tunnel.ATTACKS else (lambda: Proxy(binary))
        if name in attack_bodies.ENFORCED and engine == "h2o":
            print(f"proxy ({engine}) {name}: not run (the h2o engine refuses --enforce)")
            continue
        if name in attack_bodies.ATTACKS:
            extra = ["--enforce"] if name in attack_bodies.ENFORCED else []
            start = lambda: attack_tunnel.TunnelProxy(binary, handler=attack_bodies.serve_connection, extra=extra)  # noqa: E731
        ok &= run_attack("proxy " + (f"({engine}) " if engine else "") + name, start, known[name], seconds, LATENCY_BOUND, RSS_BOUND_MIB)
    return ok
