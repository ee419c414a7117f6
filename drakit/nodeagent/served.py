"""Node agents for ``drakit serve``'s kubelets: ``drakit serve --node-agents DIR``.

Why: ``drakit serve`` stands in for a cluster in CI, and its nodes' kubelets are real
PodResources gRPC servers on unix sockets (drakit/kubelet). An agent per node, listening on
``DIR/<node>.sock``, answers the harness exactly as the DaemonSet agent does on a real node
(``--node-agent unix:DIR/{node}.sock``), so every @component:kubelet scenario runs through
the same agent code against the reference kubelet. The node-local means a real node offers
through the host (systemctl, the runtime, the kubelet's :10250) are hooks here into the
served cluster: restart = ``restart_kubelet`` under the server's lock, metrics = the
kubelet's own counters, runtime devices = what the kubelet handed the runtime. A burst
holds the server's lock so its logical clock (which refills the rate limit) stands still.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from drakit.nodeagent.agent import AgentServer, NodeAgent


class ServedAgents:
    """One agent per Node of a ``ServedCluster``; ``sync()`` follows nodes coming and going."""

    def __init__(self, served: Any, directory: str | Path) -> None:
        self.served = served
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.servers: dict[str, AgentServer] = {}

    def _kubelet(self, node: str):
        return self.served.read(lambda: self.served.cluster.kubelet(node))

    def _agent(self, node: str) -> NodeAgent:
        served = self.served
        k = served.read(lambda: served.cluster.kubelet(node))  # starts its server if needed

        def restart() -> None:
            served.write(lambda: served.cluster.restart_kubelet(node))

        def metrics() -> str:
            return served.read(lambda: self._kubelet(node).metrics_text())

        def devices(pod: str, namespace: str, container: str) -> list[str]:
            return served.read(lambda: self._kubelet(node).cdi_devices(pod, container,
                                                                       namespace))

        def fail(driver: str, call: str, message: str | None) -> None:
            # under the server's lock: the kubelet may be mid-sync
            served.write(lambda: self._kubelet(node).fail_driver(driver, call, message))

        return NodeAgent(node=node, podresources_socket=str(k.socket_path),
                         checkpoint=str(k.checkpoint_path), metrics_hook=metrics,
                         restart_hook=restart, runtime_devices=devices, driver_faults=fail,
                         before_call=lambda: self._kubelet(node), quiet=served.lock)

    def sync(self) -> None:
        nodes = set(self.served.read(lambda: [n["metadata"]["name"] for n in
                                              self.served.api.list("Node")]))
        # new nodes first: a scenario waits for its node's agent (steps/backends/nodeaccess.py)
        for node in sorted(nodes - set(self.servers)):
            if "/" in node or len(node) > 200:
                continue
            try:
                self.servers[node] = AgentServer(self._agent(node),
                                                 self.dir / f"{node}.sock").start()
            except (KeyError, OSError):
                continue  # no kubelet (yet) or no socket path: next round
        # then the gone ones, each stopped on a thread of its own: a stop waits for its
        # server's loop to notice (socketserver's shutdown), and with scenarios' nodes going
        # several times a second on a loaded machine, stopping them one by one in this loop
        # once kept a new node's agent from starting for the harness's whole 30 s wait
        for gone in set(self.servers) - nodes:
            threading.Thread(target=self.servers.pop(gone).stop, daemon=True,
                             name=f"node-agent-stop-{gone}").start()

    def stop(self) -> None:
        for s in self.servers.values():
            s.stop()
        self.servers.clear()
