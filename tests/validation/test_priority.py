"""PriorityClass validation, the system classes and the Priority admission plugin.

Expected texts are upstream's (k/k pkg/apis/scheduling/validation/validation.go,
pkg/registry/scheduling/priorityclass/storage/storage.go, plugin/pkg/admission/priority/
admission.go), written out here, never produced by the code under test.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drakit.api import errors as E
from drakit.apiserver import APIServer
from drakit.validation.priority import PriorityClassStrategy
from drakit.validation.strategy import Context

CTX = Context(version="1.37", api_version="scheduling.k8s.io/v1")
INT32 = st.integers(-(2 ** 31), 2 ** 31 - 1)


def pc(name: str, value: int = 1000, **more) -> dict:
    return {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass",
            "metadata": {"name": name}, "value": value, **more}


def pod(name: str = "p", **spec) -> dict:
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
            "spec": {"containers": [{"name": "app", "image": "registry.k8s.io/pause:3.10"}],
                     **spec}}


def lines(err: E.StatusError) -> list[str]:
    return [f'{c["field"]}: {c["message"]}' for c in err.status()["details"]["causes"]]


def refused(fn, *args, **kw) -> E.StatusError:
    with pytest.raises(E.StatusError) as e:
        fn(*args, **kw)
    return e.value


# ---------------------------------------------------------------------------- validation

@pytest.mark.parametrize(("obj", "want"), [
    (pc("top", 1_000_000_000), []),
    (pc("below-zero", -5), []),
    (pc("too-high", 1_000_000_001),
     ["value: Forbidden: maximum allowed value of a user defined priority is 1000000000"]),
    (pc("system-batch", 5),
     ["metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for "
      "system use only. error: system-batch is not a known system priority class"]),
    (pc("system-node-critical", 5),
     ["metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for "
      "system use only. error: value of system-node-critical PriorityClass must be 2000001000"]),
    (pc("system-cluster-critical", 2_000_000_000, globalDefault=True),
     ["metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for "
      "system use only. error: globalDefault of system-cluster-critical PriorityClass must be "
      "false"]),
    # a system name is judged by IsKnownSystemPriorityClass alone, never by the user ceiling
    (pc("system-cluster-critical", 2_000_000_000), []),
    (pc("sometimes", preemptionPolicy="Sometimes"),
     ['preemptionPolicy: Unsupported value: "Sometimes": supported values: '
      '"PreemptLowerPriority", "Never"']),
    (pc("empty-policy", preemptionPolicy=""), ["preemptionPolicy: Required value"]),
])
def test_validate_create(obj: dict, want: list[str]) -> None:
    assert [str(e) for e in PriorityClassStrategy().validate_create(obj, CTX)] == want


def test_update_checks_only_what_may_not_change() -> None:
    s = PriorityClassStrategy()
    old = pc("batch", 1000, preemptionPolicy="PreemptLowerPriority")
    assert s.validate_update({**old, "description": "new", "globalDefault": True}, old, CTX) == []
    # ValidatePriorityClassUpdate does not run the create rules again
    assert s.validate_update(pc("batch", 1000, preemptionPolicy="Sometimes"),
                             pc("batch", 1000, preemptionPolicy="Sometimes"), CTX) == []
    errs = s.validate_update(pc("batch", 2000, preemptionPolicy="Never"), old, CTX)
    assert [str(e) for e in errs] == [
        "value: Forbidden: may not be changed in an update.",
        'preemptionPolicy: Invalid value: "Never": field is immutable']


def test_defaults_and_generation_through_the_api_server() -> None:
    api = APIServer()
    out = api.create(pc("batch", 7))
    assert out["preemptionPolicy"] == "PreemptLowerPriority"
    assert out["metadata"]["generation"] == 1
    new = dict(out, description="documented")
    new.pop("preemptionPolicy")  # defaulted again on update, so unchanged
    assert api.update(new)["metadata"]["generation"] == 1
    err = refused(api.update, dict(api.get("PriorityClass", "batch"), preemptionPolicy="Never"))
    assert lines(err) == ['preemptionPolicy: Invalid value: "Never": field is immutable']


def test_a_value_beyond_int32_is_refused_at_decode() -> None:
    err = refused(APIServer().create, pc("huge", 2 ** 31))
    assert err.status()["code"] == 400
    assert err.status()["message"] == (
        'PriorityClass in version "v1" cannot be handled as a PriorityClass: json: cannot '
        "unmarshal number 2147483648 into Go struct field PriorityClass.value of type int32")


# ---------------------------------------------------------------------------- system classes

def test_the_system_classes_exist_from_the_start_without_moving_the_rng() -> None:
    api = APIServer()
    got = {o["metadata"]["name"]: o for o in api.list("PriorityClass")}
    assert set(got) == {"system-node-critical", "system-cluster-critical"}
    node = got["system-node-critical"]
    assert node["value"] == 2000001000 and node["preemptionPolicy"] == "PreemptLowerPriority"
    assert node["description"] == ("Used for system critical pods that must not be moved "
                                   "from their current node.")
    assert node["metadata"]["generation"] == 1
    cluster = got["system-cluster-critical"]
    assert cluster["value"] == 2000000000
    assert cluster["description"] == ("Used for system critical pods that must run in the "
                                      "cluster, but can be moved to another node if necessary.")
    assert APIServer().list("PriorityClass") == api.list("PriorityClass")  # stable uids
    assert api.watch(0) == []  # stored before any component watches, as the namespaces
    # generated names come from the seeded RNG as they did before the classes existed
    a = api.create({**pod(), "metadata": {"generateName": "g-"}})
    import random

    from drakit.api.names import generate_name
    rng = random.Random(0)
    for _ in range(2):  # the two namespaces' uids
        rng.getrandbits(128)
    assert a["metadata"]["name"] == generate_name("g-", rng)


def test_a_system_class_cannot_be_deleted_a_user_class_can() -> None:
    api = APIServer()
    for name in ("system-node-critical", "system-cluster-critical"):
        for dry in (False, True):
            err = refused(api.delete, "PriorityClass", name, dry_run=dry)
            assert err.status()["code"] == 403
            assert err.status()["message"] == (
                f'priorityclasses.scheduling.k8s.io "{name}" is forbidden: this is a system '
                "priority class and cannot be deleted")
    api.create(pc("batch"))
    api.delete("PriorityClass", "batch")
    assert api.try_get("PriorityClass", "batch") is None


# ---------------------------------------------------------------------------- admission: pods

def test_a_named_class_gives_priority_and_policy() -> None:
    api = APIServer()
    api.create(pc("batch", 1234, preemptionPolicy="Never"))
    spec = api.create(pod(priorityClassName="batch"))["spec"]
    assert (spec["priority"], spec["preemptionPolicy"]) == (1234, "Never")
    spec = api.create(pod("crit", priorityClassName="system-node-critical"))["spec"]
    assert (spec["priority"], spec["preemptionPolicy"]) == (2000001000, "PreemptLowerPriority")
    # the same values written by the client are accepted
    spec = api.create(pod("same", priorityClassName="batch", priority=1234,
                          preemptionPolicy="Never"))["spec"]
    assert spec["priority"] == 1234


def test_without_a_class_and_without_a_default_priority_is_zero() -> None:
    spec = APIServer().create(pod())["spec"]
    assert (spec["priority"], spec["preemptionPolicy"]) == (0, "PreemptLowerPriority")
    assert "priorityClassName" not in spec


def test_the_global_default_class_names_itself_in_the_pod() -> None:
    api = APIServer()
    api.create(pc("everyone", 100, globalDefault=True, preemptionPolicy="Never"))
    spec = api.create(pod())["spec"]
    assert (spec["priorityClassName"], spec["priority"], spec["preemptionPolicy"]) == \
        ("everyone", 100, "Never")


def test_of_several_global_defaults_the_lowest_value_wins() -> None:
    """getDefaultPriorityClass picks the lowest value when a race left several defaults:
    made here by writing with the validating half of the plugin switched off."""
    api = APIServer()
    guard = api.admission.pop(0)
    assert getattr(guard, "__name__", "") == "validate"
    api.create(pc("high-default", 500, globalDefault=True))
    api.create(pc("low-default", 50, globalDefault=True))
    api.admission.insert(0, guard)
    spec = api.create(pod())["spec"]
    assert (spec["priorityClassName"], spec["priority"]) == ("low-default", 50)


@pytest.mark.parametrize(("spec", "message"), [
    ({"priorityClassName": "nope"}, "no PriorityClass with name nope was found"),
    ({"priorityClassName": "batch", "priority": 5},
     "the integer value of priority (5) must not be provided in pod spec; priority admission "
     "controller computed 1234 from the given PriorityClass name"),
    ({"priority": 0, "preemptionPolicy": "Never"},
     "the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority "
     "admission controller computed PreemptLowerPriority from the given PriorityClass name"),
])
def test_refusals_are_forbidden_with_upstreams_words(spec: dict, message: str) -> None:
    api = APIServer()
    api.create(pc("batch", 1234, preemptionPolicy="Never"))
    rv = api.resource_version
    err = refused(api.create, pod("pushy", **spec))
    assert err.status()["code"] == 403 and err.status()["reason"] == "Forbidden"
    assert err.status()["message"] == f'pods "pushy" is forbidden: {message}'
    assert api.resource_version == rv and api.try_get("Pod", "pushy") is None


def test_admission_names_a_pod_before_its_name_is_generated() -> None:
    err = refused(APIServer().create, {**pod(priorityClassName="nope"),
                                       "metadata": {"generateName": "worker-"}})
    assert err.status()["message"] == ('pods "worker-" is forbidden: no PriorityClass with '
                                       "name nope was found")


def test_the_mutating_plugin_answers_before_validation() -> None:
    """Mutating admission runs before the object is validated (k8s.io/apiserver create
    handler): an unknown class is a 403 even when the pod is invalid too."""
    bad = pod(priorityClassName="nope")
    bad["spec"]["containers"][0]["name"] = "Not_A_Label"
    err = refused(APIServer().create, bad)
    assert err.status()["code"] == 403


def test_an_update_keeps_the_stored_priority_and_cannot_change_it() -> None:
    api = APIServer()
    api.create(pc("batch", 1234, preemptionPolicy="Never"))
    stored = api.create(pod(priorityClassName="batch",
                            schedulingGates=[{"name": "example.com/hold"}]))
    replace = pod(priorityClassName="batch", schedulingGates=[{"name": "example.com/hold"}])
    replace["metadata"].update(namespace="default", labels={"again": "yes"})
    out = api.update(replace)  # no priority, no policy: the plugin copies them back
    assert (out["spec"]["priority"], out["spec"]["preemptionPolicy"]) == (1234, "Never")
    for field, value in (("priority", 5), ("priorityClassName", "system-node-critical"),
                         ("preemptionPolicy", "PreemptLowerPriority")):
        new = api.get("Pod", "p", "default")
        new["spec"][field] = value
        err = refused(api.update, new)
        assert lines(err)[0].startswith(
            "spec: Forbidden: pod updates may not change fields other than ")
    assert api.get("Pod", "p", "default")["spec"]["priority"] == stored["spec"]["priority"]


def test_a_status_write_leaves_the_priority_alone() -> None:
    api = APIServer()
    api.create(pc("batch", 1234))
    out = api.create(pod(priorityClassName="batch"))
    out["status"]["phase"] = "Pending"
    out["spec"].pop("priority")
    assert api.update_status(out)["spec"]["priority"] == 1234


# ---------------------------------------------------------------------------- admission: classes

def test_only_one_global_default() -> None:
    api = APIServer()
    api.create(pc("everyone", 100, globalDefault=True))
    api.create(pc("other", 10))
    want = ('priorityclasses.scheduling.k8s.io "{}" is forbidden: PriorityClass everyone is '
            "already marked as default. Only one default can exist")
    err = refused(api.create, pc("second", 50, globalDefault=True))
    assert err.status()["code"] == 403 and err.status()["message"] == want.format("second")
    other = api.get("PriorityClass", "other")
    err = refused(api.update, dict(other, globalDefault=True))
    assert err.status()["message"] == want.format("other")
    # the default itself may be written again, and a former default frees the place
    everyone = api.get("PriorityClass", "everyone")
    api.update(dict(everyone, description="all pods without a class"))
    api.update(dict(api.get("PriorityClass", "everyone"), globalDefault=False))
    assert api.update(dict(api.get("PriorityClass", "other"), globalDefault=True))[
        "globalDefault"] is True


# ---------------------------------------------------------------------------- properties

USER_NAMES = st.from_regex(r"[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?", fullmatch=True).filter(
    lambda n: not n.startswith("system-"))


@settings(max_examples=40, deadline=None)
@given(name=USER_NAMES, value=INT32, given_priority=st.none() | INT32)
def test_property_a_user_class_is_stored_iff_within_the_ceiling_and_pods_get_its_value(
        name: str, value: int, given_priority: int | None) -> None:
    api = APIServer()
    if value > 1_000_000_000:
        err = refused(api.create, pc(name, value))
        assert lines(err) == ["value: Forbidden: maximum allowed value of a user defined "
                              "priority is 1000000000"]
        assert api.try_get("PriorityClass", name) is None
        return
    api.create(pc(name, value))
    spec = {"priorityClassName": name}
    if given_priority is not None:
        spec["priority"] = given_priority
    if given_priority is not None and given_priority != value:
        err = refused(api.create, pod(**spec))
        assert err.status()["code"] == 403
        assert f"the integer value of priority ({given_priority}) must not be" in \
            err.status()["message"]
    else:
        assert api.create(pod(**spec))["spec"]["priority"] == value


@settings(max_examples=40, deadline=None)
@given(suffix=st.from_regex(r"[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?", fullmatch=True),
       value=INT32, default=st.booleans())
def test_property_a_system_name_is_stored_only_as_a_system_class_is(
        suffix: str, value: int, default: bool) -> None:
    name = "system-" + suffix
    known = {"system-node-critical": 2000001000, "system-cluster-critical": 2000000000}
    errs = PriorityClassStrategy().validate_create(pc(name, value, globalDefault=default), CTX)
    ok = name in known and known[name] == value and not default
    assert (errs == []) == ok
    assert all(str(e).startswith("metadata.name: Forbidden: priority class names with "
                                     "'system-' prefix are reserved for system use only. error: ")
               for e in errs)
