"""The library calls that name a node or ask after failures (drakit's own API, not the
Kubernetes one: no scenario can call them with a node that has no kubelet)."""

from __future__ import annotations

import pytest

from .helpers import container, pod


def test_a_node_without_a_kubelet_is_a_key_error(cluster) -> None:
    with pytest.raises(KeyError, match='node "nope" has no kubelet'):
        cluster.kubelet("nope")
    with pytest.raises(KeyError, match='node "nope" has no kubelet'):
        cluster.restart_kubelet("nope")


def test_a_container_or_pod_the_node_does_not_run_is_a_key_error(cluster) -> None:
    cluster.apply([pod("p1", [container("app")])])
    k = cluster.kubelet("n1")
    assert k.cdi_devices("p1", "app") == []
    with pytest.raises(KeyError, match="pod default/p1 has no container 'other'"):
        k.cdi_devices("p1", "other")
    with pytest.raises(KeyError, match="pod default/p2 is not on node n1"):
        k.cdi_devices("p2", "app")


def test_errors_lists_the_open_failures_of_every_kubelet(cluster) -> None:
    assert cluster.errors() == []
    k = cluster.kubelet("n1")
    k.failures.failed("Pod", {"metadata": {"name": "p", "namespace": "default", "uid": "u"}},
                      ValueError("boom"), "FailedSync", event=False)
    assert [(e.component, e.kind, e.name) for e in cluster.errors()] == [("kubelet/n1", "Pod", "p")]
