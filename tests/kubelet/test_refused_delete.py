"""A terminated pod whose final delete an admission policy refuses: the kubelet deletes it
again at the status manager's next batch (every 10 s), not at every sync in between.

Why a unit test: how often the refused delete is sent is not visible through the API (the
scenario platform-VAP-R02/kubelet-final-delete shows that it is retried and goes through
once allowed); upstream's status manager sends it once per syncBatch.
"""

from __future__ import annotations

from drakit.kubelet.kubelet import STATUS_SYNC_PERIOD_SECONDS

from .helpers import container, pod

POLICY = [
    {"apiVersion": "admissionregistration.k8s.io/v1", "kind": "ValidatingAdmissionPolicy",
     "metadata": {"name": "stay"},
     "spec": {"matchConstraints": {"resourceRules": [
         {"apiGroups": [""], "apiVersions": ["v1"], "operations": ["DELETE"],
          "resources": ["pods"]}]},
         "validations": [{"expression": "!has(oldObject.metadata.deletionTimestamp)",
                          "message": "terminating pods stay"}]}},
    {"apiVersion": "admissionregistration.k8s.io/v1", "kind": "ValidatingAdmissionPolicyBinding",
     "metadata": {"name": "stay"},
     "spec": {"policyName": "stay", "validationActions": ["Deny"]}},
]


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
