"""The kubelet manager's Node watch ending in 410 Expired: it lists the Nodes again.

Why a unit test: a scenario cannot create or delete a Node between the last event the
manager took in and an API server restart (every step lets the components settle), so
KubeletManager._relist_nodes only ever relists an unchanged set of Nodes in the feature
suite. Upstream the informer's relist replaces its store (client-go reflector.go); the
manager does the same for its kubelets: one for each new Node, none for a Node gone.
"""

from __future__ import annotations

from drakit.kubelet.kubelet import KubeletManager

from .helpers import container, pod


def test_a_relist_starts_a_kubelet_for_a_new_node_and_stops_that_of_a_gone_one(make_cluster) -> None:
    c = make_cluster(nodes={"n1": {"cpu": "8", "memory": "32Gi"},
                            "n2": {"cpu": "8", "memory": "32Gi"}})
    m = next(x for x in c.components if isinstance(x, KubeletManager))
    gone = m.kubelets["n2"]
    # behind the manager's back: no sync between these writes and the restart
    c.api.delete("Node", "n2")
    c.api.create({"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n3"},
                  "status": {"allocatable": {"cpu": "8", "memory": "32Gi", "pods": "110"},
                             "capacity": {"cpu": "8", "memory": "32Gi", "pods": "110"}}})
    c.api.restart_watch_cache()
    c.settle()
    assert sorted(m.kubelets) == ["n1", "n3"]
    assert not gone.running
    c.apply([pod("p3", [container("app")], node="n3")])
    c.settle()
    assert c.get("Pod", "p3")["status"]["phase"] == "Running"
