"""Property tests of two API input paths: a pod's tolerations (ValidateTolerations,
validateOnlyAddedTolerations) and a Deployment's or ReplicaSet's status write
(ValidateDeploymentStatus, ValidateReplicaSetStatus). Any JSON a client sends is answered
with field errors under the right path, never an exception; what upstream accepts is
accepted."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from drakit.api.errors import Path
from drakit.validation.apps import STRATEGIES as APPS
from drakit.validation.core import validate_only_added_tolerations, validate_tolerations
from drakit.validation.strategy import Context

TOLS = Path("spec").child("tolerations")

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**63, 2**63 - 1),
                         st.floats(allow_nan=False), st.text(max_size=20))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=10), inner, max_size=3)),
    max_leaves=8)
toleration_like = st.dictionaries(
    st.sampled_from(["key", "operator", "value", "effect", "tolerationSeconds", "other"]),
    json_values, max_size=6)

label_part = st.from_regex(r"[a-z0-9]([a-z0-9._-]{0,10}[a-z0-9])?", fullmatch=True)
dns_label = st.from_regex(r"[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?", fullmatch=True)
key = st.one_of(label_part, st.builds(lambda p, n: f"{p}.example.com/{n}", dns_label, label_part))


@st.composite
def valid_toleration(draw) -> dict:
    """A toleration every release's API server accepts."""
    tol: dict = {}
    k = draw(st.one_of(st.just(""), key))
    op = "Exists" if not k else draw(st.sampled_from(["Exists", "Equal", None]))
    if k:
        tol["key"] = k
    if op is not None:
        tol["operator"] = op
    if op != "Exists":
        tol["value"] = draw(st.one_of(st.just(""), label_part))
    effect = draw(st.sampled_from(["", "NoSchedule", "PreferNoSchedule", "NoExecute"]))
    if effect:
        tol["effect"] = effect
    if effect == "NoExecute" and draw(st.booleans()):
        tol["tolerationSeconds"] = draw(st.integers(-10, 10**6))
    return tol


@settings(max_examples=300, deadline=None)
@given(st.one_of(json_values, st.lists(st.one_of(toleration_like, json_values), max_size=4)),
       st.booleans())
def test_any_tolerations_give_field_errors_under_their_path(tolerations, allow) -> None:
    for err in validate_tolerations(tolerations, TOLS, allow):
        assert str(err).startswith("spec.tolerations["), str(err)
        assert "\n" not in str(err)


@settings(max_examples=200, deadline=None)
@given(st.lists(valid_toleration(), max_size=4))
def test_valid_tolerations_are_accepted(tolerations) -> None:
    assert validate_tolerations(tolerations, TOLS, False) == []


@settings(max_examples=200, deadline=None)
@given(st.lists(valid_toleration(), min_size=1, max_size=3), st.lists(valid_toleration(), max_size=2),
       st.integers(0, 10**6), st.data())
def test_an_update_may_add_tolerations_and_change_seconds_only(old, added, seconds, data) -> None:
    new = [dict(t) for t in old] + added
    for t in new[:len(old)]:
        if t.get("effect") == "NoExecute":
            t["tolerationSeconds"] = seconds
    assert validate_only_added_tolerations(new, old, TOLS, False) == []
    gone = data.draw(st.integers(0, len(old) - 1))
    rest = [t for i, t in enumerate(new) if i != gone]
    if old[gone] not in rest and not any(
            {**o, "tolerationSeconds": None} == {**old[gone], "tolerationSeconds": None}
            for o in rest):
        errs = validate_only_added_tolerations(rest, old, TOLS, False)
        assert [str(e) for e in errs] == [
            "spec.tolerations: Forbidden: existing toleration can not be modified except its "
            "tolerationSeconds"]


COUNTS = ["replicas", "updatedReplicas", "fullyLabeledReplicas", "readyReplicas",
          "availableReplicas", "unavailableReplicas", "terminatingReplicas", "collisionCount",
          "observedGeneration"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(APPS)), st.one_of(
    json_values, st.dictionaries(st.sampled_from(COUNTS + ["conditions"]), json_values, max_size=6)),
    st.one_of(st.none(), st.dictionaries(st.sampled_from(COUNTS), json_values, max_size=3)))
def test_any_status_write_gives_field_errors_under_status(kind, status, old_status) -> None:
    new = {"metadata": {"name": "web"}, "status": status}
    old = {"metadata": {"name": "web"}, "status": old_status}
    for err in APPS[kind].validate_status_update(new, old, Context(gates={}, version="1.37")):
        assert str(err).startswith("status."), str(err)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(APPS)), st.integers(0, 2**31 - 1), st.data())
def test_a_consistent_status_is_accepted(kind, replicas, data) -> None:
    ready = data.draw(st.integers(0, replicas))
    status = {"replicas": replicas, "readyReplicas": ready,
              "availableReplicas": data.draw(st.integers(0, ready)),
              "observedGeneration": data.draw(st.integers(0, 2**40)),
              "terminatingReplicas": data.draw(st.integers(0, 50))}
    capped = "updatedReplicas" if kind == "Deployment" else "fullyLabeledReplicas"
    status[capped] = data.draw(st.integers(0, replicas))
    new = {"metadata": {"name": "web"}, "status": status}
    assert APPS[kind].validate_status_update(new, {"metadata": {"name": "web"}},
                                             Context(gates={}, version="1.37")) == []


@settings(max_examples=200, deadline=None)
@given(st.one_of(json_values, st.dictionaries(
    st.sampled_from(["nodeSelector", "tolerations"]),
    st.one_of(json_values, st.lists(st.one_of(toleration_like, valid_toleration()), max_size=4)),
    max_size=2)))
def test_any_runtimeclass_scheduling_gives_field_errors_under_it(scheduling) -> None:
    from drakit.validation.node import RuntimeClassStrategy
    rc = {"metadata": {"name": "rc"}, "handler": "runc", "scheduling": scheduling}
    for err in RuntimeClassStrategy().validate_create(rc, Context()):
        assert str(err).startswith("scheduling."), str(err)


@settings(max_examples=100, deadline=None)
@given(st.lists(valid_toleration(), min_size=1, max_size=3), st.data())
def test_a_repeated_runtimeclass_toleration_is_a_duplicate(tolerations, data) -> None:
    from drakit.validation.node import RuntimeClassStrategy
    again = dict(data.draw(st.sampled_from(tolerations)))
    again.pop("tolerationSeconds", None)
    rc = {"metadata": {"name": "rc"}, "handler": "runc",
          "scheduling": {"tolerations": [*tolerations, again]}}
    errs = [str(e) for e in RuntimeClassStrategy().validate_create(rc, Context())]
    assert any(e.startswith(f"scheduling.tolerations[{len(tolerations)}]: Duplicate value: ")
               for e in errs), errs


gate_lists = st.one_of(json_values, st.lists(st.one_of(
    st.fixed_dictionaries({"name": st.sampled_from(["example.com/a", "example.com/b", "x"])}),
    json_values), max_size=3))


@settings(max_examples=200, deadline=None)
@given(st.one_of(json_values, st.integers(-2**40, 2**40)), st.one_of(json_values, st.integers(-2**40, 2**40)),
       gate_lists, gate_lists, st.one_of(json_values, st.dictionaries(label_part, label_part, max_size=3)),
       st.one_of(json_values, st.dictionaries(label_part, label_part, max_size=3)))
def test_any_pod_update_of_deadline_gates_or_selector_gives_field_errors(
        deadline, old_deadline, gates, old_gates, selector, old_selector) -> None:
    from drakit.validation.core import PodStrategy

    def pod(d, g, s) -> dict:
        spec = {"containers": [{"name": "app", "image": "busybox"}],
                "activeDeadlineSeconds": d, "schedulingGates": g, "nodeSelector": s}
        return {"metadata": {"name": "p", "namespace": "default"}, "spec": spec}
    for err in PodStrategy().validate_update(pod(deadline, gates, selector),
                                             pod(old_deadline, old_gates, old_selector), Context()):
        assert str(err).startswith("spec"), str(err)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 2**31 - 1), st.data())
def test_a_lowered_deadline_and_a_removed_gate_are_accepted(old_deadline, data) -> None:
    from drakit.validation.core import PodStrategy
    gates = [{"name": "example.com/a"}, {"name": "example.com/b"}]
    kept = data.draw(st.lists(st.sampled_from(gates), unique_by=lambda g: g["name"], max_size=2))

    def pod(d, g) -> dict:
        return {"metadata": {"name": "p", "namespace": "default"},
                "spec": {"containers": [{"name": "app", "image": "busybox", "imagePullPolicy": "Always",
                                         "terminationMessagePolicy": "File"}],  # as defaulted
                         "activeDeadlineSeconds": d, "schedulingGates": g}}
    new = pod(data.draw(st.integers(1, old_deadline)), kept)
    assert PodStrategy().validate_update(new, pod(old_deadline, gates), Context()) == []


@settings(max_examples=100, deadline=None)
@given(st.lists(valid_toleration(), min_size=1, max_size=3), st.data())
def test_a_toleration_field_written_out_empty_is_no_change(old, data) -> None:
    """Go compares the structs: a key, operator, value or effect left out equals one set
    to the empty string, so a client that writes the defaults out changes nothing."""
    new = []
    for t in old:
        t = dict(t)
        for f in data.draw(st.lists(st.sampled_from(["key", "operator", "value", "effect"]), unique=True)):
            t.setdefault(f, "")
        new.append(t)
    errs = [str(e) for e in validate_only_added_tolerations(new, old, TOLS, False)]
    assert not any("existing toleration" in e for e in errs), errs
