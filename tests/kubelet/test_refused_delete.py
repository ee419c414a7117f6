"""A terminated pod whose final delete an admission policy refuses: the kubelet deletes it
again at the status manager's next batch (every 10 s), not at every sync in between.

Why a unit test: how often the refused delete is sent is not visible through the API (the
scenario platform-VAP-R02/kubelet-final-delete shows that it is retried and goes through
once allowed); upstream's status manager sends it once per syncBatch. The same batch retries
a refused status write, and a write that goes in before it ends that retry.
"""

from __future__ import annotations

from drakit.kubelet.kubelet import STATUS_SYNC_PERIOD_SECONDS

from .helpers import container, deny_policy, pod

POLICY = deny_policy("stay", "DELETE", "pods", "!has(oldObject.metadata.deletionTimestamp)",
                     "terminating pods stay")


def test_a_refused_final_delete_is_sent_again_once_per_batch(cluster, monkeypatch) -> None:
    cluster.apply(POLICY + [pod("web", [container("app")])])
    cluster.settle()
    sent: list[str] = []
    real = cluster.api.delete

    def delete(kind, name, *args, **kwargs):
        if kind == "Pod" and kwargs.get("grace_period_seconds") == 0:
            sent.append(name)
        return real(kind, name, *args, **kwargs)

    monkeypatch.setattr(cluster.api, "delete", delete)
    cluster.api.delete("Pod", "web", "default")
    cluster.settle()
    assert sent == ["web"]
    cluster.apply([pod("other", [container("app")])])  # another sync of the node, early
    cluster.settle()
    assert sent == ["web"]
    cluster.advance(STATUS_SYNC_PERIOD_SECONDS)
    cluster.settle()
    assert sent == ["web", "web"]
    assert cluster.api.try_get("Pod", "web", "default") is not None


STATUS_POLICY = deny_policy("frozen-status", "UPDATE", "pods/status", "false", "status is frozen")


def test_a_status_write_that_goes_in_ends_the_pending_retry(cluster) -> None:
    # a refused status write waits for the status manager's next batch; a later sync whose
    # write goes in first makes that retry moot, so it is dropped (the batch writes nothing)
    cluster.apply(STATUS_POLICY)
    cluster.settle()
    cluster.apply([pod("web", [container("app")])])
    cluster.settle()
    k = cluster.kubelet("n1")
    uid = cluster.get("Pod", "web")["metadata"]["uid"]
    assert uid in k.status_retry
    assert (cluster.get("Pod", "web").get("status") or {}).get("phase") != "Running"
    cluster.delete("ValidatingAdmissionPolicyBinding", "frozen-status")
    web = cluster.get("Pod", "web")
    # a spec update (a new generation) is synced and its status sent at once, before the batch
    web["spec"]["activeDeadlineSeconds"] = 3600
    cluster.apply([web])
    cluster.settle()
    assert cluster.get("Pod", "web")["status"]["phase"] == "Running"
    assert uid not in k.status_retry
