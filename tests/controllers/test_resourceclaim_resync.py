"""A ResourceClaimTemplate change re-syncs only its own namespace.

Why: upstream's controller retries a PodGroup (or pod) whose template is missing with the
workqueue's backoff; drakit instead re-syncs the pods and PodGroups of a namespace when a
template there is added or changed (only they can use it: templates are namespaced), which
reaches the same end state without polling. A template in another namespace must not touch
them: that would be work for nothing on a busy cluster and would post the same
FailedResourceClaimCreation event again on every unrelated template write.
"""

from __future__ import annotations

from drakit import Cluster

GATES = {"GenericWorkload": True, "DRAWorkloadResourceClaims": True}


def _template(ns: str, name: str) -> str:
    return f"""
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {{name: {name}, namespace: {ns}}}
spec:
  spec:
    devices:
      requests:
      - {{name: r, exactly: {{deviceClassName: example}}}}
"""


def _failures(c: Cluster, ns: str) -> list[str]:
    return [e["message"] for e in c.events("PodGroup", "group", ns)
            if e["reason"] == "FailedResourceClaimCreation"]


def test_a_template_elsewhere_leaves_a_waiting_podgroup_alone() -> None:
    c = Cluster(version="1.37", feature_gates=GATES)
    c.apply("""
apiVersion: v1
kind: Namespace
metadata: {name: team-a}
---
apiVersion: v1
kind: Namespace
metadata: {name: team-b}
---
apiVersion: scheduling.k8s.io/v1alpha3
kind: PodGroup
metadata: {name: group, namespace: team-b}
spec:
  schedulingPolicy: {basic: {}}
  resourceClaims:
  - {name: pg-claim, resourceClaimTemplateName: tmpl}
""")
    assert len(_failures(c, "team-b")) == 1
    c.apply(_template("team-a", "tmpl"))
    c.apply(_template("team-a", "another"))
    assert len(_failures(c, "team-b")) == 1, _failures(c, "team-b")
    assert c.list("ResourceClaim") == []
    # the template in the PodGroup's own namespace is what it waits for
    c.apply(_template("team-b", "tmpl"))
    assert len(c.list("ResourceClaim")) == 1
    assert c.list("ResourceClaim")[0]["metadata"]["namespace"] == "team-b"
