"""The ValidatingAdmissionPolicy plugin (drakit/admission_policy.py): rule matching, the
variables, failure policy, validation actions, exemptions, and random policies and requests."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drakit.admission_policy import (
    Attributes,
    admission_request,
    compile_expression,
    resources_match,
    rule_matches,
)
from drakit.api import errors as E
from drakit.apiserver import APIServer
from drakit.features import FeatureGates

GROUP = "admissionregistration.k8s.io/v1"


def attrs(op="CREATE", kind="Pod", group="", version="v1", resource="pods", sub="",
          name="p", ns="default", obj=None, old=None) -> Attributes:
    return Attributes(op, kind, group, version, resource, sub, name, ns, obj, old)


def rule(**kw) -> dict:
    r = {"apiGroups": [""], "apiVersions": ["v1"], "operations": ["CREATE"],
         "resources": ["pods"], "scope": "*"}
    r.update(kw)
    return r


# ------------------------------------------------------------------------ rule matching

@pytest.mark.parametrize("resources,sub,want", [
    (["pods"], "", True),
    (["pods"], "status", False),          # a plain resource is the main resource only
    (["pods/status"], "status", True),
    (["pods/status"], "", False),
    (["*"], "", True),
    (["*"], "status", False),             # "*": every resource, no subresource
    (["*/*"], "status", True),
    (["pods/*"], "binding", True),
    (["*/status"], "status", True),
    (["*/status"], "", False),
])
def test_resource_and_subresource(resources, sub, want) -> None:
    assert rule_matches(rule(resources=resources), attrs(sub=sub)) is want


@pytest.mark.parametrize("scope,resource,ns,want", [
    ("Namespaced", "pods", "default", True),
    ("Namespaced", "nodes", "", False),
    ("Namespaced", "namespaces", "team", False),  # namespaces are cluster-scoped
    ("Cluster", "nodes", "", True),
    ("Cluster", "namespaces", "team", True),
    ("Cluster", "pods", "default", False),
    ("*", "pods", "default", True),
])
def test_scope(scope, resource, ns, want) -> None:
    r = rule(scope=scope, resources=[resource])
    assert rule_matches(r, attrs(resource=resource, ns=ns)) is want


def test_operations_groups_versions() -> None:
    assert rule_matches(rule(operations=["*"]), attrs(op="DELETE"))
    assert not rule_matches(rule(operations=["UPDATE"]), attrs(op="DELETE"))
    assert not rule_matches(rule(apiGroups=["apps"]), attrs())
    assert rule_matches(rule(apiGroups=["*"], apiVersions=["*"]), attrs())
    assert not rule_matches(rule(apiVersions=["v2"]), attrs())


def _never_missing(_name):  # pragma: no cover - a namespace lookup that must not happen
    raise AssertionError("namespace looked up")


def test_selectors_and_exclusions() -> None:
    mr = {"resourceRules": [rule()], "namespaceSelector": {"matchLabels": {"team": "a"}},
          "objectSelector": {}}
    assert resources_match(mr, attrs(), lambda ns: {"team": "a"})
    assert not resources_match(mr, attrs(), lambda ns: {"team": "b"})
    # a cluster-scoped request other than a namespace is never exempted by the selector
    node = attrs(kind="Node", resource="nodes", ns="")
    assert resources_match({**mr, "resourceRules": [rule(resources=["nodes"])]}, node,
                           _never_missing)
    # a namespace's own create reads the labels of the object sent
    ns_create = attrs(kind="Namespace", resource="namespaces", ns="",
                      obj={"metadata": {"name": "x", "labels": {"team": "a"}}})
    assert resources_match({**mr, "resourceRules": [rule(resources=["namespaces"])]},
                           ns_create, _never_missing)
    # objectSelector: the new or the old object
    osel = {"resourceRules": [rule(operations=["*"])], "namespaceSelector": {},
            "objectSelector": {"matchLabels": {"keep": "1"}}}
    labelled = {"metadata": {"labels": {"keep": "1"}}}
    assert resources_match(osel, attrs(op="DELETE", old=labelled), _never_missing)
    assert not resources_match(osel, attrs(op="CREATE", obj={"metadata": {}}), _never_missing)
    # excluded beats included; resourceNames against the request's name
    assert not resources_match({**mr, "namespaceSelector": {},
                                "excludeResourceRules": [rule()]}, attrs(), _never_missing)
    named = {"resourceRules": [rule(resourceNames=["q"])]}
    assert not resources_match(named, attrs(name="p"), _never_missing)
    assert resources_match(named, attrs(name="q"), _never_missing)


def test_request_leaves_empty_strings_out() -> None:
    r = admission_request(attrs(kind="Node", resource="nodes", ns="", name="n1"))
    assert "namespace" not in r and "subResource" not in r and r["name"] == "n1"
    r = admission_request(attrs(sub="status"))
    assert r["subResource"] == "status" and r["requestSubResource"] == "status"


def test_compile_errors_and_output_types() -> None:
    assert compile_expression("object.metadata.name").error == "must evaluate to bool"
    assert compile_expression("'a'", "string").error == ""
    assert compile_expression("1 +").error.startswith("compilation failed: ERROR: <input>:1:4:")
    assert "undeclared reference to 'params" in compile_expression("params.x == 1").error


# ------------------------------------------------------------------------ the plugin

POLICY = {"apiVersion": GROUP, "kind": "ValidatingAdmissionPolicy", "metadata": {"name": "p"},
          "spec": {"matchConstraints": {"resourceRules": [
              {"apiGroups": ["resource.k8s.io"], "apiVersions": ["v1"],
               "operations": ["CREATE", "UPDATE"], "resources": ["resourceclaims"]}]},
              "validations": [{"expression": "object.metadata.name != 'bad'"}]}}
BINDING = {"apiVersion": GROUP, "kind": "ValidatingAdmissionPolicyBinding",
           "metadata": {"name": "b"}, "spec": {"policyName": "p", "validationActions": ["Deny"]}}
CLAIM = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
         "metadata": {"name": "bad", "namespace": "default"},
         "spec": {"devices": {"requests": [{"name": "g", "exactly": {"deviceClassName": "x"}}]}}}


def server(policy=POLICY, binding=BINDING) -> APIServer:
    api = APIServer(FeatureGates("1.37"))
    api.create(copy.deepcopy(policy))
    api.create(copy.deepcopy(binding))
    return api


def with_spec(obj: dict, **spec) -> dict:
    out = copy.deepcopy(obj)
    out["spec"].update(spec)
    return out


def test_warn_admits_with_a_warning_and_audit_is_silent() -> None:
    api = server(binding=with_spec(BINDING, validationActions=["Warn", "Audit"]))
    warns: list[str] = []
    api.create(copy.deepcopy(CLAIM), warnings=warns)  # drakit serve's Warning headers
    claim = api.get("ResourceClaim", "bad", "default")
    api.update(claim)  # no change, still evaluated: an in-process caller's warning
    assert warns == api.warnings == ["Validation failed for ValidatingAdmissionPolicy 'p' with binding "
                            "'b': failed expression: object.metadata.name != 'bad'"]


def test_a_runtime_error_follows_the_failure_policy() -> None:
    broken = with_spec(POLICY, validations=[{"expression": "object.spec.nope == 1"}])
    api = server(policy=broken)
    with pytest.raises(E.StatusError) as ei:
        api.create(copy.deepcopy(CLAIM))
    assert ei.value.code == 422
    assert ei.value.message.endswith(
        "denied request: expression 'object.spec.nope == 1' resulted in error: no such key: nope")
    api = server(policy=with_spec(broken, failurePolicy="Ignore"))
    api.create(copy.deepcopy(CLAIM))


def test_a_match_condition_error_with_fail_denies_with_the_error() -> None:
    p = with_spec(POLICY, matchConditions=[{"name": "c", "expression": "object.nope == 'x'"}])
    with pytest.raises(E.StatusError) as ei:
        server(policy=p).create(copy.deepcopy(CLAIM))
    assert ei.value.message.endswith(
        "denied request: expression 'object.nope == 'x'' resulted in error: no such key: nope")


def test_status_writes_and_exempt_kinds() -> None:
    p = with_spec(POLICY, matchConstraints={"resourceRules": [
        {"apiGroups": ["*"], "apiVersions": ["*"], "operations": ["*"], "resources": ["*/*"]}]},
        validations=[{"expression": "false", "message": "no"}])
    api = APIServer(FeatureGates("1.37"))
    api.create(copy.deepcopy(CLAIM))
    api.create(p)
    api.create(copy.deepcopy(BINDING))  # exempt: the policy kinds are never evaluated
    claim = api.get("ResourceClaim", "bad", "default")
    with pytest.raises(E.StatusError) as ei:
        api.update_status(claim)
    assert ei.value.details["kind"] == "resourceclaims"
    assert ei.value.details["causes"] == [
        {"message": "ValidatingAdmissionPolicy 'p' with binding 'b' denied request: no"}]
    api.delete("ValidatingAdmissionPolicyBinding", "b")
    api.update_status(claim)


# ------------------------------------------------------------- random rules and requests

_words = st.sampled_from(["", "v1", "pods", "nodes", "apps", "resource.k8s.io", "*", "status"])
_rules = st.fixed_dictionaries({
    "apiGroups": st.lists(_words, max_size=3),
    "apiVersions": st.lists(_words, max_size=3),
    "operations": st.lists(st.sampled_from(["CREATE", "UPDATE", "DELETE", "CONNECT", "*"]),
                           max_size=3),
    "resources": st.lists(st.sampled_from(["pods", "pods/status", "*", "*/*", "*/status",
                                           "nodes", "pods/*"]), max_size=3),
    "scope": st.sampled_from(["*", "Namespaced", "Cluster"]),
})
_attrs = st.builds(
    lambda op, res, sub, ns: attrs(op=op, resource=res, sub=sub, ns=ns,
                                   group="" if res in ("pods", "nodes", "namespaces") else "apps"),
    st.sampled_from(["CREATE", "UPDATE", "DELETE"]),
    st.sampled_from(["pods", "nodes", "namespaces", "deployments"]),
    st.sampled_from(["", "status", "binding"]),
    st.sampled_from(["", "default"]))


@given(r=_rules, a=_attrs, extra=_rules)
@settings(max_examples=300, deadline=None)
def test_widening_a_rule_never_loses_a_match(r, a, extra) -> None:
    """Every list of a rule is ORed: adding items can only add matches, and the all-wildcard
    rule matches every request."""
    wider = {k: (list(r[k]) + list(extra[k]) if isinstance(r[k], list) else r[k]) for k in r}
    if rule_matches(r, a):
        assert rule_matches(wider, a)
    everything = {"apiGroups": ["*"], "apiVersions": ["*"], "operations": ["*"],
                  "resources": ["*/*", "*"], "scope": "*"}
    assert rule_matches(everything, a)


_exprs = st.sampled_from([
    "true", "false", "object.metadata.name == 'x'", "oldObject == null", "object.spec.nope",
    "request.namespace == 'default'", "has(object.metadata.labels)", "1 +", "'s'",
    "namespaceObject.metadata.name == 'default'", "object.metadata.name.size() > 2",
])


@given(validations=st.lists(st.fixed_dictionaries(
           {"expression": _exprs},
           optional={"message": st.sampled_from(["m", " ", "a\nb"]),
                     "messageExpression": _exprs,
                     "reason": st.sampled_from(["Forbidden", "Invalid", "Teapot"])}),
           max_size=3),
       conditions=st.lists(st.fixed_dictionaries({"name": st.sampled_from(["a", "b", ""]),
                                                  "expression": _exprs}), max_size=2),
       failure=st.sampled_from([None, "Fail", "Ignore", "Never"]),
       actions=st.lists(st.sampled_from(["Deny", "Warn", "Audit", "Nope"]), max_size=3),
       rules=st.lists(_rules, max_size=2))
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_policies_are_refused_or_answer_every_request(
        validations, conditions, failure, actions, rules) -> None:
    """A random policy and binding: the API server stores them or refuses them as Invalid;
    once stored, every write either passes or is a Status error, never a crash."""
    api = APIServer(FeatureGates("1.37"))
    spec: dict = {"matchConstraints": {"resourceRules": rules}, "validations": validations}
    if conditions:
        spec["matchConditions"] = conditions
    if failure:
        spec["failurePolicy"] = failure
    try:
        api.create({"apiVersion": GROUP, "kind": "ValidatingAdmissionPolicy",
                    "metadata": {"name": "p"}, "spec": spec})
        api.create({"apiVersion": GROUP, "kind": "ValidatingAdmissionPolicyBinding",
                    "metadata": {"name": "b"},
                    "spec": {"policyName": "p", "validationActions": actions}})
    except E.Invalid:
        return
    for write in (lambda: api.create({"apiVersion": "v1", "kind": "Namespace",
                                      "metadata": {"name": "team"}}),
                  lambda: api.create(copy.deepcopy(CLAIM)),
                  lambda: api.delete("ResourceClaim", "bad", "default")):
        try:
            write()
        except E.StatusError as e:
            assert e.code in (404, 401, 403, 413, 422), e.status()
