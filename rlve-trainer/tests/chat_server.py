"""A small OpenAI-compatible chat server on 127.0.0.1 for the tests of ``rlve eval --base-url``.

``respond(messages)`` makes each completion (the tiny model's generation, or a fixed text); the server can
answer the first ``fail_first`` completion requests with HTTP 429 (to exercise retries) and records how
many requests were in flight at once (to check the concurrency limit).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ChatServer:
    def __init__(self, respond: Callable[[list[dict]], str], *, fail_first: int = 0, api_key: str | None = None,
                 barrier: threading.Barrier | None = None):
        self.respond = respond
        self.fail_first = fail_first
        self.api_key = api_key
        self.barrier = barrier
        self.requests = 0
        self.in_flight = 0
        self.most_in_flight = 0
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> ChatServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def _handler(self):
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def _send(self, status: int, body: dict, headers: dict | None = None) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for key, value in (headers or {}).items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(data)

            def _authorised(self) -> bool:
                if owner.api_key is None:
                    return True
                return self.headers.get("Authorization") == f"Bearer {owner.api_key}"

            def do_GET(self):  # noqa: N802 - http.server's name
                if not self._authorised():
                    return self._send(401, {"error": "bad key"})
                self._send(200, {"data": [{"id": "tiny"}]})

            def do_POST(self):  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                if not self._authorised():
                    return self._send(401, {"error": "bad key"})
                with owner.lock:
                    owner.requests += 1
                    failing = owner.requests <= owner.fail_first
                    owner.in_flight += 1
                    owner.most_in_flight = max(owner.most_in_flight, owner.in_flight)
                try:
                    if failing:
                        return self._send(429, {"error": "slow down"}, {"Retry-After": "0"})
                    if owner.barrier is not None:
                        owner.barrier.wait(timeout=60)
                    texts = [owner.respond(body["messages"]) for _ in range(body.get("n", 1))]
                    choices = [
                        {"index": i, "message": {"role": "assistant", "content": text}} for i, text in enumerate(texts)
                    ]
                    self._send(200, {"choices": choices})
                finally:
                    with owner.lock:
                        owner.in_flight -= 1

        return Handler
