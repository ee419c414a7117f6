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
