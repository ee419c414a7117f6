"""API server semantics: conflicts, finalizers, dry run, watch order, status, no lost data."""

from __future__ import annotations

import pytest

from drakit.api import errors as E
from drakit.apiserver import APIServer
from drakit.features import FeatureGates


def device_class(name: str = "gpu.example.com", **spec) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
            "metadata": {"name": name}, "spec": dict(spec)}


def claim(name: str = "c", ns: str = "default") -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {"name": name, "namespace": ns},
            "spec": {"devices": {"requests": [
                {"name": "gpu", "exactly": {"deviceClassName": "gpu.example.com"}}]}}}


@pytest.fixture
def api() -> APIServer:
    return APIServer(FeatureGates("1.37"))


def test_create_stamps_identity_and_get_returns_a_copy(api: APIServer) -> None:
    out = api.create(device_class())
    md = out["metadata"]
    assert md["uid"] and md["resourceVersion"] and md["creationTimestamp"] == "2026-01-01T00:00:00Z"
    got = api.get("DeviceClass", "gpu.example.com")
    got["spec"]["mutated"] = True
    assert "mutated" not in api.get("DeviceClass", "gpu.example.com")["spec"]


def test_a_trusted_reader_may_get_the_stored_object_itself(api: APIServer) -> None:
    api.create(device_class())
    stored = api.get("DeviceClass", "gpu.example.com", copy=False)
    assert stored is api.get("DeviceClass", "gpu.example.com", copy=False)
    assert stored is not api.get("DeviceClass", "gpu.example.com")
    assert api.try_get("DeviceClass", "gpu.example.com", copy=False) is stored
    assert api.try_get("DeviceClass", "nope", copy=False) is None


def test_generate_name_gets_a_five_character_suffix(api: APIServer) -> None:
    obj = claim()
    obj["metadata"] = {"generateName": "pod-extended-resources-", "namespace": "default"}
    out = api.create(obj)
    name = out["metadata"]["name"]
    assert name.startswith("pod-extended-resources-") and len(name) == len(
        "pod-extended-resources-") + 5


def test_duplicate_create_is_already_exists(api: APIServer) -> None:
    api.create(device_class())
    with pytest.raises(E.AlreadyExists) as ei:
        api.create(device_class())
    assert ei.value.code == 409
    assert str(ei.value) == 'deviceclasses.resource.k8s.io "gpu.example.com" already exists'


def test_stale_resource_version_is_a_conflict(api: APIServer) -> None:
    first = api.create(device_class())
    fresh = api.get("DeviceClass", "gpu.example.com")
    fresh["metadata"]["labels"] = {"a": "b"}
    api.update(fresh)
    first["metadata"]["labels"] = {"a": "c"}
    with pytest.raises(E.Conflict) as ei:
        api.update(first)
    assert ei.value.status()["reason"] == "Conflict"
    assert "the object has been modified" in str(ei.value)
    assert api.get("DeviceClass", "gpu.example.com")["metadata"]["labels"] == {"a": "b"}


def test_no_op_update_keeps_the_resource_version(api: APIServer) -> None:
    out = api.create(device_class())
    again = api.update(out)
    assert again["metadata"]["resourceVersion"] == out["metadata"]["resourceVersion"]


def test_no_op_writes_of_every_kind_leave_no_trace(api: APIServer) -> None:
    """etcd3 store GuaranteedUpdate (k8s.io/apiserver/pkg/storage/etcd3/store.go): an update
    whose encoded object equals the stored bytes is not written, so there is no new
    resourceVersion and no watch event, for the main resource, the status subresource and a
    patch alike. Controllers rely on it: one that writes an unchanged status (a namespace's
    deletion conditions) wakes nobody."""
    api.create({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team"}})
    api.delete("Namespace", "team")
    ns = api.get("Namespace", "team")
    ns["status"]["conditions"] = [{"type": "NamespaceContentRemaining", "status": "False",
                                   "lastTransitionTime": "2026-01-01T00:00:00Z",
                                   "reason": "ContentRemoved",
                                   "message": "All content successfully removed"}]
    ns = api.update_status(ns)
    rv = ns["metadata"]["resourceVersion"]
    mark = api.resource_version
    assert api.update_status(api.get("Namespace", "team"))["metadata"]["resourceVersion"] == rv
    assert api.update(api.get("Namespace", "team"))["metadata"]["resourceVersion"] == rv
    assert api.patch("Namespace", "team", {"status": {"phase": "Terminating"}},
                     subresource="status")["metadata"]["resourceVersion"] == rv
    assert api.patch("Namespace", "team", {"metadata": {"labels": {"kubernetes.io/metadata.name": "team"}}}
                     )["metadata"]["resourceVersion"] == rv
    assert api.resource_version == mark
    assert api.watch(mark, ["Namespace"]) == []


def test_finalizers_delay_deletion_until_removed(api: APIServer) -> None:
    obj = claim()
    obj["metadata"]["finalizers"] = ["example.com/hold"]
    api.create(obj)
    deleted = api.delete("ResourceClaim", "c", "default")
    assert deleted["metadata"]["deletionTimestamp"]
    assert api.get("ResourceClaim", "c", "default")["metadata"]["deletionTimestamp"]
    api.remove_finalizer("ResourceClaim", "c", "example.com/hold", "default")
    with pytest.raises(E.NotFound) as ei:
        api.get("ResourceClaim", "c", "default")
    assert str(ei.value) == 'resourceclaims.resource.k8s.io "c" not found'


def test_no_new_finalizer_while_deleting(api: APIServer) -> None:
    obj = claim()
    obj["metadata"]["finalizers"] = ["a.example.com/x"]
    api.create(obj)
    api.delete("ResourceClaim", "c", "default")
    cur = api.get("ResourceClaim", "c", "default")
    cur["metadata"]["finalizers"].append("b.example.com/y")
    with pytest.raises(E.Invalid) as ei:
        api.update(cur)
    assert ei.value.causes[0]["field"] == "metadata.finalizers"


def test_dry_run_stores_nothing(api: APIServer) -> None:
    rv = api.resource_version
    out = api.create(device_class(), dry_run=True)
    assert out["metadata"]["name"] == "gpu.example.com"
    assert api.try_get("DeviceClass", "gpu.example.com") is None
    assert api.resource_version == rv
    assert api.watch(rv) == []


def test_watch_is_ordered_and_resumable(api: APIServer) -> None:
    start = api.resource_version
    api.create(device_class("a.example.com"))
    api.create(device_class("b.example.com"))
    api.delete("DeviceClass", "a.example.com")
    events = api.watch(start)
    assert [(e.type, e.object["metadata"]["name"]) for e in events] == [
        ("ADDED", "a.example.com"), ("ADDED", "b.example.com"), ("DELETED", "a.example.com")]
    rvs = [e.resource_version for e in events]
    assert rvs == sorted(rvs) and len(set(rvs)) == 3
    assert [e.type for e in api.watch(rvs[0])] == ["ADDED", "DELETED"]
    assert api.watch(start, kinds=["ResourceClaim"]) == []


def test_status_is_a_subresource(api: APIServer) -> None:
    created = api.create(claim())
    assert created["status"] == {}
    # a spec update cannot write status
    created["status"] = {"reservedFor": [{"resource": "pods", "name": "p", "uid": "u"}]}
    created["metadata"]["labels"] = {"x": "y"}
    out = api.update(created)
    assert out.get("status") == {}
    # a status update cannot write spec or labels
    out["spec"]["devices"]["requests"][0]["name"] = "changed"
    out["metadata"]["labels"] = {"x": "z"}
    out["status"] = {"devices": []}
    st = api.update_status(out)
    assert st["spec"]["devices"]["requests"][0]["name"] == "gpu"
    assert st["metadata"]["labels"] == {"x": "y"}


def test_merge_patch_and_precondition(api: APIServer) -> None:
    out = api.create(device_class())
    patched = api.patch("DeviceClass", "gpu.example.com",
                        {"metadata": {"labels": {"tier": "a"}}})
    assert patched["metadata"]["labels"] == {"tier": "a"}
    with pytest.raises(E.Conflict):
        api.patch("DeviceClass", "gpu.example.com",
                  {"metadata": {"resourceVersion": out["metadata"]["resourceVersion"],
                                "labels": {"tier": "b"}}})
    removed = api.patch("DeviceClass", "gpu.example.com", {"metadata": {"labels": None}})
    assert "labels" not in removed["metadata"]


def test_unknown_fields_follow_field_validation(api: APIServer) -> None:
    """kube-apiserver decodes with the Go types: unknown fields are refused (Strict, what
    kubectl sends and drakit's default), dropped with a warning (Warn, the server's own
    default) or dropped silently (Ignore); never stored (sigs.k8s.io/json UnmarshalStrict)."""
    obj = claim()
    obj["spec"]["devices"]["requests"][0]["exactly"]["futureField"] = {"a": 1}
    obj["futureTopLevel"] = "kept"
    with pytest.raises(E.BadRequest) as ei:
        api.create(obj)
    assert str(ei.value) == (
        'ResourceClaim in version "v1" cannot be handled as a ResourceClaim: strict decoding '
        'error: unknown field "spec.devices.requests[0].exactly.futureField", unknown field '
        '"futureTopLevel"')
    assert api.try_get("ResourceClaim", "c", "default") is None
    warnings: list[str] = []
    api.create(obj, field_validation="Warn", warnings=warnings)
    assert warnings == ['unknown field "spec.devices.requests[0].exactly.futureField"',
                        'unknown field "futureTopLevel"']
    got = api.get("ResourceClaim", "c", "default")
    assert "futureTopLevel" not in got
    assert "futureField" not in got["spec"]["devices"]["requests"][0]["exactly"]
    obj["metadata"]["name"] = "c2"
    quiet: list[str] = []
    api.create(obj, field_validation="Ignore", warnings=quiet)
    assert quiet == [] and "futureTopLevel" not in api.get("ResourceClaim", "c2", "default")


def test_failed_write_changes_nothing(api: APIServer) -> None:
    api.create(device_class())
    rv = api.resource_version
    bad = device_class("Not_A_Name")
    with pytest.raises(E.Invalid) as ei:
        api.create(bad)
    assert ei.value.code == 422
    assert ei.value.causes[0]["field"] == "metadata.name"
    assert ei.value.causes[0]["reason"] == "FieldValueInvalid"
    assert api.resource_version == rv
    assert [o["metadata"]["name"] for o in api.list("DeviceClass")] == ["gpu.example.com"]


def test_unknown_kind_reads_like_kubectl(api: APIServer) -> None:
    with pytest.raises(E.NoKindMatch) as ei:
        api.create({"apiVersion": "resource.k8s.io/v1alpha9", "kind": "DeviceClass",
                    "metadata": {"name": "x"}})
    assert str(ei.value) == 'no matches for kind "DeviceClass" in version "resource.k8s.io/v1alpha9"'


def test_gated_kind_is_not_served_when_gate_off(api: APIServer) -> None:
    pg = {"apiVersion": "scheduling.k8s.io/v1alpha3", "kind": "PodGroup",
          "metadata": {"name": "pg"}, "spec": {}}
    with pytest.raises(E.NoKindMatch):
        api.create(pg)


def test_namespaced_object_needs_its_namespace(api: APIServer) -> None:
    with pytest.raises(E.NotFound) as ei:
        api.create(claim(ns="missing"))
    assert str(ei.value) == 'namespaces "missing" not found'


def test_list_by_label_selector(api: APIServer) -> None:
    for n, tier in (("a.example.com", "x"), ("b.example.com", "y"), ("c.example.com", None)):
        obj = device_class(n)
        if tier:
            obj["metadata"]["labels"] = {"tier": tier}
        api.create(obj)
    names = lambda sel: [o["metadata"]["name"] for o in api.list("DeviceClass", None, sel)]  # noqa: E731
    assert names("tier=x") == ["a.example.com"]
    assert names("tier") == ["a.example.com", "b.example.com"]
    assert names("!tier") == ["c.example.com"]
    assert names("tier in (x,y)") == ["a.example.com", "b.example.com"]
    assert names("tier!=x") == ["b.example.com", "c.example.com"]


def test_namespace_deletion_only_marks_the_namespace(api: APIServer) -> None:
    """The registry alone never cascades (k/k namespace storage Delete): the namespace goes
    Terminating and keeps its content until the namespace controller empties it
    (tests/controllers/test_namespace.py)."""
    api.create({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team"}})
    api.create(claim(ns="team"))
    out = api.delete("Namespace", "team")
    assert out["status"]["phase"] == "Terminating" and out["metadata"]["deletionTimestamp"]
    assert len(api.list("ResourceClaim", "team")) == 1
    assert api.get("Namespace", "team")["spec"]["finalizers"] == ["kubernetes"]


def test_oversized_request_is_refused(api: APIServer) -> None:
    obj = device_class()
    obj["metadata"]["annotations"] = {"big": "x" * (4 * 1024 * 1024)}
    with pytest.raises(E.StatusError) as ei:
        api.create(obj)
    assert ei.value.code == 413
    assert api.try_get("DeviceClass", "gpu.example.com") is None


def _pod(name: str = "p", **spec) -> dict:
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "default"},
            "spec": {"containers": [{"name": "app", "image": "busybox"}], **spec}}


@pytest.mark.parametrize("spec, finalizer, detail", [
    ({"nodeName": "node-1"}, None, 'pod p is already assigned to node "node-1"'),
    ({"schedulingGates": [{"name": "example.com/hold"}]}, None,
     "pod p has non-empty .spec.schedulingGates"),
    ({}, "example.com/keep", "pod p is being deleted, cannot be assigned to a host"),
])
def test_a_refused_binding_is_a_conflict_on_pods_binding(api: APIServer, spec, finalizer,
                                                         detail) -> None:
    """k/k pkg/registry/core/pod/storage/storage.go: BindingREST.assignPod wraps each of
    setPodHostAndAnnotations's errors in errors.NewConflict(pods/binding, name, err)
    (TestEtcdCreateWithSchedulingGates expects that text for the gated pod)."""
    pod = _pod(**spec)
    if finalizer:
        pod["metadata"]["finalizers"] = [finalizer]
    api.create(pod)
    if finalizer:
        api.delete("Pod", "p", "default")
    with pytest.raises(E.StatusError) as info:
        api.bind("p", "default", "node-2")
    status = info.value.status()
    assert (status["code"], status["reason"]) == (409, "Conflict")
    assert status["message"] == f'Operation cannot be fulfilled on pods/binding "p": {detail}'
    assert status["details"] == {"name": "p", "group": "", "kind": "pods/binding"}


@pytest.mark.parametrize(("dry_run", "status"), [(False, False), (True, False), (False, True)])
def test_a_put_naming_another_uid_fails_its_precondition(api: APIServer, dry_run: bool, status: bool) -> None:
    """k8s.io/apiserver: the body's uid is a storage precondition (DefaultUpdatedObjectInfo);
    the etcd key in the message has the /registry prefix, a dry run's the registry key; the
    uid precondition is checked before the resourceVersion."""
    api.create(device_class())
    stored = api.create(claim())
    obj = dict(stored, metadata=dict(stored["metadata"], uid="other", resourceVersion="1"))
    with pytest.raises(E.Conflict) as err:
        api.update(obj, dry_run=dry_run, subresource="status" if status else None)
    key = ("" if dry_run else "/registry") + "/resourceclaims/default/c"
    assert err.value.message == (
        'Operation cannot be fulfilled on resourceclaims.resource.k8s.io "c": StorageError: invalid object, '
        f"Code: 4, Key: {key}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: "
        f"UID in precondition: other, UID in object meta: {stored['metadata']['uid']}")
    cls = api.get("DeviceClass", "gpu.example.com")
    cls["metadata"]["uid"] = "x"
    with pytest.raises(E.Conflict) as err:
        api.update(cls)
    assert "Key: /registry/deviceclasses/gpu.example.com, " in err.value.message
    # no uid: the stored one is kept
    del obj["metadata"]["uid"]
    obj["metadata"]["resourceVersion"] = stored["metadata"]["resourceVersion"]
    obj["metadata"]["labels"] = {"a": "b"}
    assert api.update(obj)["metadata"]["uid"] == stored["metadata"]["uid"]


def test_a_patch_changing_the_uid_is_immutable(api: APIServer) -> None:
    api.create(claim())
    for sub in (None, "status"):
        with pytest.raises(E.Invalid) as err:
            api.patch("ResourceClaim", "c", {"metadata": {"uid": "other"}}, namespace="default", subresource=sub)
        assert [str(e) for e in err.value.errors] == ['metadata.uid: Invalid value: "other": field is immutable']
