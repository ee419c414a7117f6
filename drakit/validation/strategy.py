"""The registry strategy contract every kind implements (k8s.io/apiserver ``rest.RESTCreateStrategy``).

Why one contract: the API server runs the same admission chain for every kind
(defaulting -> dropping fields of disabled gates -> validation), and each kind's rules
live in one place that says which version and gates they depend on. The API server never
knows a kind's fields; the strategy never knows the store.

Objects are plain dicts in the Kubernetes JSON shape. ``prepare_*`` mutate in place;
``validate_*`` return a list of FieldError (empty when valid).
"""

from __future__ import annotations

from collections.abc import Mapping
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

    def enabled(self, gate: str) -> bool:
        return bool(self.gates.get(gate, False))


class Strategy:
    """Defaults: no defaulting, no gated fields, no rules, metadata/spec split by status."""

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
        """Drop gated status fields unless the old status used them."""

    def validate_status_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        return []


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
