"""The namespace controller end to end on a drakit Cluster.

Sources for the expected values: k/k pkg/controller/namespace/deletion/
namespaced_resources_deleter.go and status_condition_utils.go (messages, reasons, the
15 s finalizer estimate, the pods' grace-period estimate, the requeue after estimate/2+1 s).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drakit import Cluster
from drakit.controllers.namespace import NamespaceController

DEVICES = """
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.example.com}
spec:
  selectors: [{cel: {expression: 'device.driver == "gpu.example.com"'}}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: node-1-gpus}
spec:
  driver: gpu.example.com
  nodeName: node-1
  pool: {name: node-1, generation: 1, resourceSliceCount: 1}
  devices: [{name: gpu-0}]
"""


def workload(ns: str, pod: str = "app") -> str:
    return f"""
apiVersion: v1
kind: Namespace
metadata: {{name: {ns}}}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {{name: gpu, namespace: {ns}}}
spec:
  spec:
    devices:
      requests: [{{name: gpu, exactly: {{deviceClassName: gpu.example.com}}}}]
---
apiVersion: v1
kind: Pod
metadata: {{name: {pod}, namespace: {ns}}}
spec:
  containers:
  - {{name: app, image: registry.k8s.io/pause:3.10, resources: {{claims: [{{name: gpu}}]}}}}
  resourceClaims: [{{name: gpu, resourceClaimTemplateName: gpu}}]
"""


@pytest.fixture
def cluster():
    c = Cluster()
    c.add_node("node-1")
    c.apply(DEVICES)
    yield c
    from drakit.kubelet import stop_kubelets
    stop_kubelets(c)


def conditions(c: Cluster, ns: str) -> dict[str, tuple[str, str, str]]:
    return {x["type"]: (x["status"], x["reason"], x["message"])
            for x in c.get("Namespace", ns)["status"].get("conditions", [])}


def test_examples_one_after_another_reuse_the_single_device(cluster: Cluster) -> None:
    """Issue 14 §2: every later pod used to stay Pending "cannot allocate all claims"."""
    for ns in ("first", "second", "third"):
        cluster.apply(workload(ns))
        assert cluster.get("Pod", "app", ns)["spec"].get("nodeName") == "node-1", ns
        assert cluster.get("Pod", "app", ns)["status"]["phase"] == "Running"
        cluster.delete("Namespace", ns)
        assert cluster.api.try_get("Namespace", ns) is None
        assert cluster.list("ResourceClaim", ns) == [] and cluster.list("Pod", ns) == []


def test_content_goes_through_the_api_before_the_namespace(cluster: Cluster) -> None:
    cluster.apply(workload("team"))
    claim = cluster.list("ResourceClaim", "team")[0]["metadata"]["name"]
    since = cluster.api.resource_version
    cluster.delete("Namespace", "team")
    seen = [(ev.kind, ev.type, ev.object["metadata"]["name"], ev.object)
            for ev in cluster.api.watch(since, ["Namespace", "Pod", "ResourceClaim"])]
    steps = [(k, t, n) for k, t, n, _ in seen]
    pod_events = [(t, o) for k, t, n, o in seen if k == "Pod"]
    # the pod is first marked with a 30 s grace period, then the kubelet finishes it
    assert pod_events[0][0] == "MODIFIED"
    assert pod_events[0][1]["metadata"]["deletionGracePeriodSeconds"] == 30
    assert pod_events[-1][0] == "DELETED"
    # the claim is deallocated (and loses its finalizer) before it is deleted
    claim_events = [o for k, t, n, o in seen if k == "ResourceClaim" and t == "MODIFIED"]
    assert any(not (o.get("status") or {}).get("allocation") for o in claim_events)
    assert ("ResourceClaim", "DELETED", claim) in steps
    assert steps[0] == ("Namespace", "MODIFIED", "team")
    assert steps[-1] == ("Namespace", "DELETED", "team")
    assert steps.index(("Pod", "DELETED", "app")) < len(steps) - 1


def test_a_finalizer_holds_the_namespace_with_the_upstream_conditions(cluster: Cluster) -> None:
    cluster.apply("""
apiVersion: v1
kind: Namespace
metadata: {name: team}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: held, namespace: team, finalizers: [example.com/hold]}
spec:
  devices:
    requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]
""")
    cluster.delete("Namespace", "team")
    ns = cluster.get("Namespace", "team")
    assert ns["status"]["phase"] == "Terminating" and ns["spec"]["finalizers"] == ["kubernetes"]
    assert [x["type"] for x in ns["status"]["conditions"]] == [
        "NamespaceDeletionDiscoveryFailure", "NamespaceDeletionGroupVersionParsingFailure",
        "NamespaceDeletionContentFailure", "NamespaceContentRemaining",
        "NamespaceFinalizersRemaining"]
    assert conditions(cluster, "team")["NamespaceContentRemaining"] == (
        "True", "SomeResourcesRemain",
        "Some resources are remaining: resourceclaims.resource.k8s.io has 1 resource instances")
    assert conditions(cluster, "team")["NamespaceFinalizersRemaining"] == (
        "True", "SomeFinalizersRemain",
        "Some content in the namespace has finalizers remaining: example.com/hold in 1 resource instances")
    assert conditions(cluster, "team")["NamespaceDeletionContentFailure"] == (
        "False", "ContentDeleted",
        "All content successfully deleted, may be waiting on finalization")
    cluster.patch("ResourceClaim", "held", {"metadata": {"finalizers": None}}, "team")
    # the deleter watches no content: it looks again 15/2 + 1 = 8 s after its last pass
    cluster.advance(7)
    assert cluster.api.try_get("Namespace", "team") is not None
    cluster.advance(1)
    assert cluster.api.try_get("Namespace", "team") is None


def test_a_pod_nobody_confirms_turns_into_a_content_failure_after_its_grace_period(
        cluster: Cluster) -> None:
    """With no kubelet confirming, the pod estimate (30 s) runs out; the requeue after
    estimate/2+1 s then reports the remaining pod as an error, as upstream does."""
    cluster.apply(workload("team"))
    cluster.components = [c for c in cluster.components if c.name != "kubelet"]
    cluster.delete("Namespace", "team")
    assert conditions(cluster, "team")["NamespaceContentRemaining"] == (
        "True", "SomeResourcesRemain",
        "Some resources are remaining: pods. has 1 resource instances, "
        "resourceclaims.resource.k8s.io has 1 resource instances")
    assert conditions(cluster, "team")["NamespaceDeletionContentFailure"][0] == "False"
    cluster.advance(31)
    assert conditions(cluster, "team")["NamespaceDeletionContentFailure"] == (
        "True", "ContentDeletionFailed",
        "Failed to delete all resource types, 1 remaining: unexpected items still remain "
        "in namespace: team for gvr: /v1, Resource=pods")
    cluster.api.delete("Pod", "app", "team", grace_period_seconds=0)
    cluster.settle()
    # the last pass (at 31 s) still saw the claim held by its finalizer: 15/2 + 1 s later
    cluster.advance(7)
    assert cluster.api.try_get("Namespace", "team") is not None
    cluster.advance(1)
    assert cluster.api.try_get("Namespace", "team") is None


def test_a_restarted_controller_resumes_a_terminating_namespace(cluster: Cluster) -> None:
    cluster.apply("""
apiVersion: v1
kind: Namespace
metadata: {name: team}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: held, namespace: team, finalizers: [example.com/hold]}
spec:
  devices:
    requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]
""")
    cluster.delete("Namespace", "team")
    cluster.api.remove_finalizer("ResourceClaim", "held", "example.com/hold", "team")
    fresh = NamespaceController(cluster)
    cluster.components = [fresh if isinstance(c, NamespaceController) else c
                          for c in cluster.components]
    cluster.settle()
    assert cluster.api.try_get("Namespace", "team") is None


def test_a_deleted_namespace_is_forgotten_and_the_controller_watches_namespaces_alone(
        cluster: Cluster) -> None:
    """Bookkeeping no API shows: once the namespace is gone (its DELETED event) the controller
    drops it from the terminating set and goes back to watching Namespaces only; a namespace
    created again under the same name is not taken for a terminating one."""
    cluster.apply(workload("team"))
    cluster.delete("Namespace", "team")
    ctrl = next(c for c in cluster.components if isinstance(c, NamespaceController))
    assert ctrl.terminating == set() and ctrl.kinds == ("Namespace",)
    cluster.apply(workload("team"))
    assert ctrl.terminating == set() and ctrl.kinds == ("Namespace",)
    assert cluster.get("Pod", "app", "team")["spec"].get("nodeName") == "node-1"


def test_the_terminating_namespace_drops_component_events(cluster: Cluster) -> None:
    cluster.apply(workload("team"))
    cluster.components = [c for c in cluster.components if c.name != "kubelet"]
    cluster.delete("Namespace", "team")
    before = len(cluster.list("Event", "team"))
    pod = cluster.get("Pod", "app", "team")
    assert cluster.api.record_event(pod, "Warning", "Test", "dropped", "test") is None
    assert len(cluster.list("Event", "team")) == before


# --------------------------------------------------------------------- property

_content = st.lists(st.tuples(st.sampled_from(["claim", "template", "pod", "quota"]),
                              st.booleans()), min_size=0, max_size=5)


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=_content)
def test_property_any_content_is_removed_and_the_namespace_goes_last(content) -> None:
    """Whatever the namespace holds (with or without a foreign finalizer), once those
    finalizers are removed nothing of it is left and the namespace's DELETED is the last
    event about it."""
    c = Cluster()
    c.add_node("node-1")
    c.apply(DEVICES)
    docs = ["apiVersion: v1\nkind: Namespace\nmetadata: {name: team}"]
    held = []
    for i, (what, hold) in enumerate(content):
        fin = "finalizers: [example.com/hold], " if hold else ""
        name = f"{what}-{i}"
        if what == "claim":
            docs.append(f"apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {{{fin}"
                        f"name: {name}, namespace: team}}\nspec: {{devices: {{requests: [{{name: g,"
                        f" exactly: {{deviceClassName: gpu.example.com}}}}]}}}}")
            kind = "ResourceClaim"
        elif what == "template":
            docs.append(f"apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: "
                        f"{{{fin}name: {name}, namespace: team}}\nspec: {{spec: {{devices: "
                        f"{{requests: [{{name: g, exactly: {{deviceClassName: gpu.example.com}}}}]}}}}}}")
            kind = "ResourceClaimTemplate"
        elif what == "pod":
            docs.append(f"apiVersion: v1\nkind: Pod\nmetadata: {{{fin}name: {name}, namespace: team}}"
                        f"\nspec: {{containers: [{{name: a, image: registry.k8s.io/pause:3.10}}]}}")
            kind = "Pod"
        else:
            docs.append(f"apiVersion: v1\nkind: ResourceQuota\nmetadata: {{{fin}name: {name}, "
                        f"namespace: team}}\nspec: {{hard: {{pods: '10'}}}}")
            kind = "ResourceQuota"
        if hold:
            held.append((kind, name))
    c.apply("\n---\n".join(docs))
    since = c.api.resource_version
    c.delete("Namespace", "team")
    assert (c.api.try_get("Namespace", "team") is None) == (not held)
    for kind, name in held:
        c.api.remove_finalizer(kind, name, "example.com/hold", "team")
    c.settle()
    # the deleter's next pass: 15/2 + 1 s for content held by finalizers, 30/2 + 1 s while a
    # pod's grace period (30 s by default) has not run out
    c.advance(16)
    assert c.api.try_get("Namespace", "team") is None
    for kind in ("Pod", "ResourceClaim", "ResourceClaimTemplate", "ResourceQuota", "Event"):
        assert c.list(kind, "team") == []
    about = [ev for ev in c.api.watch(since) if ev.object["metadata"].get("namespace") == "team"
             or (ev.kind == "Namespace" and ev.object["metadata"]["name"] == "team")]
    assert (about[-1].kind, about[-1].type) == ("Namespace", "DELETED")
    from drakit.kubelet import stop_kubelets
    stop_kubelets(c)


def test_several_content_deletion_errors_are_joined_as_make_delete_content_condition_does():
    # status_condition_utils.go makeDeleteContentCondition: one error per resource, the
    # messages sorted and joined with ", " (no brackets), counted
    from drakit.controllers.namespace import NamespaceController

    class Ctl:
        clock = type("C", (), {"timestamp": staticmethod(lambda: "2026-01-01T00:00:00Z")})()
        api = type("A", (), {"update_status": staticmethod(lambda ns: ns)})()

    ns: dict = {"metadata": {"name": "team"}}
    NamespaceController._update_conditions(Ctl(), ns, {"resources": {}, "finalizers": {}},
                                           ["b failed", "a failed"])
    cond = next(c for c in ns["status"]["conditions"]
                if c["type"] == "NamespaceDeletionContentFailure")
    assert cond["message"] == "Failed to delete all resource types, 2 remaining: a failed, b failed"
