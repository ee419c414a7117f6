"""ObjectMeta validation with apimachinery's exact messages (``ValidateObjectMetaAccessor``).

Why here and not in each kind: every kind runs the same metadata checks before its own
rules; the API server calls this once per write, the strategies never do. Read from
kubernetes/apimachinery ``pkg/api/validation/objectmeta.go`` and ``generic.go`` (master,
2026-07): name/generateName, namespace presence, labels, annotations (256 KiB), finalizers,
owner references.
"""

from __future__ import annotations

import re
from collections.abc import Callable

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
    too_long,
)
from drakit.features import release_at_least

TOTAL_ANNOTATION_SIZE_LIMIT = 256 * (1 << 10)

NameFn = Callable[[str, bool], list[str]]


def _mask_trailing_dash(name: str) -> str:
    # apimachinery quirk: "abc-" is checked as "aa" (two characters dropped, "a" appended).
    if len(name) > 1 and name.endswith("-"):
        return name[:-2] + "a"
    return name


def name_is_dns_subdomain(name: str, prefix: bool) -> list[str]:
    """apimachinery ``NameIsDNSSubdomain``."""
    return names.is_dns1123_subdomain(_mask_trailing_dash(name) if prefix else name)


def name_is_dns_label(name: str, prefix: bool) -> list[str]:
    """apimachinery ``NameIsDNSLabel`` (namespaces)."""
    return names.is_dns1123_label(_mask_trailing_dash(name) if prefix else name)


def validate_labels(labels: dict | None, path: Path) -> list[FieldError]:
    """Label keys are qualified names, values label values; both reported at ``labels`` itself."""
    errs: list[FieldError] = []
    for k, v in (labels or {}).items():
        errs += [invalid(path, k, m) for m in names.is_qualified_name(k)]
        errs += [invalid(path, v, m) for m in names.is_label_value(str(v))]
    return errs


def validate_annotations(annotations: dict | None, path: Path) -> list[FieldError]:
    errs: list[FieldError] = []
    total = 0
    for k, v in (annotations or {}).items():
        errs += [invalid(path, k, m) for m in names.is_qualified_name(k.lower())]
        total += len(k.encode()) + len(str(v).encode())
    if total > TOTAL_ANNOTATION_SIZE_LIMIT:
        errs.append(too_long(path, TOTAL_ANNOTATION_SIZE_LIMIT))
    return errs


def validate_finalizers(finalizers: list | None, path: Path) -> list[FieldError]:
    """On create: apimachinery ValidateFinalizers (qualified names and the orphan /
    foregroundDeletion conflict, at the list's path), then core's validateKubeFinalizerName."""
    errs: list[FieldError] = []
    fins = list(finalizers or [])
    for f in fins:
        errs += [invalid(path, f, m) for m in names.is_qualified_name(f)]
    if "orphan" in fins and "foregroundDeletion" in fins:
        errs.append(invalid(path, fins, "finalizer orphan and foregroundDeletion cannot be both set"))
    return errs + validate_kube_finalizer_names(fins, path)


def validate_kube_finalizer_names(finalizers: list | None, path: Path) -> list[FieldError]:
    """core's validateKubeFinalizerName for each finalizer, indexed path: a name without a
    "/" must be a standard one. The only finalizer check of an update: apimachinery's
    ValidateObjectMetaAccessorUpdate does not run ValidateFinalizers (1.34-1.37)."""
    return [invalid(path.index(i), f, "name is neither a standard finalizer name nor is it fully qualified")
            for i, f in enumerate(finalizers or [])
            if "/" not in f and f not in ("kubernetes", "orphan", "foregroundDeletion")]


_BANNED_OWNERS = {("", "v1", "Event")}
"""apimachinery ``BannedOwners``: core/v1 Events may not own anything."""

_OWNER_REF_FIELDS = ("apiVersion", "kind", "name", "uid", "controller", "blockOwnerDeletion")


def _go_owner_reference(ref: dict) -> dict:
    """metav1.OwnerReference in Go's json.Marshal field order, the two pointers left out
    when nil (``omitempty``)."""
    out: dict = {}
    for f in _OWNER_REF_FIELDS:
        v = ref.get(f)
        if f in ("controller", "blockOwnerDeletion"):
            if v is not None:
                out[f] = v
        else:
            out[f] = v if v is not None else ""
    return out


def _group_version_kind(api_version: str, kind: str) -> tuple[str, str, str]:
    """schema.FromAPIVersionAndKind: an unparsable apiVersion ("a/b/c") leaves group and
    version empty; "v1" is the legacy group; "" and "/" give an empty version (which
    rpartition below gives as well)."""
    if api_version.count("/") > 1:
        return "", "", kind
    group, _, version = api_version.rpartition("/")
    return group, version, kind


def validate_owner_references(refs: list | None, path: Path,
                              version: str = "1.37") -> list[FieldError]:
    """apimachinery ``ValidateOwnerReferences``/``validateOwnerReference``
    (staging/src/k8s.io/apimachinery/pkg/api/validation/objectmeta.go).

    Up to 1.36 (@ 008b3652, v0.34.0-v0.36.0) an upstream quirk: each entry is checked at the
    list's path (``ownerReferences.kind``, no index), every missing field is Invalid with the
    empty value, and the version check says "version must not be empty". 1.37 (v0.37.0-beta.0,
    commits 35f307f3 and d8186ee8) checks each entry at its index, a missing field is
    Required, and an apiVersion that does not parse or has no version "must be
    <group>/<version> or <version>". The two-controllers error carries the whole list.
    """
    errs: list[FieldError] = []
    first_controller = ""
    items = [r if isinstance(r, dict) else {} for r in (refs or [])]
    indexed = release_at_least(version, "1.37")
    for i, ref in enumerate(items):
        api_version = str(ref.get("apiVersion") or "")
        kind = str(ref.get("kind") or "")
        if indexed:
            p = path.index(i)
            group, version_part, parsed = _parse_group_version(api_version)
            if not api_version:
                errs.append(required(p.child("apiVersion"), "must not be empty"))
            elif not parsed or not version_part:
                errs.append(invalid(p.child("apiVersion"), api_version,
                                    "must be <group>/<version> or <version>"))
            errs += [required(p.child(fld), "must not be empty")
                     for fld in ("kind", "name", "uid") if not ref.get(fld)]
        else:
            p = path
            group, version_part, _ = _group_version_kind(api_version, kind)
            if not version_part:
                errs.append(invalid(p.child("apiVersion"), api_version, "version must not be empty"))
            errs += [invalid(p.child(fld), str(ref.get(fld) or ""), "must not be empty")
                     for fld in ("kind", "name", "uid") if not ref.get(fld)]
        if (group, version_part, kind) in _BANNED_OWNERS:
            gvk = f"{group}/{version_part}, Kind={kind}"
            errs.append(invalid(p, GoRendered(_go_owner_reference(ref)), f"{gvk} is disallowed from being an owner"))
        if ref.get("controller") is True:
            cur = f"{kind}/{ref.get('name', '')}"
            if first_controller:
                errs.append(invalid(path, GoRendered([_go_owner_reference(r) for r in items]),
                                    "Only one reference can have Controller set to true. "
                                    f'Found "true" in references for {first_controller} and {cur}'))
            else:
                first_controller = cur
    return errs


def _parse_group_version(api_version: str) -> tuple[str, str, bool]:
    """schema.ParseGroupVersion: (group, version, parsed); "" and "/" are the empty group
    version, more than one slash does not parse."""
    if api_version in ("", "/"):
        return "", "", True
    if api_version.count("/") > 1:
        return "", "", False
    group, _, version = api_version.rpartition("/")
    return group, version, True


def validate_object_meta(obj: dict, namespaced: bool, path: Path | None = None,
                         name_fn: NameFn | None = None, version: str = "1.37") -> list[FieldError]:
    """``ValidateObjectMeta`` for a new object; Namespace passes ``name_fn=name_is_dns_label``.

    Expects generateName to have been turned into a name already, as upstream does; an
    object with neither gets "name or generateName is required".
    """
    path = path or Path("metadata")
    fn = name_fn or name_is_dns_subdomain
    meta = obj.get("metadata") or {}
    errs: list[FieldError] = []
    gen = meta.get("generateName") or ""
    if gen:
        errs += [invalid(path.child("generateName"), gen, m) for m in fn(gen, True)]
    name = meta.get("name") or ""
    if not name:
        errs.append(required(path.child("name"), "name or generateName is required"))
    else:
        errs += [invalid(path.child("name"), name, m) for m in fn(name, False)]
    ns = meta.get("namespace") or ""
    if namespaced:
        if not ns:
            errs.append(required(path.child("namespace")))
        else:
            errs += [invalid(path.child("namespace"), ns, m) for m in name_is_dns_label(ns, False)]
    elif ns:
        errs.append(forbidden(path.child("namespace"), "not allowed on this type"))
    gen_n = meta.get("generation")
    if isinstance(gen_n, int) and gen_n < 0:
        errs.append(invalid(path.child("generation"), gen_n, "must be greater than or equal to 0"))
    errs += validate_labels(meta.get("labels"), path.child("labels"))
    errs += validate_annotations(meta.get("annotations"), path.child("annotations"))
    errs += validate_owner_references(meta.get("ownerReferences"), path.child("ownerReferences"),
                                      version)
    errs += validate_finalizers(meta.get("finalizers"), path.child("finalizers"))
    return errs


def validate_object_meta_update(new: dict, old: dict, path: Path | None = None,
                                version: str = "1.37") -> list[FieldError]:
    """``ValidateObjectMetaUpdate``: name, namespace, uid, creationTimestamp are immutable."""
    path = path or Path("metadata")
    nm, om = new.get("metadata") or {}, old.get("metadata") or {}
    errs: list[FieldError] = []
    for fld in ("name", "namespace", "uid", "creationTimestamp"):
        if (nm.get(fld) or "") != (om.get(fld) or ""):
            errs.append(invalid(path.child(fld), nm.get(fld) or "", "field is immutable"))
    errs += validate_labels(nm.get("labels"), path.child("labels"))
    errs += validate_annotations(nm.get("annotations"), path.child("annotations"))
    errs += validate_owner_references(nm.get("ownerReferences"), path.child("ownerReferences"),
                                      version)
    errs += validate_kube_finalizer_names(nm.get("finalizers"), path.child("finalizers"))
    return errs


# --- metav1.Condition (apimachinery pkg/apis/meta/v1/validation ValidateConditions) -------

CONDITION_STATUSES = ("False", "True", "Unknown")  # sets.NewString(...).List(): sorted
CONDITION_REASON_MAX = 1024
CONDITION_MESSAGE_MAX = 32 * 1024
_CONDITION_REASON_FMT = "[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?"
_CONDITION_REASON_RE = re.compile(f"^{_CONDITION_REASON_FMT}$")
_CONDITION_REASON_MSG = (
    "a condition reason must start with alphabetic character, optionally followed by a string "
    "of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_' "
    "(e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or 'ReasonA:ReasonB', "
    f"regex used for validation is '{_CONDITION_REASON_FMT}')")


def validate_conditions(conditions: list | None, path: Path,
                        version: str = "1.37") -> list[FieldError]:
    """ValidateConditions / ValidateCondition, as of the given release.

    v0.34.0-v0.36.0: a repeated type is Duplicate at ``[i].type``; the type is a label name
    (an empty one gets the label-name messages) and the status one of True/False/Unknown
    (an empty one NotSupported). v0.37.0-beta.0 (1.37, the ObjectMeta/declarative
    alignment commits): the Duplicate is at ``[i]``, an empty type is Required "is required"
    and an empty status Required. Every release: observedGeneration not negative,
    lastTransitionTime and reason required, the reason's format and 1024 bytes, the
    message's 32 KiB."""
    newer = release_at_least(version, "1.37")
    errs: list[FieldError] = []
    seen: set[str] = set()
    for i, cond in enumerate(conditions or []):
        cond = cond if isinstance(cond, dict) else {}
        p = path.index(i)
        ctype = str(cond.get("type") or "")
        if ctype in seen:
            errs.append(duplicate(p if newer else p.child("type"), ctype))
        seen.add(ctype)
        if newer and not ctype:
            errs.append(required(p.child("type"), "is required"))
        else:
            errs += [invalid(p.child("type"), ctype, m) for m in names.is_qualified_name(ctype)]
        status = str(cond.get("status") or "")
        if newer and not status:
            errs.append(required(p.child("status")))
        elif status not in CONDITION_STATUSES:
            errs.append(not_supported(p.child("status"), status, list(CONDITION_STATUSES)))
        generation = cond.get("observedGeneration")
        if isinstance(generation, int) and generation < 0:
            errs.append(invalid(p.child("observedGeneration"), generation,
                                "must be greater than or equal to zero"))
        if not cond.get("lastTransitionTime") or cond["lastTransitionTime"] == _GO_ZERO_TIME:
            errs.append(required(p.child("lastTransitionTime")))
        reason = str(cond.get("reason") or "")
        if not reason:
            errs.append(required(p.child("reason")))
        else:
            if not _CONDITION_REASON_RE.fullmatch(reason):
                errs.append(invalid(p.child("reason"), reason, _CONDITION_REASON_MSG))
            if names.go_len(reason) > CONDITION_REASON_MAX:
                errs.append(too_long(p.child("reason"), CONDITION_REASON_MAX))
        if names.go_len(str(cond.get("message") or "")) > CONDITION_MESSAGE_MAX:
            errs.append(too_long(p.child("message"), CONDITION_MESSAGE_MAX))
    return errs


_GO_ZERO_TIME = "0001-01-01T00:00:00Z"  # metav1.Time's zero as the decoder writes it
