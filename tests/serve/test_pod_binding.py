"""pods/<name>/binding over drakit serve's HTTP API (what a scheduler's Bind posts).

k/k pkg/registry/core/pod/storage/storage.go BindingREST: create only, the body a Binding
whose target names the node; the answer is a Status Success with code 201; the pod gets
spec.nodeName and PodScheduled True; a pod already bound is a 409 Conflict.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PODS = "/api/v1/namespaces/default/pods"
POD = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "bind-me"},
       "spec": {"schedulerName": "bound-by-the-test",
                "containers": [{"name": "main", "image": "registry.k8s.io/pause:3.10"}]}}


def _binding(node: str) -> dict:
    return {"apiVersion": "v1", "kind": "Binding", "metadata": {"name": "bind-me"},
            "target": {"apiVersion": "v1", "kind": "Node", "name": node}}


def test_discovery_lists_the_binding_subresource(http):
    core = {r["name"]: r for r in http("GET", "/api/v1")[1]["resources"]}
    assert core["pods/binding"]["verbs"] == ["create"]
    assert core["pods/binding"]["kind"] == "Binding"


def test_binding_places_the_pod_once(http):
    assert http("POST", PODS, POD)[0] == 201
    assert http("GET", PODS + "/bind-me/binding")[0] == 405
    code, out = http("POST", PODS + "/bind-me/binding", _binding("node-a"))
    assert (code, out["kind"], out["status"], out["code"]) == (201, "Status", "Success", 201)
    pod = http("GET", PODS + "/bind-me")[1]
    assert pod["spec"]["nodeName"] == "node-a"
    assert [c["status"] for c in pod["status"]["conditions"] if c["type"] == "PodScheduled"] == \
        ["True"]
    code, err = http("POST", PODS + "/bind-me/binding", _binding("node-b"))
    assert code == 409 and err["reason"] == "Conflict"
    # validation.ValidatePodBinding: a target names a node, of kind Node or none
    code, err = http("POST", PODS + "/bind-me/binding", {"apiVersion": "v1", "kind": "Binding"})
    assert (code, err["reason"]) == (422, "Invalid")
    assert [(c["field"], c["reason"]) for c in err["details"]["causes"]] == \
        [("target.name", "FieldValueRequired")]
    code, err = http("POST", PODS + "/bind-me/binding",
                     {"apiVersion": "v1", "kind": "Binding", "metadata": {"name": "bind-me"},
                      "target": {"kind": "Pod", "name": "node-b"}})
    assert (code, err["reason"]) == (422, "Invalid")
    assert [c["message"] for c in err["details"]["causes"]] == \
        ['Unsupported value: "Pod": supported values: "Node", "<empty>"']
    assert http("POST", PODS + "/bind-me/binding", [1])[0] == 400


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=12),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=12)
_target = st.fixed_dictionaries({}, optional={
    "kind": st.sampled_from(["Node", "", "Pod", 7, None]),
    "name": st.sampled_from(["node-a", "", None, 3, "n" * 300]) | st.text(max_size=10)})


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=_json | st.fixed_dictionaries(
    {"apiVersion": st.just("v1"), "kind": st.just("Binding")},
    optional={"metadata": _json, "target": _target | _json}))
def test_any_binding_body_gets_an_answer_below_500(http, body):
    """Whatever JSON a client posts to pods/<name>/binding: a Status with a 2xx or 4xx code,
    never a 5xx (a pod missing, already bound, a bad target or a body that is no Binding)."""
    code, out = http("POST", PODS + "/nobody/binding", body)
    assert 200 <= code < 500, (code, out)


_bindable = iter(range(10**6))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=_json | st.fixed_dictionaries(
    {"apiVersion": st.just("v1"), "kind": st.just("Binding")},
    optional={"metadata": _json, "target": _target | _json}) | st.fixed_dictionaries(
    {"apiVersion": st.just("v1"), "kind": st.just("Binding"),
     "target": st.fixed_dictionaries({"name": st.from_regex(r"[a-z0-9]([-a-z0-9]{0,20}[a-z0-9])?",
                                                            fullmatch=True)},
                                     optional={"kind": st.sampled_from(["Node", ""])})}))
def test_any_binding_body_for_a_pending_pod_binds_it_as_asked_or_leaves_it_alone(http, body):
    """The same bodies against a pod that can be bound: a 5xx never; a 201 only for a target
    ValidatePodBinding accepts, and then the pod is on that node; any refusal leaves the pod
    unbound (no partial write)."""
    name = f"bindable-{next(_bindable)}"
    pod = {**POD, "metadata": {"name": name}}
    assert http("POST", PODS, pod)[0] == 201
    code, out = http("POST", PODS + f"/{name}/binding", body)
    assert 200 <= code < 500, (code, out)
    got = http("GET", PODS + f"/{name}")[1]
    node = (got.get("spec") or {}).get("nodeName")
    target = body.get("target") if isinstance(body, dict) else None
    if code == 201:
        assert isinstance(target, dict) and target.get("kind") in ("Node", "", None)
        assert isinstance(target.get("name"), str) and node == target["name"], (body, got)
    else:
        assert node is None, (code, out, got)
