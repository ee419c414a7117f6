"""The node agent: what a node can tell the harness that the API server cannot.

Why an agent at all: KEP-3695's PodResources API, the DRA manager's checkpoint and the
devices the container runtime got live on the node, behind a root-owned unix socket
(``/var/lib/kubelet/pod-resources/kubelet.sock``). The harness must never open ports on
nodes, so the agent runs *on* the node and is reached through the API server — ``pods/exec``
into its pod (one request per exec, ``drakit node-agent call``) — or, where the "node" is a
local process (``drakit serve``'s kubelets, a node the user is logged into), over a unix
socket of its own (``drakit node-agent serve``).

One request is one JSON object ``{"op": ..., ...}``; one answer is one JSON object, either
the result or ``{"error": {"code": ..., "message": ...}}``. A PodResources failure keeps its
gRPC code and message (``Unknown``, ``ResourceExhausted``) exactly as a gRPC client sees
them, so a step compares it with the reference's.

ops: ``info``; ``list``, ``get`` (name, namespace), ``allocatable`` — PodResources v1;
``burst`` (n): n List calls back to back on the node (a rate limit measured across an exec
round trip would measure the round trip); ``socket_mode``; ``checkpoint`` — the DRA
manager's checkpoint file as the kubelet wrote it; ``container_devices`` (pod, namespace,
container) — the CDI devices of one container; ``metrics`` — the kubelet's /metrics text;
``restart_kubelet`` — restart the kubelet and wait until PodResources answers again;
``fail_driver`` (driver, call, message) — make a DRA driver fail NodePrepareResources or
NodeUnprepareResources (message null: heal it), offered only where the drivers are drakit's.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import socketserver
import stat
import subprocess
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_SOCKET = "/var/lib/kubelet/pod-resources/kubelet.sock"
DEFAULT_CHECKPOINT = "/var/lib/kubelet/dra_manager_state"
DEFAULT_RESTART = ("nsenter", "--target", "1", "--mount", "--uts", "--ipc", "--net", "--pid",
                   "--", "systemctl", "restart", "kubelet")
MAX_REQUEST = 64 * 1024
"""A request is a few hundred bytes; anything larger is refused unread."""
MAX_BURST = 1000
RESTART_TIMEOUT = 120.0


class AgentError(Exception):
    """A request the agent refuses or cannot serve (``code`` like a gRPC code name)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class NodeAgent:
    """Answers requests for one node. The hooks default to a real node's means and are
    replaced where the node is drakit's (``drakit serve --node-agents``)."""

    node: str = ""
    podresources_socket: str = DEFAULT_SOCKET
    checkpoint: str = DEFAULT_CHECKPOINT
    metrics_url: str | None = None
    """The kubelet's /metrics (https://<node ip>:10250/metrics on a real node)."""
    token_file: str = "/var/run/secrets/kubernetes.io/serviceaccount/token"
    restart_command: tuple[str, ...] = DEFAULT_RESTART
    metrics_hook: Callable[[], str] | None = None
    restart_hook: Callable[[], None] | None = None
    runtime_devices: Callable[[str, str, str], list[str]] | None = None
    """The CDI devices the runtime got for (pod, namespace, container); None: read them from
    PodResources (the kubelet hands the runtime exactly those, GetContainerClaimInfos)."""
    driver_faults: Callable[[str, str, str | None], None] | None = None
    """Make one of the node's DRA drivers fail a call (driver, call, message; None: heal it).
    Only drakit's own kubelets offer it; a real node's driver cannot be told to fail."""
    before_call: Callable[[], None] | None = None
    """Called before each PodResources call (drakit serve starts a kubelet's server lazily)."""
    quiet: Any = None
    """A context manager held around a burst (drakit serve: the lock that stops its clock)."""
    timeout: float = 10.0
    _client: Any = field(default=None, repr=False)

    # -- PodResources -------------------------------------------------------------------
    def client(self):
        from drakit.kubelet.podresources.client import PodResourcesClient

        if self._client is None:
            self._client = PodResourcesClient(self.podresources_socket, timeout=self.timeout)
        return self._client

    def _rpc(self, method: str, *args: Any) -> dict:
        from drakit.kubelet.podresources.client import PodResourcesRPCError

        if self.before_call is not None:
            self.before_call()
        if not os.path.exists(self.podresources_socket):
            raise AgentError("Unavailable", f"no PodResources socket at "
                                            f"{self.podresources_socket}: is the kubelet "
                                            f"running and the socket mounted?")
        try:
            return getattr(self.client(), method)(*args)
        except PodResourcesRPCError as e:
            raise AgentError(e.code, e.message) from None

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    # -- requests -----------------------------------------------------------------------
    def handle(self, req: Any) -> dict:
        """One request -> one answer (never raises)."""
        try:
            if not isinstance(req, dict) or not isinstance(req.get("op"), str):
                raise AgentError("InvalidArgument", 'a request is a JSON object with "op"')
            fn = getattr(self, "op_" + req["op"], None)
            if fn is None:
                raise AgentError("InvalidArgument", f"unknown op {req['op']!r}")
            return fn(req)
        except AgentError as e:
            return {"error": {"code": e.code, "message": e.message}}
        except Exception as e:  # noqa: BLE001 - the agent answers, it does not die
            return {"error": {"code": "Internal", "message": f"{type(e).__name__}: {e}"}}

    @staticmethod
    def _str(req: dict, key: str) -> str:
        v = req.get(key)
        if not isinstance(v, str) or not v or len(v) > 253:
            raise AgentError("InvalidArgument", f"{key!r} must be a non-empty string")
        return v

    def op_info(self, req: dict) -> dict:
        return {"node": self.node, "podresources_socket": self.podresources_socket,
                "checkpoint": self.checkpoint,
                "socket_present": os.path.exists(self.podresources_socket)}

    def op_list(self, req: dict) -> dict:
        return {"answer": self._rpc("list")}

    def op_get(self, req: dict) -> dict:
        return {"answer": self._rpc("get", self._str(req, "name"), self._str(req, "namespace"))}

    def op_allocatable(self, req: dict) -> dict:
        return {"answer": self._rpc("get_allocatable_resources")}

    def op_burst(self, req: dict) -> dict:
        n = req.get("n")
        if not isinstance(n, int) or isinstance(n, bool) or not 0 < n <= MAX_BURST:
            raise AgentError("InvalidArgument", f"'n' must be an integer 1..{MAX_BURST}")
        ok, errors = 0, []
        with self.quiet if self.quiet is not None else contextlib.nullcontext():
            for _ in range(n):
                try:
                    self._rpc("list")
                    ok += 1
                except AgentError as e:
                    errors.append({"code": e.code, "message": e.message})
        return {"ok": ok, "errors": errors}

    def op_socket_mode(self, req: dict) -> dict:
        try:
            mode = stat.S_IMODE(os.stat(self.podresources_socket).st_mode)
        except OSError as e:
            raise AgentError("Unavailable", f"{self.podresources_socket}: {e.strerror}") from None
        return {"mode": f"{mode:04o}"}

    def op_checkpoint(self, req: dict) -> dict:
        """The DRA manager's checkpoint, as written (drakit: JSON with a checksum; upstream:
        JSON too, ``{"Data": ..., "Checksum": ...}``)."""
        try:
            text = Path(self.checkpoint).read_text(encoding="utf-8")
        except FileNotFoundError:
            return {"present": False}
        except OSError as e:
            raise AgentError("Unavailable", f"{self.checkpoint}: {e.strerror}") from None
        try:
            return {"present": True, "checkpoint": json.loads(text)}
        except ValueError:
            return {"present": True, "raw": text[:100_000]}

    def op_container_devices(self, req: dict) -> dict:
        pod, ns = self._str(req, "pod"), self._str(req, "namespace")
        container = self._str(req, "container")
        if self.runtime_devices is not None:
            try:
                return {"devices": list(self.runtime_devices(pod, ns, container))}
            except KeyError as e:
                raise AgentError("NotFound", str(e).strip("'\"")) from None
        answer = self._rpc("get", pod, ns)
        for c in (answer.get("podResources") or {}).get("containers") or ():
            if c.get("name") == container:
                return {"devices": [d.get("name") for dr in c.get("dynamicResources") or ()
                                    for cr in dr.get("claimResources") or ()
                                    for d in cr.get("cdiDevices") or ()]}
        raise AgentError("NotFound", f"pod {ns}/{pod} has no container {container!r}")

    def op_metrics(self, req: dict) -> dict:
        if self.metrics_hook is not None:
            return {"text": self.metrics_hook()}
        if not self.metrics_url:
            raise AgentError("Unavailable", "no kubelet metrics URL configured "
                                            "(--kubelet-metrics-url)")
        headers = {}
        try:
            headers["Authorization"] = "Bearer " + Path(self.token_file).read_text().strip()
        except OSError:
            pass
        import ssl

        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE  # the kubelet's serving cert is often self-signed
        r = urllib.request.Request(self.metrics_url, headers=headers)
        try:
            with urllib.request.urlopen(r, timeout=self.timeout, context=ctx) as resp:
                return {"text": resp.read(20_000_000).decode(errors="replace")}
        except OSError as e:
            raise AgentError("Unavailable", f"{self.metrics_url}: {e}") from None

    def op_fail_driver(self, req: dict) -> dict:
        driver, call = self._str(req, "driver"), self._str(req, "call")
        message = req.get("message")
        if message is not None and (not isinstance(message, str) or len(message) > 1000):
            raise AgentError("InvalidArgument", "'message' must be a string of at most 1000 "
                                                "characters, or null")
        if self.driver_faults is None:
            raise AgentError("Unimplemented", "this node's DRA drivers are not drakit's; a "
                                              "real driver cannot be told to fail")
        try:
            self.driver_faults(driver, call, message)
        except (KeyError, ValueError) as e:
            raise AgentError("InvalidArgument", str(e.args[0] if e.args else e)) from None
        return {"driver": driver, "call": call, "failing": message is not None}

    def op_restart_kubelet(self, req: dict) -> dict:
        if self.restart_hook is not None:
            self.restart_hook()
        else:
            done = subprocess.run(list(self.restart_command), capture_output=True, text=True,
                                  timeout=RESTART_TIMEOUT)
            if done.returncode != 0:
                raise AgentError("Internal", f"{' '.join(self.restart_command)}: "
                                             f"{(done.stderr or done.stdout).strip()[:500]}")
        self.close()
        deadline = time.monotonic() + RESTART_TIMEOUT
        while True:  # back when PodResources answers (or refuses by rate limit)
            try:
                self._rpc("list")
                return {"restarted": True}
            except AgentError as e:
                if e.code == "ResourceExhausted":
                    return {"restarted": True}
                if time.monotonic() >= deadline:
                    raise AgentError("Unavailable", f"the kubelet did not come back within "
                                                    f"{RESTART_TIMEOUT:g}s: {e.message}") from None
            time.sleep(0.2)
            self.close()


# ---------------------------------------------------------------------------- transports

class _Handler(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        agent: NodeAgent = self.server.agent  # type: ignore[attr-defined]
        while True:
            line = self.rfile.readline(MAX_REQUEST + 1)
            if not line:
                return
            if len(line) > MAX_REQUEST:
                answer = {"error": {"code": "InvalidArgument", "message": "request too large"}}
                self.wfile.write((json.dumps(answer) + "\n").encode())
                return
            try:
                req = json.loads(line)
            except ValueError:
                req = None
            answer = agent.handle(req) if req is not None else {
                "error": {"code": "InvalidArgument", "message": "a request is one JSON line"}}
            self.wfile.write((json.dumps(answer, separators=(",", ":")) + "\n").encode())


class _UnixServer(socketserver.ThreadingUnixStreamServer):
    daemon_threads = True


class AgentServer:
    """``NodeAgent`` on a unix socket of its own (mode 0600), one JSON request per line."""

    def __init__(self, agent: NodeAgent, path: str | Path) -> None:
        self.agent = agent
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        old = os.umask(0o177)
        try:
            self.server = _UnixServer(str(self.path), _Handler)
        finally:
            os.umask(old)
        self.server.agent = agent  # type: ignore[attr-defined]
        # a short poll: stop() waits for serve_forever to see the shutdown (0.5 s by default)
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,),
                                       name=f"node-agent-{agent.node}", daemon=True)

    def start(self) -> AgentServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.agent.close()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()


def call_unix(path: str | Path, request: dict, timeout: float = 180.0) -> dict:
    """One request to an agent listening on ``path``."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(timeout)
        s.connect(str(path))
        s.sendall((json.dumps(request) + "\n").encode())
        buf = b""
        while not buf.endswith(b"\n"):
            chunk = s.recv(1 << 16)
            if not chunk:
                break
            buf += chunk
    if not buf:
        raise AgentError("Unavailable", f"the node agent at {path} closed the connection")
    return json.loads(buf)
