"""The kubelet computes what an admitted pod costs the node once per version of the pod.

Why: admission sums the footprint of every active pod for each new pod (k/k
pkg/kubelet/lifecycle predicate: the node's resources minus what the admitted pods use), so a
node with hundreds of pods would otherwise recompute each of them for every arrival. The
cache is keyed by uid and resourceVersion: a changed pod is costed again.
"""

from __future__ import annotations

from drakit.kubelet import kubelet as kubelet_module

from .helpers import container, pod, record_calls


def test_footprint_is_computed_once_per_resource_version(make_cluster, monkeypatch) -> None:
    c = make_cluster()
    c.apply([pod("p1", [container("app", requests={"cpu": "1"})])])
    calls = record_calls(monkeypatch, kubelet_module, "footprint",
                         lambda p: p["metadata"]["resourceVersion"])
    k = c._kubelets().kubelets["n1"]
    stored = c.get("Pod", "p1")
    first = k._footprint(stored)
    assert k._footprint(stored) == first
    assert calls.count(stored["metadata"]["resourceVersion"]) <= 1, calls
    changed = c.patch("Pod", "p1", {"metadata": {"labels": {"touched": "yes"}}})
    k._footprint(changed)
    assert calls[-1] == changed["metadata"]["resourceVersion"]


def test_the_per_pod_caches_forget_pods_long_gone(make_cluster) -> None:
    """Both per-pod caches (footprints, creation-order keys) drop the entries of pods the node
    no longer has once they outgrow twice the live pods plus 16: a busy node's churn of
    short-lived pods must not grow them without bound (performance only: what admission and
    the pod order give is the same either way)."""
    c = make_cluster()
    c.apply([pod("p1", [container("app", requests={"cpu": "1"})])])
    k = c._kubelets().kubelets["n1"]
    live = c.get("Pod", "p1")["metadata"]["uid"]
    k._footprints.update({f"gone-{i}": ("1", {}) for i in range(40)})
    k._order_keys.update({f"gone-{i}": ("", "", "") for i in range(40)})
    c.apply([pod("p2", [container("app", requests={"cpu": "1"})])])
    assert not [u for u in k._footprints if u.startswith("gone-")]
    assert live in k._footprints
    assert not [u for u in k._order_keys if u.startswith("gone-")]
    assert live in k._order_keys
