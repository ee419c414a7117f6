"""Admin access needs the namespace label (k/k pkg/registry/resource/utils.go AuthorizedForAdmin
and AuthorizedForAdminStatus), through the ResourceClaim and ResourceClaimTemplate strategies
and through the API server that gives them the namespace lookup."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

import drakit
from drakit.features import GATES
from drakit.validation.resource import STRATEGIES
from drakit.validation.resource.adminaccess import ADMIN_NAMESPACE_LABEL
from drakit.validation.strategy import Context

CLAIM = STRATEGIES["ResourceClaim"]
TEMPLATE = STRATEGIES["ResourceClaimTemplate"]
DETAIL = ("Forbidden: admin access to devices requires the `resource.kubernetes.io/admin-access: "
          "true` label on the containing namespace")


def ctx(labels: dict | None, version: str = "1.37") -> Context:
    gates = {k: v.default for k, v in GATES[version].items()}

    def lookup(ns: str) -> dict | None:
        return labels if ns == "team" else None
    return Context(version=version, gates=gates, namespace_labels=lookup)


def requests(*admin: bool | None) -> list[dict]:
    out = []
    for i, a in enumerate(admin):
        exactly = {"deviceClassName": "gpu.example.com"}
        if a is not None:
            exactly["adminAccess"] = a
        out.append({"name": f"r{i}", "exactly": exactly})
    return out


def claim(reqs: list[dict], namespace: str = "team") -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {"name": "c", "namespace": namespace},
            "spec": {"devices": {"requests": reqs}}}


def template(reqs: list[dict]) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
            "metadata": {"name": "t", "namespace": "team"},
            "spec": {"spec": {"devices": {"requests": reqs}}}}


def create_errors(strategy, obj: dict, c: Context) -> list[str]:
    obj = copy.deepcopy(obj)
    strategy.prepare_for_create(obj, c)
    return [str(e) for e in strategy.validate_create(obj, c)]


@pytest.mark.parametrize("strategy,build", [(CLAIM, claim), (TEMPLATE, template)])
def test_first_asking_request_is_named_and_label_allows(strategy, build):
    obj = build(requests(None, False, True, True))
    assert create_errors(strategy, obj, ctx({})) == [
        f"spec.devices.requests[2].adminAccess: {DETAIL}"]
    assert create_errors(strategy, obj, ctx({ADMIN_NAMESPACE_LABEL: "true"})) == []
    # nothing asks: no lookup at all (the lookup would say "no such namespace")
    assert create_errors(strategy, build(requests(None, False)), ctx(None)) == []


@given(st.one_of(st.none(), st.text(max_size=8)))
def test_only_the_value_true_grants(value):
    labels = {} if value is None else {ADMIN_NAMESPACE_LABEL: value}
    errs = create_errors(CLAIM, claim(requests(True)), ctx(labels))
    assert errs == ([] if value == "true" else [f"spec.devices.requests[0].adminAccess: {DETAIL}"])


def test_a_namespace_the_lookup_cannot_find_is_an_internal_error():
    errs = create_errors(CLAIM, claim(requests(True), namespace="gone"), ctx({}))
    assert errs == ['spec.devices.requests[0].adminAccess: Internal error: could not retrieve '
                    'namespace to verify admin access: namespaces "gone" not found']


def test_template_update_does_not_look_at_the_namespace():
    old = template(requests(True))
    c = ctx({ADMIN_NAMESPACE_LABEL: "true"})
    TEMPLATE.prepare_for_create(old, c)
    new = copy.deepcopy(old)
    new["metadata"]["labels"] = {"a": "b"}
    for version in ("1.34", "1.37"):
        assert TEMPLATE.validate_update(new, old, ctx({}, version)) == []


def status_write(old_results: list[dict] | None, new_results: list[dict], labels: dict) -> list[str]:
    c = ctx(labels)
    old = claim(requests(None, True))
    CLAIM.prepare_for_create(old, ctx({ADMIN_NAMESPACE_LABEL: "true"}))
    if old_results is not None:
        old["status"] = {"allocation": {"devices": {"results": old_results}}}
    new = copy.deepcopy(old)
    new["status"] = {"allocation": {"devices": {"results": new_results}}}
    CLAIM.prepare_for_status_update(new, old, c)
    return [str(e) for e in CLAIM.validate_status_update(new, old, c)]


RESULTS = [{"request": "r0", "driver": "gpu.example.com", "pool": "p", "device": "d0"},
           {"request": "r1", "driver": "gpu.example.com", "pool": "p", "device": "d1",
            "adminAccess": True}]


def test_status_grant_checks_the_label_and_a_granted_allocation_is_not_checked_again():
    assert status_write(None, RESULTS, {}) == [
        f"status.allocation.devices.results[1].adminAccess: {DETAIL}"]
    assert status_write(None, RESULTS, {ADMIN_NAMESPACE_LABEL: "true"}) == []
    assert status_write(None, RESULTS[:1], {}) == []
    assert status_write(RESULTS, RESULTS, {}) == []


def test_the_api_server_looks_up_the_namespace_it_stores():
    c = drakit.Cluster(version="1.37")
    c.apply([{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team"}}])
    with pytest.raises(drakit.StatusError) as e:
        c.apply([claim(requests(True))])
    assert e.value.status()["details"]["causes"][0]["field"] == "spec.devices.requests[0].adminAccess"
    ns = c.get("Namespace", "team")
    ns["metadata"]["labels"] = {**ns["metadata"].get("labels", {}), ADMIN_NAMESPACE_LABEL: "true"}
    c.api.update(ns)
    c.apply([claim(requests(True))])
    assert c.get("ResourceClaim", "c", namespace="team")["spec"]["devices"]["requests"][0][
        "exactly"]["adminAccess"] is True
