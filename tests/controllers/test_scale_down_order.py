"""The order a ReplicaSet deletes pods in when it scales down, as upstream's
ActivePodsWithRanks sorts them (pkg/controller/controller_utils.go)."""

from drakit.controllers.deployment import _deletion_rank


def _pod(name, node="", phase="Running", ready=True, restarts=0, created="2026-01-01T00:00:00Z"):
    return {"metadata": {"name": name, "creationTimestamp": created},
            "spec": {"nodeName": node} if node else {},
            "status": {"phase": phase,
                       "conditions": [{"type": "Ready", "status": "True" if ready else "False"}],
                       "containerStatuses": [{"restartCount": restarts}]}}


def _order(pods):
    return [p["metadata"]["name"] for p in sorted(pods, key=_deletion_rank(pods))]


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
