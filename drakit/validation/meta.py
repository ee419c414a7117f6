"""ObjectMeta validation with apimachinery's exact messages (``ValidateObjectMetaAccessor``).

Why here and not in each kind: every kind runs the same metadata checks before its own
rules; the API server calls this once per write, the strategies never do. Read from
kubernetes/apimachinery ``pkg/api/validation/objectmeta.go`` and ``generic.go`` (master,
2026-07): name/generateName, namespace presence, labels, annotations (256 KiB), finalizers,
owner references.
"""

from __future__ import annotations

from collections.abc import Callable

from drakit.api import names
from drakit.api.errors import FieldError, GoRendered, Path, forbidden, invalid, required, too_long

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


def validate_owner_references(refs: list | None, path: Path) -> list[FieldError]:
    """apimachinery ``ValidateOwnerReferences``/``validateOwnerReference``
    (staging/src/k8s.io/apimachinery/pkg/api/validation/objectmeta.go @ 008b3652).

    Upstream quirk kept: each entry is checked at the list's path (``ownerReferences.kind``,
    no index), every missing field is Invalid with the empty value, and the version check
    says "version must not be empty". The two-controllers error carries the whole list.
    """
    errs: list[FieldError] = []
    first_controller = ""
    items = [r if isinstance(r, dict) else {} for r in (refs or [])]
    for ref in items:
        api_version = str(ref.get("apiVersion") or "")
        kind = str(ref.get("kind") or "")
        group, version, _ = _group_version_kind(api_version, kind)
        if not version:
            errs.append(invalid(path.child("apiVersion"), api_version, "version must not be empty"))
        for fld in ("kind", "name", "uid"):
            if not ref.get(fld):
                errs.append(invalid(path.child(fld), str(ref.get(fld) or ""), "must not be empty"))
        if (group, version, kind) in _BANNED_OWNERS:
            gvk = f"{group}/{version}, Kind={kind}"
            errs.append(invalid(path, GoRendered(_go_owner_reference(ref)), f"{gvk} is disallowed from being an owner"))
        if ref.get("controller") is True:
            cur = f"{kind}/{ref.get('name', '')}"
            if first_controller:
                errs.append(invalid(path, GoRendered([_go_owner_reference(r) for r in items]),
                                    "Only one reference can have Controller set to true. "
                                    f'Found "true" in references for {first_controller} and {cur}'))
            else:
                first_controller = cur
    return errs


def validate_object_meta(obj: dict, namespaced: bool, path: Path | None = None,
                         name_fn: NameFn | None = None) -> list[FieldError]:
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
    errs += validate_owner_references(meta.get("ownerReferences"), path.child("ownerReferences"))
    errs += validate_finalizers(meta.get("finalizers"), path.child("finalizers"))
    return errs


def validate_object_meta_update(new: dict, old: dict, path: Path | None = None) -> list[FieldError]:
    """``ValidateObjectMetaUpdate``: name, namespace, uid, creationTimestamp are immutable."""
    path = path or Path("metadata")
    nm, om = new.get("metadata") or {}, old.get("metadata") or {}
    errs: list[FieldError] = []
    for fld in ("name", "namespace", "uid", "creationTimestamp"):
        if (nm.get(fld) or "") != (om.get(fld) or ""):
            errs.append(invalid(path.child(fld), nm.get(fld) or "", "field is immutable"))
    errs += validate_labels(nm.get("labels"), path.child("labels"))
    errs += validate_annotations(nm.get("annotations"), path.child("annotations"))
    errs += validate_owner_references(nm.get("ownerReferences"), path.child("ownerReferences"))
    errs += validate_kube_finalizer_names(nm.get("finalizers"), path.child("finalizers"))
    return errs
