"""The connection layer of ``drakit serve``: listen, accept, TLS, timeouts, a connection cap.

Why the standard library's threading server, tuned, rather than another HTTP stack: the
probe's failures (a burst of 200 clients lost 81 connections, 300 idle keep-alive
connections held 303 threads for ever) came from three defaults, not from the model of one
thread per connection: a listen backlog of 5, no idle timeout, no bound. With a backlog of
1024, kube-apiserver's timeouts (90 s idle keep-alive, 32 s to read a request's headers)
and a cap on open connections, the measurements in docs/serve.md ("Connections") show no
lost connection in a burst of 1000, idle connections closed on time and a bounded thread
count, while the handler stays a plain ``BaseHTTPRequestHandler`` whose watch streams and
chunked bodies kubectl and the official client already exercise.

What each piece mirrors (k8s.io/apiserver pkg/server/secure_serving.go, release-1.33):
``IdleTimeout: 90s``, ``ReadHeaderTimeout: 32s``; the cap answers like the max-in-flight
filter, 429 "Too many requests, please try again later." with ``Retry-After: 1``.
"""

from __future__ import annotations

import socket
import socketserver
import ssl
import threading
from http.server import HTTPServer
from typing import Any

#: seconds an idle keep-alive connection is kept (Go http.Server IdleTimeout in kube)
IDLE_TIMEOUT = 90.0
#: seconds allowed for each read of a request's line, headers and body, and for the TLS
#: handshake (kube: ReadHeaderTimeout 32 s; drakit applies it per read)
READ_TIMEOUT = 32.0
#: seconds a write may block (a watch whose client stopped reading is dropped)
WRITE_TIMEOUT = 60.0
#: open connections at most; beyond, a new connection gets 429 and is closed
MAX_CONNECTIONS = 512
#: the listen backlog (the kernel caps it at net.core.somaxconn)
BACKLOG = 1024

_TOO_MANY = (b"HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n"
             b"Retry-After: 1\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s")
_TOO_MANY_BODY = (b'{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",'
                  b'"message":"Too many requests, please try again later.",'
                  b'"reason":"TooManyRequests","details":{"retryAfterSeconds":1},"code":429}')


class Server(socketserver.ThreadingMixIn, HTTPServer):
    """One thread per connection, at most ``max_connections`` of them; TLS optional."""

    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True
    request_queue_size = BACKLOG
    idle_timeout = IDLE_TIMEOUT
    read_timeout = READ_TIMEOUT
    write_timeout = WRITE_TIMEOUT

    def __init__(self, address: tuple[str, int], handler: Any,
                 tls: ssl.SSLContext | None = None,
                 max_connections: int = MAX_CONNECTIONS) -> None:
        host = address[0].strip("[]")
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.tls = tls
        self.max_connections = max_connections
        self._slots = threading.BoundedSemaphore(max_connections)
        self._count_lock = threading.Lock()
        self.open_connections = 0
        self.refused_connections = 0
        super().__init__((host, address[1]), handler)

    def server_bind(self) -> None:
        # HTTPServer.server_bind resolves the host's FQDN (a DNS lookup): not needed
        socketserver.TCPServer.server_bind(self)
        host, port = self.server_address[:2]
        self.server_name, self.server_port = str(host), port

    def get_request(self) -> tuple[socket.socket, Any]:
        conn, addr = self.socket.accept()
        # one write per response, but watch events are small and must go out at once
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return conn, addr

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._slots.acquire(blocking=False):
            with self._count_lock:
                self.refused_connections += 1
            self._refuse(request)
            return
        with self._count_lock:
            self.open_connections += 1
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._release()
            raise

    def _refuse(self, request: socket.socket) -> None:
        """Over the cap: a plain-text 429 without TLS would be unreadable, so a TLS
        server just closes; a plain one writes the Status (never blocking the accept loop)."""
        try:
            if self.tls is None:
                request.setblocking(False)
                request.send(_TOO_MANY % (len(_TOO_MANY_BODY), _TOO_MANY_BODY))
        except OSError:
            pass
        self.shutdown_request(request)

    def _release(self) -> None:
        with self._count_lock:
            self.open_connections -= 1
        self._slots.release()

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._release()

    def finish_request(self, request: Any, client_address: Any) -> None:
        conn = request
        try:
            if self.tls is not None:
                # the handshake runs here, in the connection's thread, never in the accept
                # loop: a client that connects and says nothing cannot stall the server
                request.settimeout(self.read_timeout)
                try:
                    conn = self.tls.wrap_socket(request, server_side=True)
                except (ssl.SSLError, OSError):
                    return
            self.RequestHandlerClass(conn, client_address, self)
        finally:
            if conn is not request:
                try:
                    conn.close()
                except OSError:
                    pass

    def handle_error(self, request: Any, client_address: Any) -> None:
        # a connection that broke mid-request is the client's business (the handler answers
        # everything else with a Status); anything else is a bug worth a traceback
        import sys
        if not isinstance(sys.exc_info()[1], OSError):
            super().handle_error(request, client_address)
