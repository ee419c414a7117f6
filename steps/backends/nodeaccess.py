"""How the cluster backend reaches a node: the drakit node agent (drakit/nodeagent).

Why through an agent: PodResources, the DRA checkpoint and the runtime's CDI devices are only
visible on the node. The harness never opens a port on a node; it reaches the agent

* ``exec[:NAMESPACE]`` — through the API server: ``pods/exec`` into the agent pod that runs
  on the node (DaemonSet from ``drakit node-agent manifest``, namespace ``drakit-system`` by
  default), one ``drakit node-agent call`` per request;
* ``unix:PATH`` — a unix socket per node, ``{node}`` standing for the node's name on the
  cluster: agents started by ``drakit serve --node-agents DIR`` next to its kubelets, or by
  hand on a machine that is the node.

Answers are the agent's JSON; the backend maps names back (namespace, prefixes, drivers) as
it does for API objects.
"""

from __future__ import annotations

import json
import time
from typing import Any

from .base import EnvironmentFailure, PodResourcesError, Unsupported

AGENT_SELECTOR = "app.kubernetes.io/name=drakit-node-agent"
AGENT_SOCKET = "unix:/run/drakit/agent.sock"
CONNECT_WAIT = 30.0
"""Seconds to wait for a node's agent socket to appear (a new node's agent starts async; on a
loaded 2-core machine 10 s was once too short for drakit serve's agents)."""


class AgentClient:
    def call(self, request: dict) -> dict:  # pragma: no cover - interface
        raise NotImplementedError


class UnixAgent(AgentClient):
    def __init__(self, template: str, node: str) -> None:
        self.path = template.replace("{node}", node)
        self.node = node

    def call(self, request: dict) -> dict:
        from drakit.nodeagent.agent import AgentError, call_unix

        deadline = time.monotonic() + CONNECT_WAIT
        while True:
            try:
                return call_unix(self.path, request)
            except (FileNotFoundError, ConnectionRefusedError):
                if time.monotonic() >= deadline:
                    raise AssertionError(f'node "{self.node}" has no node agent at '
                                         f"{self.path} (is there such a Node?)") from None
                time.sleep(0.1)
            except (OSError, AgentError) as e:
                raise EnvironmentFailure(f"node agent {self.path}: {e}") from None


class ExecAgent(AgentClient):
    """``pods/exec`` into the agent pod on ``node`` (websocket, through the API server)."""

    def __init__(self, session: Any, namespace: str, node: str) -> None:
        self.session, self.namespace, self.node = session, namespace, node
        self._pod: str | None = None

    def pod(self) -> str:
        if self._pod is None:
            pods = self.session.request(
                "GET", f"/api/v1/namespaces/{self.namespace}/pods",
                {"labelSelector": AGENT_SELECTOR,
                 "fieldSelector": f"spec.nodeName={self.node}"}).get("items") or []
            running = [p for p in pods if (p.get("status") or {}).get("phase") == "Running"]
            if not running:
                raise Unsupported(f'needs node access: no running drakit node agent on node '
                                  f'"{self.node}" (namespace {self.namespace}; deploy it with '
                                  f"drakit node-agent manifest | kubectl apply -f -)")
            self._pod = running[0]["metadata"]["name"]
        return self._pod

    def call(self, request: dict) -> dict:
        from kubernetes import client
        from kubernetes.stream import stream

        core = client.CoreV1Api(self.session.client)
        cmd = ["drakit", "node-agent", "call", "--agent", AGENT_SOCKET, json.dumps(request)]
        try:
            out = stream(core.connect_get_namespaced_pod_exec, self.pod(), self.namespace,
                         command=cmd, stderr=True, stdin=False, stdout=True, tty=False,
                         _request_timeout=180)
        except Exception as e:  # noqa: BLE001 - websocket and API errors alike
            raise EnvironmentFailure(f"exec into the node agent on {self.node}: {e}") from None
        line = (out or "").strip().splitlines()[-1:] or [""]
        try:
            return json.loads(line[0])
        except ValueError:
            raise EnvironmentFailure(f"the node agent on {self.node} answered "
                                     f"{(out or '')[:300]!r}") from None


def agent_for(spec: str, session: Any, node: str) -> AgentClient:
    if spec.startswith("unix:"):
        return UnixAgent(spec[len("unix:"):], node)
    if spec == "exec" or spec.startswith("exec:"):
        return ExecAgent(session, spec.partition(":")[2] or "drakit-system", node)
    raise EnvironmentFailure(f"DRAKIT_NODE_AGENT/--node-agent {spec!r}: write exec[:NAMESPACE] "
                             f"or unix:PATH (PATH may contain {{node}})")


def answer(reply: dict, incoming) -> dict:
    """The agent's result, or PodResourcesError with its gRPC code and message."""
    err = reply.get("error")
    if isinstance(err, dict):
        raise PodResourcesError(str(err.get("code", "Unknown")),
                                incoming(str(err.get("message", ""))))
    return incoming(reply)


class AgentPodResources:
    """The steps' PodResourcesAPI over a node agent."""

    def __init__(self, agent: AgentClient, names) -> None:
        self.agent, self.names = agent, names

    def _call(self, request: dict) -> dict:
        return answer(self.agent.call(request), self.names.incoming)

    def list(self) -> dict:
        return self._call({"op": "list"})["answer"]

    def get(self, name: str, namespace: str) -> dict:
        return self._call({"op": "get", "name": name,
                           "namespace": self.names.real_namespace(namespace)})["answer"]

    def get_allocatable_resources(self) -> dict:
        return self._call({"op": "allocatable"})["answer"]

    def socket_mode(self) -> str:
        return self._call({"op": "socket_mode"})["mode"]

    def burst(self, n: int) -> tuple[int, list[PodResourcesError]]:
        """n List calls made on the node, back to back (a rate limit is about the node)."""
        r = self._call({"op": "burst", "n": n})
        return r["ok"], [PodResourcesError(e.get("code", ""), e.get("message", ""))
                         for e in r.get("errors") or ()]
