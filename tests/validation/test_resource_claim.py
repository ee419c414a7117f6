"""ResourceClaim / ResourceClaimTemplate / DeviceClass strategies: defaults, dropping,
limits and exact error strings."""

from __future__ import annotations

import copy

import pytest

from drakit.features import GATES
from drakit.validation.resource import STRATEGIES
from drakit.validation.strategy import Context

CLAIM = STRATEGIES["ResourceClaim"]
TEMPLATE = STRATEGIES["ResourceClaimTemplate"]
CLASS = STRATEGIES["DeviceClass"]


def ctx(version: str = "1.37", **gates: bool) -> Context:
    g = {k: v.default for k, v in GATES[version].items()}
    g.update(gates)
    return Context(version=version, gates=g)


def req(name: str = "r", **exactly) -> dict:
    return {"name": name, "exactly": {"deviceClassName": "gpu.example.com", **exactly}}


def claim(requests=None, **devices) -> dict:
    d = {"requests": [req()] if requests is None else requests}
    d.update(devices)
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {"name": "c", "namespace": "default"}, "spec": {"devices": d}}


def errors(strategy, obj: dict, c: Context | None = None) -> list[str]:
    c = c or ctx()
    obj = copy.deepcopy(obj)
    strategy.prepare_for_create(obj, c)
    return [str(e) for e in strategy.validate_create(obj, c)]


LABEL_MSG = ("a lowercase RFC 1123 label must consist of lower case alphanumeric characters "
             "or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  "
             "or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')")
REF_MSG = ("must be the name of a request in the claim or the name of a request and a "
           "subrequest separated by '/'")

CASES = [
    ("32 requests ok", claim([req(f"r{i}") for i in range(32)]), []),
    ("33 requests", claim([req(f"r{i}") for i in range(33)]),
     ["spec.devices.requests: Too many: 33: must have at most 32 items"]),
    ("duplicate request", claim([req("a"), req("a")]),
     ['spec.devices.requests[1]: Duplicate value: "a"']),
    ("request name", claim([req("A")]),
     [f'spec.devices.requests[0].name: Invalid value: "A": {LABEL_MSG}']),
    ("neither exactly nor firstAvailable", claim([{"name": "r"}]),
     ["spec.devices.requests[0]: Required value: exactly one of `exactly` or `firstAvailable` "
      "is required"]),
    ("both", claim([{**req(), "firstAvailable": [{"name": "s", "deviceClassName": "c"}]}]),
     ['spec.devices.requests[0]: Invalid value: null: exactly one of `exactly` or '
      "`firstAvailable` is required, but multiple fields are set"]),
    ("8 subrequests ok", claim([{"name": "r", "firstAvailable": [
        {"name": f"s{i}", "deviceClassName": "c"} for i in range(8)]}]), []),
    ("9 subrequests", claim([{"name": "r", "firstAvailable": [
        {"name": f"s{i}", "deviceClassName": "c"} for i in range(9)]}]),
     ["spec.devices.requests[0].firstAvailable: Too many: 9: must have at most 8 items"]),
    ("duplicate subrequest", claim([{"name": "r", "firstAvailable": [
        {"name": "s", "deviceClassName": "c"}] * 2}]),
     ['spec.devices.requests[0].firstAvailable[1]: Duplicate value: "s"']),
    ("deviceClassName required", claim([{"name": "r", "exactly": {}}]),
     ["spec.devices.requests[0].exactly.deviceClassName: Required value"]),
    ("allocationMode", claim([req(allocationMode="Some")]),
     ['spec.devices.requests[0].exactly.allocationMode: Unsupported value: "Some": supported '
      'values: "All", "ExactCount"']),
    ("count with All", claim([req(allocationMode="All", count=2)]),
     ["spec.devices.requests[0].exactly.count: Invalid value: 2: must not be specified when "
      "allocationMode is 'All'"]),
    ("negative count", claim([req(count=-1)]),
     ["spec.devices.requests[0].exactly.count: Invalid value: -1: must be greater than zero"]),
    ("32 selectors ok", claim([req(selectors=[{"cel": {"expression": "true"}}] * 32)]), []),
    ("33 selectors", claim([req(selectors=[{"cel": {"expression": "true"}}] * 33)]),
     ["spec.devices.requests[0].exactly.selectors: Too many: 33: must have at most 32 items"]),
    ("selector without cel", claim([req(selectors=[{}])]),
     ["spec.devices.requests[0].exactly.selectors[0].cel: Required value"]),
    ("16 tolerations ok", claim([req(tolerations=[{"key": "k", "operator": "Exists"}] * 16)]),
     []),
    ("17 tolerations", claim([req(tolerations=[{"key": "k", "operator": "Exists"}] * 17)]),
     ["spec.devices.requests[0].exactly.tolerations: Too many: 17: must have at most 16 "
      "items"]),
    ("Exists with value", claim([req(tolerations=[{"operator": "Exists", "value": "v"}])]),
     ['spec.devices.requests[0].exactly.tolerations[0].value: Invalid value: "v": must be '
      "empty for operator `Exists`"]),
    ("toleration operator", claim([req(tolerations=[{"operator": "Lt"}])]),
     ['spec.devices.requests[0].exactly.tolerations[0].operator: Unsupported value: "Lt": '
      'supported values: "Equal", "Exists"']),
    ("32 constraints ok", claim(constraints=[{"matchAttribute": "x.com/a"}] * 32), []),
    ("33 constraints", claim(constraints=[{"matchAttribute": "x.com/a"}] * 33),
     ["spec.devices.constraints: Too many: 33: must have at most 32 items"]),
    ("constraint names unknown request", claim(constraints=[{"requests": ["nope"],
                                                             "matchAttribute": "x.com/a"}]),
     [f'spec.devices.constraints[0].requests[0]: Invalid value: "nope": {REF_MSG}']),
    ("distinctAttribute not fully qualified", claim(constraints=[{"distinctAttribute": "a"}]),
     ['spec.devices.constraints[0].distinctAttribute: Invalid value: "a": a fully qualified '
      "name must be a domain and a name separated by a slash"]),
    ("matchAttribute not fully qualified", claim(constraints=[{"matchAttribute": "a"}]),
     ['spec.devices.constraints[0].matchAttribute: Invalid value: "a": a fully qualified '
      "name must be a domain and a name separated by a slash"]),
    ("constraint without attribute", claim(constraints=[{"requests": ["r"]}]),
     ['spec.devices.constraints[0]: Required value: exactly one of "matchAttribute" or '
      '"distinctAttribute" is required, but multiple fields are set']),
    ("32 configs ok", claim(config=[{"opaque": {"driver": "d.example.com",
                                                "parameters": {}}}] * 32), []),
    ("33 configs", claim(config=[{"opaque": {"driver": "d.example.com",
                                             "parameters": {}}}] * 33),
     ["spec.devices.config: Too many: 33: must have at most 32 items"]),
    ("config without opaque", claim(config=[{"requests": ["r"]}]),
     ["spec.devices.config[0].opaque: Required value"]),
    ("config parameters not an object", claim(config=[{"opaque": {"driver": "d.example.com",
                                                                  "parameters": [1]}}]),
     ['spec.devices.config[0].opaque.parameters: Invalid value: "<value omitted>": must be a '
      "valid JSON object"]),
    ("config names subrequest", claim([{"name": "r", "firstAvailable": [
        {"name": "s", "deviceClassName": "c"}]}], config=[
        {"requests": ["r/s"], "opaque": {"driver": "d.example.com", "parameters": {}}}]), []),
]


@pytest.mark.parametrize("case,obj,want", CASES, ids=[x[0] for x in CASES])
def test_claim_validation(case, obj, want):
    assert errors(CLAIM, obj) == want


@pytest.mark.parametrize("case,obj,want", CASES[:6], ids=[x[0] for x in CASES[:6]])
def test_template_paths_are_spec_spec(case, obj, want):
    tmpl = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
            "metadata": {"name": "t", "namespace": "default"}, "spec": {"spec": obj["spec"]}}
    assert errors(TEMPLATE, tmpl) == [w.replace("spec.", "spec.spec.", 1) for w in want]


def test_defaults_exact_and_subrequests():
    obj = claim([req(tolerations=[{"key": "k"}]),
                 {"name": "p", "firstAvailable": [{"name": "s", "deviceClassName": "c"},
                                                  {"name": "a", "deviceClassName": "c",
                                                   "allocationMode": "All"}]}])
    CLAIM.prepare_for_create(obj, ctx())
    r0, r1 = obj["spec"]["devices"]["requests"]
    assert r0["exactly"]["allocationMode"] == "ExactCount" and r0["exactly"]["count"] == 1
    assert r0["exactly"]["tolerations"] == [{"key": "k", "operator": "Equal"}]
    assert r1["firstAvailable"][0]["allocationMode"] == "ExactCount"
    assert r1["firstAvailable"][0]["count"] == 1
    assert "count" not in r1["firstAvailable"][1]


def test_status_cleared_on_create():
    obj = claim()
    obj["status"] = {"reservedFor": [{"resource": "pods", "name": "p", "uid": "1"}]}
    CLAIM.prepare_for_create(obj, ctx())
    assert "status" not in obj


@pytest.mark.parametrize("gate,path,field", [
    ("DRAAdminAccess", ("exactly",), "adminAccess"),
    ("DRAConsumableCapacity", ("exactly",), "capacity"),
    ("DRADeviceTaints", ("exactly",), "tolerations"),
    ("DRAPrioritizedList", (), "firstAvailable"),
])
def test_gated_request_fields_dropped(gate, path, field):
    r = req(adminAccess=True, capacity={"requests": {"mem": "1Gi"}},
            tolerations=[{"operator": "Exists"}])
    r["firstAvailable"] = [{"name": "s", "deviceClassName": "c"}]
    obj = claim([r])
    CLAIM.prepare_for_create(obj, ctx(**{gate: False}))
    target = obj["spec"]["devices"]["requests"][0]
    for p in path:
        target = target[p]
    assert field not in target


def test_prioritized_list_gate_off_leaves_empty_request():
    obj = claim([{"name": "r", "firstAvailable": [{"name": "s", "deviceClassName": "c"}]}])
    assert errors(CLAIM, obj, ctx(DRAPrioritizedList=False)) == [
        "spec.devices.requests[0]: Required value: exactly one of `exactly` or "
        "`firstAvailable` is required"]


def test_spec_immutable():
    c = ctx()
    old = claim()
    CLAIM.prepare_for_create(old, c)
    new = copy.deepcopy(old)
    new["spec"]["devices"]["requests"][0]["exactly"]["count"] = 2
    CLAIM.prepare_for_update(new, old, c)
    errs = [e for e in CLAIM.validate_update(new, old, c)]
    assert [(e.type, e.field, e.detail) for e in errs] == [
        ("Invalid", "spec", "field is immutable")]


def test_template_spec_immutable():
    c = ctx()
    old = {"kind": "ResourceClaimTemplate", "metadata": {"name": "t"},
           "spec": {"spec": claim()["spec"]}}
    TEMPLATE.prepare_for_create(old, c)
    new = copy.deepcopy(old)
    new["spec"]["metadata"] = {"labels": {"a": "b"}}
    errs = TEMPLATE.validate_update(new, old, c)
    assert [(e.type, e.field, e.detail) for e in errs] == [
        ("Invalid", "spec", "field is immutable")]


# --- status ------------------------------------------------------------------------

UID = "0b2f6c4e-8a8d-4c1e-9d7c-3f1e2a4b5c6d"


def allocated(results=1) -> dict:
    return {"devices": {"results": [
        {"request": "r", "driver": "gpu.example.com", "pool": "p", "device": f"d{i}"}
        for i in range(results)]}}


def status_errors(status: dict, old_status: dict | None = None, **meta) -> list[str]:
    c = ctx()
    old = claim()
    CLAIM.prepare_for_create(old, c)
    if old_status is not None:
        old["status"] = old_status
    old["metadata"].update(meta)  # e.g. a deletionTimestamp: the stored claim has it
    new = copy.deepcopy(old)
    new["status"] = status
    CLAIM.prepare_for_status_update(new, old, c)
    return [str(e) for e in CLAIM.validate_status_update(new, old, c)]


def consumers(n: int) -> list[dict]:
    return [{"resource": "pods", "name": f"p{i}", "uid": f"u{i}"} for i in range(n)]


STATUS = [
    ("256 reservedFor ok", {"allocation": allocated(), "reservedFor": consumers(256)}, None, []),
    ("257 reservedFor", {"allocation": allocated(), "reservedFor": consumers(257)}, None,
     ["status.reservedFor: Too many: 257: must have at most 256 items"]),
    ("duplicate uid", {"allocation": allocated(), "reservedFor": consumers(1) * 2}, None,
     ['status.reservedFor[1]: Duplicate value: "u0"']),
    ("reservedFor needs allocation", {"reservedFor": consumers(1)}, None,
     ["status.reservedFor: Forbidden: may not be specified when `allocated` is not set"]),
    ("consumer fields required", {"allocation": allocated(), "reservedFor": [{}]}, None,
     ["status.reservedFor[0].resource: Required value",
      "status.reservedFor[0].name: Required value",
      "status.reservedFor[0].uid: Required value"]),
    ("32 results ok", {"allocation": allocated(32)}, None, []),
    ("33 results", {"allocation": allocated(33)}, None,
     ["status.allocation.devices.results: Too many: 33: must have at most 32 items"]),
    ("result names unknown request",
     {"allocation": {"devices": {"results": [{"request": "x", "driver": "gpu.example.com",
                                              "pool": "p", "device": "d"}]}}}, None,
     [f'status.allocation.devices.results[0].request: Invalid value: "x": {REF_MSG}']),
    ("allocation immutable", {"allocation": allocated(2)}, {"allocation": allocated(1)},
     None),
    ("device status must be allocated",
     {"allocation": allocated(), "devices": [{"driver": "gpu.example.com", "pool": "p",
                                              "device": "other"}]}, None,
     ['status.devices[0]: Invalid value: "gpu.example.com/p/other": must be an allocated '
      "device in the claim"]),
    ("device status ok with shareID",
     {"allocation": {"devices": {"results": [{"request": "r", "driver": "gpu.example.com",
                                              "pool": "p", "device": "d", "shareID": UID}]}},
      "devices": [{"driver": "gpu.example.com", "pool": "p", "device": "d", "shareID": UID,
                   "networkData": {"ips": ["10.0.0.1/24"]}}]}, None, []),
    ("shareID not normalized",
     {"allocation": {"devices": {"results": [{"request": "r", "driver": "gpu.example.com",
                                              "pool": "p", "device": "d",
                                              "shareID": UID.upper()}]}}}, None,
     [f'status.allocation.devices.results[0].shareID: Invalid value: "{UID.upper()}": uid must '
      "be in RFC 4122 normalized form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` with lowercase "
      "hexadecimal characters"]),
    ("bad ip", {"allocation": allocated(), "devices": [
        {"driver": "gpu.example.com", "pool": "p", "device": "d0",
         "networkData": {"ips": ["10.0.0.1"]}}]}, None,
     ['status.devices[0].networkData.ips[0]: Invalid value: "10.0.0.1": must be a valid '
      "address in CIDR form, (e.g. 10.9.8.7/24 or 2001:db8::1/64)"]),
]


@pytest.mark.parametrize("case,status,old,want", STATUS, ids=[x[0] for x in STATUS])
def test_claim_status(case, status, old, want):
    got = status_errors(status, old)
    if want is None:  # immutable allocation: the value is the whole (JSON) allocation
        assert len(got) == 1 and got[0].startswith("status.allocation: Invalid value: ")
        assert got[0].endswith(": field is immutable")
    else:
        assert got == want


def test_no_new_consumers_while_deleting():
    old = {"allocation": allocated(), "reservedFor": consumers(1)}
    got = status_errors({"allocation": allocated(), "reservedFor": consumers(2)}, old,
                        deletionTimestamp="2026-01-01T00:00:00Z")
    assert got == ["status.reservedFor: Forbidden: new entries may not be added while "
                   "`deallocationRequested` or `deletionTimestamp` are set"]


def test_status_update_keeps_spec_and_drops_deallocated_devices():
    c = ctx()
    old = claim()
    CLAIM.prepare_for_create(old, c)
    old["status"] = {"allocation": allocated(), "devices": [
        {"driver": "gpu.example.com", "pool": "p", "device": "d0"}]}
    new = copy.deepcopy(old)
    new["spec"] = {"devices": {"requests": []}}
    del new["status"]["allocation"]
    CLAIM.prepare_for_status_update(new, old, c)
    assert new["spec"] == old["spec"]
    assert "devices" not in new["status"]


@pytest.mark.parametrize("in_use", [False, True], ids=["not-in-use", "in-use"])
def test_device_status_dropped_with_its_gate_off_unless_in_use(in_use):
    """k/k pkg/registry/resource/resourceclaim/strategy.go dropDisabledFields: with
    DRAResourceClaimDeviceStatus off (1.36) a status write loses status.devices unless the
    stored claim already had them (drop unless in use: the field is then kept)."""
    c = ctx("1.36", DRAResourceClaimDeviceStatus=False)
    dev = {"driver": "gpu.example.com", "pool": "p", "device": "d0"}
    old = claim()
    CLAIM.prepare_for_create(old, c)
    old["status"] = {"allocation": allocated(), **({"devices": [dev]} if in_use else {})}
    new = copy.deepcopy(old)
    new["status"]["devices"] = [dict(dev, conditions=[])]
    CLAIM.prepare_for_status_update(new, old, c)
    assert ("devices" in new["status"]) is in_use


# --- DeviceClass -------------------------------------------------------------------


def dclass(**spec) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
            "metadata": {"name": "gpu"}, "spec": spec}


CLASS_CASES = [
    ("explicit extended resource name", dclass(extendedResourceName="example.com/gpu"), []),
    ("native name refused", dclass(extendedResourceName="cpu"),
     ['spec.extendedResourceName: Invalid value: "cpu": must be a valid extended resource '
      "name"]),
    ("kubernetes.io name refused", dclass(extendedResourceName="kubernetes.io/gpu"),
     ['spec.extendedResourceName: Invalid value: "kubernetes.io/gpu": must be a valid '
      "extended resource name"]),
    ("implicit-style name ok", dclass(
        extendedResourceName="deviceclass.resource.kubernetes.io/gpu"), None),
    ("32 selectors ok", dclass(selectors=[{"cel": {"expression": "true"}}] * 32), []),
    ("33 selectors", dclass(selectors=[{"cel": {"expression": "true"}}] * 33),
     ["spec.selectors: Too many: 33: must have at most 32 items"]),
    ("32 configs ok", dclass(config=[{"opaque": {"driver": "d.example.com",
                                                 "parameters": {}}}] * 32), []),
    ("33 configs", dclass(config=[{"opaque": {"driver": "d.example.com",
                                              "parameters": {}}}] * 33),
     ["spec.config: Too many: 33: must have at most 32 items"]),
    ("config parameters required", dclass(config=[{"opaque": {"driver": "d.example.com"}}]),
     ["spec.config[0].opaque.parameters: Required value"]),
    ("cel syntax error reported at the expression", dclass(
        selectors=[{"cel": {"expression": "device.driver =="}}]), "cel"),
]


@pytest.mark.parametrize("case,obj,want", CLASS_CASES, ids=[x[0] for x in CLASS_CASES])
def test_device_class(case, obj, want):
    got = errors(CLASS, obj)
    if want is None:
        # "deviceclass.resource.kubernetes.io/" contains ".kubernetes.io/": a native name,
        # so the implicit form is not a valid explicit name (the API doc warns about it).
        assert len(got) == 1 and "must be a valid extended resource name" in got[0]
    elif want == "cel":
        assert len(got) == 1
        assert got[0].startswith('spec.selectors[0].cel.expression: Invalid value: '
                                 '"device.driver ==": compilation failed: ')
    else:
        assert got == want


def test_extended_resource_name_dropped_on_136_gate_off_unless_in_use():
    c = ctx("1.36", DRAExtendedResource=False)
    obj = dclass(extendedResourceName="example.com/gpu")
    CLASS.prepare_for_create(obj, c)
    assert "extendedResourceName" not in obj["spec"]
    old = dclass(extendedResourceName="example.com/gpu")
    new = dclass(extendedResourceName="example.com/other")
    CLASS.prepare_for_update(new, old, c)
    assert new["spec"]["extendedResourceName"] == "example.com/other"
    assert new["metadata"]["generation"] == 1


def test_extended_resource_name_kept_on_137():
    obj = dclass(extendedResourceName="example.com/gpu")
    CLASS.prepare_for_create(obj, ctx())
    assert obj["spec"]["extendedResourceName"] == "example.com/gpu"
    assert obj["metadata"]["generation"] == 1


# --- allocation result tolerations: DeviceToleration's declarative tags only ---------------

BAD_TOLERATION = {"key": "bad key!", "operator": "Sometimes", "value": "not ok!",
                  "effect": "Often"}
TOL = "status.allocation.devices.results[0].tolerations[0]"
TOLERATION_ERRORS = [
    f'{TOL}.key: Invalid value: "bad key!": name part must consist of alphanumeric '
    "characters, '-', '_' or '.', and must start and end with an alphanumeric character "
    "(e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
    "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    f'{TOL}.operator: Unsupported value: "Sometimes": supported values: "Equal", "Exists"',
    f'{TOL}.effect: Unsupported value: "Often": supported values: "NoExecute", '
    '"NoSchedule", "None"',
]


def tolerated(tolerations: list, reserved: int = 0) -> dict:
    alloc = allocated()
    alloc["devices"]["results"][0]["tolerations"] = tolerations
    return {"allocation": alloc, **({"reservedFor": consumers(reserved)} if reserved else {})}


def result_toleration_errors(c: Context, status: dict, old_status: dict | None = None
                             ) -> list[str]:
    old = claim()
    CLAIM.prepare_for_create(old, c)
    if old_status is not None:
        old["status"] = copy.deepcopy(old_status)
    new = copy.deepcopy(old)
    new["status"] = copy.deepcopy(status)
    CLAIM.prepare_for_status_update(new, old, c)
    return [str(e) for e in CLAIM.validate_status_update(new, old, c)]


@pytest.mark.parametrize("version,gates,enforced", [
    ("1.34", {}, False),
    ("1.34", {"DeclarativeValidationTakeover": True}, False),  # 1.34 has no tags
    ("1.35", {}, False),
    ("1.35", {"DeclarativeValidationTakeover": True}, True),
    ("1.36", {}, False),
    ("1.37", {}, True),
    ("1.37", {"DeclarativeValidationBeta": False}, False),
])
def test_result_tolerations_get_only_declarative_checks(version, gates, enforced):
    """validateDeviceRequestAllocationResult checks no toleration; DeviceToleration's tags
    (1.35 plain, 1.36 alpha, 1.37 beta) are enforced as rest.ValidateDeclarativelyWith-
    MigrationChecks decides per release; the value is never checked."""
    got = result_toleration_errors(ctx(version, **gates), tolerated([BAD_TOLERATION]))
    assert got == (TOLERATION_ERRORS if enforced else [])


def test_result_tolerations_unchanged_allocation_not_checked_again():
    """Declarative ratcheting: a status write that keeps a stored allocation (written before
    1.37) does not re-check its tolerations."""
    stored = tolerated([BAD_TOLERATION])
    assert result_toleration_errors(ctx("1.37"), tolerated([BAD_TOLERATION], reserved=1),
                                    stored) == []
