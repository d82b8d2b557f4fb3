"""A stand-in for the Hugging Face Hub on localhost, serving one file the way the Hub's resolve
endpoint does (commit and hash headers, byte ranges), so downloads are tested without the
network. It can cut a transfer half-way once, to test resume."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

COMMIT = "0123456789abcdef0123456789abcdef01234567"


@dataclass
class HubFile:
    path: str
    data: bytes
    advertised_sha256: str | None = None
    cut_first_transfer_at: int | None = None
    requests: list[tuple[str, str | None]] = field(default_factory=list)

    @property
    def sha256(self) -> str:
        return self.advertised_sha256 or hashlib.sha256(self.data).hexdigest()


def _handler(hub: HubFile) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            return

        def _headers(self, length: int, status: int = 200) -> None:
            self.send_response(status)
            self.send_header("X-Repo-Commit", COMMIT)
            self.send_header("ETag", f'"{hub.sha256}"')
            self.send_header("X-Linked-Etag", f'"{hub.sha256}"')
            self.send_header("X-Linked-Size", str(len(hub.data)))
            self.send_header("Content-Length", str(length))
            self.send_header("Accept-Ranges", "bytes")
            self.end_headers()

        def do_HEAD(self) -> None:  # noqa: N802 (http.server's name)
            hub.requests.append(("HEAD", self.headers.get("Range")))
            if not self.path.endswith(hub.path):
                self.send_error(404)
                return
            self._headers(len(hub.data))

        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            hub.requests.append(("GET", self.headers.get("Range")))
            if not self.path.endswith(hub.path):
                self.send_error(404)
                return
            start = 0
            if (wanted := self.headers.get("Range")) and wanted.startswith("bytes="):
                start = int(wanted[6:].split("-")[0])
            body = hub.data[start:]
            self._headers(len(body), 206 if start else 200)
            if hub.cut_first_transfer_at is not None:
                cut, hub.cut_first_transfer_at = hub.cut_first_transfer_at, None
                self.wfile.write(body[:cut])
                self.wfile.flush()
                self.connection.close()
                return
            self.wfile.write(body)

    return Handler


@contextmanager
def fake_hub(hub: HubFile) -> Iterator[str]:
    """Serve `hub` on a free localhost port; yields the endpoint URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(hub))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
