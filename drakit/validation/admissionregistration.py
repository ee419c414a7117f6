"""admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding.

Why drakit has them: they configure the ValidatingAdmissionPolicy admission plugin
(drakit/admission_policy.py), the way a user makes the API server refuse a component's write.

Mirrored (k/k pkg/apis/admissionregistration/v1/defaults.go and
pkg/apis/admissionregistration/validation/validation.go, read for this module):

* defaults: ``spec.failurePolicy`` Fail; a MatchResources' ``matchPolicy`` Equivalent,
  ``namespaceSelector`` and ``objectSelector`` {}; a rule's ``scope`` "*"; a paramRef's
  ``parameterNotFoundAction`` Deny; the policy tracks ``metadata.generation`` (its strategy
  sets 1 and bumps it on a spec change), the binding too;
* the policy: failurePolicy Required / NotSupported (Fail, Ignore); matchConstraints Required,
  its resourceRules Required; every MatchResources: matchPolicy (Equivalent, Exact),
  namespaceSelector and objectSelector (strict label selectors), each rule (operations
  Required, NotSupported, ``*`` alone; apiGroups/apiVersions Required, ``*`` alone, no empty
  version; resources with subresources as validateResources words it; scope NotSupported;
  resourceNames as path segments, no duplicates); matchConditions (at most 64, name Required,
  a qualified name, unique; expression Required, compiled, bool); validations or
  auditAnnotations Required ("validations or auditAnnotations must contain at least one
  item", at both paths); each validation: expression Required ("expression is not
  specified"), compiled, bool; messageExpression non-empty if specified, compiled, string;
  message non-empty if specified, no line breaks; reason NotSupported (Forbidden, Invalid,
  RequestEntityTooLarge: supportedValidationPolicyReason has no Unauthorized, although the
  field's documentation lists it);
* the binding: policyName Required and a DNS subdomain; validationActions (NotSupported,
  Duplicate, not both Deny and Warn, at least one); matchResources as above; paramRef (name
  or selector, parameterNotFoundAction).

Not modelled: paramKind and variables validation (their use is not modelled either: see the
plugin), auditAnnotations' keys and value expressions, the cost estimate of expressions
(StrictCostEnforcementForVAP), the "stored expression" environment on update, and the
policy's status (typeChecking is written by kube-controller-manager's policy status
controller, which drakit does not run).
"""

from __future__ import annotations

import re
from typing import Any

from drakit.api import names
from drakit.api.errors import (
    FieldError,
    Path,
    duplicate,
    forbidden,
    invalid,
    not_supported,
    required,
    root,
    too_many,
)
from drakit.validation.apps import _validate_label_selector
from drakit.validation.strategy import (
    Context,
    Strategy,
    bump_generation,
    keep_all_but_status,
    reset_object_meta_for_status,
    set_generation,
)

FAILURE_POLICIES = ["Fail", "Ignore"]
MATCH_POLICIES = ["Equivalent", "Exact"]
OPERATIONS = ["*", "CONNECT", "CREATE", "DELETE", "UPDATE"]
SCOPES = ["*", "Cluster", "Namespaced"]
ACTIONS = ["Audit", "Deny", "Warn"]
REASONS = ["Forbidden", "Invalid", "RequestEntityTooLarge"]
_NEWLINE = re.compile(r"[\n\r]+")


# ------------------------------------------------------------------------- defaulting

def _default_match_resources(mr: Any) -> None:
    if not isinstance(mr, dict):
        return
    mr.setdefault("matchPolicy", "Equivalent")
    if mr.get("namespaceSelector") is None:
        mr["namespaceSelector"] = {}
    if mr.get("objectSelector") is None:
        mr["objectSelector"] = {}
    for key in ("resourceRules", "excludeResourceRules"):
        for rule in mr.get(key) or ():
            if isinstance(rule, dict) and rule.get("scope") is None:
                rule["scope"] = "*"


def _default_policy(obj: dict) -> None:
    spec = obj.get("spec")
    if not isinstance(spec, dict):
        obj["spec"] = spec = {}
    if spec.get("failurePolicy") is None:
        spec["failurePolicy"] = "Fail"
    _default_match_resources(spec.get("matchConstraints"))


def _default_binding(obj: dict) -> None:
    spec = obj.get("spec")
    if not isinstance(spec, dict):
        obj["spec"] = spec = {}
    _default_match_resources(spec.get("matchResources"))
    pr = spec.get("paramRef")
    if isinstance(pr, dict) and pr.get("parameterNotFoundAction") is None:
        pr["parameterNotFoundAction"] = "Deny"


# ------------------------------------------------------------------------- validation

def _has_wildcard(items: list) -> bool:
    return "*" in items


def validate_resources(resources: list, path: Path) -> list[FieldError]:
    """validation.go validateResources (subresources allowed)."""
    errs: list[FieldError] = []
    if not resources:
        errs.append(required(path))
    with_wild_sub: set[str] = set()
    wild_res_subs: set[str] = set()
    double = single = plain = False
    for i, rs in enumerate(resources):
        if rs == "":
            errs.append(required(path.index(i)))
            continue
        if rs == "*/*":
            double = True
        if rs == "*":
            single = True
        if "/" not in rs:
            plain = rs != "*"
            continue
        res, sub = rs.split("/", 1)
        if res in with_wild_sub:
            errs.append(invalid(path.index(i), rs, f"if '{res}/*' is present, must not specify {rs}"))
        if sub in wild_res_subs:
            errs.append(invalid(path.index(i), rs, f"if '*/{sub}' is present, must not specify {rs}"))
        if sub == "*":
            with_wild_sub.add(res)
        if res == "*":
            wild_res_subs.add(sub)
    if len(resources) > 1 and double:
        errs.append(invalid(path, resources, "if '*/*' is present, must not specify other resources"))
    if single and plain:
        errs.append(invalid(path, resources,
                            "if '*' is present, must not specify other resources without subresources"))
    return errs


def validate_rule(rule: dict, path: Path) -> list[FieldError]:
    """validateNamedRuleWithOperations: resourceNames, operations, then validateRule."""
    errs: list[FieldError] = []
    seen: set[str] = set()
    for i, n in enumerate(rule.get("resourceNames") or ()):
        for msg in _path_segment(n):
            errs.append(invalid(path.child("resourceNames").index(i), n, msg))
        if n in seen:
            errs.append(duplicate(path.child("resourceNames").index(i), n))
        seen.add(n)
    ops = list(rule.get("operations") or ())
    if not ops:
        errs.append(required(path.child("operations")))
    if len(ops) > 1 and _has_wildcard(ops):
        errs.append(invalid(path.child("operations"), ops,
                            "if '*' is present, must not specify other operations"))
    for i, op in enumerate(ops):
        if op not in OPERATIONS:
            errs.append(not_supported(path.child("operations").index(i), op, OPERATIONS))
    groups = list(rule.get("apiGroups") or ())
    if not groups:
        errs.append(required(path.child("apiGroups")))
    if len(groups) > 1 and _has_wildcard(groups):
        errs.append(invalid(path.child("apiGroups"), groups,
                            "if '*' is present, must not specify other API groups"))
    versions = list(rule.get("apiVersions") or ())
    if not versions:
        errs.append(required(path.child("apiVersions")))
    if len(versions) > 1 and _has_wildcard(versions):
        errs.append(invalid(path.child("apiVersions"), versions,
                            "if '*' is present, must not specify other API versions"))
    for i, v in enumerate(versions):
        if v == "":
            errs.append(required(path.child("apiVersions").index(i)))
    errs += validate_resources(list(rule.get("resources") or ()), path.child("resources"))
    scope = rule.get("scope")
    if scope is not None and scope not in SCOPES:
        errs.append(not_supported(path.child("scope"), scope, SCOPES))
    return errs


def _path_segment(name: str) -> list[str]:
    """apimachinery path.IsValidPathSegmentName (prefix=false)."""
    if name in (".", ".."):
        return [f"may not be '{name}'"]
    return [f"may not contain '{c}'" for c in ("/", "%") if c in name]


def validate_match_resources(mr: Any, path: Path) -> list[FieldError]:
    errs: list[FieldError] = []
    if not isinstance(mr, dict):
        return errs
    mp = mr.get("matchPolicy")
    if mp is None:
        errs.append(required(path.child("matchPolicy")))
    elif mp not in MATCH_POLICIES:
        errs.append(not_supported(path.child("matchPolicy"), mp, MATCH_POLICIES))
    for key in ("namespaceSelector", "objectSelector"):
        sel = mr.get(key)
        if sel is None:
            errs.append(required(path.child(key)))
        else:
            errs += _validate_label_selector(sel, path.child(key))
    for key in ("resourceRules", "excludeResourceRules"):
        for i, rule in enumerate(mr.get(key) or ()):
            errs += validate_rule(rule, path.child(key).index(i))
    return errs


def _expression(expr: str, path: Path, returns: str = "bool") -> list[FieldError]:
    from drakit.admission_policy import compile_expression

    c = compile_expression(expr, returns)
    return [invalid(path, expr, c.error)] if c.error else []


def validate_match_conditions(conds: list, path: Path) -> list[FieldError]:
    errs: list[FieldError] = []
    if len(conds) > 64:
        errs.append(too_many(path, len(conds), 64))
    seen: set[str] = set()
    for i, c in enumerate(conds):
        p = path.index(i)
        expr = c.get("expression") or ""
        if not expr.strip():
            errs.append(required(p.child("expression")))
        else:
            errs += _expression(expr.strip(), p.child("expression"))
        name = c.get("name") or ""
        if not name:
            errs.append(required(p.child("name")))
        else:
            errs += [invalid(p.child("name"), name, m) for m in names.is_qualified_name(name)]
            if name in seen:
                errs.append(duplicate(p.child("name"), name))
            seen.add(name)
    return errs


def validate_validation(v: dict, path: Path) -> list[FieldError]:
    errs: list[FieldError] = []
    expr = v.get("expression") or ""
    if not expr.strip():
        errs.append(required(path.child("expression"), "expression is not specified"))
    else:
        errs += _expression(expr, path.child("expression"))
    mexpr = v.get("messageExpression") or ""
    if mexpr and not mexpr.strip():
        errs.append(invalid(path.child("messageExpression"), mexpr, "must be non-empty if specified"))
    elif mexpr.strip():
        errs += _expression(mexpr, path.child("messageExpression"), "string")
    msg = v.get("message") or ""
    if msg and not msg.strip():
        errs.append(invalid(path.child("message"), msg, "message must be non-empty if specified"))
    elif _NEWLINE.search(msg.strip()):
        errs.append(invalid(path.child("message"), msg, "message must not contain line breaks"))
    reason = v.get("reason")
    if reason is not None and reason not in REASONS:
        errs.append(not_supported(path.child("reason"), reason, REASONS))
    return errs


def validate_policy_spec(spec: dict) -> list[FieldError]:
    path = root("spec")
    errs: list[FieldError] = []
    fp = spec.get("failurePolicy")
    if fp is None:
        errs.append(required(path.child("failurePolicy")))
    elif fp not in FAILURE_POLICIES:
        errs.append(not_supported(path.child("failurePolicy"), fp, FAILURE_POLICIES))
    mc = spec.get("matchConstraints")
    if mc is None:
        errs.append(required(path.child("matchConstraints")))
    else:
        errs += validate_match_resources(mc, path.child("matchConstraints"))
        if not mc.get("resourceRules"):
            errs.append(required(path.child("matchConstraints", "resourceRules")))
    errs += validate_match_conditions(list(spec.get("matchConditions") or ()),
                                      path.child("matchConditions"))
    validations = list(spec.get("validations") or ())
    if not validations and not spec.get("auditAnnotations"):
        why = "validations or auditAnnotations must contain at least one item"
        errs.append(required(path.child("validations"), why))
        errs.append(required(path.child("auditAnnotations"), why))
    for i, v in enumerate(validations):
        errs += validate_validation(v, path.child("validations").index(i))
    return errs


def validate_actions(actions: list, path: Path) -> list[FieldError]:
    errs: list[FieldError] = []
    seen: set[str] = set()
    for i, a in enumerate(actions):
        if a not in ACTIONS:
            errs.append(not_supported(path.index(i), a, ACTIONS))
        if a in seen:
            errs.append(duplicate(path.index(i), a))
        seen.add(a)
    if "Deny" in seen and "Warn" in seen:
        errs.append(invalid(path, actions, "must not contain both Deny and Warn (repeating the "
                                           "same validation failure information in the API "
                                           "response and headers serves no purpose)"))
    if not seen:
        errs.append(required(path, "at least one validation action is required"))
    return errs


def validate_param_ref(pr: Any, path: Path) -> list[FieldError]:
    errs: list[FieldError] = []
    if not isinstance(pr, dict):
        return errs
    name, sel = pr.get("name") or "", pr.get("selector")
    if name:
        errs += [invalid(path.child("name"), name, m) for m in _path_segment(name)]
        if sel is not None:
            errs.append(forbidden(path.child("name"), "name and selector are mutually exclusive"))
    if sel is not None:
        errs += _validate_label_selector(sel, path.child("selector"))
        if name:
            errs.append(forbidden(path.child("selector"), "name and selector are mutually exclusive"))
    if not name and sel is None:
        errs.append(required(path, "one of name or selector must be specified"))
    action = pr.get("parameterNotFoundAction")
    if not action:
        errs.append(required(path.child("parameterNotFoundAction")))
    elif action not in ("Deny", "Allow"):
        errs.append(not_supported(path.child("parameterNotFoundAction"), action, ["Deny", "Allow"]))
    return errs


def validate_binding_spec(spec: dict) -> list[FieldError]:
    path = root("spec")
    errs: list[FieldError] = []
    pn = spec.get("policyName") or ""
    if not pn:
        errs.append(required(path.child("policyName")))
    else:
        errs += [invalid(path.child("policyName"), pn, m) for m in names.is_dns1123_subdomain(pn)]
    errs += validate_param_ref(spec.get("paramRef"), path.child("paramRef"))
    errs += validate_match_resources(spec.get("matchResources"), path.child("matchResources"))
    errs += validate_actions(list(spec.get("validationActions") or ()),
                             path.child("validationActions"))
    return errs


# --------------------------------------------------------------------------- strategies

class ValidatingAdmissionPolicyStrategy(Strategy):
    kind = "ValidatingAdmissionPolicy"
    has_status = True

    def prepare_for_create(self, obj: dict, ctx: Context) -> None:
        _default_policy(obj)
        set_generation(obj)

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        _default_policy(new)
        bump_generation(new, old, new.get("spec") != old.get("spec"))

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        return validate_policy_spec(obj.get("spec") or {})

    def prepare_for_status_update(self, new: dict, old: dict, ctx: Context) -> None:
        """validatingAdmissionPolicyStatusStrategy: the spec stays, ResetObjectMetaForStatus."""
        keep_all_but_status(new, old)
        reset_object_meta_for_status(new, old)


class ValidatingAdmissionPolicyBindingStrategy(Strategy):
    kind = "ValidatingAdmissionPolicyBinding"
    has_status = False

    def prepare_for_create(self, obj: dict, ctx: Context) -> None:
        _default_binding(obj)
        set_generation(obj)

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        _default_binding(new)
        bump_generation(new, old, new.get("spec") != old.get("spec"))

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        return validate_binding_spec(obj.get("spec") or {})


STRATEGIES: dict[str, Strategy] = {
    "ValidatingAdmissionPolicy": ValidatingAdmissionPolicyStrategy(),
    "ValidatingAdmissionPolicyBinding": ValidatingAdmissionPolicyBindingStrategy(),
}

__all__ = ["STRATEGIES", "validate_binding_spec", "validate_policy_spec", "validate_rule"]
