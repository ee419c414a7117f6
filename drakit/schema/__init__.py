"""One schema per kind and emulated version, from the published Kubernetes OpenAPI.

Why one schema for everything: decoding (unknown and duplicate fields, wrong JSON types),
serialisation (canonical quantities, zero values of required fields), the OpenAPI that
``drakit serve`` publishes and the objects the fuzz tests generate all read the same
definitions, so they cannot drift apart the way hand-written field lists do.

Entry points (importing this package is cheap; data loads on first use):

* ``decode(obj, version, field_validation)`` -> ``Decoded(obj, warnings)``: what
  kube-apiserver's decoder makes of a request body, or ``BadRequest`` worded as it is.
* ``definition_for(version, api_version, kind)`` and ``definitions(version)`` for the
  OpenAPI documents (drakit.schema.openapi) and the fuzz strategies (drakit.schema.fuzz).

docs/schema.md says where the data comes from and what differs from kube-apiserver.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from drakit.api import errors as E

from .model import (
    IGNORE,
    STRICT,
    WARN,
    Ctx,
    DecodeError,
    DupDict,
    RawFloat,
    plain_json,
)

__all__ = ["IGNORE", "STRICT", "WARN", "Decoded", "DupDict", "RawFloat", "decode",
           "definition_for", "definitions", "check_field_validation", "available_versions"]

FIELD_VALIDATION_VALUES = ("", IGNORE, STRICT, WARN)


@dataclass
class Decoded:
    obj: dict
    """The decoded object: fresh, plain JSON, normalised like Go's encoding/json writes it."""
    warnings: list[str] = field(default_factory=list)
    """Strict-decoding problems reported as warnings (fieldValidation=Warn)."""


def check_field_validation(value: str | None, options_kind: str = "CreateOptions") -> str:
    """The effective directive; an unknown one is the 422 kube-apiserver answers
    (ValidateFieldValidation in apimachinery's meta/v1 validation)."""
    if value in (None, ""):
        return WARN
    if value not in FIELD_VALIDATION_VALUES:
        raise E.Invalid(options_kind, "", [E.not_supported(
            "fieldValidation", value, list(FIELD_VALIDATION_VALUES))], "meta.k8s.io")
    return value


def decode(obj: Mapping[str, Any], version: str, field_validation: str = STRICT) -> Decoded:
    """Decode ``obj`` (apiVersion/kind already resolved) as kube-apiserver would.

    Strict: unknown/duplicate fields are a 400; Warn: dropped, one warning each; Ignore:
    dropped silently. Wrong types are a 400 whatever the directive."""
    api_version = str(obj.get("apiVersion") or "")
    kind = str(obj.get("kind") or "")
    gv_version = api_version.rsplit("/", 1)[-1]
    node = _kind_node(version, api_version, kind)
    try:
        if node is None:  # a kind without published schema: JSON hygiene only
            return Decoded(plain_json(obj))
        ctx = Ctx()
        out = node.dec(obj, ctx, None)
        if ctx.type_error is not None:
            raise DecodeError(ctx.type_error)
    except DecodeError as e:
        raise _bad_request(kind, gv_version, str(e)) from None
    except RecursionError:
        raise _bad_request(kind, gv_version, "json: exceeded max depth") from None
    strict = ctx.strict
    yaml_error = getattr(obj, "yaml_error", None)
    if yaml_error:
        strict = [yaml_error, *strict]
    if not strict or field_validation == IGNORE:
        return Decoded(out)
    if field_validation == WARN:
        return Decoded(out, list(strict))
    raise _bad_request(kind, gv_version, "strict decoding error: " + ", ".join(strict))


def _bad_request(kind: str, version: str, msg: str) -> E.BadRequest:
    # k8s.io/apiserver endpoints/handlers transformDecodeError
    return E.BadRequest(f"{kind} in version {_go_q(version)} cannot be handled as a "
                        f"{kind}: {msg}")


def _go_q(s: str) -> str:
    from .model import go_quote
    return go_quote(s)


def _kind_node(version: str, api_version: str, kind: str):
    from .compile import compiled
    from .data import SchemaDataError
    try:
        return compiled(version).kind_node(api_version, kind)
    except SchemaDataError:
        return None


def definition_for(version: str, api_version: str, kind: str) -> str | None:
    from .compile import compiled
    return compiled(version).definition_for(api_version, kind)


def definitions(version: str) -> dict[str, dict[str, Any]]:
    from .data import definitions as defs
    return defs(version)


def available_versions() -> tuple[str, ...]:
    from .data import available_versions as av
    return av()
