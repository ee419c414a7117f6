"""ResourceClaim controller: failure messages and the PodGroup edge cases KEP-5729 ships.

The messages are upstream's (pkg/controller/resourceclaim/controller_test.go at 1.37:
"missing-template", "missing-template-podgroup", "create-conflict"); the event prefix
("PodResourceClaim <name>: " / "PodGroupResourceClaim <name>: ") is syncPod's pattern.
"""

from __future__ import annotations

import pytest

from drakit import Cluster
from drakit.controllers.resourceclaim import create_failed, generate_base, template_not_found

GATES = {"GenericWorkload": True, "DRAWorkloadResourceClaims": True}


def _cluster() -> Cluster:
    c = Cluster(version="1.37", feature_gates=GATES)
    c.add_node("node-1", allocatable={"cpu": "8", "memory": "32Gi", "pods": "110"})
    return c


def _events(c: Cluster, kind: str, name: str, reason: str) -> list[str]:
    return [e["message"] for e in c.events(kind, name) if e["reason"] == reason]


PODGROUP = """
apiVersion: scheduling.k8s.io/v1alpha3
kind: PodGroup
metadata: {name: group}
spec:
  schedulingPolicy: {basic: {}}
  resourceClaims:
  - {name: pg-claim, resourceClaimTemplateName: tmpl}
"""

TEMPLATE = """
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: tmpl}
spec:
  spec:
    devices:
      requests:
      - {name: r, exactly: {deviceClassName: example}}
"""


def test_podgroup_with_a_missing_template_reports_the_listers_error() -> None:
    c = _cluster()
    c.apply(PODGROUP)
    assert set(_events(c, "PodGroup", "group", "FailedResourceClaimCreation")) == {
        'PodGroupResourceClaim pg-claim: resource claim template "tmpl": '
        'resourceclaimtemplate.resource.k8s.io "tmpl" not found'}
    assert c.list("ResourceClaim") == []


def test_pod_with_a_missing_template_reports_the_same_error() -> None:
    c = _cluster()
    c.apply("""
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: a, image: x}]
  resourceClaims: [{name: c, resourceClaimTemplateName: tmpl}]
""")
    assert set(_events(c, "Pod", "p", "FailedResourceClaimCreation")) == {
        "PodResourceClaim c: " + template_not_found("tmpl")}


def test_a_refused_create_is_wrapped_like_upstream() -> None:
    c = _cluster()
    c.apply("""
apiVersion: v1
kind: ResourceQuota
metadata: {name: no-claims}
spec:
  hard: {count/resourceclaims.resource.k8s.io: "0"}
""" + "---" + TEMPLATE + "---" + PODGROUP)
    msgs = _events(c, "PodGroup", "group", "FailedResourceClaimCreation")
    assert msgs and all(m.startswith("PodGroupResourceClaim pg-claim: create ResourceClaim : ") for m in msgs), msgs
    assert "exceeded quota" in msgs[0]
    assert c.list("ResourceClaim") == []


def test_create_failed_names_no_claim() -> None:
    # the claim is created with generateName, so Go prints an empty name
    assert create_failed(ValueError("boom")) == "create ResourceClaim : boom"


@pytest.mark.parametrize(("owner", "claim", "want"), [
    ("group", "pg-claim", "group-pg-claim-"),
    ("a-podgroup-with-a-rather-long-name-for-truncation", "an-accelerator-claim",
     "a-podgroup-with-a-rather-long-name-for--an-accelerator-c"),
    ("p" * 100, "c" * 10, "p" * 50 + "-" + "c" * 5),
])
def test_generated_names_are_cut_in_proportion(owner: str, claim: str, want: str) -> None:
    assert generate_base(owner, claim) == want
    assert len(want) <= 57


def test_orphan_claim_of_a_podgroup_is_reused() -> None:
    c = _cluster()
    c.apply(PODGROUP)
    pg = c.get("PodGroup", "group")
    c.apply({"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
             "metadata": {"name": "left-behind",
                          "annotations": {"resource.kubernetes.io/pod-claim-name": "pg-claim"},
                          "ownerReferences": [{"apiVersion": pg["apiVersion"], "kind": "PodGroup",
                                               "name": "group", "uid": pg["metadata"]["uid"],
                                               "controller": True}]},
             "spec": {"devices": {"requests": [{"name": "r", "exactly": {"deviceClassName": "example"}}]}}})
    c.apply(TEMPLATE)
    assert [x["metadata"]["name"] for x in c.list("ResourceClaim")] == ["left-behind"]
    assert c.get("PodGroup", "group")["status"]["resourceClaimStatuses"] == [
        {"name": "pg-claim", "resourceClaimName": "left-behind"}]


def test_a_claim_with_another_annotation_is_not_an_orphan() -> None:
    c = _cluster()
    c.apply(PODGROUP)
    pg = c.get("PodGroup", "group")
    c.apply({"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
             "metadata": {"name": "other",
                          "annotations": {"resource.kubernetes.io/pod-claim-name": "another-claim"},
                          "ownerReferences": [{"apiVersion": pg["apiVersion"], "kind": "PodGroup",
                                               "name": "group", "uid": pg["metadata"]["uid"],
                                               "controller": True}]},
             "spec": {"devices": {"requests": [{"name": "r", "exactly": {"deviceClassName": "example"}}]}}})
    c.apply(TEMPLATE)
    names = sorted(x["metadata"]["name"] for x in c.list("ResourceClaim"))
    assert len(names) == 2 and "other" in names


def _in(ns: str, doc: str) -> str:
    return doc.replace("metadata: {name:", f"metadata: {{namespace: {ns}, name:")


MEMBER = """
apiVersion: v1
kind: Pod
metadata: {name: member}
spec:
  schedulingGroup: {podGroupName: group}
  resourceClaims:
  - {name: s, resourceClaimName: shared}
  - {name: t, resourceClaimTemplateName: tmpl}
  containers:
  - {name: c, image: registry.k8s.io/pause:3.10}
"""

PODGROUP_SHARED = PODGROUP + "  - {name: s, resourceClaimName: shared}\n"


def test_events_reach_only_the_pods_and_podgroups_of_their_own_namespace(monkeypatch) -> None:
    """Upstream's podResourceClaim and podGroupResourceClaim indexes are namespaced: an event
    of a claim, template or PodGroup reaches the objects of its namespace that name it, never
    those of another namespace with the same names (a member whose PodGroup is missing would
    get one more FailedResourceClaimCreation event from each)."""
    c = _cluster()
    c.apply([{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": ns}} for ns in ("a", "b")])
    for ns in ("a", "b"):
        c.apply(_in(ns, TEMPLATE) + "---" + _in(ns, PODGROUP_SHARED) + "---" + _in(ns, MEMBER))
    ctrl = next(x for x in c.components if x.name == "resourceclaim-controller")
    seen: list[tuple[str, str]] = []
    for method in ("_enqueue_pod", "_enqueue_podgroup"):
        real = getattr(ctrl, method)

        def spy(obj, *args, _real=real, _kind=method):
            seen.append((_kind, obj["metadata"]["namespace"]))
            return _real(obj, *args)

        monkeypatch.setattr(ctrl, method, spy)
    shared = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
              "metadata": {"name": "shared", "namespace": "a"},
              "spec": {"devices": {"requests": [{"name": "r", "exactly": {"deviceClassName": "example"}}]}}}
    c.apply([shared])  # a claim event: the pods and PodGroups naming "shared"
    template = c.get("ResourceClaimTemplate", "tmpl", "a")
    template["metadata"]["labels"] = {"touched": "yes"}
    c.apply([template])  # a template event: those using "tmpl"
    group = c.get("PodGroup", "group", "a")
    group["metadata"]["labels"] = {"touched": "yes"}
    c.apply([group])  # a PodGroup event: its member pods
    assert {k for k, _ in seen} == {"_enqueue_pod", "_enqueue_podgroup"}
    assert {ns for _, ns in seen} == {"a"}, seen
