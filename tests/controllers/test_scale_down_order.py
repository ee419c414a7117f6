"""The order a ReplicaSet deletes pods in when it scales down, as upstream's
ActivePodsWithRanks sorts them (pkg/controller/controller_utils.go)."""

from drakit.controllers.deployment import _deletion_rank


def _pod(name, node="", phase="Running", ready=True, restarts=0, created="2026-01-01T00:00:00Z",
         cost=None):
    annotations = {"controller.kubernetes.io/pod-deletion-cost": cost} if cost is not None else {}
    return {"metadata": {"name": name, "creationTimestamp": created, "annotations": annotations},
            "spec": {"nodeName": node} if node else {},
            "status": {"phase": phase,
                       "conditions": [{"type": "Ready", "status": "True" if ready else "False"}],
                       "containerStatuses": [{"restartCount": restarts}]}}


def _order(pods, deletion_cost=True):
    return [p["metadata"]["name"] for p in sorted(pods, key=_deletion_rank(pods, deletion_cost))]


def test_each_rule_in_upstreams_order():
    pods = [
        _pod("old-lone", node="n1", created="2026-01-01T00:00:00Z"),
        _pod("new-lone", node="n2", created="2026-01-02T00:00:00Z"),
        _pod("restarted", node="n3", restarts=3),
        _pod("doubled-a", node="n4"), _pod("doubled-b", node="n4", created="2026-01-01T00:00:01Z"),
        _pod("not-ready", node="n5", ready=False),
        _pod("pending", node="n6", phase="Pending", ready=False),
        _pod("unknown", node="n7", phase="Unknown"),
        _pod("unassigned", phase="Pending", ready=False),
    ]
    assert _order(pods) == ["unassigned", "pending", "unknown", "not-ready", "doubled-b",
                            "doubled-a", "restarted", "new-lone", "old-lone"]


def test_a_pod_without_a_creation_time_goes_before_timed_ones():
    pods = [_pod("timed", node="n1"), _pod("untimed", node="n2", created="")]
    assert _order(pods) == ["untimed", "timed"]


def test_deletion_cost_comes_after_readiness_and_before_pods_per_node():
    """ActivePodsWithRanks.Less step 4 (PodDeletionCost): a lower cost first, an unreadable
    value counts as 0; it does not outrank readiness, and it outranks doubling up and age."""
    pods = [
        _pod("doubled-a", node="n1"), _pod("doubled-b", node="n1"),
        _pod("cheap-old", node="n2", cost="-10", created="2025-01-01T00:00:00Z"),
        _pod("dear", node="n3", cost="100", restarts=5),
        _pod("garbled", node="n4", cost="007", created="2026-01-03T00:00:00Z"),
        _pod("not-ready-dear", node="n5", ready=False, cost="1000"),
    ]
    assert _order(pods) == ["not-ready-dear", "cheap-old", "doubled-a", "doubled-b", "garbled",
                            "dear"]
    # without the gate the cost is ignored: doubled-up pods, then restarts, then the newest
    assert _order(pods, deletion_cost=False) == ["not-ready-dear", "doubled-a", "doubled-b",
                                                 "dear", "garbled", "cheap-old"]


def test_restarts_compare_the_highest_container_count_not_the_sum():
    a = _pod("two-small", node="n1")
    a["status"]["containerStatuses"] = [{"restartCount": 2}, {"restartCount": 2}]
    b = _pod("one-big", node="n2", restarts=3)
    assert _order([a, b]) == ["one-big", "two-small"]
