"""Registry strategies for core/v1: Namespace, Node, ResourceQuota and Pod.

Why so much Pod: every DRA KEP touches the Pod — extended-resource requests (KEP-5004),
``spec.resourceClaims`` and ``schedulingGroup`` (KEP-5729), the scheduler-written status
fields ``extendedResourceClaimStatus`` and ``nodeAllocatableResourceClaimStatuses``
(KEP-5004/5517) and the /resize rule (KEP-5517). Messages and paths were read from
kubernetes/kubernetes ``pkg/apis/core/validation/validation.go`` @ abe8f409 (1.37 dev,
"CVA2" in shared/api-truth.md) and ``pkg/apis/core/helper/helpers.go``; the 1.36 shape of
nodeAllocatableResourceClaimStatuses follows api-truth §9.3 (CV17). Where Go iterates a map
(requests/limits), we iterate keys sorted so error order is deterministic.

Not a full port: volumes, probes, security contexts, affinity, env etc. are not validated
(unknown fields are preserved untouched).
"""

from __future__ import annotations

import copy
from typing import Any

from drakit.api import names
from drakit.api.errors import (
    FieldError,
    GoRendered,
    Path,
    duplicate,
    forbidden,
    invalid,
    not_supported,
    required,
    root,
    too_long,
)
from drakit.api.meta import POD_DELETION_COST, pod_deletion_cost
from drakit.api.quantity import Quantity, QuantityError, parse_quantity
from drakit.upstream_bugs import EXTENDED_RESOURCE_NODE_ALLOCATABLE, has_bug
from drakit.validation import imageref
from drakit.validation.resource.common import TOLERATION_OPERATORS
from drakit.validation.strategy import (
    Context,
    Strategy,
    bump_generation,
    get,
    keep_all_but_status,
    keep_old,
    set_generation,
)

# ---------------------------------------------------------------------------
# shared helpers (also used by scheduling.py and apps.py)



def qty(value: Any, path: Path | str, errs: list[FieldError]) -> Quantity | None:
    """Parse a quantity; on failure record an Invalid error (the real server fails decoding)."""
    try:
        if isinstance(value, Quantity):
            return value
        return parse_quantity(str(value))
    except (QuantityError, ValueError) as e:
        errs.append(invalid(path, value, str(e)))
        return None


def qstr(q: Quantity) -> str:
    """``Quantity.String()``: the canonical form the API server prints."""
    return str(q)


def is_empty(v: Any) -> bool:
    return v is None or v == [] or v == {}


def _is_quantity_map_key(path: tuple[str, ...]) -> bool:
    return bool(path) and path[-1] in ("requests", "limits", "overhead", "hard", "used",
                                       "capacity", "allocatable")


def semantic_equal(a: Any, b: Any, _path: tuple[str, ...] = ()) -> bool:
    """apiequality.Semantic.DeepEqual over JSON: nil == empty, quantities by value."""
    if isinstance(a, dict) or isinstance(b, dict):
        if not isinstance(a, dict) and not is_empty(a):
            return False
        if not isinstance(b, dict) and not is_empty(b):
            return False
        a, b = a or {}, b or {}
        keys = {k for k, v in a.items() if not is_empty(v)} | {k for k, v in b.items() if not is_empty(v)}
        quantities = _is_quantity_map_key(_path)
        for k in keys:
            va, vb = a.get(k), b.get(k)
            if quantities and va is not None and vb is not None:
                try:
                    if parse_quantity(str(va)).cmp(parse_quantity(str(vb))) != 0:
                        return False
                    continue
                except (QuantityError, ValueError):
                    pass
            if not semantic_equal(va, vb, _path + (k,)):
                return False
        return True
    if isinstance(a, list) or isinstance(b, list):
        a, b = a or [], b or []
        if not isinstance(a, list) or not isinstance(b, list) or len(a) != len(b):
            return False
        return all(semantic_equal(x, y, _path) for x, y in zip(a, b))
    return a == b


def diff_paths(a: Any, b: Any, prefix: str = "") -> list[str]:
    """Dotted paths where ``a`` and ``b`` differ semantically (for Forbidden diffs)."""
    if semantic_equal(a, b):
        return []
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[str] = []
        for k in sorted(set(a) | set(b)):
            out += diff_paths(a.get(k), b.get(k), f"{prefix}.{k}" if prefix else k)
        return out or [prefix]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            out += diff_paths(x, y, f"{prefix}[{i}]")
        return out or [prefix]
    return [prefix]


def selector_matches(selector: dict | None, labels: dict | None) -> bool:
    """metav1.LabelSelector semantics: matchLabels AND every matchExpression."""
    labels = labels or {}
    sel = selector or {}
    for k, v in (sel.get("matchLabels") or {}).items():
        if labels.get(k) != v:
            return False
    for expr in sel.get("matchExpressions") or []:
        key, op, values = expr.get("key"), expr.get("operator"), expr.get("values") or []
        has = key in labels
        if op == "In" and not (has and labels[key] in values):
            return False
        if op == "NotIn" and has and labels[key] in values:
            return False
        if op == "Exists" and not has:
            return False
        if op == "DoesNotExist" and has:
            return False
    return True


def selector_empty(selector: dict | None) -> bool:
    sel = selector or {}
    return not sel.get("matchLabels") and not sel.get("matchExpressions")


# ---------------------------------------------------------------------------
# resource names and quantities (pkg/apis/core/helper/helpers.go)

HUGEPAGES_PREFIX = "hugepages-"
REQUESTS_HUGEPAGES_PREFIX = "requests.hugepages-"
STANDARD_CONTAINER_RESOURCES = frozenset({"cpu", "memory", "ephemeral-storage"})
_COUNT_RESOURCES = ("pods", "resourcequotas", "services", "replicationcontrollers", "secrets",
                    "configmaps", "persistentvolumeclaims", "services.nodeports",
                    "services.loadbalancers")
STANDARD_RESOURCES = frozenset({
    "cpu", "memory", "ephemeral-storage", "requests.cpu", "requests.memory",
    "requests.ephemeral-storage", "limits.cpu", "limits.memory", "limits.ephemeral-storage",
    "storage", "requests.storage", *_COUNT_RESOURCES})
STANDARD_QUOTA_RESOURCES = frozenset({
    "cpu", "memory", "ephemeral-storage", "requests.cpu", "requests.memory", "requests.storage",
    "requests.ephemeral-storage", "limits.cpu", "limits.memory", "limits.ephemeral-storage",
    *_COUNT_RESOURCES})
INTEGER_RESOURCES = frozenset(_COUNT_RESOURCES)
SUPPORTED_POD_LEVEL_RESOURCES = ("cpu", "memory")
MIRROR_POD_ANNOTATION = "kubernetes.io/config.mirror"


def is_hugepages(name: str) -> bool:
    return name.startswith(HUGEPAGES_PREFIX)


def is_native(name: str) -> bool:
    """helper.IsNativeResource: no domain, or anything containing ``kubernetes.io/``."""
    return "/" not in name or "kubernetes.io/" in name


def is_extended(name: str) -> bool:
    """helper.IsExtendedResourceName."""
    if is_native(name) or name.startswith("requests."):
        return False
    return not names.is_qualified_name("requests." + name)


def is_overcommit_allowed(name: str) -> bool:
    return is_native(name) and not is_hugepages(name)


def is_integer_resource(name: str) -> bool:
    return name in INTEGER_RESOURCES or is_extended(name)


def _is_quota_hugepages(name: str) -> bool:
    return name.startswith(HUGEPAGES_PREFIX) or name.startswith(REQUESTS_HUGEPAGES_PREFIX)


def validate_resource_name(name: str, path: Path) -> list[FieldError]:
    """validateResourceName: qualified name, and standard when it has no domain."""
    errs = [invalid(path, name, m) for m in names.is_qualified_name(name)]
    if errs:
        return errs
    if "/" not in name and not (name in STANDARD_RESOURCES or _is_quota_hugepages(name)):
        return [invalid(path, name, "must be a standard resource type or fully qualified")]
    return []


def validate_container_resource_name(name: str, path: Path) -> list[FieldError]:
    """ValidateContainerResourceName (keeps the generic errors, then adds its own)."""
    errs = validate_resource_name(name, path)
    if "/" not in name:
        if not (name in STANDARD_CONTAINER_RESOURCES or is_hugepages(name)):
            return errs + [invalid(path, name, "must be a standard resource for containers")]
    elif not is_native(name) and not is_extended(name):
        return errs + [invalid(path, name, "doesn't follow extended resource name standard")]
    return errs


def validate_pod_resource_name(name: str, path: Path) -> list[FieldError]:
    """validatePodResourceName (pod-level ``spec.resources``)."""
    errs = validate_resource_name(name, path)
    if errs:
        return errs
    if not (name in SUPPORTED_POD_LEVEL_RESOURCES or is_hugepages(name)):
        return [not_supported(path, name, list(SUPPORTED_POD_LEVEL_RESOURCES))]
    return []


def validate_quota_resource_name(name: str, path: Path) -> list[FieldError]:
    """ValidateResourceQuotaResourceName."""
    errs = validate_resource_name(name, path)
    if "/" not in name and not (name in STANDARD_QUOTA_RESOURCES or _is_quota_hugepages(name)):
        return errs + [invalid(path, name, "must be a standard resource for quota")]
    return errs


def validate_quantity_value(name: str, q: Quantity, path: Path) -> list[FieldError]:
    """ValidateResourceQuantityValue: non-negative, whole for count/extended resources."""
    errs: list[FieldError] = []
    if q.sign() < 0:
        errs.append(invalid(path, qstr(q), "must be greater than or equal to 0"))
    if is_integer_resource(name) and q.milli_value() % 1000 != 0:
        errs.append(invalid(path, qstr(q), "must be an integer"))
    return errs


def _hugepage_value_error(name: str, q: Quantity) -> str | None:
    try:
        page = parse_quantity(name[len(HUGEPAGES_PREFIX):])
    except (QuantityError, ValueError):
        page = None
    ok = (page is not None and page.sign() > 0 and page.milli_value() % 1000 == 0
          and q.value() % page.value() == 0)
    return None if ok else f"{qstr(q)} is not positive integer multiple of {name}"


# ---------------------------------------------------------------------------
# resource requirements (validateResourceRequirements / validateResourceClaimNames)


def validate_resource_claim_names(claims: list | None, pod_claim_names: set[str],
                                  path: Path) -> list[FieldError]:
    """Container ``resources.claims[]`` must name a pod claim, once (per request)."""
    errs: list[FieldError] = []
    seen: set[str] = set()
    for i, claim in enumerate(claims or []):
        p = path.index(i)
        name = (claim or {}).get("name") or ""
        if not name:
            errs.append(required(p))
            continue
        if name in seen:
            errs.append(duplicate(p, name))
        else:
            key = name
            request = claim.get("request") or ""
            if request:
                errs += [invalid(p.child("request"), request, m)
                         for m in names.is_dns1123_label(request)]
                key += "/" + request
            if key in seen:
                errs.append(duplicate(p, key))
            elif not request:
                for k in sorted(seen):
                    if "/" in k and k.split("/", 1)[0] == name:
                        errs.append(duplicate(p, name))
            seen.add(key)
        if name not in pod_claim_names:
            detail = "must be one of the names in pod.spec.resourceClaims"
            if not pod_claim_names:
                detail += " which is empty"
            else:
                detail += ": " + ", ".join(sorted(pod_claim_names))
            errs.append(FieldError("NotFound", str(p), name, detail))
    return errs


def validate_resource_requirements(res: dict | None, pod_claim_names: set[str], path: Path,
                                   name_fn=validate_container_resource_name) -> list[FieldError]:
    """validateResourceRequirements for a container (or pod-level with another name_fn)."""
    res = res or {}
    errs: list[FieldError] = []
    lim_path, req_path = path.child("limits"), path.child("requests")
    limits: dict = res.get("limits") or {}
    requests: dict = res.get("requests") or {}
    lim_cm = req_cm = lim_hp = req_hp = False
    parsed_limits: dict[str, Quantity] = {}
    for name in sorted(limits):
        p = lim_path.key(name)
        errs += name_fn(name, p)
        q = qty(limits[name], p, errs)
        if q is None:
            continue
        parsed_limits[name] = q
        errs += validate_quantity_value(name, q, p)
        if is_hugepages(name):
            lim_hp = True
            msg = _hugepage_value_error(name, q)
            if msg:
                errs.append(invalid(p, qstr(q), msg))
        lim_cm = lim_cm or name in ("cpu", "memory")
    for name in sorted(requests):
        p = req_path.key(name)
        errs += name_fn(name, p)
        q = qty(requests[name], p, errs)
        if q is None:
            continue
        errs += validate_quantity_value(name, q, p)
        if name in limits:
            lq = parsed_limits.get(name)
            if lq is not None:
                c = q.cmp(lq)
                if c != 0 and not is_overcommit_allowed(name):
                    errs.append(invalid(req_path, qstr(q),
                                        f"must be equal to {name} limit of {qstr(lq)}"))
                elif c > 0:
                    errs.append(invalid(req_path, qstr(q),
                                        f"must be less than or equal to {name} limit of {qstr(lq)}"))
        elif not is_overcommit_allowed(name):
            errs.append(required(lim_path, "Limit must be set for non overcommitable resources"))
        if is_hugepages(name):
            req_hp = True
            msg = _hugepage_value_error(name, q)
            if msg:
                errs.append(invalid(p, qstr(q), msg))
        req_cm = req_cm or name in ("cpu", "memory")
    if not lim_cm and not req_cm and (req_hp or lim_hp):
        errs.append(forbidden(path, "HugePages require cpu or memory"))
    errs += validate_resource_claim_names(res.get("claims"), pod_claim_names, path.child("claims"))
    return errs


# ---------------------------------------------------------------------------
# pod spec


def _go_pod_claim(claim: dict) -> dict:
    """The internal core.PodResourceClaim as json.Marshal prints it (no json tags).

    Unverified: assumes pkg/apis/core types carry no json tags, as they did historically.
    """
    return {"Name": claim.get("name") or "",
            "ResourceClaimName": claim.get("resourceClaimName"),
            "ResourceClaimTemplateName": claim.get("resourceClaimTemplateName")}


def validate_pod_resource_claims(meta: dict | None, claims: list | None,
                                 path: Path) -> list[FieldError]:
    """validatePodResourceClaims: DNS-label names, unique, exactly one source."""
    errs: list[FieldError] = []
    seen: set[str] = set()
    mirror = MIRROR_POD_ANNOTATION in ((meta or {}).get("annotations") or {})
    for i, claim in enumerate(claims or []):
        claim = claim or {}
        if mirror:
            errs.append(forbidden(Path(), "static pods do not support resource claims"))
            continue
        p = path.index(i)
        name = claim.get("name") or ""
        if not name:
            errs.append(required(p.child("name")))
        elif name in seen:
            errs.append(duplicate(p.child("name"), name))
        else:
            errs += [invalid(p.child("name"), name, m) for m in names.is_dns1123_label(name)]
            seen.add(name)
        rcn, rctn = claim.get("resourceClaimName"), claim.get("resourceClaimTemplateName")
        if rcn is not None and rctn is not None:
            errs.append(invalid(p, _go_pod_claim(claim), "at most one of `resourceClaimName` or "
                                "`resourceClaimTemplateName` may be specified"))
        if rcn is None and rctn is None:
            errs.append(invalid(p, _go_pod_claim(claim),
                                "must specify one of: `resourceClaimName`, `resourceClaimTemplateName`"))
        if rcn is not None:
            errs += [invalid(p.child("resourceClaimName"), rcn, m)
                     for m in names.is_dns1123_subdomain(str(rcn))]
        if rctn is not None:
            errs += [invalid(p.child("resourceClaimTemplateName"), rctn, m)
                     for m in names.is_dns1123_subdomain(str(rctn))]
    return errs


_PULL_POLICIES = ["Always", "IfNotPresent", "Never"]
_TERMINATION_MESSAGE_POLICIES = ["File", "FallbackToLogsOnError"]
_RESTART_POLICIES = ["Always", "OnFailure", "Never"]
_EPHEMERAL_FORBIDDEN = ("ports", "resources", "livenessProbe", "readinessProbe", "startupProbe",
                        "lifecycle")


def _validate_container_common(c: dict, claim_names: set[str], path: Path) -> list[FieldError]:
    errs: list[FieldError] = []
    name = c.get("name") or ""
    if not name:
        errs.append(required(path.child("name")))
    else:
        errs += [invalid(path.child("name"), name, m) for m in names.is_dns1123_label(name)]
    if not c.get("image"):
        errs.append(required(path.child("image")))
    # validateTerminationMessagePolicy and validatePullPolicy: "" is Required (defaulting
    # fills both first, so only an undefaulted container shows it)
    tmp = c.get("terminationMessagePolicy")
    if not tmp:
        errs.append(required(path.child("terminationMessagePolicy")))
    elif tmp not in _TERMINATION_MESSAGE_POLICIES:
        errs.append(not_supported(path.child("terminationMessagePolicy"), tmp,
                                  _TERMINATION_MESSAGE_POLICIES))
    ipp = c.get("imagePullPolicy")
    if not ipp:
        errs.append(required(path.child("imagePullPolicy")))
    elif ipp not in _PULL_POLICIES:
        errs.append(not_supported(path.child("imagePullPolicy"), ipp, _PULL_POLICIES))
    errs += validate_resource_requirements(c.get("resources"), claim_names, path.child("resources"))
    return errs


def _validate_containers(containers: list | None, claim_names: set[str],
                         path: Path) -> list[FieldError]:
    if not containers:
        return [required(path)]
    errs: list[FieldError] = []
    seen: set[str] = set()
    for i, c in enumerate(containers):
        c = c or {}
        errs += _validate_container_common(c, claim_names, path.index(i))
        n = c.get("name") or ""
        if n in seen:
            errs.append(duplicate(path.index(i).child("name"), n))
        else:
            seen.add(n)
    return errs


def _validate_init_containers(inits: list | None, regular: list | None, claim_names: set[str],
                              path: Path) -> list[FieldError]:
    errs: list[FieldError] = []
    seen = {(c or {}).get("name") or "" for c in regular or []}
    for i, c in enumerate(inits or []):
        c = c or {}
        errs += _validate_container_common(c, claim_names, path.index(i))
        n = c.get("name") or ""
        if n in seen:
            errs.append(duplicate(path.index(i).child("name"), n))
        elif n:
            seen.add(n)
    return errs


def _validate_ephemeral_containers(eph: list | None, regular: list | None, inits: list | None,
                                   claim_names: set[str], path: Path) -> list[FieldError]:
    errs: list[FieldError] = []
    other = {(c or {}).get("name") or "" for c in (regular or []) + (inits or [])}
    seen = set(other)
    for i, c in enumerate(eph or []):
        c = c or {}
        p = path.index(i)
        errs += _validate_container_common(c, claim_names, p)
        n = c.get("name") or ""
        if n in seen:
            errs.append(duplicate(p.child("name"), n))
        else:
            seen.add(n)
        target = c.get("targetContainerName") or ""
        if target and target not in other:
            errs.append(FieldError("NotFound", str(p.child("targetContainerName")), target, ""))
        for fld in _EPHEMERAL_FORBIDDEN:
            if not is_empty(c.get(fld)):
                errs.append(forbidden(p.child(fld), "cannot be set for an Ephemeral Container"))
    return errs


def _is_restartable_init(c: dict) -> bool:
    return (c or {}).get("restartPolicy") == "Always"


def _qmap(rl: dict | None) -> dict[str, Quantity]:
    out: dict[str, Quantity] = {}
    for k, v in (rl or {}).items():
        try:
            out[k] = parse_quantity(str(v))
        except (QuantityError, ValueError):
            continue
    return out


def _add_into(dst: dict[str, Quantity], src: dict[str, Quantity]) -> None:
    for k, v in src.items():
        dst[k] = dst[k] + v if k in dst else v


def aggregate_container(spec: dict, which: str) -> dict[str, Quantity]:
    """component-helpers AggregateContainerRequests/Limits: max(sum+sidecars, init peaks)."""
    total: dict[str, Quantity] = {}
    for c in spec.get("containers") or []:
        _add_into(total, _qmap(get(c, "resources", which)))
    sidecars: dict[str, Quantity] = {}
    init_max: dict[str, Quantity] = {}
    for c in spec.get("initContainers") or []:
        r = _qmap(get(c, "resources", which))
        if _is_restartable_init(c):
            _add_into(total, r)
            _add_into(sidecars, r)
            tmp = dict(sidecars)
        else:
            tmp = dict(r)
            _add_into(tmp, sidecars)
        for k, v in tmp.items():
            if k not in init_max or v > init_max[k]:
                init_max[k] = v
    for k, v in init_max.items():
        if k not in total or v > total[k]:
            total[k] = v
    return total


def _validate_pod_level_resources(spec: dict, claim_names: set[str],
                                  path: Path) -> list[FieldError]:
    """validatePodResources + validatePodResourceConsistency (gate PodLevelResources)."""
    res = spec.get("resources")
    if res is None:
        return []
    rp = path.child("resources")
    if get(spec, "os", "name") == "windows":
        return [forbidden(rp, "may not be set for a windows pod")]
    errs: list[FieldError] = []
    if res.get("claims") is not None:
        errs.append(forbidden(rp.child("claims"), "claims may not be set for Resources at pod-level"))
    # validatePodResourceRequirements gets the whole block, claims included, so pod-level
    # claim names are checked against spec.resourceClaims as well (k/k @ abe8f409).
    errs += validate_resource_requirements(res, claim_names, rp, validate_pod_resource_name)
    pod_req, pod_lim = _qmap(res.get("requests")), _qmap(res.get("limits"))
    aggr = aggregate_container(spec, "requests")
    for name in sorted(aggr):
        if name in pod_req and aggr[name] > pod_req[name]:
            errs.append(invalid(rp.child("requests").key(name), qstr(pod_req[name]),
                                f"must be greater than or equal to aggregate container requests "
                                f"of {qstr(aggr[name])}"))
    aggr_lim = aggregate_container(spec, "limits")
    for name in sorted(aggr_lim):
        if is_hugepages(name) and name in pod_lim and aggr_lim[name] > pod_lim[name]:
            errs.append(invalid(rp.child("limits").key(name), qstr(pod_lim[name]),
                                f"must be greater than or equal to aggregate container limits "
                                f"of {qstr(aggr_lim[name])}"))
    for i, c in enumerate(spec.get("containers") or []):
        lims = _qmap(get(c, "resources", "limits"))
        for name in sorted(lims):
            if name in pod_lim and lims[name] > pod_lim[name]:
                # Upstream quirk kept: the path is resources.containers[i][<name>].limits.
                errs.append(invalid(rp.child("containers").index(i).key(name).child("limits"),
                                    qstr(lims[name]),
                                    f"must be less than or equal to pod limits of {qstr(pod_lim[name])}"))
    return errs


def _validate_scheduling_group(sg: dict, path: Path) -> list[FieldError]:
    p = path.child("podGroupName")
    name = sg.get("podGroupName")
    if name is None:
        return [invalid(p, None, "must specify one of: `podGroupName`")]
    return [invalid(p, name, m) for m in names.is_dns1123_subdomain(str(name))]


def _text(v: Any) -> str:
    return v if isinstance(v, str) else ""


def toleration_fields(t: dict) -> tuple[str, str, str, str]:
    """key, operator, value and effect of a core toleration, a field left out read as "" (Go
    compares the struct, so the two are the same): its identity but for tolerationSeconds."""
    return (_text(t.get("key")), _text(t.get("operator")), _text(t.get("value")),
            _text(t.get("effect")))


def go_toleration(t: dict) -> GoRendered:
    """A toleration as a bad value: the whole internal core.Toleration, rendered as drakit
    renders internal structs (Go field names in declaration order); not checked against a
    live server, so no scenario pins this text."""
    key, op, value, effect = toleration_fields(t)
    return GoRendered({"Key": key, "Operator": op, "Value": value, "Effect": effect,
                       "TolerationSeconds": t.get("tolerationSeconds")})


def comparison_operators_allowed(ctx: Context, old_pod: dict | None) -> bool:
    """k/k pkg/api/pod allowTaintTolerationComparisonOperators: Lt and Gt pass with the gate
    on, or when the stored pod already uses one (so it stays updatable with the gate off)."""
    if ctx.enabled("TaintTolerationComparisonOperators"):
        return True
    tols = get(old_pod, "spec", "tolerations") if old_pod else None
    return any(isinstance(t, dict) and t.get("operator") in ("Lt", "Gt")
               for t in (tols if isinstance(tols, list) else ()))


def validate_tolerations(tolerations: Any, path: Path, allow_comparison: bool) -> list[FieldError]:
    """k/k pkg/apis/core/validation ValidateTolerations, in its order per toleration: the key
    a label name; an empty key only with Exists; tolerationSeconds only with NoExecute; the
    operator (Equal or empty: the value a label value, reported at .operator as upstream
    does; Exists: no value; anything else NotSupported); a set effect one of the taint
    effects. Lt and Gt (TaintTolerationComparisonOperators, alpha since 1.35) pass only with
    the gate on or when the stored pod already uses them; their numeric value rules are
    not modelled (their wording is not known here), so with the gate on any value passes."""
    errs: list[FieldError] = []
    for i, tol in enumerate(tolerations if isinstance(tolerations, list) else ()):
        if not isinstance(tol, dict):
            continue
        p = path.index(i)
        key, op, value, effect = toleration_fields(tol)
        if key:
            errs += [invalid(p.child("key"), key, m) for m in names.is_qualified_name(key)]
        if not key and op != "Exists":
            errs.append(invalid(p.child("operator"), op, "operator must be Exists when `key` is "
                                'empty, which means "match all values and all keys"'))
        if tol.get("tolerationSeconds") is not None and effect != "NoExecute":
            errs.append(invalid(p.child("effect"), effect,
                                "effect must be 'NoExecute' when `tolerationSeconds` is set"))
        if op in ("Equal", ""):
            msgs = names.is_label_value(value)
            if msgs:
                errs.append(invalid(p.child("operator"), value, ";".join(msgs)))
        elif op == "Exists":
            if value:
                errs.append(invalid(p.child("operator"), go_toleration(tol),
                                    "value must be empty when `operator` is 'Exists'"))
        elif not (allow_comparison and op in ("Lt", "Gt")):
            errs.append(not_supported(p.child("operator"), op, list(TOLERATION_OPERATORS)))
        if effect and effect not in NODE_TAINT_EFFECTS:
            errs.append(not_supported(p.child("effect"), effect, NODE_TAINT_EFFECTS))
    return errs


def validate_only_added_tolerations(new: Any, old: Any, path: Path,
                                    allow_comparison: bool) -> list[FieldError]:
    """k/k validateOnlyAddedTolerations (ValidatePodUpdate): every stored toleration is still
    there, equal but for its tolerationSeconds (one Forbidden at the list, then stop); then
    the new list is validated again, so an invalid toleration is reported twice on update."""
    new_fields = {toleration_fields(t) for t in (new if isinstance(new, list) else ())
                  if isinstance(t, dict)}
    for o in (old if isinstance(old, list) else ()):
        if isinstance(o, dict) and toleration_fields(o) not in new_fields:
            return [forbidden(path, "existing toleration can not be modified except its tolerationSeconds")]
    return validate_tolerations(new, path, allow_comparison)


_MAX_INT32 = (1 << 31) - 1


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _active_deadline_update(new: Any, old: Any, path: Path) -> tuple[list[FieldError], bool]:
    """ValidatePodUpdate's rule for spec.activeDeadlineSeconds: set from nothing, or lowered
    (to 0 at least); never raised, never removed. Upstream returns at once when it refuses
    the new value itself (the second item: stop), not when the value was removed."""
    n, o = _int(new), _int(old)
    if n is not None:
        if n < 0 or n > _MAX_INT32:
            return [invalid(path, n, f"must be between 0 and {_MAX_INT32}, inclusive")], True
        if o is not None and o < n:
            return [invalid(path, n, "must be less than or equal to previous value")], True
    elif o is not None:
        return [invalid(path, None, "must not update from a positive integer to nil value")], False
    return [], False


def _only_deleted_scheduling_gates(new: Any, old: Any, path: Path) -> list[FieldError]:
    """validateOnlyDeletedSchedulingGates: a gate the stored pod does not have is Forbidden at
    its name (upstream walks a map, so several such gates come in random order; drakit
    reports them by index)."""
    new_names = [g.get("name") for g in (new if isinstance(new, list) else ()) if isinstance(g, dict)]
    if not new_names:
        return []
    old_names = {g.get("name") for g in (old if isinstance(old, list) else ()) if isinstance(g, dict)}
    added = {name: i for i, name in enumerate(new_names) if name not in old_names}
    return [forbidden(path.index(i).child("name"),
                      f"only deletion is allowed, but found new scheduling gate '{name}'")
            for name, i in sorted(added.items(), key=lambda kv: kv[1])]


def _node_selector_additions_only(new: Any, old: Any, path: Path) -> list[FieldError]:
    """validateNodeSelectorMutation (a gated pod): every stored key keeps its value."""
    new_sel = new if isinstance(new, dict) else {}
    for k, v in (old if isinstance(old, dict) else {}).items():
        if k not in new_sel or new_sel[k] != v:
            return [invalid(path, new if isinstance(new, dict) else None,
                            "only additions to spec.nodeSelector are allowed (no mutations or deletions)")]
    return []


def uses_pod_level_resources(pod: dict | None) -> bool:
    res = get(pod, "spec", "resources")
    return bool(res) and bool((res.get("requests") or {}) or (res.get("limits") or {}))


def validate_pod_spec(spec: dict, meta: dict | None, path: Path, ctx: Context,
                      old_pod: dict | None = None) -> list[FieldError]:
    """The DRA-relevant subset of ValidatePodSpec, in upstream order."""
    errs: list[FieldError] = []
    claims = spec.get("resourceClaims") or []
    claim_names = {c.get("name") for c in claims if c and c.get("name")}
    errs += validate_pod_resource_claims(meta, claims, path.child("resourceClaims"))
    errs += _validate_containers(spec.get("containers"), claim_names, path.child("containers"))
    errs += _validate_init_containers(spec.get("initContainers"), spec.get("containers"),
                                      claim_names, path.child("initContainers"))
    errs += _validate_ephemeral_containers(spec.get("ephemeralContainers"), spec.get("containers"),
                                           spec.get("initContainers"), claim_names,
                                           path.child("ephemeralContainers"))
    if ctx.enabled("PodLevelResources") or uses_pod_level_resources(old_pod):
        errs += _validate_pod_level_resources(spec, claim_names, path)
    rp = spec.get("restartPolicy")
    if rp is not None and rp not in _RESTART_POLICIES:
        errs.append(required(path.child("restartPolicy")) if rp == "" else
                    not_supported(path.child("restartPolicy"), rp, _RESTART_POLICIES))
    node = spec.get("nodeName") or ""
    if node:
        errs += [invalid(path.child("nodeName"), node, m) for m in names.is_dns1123_subdomain(node)]
    deadline = _int(spec.get("activeDeadlineSeconds"))
    if deadline is not None and not 1 <= deadline <= _MAX_INT32:
        errs.append(invalid(path.child("activeDeadlineSeconds"), deadline,
                            f"must be between 1 and {_MAX_INT32}, inclusive"))
    if spec.get("tolerations"):
        errs += validate_tolerations(spec["tolerations"], path.child("tolerations"),
                                     comparison_operators_allowed(ctx, old_pod))
    overhead = spec.get("overhead")
    if overhead is not None:
        # validateOverhead reuses the container rules with the overhead as limits, so the
        # errors read spec.overhead.limits[<name>] (k/k validation.go @ abe8f409).
        errs += validate_resource_requirements({"limits": overhead if isinstance(overhead, dict) else {}},
                                               set(), path.child("overhead"))
    if spec.get("schedulingGroup") is not None:
        errs += _validate_scheduling_group(spec["schedulingGroup"] or {}, path.child("schedulingGroup"))
    return errs


def validate_pod_deletion_cost(pod: dict, old: dict | None, ctx: Context) -> list[FieldError]:
    """The pod-deletion-cost part of ValidatePodSpecificAnnotations: a base-10 int32 without a
    plus sign or leading zero. Skipped (AllowInvalidPodDeletionCost) with the PodDeletionCost
    gate off, and on an update of a pod whose stored value is already invalid."""
    if not ctx.enabled("PodDeletionCost"):
        return []
    if old is not None and pod_deletion_cost(get(old, "metadata", "annotations")) is None:
        return []
    annotations = get(pod, "metadata", "annotations") or {}
    if pod_deletion_cost(annotations) is not None:
        return []
    return [invalid(root("metadata", "annotations").key(POD_DELETION_COST),
                    annotations.get(POD_DELETION_COST), "must be a 32bit integer")]


def _validate_pod_metadata_and_spec(pod: dict, ctx: Context,
                                    old: dict | None = None) -> list[FieldError]:
    spec_path = Path("spec")
    spec = pod.get("spec") or {}
    # validatePodMetadataAndSpec: ValidatePodSpecificAnnotations before ValidatePodSpec
    errs = validate_pod_deletion_cost(pod, old, ctx)
    errs += validate_pod_spec(spec, pod.get("metadata"), spec_path, ctx, old)
    tgps = spec.get("terminationGracePeriodSeconds")
    if isinstance(tgps, int) and tgps < 0:
        errs.append(invalid(spec_path.child("terminationGracePeriodSeconds"), tgps,
                            "must be greater than or equal to 0"))
    for fld in ("containers", "initContainers"):
        for i, c in enumerate(spec.get(fld) or []):
            image = (c or {}).get("image") or ""
            if image != image.strip():
                errs.append(invalid(spec_path.child(fld).index(i).child("image"), image,
                                    "must not have leading or trailing whitespace"))
    return errs


# ---------------------------------------------------------------------------
# pod status (ValidatePodStatusUpdate, DRA parts)


SYSTEM_POD_CONDITIONS = ("PodScheduled", "Ready", "Initialized")


def validate_pod_conditions(conditions: Any, path: Path) -> list[FieldError]:
    """validatePodConditions (k/k pkg/apis/core/validation, 1.34-1.37): a condition's
    observedGeneration is not negative (KEP-5067), and a type other than the three system
    ones is a qualified name, reported at ``.Type`` (the Go field name, as upstream's
    path says)."""
    errs: list[FieldError] = []
    for i, cond in enumerate(conditions if isinstance(conditions, list) else ()):
        cond = cond if isinstance(cond, dict) else {}
        p = path.index(i)
        generation = cond.get("observedGeneration")
        if isinstance(generation, int) and generation < 0:
            errs.append(invalid(p.child("observedGeneration"), generation,
                                "must be a non-negative integer"))
        ctype = str(cond.get("type") or "")
        if ctype not in SYSTEM_POD_CONDITIONS:
            errs += [invalid(p.child("Type"), ctype, m) for m in names.is_qualified_name(ctype)]
    return errs


RESOURCE_HEALTH_VALUES = ("Healthy", "Unhealthy", "Unknown")  # sets.List: sorted
RESOURCE_HEALTH_MESSAGE_MAX = 1024  # v1.ResourceHealthMessageMaxLength (1.36)
_CLAIM_PREFIX = "claim:"


def validate_allocated_resources_status(statuses: Any, path: Path, containers: Any,
                                        pod_status: dict, version: str) -> list[FieldError]:
    """validateContainerStatusAllocatedResourcesStatus (KEP-4680 resource health; read from
    1.33-1.37-cycle copies of k/k pkg/apis/core/validation): each entry's name is one of the
    container's claims as "claim:<claim>[/<request>]" or one of its resource requests (only
    when the status names a container of the spec list), each resource's health is Healthy,
    Unhealthy or Unknown and its resourceID unique in the entry; from 1.36 (kubernetes#135196)
    a message, when sent, is 1..1024 bytes; from 1.37 (kubernetes#139941) a "claim:" name may
    also name a request of the pod's extendedResourceClaimStatus for one of the container's
    nonzero extended resources, and the claim message changed."""
    minor = _minor(version)
    errs: list[FieldError] = []
    by_name = {c.get("name"): c for c in (containers if isinstance(containers, list) else ())
               if isinstance(c, dict)}
    for i, cs in enumerate(statuses if isinstance(statuses, list) else ()):
        cs = cs if isinstance(cs, dict) else {}
        entries = cs.get("allocatedResourcesStatus")
        container = by_name.get(cs.get("name"))
        for j, entry in enumerate(entries if isinstance(entries, list) else ()):
            entry = entry if isinstance(entry, dict) else {}
            ep = path.index(i).child("allocatedResourcesStatus").index(j)
            name = str(entry.get("name") or "")
            if container is not None and not _names_container_resource(
                    name, container, pod_status, minor >= (1, 37)):
                errs.append(invalid(ep.child("name"), name, _allocated_name_error(name, minor)))
            seen: set[str] = set()
            resources = entry.get("resources")
            for k, r in enumerate(resources if isinstance(resources, list) else ()):
                r = r if isinstance(r, dict) else {}
                rp = ep.child("resources").index(k)
                health = str(r.get("health") or "")
                if health not in RESOURCE_HEALTH_VALUES:
                    errs.append(not_supported(rp.child("health"), health, list(RESOURCE_HEALTH_VALUES)))
                if minor >= (1, 36) and "message" in r:
                    message = str(r.get("message") or "")
                    if not message:
                        errs.append(required(rp.child("message"), "must be non-empty if specified"))
                    elif names.go_len(message) > RESOURCE_HEALTH_MESSAGE_MAX:
                        errs.append(too_long(rp.child("message"), RESOURCE_HEALTH_MESSAGE_MAX))
                resource_id = str(r.get("resourceID") or "")
                if resource_id in seen:
                    errs.append(duplicate(rp.child("resourceID"), resource_id))
                seen.add(resource_id)
    return errs


def _allocated_name_error(name: str, minor: tuple[int, int]) -> str:
    if not name.startswith(_CLAIM_PREFIX):
        return "must match one of the container's resource requests"
    if minor >= (1, 37):
        return ("must match one of the container's resource claims as "
                "'claim:<claimName>/<requestName>' when container.resources.claims[*].request "
                "is set or 'claim:<claimName>' when it is empty")
    return ("must match one of the container's resource claims in a format "
            "'claim:<claimName>/<request>' or 'claim:<claimName>' if request is empty")


def _names_container_resource(name: str, container: dict, pod_status: dict,
                              extended: bool) -> bool:
    resources = container.get("resources") if isinstance(container.get("resources"), dict) else {}
    if not name.startswith(_CLAIM_PREFIX):
        requests = resources.get("requests")
        return isinstance(requests, dict) and name in requests
    for c in resources.get("claims") or ():
        if isinstance(c, dict):
            claim = _CLAIM_PREFIX + str(c.get("name") or "")
            if c.get("request"):
                claim += "/" + str(c["request"])
            if claim == name:
                return True
    return extended and _names_extended_resource_request(name, container, pod_status)


def _names_extended_resource_request(name: str, container: dict, pod_status: dict) -> bool:
    """matchesExtendedResourceClaimStatus (kubernetes#139941): "claim:<claim>/<request>" of the
    pod's special claim, for a request mapped to this container's nonzero extended resource."""
    ext = pod_status.get("extendedResourceClaimStatus")
    claim_ref = name[len(_CLAIM_PREFIX):]
    claim, slash, request = claim_ref.partition("/")
    if not isinstance(ext, dict) or not claim or not slash or not request:
        return False
    if claim != ext.get("resourceClaimName"):
        return False
    requests = (container.get("resources") or {}).get("requests") or {}
    for m in ext.get("requestMappings") or ():
        if not isinstance(m, dict) or m.get("containerName") != container.get("name") \
                or m.get("requestName") != request:
            continue
        quantity = requests.get(m.get("resourceName")) if isinstance(requests, dict) else None
        if quantity is not None and not _is_zero_quantity(quantity):
            return True
    return False


def _is_zero_quantity(value: Any) -> bool:
    try:
        return parse_quantity(str(value)) == 0
    except QuantityError:
        return False


def validate_no_allocated_resources_status(statuses: Any, path: Path) -> list[FieldError]:
    """validateContainerStatusNoAllocatedResourcesStatus: ephemeral containers get none."""
    return [forbidden(path.index(i).child("allocatedResourcesStatus"),
                      "must not be specified in container status")
            for i, cs in enumerate(statuses if isinstance(statuses, list) else ())
            if isinstance(cs, dict) and cs.get("allocatedResourcesStatus")]


def validate_pod_resource_claim_statuses(statuses: list | None, pod_claims: list | None,
                                         path: Path, version: str) -> list[FieldError]:
    errs: list[FieldError] = []
    # kubernetes#137321 (1.36): the claim name's errors went to [i].name before
    claim_name_field = "resourceClaimName" if _minor(version) >= (1, 36) else "name"
    claim_names = {(c or {}).get("name") for c in pod_claims or []}
    seen: set[str] = set()
    for i, st in enumerate(statuses or []):
        st = st or {}
        p = path.index(i)
        name = st.get("name") or ""
        if name not in claim_names:
            errs.append(invalid(p.child("name"), name,
                                "must match the name of an entry in `spec.resourceClaims`"))
        if name in seen:
            errs.append(duplicate(p.child("name"), name))
        else:
            seen.add(name)
        rcn = st.get("resourceClaimName")
        if rcn is not None:
            errs += [invalid(p.child(claim_name_field), rcn, m)
                     for m in names.is_dns1123_subdomain(str(rcn))]
    return errs


def validate_extended_resource_claim_status(status: dict | None, spec: dict,
                                            path: Path) -> list[FieldError]:
    """validatePodExtendedResourceClaimStatus (api-truth §9.2, CVA2), incl. the requestName path."""
    if status is None:
        return []
    containers: dict[str, dict] = {}
    for c in (spec.get("initContainers") or []) + (spec.get("containers") or []):
        containers[(c or {}).get("name") or ""] = c or {}
    errs: list[FieldError] = []
    rm_path = path.child("requestMappings")
    mappings = status.get("requestMappings") or []
    if not mappings:
        errs.append(required(rm_path, "at least one request mapping is required"))
    seen: set[tuple[str, str, str]] = set()
    for i, rm in enumerate(mappings):
        rm = rm or {}
        p = rm_path.index(i)
        cname = rm.get("containerName") or ""
        rname = rm.get("resourceName") or ""
        req = rm.get("requestName") or ""
        c = containers.get(cname)
        if c is not None:
            if rname not in (get(c, "resources", "requests") or {}):
                errs.append(invalid(p.child("resourceName"), rname,
                                    "must match the extended resource name of an entry in "
                                    "spec.initContainers.resources.requests or "
                                    "spec.containers.resources.requests"))
        else:
            errs.append(invalid(p.child("containerName"), cname,
                                "must match the name of an entry in spec.initContainers.name or "
                                "spec.containers.name"))
        # Upstream quirk kept: no requestMappings[i] in this path.
        errs += [invalid(path.child("requestName"), req, m) for m in names.is_dns1123_label(req)]
        key = (cname, rname, req)
        if key in seen:
            errs.append(duplicate(p.child("containerName"), cname))
            errs.append(duplicate(p.child("resourceName"), rname))
            errs.append(duplicate(p.child("requestName"), req))
        seen.add(key)
    rcn = status.get("resourceClaimName") or ""
    if not rcn:
        errs.append(required(path.child("resourceClaimName")))
    else:
        errs += [invalid(path.child("resourceClaimName"), rcn, m)
                 for m in names.is_dns1123_subdomain(rcn)]
    return errs


def _node_allocatable_name_ok(name: str) -> bool:
    return is_native(name)


def _dict(v: Any) -> dict:
    return v if isinstance(v, dict) else {}


def _list(v: Any) -> list:
    return v if isinstance(v, list) else []


def _minor(version: str) -> tuple[int, int]:
    major, minor = version.split(".")[:2]
    return int(major), int(minor)


def validate_node_allocatable_claim_statuses(status: dict, spec: dict, path: Path,
                                             version: str) -> list[FieldError]:
    """validateNodeAllocatableResourceClaimStatus: 1.36 ``resources`` map, 1.37 ``mapping``.

    Every version: the claim must be one the pod references (spec or
    ``status.resourceClaimStatuses``), else "no mapping found in pod reference". From the
    first release with kubernetes/kubernetes#141556 (not 1.37, see drakit.upstream_bugs) the
    name in ``status.extendedResourceClaimStatus`` counts too.

    1.36 (api-truth §9.3, CV17): ``containers`` and ``resources`` must not be empty.
    1.37: ``containers``, ``mapping`` and ``overhead`` are all optional — the shipped types
    (k8s.io/api core/v1 NodeAllocatableResourceClaimStatus, published 1.37.0 OpenAPI: only
    ``resourceClaimName`` is required) and KEP-5517 alpha2 (kubernetes/kubernetes#140009,
    release note: "support unreferenced pod-level claims" and overhead-claim sharing), whose
    scheduler writes an unreferenced claim's entry without containers and an overhead-only
    claim's entry without mapping; test/integration/dra/node_allocatable_resources.go
    (UnreferencedClaimInPod, OverheadMappingsPerPod) expects those pods to schedule. The
    "must not be empty" rules of the intermediate commit abe8f409 (CVA2) did not ship.
    1.37 entries are further checked as k/k pkg/api/pod/declarative_validation_test.go
    (TestDeclarativeValidateNodeAllocatableStatus, newest stored revision) pins: claim names,
    container names, mapping and overhead names unique (Duplicate at the later index);
    mapping ``name``/``quantity`` and overhead ``name`` Required (empty detail); an overhead
    entry needs perPod or perContainer (Invalid at the entry, value ""); negative overhead
    amounts "must be non-negative". That revision is newer than 1.37.0; the checks belong to
    the 1.37 list types (kubernetes/kubernetes#140009), so drakit applies them from 1.37.
    """
    entries = _list(status.get("nodeAllocatableResourceClaimStatuses"))
    errs: list[FieldError] = []
    shape_136 = _minor(version) < (1, 37)
    spec_claims = {_dict(c).get("resourceClaimName") for c in _list(spec.get("resourceClaims"))}
    status_claims = {_dict(c).get("resourceClaimName") for c in _list(status.get("resourceClaimStatuses"))}
    if not has_bug(version, EXTENDED_RESOURCE_NODE_ALLOCATABLE):
        ext = _dict(status.get("extendedResourceClaimStatus")).get("resourceClaimName")
        if ext:
            status_claims.add(ext)
    spec_claims.discard(None)
    status_claims.discard(None)
    for i, e in enumerate(entries):
        e = _dict(e)
        p = path.index(i)
        rcn = e.get("resourceClaimName") or ""
        if not isinstance(rcn, str):
            rcn = str(rcn)
        if not rcn:
            errs.append(required(p.child("resourceClaimName"), "must not be empty"))
        if rcn not in spec_claims and rcn not in status_claims:
            errs.append(invalid(p.child("resourceClaimName"), rcn, "no mapping found in pod reference"))
        if shape_136 and not e.get("containers"):
            errs.append(required(p.child("containers"), "must not be empty"))
        if shape_136:
            resources = _dict(e.get("resources"))
            if not resources:
                errs.append(required(p.child("resources"), "must not be empty"))
            for name in sorted(resources, key=str):
                rp = p.child("resources").key(name)
                if not _node_allocatable_name_ok(name):
                    errs.append(invalid(rp, name, "must be a node allocatable resource name"))
                q = qty(resources[name], rp, errs)
                if q is not None and q.sign() < 0:
                    errs.append(invalid(rp, qstr(q), "must be non-negative"))
        else:
            errs += _unique(_list(e.get("containers")), lambda x: x, p.child("containers"))
            mp = p.child("mapping")
            mapping = _list(e.get("mapping"))
            errs += _unique(mapping, lambda m: _dict(m).get("name"), mp)
            for j, m in enumerate(mapping):
                m = _dict(m)
                ip = mp.index(j)
                name = m.get("name") or ""
                if not isinstance(name, str):
                    name = str(name)
                if not name:
                    errs.append(required(ip.child("name")))
                elif not _node_allocatable_name_ok(name):
                    errs.append(invalid(ip.child("name"), name, "must be a node allocatable resource name"))
                if m.get("quantity") is None:
                    errs.append(required(ip.child("quantity")))
                    continue
                q = qty(m.get("quantity"), ip.child("quantity"), errs)
                if q is not None and q.sign() < 0:
                    errs.append(invalid(ip.child("quantity"), qstr(q), "must be non-negative"))
            op = p.child("overhead")
            overhead = _list(e.get("overhead"))
            errs += _unique(overhead, lambda o: _dict(o).get("name"), op)
            for j, o in enumerate(overhead):
                o = _dict(o)
                ip = op.index(j)
                if not o.get("name"):
                    errs.append(required(ip.child("name")))
                if o.get("perPod") is None and o.get("perContainer") is None:
                    errs.append(invalid(ip, "", "at least one of perPod or perContainer must be set"))
                for f in ("perPod", "perContainer"):
                    if o.get(f) is None:
                        continue
                    q = qty(o[f], ip.child(f), errs)
                    if q is not None and q.sign() < 0:
                        errs.append(invalid(ip.child(f), qstr(q), "must be non-negative"))
    if not shape_136:
        errs += _unique(entries, lambda e: _dict(e).get("resourceClaimName"), path)
    return errs


def _unique(items: list, key, path: Path) -> list[FieldError]:
    """+listType=map / +listType=set: a key seen before is Duplicate at the later index."""
    seen: set = set()
    out: list[FieldError] = []
    for i, item in enumerate(items):
        k = key(item)
        if k is None or k == "":
            continue
        try:
            hash(k)
        except TypeError:
            continue
        if k in seen:
            out.append(duplicate(path.index(i), k))
        seen.add(k)
    return out


# ---------------------------------------------------------------------------
# defaulting (core/v1 SetDefaults_*) and QoS


def _default_container(c: dict) -> None:
    c.setdefault("terminationMessagePath", "/dev/termination-log")
    if not c.get("terminationMessagePolicy"):
        c["terminationMessagePolicy"] = "File"
    if not c.get("imagePullPolicy"):
        # ParseImageName's error is ignored: an image that is missing or does not parse has
        # no tag, so IfNotPresent (validation reports the image itself)
        c["imagePullPolicy"] = imageref.default_pull_policy(str(c.get("image") or ""))
    for port in c.get("ports") or []:
        if isinstance(port, dict) and not port.get("protocol"):
            port["protocol"] = "TCP"


def _default_container_requests(c: dict) -> None:
    """SetDefaults_Pod: a container limit without a request becomes its request."""
    res = c.get("resources")
    if isinstance(res, dict) and res.get("limits"):
        req = res.setdefault("requests", {})
        for k, v in res["limits"].items():
            req.setdefault(k, v)


def _overcommit_allowed(name: str) -> bool:
    """helper.IsOvercommitAllowed: a native resource that is no hugepage."""
    return is_native(name) and not is_hugepages(name)


def _is_supported_pod_level(name: str) -> bool:
    """component-helpers IsSupportedPodLevelResource: cpu, memory and hugepages-*."""
    return name in SUPPORTED_POD_LEVEL_RESOURCES or is_hugepages(name)


def _default_hugepage_pod_limits(spec: dict) -> None:
    """defaultHugePagePodLimits (k/k pkg/apis/core/v1/defaults.go, 1.34-1.36): once
    pod-level requests or limits are set, a hugepage limit of the containers that the pod
    level neither limits nor requests becomes the pod-level limit (their aggregate)."""
    res = spec.get("resources")
    if not isinstance(res, dict) or (not res.get("limits") and not res.get("requests")):
        return
    lims = dict(res.get("limits") or {})
    reqs = res.get("requests") or {}
    aggr = aggregate_container(spec, "limits")
    for name in sorted(aggr):
        if is_hugepages(name) and name not in reqs and name not in lims:
            lims[name] = qstr(aggr[name])
    if lims:
        res["limits"] = lims


def _default_pod_requests(spec: dict) -> None:
    """defaultPodRequests (k/k pkg/apis/core/v1/defaults.go, 1.34-1.36): only when
    pod-level limits are set, a pod-level request left out becomes the containers'
    aggregate request for cpu and memory (AggregateContainerRequests, overcommittable
    resources only), else the pod-level limit."""
    res = spec.get("resources")
    if not isinstance(res, dict) or not res.get("limits"):
        return
    reqs = dict(res.get("requests") or {})
    aggr = aggregate_container(spec, "requests")
    for name in sorted(aggr):
        if name not in reqs and _is_supported_pod_level(name) and _overcommit_allowed(name):
            reqs[name] = qstr(aggr[name])
    for name, value in res["limits"].items():
        if name not in reqs and _is_supported_pod_level(name):
            reqs[name] = value
    if reqs:
        res["requests"] = reqs


def default_pod_spec(spec: dict, ctx: Context, pod: bool = True) -> None:
    """SetDefaults_PodSpec/Container: what a real API server adds to every pod it stores;
    with ``pod`` (a Pod, not a pod template) SetDefaults_Pod's resource defaults too."""
    if not spec.get("restartPolicy"):
        spec["restartPolicy"] = "Always"
    if not spec.get("dnsPolicy"):
        spec["dnsPolicy"] = "ClusterFirst"
    if not spec.get("schedulerName"):
        spec["schedulerName"] = "default-scheduler"
    spec.setdefault("terminationGracePeriodSeconds", 30)
    spec.setdefault("securityContext", {})
    spec.setdefault("enableServiceLinks", True)
    for fld in ("containers", "initContainers", "ephemeralContainers"):
        for c in spec.get(fld) or []:
            if isinstance(c, dict):
                _default_container(c)
    if not pod:
        return
    # SetDefaults_Pod, which "we only want ... on a v1.Pod and not a v1.PodTemplate": the
    # containers and init containers first, then (PodLevelResources) the pod level.
    # 1.37's PodLevelResourcesFixDefaulting (kubernetes/kubernetes#140514) moved the pod-level
    # part into the pod strategy and added pod-level limit defaults; drakit keeps the
    # 1.34-1.36 rules there (not read yet).
    for fld in ("containers", "initContainers"):
        for c in spec.get(fld) or []:
            if isinstance(c, dict):
                _default_container_requests(c)
    if ctx.enabled("PodLevelResources"):
        _default_hugepage_pod_limits(spec)
        _default_pod_requests(spec)


def compute_qos(pod: dict, ctx: Context) -> str:
    """qos.ComputePodQOS over cpu and memory."""
    spec = pod.get("spec") or {}
    if ctx.enabled("PodLevelResources") and uses_pod_level_resources(pod):
        groups = [spec.get("resources") or {}]
    else:
        groups = [(c or {}).get("resources") or {}
                  for c in (spec.get("containers") or []) + (spec.get("initContainers") or [])]
    requests: dict[str, Quantity] = {}
    limits: dict[str, Quantity] = {}
    guaranteed = True
    for res in groups:
        found_limits = set()
        for name, q in _qmap(res.get("requests")).items():
            if name in ("cpu", "memory") and q.sign() != 0:
                _add_into(requests, {name: q})
        for name, q in _qmap(res.get("limits")).items():
            if name in ("cpu", "memory") and q.sign() != 0:
                found_limits.add(name)
                _add_into(limits, {name: q})
        if found_limits != {"cpu", "memory"}:
            guaranteed = False
    if not requests and not limits:
        return "BestEffort"
    if guaranteed:
        for name, q in requests.items():
            if name not in limits or limits[name].cmp(q) != 0:
                guaranteed = False
                break
    if guaranteed and len(requests) == len(limits):
        return "Guaranteed"
    return "Burstable"


# ---------------------------------------------------------------------------
# strategies


def _drop_disabled_pod_spec(spec: dict, old: dict | None, ctx: Context) -> None:
    """podutil.dropDisabledFields, spec part.

    Unverified for 1.36/1.37 (api-truth §9.6): schedulingGroup (GenericWorkload) and
    pod-level resources (PodLevelResources) follow the standard drop-unless-in-use pattern.
    """
    version = tuple(int(x) for x in ctx.version.split("."))
    if version < (1, 36):
        # spec.schedulingGroup arrives in 1.36 (v1.36.0 OpenAPI); 1.35 has spec.workloadRef
        # behind GenericWorkload instead (v1.35.0 OpenAPI), 1.34 neither.
        spec.pop("schedulingGroup", None)
        if version < (1, 35) or (not ctx.enabled("GenericWorkload")
                                 and get(old, "spec", "workloadRef") is None):
            spec.pop("workloadRef", None)
    else:
        spec.pop("workloadRef", None)  # 1.36 replaced it with schedulingGroup
    if not ctx.enabled("GenericWorkload") and get(old, "spec", "schedulingGroup") is None:
        spec.pop("schedulingGroup", None)
    if not ctx.enabled("PodLevelResources") and not uses_pod_level_resources(old):
        spec.pop("resources", None)


def _drop_disabled_pod_status(status: dict, old: dict | None, ctx: Context) -> None:
    """podutil.dropDisabledPodStatusFields, DRA part.

    extendedResourceClaimStatus: read in k/k pkg/api/pod/util.go (1.34 era).
    nodeAllocatableResourceClaimStatuses: unverified, standard pattern assumed.
    """
    if not ctx.enabled("DRAExtendedResource") and get(old, "status", "extendedResourceClaimStatus") is None:
        status.pop("extendedResourceClaimStatus", None)
    _drop_disabled_resource_health(status, old, ctx)
    if (not ctx.enabled("DRANodeAllocatableResources")
            and not get(old, "status", "nodeAllocatableResourceClaimStatuses")):
        status.pop("nodeAllocatableResourceClaimStatuses", None)
    # KEP-5067 (k/k pkg/api/pod/util.go dropDisabledPodStatusFields and
    # podObservedGenerationTrackingInUse): without PodObservedGenerationTracking (off only at
    # 1.34) a status write clears every observedGeneration unless the old status had one
    old_status = get(old, "status") if isinstance(get(old, "status"), dict) else {}
    if not ctx.enabled("PodObservedGenerationTracking") and not (
            old_status.get("observedGeneration")
            or any(isinstance(c, dict) and c.get("observedGeneration")
                   for c in old_status.get("conditions") or ())):
        status.pop("observedGeneration", None)
        for c in status.get("conditions") or ():
            if isinstance(c, dict):
                c.pop("observedGeneration", None)


_CONTAINER_STATUS_LISTS = ("containerStatuses", "initContainerStatuses", "ephemeralContainerStatuses")


def _container_statuses(status: Any) -> list[dict]:
    """The container, init container and ephemeral container statuses, in upstream's order."""
    if not isinstance(status, dict):
        return []
    return [cs for list_name in _CONTAINER_STATUS_LISTS
            for cs in status.get(list_name) or () if isinstance(cs, dict)]


def _resource_health_entries(status: Any) -> list[dict]:
    """Every allocatedResourcesStatus entry of a pod status."""
    return [e for cs in _container_statuses(status)
            if isinstance(cs.get("allocatedResourcesStatus"), list)
            for e in cs["allocatedResourcesStatus"] if isinstance(e, dict)]


def _drop_disabled_resource_health(status: dict, old: dict | None, ctx: Context) -> None:
    """dropDisabledPodStatusFields, KEP-4680: without ResourceHealthStatus the containers'
    allocatedResourcesStatus go (up to 1.35 always; from 1.36 unless the stored status has
    some, resourceHealthStatusInUse), without ResourceHealthStatusMessage (1.36+) the
    resources' messages go unless the stored status has one. From 1.37-cycle copies of
    pkg/api/pod/util.go; that 1.36 already ratchets is assumed (it came with the message)."""
    old_status = get(old, "status")
    ratchets = _minor(ctx.version) >= (1, 36)
    if not ctx.enabled("ResourceHealthStatus") and not (
            ratchets and any(cs.get("allocatedResourcesStatus")
                             for cs in _container_statuses(old_status))):
        for cs in _container_statuses(status):
            cs.pop("allocatedResourcesStatus", None)
    if ratchets and not ctx.enabled("ResourceHealthStatusMessage") and not any(
            isinstance(r, dict) and "message" in r
            for e in _resource_health_entries(old_status) for r in e.get("resources") or ()):
        for e in _resource_health_entries(status):
            for r in e.get("resources") or ():
                if isinstance(r, dict):
                    r.pop("message", None)


UPDATABLE_POD_SPEC_FIELDS = (
    "`spec.containers[*].image`",
    "`spec.initContainers[*].image`",
    "`spec.activeDeadlineSeconds`",
    "`spec.tolerations` (only additions to existing tolerations)",
    "`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)",
)
POD_UPDATE_FORBIDDEN_PREFIX = ("pod updates may not change fields other than "
                               + ",".join(UPDATABLE_POD_SPEC_FIELDS))


def decode_stored_pod(obj: dict, ctx: Context) -> None:
    """A stored pod read by another release after an upgrade or downgrade (KEP-5517 shape
    change, api-truth §4.2): 1.37 tombstoned the entries' ``resources`` map (protobuf 3) and
    1.36 knows no ``mapping``/``overhead`` lists; releases before 1.36 have no
    ``nodeAllocatableResourceClaimStatuses`` at all. The protobuf decoder drops unknown
    fields, so the other release's parts are gone when the pod is read."""
    status = obj.get("status")
    if not isinstance(status, dict) or "nodeAllocatableResourceClaimStatuses" not in status:
        return
    version = _minor(ctx.version)
    if version < (1, 36):
        status.pop("nodeAllocatableResourceClaimStatuses", None)
        return
    drop = ("resources",) if version >= (1, 37) else ("mapping", "overhead")
    for entry in _list(status.get("nodeAllocatableResourceClaimStatuses")):
        if isinstance(entry, dict):
            for k in drop:
                entry.pop(k, None)


class PodStrategy(Strategy):
    """core/v1 Pod: spec mostly immutable; status written by scheduler and kubelet.

    Registry rules (k/k pkg/registry/core/pod/strategy.go, release-1.34 to 1.37): create
    sets ``metadata.generation`` 1 (ungated since PodObservedGenerationTracking, KEP-5067)
    and resets status to phase Pending with the computed qosClass; a spec write keeps the
    status and bumps the generation when the spec changed; a status write keeps the spec
    and the ownerReferences (labels, annotations and finalizers may change there), backfills
    an empty qosClass and keeps observedGeneration values the client left at 0.
    """

    kind = "Pod"
    has_status = True

    def decode_stored(self, obj: dict, ctx: Context) -> None:
        decode_stored_pod(obj, ctx)

    def prepare_for_create(self, obj: dict, ctx: Context) -> None:
        set_generation(obj)
        spec = obj.setdefault("spec", {})
        default_pod_spec(spec, ctx)
        _drop_disabled_pod_spec(spec, None, ctx)
        status: dict[str, Any] = {"phase": "Pending", "qosClass": compute_qos(obj, ctx)}
        if spec.get("schedulingGates"):
            status["conditions"] = [{
                "type": "PodScheduled", "status": "False", "reason": "SchedulingGated",
                "message": "Scheduling is blocked due to non-empty scheduling gates"}]
        obj["status"] = status

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        spec = new.setdefault("spec", {})
        default_pod_spec(spec, ctx)
        _drop_disabled_pod_spec(spec, old, ctx)
        keep_old(new, old, "status")
        bump_generation(new, old, not semantic_equal(new.get("spec"), old.get("spec")))

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        errs = _validate_pod_metadata_and_spec(obj, ctx)
        spec = obj.get("spec") or {}
        if spec.get("ephemeralContainers"):
            errs.append(forbidden(root("spec", "ephemeralContainers"), "cannot be set on create"))
        if spec.get("nodeName") and spec.get("schedulingGates"):
            errs.append(forbidden(root("spec", "nodeName"),
                                  "cannot be set until all schedulingGates have been cleared"))
        return errs

    def validate_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        errs = _validate_pod_metadata_and_spec(new, ctx, old)
        # ValidatePodUpdate runs ValidatePodSpecificAnnotations a second time, inside
        # ValidatePodSpecificAnnotationUpdates: the Status lists such a cause twice (its
        # message, ErrorList.ToAggregate, once)
        errs += validate_pod_deletion_cost(new, old, ctx)
        spec_path = Path("spec")
        nspec, ospec = new.get("spec") or {}, old.get("spec") or {}
        for fld in ("containers", "initContainers"):
            nc, oc = nspec.get(fld) or [], ospec.get(fld) or []
            if len(nc) != len(oc):
                errs.append(forbidden(spec_path.child(fld), "pod updates may not add or remove containers"))
                return errs
        deadline_errs, stop = _active_deadline_update(nspec.get("activeDeadlineSeconds"),
                                                      ospec.get("activeDeadlineSeconds"),
                                                      spec_path.child("activeDeadlineSeconds"))
        errs += deadline_errs
        if stop:
            return errs
        errs += validate_only_added_tolerations(
            nspec.get("tolerations"), ospec.get("tolerations"), spec_path.child("tolerations"),
            comparison_operators_allowed(ctx, old))
        errs += _only_deleted_scheduling_gates(nspec.get("schedulingGates"),
                                               ospec.get("schedulingGates"),
                                               spec_path.child("schedulingGates"))
        if semantic_equal(nspec, ospec):
            return errs
        munged = copy.deepcopy(nspec)
        for fld in ("containers", "initContainers"):
            for c, o in zip(munged.get(fld) or [], ospec.get(fld) or []):
                if isinstance(c, dict):
                    c["image"] = (o or {}).get("image")
        for fld in ("activeDeadlineSeconds", "schedulingGates", "tolerations"):
            if fld in ospec:
                munged[fld] = copy.deepcopy(ospec[fld])
            else:
                munged.pop(fld, None)
        if ospec.get("schedulingGates"):
            # a gated pod's node selector may grow (validateNodeSelectorMutation); its
            # required node affinity's additions are not modelled (still Forbidden here)
            errs += _node_selector_additions_only(nspec.get("nodeSelector"), ospec.get("nodeSelector"),
                                                  spec_path.child("nodeSelector"))
            if "nodeSelector" in ospec:
                munged["nodeSelector"] = copy.deepcopy(ospec["nodeSelector"])
            else:
                munged.pop("nodeSelector", None)
        ot, nt = ospec.get("terminationGracePeriodSeconds"), munged.get("terminationGracePeriodSeconds")
        if isinstance(ot, int) and ot < 0 and nt == 1:
            munged["terminationGracePeriodSeconds"] = ot
        if not semantic_equal(munged, ospec):
            # Upstream appends a go-cmp diff of the specs; drakit lists the changed paths
            # instead (the prefix is verbatim, the diff text is not comparable).
            changed = ", ".join(diff_paths(ospec, munged, "spec"))
            errs.append(forbidden(spec_path, f"{POD_UPDATE_FORBIDDEN_PREFIX}\n  changed: {changed}"))
        return errs

    def prepare_for_status_update(self, new: dict, old: dict, ctx: Context) -> None:
        keep_all_but_status(new, old)
        # "don't allow the pods/status endpoint to touch owner references"
        keep_old(new.setdefault("metadata", {}), old.get("metadata") or {}, "ownerReferences")
        status = new.get("status")
        if not isinstance(status, dict):
            status = new["status"] = {}
        if not status.get("qosClass") and get(old, "status", "qosClass"):
            status["qosClass"] = get(old, "status", "qosClass")
        _preserve_observed_generation(status, old.get("status") or {})
        _drop_disabled_pod_status(status, old, ctx)

    def validate_status_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        # ValidatePodStatusUpdate: ValidatePodSpecificAnnotationUpdates (annotations may
        # change through pods/status)
        errs: list[FieldError] = validate_pod_deletion_cost(new, old, ctx)
        sp = Path("status")
        spec = new.get("spec") or {}
        status = new.get("status") or {}
        errs += validate_pod_conditions(status.get("conditions"), sp.child("conditions"))
        nominated = status.get("nominatedNodeName") or ""
        if nominated and nominated != (get(old, "status", "nominatedNodeName") or ""):
            # ValidateNodeName, only for a changed value (KEP-5278's scheduler writes it)
            errs += [invalid(sp.child("nominatedNodeName"), nominated, msg)
                     for msg in names.is_dns1123_subdomain(nominated)]
            if ctx.enabled("ClearingNominatedNodeNameAfterBinding") and \
                    get(old, "spec", "nodeName"):
                # kubernetes#132443 (KEP-5278): a bound pod gets no new nomination
                errs.append(forbidden(sp.child("nominatedNodeName"),
                                      "may not be set on pods that are already bound to a node"))
        generation = status.get("observedGeneration")
        if isinstance(generation, int) and generation < 0:
            errs.append(invalid(sp.child("observedGeneration"), generation,
                                "must be a non-negative integer"))
        old_qos = get(old, "status", "qosClass") or ""
        if (status.get("qosClass") or "") != old_qos:
            errs.append(invalid(sp.child("qosClass"), status.get("qosClass") or "", "field is immutable"))
        errs += validate_pod_resource_claim_statuses(status.get("resourceClaimStatuses"),
                                                     spec.get("resourceClaims"),
                                                     sp.child("resourceClaimStatuses"), ctx.version)
        errs += validate_extended_resource_claim_status(status.get("extendedResourceClaimStatus"),
                                                        spec, sp.child("extendedResourceClaimStatus"))
        errs += validate_node_allocatable_claim_statuses(
            status, spec, sp.child("nodeAllocatableResourceClaimStatuses"), ctx.version)
        for list_name, containers in (("containerStatuses", spec.get("containers")),
                                      ("initContainerStatuses", spec.get("initContainers"))):
            errs += validate_allocated_resources_status(status.get(list_name), sp.child(list_name),
                                                        containers, status, ctx.version)
        errs += validate_no_allocated_resources_status(status.get("ephemeralContainerStatuses"),
                                                       sp.child("ephemeralContainerStatuses"))
        return errs


def _preserve_observed_generation(status: dict, old_status: dict) -> None:
    """preserveOldObservedGeneration: a status write that leaves ``observedGeneration`` (of
    the status or of a condition, matched by type in order) at 0 keeps the old value."""
    if not status.get("observedGeneration") and old_status.get("observedGeneration"):
        status["observedGeneration"] = old_status["observedGeneration"]
    remembered: dict[Any, list[Any]] = {}
    for c in old_status.get("conditions") or ():
        if isinstance(c, dict):
            remembered.setdefault(c.get("type"), []).append(c.get("observedGeneration"))
    for c in status.get("conditions") or ():
        if not isinstance(c, dict):
            continue
        olds = remembered.get(c.get("type")) or []
        prev = olds.pop(0) if olds else None
        if not c.get("observedGeneration") and prev:
            c["observedGeneration"] = prev


def validate_pod_resize(new: dict, old: dict, ctx: Context) -> list[FieldError]:
    """ValidatePodResize, the parts DRA cares about (api-truth §9.4, CVA2).

    Early returns as upstream for static/windows pods and for pod-level resources without
    InPlacePodLevelResourcesVerticalScaling; then KEP-5517: any node-allocatable claim in
    the old status forbids resizing (appended, validation goes on).
    """
    if MIRROR_POD_ANNOTATION in (get(old, "metadata", "annotations") or {}):
        return [forbidden(Path(), "static pods cannot be resized")]
    if get(old, "spec", "os", "name") == "windows":
        return [forbidden(Path(), "windows pods cannot be resized")]
    errs = _validate_pod_metadata_and_spec(new, ctx, old)
    if uses_pod_level_resources(old) or uses_pod_level_resources(new):
        if not ctx.enabled("InPlacePodLevelResourcesVerticalScaling"):
            errs.append(forbidden(Path(), "resize of pods with pod-level resources is forbidden when "
                                  "InPlacePodLevelResourcesVerticalScalingEnabled feature gate is disabled"))
            return errs
    if get(old, "status", "nodeAllocatableResourceClaimStatuses"):
        errs.append(forbidden(Path("spec"), "pods with node allocatable resource claims cannot be resized"))
    return errs


def check_binding(pod: dict) -> str | None:
    """pods/binding preconditions; None when allowed.

    Returns the error text of k/k pkg/registry/core/pod/storage/storage.go (BindingREST
    setPodHostAndAnnotations, unchanged 1.34-1.37). assignPod wraps each of them, as any
    error that is no StatusError, in ``errors.NewConflict(pods/binding, name, err)``: all
    three are 409 Conflicts (the caller adds that wrapping).
    """
    name = get(pod, "metadata", "name") or ""
    if get(pod, "metadata", "deletionTimestamp"):
        return f"pod {name} is being deleted, cannot be assigned to a host"
    current = get(pod, "spec", "nodeName") or ""
    if current:
        return f'pod {name} is already assigned to node "{current}"'
    if get(pod, "spec", "schedulingGates"):
        return f"pod {name} has non-empty .spec.schedulingGates"
    return None


_keep_old = keep_old


STANDARD_FINALIZERS = ("kubernetes", "orphan", "foregroundDeletion")


def _finalizer_name_errors(name: Any, path: Path) -> list[FieldError]:
    """apimachinery ValidateFinalizerName with core's standard names (IsStandardFinalizerName)."""
    value = str(name)
    errs = [invalid(path, value, m) for m in names.is_qualified_name(value)]
    if "/" not in value and value not in STANDARD_FINALIZERS:
        errs.append(invalid(path, value, "name is neither a standard finalizer name nor is it "
                            "fully qualified"))
    return errs


class NamespaceStrategy(Strategy):
    """core/v1 Namespace: name is a DNS label; phase Active; the kubernetes finalizer.

    k/k pkg/registry/core/namespace/strategy.go (unchanged 1.34-1.37): create sets phase
    Active and appends the ``kubernetes`` spec finalizer; a main-resource write keeps
    ``spec.finalizers`` and status; a status write keeps the spec; the ``finalize``
    subresource (namespaceFinalizeStrategy) changes ``spec.finalizers`` and keeps the
    status. Namespaces have no ``metadata.generation``.
    """

    kind = "Namespace"
    has_status = True

    def prepare_for_create(self, obj: dict, ctx: Context) -> None:
        obj["status"] = {"phase": "Active"}
        spec = obj.setdefault("spec", {})
        fins = spec.setdefault("finalizers", [])
        if "kubernetes" not in fins:
            fins.append("kubernetes")
        self._label(obj)

    @staticmethod
    def _label(obj: dict) -> None:
        meta = obj.setdefault("metadata", {})
        if meta.get("name"):
            meta.setdefault("labels", {})["kubernetes.io/metadata.name"] = meta["name"]

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        new.setdefault("spec", {})["finalizers"] = copy.deepcopy(get(old, "spec", "finalizers") or [])
        _keep_old(new, old, "status")
        self._label(new)

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        # ValidateNamespace reports every entry at spec.finalizers (no index), unlike finalize
        path = root("spec", "finalizers")
        errs: list[FieldError] = []
        for f in get(obj, "spec", "finalizers") or []:
            errs += _finalizer_name_errors(f, path)
        return errs

    def validate_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        return []

    def prepare_for_status_update(self, new: dict, old: dict, ctx: Context) -> None:
        keep_all_but_status(new, old)
        self._label(new)

    # -- namespaces/<name>/finalize (namespaceFinalizeStrategy) ----------------------
    def prepare_for_finalize_update(self, new: dict, old: dict, ctx: Context) -> None:
        """Only ``spec.finalizers`` (and metadata) change; the status is kept."""
        _keep_old(new, old, "status")
        spec = new.get("spec")
        if not isinstance(spec, dict):
            spec = new["spec"] = {}
        for part in set(spec) | set(old.get("spec") or {}):
            if part != "finalizers":
                _keep_old(spec, old.get("spec") or {}, part)
        if "finalizers" in spec and not spec["finalizers"]:
            # NamespaceSpec.Finalizers is `json:"finalizers,omitempty"`: an emptied list is
            # not serialised, a real API server answers spec: {}
            del spec["finalizers"]
        self._label(new)

    def validate_finalize_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        """ValidateNamespaceFinalizeUpdate: each entry at spec.finalizers[i]."""
        errs: list[FieldError] = []
        for i, f in enumerate(get(new, "spec", "finalizers") or []):
            errs += _finalizer_name_errors(f, root("spec", "finalizers").index(i))
        return errs

    def validate_status_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        phase = get(new, "status", "phase") or ""
        if not get(new, "metadata", "deletionTimestamp"):
            if phase != "Active":
                return [invalid(root("status", "Phase"), phase,
                                "may only be 'Active' if `deletionTimestamp` is empty")]
        elif phase != "Terminating":
            return [invalid(root("status", "Phase"), phase,
                            "may only be 'Terminating' if `deletionTimestamp` is not empty")]
        return []


NODE_TAINT_EFFECTS = ["NoSchedule", "PreferNoSchedule", "NoExecute"]
"""The effects a Node's taint may have, in the order upstream lists them (k/k
pkg/apis/core/validation/validation.go validateTaintEffect)."""


def _validate_node_taints(node: dict) -> list[FieldError]:
    """The key and effect of each of ``spec.taints`` (k/k pkg/apis/core/validation/
    validation.go ValidateNode -> validateNodeTaints: a label name as key, validateTaintEffect
    without an empty effect). On create and on every spec write alike (ValidateNodeUpdate
    runs ValidateNode). Not mirrored: the value's and the key-effect pair's checks."""
    errs: list[FieldError] = []
    taints = get(node, "spec", "taints")
    for i, taint in enumerate(taints if isinstance(taints, list) else []):
        if not isinstance(taint, dict):
            continue
        p = root("spec", "taints").index(i)
        key = taint.get("key") if isinstance(taint.get("key"), str) else ""
        errs += [invalid(p.child("key"), key, m) for m in names.is_qualified_name(key)]
        effect = taint.get("effect") if isinstance(taint.get("effect"), str) else ""
        if not effect:
            errs.append(required(p.child("effect")))
        elif effect not in NODE_TAINT_EFFECTS:
            errs.append(not_supported(p.child("effect"), effect, NODE_TAINT_EFFECTS))
    return errs


def _validate_node_resources(node: dict) -> list[FieldError]:
    errs: list[FieldError] = []
    for part in ("capacity", "allocatable"):
        values = get(node, "status", part) or {}
        for name in sorted(values):
            # Upstream uses NewPath("status", part, name): a child, not a [key].
            p = root("status", part, name)
            q = qty(values[name], p, errs)
            if q is not None:
                errs += validate_quantity_value(name, q, p)
    return errs


class NodeStrategy(Strategy):
    """core/v1 Node (minimal): capacity/allocatable quantities must be valid.

    Status is kept on create: "Nodes allow *all* fields, including status, to be set on
    create" (k/k pkg/registry/core/node/strategy.go, PrepareForCreate only drops disabled
    fields), which is how kubelets register and how ``kubectl apply`` of a Node manifest
    with allocatable gives a node pods fit on.
    """

    kind = "Node"
    has_status = True
    keep_status_on_create = True

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        _keep_old(new, old, "status")

    def prepare_for_status_update(self, new: dict, old: dict, ctx: Context) -> None:
        keep_all_but_status(new, old)

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        return _validate_node_taints(obj) + _validate_node_resources(obj)

    def validate_status_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        return _validate_node_resources(new)


def _validate_quota_map(values: dict | None, path: Path) -> list[FieldError]:
    errs: list[FieldError] = []
    for name in sorted(values or {}):
        p = path.key(name)
        errs += validate_quota_resource_name(name, p)
        q = qty((values or {})[name], p, errs)
        if q is not None:
            errs += validate_quantity_value(name, q, p)
    return errs


class ResourceQuotaStrategy(Strategy):
    """core/v1 ResourceQuota: hard keys are quota resource names, quantities valid.

    k/k pkg/registry/core/resourcequota/strategy.go: create resets status, a spec write
    keeps it, a status write keeps the spec; no generation.
    """

    kind = "ResourceQuota"
    has_status = True

    def prepare_for_create(self, obj: dict, ctx: Context) -> None:
        obj["status"] = {}

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        _keep_old(new, old, "status")

    def prepare_for_status_update(self, new: dict, old: dict, ctx: Context) -> None:
        keep_all_but_status(new, old)

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        # ValidateResourceQuota also walks status.hard and status.used, but on create they
        # are always empty: prepare_for_create (PrepareForCreate) has reset the status
        return _validate_quota_map(get(obj, "spec", "hard"), root("spec", "hard"))

    def validate_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        errs = _validate_quota_map(get(new, "spec", "hard"), root("spec", "hard"))
        if set(get(new, "spec", "scopes") or []) != set(get(old, "spec", "scopes") or []):
            errs.append(invalid(root("spec", "scopes"), get(new, "spec", "scopes"), "field is immutable"))
        return errs

    def validate_status_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        errs = _validate_quota_map(get(new, "status", "hard"), root("status", "hard"))
        errs += _validate_quota_map(get(new, "status", "used"), root("status", "used"))
        return errs


STRATEGIES: dict[str, Strategy] = {
    s.kind: s for s in (PodStrategy(), NamespaceStrategy(), NodeStrategy(), ResourceQuotaStrategy())
}
