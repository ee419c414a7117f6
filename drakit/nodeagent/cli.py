"""``drakit node-agent serve|call|manifest`` (see drakit/nodeagent/agent.py)."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from collections.abc import Sequence

import yaml

from drakit.api.names import is_dns1123_label
from drakit.nodeagent.agent import (
    DEFAULT_CHECKPOINT,
    DEFAULT_SOCKET,
    AgentError,
    AgentServer,
    NodeAgent,
    call_unix,
)
from drakit.nodeagent.manifest import DEFAULT_IMAGE, DEFAULT_NAMESPACE, objects


def _agent_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--node", default="", help="this node's name (informative)")
    p.add_argument("--podresources-socket", default=DEFAULT_SOCKET,
                   help=f"the kubelet's PodResources socket (default {DEFAULT_SOCKET})")
    p.add_argument("--checkpoint", default=DEFAULT_CHECKPOINT,
                   help=f"the DRA manager checkpoint (default {DEFAULT_CHECKPOINT})")
    p.add_argument("--kubelet-metrics-url", default=None,
                   help="the kubelet's /metrics, e.g. https://NODE_IP:10250/metrics")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="drakit node-agent", description=(
        "Answer the harness's questions about one node (PodResources, checkpoint, CDI "
        "devices, kubelet metrics and restart)."))
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("serve", help="serve requests on a unix socket until stopped")
    _agent_args(s)
    s.add_argument("--listen", required=True, metavar="unix:PATH")
    c = sub.add_parser("call", help="answer one request (JSON) on stdout")
    _agent_args(c)
    c.add_argument("--agent", default=None, metavar="unix:PATH",
                   help="ask a running agent instead of answering in this process")
    c.add_argument("request", help='e.g. {"op": "list"}')
    m = sub.add_parser("manifest", help="print the DaemonSet (and RBAC) that deploys the agent")
    m.add_argument("--namespace", default=DEFAULT_NAMESPACE, type=_namespace,
                   help=f"namespace of the DaemonSet and its RBAC (default {DEFAULT_NAMESPACE})")
    m.add_argument("--image", default=DEFAULT_IMAGE, type=_image,
                   help="the agent's container image (default: this drakit's)")
    return p


def _namespace(text: str) -> str:
    """--namespace: the API server would refuse anything but a DNS-1123 label; say so here
    rather than print a manifest that kubectl apply then refuses."""
    problems = is_dns1123_label(text)
    if problems:
        raise argparse.ArgumentTypeError(f"{text!r} is no namespace name: {problems[0]}")
    return text


def _image(text: str) -> str:
    """--image: a container image reference; an empty one or one with whitespace around it
    is refused by pod validation ("Required value" / "must not have leading or trailing
    whitespace")."""
    if not text or text != text.strip():
        raise argparse.ArgumentTypeError(f"{text!r}: give an image reference, without "
                                         "whitespace around it")
    return text


def _agent(args: argparse.Namespace) -> NodeAgent:
    return NodeAgent(node=args.node, podresources_socket=args.podresources_socket,
                     checkpoint=args.checkpoint, metrics_url=args.kubelet_metrics_url)


def _unix(spec: str) -> str:
    if not spec.startswith("unix:"):
        raise SystemExit(f"drakit node-agent: {spec!r}: write unix:PATH")
    return spec[len("unix:"):]


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(argv if argv is not None else sys.argv[1:]))
    if args.cmd == "manifest":
        print(yaml.safe_dump_all(objects(args.namespace, args.image), sort_keys=False), end="")
        return 0
    if args.cmd == "call":
        try:
            req = json.loads(args.request)
        except ValueError as e:
            print(json.dumps({"error": {"code": "InvalidArgument",
                                        "message": f"the request is not JSON: {e}"}}))
            return 2
        try:
            answer = call_unix(_unix(args.agent), req) if args.agent else _agent(args).handle(req)
        except (OSError, AgentError) as e:
            answer = {"error": {"code": "Unavailable", "message": str(e)}}
        print(json.dumps(answer, separators=(",", ":")))
        return 1 if "error" in answer else 0
    server = AgentServer(_agent(args), _unix(args.listen)).start()
    print(f"drakit node-agent: serving on {args.listen} for node {args.node or '(unnamed)'}",
          flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    try:
        while not stop.wait(0.5):
            pass
    finally:
        server.stop()
    return 0
