"""Registry strategies for scheduling.k8s.io PodGroup and Workload (KEP-5729's home).

Why version-aware: the group changed shape every release. 1.36 serves v1alpha2 (PodGroup
``spec.podGroupTemplateRef``, Workload ``podGroupTemplates`` required and immutable); 1.37
serves v1alpha3 and v1beta1 (PodGroup ``spec.workloadRef``, Workload union of
``podGroupTemplates``/``compositePodGroupTemplates``), see shared/api-truth.md §3.2. Almost all
rules are *declarative* tags in kubernetes/api ``scheduling/<version>/types.go`` (read at
kubernetes-1.36.0 and master 10b39a39), so errors follow apimachinery ``pkg/api/validate``:
maxItems -> TooMany, listMapKey -> Duplicate at ``list[i]`` with the whole item as value,
union -> Invalid "must specify one of: ..." at the struct, immutable -> Invalid null "field
is immutable". Imperative rules come from k/k ``pkg/apis/scheduling/validation`` (status
claim names) and the drop logic from ``pkg/registry/scheduling/podgroup/strategy.go``.
Declarative ratcheting is honoured: on update an unchanged field is not re-validated.
"""

from __future__ import annotations

import copy
from typing import Any

from drakit.api import names
from drakit.api.errors import (
    FieldError,
    Path,
    duplicate,
    forbidden,
    invalid,
    required,
    root,
    too_many,
)
from drakit.validation.core import semantic_equal
from drakit.validation.meta import validate_conditions
from drakit.validation.strategy import Context, Strategy, get, reset_object_meta_for_status

GROUP = "scheduling.k8s.io"
SERVED_VERSIONS: dict[str, list[str]] = {"1.36": ["v1alpha2"], "1.37": ["v1alpha3", "v1beta1"]}
"""Versions of scheduling.k8s.io that serve PodGroup and Workload, per emulated release; the
shape rules fall back to the newest when a caller gives no apiVersion (which versions the API
server serves is drakit/kinds.py's business; a unit test keeps the two in step)."""

MAX_POD_GROUP_RESOURCE_CLAIMS = 4
WORKLOAD_MAX_POD_GROUP_TEMPLATES = 8
_UNSET = object()


def _version(ctx: Context) -> str:
    v = ctx.api_version.rpartition("/")[2]
    if v:
        return v
    versions = SERVED_VERSIONS.get(ctx.version) or ["v1alpha3"]
    return versions[-1]


# ---------------------------------------------------------------------------
# declarative-validation building blocks (apimachinery pkg/api/validate)


def _short_name(value: Any, path: Path) -> list[FieldError]:
    return [invalid(path, value, m) for m in names.is_dns1123_label(str(value))]


def _long_name(value: Any, path: Path) -> list[FieldError]:
    return [invalid(path, value, m) for m in names.is_dns1123_subdomain(str(value))]


def _path_segment_name(value: str, path: Path) -> list[FieldError]:
    for bad in (".", ".."):
        if value == bad:
            return [invalid(path, value, f"may not be '{bad}'")]
    return [invalid(path, value, f"may not contain '{c}'") for c in ("/", "%") if c in value]


def _required_string(obj: dict, key: str, path: Path, fmt) -> list[FieldError]:
    value = obj.get(key)
    if not value:
        return [required(path.child(key))]
    return fmt(value, path.child(key))


def _union(path: Path, obj: dict | None, old: Any, members: list[tuple[str, bool]]) -> list[FieldError]:
    """validate.Union; members are (json name, is_list). On update an unchanged membership
    is not validated again, member by member, also when neither version sets any member
    (apimachinery pkg/api/validate/union.go unionValidate); a list item new in the update is
    validated as created (its callers pass _UNSET)."""
    def is_set(o: Any, m: str, is_list: bool) -> bool:
        v = (o or {}).get(m) if isinstance(o, dict) else None
        return bool(v) if is_list else v is not None

    specified = [m for m, lst in members if is_set(obj, m, lst)]
    if old is not _UNSET:
        old_specified = [m for m, lst in members if is_set(old, m, lst)]
        if old_specified == specified:
            return []
    all_fields = ", ".join(f"`{m}`" for m, _ in members)
    if len(specified) > 1:
        return [invalid(path, "{" + ", ".join(specified) + "}", f"must specify exactly one of: {all_fields}")]
    if not specified:
        return [invalid(path, "", f"must specify one of: {all_fields}")]
    return []


def _immutable(new: Any, old: Any, path: Path) -> list[FieldError]:
    if old is _UNSET or semantic_equal(new, old):
        return []
    return [invalid(path, None, "field is immutable")]


def _unique_by_name(items: list, path: Path) -> list[FieldError]:
    """validate.ValSliceUnique for a listMapKey=name list: later duplicates, whole item."""
    errs: list[FieldError] = []
    dups: set[int] = set()
    for i in range(len(items)):
        for j in range(i + 1, len(items)):
            if (items[i] or {}).get("name") == (items[j] or {}).get("name"):
                dups.add(j)
    for j in sorted(dups):
        errs.append(duplicate(path.index(j), items[j]))
    return errs


def _unchanged(new: Any, old: Any) -> bool:
    return old is not _UNSET and semantic_equal(new, old)


def _sub(old: Any, *keys: str) -> Any:
    if old is _UNSET:
        return _UNSET
    cur = old
    for k in keys:
        if not isinstance(cur, dict) or k not in cur:
            return None
        cur = cur[k]
    return cur


# ---------------------------------------------------------------------------
# shared pieces of PodGroup and Workload


def validate_pod_group_resource_claims(claims: Any, path: Path, old: Any = _UNSET) -> list[FieldError]:
    """``resourceClaims``: ≤ 4, unique names, DNS-label name, exactly one source, immutable."""
    if _unchanged(claims, old):
        return []
    errs = _immutable(claims, old if old is not None else [], path) if old is not _UNSET else []
    items = claims or []
    if len(items) > MAX_POD_GROUP_RESOURCE_CLAIMS:
        return errs + [too_many(path, len(items), MAX_POD_GROUP_RESOURCE_CLAIMS)]
    errs += _unique_by_name(items, path)
    for i, claim in enumerate(items):
        claim = claim or {}
        p = path.index(i)
        errs += _union(p, claim, _UNSET, [("resourceClaimName", False),
                                          ("resourceClaimTemplateName", False)])
        errs += _required_string(claim, "name", p, _short_name)
        for key in ("resourceClaimName", "resourceClaimTemplateName"):
            if claim.get(key) is not None:
                errs += _long_name(claim[key], p.child(key))
    return errs


def validate_scheduling_policy(policy: Any, path: Path, version: str, old: Any = _UNSET) -> list[FieldError]:
    """``schedulingPolicy``: exactly one of basic/gang; gang.minCount required and ≥ 1."""
    policy = policy or {}
    errs: list[FieldError] = []
    if version == "v1alpha2":
        if _unchanged(policy, old):
            return []
        errs += _immutable(policy, old if old is not None else {}, path) if old is not _UNSET else []
    else:
        old_basic, old_gang = _sub(old, "basic"), _sub(old, "gang")
        if old is not _UNSET:
            # basic is a pointer: nil and an empty struct differ (Semantic.DeepEqual on the
            # pointer), so clearing `basic: {}` is a change too
            new_basic = policy.get("basic")
            if (old_basic is None) != (new_basic is None) or \
                    old_basic is not None and not semantic_equal(new_basic, old_basic):
                errs.append(invalid(path.child("basic"), None, "field is immutable"))
            if old_gang is None and policy.get("gang") is not None:
                errs.append(invalid(path.child("gang"), None, "field cannot be set once created"))
            elif old_gang is not None and policy.get("gang") is None:
                errs.append(invalid(path.child("gang"), None, "field cannot be cleared once set"))
    errs += _union(path, policy, old, [("basic", False), ("gang", False)])
    gang = policy.get("gang")
    if gang is not None and not _unchanged(gang, _sub(old, "gang")):
        mc = (gang or {}).get("minCount")
        gp = path.child("gang").child("minCount")
        if not mc:
            errs.append(required(gp))
        elif isinstance(mc, int) and mc < 1:
            errs.append(invalid(gp, mc, "must be greater than or equal to 1"))
    return errs


def _validate_controller_ref(ref: Any, path: Path, old: Any) -> list[FieldError]:
    """WorkloadSpec.controllerRef: +k8s:optional +k8s:immutable (v1alpha2 at kubernetes-1.36.0,
    v1alpha3 and v1beta1 in 1.37). apimachinery validate.Immutable refuses every change on
    update, setting a reference the Workload was created without included (1.35's handwritten
    "when set, cannot be changed" is gone; drakit does not serve 1.35's v1alpha1); ratcheting
    skips an unchanged one, a changed one is checked as well."""
    errs: list[FieldError] = []
    if old is not _UNSET:
        if _unchanged(ref, old):
            return []
        errs += _immutable(ref, old, path)
    if ref is None:
        return errs
    ref = ref or {}
    if ref.get("apiGroup"):
        errs += _long_name(ref["apiGroup"], path.child("apiGroup"))
    errs += _required_string(ref, "kind", path, _path_segment_name)
    errs += _required_string(ref, "name", path, _path_segment_name)
    return errs


# ---------------------------------------------------------------------------
# PodGroup


def validate_pod_group_spec(spec: dict, version: str, ctx: Context, old: Any = _UNSET) -> list[FieldError]:
    path = Path("spec")
    errs: list[FieldError] = []
    if version == "v1alpha2":
        ref, old_ref = spec.get("podGroupTemplateRef"), _sub(old, "podGroupTemplateRef")
        rp = path.child("podGroupTemplateRef")
        if old not in (_UNSET,) and not semantic_equal(ref, old_ref):
            errs.append(invalid(rp, None, "field is immutable"))
        if ref is not None and not _unchanged(ref, old_ref):
            errs += _union(rp, ref, _UNSET, [("workload", False)])
            wl = (ref or {}).get("workload")
            if wl is not None:
                wp = rp.child("workload")
                errs += _required_string(wl, "workloadName", wp, _long_name)
                errs += _required_string(wl, "podGroupTemplateName", wp, _short_name)
    else:
        ref, old_ref = spec.get("workloadRef"), _sub(old, "workloadRef")
        rp = path.child("workloadRef")
        if old is not _UNSET and not semantic_equal(ref, old_ref):
            errs.append(invalid(rp, None, "field is immutable"))
        if ref is not None and not _unchanged(ref, old_ref):
            errs += _required_string(ref, "workloadName", rp, _long_name)
            errs += _required_string(ref, "templateName", rp, _short_name)
        if spec.get("parentCompositePodGroupName") is not None and not ctx.enabled("CompositePodGroup"):
            errs.append(forbidden(path.child("parentCompositePodGroupName"), ""))
    errs += validate_scheduling_policy(spec.get("schedulingPolicy"), path.child("schedulingPolicy"),
                                       version, _sub(old, "schedulingPolicy"))
    errs += validate_pod_group_resource_claims(spec.get("resourceClaims"), path.child("resourceClaims"),
                                               _sub(old, "resourceClaims"))
    return errs


def validate_pod_group_status(pg: dict) -> list[FieldError]:
    """Status: ≤ 4 entries, unique names, a DNS-subdomain claim name (declarative), each
    naming a spec claim (imperative validatePodGroupResourceClaimStatuses). +k8s:maxItems
    short-circuits the declarative checks only: the imperative one still visits every entry."""
    path = root("status", "resourceClaimStatuses")
    statuses = get(pg, "status", "resourceClaimStatuses") or []
    too_long = len(statuses) > MAX_POD_GROUP_RESOURCE_CLAIMS
    if too_long:
        errs = [too_many(path, len(statuses), MAX_POD_GROUP_RESOURCE_CLAIMS)]
    else:
        errs = _unique_by_name(statuses, path)
    spec_names = {(c or {}).get("name") for c in get(pg, "spec", "resourceClaims") or []}
    for i, st in enumerate(statuses):
        st = st or {}
        p = path.index(i)
        if not too_long and st.get("resourceClaimName") is not None:
            errs += _long_name(st["resourceClaimName"], p.child("resourceClaimName"))
        name = st.get("name") or ""
        if name not in spec_names:
            errs.append(invalid(p.child("name"), name, "must match the name of an entry in `spec.resourceClaims`"))
    return errs


def _claims_in_use(spec: Any) -> bool:
    return bool((spec or {}).get("resourceClaims"))


class PodGroupStrategy(Strategy):
    """scheduling.k8s.io PodGroup; resourceClaims need DRAWorkloadResourceClaims.

    k/k pkg/registry/scheduling/podgroup/strategy.go: create resets status, a spec write
    keeps it, a status write keeps the spec and resets metadata (ResetObjectMetaForStatus);
    no ``metadata.generation``.
    """

    kind = "PodGroup"
    has_status = True

    def prepare_for_create(self, obj: dict, ctx: Context) -> None:
        obj["status"] = {}
        self._drop(obj.setdefault("spec", {}), None, ctx)

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        new["status"] = copy.deepcopy(old.get("status") or {})
        self._drop(new.setdefault("spec", {}), old.get("spec"), ctx)

    @staticmethod
    def _drop(spec: dict, old_spec: Any, ctx: Context) -> None:
        if not ctx.enabled("DRAWorkloadResourceClaims") and not _claims_in_use(old_spec):
            spec.pop("resourceClaims", None)
        if not ctx.enabled("TopologyAwareWorkloadScheduling") and (old_spec or {}).get("schedulingConstraints") is None:
            spec.pop("schedulingConstraints", None)

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        return validate_pod_group_spec(obj.get("spec") or {}, _version(ctx), ctx)

    def validate_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        return validate_pod_group_spec(new.get("spec") or {}, _version(ctx), ctx, old.get("spec") or {})

    def prepare_for_status_update(self, new: dict, old: dict, ctx: Context) -> None:
        # podGroupStatusStrategy: Spec = old.Spec; metav1.ResetObjectMetaForStatus
        new["spec"] = copy.deepcopy(old.get("spec") or {})
        reset_object_meta_for_status(new, old)
        if not ctx.enabled("DRAWorkloadResourceClaims") and not _claims_in_use(old.get("spec")):
            (new.get("status") or {}).pop("resourceClaimStatuses", None)

    def validate_status_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        # ValidatePodGroupStatusUpdate: metav1 conditions first, then the claim statuses
        conditions = get(new, "status", "conditions")
        errs = validate_conditions(conditions if isinstance(conditions, list) else None,
                                   root("status", "conditions"), ctx.version)
        return errs + validate_pod_group_status(new)


# ---------------------------------------------------------------------------
# Workload


def _validate_template(t: dict, path: Path, version: str, old: Any) -> list[FieldError]:
    errs = _required_string(t, "name", path, _short_name) if not _unchanged(t.get("name"), _sub(old, "name")) else []
    errs += validate_scheduling_policy(t.get("schedulingPolicy"), path.child("schedulingPolicy"), version,
                                       _sub(old, "schedulingPolicy"))
    errs += validate_pod_group_resource_claims(t.get("resourceClaims"), path.child("resourceClaims"),
                                               _sub(old, "resourceClaims"))
    return errs


def validate_workload_spec(spec: dict, version: str, ctx: Context, old: Any = _UNSET) -> list[FieldError]:
    path = Path("spec")
    errs = _validate_controller_ref(spec.get("controllerRef"), path.child("controllerRef"),
                                    _sub(old, "controllerRef"))
    tp = path.child("podGroupTemplates")
    templates = spec.get("podGroupTemplates")
    old_templates = _sub(old, "podGroupTemplates")
    if version == "v1alpha2":
        if _unchanged(templates, old_templates):
            return errs
        if old is not _UNSET:
            errs.append(invalid(tp, None, "field is immutable"))
        if not templates:
            return errs + [required(tp)]
    else:
        errs += _union(path, spec, old, [("podGroupTemplates", True), ("compositePodGroupTemplates", True)])
        if spec.get("compositePodGroupTemplates") and not ctx.enabled("CompositePodGroup"):
            errs.append(forbidden(path.child("compositePodGroupTemplates"), ""))
        if _unchanged(templates, old_templates):
            return errs
    items = templates or []
    if len(items) > WORKLOAD_MAX_POD_GROUP_TEMPLATES:
        return errs + [too_many(tp, len(items), WORKLOAD_MAX_POD_GROUP_TEMPLATES)]
    errs += _unique_by_name(items, tp)
    old_by_name = {(t or {}).get("name"): t for t in (old_templates or [])} if old_templates not in (None, _UNSET) else {}
    for i, t in enumerate(items):
        t = t or {}
        o = old_by_name.get(t.get("name"), _UNSET) if old is not _UNSET else _UNSET
        errs += _validate_template(t, tp.index(i), version, o)
    return errs


class WorkloadStrategy(Strategy):
    """scheduling.k8s.io Workload: no status subresource, no ``metadata.generation``
    (k/k pkg/registry/scheduling/workload: one REST store, no StatusREST; kubernetes/api
    scheduling/v1alpha2 Workload has only metadata and spec)."""

    kind = "Workload"
    has_status = False

    @staticmethod
    def _drop(spec: dict, old_spec: Any, ctx: Context) -> None:
        # Unverified: the 1.36/1.37 workload strategy was not read; PodGroup's rule assumed.
        if ctx.enabled("DRAWorkloadResourceClaims"):
            return
        if any(_claims_in_use(t) for t in (old_spec or {}).get("podGroupTemplates") or []):
            return
        for t in spec.get("podGroupTemplates") or []:
            if isinstance(t, dict):
                t.pop("resourceClaims", None)

    def prepare_for_create(self, obj: dict, ctx: Context) -> None:
        self._drop(obj.setdefault("spec", {}), None, ctx)

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        self._drop(new.setdefault("spec", {}), old.get("spec"), ctx)

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        return validate_workload_spec(obj.get("spec") or {}, _version(ctx), ctx)

    def validate_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        return validate_workload_spec(new.get("spec") or {}, _version(ctx), ctx, old.get("spec") or {})


STRATEGIES: dict[str, Strategy] = {s.kind: s for s in (PodGroupStrategy(), WorkloadStrategy())}

__all__ = ["GROUP", "SERVED_VERSIONS", "STRATEGIES", "PodGroupStrategy", "WorkloadStrategy"]
