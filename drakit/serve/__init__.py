"""``drakit serve``: the reference cluster behind a kube-apiserver-compatible HTTP API.

Why: no real control plane can run on the machines this project is built on, yet the
harness must prove that its live-cluster backend (the official client, raw JSON, watches,
Status errors) works, and people want to point kubectl at the reference. Serving the
reference over HTTP gives both: CI runs the whole suite through a real socket with
``--backend=cluster``, and ``kubectl --kubeconfig <file>`` talks to it.

Listens on 127.0.0.1 only unless ``--bind`` is given explicitly; no authentication.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Sequence
from http.server import ThreadingHTTPServer
from pathlib import Path

import yaml

from drakit.features import FeatureGateError, parse_gate_args

from .handler import make_handler
from .state import ServedCluster

LOOPBACK = ("127.0.0.1", "localhost", "::1")


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def kubeconfig(url: str, name: str = "drakit", namespace: str = "default") -> dict:
    """A kubeconfig for ``url`` with one context named ``name`` and no credentials."""
    return {
        "apiVersion": "v1", "kind": "Config", "preferences": {},
        "clusters": [{"name": name, "cluster": {"server": url}}],
        "users": [{"name": name, "user": {"token": "drakit"}}],
        "contexts": [{"name": name, "context": {"cluster": name, "user": name,
                                                "namespace": namespace}}],
        "current-context": name,
    }


def start(version: str = "1.37", gates: dict[str, bool] | None = None,
          host: str = "127.0.0.1", port: int = 0, interval: float = 0.2,
          quiet: bool = True) -> tuple[Server, ServedCluster, threading.Thread]:
    """Start serving in background threads; returns (http server, cluster, server thread).

    For tests and embedding: ``srv.server_address[1]`` is the port; stop with
    ``srv.shutdown(); cluster.stop()``.
    """
    served = ServedCluster(version=version, gates=gates, interval=interval)
    srv = Server((host, port), make_handler(served, quiet=quiet))
    served.start()
    t = threading.Thread(target=srv.serve_forever, name="drakit-http", daemon=True)
    t.start()
    return srv, served, t


def url_of(srv: Server) -> str:
    host, port = srv.server_address[:2]
    if ":" in str(host):
        host = f"[{host}]"
    return f"http://{host}:{port}"


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="drakit serve", description=(
        "Serve a drakit reference cluster over HTTP the way kube-apiserver does."))
    p.add_argument("--port", type=int, default=6443,
                   help="port to listen on; 0 picks a free one (printed on stdout)")
    p.add_argument("--bind", default=None, metavar="ADDRESS",
                   help="listen on this address instead of 127.0.0.1 (no authentication!)")
    p.add_argument("--version", default="1.37", help="emulated Kubernetes version (1.36, 1.37)")
    p.add_argument("--gate", action="append", metavar="NAME=BOOL",
                   help="feature gate override; repeatable or comma-separated")
    p.add_argument("--kubeconfig-out", metavar="FILE",
                   help="write a kubeconfig for this server to FILE")
    p.add_argument("--node", action="append", metavar="NAME[:cpu=8,memory=32Gi]",
                   help="add a node at start; repeatable")
    p.add_argument("--interval", type=float, default=0.2,
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


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(argv or []))
    host = args.bind or "127.0.0.1"
    if args.bind is None and host not in LOOPBACK:  # pragma: no cover - defensive
        print("drakit serve: refusing a non-loopback address without --bind", file=sys.stderr)
        return 2
    try:
        gates = parse_gate_args(args.gate)
        srv, served, thread = start(args.version, gates, host, args.port, args.interval,
                                    quiet=not args.verbose)
    except FeatureGateError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"drakit serve: cannot listen on {host}:{args.port}: {e}", file=sys.stderr)
        return 1
    for n in args.node or ():
        name, _, spec = n.partition(":")
        alloc = dict(kv.split("=", 1) for kv in spec.split(",") if "=" in kv) if spec else None
        with served.lock:
            served.cluster.add_node(name, allocatable=alloc)
    agents = start_node_agents(served, args.node_agents) if args.node_agents else None
    url = url_of(srv)
    if args.kubeconfig_out:
        Path(args.kubeconfig_out).write_text(yaml.safe_dump(kubeconfig(url), sort_keys=False),
                                             encoding="utf-8")
    print(f"drakit serve: Kubernetes {args.version} API on {url} (port {srv.server_address[1]})",
          flush=True)
    stop = threading.Event()

    def on_signal(signum, frame) -> None:  # noqa: ARG001
        stop.set()
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        while not stop.wait(0.5):
            pass
    finally:
        srv.shutdown()
        served.stop()
        srv.server_close()
        if agents is not None:
            agents.join(timeout=5)
    return 0
