"""Registry strategy rules per kind, through the API server's store (create, spec write,
status write) as kube-apiserver applies them.

Sources: k/k pkg/registry/<group>/<kind>/strategy.go (1.34-1.37) and the generic store in
k8s.io/apiserver pkg/registry/{generic/registry,rest}; see drakit/validation/strategy.py.
Expected values are written out here from those sources, never taken from drakit.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drakit.api import errors as E
from drakit.apiserver import APIServer
from drakit.features import FeatureGates
from drakit.kinds import KINDS

CLAIM_SPEC = {"devices": {"requests": [{"name": "gpu",
                                        "exactly": {"deviceClassName": "gpu.example.com"}}]}}
POD_SPEC = {"schedulingGates": [{"name": "example.com/hold"}],
            "containers": [{"name": "app", "image": "registry.k8s.io/pause:3.10"}]}
TEMPLATE = {"metadata": {"labels": {"app": "web"}},
            "spec": {"containers": [{"name": "app", "image": "registry.k8s.io/pause:3.10"}]}}


def objects(version: str = "1.37") -> dict[str, dict]:
    """One minimal valid object per served kind (scheduling.k8s.io in its version)."""
    sched = "scheduling.k8s.io/v1alpha2" if version == "1.36" else "scheduling.k8s.io/v1alpha3"
    out = {
        "Namespace": {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team"}},
        "Node": {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "node-1"}, "spec": {}},
        "Pod": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
                "spec": copy.deepcopy(POD_SPEC)},
        "Event": {"apiVersion": "v1", "kind": "Event", "metadata": {"name": "e"},
                  "involvedObject": {"kind": "Pod", "name": "p"}, "reason": "Test"},
        "ResourceQuota": {"apiVersion": "v1", "kind": "ResourceQuota", "metadata": {"name": "q"},
                          "spec": {"hard": {"pods": "10"}}},
        "DeviceClass": {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
                        "metadata": {"name": "gpu.example.com"}, "spec": {}},
        "ResourceSlice": {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
                          "metadata": {"name": "s"},
                          "spec": {"driver": "gpu.example.com", "allNodes": True,
                                   "pool": {"name": "p", "generation": 1,
                                            "resourceSliceCount": 1},
                                   "devices": [{"name": "gpu-0"}]}},
        "ResourceClaim": {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
                          "metadata": {"name": "c"}, "spec": copy.deepcopy(CLAIM_SPEC)},
        "ResourceClaimTemplate": {"apiVersion": "resource.k8s.io/v1",
                                  "kind": "ResourceClaimTemplate", "metadata": {"name": "t"},
                                  "spec": {"spec": copy.deepcopy(CLAIM_SPEC)}},
        "PodGroup": {"apiVersion": sched, "kind": "PodGroup", "metadata": {"name": "g"},
                     "spec": {"schedulingPolicy": {"basic": {}}}},
        "Workload": {"apiVersion": sched, "kind": "Workload", "metadata": {"name": "w"},
                     "spec": {"podGroupTemplates": [
                         {"name": "t", "schedulingPolicy": {"basic": {}}}]}},
        "Deployment": {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"},
                       "spec": {"replicas": 0, "selector": {"matchLabels": {"app": "web"}},
                                "template": copy.deepcopy(TEMPLATE)}},
        "ReplicaSet": {"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": "r"},
                       "spec": {"replicas": 0, "selector": {"matchLabels": {"app": "web"}},
                                "template": copy.deepcopy(TEMPLATE)}},
        "RuntimeClass": {"apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass",
                         "metadata": {"name": "sandboxed"}, "handler": "sandboxed"},
        "PriorityClass": {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass",
                          "metadata": {"name": "high"}, "value": 1000},
        "ValidatingAdmissionPolicy": {
            "apiVersion": "admissionregistration.k8s.io/v1", "kind": "ValidatingAdmissionPolicy",
            "metadata": {"name": "p"},
            "spec": {"matchConstraints": {"resourceRules": [
                {"apiGroups": [""], "apiVersions": ["v1"], "operations": ["CREATE"],
                 "resources": ["configmaps"]}]},
                "validations": [{"expression": "true"}]}},
        "ValidatingAdmissionPolicyBinding": {
            "apiVersion": "admissionregistration.k8s.io/v1",
            "kind": "ValidatingAdmissionPolicyBinding", "metadata": {"name": "b"},
            "spec": {"policyName": "p", "validationActions": ["Deny"]}},
    }
    assert set(out) == set(KINDS), "a kind was added to drakit.kinds: give it a case here"
    return out


# kind -> generation after create (None: the kind does not track it)
GENERATION_ON_CREATE = {
    "Namespace": None, "Node": None, "Pod": 1, "Event": None, "ResourceQuota": None,
    "DeviceClass": 1, "ResourceSlice": 1, "ResourceClaim": None, "ResourceClaimTemplate": None,
    "PodGroup": None, "Workload": None, "Deployment": 1, "ReplicaSet": 1,
    # pkg/registry/node/runtimeclass/strategy.go sets no generation
    "RuntimeClass": None,
    # pkg/registry/scheduling/priorityclass/strategy.go PrepareForCreate: Generation = 1
    "PriorityClass": 1,
    # validatingadmissionpolicy(binding)/strategy.go PrepareForCreate: Generation = 1
    "ValidatingAdmissionPolicy": 1, "ValidatingAdmissionPolicyBinding": 1,
}


@pytest.fixture(params=["1.36", "1.37"])
def api(request) -> APIServer:
    return APIServer(FeatureGates(request.param, {"GenericWorkload": True}))


def create(api: APIServer, kind: str) -> dict:
    return api.create(objects(api.version)[kind])


@pytest.mark.parametrize("kind", sorted(GENERATION_ON_CREATE))
def test_generation_on_create(api: APIServer, kind: str) -> None:
    out = create(api, kind)
    assert out["metadata"].get("generation") == GENERATION_ON_CREATE[kind]
    assert api.get(kind, out["metadata"]["name"], out["metadata"].get("namespace"))[
        "metadata"].get("generation") == GENERATION_ON_CREATE[kind]


def test_dry_run_create_carries_the_strategy_generation(api: APIServer) -> None:
    assert api.create(objects()["Pod"], dry_run=True)["metadata"]["generation"] == 1
    assert "generation" not in api.create(objects()["ResourceClaim"], dry_run=True)["metadata"]


def _update(api: APIServer, obj: dict, path: tuple[str, ...], value) -> dict:
    cur = obj
    for p in path[:-1]:
        cur = cur.setdefault(p, {})
    cur[path[-1]] = value
    return api.update(obj)


@pytest.mark.parametrize("kind,path,value,bumped", [
    ("Pod", ("metadata", "labels"), {"a": "b"}, False),
    ("Pod", ("spec", "activeDeadlineSeconds"), 30, True),
    ("DeviceClass", ("metadata", "labels"), {"a": "b"}, False),
    ("DeviceClass", ("spec", "config"), [{"opaque": {"driver": "gpu.example.com",
                                                     "parameters": {"a": 1}}}], True),
    ("ResourceSlice", ("metadata", "annotations"), {"a": "b"}, False),
    ("Deployment", ("metadata", "labels"), {"a": "b"}, False),
    ("Deployment", ("metadata", "annotations"), {"a": "b"}, True),
    ("Deployment", ("spec", "replicas"), 2, True),
    ("ReplicaSet", ("metadata", "annotations"), {"a": "b"}, False),
    ("ReplicaSet", ("spec", "replicas"), 2, True),
    ("ResourceQuota", ("spec", "hard"), {"pods": "5"}, None),
    ("Namespace", ("metadata", "labels"), {"a": "b"}, None),
    ("PodGroup", ("metadata", "labels"), {"a": "b"}, None),
    # priorityclass/strategy.go PrepareForUpdate is empty: the generation stays 1
    ("PriorityClass", ("description",), "for batch jobs", False),
    # validatingadmissionpolicy/strategy.go PrepareForUpdate: a spec change bumps it
    ("ValidatingAdmissionPolicy", ("spec", "failurePolicy"), "Ignore", True),
    ("ValidatingAdmissionPolicy", ("metadata", "labels"), {"a": "b"}, False),
    ("ValidatingAdmissionPolicyBinding", ("spec", "validationActions"), ["Warn"], True),
])
def test_spec_write_generation(api: APIServer, kind: str, path, value, bumped) -> None:
    out = _update(api, create(api, kind), path, value)
    before = GENERATION_ON_CREATE[kind]
    want = None if bumped is None else before + (1 if bumped else 0)
    assert out["metadata"].get("generation") == want


def test_pod_resize_bumps_generation(api: APIServer) -> None:
    pod = objects()["Pod"]
    pod["spec"].pop("schedulingGates")
    pod["spec"]["containers"][0]["resources"] = {"requests": {"cpu": "1"}}
    out = api.create(pod)
    out["spec"]["containers"][0]["resources"] = {"requests": {"cpu": "2"}}
    assert api.update(out, subresource="resize")["metadata"]["generation"] == 2


WITH_STATUS = [k for k, i in KINDS.items() if i.has_status]
STATUS_SAMPLE = {
    "Namespace": {"phase": "Active", "conditions": [{"type": "Example", "status": "True"}]},
    "Node": {"capacity": {"pods": "11"}},
    "Pod": {"phase": "Pending", "qosClass": "BestEffort", "message": "written"},
    "ResourceQuota": {"hard": {"pods": "3"}, "used": {"pods": "1"}},
    "ResourceClaim": {"allocation": {"devices": {"results": [
        {"request": "gpu", "driver": "gpu.example.com", "pool": "p", "device": "gpu-0"}]}}},
    "PodGroup": {"conditions": [{"type": "PodGroupScheduled", "status": "False",
                                 "reason": "Unschedulable", "message": "m",
                                 "lastTransitionTime": "2026-01-01T00:00:00Z"}]},
    "Deployment": {"replicas": 0, "observedGeneration": 1},
    "ReplicaSet": {"replicas": 0, "observedGeneration": 1},
    "ValidatingAdmissionPolicy": {"observedGeneration": 1},
}


def test_workload_has_no_status_subresource(api: APIServer) -> None:
    """k/k pkg/registry/scheduling/workload/storage: one store, no StatusREST."""
    assert "Workload" not in WITH_STATUS
    out = create(api, "Workload")
    assert "status" not in out
    with pytest.raises(E.NotFound):
        api.update(out, subresource="status")


@pytest.mark.parametrize("kind", WITH_STATUS)
def test_create_resets_and_spec_write_keeps_status(api: APIServer, kind: str) -> None:
    obj = objects(api.version)[kind]
    obj["status"] = copy.deepcopy(STATUS_SAMPLE[kind])
    out = api.create(obj)
    if kind != "Node":  # Node keeps status on create (helper "schema" owns that rule)
        assert out.get("status") != STATUS_SAMPLE[kind]
    written = api.update_status({**out, "status": copy.deepcopy(STATUS_SAMPLE[kind])})
    spec_write = copy.deepcopy(written)
    spec_write["status"] = {}
    spec_write["metadata"]["labels"] = {"spec": "write"}
    after = api.update(spec_write)
    assert after["status"] == written["status"]
    assert after["metadata"]["labels"]["spec"] == "write"


# kind -> what a status write may change in metadata (True: labels change, False: kept)
STATUS_CHANGES_LABELS = {
    "Namespace": True, "Node": True, "Pod": True, "ResourceQuota": True,
    "ResourceClaim": False, "PodGroup": False, "Deployment": False, "ReplicaSet": True,
    "ValidatingAdmissionPolicy": False,
}


@pytest.mark.parametrize("kind", WITH_STATUS)
def test_status_write_keeps_spec_and_protected_metadata(api: APIServer, kind: str) -> None:
    assert set(STATUS_CHANGES_LABELS) == set(WITH_STATUS)
    out = create(api, kind)
    sent = copy.deepcopy(out)
    # a spec change the decoder accepts (an unknown field would be a strict decoding error)
    sent["spec"] = {"unschedulable": True} if kind == "Node" else {}
    sent["metadata"]["labels"] = {**(out["metadata"].get("labels") or {}), "by": "status"}
    sent["metadata"]["annotations"] = {"by": "status"}
    sent["metadata"]["ownerReferences"] = [{"apiVersion": "v1", "kind": "ConfigMap",
                                            "name": "owner", "uid": "u-1"}]
    sent["status"] = copy.deepcopy(STATUS_SAMPLE[kind])
    after = api.update_status(sent)
    assert after["spec"] == out["spec"]
    assert ("by" in (after["metadata"].get("labels") or {})) == STATUS_CHANGES_LABELS[kind]
    reset_all = kind in ("ResourceClaim", "PodGroup",  # ResetObjectMetaForStatus
                         "ValidatingAdmissionPolicy")
    assert ("by" in (after["metadata"].get("annotations") or {})) == (not reset_all)
    owners_kept = reset_all or kind == "Pod"  # pods/status never touches ownerReferences
    assert ("ownerReferences" in after["metadata"]) == (not owners_kept)


def test_status_write_cannot_add_a_finalizer_while_deleting(api: APIServer) -> None:
    pod = objects()["Pod"]
    pod["metadata"]["finalizers"] = ["example.com/hold"]
    api.create(pod)
    deleting = api.delete("Pod", "p", "default")
    deleting["metadata"]["finalizers"] = ["example.com/hold", "example.com/more"]
    with pytest.raises(E.Invalid) as ei:
        api.update_status(deleting)
    assert "no new finalizers can be added if the object is being deleted" in str(ei.value)


def test_pod_status_write_backfills_qos_and_observed_generation(api: APIServer) -> None:
    """podStatusStrategy: empty qosClass backfilled; observedGeneration 0 keeps the old one
    (status and conditions, matched by type in order)."""
    out = create(api, "Pod")
    out["status"] = {"phase": "Pending", "qosClass": "BestEffort", "observedGeneration": 1,
                     "conditions": [{"type": "Ready", "status": "False", "observedGeneration": 1},
                                    {"type": "Ready", "status": "False", "observedGeneration": 1}]}
    api.update_status(out)
    fresh = api.get("Pod", "p", "default")
    fresh["status"] = {"phase": "Pending",
                       "conditions": [{"type": "Ready", "status": "True"},
                                      {"type": "Other", "status": "True"}]}
    after = api.update_status(fresh)
    assert after["status"]["qosClass"] == "BestEffort"
    assert after["status"]["observedGeneration"] == 1
    assert after["status"]["conditions"][0]["observedGeneration"] == 1
    assert "observedGeneration" not in after["status"]["conditions"][1]


def test_pod_status_write_drops_observed_generation_without_the_gate() -> None:
    """dropDisabledPodStatusFields (1.34, PodObservedGenerationTracking off): a status write
    loses every observedGeneration unless the old status had one
    (podObservedGenerationTrackingInUse: the status's or any condition's)."""
    api = APIServer(FeatureGates("1.34", {"PodObservedGenerationTracking": False}))
    out = create(api, "Pod")
    out["status"] = {"phase": "Pending", "observedGeneration": 1,
                     "conditions": [{"type": "Ready", "status": "False", "observedGeneration": 1}]}
    after = api.update_status(out)
    assert "observedGeneration" not in after["status"]
    assert "observedGeneration" not in after["status"]["conditions"][0]
    for held in ({"observedGeneration": 1}, {"conditions": [{"type": "X", "status": "True",
                                                             "observedGeneration": 1}]}):
        api = APIServer(FeatureGates("1.34", {"PodObservedGenerationTracking": True}))
        out = create(api, "Pod")
        out["status"] = {"phase": "Pending", **held}
        api.update_status(out)
        api.gates = FeatureGates("1.34", {"PodObservedGenerationTracking": False})
        fresh = api.get("Pod", "p", "default")
        fresh["status"] = {"phase": "Pending", "observedGeneration": 2,
                           "conditions": [{"type": "Ready", "status": "False", "observedGeneration": 2}]}
        after = api.update_status(fresh)
        assert after["status"]["observedGeneration"] == 2
        assert after["status"]["conditions"][0]["observedGeneration"] == 2


def test_a_changed_qos_class_is_still_refused(api: APIServer) -> None:
    out = create(api, "Pod")
    out["status"]["qosClass"] = "Guaranteed"
    with pytest.raises(E.Invalid) as ei:
        api.update_status(out)
    assert 'status.qosClass: Invalid value: "Guaranteed": field is immutable' in str(ei.value)


def test_deployment_defaults(api: APIServer) -> None:
    spec = create(api, "Deployment")["spec"]
    assert spec["strategy"] == {"type": "RollingUpdate",
                                "rollingUpdate": {"maxUnavailable": "25%", "maxSurge": "25%"}}
    assert (spec["revisionHistoryLimit"], spec["progressDeadlineSeconds"]) == (10, 600)
    obj = objects()["Deployment"]
    obj["metadata"]["name"] = "recreate"
    obj["spec"]["strategy"] = {"type": "Recreate"}
    assert api.create(obj)["spec"]["strategy"] == {"type": "Recreate"}


# --------------------------------------------------------------------- properties

_label_values = st.dictionaries(st.sampled_from(["a", "b", "tier", "app"]),
                                st.sampled_from(["x", "y", "z"]), max_size=3)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(WITH_STATUS), labels=_label_values, spec_junk=st.integers(0, 9))
def test_property_status_and_spec_writes_never_cross(kind: str, labels: dict, spec_junk: int) -> None:
    """Whatever a client sends, a status write leaves the spec alone and a spec write leaves
    the status alone; generation moves only on a spec write."""
    api = APIServer(FeatureGates("1.37", {"GenericWorkload": True}))
    out = api.create(objects()[kind])
    sent = copy.deepcopy(out)
    sent["spec"] = {"junk": spec_junk}
    sent["metadata"]["labels"] = dict(labels)
    sent["status"] = copy.deepcopy(STATUS_SAMPLE[kind])
    # Ignore: the junk fields are dropped at decode instead of refused (Strict)
    after = api.update_status(sent, field_validation="Ignore")
    assert after["spec"] == out["spec"]
    assert after["metadata"].get("generation") == out["metadata"].get("generation")
    spec_write = copy.deepcopy(after)
    spec_write["status"] = {"junk": spec_junk}
    try:
        again = api.update(spec_write, field_validation="Ignore")
    except E.StatusError:
        return
    assert again.get("status") == after.get("status")


_DNS_SUBDOMAIN = r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.one_of(st.text(max_size=260),
                      st.from_regex(_DNS_SUBDOMAIN, fullmatch=True).filter(lambda s: len(s) < 300)))
def test_a_status_write_takes_a_nominated_node_name_only_when_it_is_a_node_name(
        api: APIServer, name: str) -> None:
    """ValidatePodStatusUpdate: a changed status.nominatedNodeName must pass ValidateNodeName (a
    DNS subdomain of at most 253 characters, regex written out here); anything else is one
    Invalid error at that field, never another failure."""
    import re
    pod = api.try_get("Pod", "p", "default") or create(api, "Pod")
    pod["status"] = {**(pod.get("status") or {}), "nominatedNodeName": name}
    valid = name == "" or (len(name) <= 253 and re.fullmatch(_DNS_SUBDOMAIN, name) is not None)
    if valid:
        out = api.update_status(pod)
        assert (out["status"].get("nominatedNodeName") or "") == name
    else:
        with pytest.raises(E.Invalid) as ei:
            api.update_status(pod)
        assert "status.nominatedNodeName: Invalid value" in str(ei.value)
