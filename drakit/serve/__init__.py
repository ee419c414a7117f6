"""``drakit serve``: the reference cluster behind a kube-apiserver-compatible HTTP API.

Why: no real control plane can run on the machines this project is built on, yet the
harness must prove that its live-cluster backend (the official client, raw JSON, watches,
Status errors) works, and people want to point kubectl at the reference. Serving the
reference over HTTP gives both: CI runs the whole suite through a real socket with
``--backend=cluster``, and ``kubectl --kubeconfig <file>`` talks to it.

Listens on 127.0.0.1 only unless ``--bind`` is given explicitly; HTTPS with a certificate
made at start, a random bearer token required on every request but the health checks, and a
Host allow-list (sandbox.py); both go into the kubeconfig ``--kubeconfig-out`` writes.
"""

from __future__ import annotations

import argparse
import base64
import gc
import os
import signal
import sys
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path

import yaml

from drakit.features import SUPPORTED_VERSIONS, FeatureGateError, inert_note, parse_gate_args

from .handler import make_handler
from .sandbox import Sandbox, is_loopback, is_wildcard, tls_identity
from .server import Server
from .state import ServedCluster

__all__ = ["Server", "kubeconfig", "kubeconfig_for", "main", "start", "url_of"]


def kubeconfig(url: str, name: str = "drakit", namespace: str = "default",
               token: str = "", ca_pem: bytes | None = None) -> dict:
    """A kubeconfig for ``url`` with one context named ``name``, the server's CA and token."""
    cluster: dict = {"server": url}
    if ca_pem:
        cluster["certificate-authority-data"] = base64.b64encode(ca_pem).decode()
    return {
        "apiVersion": "v1", "kind": "Config", "preferences": {},
        "clusters": [{"name": name, "cluster": cluster}],
        "users": [{"name": name, "user": {"token": token}}],
        "contexts": [{"name": name, "context": {"cluster": name, "user": name,
                                                "namespace": namespace}}],
        "current-context": name,
    }


def kubeconfig_for(srv: Server, namespace: str = "default") -> dict:
    """The kubeconfig of a server made by :func:`start`."""
    sb = srv.sandbox
    url = url_of(srv)
    host = str(srv.server_address[0])
    if is_wildcard(host):  # bound to every interface: reach it on loopback (in the cert)
        url = url.replace(f"[{host}]" if ":" in host else host,
                          "[::1]" if ":" in host else "127.0.0.1", 1)
    return kubeconfig(url, namespace=namespace, token=sb.token if sb else "",
                      ca_pem=srv.tls_cert_pem)


def start(version: str = "1.37", gates: dict[str, bool] | None = None,
          host: str = "127.0.0.1", port: int = 0, interval: float = 0.2,
          quiet: bool = True, tls: bool = True, token: str | None = None,
          allow_hosts: Sequence[str] = ()) -> tuple[Server, ServedCluster, threading.Thread]:
    """Start serving in background threads; returns (http server, cluster, server thread).

    For tests and embedding: ``srv.server_address[1]`` is the port, ``srv.sandbox.token``
    the bearer token, ``srv.tls_cert_pem`` the certificate to trust (None with
    ``tls=False``, which also turns the sandbox off: plain HTTP carries no credentials);
    stop with ``srv.shutdown(); cluster.stop(); srv.server_close()``.
    """
    served = ServedCluster(version=version, gates=gates, interval=interval)
    sandbox = None
    identity = None
    if tls:
        sandbox = Sandbox(bind=host, extra_hosts=tuple(allow_hosts))
        if token is not None:
            sandbox.token = token
        identity = tls_identity(host, tuple(allow_hosts))
    srv = Server((host, port), make_handler(served, quiet=quiet, sandbox=sandbox),
                 tls=identity.context if identity else None)
    srv.sandbox = sandbox
    srv.tls_cert_pem = identity.cert_pem if identity else None
    served.start()
    t = threading.Thread(target=srv.serve_forever, name="drakit-http", daemon=True)
    t.start()
    return srv, served, t


def url_of(srv: Server) -> str:
    host, port = srv.server_address[:2]
    if ":" in str(host):
        host = f"[{host}]"
    return f"{'https' if srv.tls else 'http'}://{host}:{port}"


def _port(text: str) -> int:
    """--port: a TCP port, 0 for a free one (argparse turns the error into one usage line)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port: use 1-65535, or 0 for a "
                                         "free one")
    return port


def _interval(text: str) -> float:
    """--interval: seconds between reconcile rounds; 0 or less would spin a core, NaN or
    more than an hour would stop the components from reacting."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < seconds <= 3600:  # also false for NaN
        raise argparse.ArgumentTypeError(f"{text} seconds: use more than 0 and at most 3600")
    return seconds


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="drakit serve", description=(
        "Serve a drakit reference cluster over HTTPS the way kube-apiserver does."))
    p.add_argument("--port", type=_port, default=6443,
                   help="port to listen on; 0 picks a free one (printed on stdout)")
    p.add_argument("--bind", default=None, metavar="ADDRESS",
                   help="listen on this address instead of 127.0.0.1 (::1 for IPv6); "
                        "anything but loopback exposes the sandbox to the network")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="also answer requests whose Host header names NAME (a DNS name "
                        "this server is reached by); repeatable")
    p.add_argument("--version", default="1.37", help="emulated Kubernetes version ("
                   + ", ".join(SUPPORTED_VERSIONS) + "; default 1.37)")
    p.add_argument("--gate", action="append", metavar="NAME=BOOL",
                   help="feature gate override; repeatable or comma-separated")
    p.add_argument("--kubeconfig-out", metavar="FILE",
                   help="write a kubeconfig for this server (URL, CA, token) to FILE")
    p.add_argument("--node", action="append", metavar="NAME[:cpu=8,memory=32Gi]",
                   help="add a node at start; repeatable")
    p.add_argument("--interval", type=_interval, default=0.2,
                   help="seconds between background reconcile rounds (default 0.2)")
    p.add_argument("-v", "--verbose", action="store_true", help="log every request")
    p.add_argument("--node-agents", metavar="DIR", default=None,
                   help="run a drakit node agent per node on DIR/<node>.sock (the harness: "
                        "--node-agent unix:DIR/{node}.sock; docs/live-cluster.md)")
    return p


def start_node_agents(served: ServedCluster, directory: str) -> threading.Thread:
    """Agents for the served nodes' kubelets, kept in step with the nodes (drakit/nodeagent)."""
    from drakit.nodeagent.served import ServedAgents

    agents = ServedAgents(served, directory)

    def loop() -> None:
        try:
            while not served.stopping:
                agents.sync()
                served._stop.wait(max(served.interval, 0.05))
        finally:
            agents.stop()
    t = threading.Thread(target=loop, name="drakit-node-agents", daemon=True)
    t.start()
    return t


WARNING = """\
drakit serve: WARNING: listening on {host}, which is not a loopback address.
drakit serve: WARNING: this is a sandbox that allows EVERY request made with its token to
drakit serve: WARNING: anyone who can reach {host}:{port} and holds the kubeconfig. Use
drakit serve: WARNING: --bind 127.0.0.1 (or ::1) unless you mean to share it.
"""


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(argv or []))
    host = (args.bind or "127.0.0.1").strip("[]")
    from drakit.cli import NodeSpecError, parse_node_spec

    try:  # bad input ends in one line before anything listens
        nodes = [parse_node_spec(n) for n in args.node or ()]
        gates = parse_gate_args(args.gate)
    except (NodeSpecError, FeatureGateError) as e:
        print(f"drakit serve: error: {e}", file=sys.stderr)
        return 1
    # the kubeconfig is the only way to the token: without --kubeconfig-out it goes to a
    # private file whose path is printed
    out = Path(args.kubeconfig_out) if args.kubeconfig_out else None
    if out is not None and not out.parent.is_dir():
        print(f"drakit serve: error: cannot write the kubeconfig to {out}: directory "
              f"{out.parent} does not exist (create it or choose another --kubeconfig-out)",
              file=sys.stderr)
        return 1
    try:
        srv, served, thread = start(args.version, gates, host, args.port, args.interval,
                                    quiet=not args.verbose, allow_hosts=args.allow_host)
    except FeatureGateError as e:
        print(f"drakit serve: error: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"drakit serve: cannot listen on {host}:{args.port}: {e}", file=sys.stderr)
        return 1
    agents = None
    try:
        problem = _set_up(args, srv, served, nodes, out)
        if problem:
            print(f"drakit serve: error: {problem}", file=sys.stderr, flush=True)
            return 1
        if not is_loopback(host):
            print(WARNING.format(host=host, port=srv.server_address[1]), end="",
                  file=sys.stderr, flush=True)
        agents = start_node_agents(served, args.node_agents) if args.node_agents else None
        # the modules, schemas and CEL environments loaded so far live as long as the
        # server: out of the collector's reach, a full collection walks only what requests
        # made (the served cluster's store grows, and gen-2 passes over it were CPU wasted)
        gc.freeze()
        print(f"drakit serve: Kubernetes {args.version} API on {url_of(srv)} "
              f"(port {srv.server_address[1]})", flush=True)
        if not args.kubeconfig_out:
            print(f"drakit serve: kubeconfig (server, CA, token) written to "
                  f"{_kubeconfig_path(srv, out)}", file=sys.stderr, flush=True)
        note = inert_note(served.cluster.gates)
        if note:
            print(f"drakit serve: {note}", file=sys.stderr, flush=True)
        stop = threading.Event()

        def on_signal(signum, frame) -> None:  # noqa: ARG001
            stop.set()
        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)
        while not stop.wait(0.5):
            pass
    finally:
        srv.shutdown()
        served.stop()
        srv.server_close()
        if agents is not None:
            agents.join(timeout=5)
    return 0


def _kubeconfig_path(srv: Server, out: Path | None) -> Path:
    return out or Path(tempfile.gettempdir()) / f"drakit-serve-{srv.server_address[1]}.kubeconfig"


def _set_up(args: argparse.Namespace, srv: Server, served: ServedCluster,
            nodes: list[tuple[str, dict[str, str] | None]], out: Path | None) -> str:
    """Add the --node nodes and write the kubeconfig; a one-line problem, or ""."""
    from drakit.api.errors import StatusError

    for name, alloc in nodes:
        try:
            with served.lock:
                served.cluster.add_node(name, allocatable=alloc)
        except StatusError as e:
            return f"--node {name}: {e}"
    path = _kubeconfig_path(srv, out)
    try:
        path.touch(mode=0o600)
        os.chmod(path, 0o600)  # it holds the token
        path.write_text(yaml.safe_dump(kubeconfig_for(srv), sort_keys=False), encoding="utf-8")
    except OSError as e:
        return (f"cannot write the kubeconfig to {path}: {e.strerror or e} (choose another "
                "--kubeconfig-out)")
    return ""
