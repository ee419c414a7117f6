"""The ValidatingAdmissionPolicy admission plugin (admissionregistration.k8s.io/v1).

Why drakit has it: on a real cluster the way a user makes a component's own API write fail
is admission, and ValidatingAdmissionPolicy (GA since 1.30, served and enabled at every
release drakit emulates) is the admission a user can configure without a webhook. With it,
scenarios can refuse the namespace controller's deletes, the ResourceClaim controller's
creates or the scheduler's claim writes and check what the components do then.

Followed (k8s.io/apiserver, read for this module, not copied):

* ``pkg/admission/plugin/policy/generic/plugin.go``: the policy kinds themselves are never
  evaluated; ``webhook/predicates/rules`` ``IsExemptAdmissionConfigurationResource``: nor are
  ValidatingWebhookConfiguration, MutatingWebhookConfiguration, ValidatingAdmissionPolicy and
  ValidatingAdmissionPolicyBinding requests;
* ``policy/validating/dispatcher.go``: for every policy with bindings, the policy's
  ``matchConstraints`` (no constraints: no match), then each binding's ``matchResources``
  (none: every request the policy matched), then ``matchConditions`` and ``validations``; a
  configuration error ("failed to configure binding: ...") and a CEL error follow the policy's
  ``failurePolicy`` (default Fail); a failed validation acts per the binding's
  ``validationActions``: Deny collects a denial, Warn adds the warning "Validation failed for
  ValidatingAdmissionPolicy '<p>' with binding '<b>': <message>", Audit only writes an audit
  annotation (nothing visible through the API: drakit keeps no audit log). The first denial
  is the answer: ``admission.NewForbidden`` (message ``<resource>[.<group>] "<name>" is
  forbidden: ValidatingAdmissionPolicy '<p>' with binding '<b>' denied request: <msg>``, the
  name "Unknown" when the request has none, as a delete of a collection) with the reason of
  the validation (Invalid 422 when unset; Forbidden 403, Unauthorized 401,
  RequestEntityTooLarge 413; ``reasonToCode``) and one cause carrying the message;
* ``policy/matching/matching.go`` and ``webhook/predicates/{namespace,object,rules}``:
  namespaceSelector (cluster-scoped requests other than namespaces always match; a namespace's
  own create/update reads the labels of the object sent), objectSelector (the new or the old
  object), excludeResourceRules, resourceRules (scope, operations, apiGroups, apiVersions,
  ``resource/subresource`` with ``*`` and ``*/*``, resourceNames against the request's name);
* ``policy/validating/validator.go``: matchConditions (``webhook/matchconditions``: the first
  false one skips the policy, errors with all others true follow failurePolicy), then each
  validation: an evaluation error is "expression '<e>' resulted in error: <err>" (failurePolicy
  Ignore admits), a result other than true denies with messageExpression's result, else
  message, else "failed expression: <expression>" (each trimmed);
* ``plugin/cel/filter.go`` ``CreateAdmissionRequest`` and ``CreateNamespaceObject``: the CEL
  variables ``object`` and ``oldObject`` (null on CREATE and DELETE respectively), ``request``
  (kind, resource, subResource, requestKind, requestResource, requestSubResource, name,
  namespace, operation, dryRun, options as an AdmissionRequest serialises: empty strings are
  left out, so ``request.namespace`` of a cluster-scoped request is "no such key" as upstream)
  and ``namespaceObject`` (null for cluster-scoped requests; and, as upstream, null in
  matchConditions).

The cost bound (``k8s.io/apiserver/pkg/apis/cel/config.go``, ``cel/environment/base.go``,
``plugin/cel/activation.go`` Evaluate, ``webhook/matchconditions/matcher.go``,
``policy/validating/validator.go``; the same at 1.34 to 1.37). Upstream compiles every
expression with ``cel.CostLimit(PerCallLimit)`` (1,000,000): an evaluation whose *actual*
cost passes it stops with "operation cancelled: actual cost limit exceeded", which the
filter words "expression '<e>' resulted in error: operation cancelled: actual cost limit
exceeded" and which follows failurePolicy like any evaluation error (Fail: the denial's
message; Ignore: admitted). Each evaluation's actual cost is also charged against a budget:
``RuntimeCELCostBudget`` (10,000,000) for the validations of one (policy, binding), what is
left of it for the messageExpressions, ``RuntimeCELCostBudgetMatchConditions`` (2,500,000)
for the matchConditions; an evaluation costing more than what is left stops the filter with
"validation failed due to running out of cost budget, no further validation rules will be
run" (failurePolicy again: the one decision of the policy, or for matchConditions, with
Ignore, the policy skipped; for messageExpressions every validation without an error of its
own becomes "failed messageExpression: validation failed due to running out of cost
budget, ...", passed ones included). Upstream does *not* refuse a costly expression when a
policy is written: ``CompileCELExpression`` (plugin/cel compile.go), which
pkg/apis/admissionregistration/validation runs for matchConditions, validations and
messageExpressions, checks compile errors and the output type only, no estimated cost (the
variables are ``dyn``, so there is nothing to estimate), and neither does drakit.

cel-expr-python counts no cost and cannot be interrupted, so drakit bounds an evaluation
before running it: :meth:`drakit.cel.DynExpression.cost_bound` runs the port of cel-go's
estimator with the sizes of this activation's own values (the longest string, the largest
list or map a path through ``object``, ``oldObject``, ``request`` or ``namespaceObject``
reaches), an upper bound of the actual cost of this evaluation; above the per-call limit the
expression is not run and answers upstream's text. Where drakit is stricter than upstream
(stated): the bound over-approximates, so an expression whose bound passes 1,000,000 while
its actual cost would not (a short-circuit upstream takes, a map's values read with a
computed key counted as large as its largest, the parts of a ``split`` counted as many as
the string's characters, a value computed inside the expression whose size the estimator
does not know, such as what ``replace()`` or ``join()`` return, an optional's value or
``lists.range(n)`` of a computed ``n``) is refused here and finishes upstream; and the
budgets are charged with the bound (an evaluation drakit refuses, with PER_CALL_LIMIT + 1,
the least upstream's tracker has counted when it cancels), so the budget can run out earlier
than upstream's. Where the bound may fall short: functions the port estimates as a plain
call (``format``, the quantity and semver functions), whose work is linear in their
arguments, which come from a request of at most 3 MiB. Separately, cel-cpp stops any
evaluation after 10,000 comprehension iterations in all with "Iteration budget exceeded"
(its ``comprehension_max_iterations``, not settable through cel-expr-python), an error
upstream does not have: an expression iterating more (a nested ``all`` over 100 annotations)
fails here with that text even when its cost is under the limit.

Not modelled (deviations, stated): expressions are compiled in an environment where every
variable is ``dyn`` (upstream type-checks ``object``/``oldObject`` against the matched kind's
schema and ``request`` against the AdmissionRequest type, so a misspelt field is a compile
error there and a runtime "no such key" here); ``params``/``paramKind``/``paramRef``,
``variables``, ``auditAnnotations`` (beyond validation), ``authorizer``, ``request.userInfo``
(drakit's API server has no caller identity), the actual cost of an evaluation (bounded
from above instead, see above), the status
``typeChecking`` the policy controller writes, and the propagation delay of a real API
server (a policy is in force from the write that stores it). ``matchPolicy: Equivalent``
needs no conversion here (every kind is served at one version). drakit's ``pods/binding``
(``APIServer.bind``) does not run admission.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from drakit.api import errors as E
from drakit.api.meta import labels_match, selector_from_dict
from drakit.cel import (
    PER_CALL_LIMIT,
    CELRuntimeError,
    CostLimitExceeded,
    DynExpression,
    compile_dyn,
)

GROUP = "admissionregistration.k8s.io"
POLICY = "ValidatingAdmissionPolicy"
BINDING = "ValidatingAdmissionPolicyBinding"
# (later releases add the mutating policy kinds, which drakit does not serve)
EXEMPT_KINDS = ("ValidatingWebhookConfiguration", "MutatingWebhookConfiguration", POLICY,
                BINDING)

# metav1.StatusReason -> HTTP code (policy/validating/dispatcher.go reasonToCode)
REASON_CODES = {"Unauthorized": 401, "Forbidden": 403, "Invalid": 422,
                "RequestEntityTooLarge": 413}


@dataclass(frozen=True)
class Attributes:
    """What admission.Attributes carries for one request, as the plugin reads it."""

    operation: str  # CREATE, UPDATE, DELETE
    kind: str
    group: str
    version: str
    resource: str  # plural
    subresource: str
    name: str
    namespace: str
    object: dict | None
    old_object: dict | None
    dry_run: bool = False
    warnings: list[str] | None = field(default=None, compare=False)
    """The request's warnings (the Warning headers ``drakit serve`` answers with); None: the
    API server's own list (``APIServer.warnings``), for in-process callers."""


# ---------------------------------------------------------------------------------- CEL

_VARIABLES = ("object", "oldObject", "request", "namespaceObject")

#: k8s.io/apiserver/pkg/apis/cel config.go: the budget of one (policy, binding) evaluation's
#: validations and messageExpressions, and (webhook/matchconditions matcher.go) of its
#: matchConditions; every single expression is held to PER_CALL_LIMIT (drakit.cel)
RUNTIME_CEL_COST_BUDGET = 10_000_000
RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS = 2_500_000
#: policy/validating/validator.go: messageExpression results longer than this are dropped
MAX_EVALUATED_MESSAGE_EXPRESSION_SIZE_BYTES = 5 * 1024
#: plugin/cel activation.go: the filter's error once an evaluation's cost passes what is left
OUT_OF_BUDGET = ("validation failed due to running out of cost budget, no further validation "
                 "rules will be run")


@dataclass(frozen=True)
class Compiled:
    expression: str
    error: str = ""
    """cel-go's wording: "compilation failed: ..." or "must evaluate to bool"."""
    program: DynExpression | None = None


@functools.lru_cache(maxsize=2048)
def compile_expression(expression: str, returns: str = "bool") -> Compiled:
    """plugin/cel compile.go CompileCELExpression: compile errors, then the output type
    (``returns``: bool for validations and matchConditions, string for messageExpression;
    a ``dyn`` result does not qualify, as ``ast.OutputType() == cel.BoolType`` upstream).
    No estimated-cost check: upstream has none for admission expressions (module docstring)."""
    c = compile_dyn(expression, _VARIABLES)
    if c.error:
        return Compiled(expression, c.error)
    if c.output_type != returns:
        return Compiled(expression, f"must evaluate to {returns}")
    return Compiled(expression, program=c)


class EvalError(Exception):
    def __init__(self, message: str, cost: int = 0) -> None:
        super().__init__(message)
        self.cost = cost
        """What the evaluation is charged against the budget (:func:`evaluate_with_cost`)."""


def evaluate_with_cost(c: Compiled, activation: Mapping[str, Any]) -> tuple[Any, int]:
    """(the expression's value, its charge against the budget): the bound of its actual cost
    over this activation (drakit.cel DynExpression.cost_bound). EvalError with cel-go's
    wording of an evaluation error; "operation cancelled: actual cost limit exceeded", before
    evaluating, when the bound passes the per-call limit (charged PER_CALL_LIMIT + 1, the
    least upstream's tracker has counted when it cancels)."""
    if c.program is None:
        raise EvalError(c.error)
    try:
        return c.program.evaluate(activation, cost_limit=PER_CALL_LIMIT)
    except CostLimitExceeded as e:
        raise EvalError(str(e), PER_CALL_LIMIT + 1) from None
    except CELRuntimeError as e:
        raise EvalError(str(e), c.program.cost_bound(activation)) from None


def evaluate(c: Compiled, activation: Mapping[str, Any]) -> Any:
    """The expression's value; EvalError with cel-go's wording of an evaluation error."""
    return evaluate_with_cost(c, activation)[0]


def _charge(c: Compiled, activation: Mapping[str, Any]) -> int:
    """The charge of an evaluation whose value nobody reads (the messageExpression of a
    validation that passed), without evaluating it."""
    if c.program is None:
        return 0
    bound = c.program.cost_bound(activation)
    return PER_CALL_LIMIT + 1 if bound > PER_CALL_LIMIT else bound


# ---------------------------------------------------------------------------- matching

def selector_matches(selector: Mapping[str, Any] | None, labels: Mapping[str, Any] | None) -> bool:
    """metav1.LabelSelectorAsSelector(...).Matches: matchLabels AND every expression (the
    policy's and binding's selectors were validated, so every operator is a known one)."""
    return labels_match(labels, selector_from_dict(selector))


def _selector_empty(selector: Mapping[str, Any] | None) -> bool:
    return not selector_from_dict(selector)


def rule_matches(rule: Mapping[str, Any], a: Attributes) -> bool:
    """webhook/predicates/rules Matcher.Matches: scope, operation, group, version, resource."""
    scope = rule.get("scope") or "*"
    if scope == "Namespaced":
        if a.resource == "namespaces" and not a.group or not a.namespace:
            return False
    elif scope == "Cluster":
        if not ((a.resource == "namespaces" and not a.group) or not a.namespace):
            return False
    elif scope != "*":
        return False
    ops = rule.get("operations") or ()
    if "*" not in ops and a.operation not in ops:
        return False
    groups = rule.get("apiGroups") or ()
    if "*" not in groups and a.group not in groups:
        return False
    versions = rule.get("apiVersions") or ()
    if "*" not in versions and a.version not in versions:
        return False
    for res_sub in rule.get("resources") or ():
        res, _, sub = str(res_sub).partition("/")
        if (res == "*" or res == a.resource) and (sub == "*" or sub == a.subresource):
            return True
    return False


def _rules_match(rules: Any, a: Attributes) -> bool:
    """matching.go matchesResourceRules: a rule that matches, and (resourceNames) the name."""
    for rule in rules or ():
        if not rule_matches(rule, a):
            continue
        names = rule.get("resourceNames") or ()
        if not names or a.name in names:
            return True
    return False


class _NamespaceMissing(Exception):
    def __init__(self, err: E.StatusError) -> None:
        super().__init__(str(err))
        self.err = err


def resources_match(mr: Mapping[str, Any], a: Attributes,
                    namespace_labels: Any) -> bool:
    """matching.go Matcher.Matches for one MatchResources. ``namespace_labels(name)`` gives a
    namespace's labels or None when it does not exist (then, if the request is otherwise
    matched, the namespace's NotFound is the answer: _NamespaceMissing)."""
    ns_missing: E.StatusError | None = None
    ns_sel = mr.get("namespaceSelector")
    if (a.namespace or (a.resource == "namespaces" and not a.group)) and not _selector_empty(ns_sel):
        if a.resource == "namespaces" and not a.group and not a.subresource and \
                a.operation in ("CREATE", "UPDATE"):
            labels = ((a.object or {}).get("metadata") or {}).get("labels") or {}
        else:
            labels = namespace_labels(a.namespace)
        if labels is None:
            ns_missing = E.NotFound("Namespace", a.namespace, "", "namespaces")
        elif not selector_matches(ns_sel, labels):
            return False
    obj_sel = mr.get("objectSelector")
    if not _selector_empty(obj_sel):
        ok = any(o is not None and selector_matches(obj_sel, (o.get("metadata") or {}).get("labels"))
                 for o in (a.object, a.old_object))
        if not ok:
            return False
    if _rules_match(mr.get("excludeResourceRules"), a):
        return False
    if mr.get("resourceRules") and not _rules_match(mr.get("resourceRules"), a):
        return False
    if ns_missing is not None:
        raise _NamespaceMissing(ns_missing)
    return True


# --------------------------------------------------------------------------- variables

def admission_request(a: Attributes) -> dict:
    """CreateAdmissionRequest as the AdmissionRequest serialises (omitempty fields left out;
    no uid, userInfo or options: see the module docstring)."""
    kind = {"group": a.group, "version": a.version, "kind": a.kind}
    res = {"group": a.group, "version": a.version, "resource": a.resource}
    out: dict[str, Any] = {"kind": kind, "resource": res, "requestKind": dict(kind),
                           "requestResource": dict(res), "operation": a.operation,
                           "dryRun": a.dry_run}
    for key, value in (("subResource", a.subresource), ("requestSubResource", a.subresource),
                       ("name", a.name), ("namespace", a.namespace)):
        if value:
            out[key] = value
    return out


_NS_META = ("name", "generateName", "namespace", "uid", "resourceVersion", "generation",
            "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "labels",
            "annotations", "finalizers")


def namespace_object(ns: Mapping[str, Any] | None) -> dict | None:
    """CreateNamespaceObject: the namespace's spec, status and part of its metadata."""
    if ns is None:
        return None
    md = ns.get("metadata") or {}
    return {"metadata": {k: md[k] for k in _NS_META if k in md},
            "spec": ns.get("spec") or {}, "status": ns.get("status") or {}}


# ------------------------------------------------------------------------------ plugin

@dataclass
class Decision:
    action: str  # "admit" or "deny"
    message: str = ""
    reason: str = ""


def _fail_action(policy: Mapping[str, Any]) -> str:
    fp = (policy.get("spec") or {}).get("failurePolicy") or "Fail"
    return "admit" if fp == "Ignore" else "deny"


def validate_policy(policy: Mapping[str, Any], a: Attributes,
                    ns: Mapping[str, Any] | None) -> list[Decision]:
    """validator.go Validate for one (policy, binding) the request matched, each evaluation
    charged against its budget as plugin/cel activation.go Evaluate does."""
    spec = policy.get("spec") or {}
    fail = _fail_action(policy)
    base = {"object": a.object, "oldObject": a.old_object, "request": admission_request(a)}
    conds = spec.get("matchConditions") or ()
    if conds:
        errs: list[str] = []
        act = {**base, "namespaceObject": None}  # the match filter gets no namespace
        remaining = RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS
        values: list[Any] = []
        for cond in conds:
            expr = cond.get("expression") or ""
            try:
                value, cost = evaluate_with_cost(compile_expression(expr), act)
            except EvalError as e:
                value, cost = e, e.cost
            if cost > remaining:  # the filter stops: an error, whatever came before
                return [] if fail == "admit" else [Decision("deny", OUT_OF_BUDGET)]
            remaining -= cost
            values.append(value)
        for cond, value in zip(conds, values):
            if isinstance(value, EvalError):
                errs.append(f"expression '{cond.get('expression') or ''}' resulted in error: {value}")
            elif value is False:
                return []
        if errs:
            if fail == "admit":
                return []
            msg = errs[0] if len(set(errs)) == 1 else "[" + ", ".join(dict.fromkeys(errs)) + "]"
            return [Decision("deny", msg)]
    act = {**base, "namespaceObject": namespace_object(ns)}
    validations = spec.get("validations") or ()
    remaining = RUNTIME_CEL_COST_BUDGET
    results: list[Any] = []
    for v in validations:
        try:
            value, cost = evaluate_with_cost(compile_expression(v.get("expression") or ""), act)
        except EvalError as e:
            value, cost = e, e.cost
        if cost > remaining:
            return [Decision(fail, OUT_OF_BUDGET)]
        remaining -= cost
        results.append(value)
    # the message filter runs every messageExpression on what is left of the budget; its
    # values are read only for failed validations, so only those are evaluated here
    messages: list[str | None] = []
    message_budget_out = False
    for v, value in zip(validations, results):
        mexpr = v.get("messageExpression") or ""
        if not mexpr.strip():
            messages.append(None)
            continue
        c = compile_expression(mexpr, "string")
        m: str | None = None
        if value is True or isinstance(value, EvalError):
            cost = _charge(c, act)
        else:
            try:
                out, cost = evaluate_with_cost(c, act)
                m = out if isinstance(out, str) else None
            except EvalError as e:  # upstream falls back to the static message (and logs)
                cost = e.cost
        if cost > remaining:
            message_budget_out = True
            break
        remaining -= cost
        messages.append(m)
    out: list[Decision] = []
    for i, (v, value) in enumerate(zip(validations, results)):
        expr = v.get("expression") or ""
        if isinstance(value, EvalError):
            out.append(Decision(fail, f"expression '{expr}' resulted in error: {value}"))
            continue
        if message_budget_out:  # validator.go: errors.Is(err, ErrOutOfBudget), passed or not
            out.append(Decision(fail, f"failed messageExpression: {OUT_OF_BUDGET}"))
            continue
        if value is True:
            out.append(Decision("admit"))
            continue
        message = (messages[i] or "").strip() if i < len(messages) else ""
        if len(message.encode()) > MAX_EVALUATED_MESSAGE_EXPRESSION_SIZE_BYTES or "\n" in message:
            message = ""  # validator.go: too long or multi-line, the static message instead
        if not message:
            message = (v.get("message") or "").strip()
        if not message:
            message = f"failed expression: {expr.strip()}"
        out.append(Decision("deny", message, v.get("reason") or "Invalid"))
    return out


class ValidatingAdmissionPolicyPlugin:
    """The plugin in the API server's validating admission chain (after RuntimeClass, before
    ResourceQuota, as kube-apiserver orders them). Called with the request's attributes
    (``wants_attributes``): the other plugins keep the (op, new, old, server) form."""

    wants_attributes = True

    def __call__(self, op: str, new: dict | None, old: dict | None, server: Any,
                 attributes: Attributes | None = None) -> None:
        if attributes is None:
            return
        a = attributes
        if a.group == GROUP and a.kind in EXEMPT_KINDS:
            return
        bindings = server.list(BINDING, copy=False)
        if not bindings:
            return
        policies = {p["metadata"]["name"]: p for p in server.list(POLICY, copy=False)}
        denied: list[tuple[str, str, Decision]] = []
        ns_obj: Any = False  # looked up once, when first needed
        for pname in sorted(policies):
            policy = policies[pname]
            mine = sorted((b for b in bindings
                           if (b.get("spec") or {}).get("policyName") == pname),
                          key=lambda b: b["metadata"]["name"])
            if not mine:
                continue
            constraints = (policy.get("spec") or {}).get("matchConstraints")
            if not constraints:
                continue
            try:
                if not resources_match(constraints, a, server._namespace_labels):
                    continue
            except _NamespaceMissing as e:
                raise e.err from None
            for b in mine:
                bname = b["metadata"]["name"]
                bspec = b.get("spec") or {}
                mr = bspec.get("matchResources")
                if mr:
                    try:
                        if not resources_match(mr, a, server._namespace_labels):
                            continue
                    except _NamespaceMissing as e:
                        if _fail_action(policy) == "deny":
                            denied.append((pname, bname, Decision(
                                "deny", f"failed to configure binding: {e.err}")))
                        continue
                if ns_obj is False:
                    ns_obj = server.try_get("Namespace", a.namespace) if a.namespace else None
                for d in validate_policy(policy, a, ns_obj):
                    if d.action != "deny":
                        continue
                    actions = bspec.get("validationActions") or ()
                    if "Deny" in actions:
                        denied.append((pname, bname, d))
                    if "Warn" in actions:
                        (a.warnings if a.warnings is not None else server.warnings).append(
                            f"Validation failed for ValidatingAdmissionPolicy '{pname}' with "
                            f"binding '{bname}': {d.message}")
        if denied:
            pname, bname, d = denied[0]
            message = (f"ValidatingAdmissionPolicy '{pname}' with binding '{bname}' denied "
                       f"request: {d.message}")
            reason = d.reason or "Invalid"
            res = f"{a.resource}.{a.group}" if a.group else a.resource
            name = a.name or _generated_name(a) or "Unknown"
            raise E.StatusError(
                message=f'{res} "{name}" is forbidden: {message}', reason=reason,
                code=REASON_CODES.get(reason, 422),
                details={"name": name, "group": a.group, "kind": a.resource,
                         "causes": [{"message": message}]})


def _generated_name(a: Attributes) -> str:
    """admission extractResourceName: the object's name, else its generateName."""
    md = (a.object or {}).get("metadata") or {}
    return md.get("name") or md.get("generateName") or ""


__all__ = ["Attributes", "Compiled", "EvalError", "ValidatingAdmissionPolicyPlugin",
           "admission_request", "compile_expression", "evaluate", "resources_match",
           "rule_matches", "selector_matches", "validate_policy"]
