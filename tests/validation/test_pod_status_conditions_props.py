"""Property tests: a pod status write's conditions, observedGeneration and nomination are
checked as k/k ValidatePodStatusUpdate does, on whatever JSON a client with pods/status sends.

Why: any such client may patch these fields; the answer must be field errors under the field's
path (a 422), never an exception, and a system condition type is never checked as a name.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from drakit.api.errors import Path
from drakit.validation.core import SYSTEM_POD_CONDITIONS, PodStrategy, validate_pod_conditions
from drakit.validation.strategy import Context

PATH = Path("status").child("conditions")
scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.text(max_size=8))
junk = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6)
condition = st.fixed_dictionaries({}, optional={
    "type": st.one_of(st.sampled_from([*SYSTEM_POD_CONDITIONS, "example.com/Ok", "bad type",
                                       "DisruptionTarget", ""]), scalars),
    "status": st.sampled_from(["True", "False", "Unknown"]),
    "observedGeneration": st.integers(-2, 2)})


@settings(max_examples=200, deadline=None)
@given(st.one_of(junk, st.lists(st.one_of(condition, junk), max_size=4)))
def test_conditions_never_raise_and_stay_under_their_index(conditions):
    errs = validate_pod_conditions(conditions, PATH)
    for e in errs:
        assert str(e).startswith("status.conditions["), str(e)
    if isinstance(conditions, list):
        for i, c in enumerate(conditions):
            if isinstance(c, dict) and c.get("type") in SYSTEM_POD_CONDITIONS:
                assert not any(str(e).startswith(f"status.conditions[{i}].Type") for e in errs)


@settings(max_examples=100, deadline=None)
@given(status=st.fixed_dictionaries({}, optional={
    "conditions": st.lists(condition, max_size=3), "observedGeneration": st.integers(-2, 2),
    "nominatedNodeName": st.sampled_from(["", "n1", "n2", "Bad_Node"])}),
    bound=st.booleans(), gate=st.booleans())
def test_status_writes_give_field_errors_only(status, bound, gate):
    old = {"metadata": {"name": "p", "namespace": "default"},
           "spec": {"containers": [{"name": "c", "image": "i"}], **({"nodeName": "n1"} if bound else {})},
           "status": {"qosClass": "BestEffort"}}
    new = {**old, "status": {"qosClass": "BestEffort", **status}}
    ctx = Context(version="1.37", gates={"ClearingNominatedNodeNameAfterBinding": gate})
    errs = PodStrategy().validate_status_update(new, old, ctx)
    texts = [str(e) for e in errs]
    assert all(t.startswith("status.") for t in texts), texts
    nominated = status.get("nominatedNodeName") or ""
    refused = any("may not be set on pods that are already bound" in t for t in texts)
    assert refused == bool(gate and bound and nominated)
    assert any(t.startswith("status.observedGeneration") for t in texts) == (
        status.get("observedGeneration", 0) < 0)


resource = st.fixed_dictionaries({}, optional={
    "resourceID": st.sampled_from(["gpu-0", "gpu-1", ""]),
    "health": st.sampled_from(["Healthy", "Unhealthy", "Unknown", "Broken", ""]),
    "message": st.sampled_from(["", "ok", "x" * 1025])})
health_entry = st.fixed_dictionaries({}, optional={
    "name": st.sampled_from(["claim:gpu/gpu", "claim:gpu", "cpu", "memory", "claim:", ""]),
    "resources": st.one_of(st.lists(st.one_of(resource, junk), max_size=3), junk)})
container_status = st.fixed_dictionaries({"name": st.sampled_from(["app", "other"])}, optional={
    "allocatedResourcesStatus": st.one_of(st.lists(st.one_of(health_entry, junk), max_size=3), junk)})


@settings(max_examples=150, deadline=None)
@given(statuses=st.one_of(junk, st.lists(st.one_of(container_status, junk), max_size=3)),
       release=st.sampled_from(["1.36", "1.37"]))
def test_resource_health_gives_field_errors_under_the_status(statuses, release):
    """validateContainerStatusAllocatedResourcesStatus on whatever a client sends: field errors
    under status.containerStatuses[i].allocatedResourcesStatus only, and a status whose
    container is not in the spec never gets a name error."""
    from drakit.validation.core import validate_allocated_resources_status
    containers = [{"name": "app", "resources": {"requests": {"cpu": "1"},
                                                  "claims": [{"name": "gpu", "request": "gpu"}]}}]
    errs = validate_allocated_resources_status(
        statuses, Path("status").child("containerStatuses"), containers, {}, release)
    for e in errs:
        assert str(e).startswith("status.containerStatuses["), str(e)
        assert ".allocatedResourcesStatus[" in str(e), str(e)
    if isinstance(statuses, list):
        for i, cs in enumerate(statuses):
            if isinstance(cs, dict) and cs.get("name") == "other":
                assert not any(str(e).startswith(f"status.containerStatuses[{i}]")
                               and str(e).split(":")[0].endswith(".name") for e in errs)
