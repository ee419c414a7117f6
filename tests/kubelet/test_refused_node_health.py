"""A refused Node health write (Ready=Unknown of a node whose kubelet does not start) is
written again at the node lifecycle controller's next pass (every 5 s), not at every sync
in between.

Why a unit test: how often the refused write is sent is not visible through the API (the
scenario platform-VAP-R02/node-health-retried shows that it is written once allowed).
"""

from __future__ import annotations

import pytest

from drakit.kubelet import KubeletStartError
from drakit.kubelet.kubelet import NODE_MONITOR_PERIOD_SECONDS

from .helpers import allocate, claim, container, deny_policy, pod

POLICY = deny_policy("known", "UPDATE", "nodes/status",
                     "object.status.conditions.all(c, c.type != 'Ready' || c.status != 'Unknown')",
                     "nodes stay known")


def test_a_refused_node_health_write_is_sent_again_once_per_pass(cluster, monkeypatch) -> None:
    cluster.apply([claim("c")])
    cluster.apply([pod("p1", [container("main", ["gpu"])], claims={"gpu": "c"})])
    allocate(cluster, "c", [("gpu", "gpu.example.com", "n1", "gpu-0")], ["p1"])
    cluster.apply(POLICY)
    cluster.kubelet("n1").checkpoint_path.write_bytes(b"")
    sent: list[str] = []
    real = cluster.api.patch

    def patch(kind, name, body, *args, **kwargs):
        if kind == "Node" and kwargs.get("subresource") == "status":
            sent.append(name)
        return real(kind, name, body, *args, **kwargs)

    monkeypatch.setattr(cluster.api, "patch", patch)
    with pytest.raises(KubeletStartError):
        cluster.restart_kubelet("n1")
    assert sent == ["n1"]
    cluster.apply([pod("p2", [container("app")])])  # another sync, early
    cluster.settle()
    assert sent == ["n1"]
    cluster.advance(NODE_MONITOR_PERIOD_SECONDS)
    cluster.settle()
    assert sent == ["n1", "n1"]
    ready = [c for c in cluster.get("Node", "n1")["status"]["conditions"] if c["type"] == "Ready"]
    assert ready[0]["status"] == "True"


def test_a_node_added_while_a_health_write_waits_for_its_retry_is_reported_as_work(cluster) -> None:
    # the manager's pass that starts a kubelet for a new Node (which may write that node's
    # health) reports work even while another node's refused health write is not yet due:
    # settle() ends on a round in which no component reports work
    cluster.apply(POLICY)
    cluster.kubelet("n1").checkpoint_path.write_bytes(b"")
    with pytest.raises(KubeletStartError):
        cluster.restart_kubelet("n1")
    # a Node that comes back with the node lifecycle's unreachable taint: its new kubelet's
    # start takes the taint off (a write), and its first sync has nothing else to do
    cluster.apply([{"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n2"}, "spec": {
        "taints": [{"key": "node.kubernetes.io/unreachable", "effect": "NoExecute"}]}}], settle=False)
    cluster.settle()
    assert cluster.unreported_writes == []
    assert not cluster.get("Node", "n2")["spec"].get("taints")
