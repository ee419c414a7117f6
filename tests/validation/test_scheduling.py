"""PodGroup/Workload strategies: served versions, KEP-5729 resourceClaims, drops."""

from __future__ import annotations

import copy

import pytest

from drakit.kinds import KINDS
from drakit.validation.scheduling import SERVED_VERSIONS, STRATEGIES
from drakit.validation.strategy import Context

PG = STRATEGIES["PodGroup"]
WL = STRATEGIES["Workload"]
GATES = {"GenericWorkload": True, "DRAWorkloadResourceClaims": True}
V3 = Context(version="1.37", gates=GATES, api_version="scheduling.k8s.io/v1alpha3")
B1 = Context(version="1.37", gates=GATES, api_version="scheduling.k8s.io/v1beta1")
A2 = Context(version="1.36", gates=GATES, api_version="scheduling.k8s.io/v1alpha2")


def claims(n: int) -> list[dict]:
    return [{"name": f"c{i}", "resourceClaimTemplateName": "tmpl"} for i in range(n)]


def podgroup(**spec) -> dict:
    s = {"schedulingPolicy": {"gang": {"minCount": 2}}}
    s.update(spec)
    return {"apiVersion": "scheduling.k8s.io/v1alpha3", "kind": "PodGroup",
            "metadata": {"name": "pg", "namespace": "default"}, "spec": s}


def pg_errors(obj: dict, ctx: Context = V3) -> list[str]:
    obj = copy.deepcopy(obj)
    PG.prepare_for_create(obj, ctx)
    return [str(e) for e in PG.validate_create(obj, ctx)]


def test_shape_versions_agree_with_the_served_versions():
    # The validators pick a shape per apiVersion; the API server serves what kinds.py says.
    for kind in ("PodGroup", "Workload"):
        served = {release: set(vs) for release, vs in KINDS[kind].versions.items()}
        assert served == {release: set(vs) for release, vs in SERVED_VERSIONS.items()}, kind
    # Without an apiVersion the shape rules take the newest served version.
    assert SERVED_VERSIONS["1.37"][-1] == "v1beta1"


@pytest.mark.parametrize("ctx", [V3, B1, A2], ids=["v1alpha3", "v1beta1", "v1alpha2"])
@pytest.mark.parametrize("rcs, expected", [
    (claims(4), []),
    (claims(5), ["spec.resourceClaims: Too many: 5: must have at most 4 items"]),
    ([{"name": "a", "resourceClaimName": "x"}, {"name": "a", "resourceClaimName": "y"}],
     ['spec.resourceClaims[1]: Duplicate value: {"name":"a","resourceClaimName":"y"}']),
    ([{"name": "a"}],
     ['spec.resourceClaims[0]: Invalid value: "": must specify one of: `resourceClaimName`, '
      "`resourceClaimTemplateName`"]),
    ([{"name": "a", "resourceClaimName": "x", "resourceClaimTemplateName": "y"}],
     ['spec.resourceClaims[0]: Invalid value: "{resourceClaimName, resourceClaimTemplateName}": must specify '
      "exactly one of: `resourceClaimName`, `resourceClaimTemplateName`"]),
    ([{"resourceClaimName": "x"}], ["spec.resourceClaims[0].name: Required value"]),
    ([{"name": "a.b", "resourceClaimName": "x"}],
     ['spec.resourceClaims[0].name: Invalid value: "a.b": must not contain dots']),
])
def test_podgroup_resource_claims(ctx, rcs, expected):
    obj = podgroup(resourceClaims=rcs)
    assert pg_errors(obj, ctx) == expected


@pytest.mark.parametrize("policy, expected", [
    ({"basic": {}}, []),
    ({"gang": {"minCount": 1}}, []),
    ({}, ['spec.schedulingPolicy: Invalid value: "": must specify one of: `basic`, `gang`']),
    ({"basic": {}, "gang": {"minCount": 1}},
     ['spec.schedulingPolicy: Invalid value: "{basic, gang}": must specify exactly one of: `basic`, `gang`']),
    ({"gang": {}}, ["spec.schedulingPolicy.gang.minCount: Required value"]),
    ({"gang": {"minCount": -1}},
     ["spec.schedulingPolicy.gang.minCount: Invalid value: -1: must be greater than or equal to 1"]),
])
def test_podgroup_scheduling_policy(policy, expected):
    assert pg_errors(podgroup(schedulingPolicy=policy)) == expected


def test_podgroup_refs_per_version():
    assert pg_errors(podgroup(workloadRef={"workloadName": "w", "templateName": "t"})) == []
    assert pg_errors(podgroup(workloadRef={})) == [
        "spec.workloadRef.workloadName: Required value", "spec.workloadRef.templateName: Required value"]
    ref = {"workload": {"workloadName": "w", "podGroupTemplateName": "t"}}
    assert pg_errors(podgroup(podGroupTemplateRef=ref), A2) == []
    assert pg_errors(podgroup(podGroupTemplateRef={}), A2) == [
        'spec.podGroupTemplateRef: Invalid value: "": must specify one of: `workload`']


def test_podgroup_resource_claims_immutable():
    old = podgroup(resourceClaims=claims(1))
    PG.prepare_for_create(old, V3)
    new = copy.deepcopy(old)
    assert PG.validate_update(new, old, V3) == []
    new["spec"]["resourceClaims"] = claims(2)
    PG.prepare_for_update(new, old, V3)
    assert [str(e) for e in PG.validate_update(new, old, V3)] == [
        "spec.resourceClaims: Invalid value: null: field is immutable"]


def test_podgroup_drop_resource_claims_gate_off():
    off = Context(version="1.37", gates={"GenericWorkload": True}, api_version="scheduling.k8s.io/v1alpha3")
    obj = podgroup(resourceClaims=claims(1))
    PG.prepare_for_create(obj, off)
    assert "resourceClaims" not in obj["spec"]
    old = podgroup(resourceClaims=claims(1))
    new = copy.deepcopy(old)
    PG.prepare_for_update(new, old, off)
    assert new["spec"]["resourceClaims"] == claims(1)
    # status claim statuses dropped too unless the spec used claims
    old2 = podgroup()
    new2 = copy.deepcopy(old2)
    new2["status"] = {"resourceClaimStatuses": [{"name": "c0", "resourceClaimName": "pg-c0-x"}]}
    PG.prepare_for_status_update(new2, old2, off)
    assert "resourceClaimStatuses" not in new2["status"]


def test_podgroup_status_cleared_on_create():
    obj = podgroup()
    obj["status"] = {"resourceClaimStatuses": [{"name": "x"}]}
    PG.prepare_for_create(obj, V3)
    assert obj["status"] == {}


@pytest.mark.parametrize("statuses, expected", [
    ([{"name": f"c{i}", "resourceClaimName": f"pg-c{i}-x"} for i in range(4)], []),
    # maxItems short-circuits the declarative checks, not the handwritten spec-name check
    ([{"name": f"c{i}"} for i in range(5)], ["status.resourceClaimStatuses: Too many: 5: must have at most 4 items",
                                             'status.resourceClaimStatuses[4].name: Invalid value: "c4": must '
                                             "match the name of an entry in `spec.resourceClaims`"]),
    ([{"name": "nope"}], ['status.resourceClaimStatuses[0].name: Invalid value: "nope": must match the name of '
                          "an entry in `spec.resourceClaims`"]),
    ([{"name": "c0"}, {"name": "c0"}], ['status.resourceClaimStatuses[1]: Duplicate value: {"name":"c0"}']),
])
def test_podgroup_status(statuses, expected):
    old = podgroup(resourceClaims=claims(4))
    PG.prepare_for_create(old, V3)
    new = copy.deepcopy(old)
    new["status"] = {"resourceClaimStatuses": statuses}
    PG.prepare_for_status_update(new, old, V3)
    assert [str(e) for e in PG.validate_status_update(new, old, V3)] == expected


def template(name: str, **extra) -> dict:
    t = {"name": name, "schedulingPolicy": {"basic": {}}}
    t.update(extra)
    return t


def workload(templates) -> dict:
    return {"apiVersion": "scheduling.k8s.io/v1alpha3", "kind": "Workload",
            "metadata": {"name": "w", "namespace": "default"}, "spec": {"podGroupTemplates": templates}}


def wl_errors(obj: dict, ctx: Context = V3) -> list[str]:
    obj = copy.deepcopy(obj)
    WL.prepare_for_create(obj, ctx)
    return [str(e) for e in WL.validate_create(obj, ctx)]


@pytest.mark.parametrize("ctx", [V3, A2], ids=["v1alpha3", "v1alpha2"])
@pytest.mark.parametrize("templates, expected", [
    ([template(f"t{i}") for i in range(8)], []),
    ([template(f"t{i}") for i in range(9)], ["spec.podGroupTemplates: Too many: 9: must have at most 8 items"]),
    ([template("t", resourceClaims=claims(4))], []),
    ([template("t", resourceClaims=claims(5))],
     ["spec.podGroupTemplates[0].resourceClaims: Too many: 5: must have at most 4 items"]),
    ([template("t"), template("t")],
     ['spec.podGroupTemplates[1]: Duplicate value: {"name":"t","schedulingPolicy":{"basic":{}}}']),
    ([template("T")], ['spec.podGroupTemplates[0].name: Invalid value: "T": a lowercase RFC 1123 label must '
                       "consist of lower case alphanumeric characters or '-', and must start and end with an "
                       "alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is "
                       "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')"]),
])
def test_workload_templates(ctx, templates, expected):
    assert wl_errors(workload(templates), ctx) == expected


def test_workload_required_templates_per_version():
    assert wl_errors(workload([]), A2) == ["spec.podGroupTemplates: Required value"]
    assert wl_errors(workload([]), V3) == [
        'spec: Invalid value: "": must specify one of: `podGroupTemplates`, `compositePodGroupTemplates`']


def test_workload_drop_template_claims_gate_off():
    off = Context(version="1.37", gates={"GenericWorkload": True}, api_version="scheduling.k8s.io/v1alpha3")
    obj = workload([template("t", resourceClaims=claims(1))])
    WL.prepare_for_create(obj, off)
    assert "resourceClaims" not in obj["spec"]["podGroupTemplates"][0]


def test_workload_template_claims_immutable():
    old = workload([template("t", resourceClaims=claims(1))])
    new = copy.deepcopy(old)
    new["spec"]["podGroupTemplates"][0]["resourceClaims"] = claims(2)
    assert [str(e) for e in WL.validate_update(new, old, V3)] == [
        "spec.podGroupTemplates[0].resourceClaims: Invalid value: null: field is immutable"]
    # v1alpha2: the whole list is immutable as well, both tags fire
    assert [str(e) for e in WL.validate_update(new, old, A2)] == [
        "spec.podGroupTemplates: Invalid value: null: field is immutable",
        "spec.podGroupTemplates[0].resourceClaims: Invalid value: null: field is immutable"]


REF = {"apiGroup": "batch", "kind": "Job", "name": "training"}


@pytest.mark.parametrize("ctx", [V3, B1, A2], ids=["v1alpha3", "v1beta1", "v1alpha2"])
@pytest.mark.parametrize("old_ref, new_ref, expected", [
    (None, None, []),
    (REF, REF, []),
    # +k8s:immutable: setting, changing and removing are all refused
    (None, REF, ["spec.controllerRef: Invalid value: null: field is immutable"]),
    (REF, {**REF, "name": "other"}, ["spec.controllerRef: Invalid value: null: field is immutable"]),
    (REF, None, ["spec.controllerRef: Invalid value: null: field is immutable"]),
    # a changed reference is validated as well
    (None, {"kind": "Job", "name": "a/b"},
     ["spec.controllerRef: Invalid value: null: field is immutable",
      "spec.controllerRef.name: Invalid value: \"a/b\": may not contain '/'"]),
])
def test_workload_controller_ref_immutable(ctx, old_ref, new_ref, expected):
    old = workload([template("t")])
    if old_ref is not None:
        old["spec"]["controllerRef"] = dict(old_ref)
    new = copy.deepcopy(old)
    new["spec"].pop("controllerRef", None)
    if new_ref is not None:
        new["spec"]["controllerRef"] = dict(new_ref)
    assert [str(e) for e in WL.validate_update(new, old, ctx)] == expected
