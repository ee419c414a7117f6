"""DELETE as the generic registry store and the namespace registry do it.

Sources: k8s.io/apiserver pkg/registry/rest/delete.go BeforeDelete and
pkg/registry/generic/registry/store.go (markAsDeleting, ShouldDeleteDuringUpdate),
k/k pkg/registry/core/namespace/storage/storage.go (Delete, finalize) and
plugin/pkg/admission/namespace/lifecycle/admission.go (immortal namespaces, creates into
missing or Terminating namespaces). Expected values are written from those sources.
"""

from __future__ import annotations

import pytest

from drakit.api import errors as E
from drakit.apiserver import APIServer
from drakit.features import FeatureGates

T0 = "2026-01-01T00:00:00Z"


def pod(name: str = "p", ns: str = "default", **meta) -> dict:
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": ns, **meta},
            "spec": {"containers": [{"name": "app", "image": "registry.k8s.io/pause:3.10"}]}}


def claim(name: str = "c", ns: str = "default", **meta) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {"name": name, "namespace": ns, **meta},
            "spec": {"devices": {"requests": [
                {"name": "gpu", "exactly": {"deviceClassName": "gpu.example.com"}}]}}}


def namespace(name: str, **spec) -> dict:
    return {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name}, "spec": spec}


@pytest.fixture
def api() -> APIServer:
    a = APIServer(FeatureGates("1.37"))
    a.graceful_pod_deletion = lambda p: bool((p.get("spec") or {}).get("nodeName"))
    return a


def bound_pod(api: APIServer, name: str = "p", **meta) -> dict:
    api.create(pod(name, **meta))
    return api.bind(name, "default", "node-1")


def types(api: APIServer, since: int, kind: str) -> list[str]:
    return [ev.type for ev in api.watch(since, [kind])]


# --------------------------------------------------------------------- graceful pods

def test_graceful_pod_deletion_sets_a_future_timestamp_and_bumps_generation(api) -> None:
    bound_pod(api)
    out = api.delete("Pod", "p", "default")
    md = out["metadata"]
    assert md["deletionTimestamp"] == "2026-01-01T00:00:30Z"  # now + 30 s default grace
    assert md["deletionGracePeriodSeconds"] == 30
    assert md["generation"] == 2
    assert api.get("Pod", "p", "default")["metadata"] == md


def test_a_pending_graceful_deletion_only_accepts_a_shorter_grace_period(api) -> None:
    bound_pod(api)
    api.delete("Pod", "p", "default", grace_period_seconds=20)
    rv = api.resource_version
    again = api.delete("Pod", "p", "default", grace_period_seconds=25)
    assert again["metadata"]["deletionGracePeriodSeconds"] == 20 and api.resource_version == rv
    shorter = api.delete("Pod", "p", "default", grace_period_seconds=5)
    assert shorter["metadata"]["deletionTimestamp"] == "2026-01-01T00:00:05Z"
    assert shorter["metadata"]["deletionGracePeriodSeconds"] == 5
    since = api.resource_version
    api.delete("Pod", "p", "default", grace_period_seconds=0)
    assert api.try_get("Pod", "p", "default") is None
    assert types(api, since, "Pod") == ["DELETED"]


def test_unscheduled_and_terminated_pods_are_deleted_at_once(api) -> None:
    api.create(pod("unscheduled"))
    api.delete("Pod", "unscheduled", "default")
    assert api.try_get("Pod", "unscheduled", "default") is None
    done = bound_pod(api, "done")
    done["status"]["phase"] = "Succeeded"
    api.update_status(done)
    api.delete("Pod", "done", "default")
    assert api.try_get("Pod", "done", "default") is None


def test_removing_finalizers_of_a_pod_in_its_grace_period_does_not_delete_it(api) -> None:
    """ShouldDeleteDuringUpdate: only once the grace period is 0 (the kubelet's final delete)."""
    bound_pod(api, finalizers=["example.com/hold"])
    api.delete("Pod", "p", "default")
    api.remove_finalizer("Pod", "p", "example.com/hold", "default")
    assert api.get("Pod", "p", "default")["metadata"]["deletionGracePeriodSeconds"] == 30
    api.delete("Pod", "p", "default", grace_period_seconds=0)
    assert api.try_get("Pod", "p", "default") is None


# --------------------------------------------------------------------- finalizers, dry run

def test_delete_with_finalizers_marks_deleting_and_the_last_finalizer_removes(api) -> None:
    api.create(claim(finalizers=["example.com/hold"]))
    out = api.delete("ResourceClaim", "c", "default")
    assert out["metadata"]["deletionTimestamp"] == T0
    assert out["metadata"]["deletionGracePeriodSeconds"] == 0
    assert "generation" not in out["metadata"]  # claims have none; markAsDeleting bumps only > 0
    rv = api.resource_version
    assert api.delete("ResourceClaim", "c", "default") == out and api.resource_version == rv
    since = api.resource_version
    api.remove_finalizer("ResourceClaim", "c", "example.com/hold", "default")
    assert api.try_get("ResourceClaim", "c", "default") is None
    assert types(api, since, "ResourceClaim") == ["DELETED"]


def test_dry_run_delete_answers_the_outcome_and_changes_nothing(api) -> None:
    bound_pod(api)
    api.create(claim())
    rv = api.resource_version
    out = api.delete("Pod", "p", "default", dry_run=True)
    assert out["metadata"]["deletionGracePeriodSeconds"] == 30
    assert "deletionTimestamp" not in api.get("Pod", "p", "default")["metadata"]
    api.delete("ResourceClaim", "c", "default", dry_run=True)
    assert api.try_get("ResourceClaim", "c", "default") is not None
    api.create(namespace("team"))
    rv = api.resource_version
    assert api.delete("Namespace", "team", dry_run=True)["status"]["phase"] == "Terminating"
    assert api.get("Namespace", "team")["status"]["phase"] == "Active"
    assert api.resource_version == rv


def test_the_deleted_event_carries_the_last_stored_state(api) -> None:
    bound_pod(api)
    api.delete("Pod", "p", "default")
    since = api.resource_version
    api.delete("Pod", "p", "default", grace_period_seconds=0)
    (ev,) = api.watch(since, ["Pod"])
    assert ev.type == "DELETED"
    assert ev.object["metadata"]["deletionGracePeriodSeconds"] == 30


# --------------------------------------------------------------------- namespaces

@pytest.mark.parametrize("name", ["default", "kube-system", "kube-public"])
def test_immortal_namespaces_cannot_be_deleted(api, name) -> None:
    if api.try_get("Namespace", name) is None:
        api.create(namespace(name))
    with pytest.raises(E.Forbidden) as ei:
        api.delete("Namespace", name)
    assert str(ei.value) == f'namespaces "{name}" is forbidden: this namespace may not be deleted'


def test_namespace_delete_is_terminating_then_unchanged_then_finalize_removes(api) -> None:
    api.create(namespace("team"))
    first = api.delete("Namespace", "team")
    assert first["status"]["phase"] == "Terminating" and first["metadata"]["deletionTimestamp"]
    assert first["spec"]["finalizers"] == ["kubernetes"]
    rv = api.resource_version
    assert api.delete("Namespace", "team") == first and api.resource_version == rv
    since = api.resource_version
    first["spec"]["finalizers"] = []
    first["status"] = {"phase": "Active"}  # the finalize endpoint keeps the stored status
    gone = api.update(first, subresource="finalize")
    assert gone["status"]["phase"] == "Terminating"
    assert api.try_get("Namespace", "team") is None
    assert types(api, since, "Namespace") == ["DELETED"]


def test_finalize_keeps_a_foreign_finalizer_and_validates_each_entry(api) -> None:
    api.create(namespace("team", finalizers=["example.com/keep"]))
    ns = api.get("Namespace", "team")
    assert ns["spec"]["finalizers"] == ["example.com/keep", "kubernetes"]
    ns["spec"]["finalizers"] = ["keep"]
    with pytest.raises(E.Invalid) as ei:
        api.update(ns, subresource="finalize")
    assert ei.value.causes == [{
        "reason": "FieldValueInvalid", "field": "spec.finalizers[0]",
        "message": 'Invalid value: "keep": name is neither a standard finalizer name nor '
                   'is it fully qualified'}]
    ns["spec"]["finalizers"] = ["example.com/keep"]
    api.update(ns, subresource="finalize")
    api.delete("Namespace", "team")
    assert api.get("Namespace", "team")["status"]["phase"] == "Terminating"
    ns = api.get("Namespace", "team")
    ns["spec"]["finalizers"] = []
    api.update(ns, subresource="finalize")
    assert api.try_get("Namespace", "team") is None


def test_a_finalized_active_namespace_goes_on_its_second_delete(api) -> None:
    api.create(namespace("team"))
    ns = api.get("Namespace", "team")
    ns["spec"]["finalizers"] = []
    assert api.update(ns, subresource="finalize")["status"]["phase"] == "Active"
    api.delete("Namespace", "team")
    assert api.get("Namespace", "team")["status"]["phase"] == "Terminating"
    api.delete("Namespace", "team")
    assert api.try_get("Namespace", "team") is None


def test_spec_finalizers_change_only_through_finalize(api) -> None:
    api.create(namespace("team"))
    ns = api.get("Namespace", "team")
    ns["spec"]["finalizers"] = []
    assert api.update(ns)["spec"]["finalizers"] == ["kubernetes"]
    ns = api.get("Namespace", "team")
    ns["metadata"]["labels"]["x"] = "y"
    ns["status"] = {"phase": "Terminating"}
    out = api.update(ns, subresource="finalize")
    assert out["spec"]["finalizers"] == ["kubernetes"] and out["metadata"]["labels"]["x"] == "y"
    assert out["status"] == {"phase": "Active"}


def test_create_into_a_missing_namespace_is_not_found_before_validation(api) -> None:
    bad = claim(ns="nowhere")
    bad["spec"] = {}
    with pytest.raises(E.NotFound) as ei:
        api.create(bad)
    assert str(ei.value) == 'namespaces "nowhere" not found'


def test_create_into_a_terminating_namespace_is_forbidden_with_a_cause(api) -> None:
    api.create(namespace("team"))
    api.create(claim("held", "team", finalizers=["example.com/hold"]))
    api.delete("Namespace", "team")
    obj = claim(ns="team")
    obj["metadata"] = {"generateName": "gen-", "namespace": "team"}
    obj["spec"] = {}  # invalid too: the admission plugin answers first
    with pytest.raises(E.Forbidden) as ei:
        api.create(obj)
    status = ei.value.status()
    assert status["message"] == ('resourceclaims.resource.k8s.io "gen-" is forbidden: unable to '
                                 "create new content in namespace team because it is being "
                                 "terminated")
    assert status["details"]["causes"] == [{"reason": "NamespaceTerminating",
                                            "message": "namespace team is being terminated",
                                            "field": "metadata.namespace"}]
    assert api.record_event(pod(ns="team"), "Normal", "Test", "dropped", "test") is None
