"""The registry strategy contract every kind implements (k8s.io/apiserver ``rest.RESTCreateStrategy``).

Why one contract: the API server runs the same admission chain for every kind
(defaulting -> dropping fields of disabled gates -> validation), and each kind's rules
live in one place that says which version and gates they depend on. The API server never
knows a kind's fields; the strategy never knows the store.

Objects are plain dicts in the Kubernetes JSON shape. ``prepare_*`` mutate in place;
``validate_*`` return a list of FieldError (empty when valid).

What the generic store does for every kind (k8s.io/apiserver ``rest.BeforeCreate`` /
``BeforeUpdate``) stays in the API server: system metadata (uid, creationTimestamp,
deletionTimestamp, deletionGracePeriodSeconds, namespace) and the old generation are
restored before ``prepare_for_update``. Everything a kind decides for itself lives here, as
upstream keeps it in ``pkg/registry/<group>/<kind>/strategy.go``: which fields a create
resets (status), what a spec write keeps (status) and a status write keeps (spec, and for
some kinds metadata), and ``metadata.generation``: the generic store never sets it, only
the strategies of kinds that track it do (set_generation / bump_generation below).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from drakit.api.errors import FieldError


@dataclass(frozen=True)
class Context:
    """What a strategy may depend on: the emulated version and the effective gates."""

    version: str = "1.37"
    gates: Mapping[str, bool] = field(default_factory=dict)
    api_version: str = ""
    """The apiVersion the object was written with (e.g. scheduling.k8s.io/v1alpha3)."""
    namespace_labels: Callable[[str], Mapping[str, str] | None] | None = None
    """A read-only lookup of a namespace's labels (None: no such namespace), for the one
    rule that depends on the namespace (admin access, resource/adminaccess.py); upstream's
    strategies hold a namespace client for it."""
    now: str = ""
    """The API server's clock at the request (RFC 3339, seconds), for defaults that are "now"
    (DeviceTaint.timeAdded); empty where no API server is involved, and then nothing is
    defaulted to it."""

    def enabled(self, gate: str) -> bool:
        return bool(self.gates.get(gate, False))


class Strategy:
    """Defaults: no defaulting, no gated fields, no rules, no generation, metadata/spec split
    by status."""

    kind: str = ""
    has_status: bool = False
    """True when ``status`` is a subresource: spec writes ignore it and vice versa."""

    # -- create / update of the main resource -----------------------------------
    def prepare_for_create(self, obj: dict, ctx: Context) -> None:
        """Defaulting and drop-disabled-fields for a new object."""

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        """Defaulting and drop-disabled-fields, keeping gated fields the old object used."""

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        return []

    def validate_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        return self.validate_create(new, ctx)

    # -- status subresource -----------------------------------------------------
    def prepare_for_status_update(self, new: dict, old: dict, ctx: Context) -> None:
        """Keep everything but metadata and status from the old object.

        ``new`` is the object as the client sent it (system metadata already restored);
        kinds override this to also reset metadata the status endpoint may not change
        and to drop gated status fields unless the old status used them."""
        keep_all_but_status(new, old)

    def validate_status_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        return []


# -- helpers the strategies share (upstream: the same few lines in each strategy.go) ------

def keep_old(new: dict, old: Mapping[str, Any], part: str) -> None:
    """``new.<Part> = old.<Part>``: absent in old means absent in new."""
    if part in old:
        new[part] = copy.deepcopy(old[part])
    else:
        new.pop(part, None)


def keep_all_but_status(new: dict, old: Mapping[str, Any]) -> None:
    """A status write changes neither spec nor any other top-level field but metadata."""
    for part in set(new) | set(old):
        if part not in ("metadata", "status", "apiVersion", "kind"):
            keep_old(new, old, part)


STATUS_RESET_META = ("deletionTimestamp", "generation", "selfLink", "labels", "annotations",
                     "finalizers", "ownerReferences")


def reset_object_meta_for_status(new: dict, old: Mapping[str, Any]) -> None:
    """apimachinery ``metav1.ResetObjectMetaForStatus``: a status write keeps the old
    deletionTimestamp, generation, labels, annotations, finalizers and ownerReferences
    (used by the ResourceClaim and PodGroup status strategies)."""
    nm = new.setdefault("metadata", {})
    om = old.get("metadata") or {}
    for f in STATUS_RESET_META:
        keep_old(nm, om, f)


def set_generation(obj: dict) -> None:
    """``obj.Generation = 1`` in PrepareForCreate of kinds that track generation."""
    obj.setdefault("metadata", {})["generation"] = 1


def bump_generation(new: dict, old: Mapping[str, Any], changed: bool) -> None:
    """``new.Generation = old.Generation + 1`` when ``changed`` (the spec, usually)."""
    nm = new.setdefault("metadata", {})
    old_gen = int((old.get("metadata") or {}).get("generation") or 0)
    nm["generation"] = old_gen + 1 if changed else old_gen
    if not nm["generation"]:
        nm.pop("generation")


def get(obj: Mapping[str, Any] | None, *keys: str, default: Any = None) -> Any:
    """Nested dict lookup that tolerates missing levels: ``get(o, "spec", "devices")``."""
    cur: Any = obj
    for k in keys:
        if not isinstance(cur, Mapping):
            return default
        cur = cur.get(k)
        if cur is None:
            return default
    return cur
