"""A reverse proxy that injects one drift into a real server's answers: it forwards every request
to the upstream server as it came and hands back the answer, except that on one request path the
JSON answer gets one field renamed or retyped. `ci/realworld-check` runs `apicheck live` through it
and expects the drift to be found at its JSONPath.

    python3 drift_proxy.py PORT UPSTREAM PATH rename KEYS NEWNAME
    python3 drift_proxy.py PORT UPSTREAM PATH retype KEYS
    python3 drift_proxy.py PORT UPSTREAM PATH status FROM TO

KEYS is the dotted key path of the field in the answer (`data.reloadConfigSuccess`). A retype
turns a string into a number, a number or a boolean into a string. `status` hands back every
answer of HTTP status FROM with status TO instead, body unchanged (a declared failure answered
with another status); PATH `*` is any path. Listens on 127.0.0.1 only.
"""
import http.client
import http.server
import json
import sys
import urllib.parse

# Not forwarded: hop-by-hop headers, and Accept-Encoding, so the answer comes uncompressed and
# can be rewritten.
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection",
              "content-length", "host", "accept-encoding"}


def mutate(document, keys, action, new_name):
    parent = document
    for key in keys[:-1]:
        parent = parent[key]
    last = keys[-1]
    if action == "rename":
        parent[new_name] = parent.pop(last)
    elif isinstance(parent[last], str):
        parent[last] = len(parent[last])
    else:
        parent[last] = json.dumps(parent[last])


def main(port, upstream, path, action, keys, new_name=None):
    target = urllib.parse.urlsplit(upstream)
    keys = keys.split(".")

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def forward(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else None
            headers = {name: value for name, value in self.headers.items() if name.lower() not in HOP_BY_HOP}
            connection = http.client.HTTPConnection(target.hostname, target.port, timeout=30)
            connection.request(self.command, self.path, body=body, headers=headers)
            answer = connection.getresponse()
            data = answer.read()
            status = answer.status
            on_path = path == "*" or urllib.parse.urlsplit(self.path).path == path
            if action == "status":
                if on_path and answer.status == int(keys[0]):
                    status = int(new_name)
            elif on_path and answer.status == 200:
                document = json.loads(data)
                mutate(document, keys, action, new_name)
                data = json.dumps(document).encode()
            self.send_response(status)
            for name, value in answer.getheaders():
                if name.lower() not in HOP_BY_HOP:
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)
            connection.close()

        do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = do_PATCH = forward

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", int(port)), Handler)
    server.serve_forever()


if __name__ == "__main__":
    main(*sys.argv[1:])
