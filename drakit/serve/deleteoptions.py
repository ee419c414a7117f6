"""DeleteOptions of a DELETE, from its body or its query, checked like kube-apiserver.

Why: a delete's options decide what happens to an object (grace period, preconditions,
propagation, dry run), and a wrong type in them (``"preconditions": "x"``,
``gracePeriodSeconds=abc``) must be a 400 that names the field, never a crash.
k8s.io/apiserver pkg/endpoints/handlers/delete.go (release-1.33): a non-empty body is
decoded as DeleteOptions and the query is then ignored; without a body the query is
decoded with the parameter codec (params.py). The field types are metav1.DeleteOptions';
a wrong type is worded as Go's encoding/json words it. Values are then validated as
k8s.io/apimachinery pkg/apis/meta/v1/validation ValidateDeleteOptions does (422 on
``DeleteOptions.meta.k8s.io``).

kube-apiserver passes a body decode error on without a status (the client sees a 500 whose
message is the decoder's); drakit answers 400 BadRequest with the same words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drakit.api import errors as E

from . import params

PROPAGATION = ["Foreground", "Background", "Orphan"]

# field -> (Go type name, python check)
_FIELDS: dict[str, tuple[str, Any]] = {
    "gracePeriodSeconds": ("int64", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "preconditions": ("v1.Preconditions", lambda v: isinstance(v, dict)),
    "orphanDependents": ("bool", lambda v: isinstance(v, bool)),
    "propagationPolicy": ("v1.DeletionPropagation", lambda v: isinstance(v, str)),
    "dryRun": ("[]string", lambda v: isinstance(v, list)),
    "ignoreStoreReadErrorWithClusterBreakingPotential": ("bool", lambda v: isinstance(v, bool)),
}


def _json_type(v: Any) -> str:
    """encoding/json's name for a JSON value's type in UnmarshalTypeError."""
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, (int, float)):
        return f"number {v}" if isinstance(v, float) or not -2**63 <= v < 2**63 else "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    return "object"


def _type_error(v: Any, path: str, go_type: str) -> E.StatusError:
    return E.BadRequest(f"json: cannot unmarshal {_json_type(v)} into Go struct field "
                        f"DeleteOptions.{path} of type {go_type}")


def from_body(body: Any) -> dict[str, Any]:
    if body is None:
        return {}
    if not isinstance(body, dict):
        raise E.BadRequest(f"json: cannot unmarshal {_json_type(body)} into Go value of type "
                           f"v1.DeleteOptions")
    opts: dict[str, Any] = {}
    for k, v in body.items():
        if k not in _FIELDS or v is None:
            continue  # apiVersion, kind and unknown fields are ignored by the decoder
        go_type, ok = _FIELDS[k]
        if not ok(v):
            raise _type_error(v, k, go_type)
        opts[k] = v
    pre = opts.get("preconditions")
    if pre is not None:
        for k in ("uid", "resourceVersion"):
            if pre.get(k) is not None and not isinstance(pre[k], str):
                go = "types.UID" if k == "uid" else "string"
                raise _type_error(pre[k], f"preconditions.{k}", go)
    for v in opts.get("dryRun") or []:
        if not isinstance(v, str):
            raise _type_error(v, "dryRun", "string")
    validate(opts)
    return opts


def from_query(query: Mapping[str, str]) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    grace = params.int64(query, "gracePeriodSeconds")
    if grace is not None:
        opts["gracePeriodSeconds"] = grace
    orphan = params.boolean(query, "orphanDependents")
    if orphan is not None:
        opts["orphanDependents"] = orphan
    if "propagationPolicy" in query:
        opts["propagationPolicy"] = query["propagationPolicy"]
    dry = [v for v in getattr(query, "all", {}).get("dryRun", []) if v]
    if dry:
        opts["dryRun"] = dry
    validate(opts)
    return opts


def validate(opts: Mapping[str, Any]) -> None:
    errs: list[E.FieldError] = []
    policy = opts.get("propagationPolicy")
    if opts.get("orphanDependents") is not None and policy is not None:
        errs.append(E.invalid("propagationPolicy", policy,
                              "orphanDependents and deletionPropagation cannot be both set"))
    if policy is not None and policy not in PROPAGATION:
        errs.append(E.not_supported("propagationPolicy", policy, PROPAGATION))
    dry = opts.get("dryRun") or []
    if any(v != "All" for v in dry):
        errs.append(E.not_supported("dryRun", params.string_slice(dry), ["All"]))
    if errs:
        raise E.Invalid("DeleteOptions", "", errs, "meta.k8s.io")
