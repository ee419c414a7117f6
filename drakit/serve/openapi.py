"""A minimal OpenAPI v3 document per group version, enough for kubectl.

Why serve one at all: kubectl (1.27+) downloads OpenAPI before ``apply``/``create`` to
decide whether the server validates fields itself (the ``fieldValidation`` query
parameter on the PATCH operation of the kind); without a document it refuses with
"failed to download openapi" unless ``--validate=false``. The document here declares, for
every served kind, the collection and item paths with their operations, the
``x-kubernetes-group-version-kind`` extension kubectl matches on, the fieldValidation /
dryRun / fieldManager / force parameters, and a shallow schema (apiVersion, kind,
metadata, spec, status) so ``kubectl explain <kind>`` prints the top level.

What it deliberately lacks: full field schemas (``explain`` does not descend into spec)
and the strategic-merge media type on PATCH, so kubectl computes client-side apply
patches from its compiled-in types (built-in kinds) or as JSON merge patches
(resource.k8s.io/v1 and others it does not know) — both of which drakit serves.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from drakit.kinds import KindInfo
from drakit.validation.strategy import Context

from . import discovery

_QUERY = ("fieldValidation", "dryRun", "fieldManager", "force", "pretty")


def _schema_name(info: KindInfo, version: str) -> str:
    group = info.group.split(".")[0] if info.group else "core"
    return f"io.k8s.api.{group}.{version}.{info.kind}"


def _params(names: tuple[str, ...]) -> list[dict[str, Any]]:
    return [{"name": n, "in": "query", "schema": {"type": "string"}, "uniqueItems": True}
            for n in names]


def _gvk(info: KindInfo, version: str) -> dict[str, str]:
    return {"group": info.group, "version": version, "kind": info.kind}


def _ref(info: KindInfo, version: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{_schema_name(info, version)}"}


def _op(info: KindInfo, version: str, action: str, ctypes: tuple[str, ...],
        params: tuple[str, ...]) -> dict[str, Any]:
    op: dict[str, Any] = {
        "operationId": f"{action}{info.kind}",
        "x-kubernetes-action": action,
        "x-kubernetes-group-version-kind": _gvk(info, version),
        "parameters": _params(params),
        "responses": {"200": {"description": "OK", "content": {
            "application/json": {"schema": _ref(info, version)}}}},
    }
    if ctypes:
        op["requestBody"] = {"content": {c: {"schema": _ref(info, version)} for c in ctypes},
                             "required": True}
    return op


def group_version_doc(ctx: Context, group: str, version: str) -> dict[str, Any] | None:
    paths: dict[str, Any] = {}
    schemas: dict[str, Any] = {}
    found = False
    for info, v in discovery.served(ctx):
        if info.group != group or v != version:
            continue
        found = True
        prefix = f"/apis/{group}/{version}" if group else "/api/v1"
        base = (f"{prefix}/namespaces/{{namespace}}/{info.plural}" if info.namespaced
                else f"{prefix}/{info.plural}")
        paths[base] = {
            "get": _op(info, v, "list", (), ("labelSelector", "fieldSelector", "watch")),
            "post": _op(info, v, "post", ("application/json", "application/yaml"), _QUERY),
        }
        item = {
            "get": _op(info, v, "get", (), ()),
            "put": _op(info, v, "put", ("application/json", "application/yaml"), _QUERY),
            "patch": _op(info, v, "patch", ("application/json-patch+json",
                                            "application/merge-patch+json",
                                            "application/apply-patch+yaml"), _QUERY),
            "delete": _op(info, v, "delete", (), ("dryRun", "gracePeriodSeconds")),
        }
        paths[base + "/{name}"] = item
        if info.has_status:
            paths[base + "/{name}/status"] = {k: item[k] for k in ("get", "put", "patch")}
        props: dict[str, Any] = {
            "apiVersion": {"type": "string", "description": "APIVersion defines the "
                           "versioned schema of this representation of an object."},
            "kind": {"type": "string", "description": "Kind is a string value representing "
                     "the REST resource this object represents."},
            "metadata": {"type": "object", "description": "Standard object's metadata.",
                         "x-kubernetes-preserve-unknown-fields": True},
        }
        if info.kind != "Event":
            props["spec"] = {"type": "object", "x-kubernetes-preserve-unknown-fields": True,
                             "description": f"Spec of the {info.kind} (not detailed by "
                                            "drakit serve; see the Kubernetes API reference)."}
        if info.has_status:
            props["status"] = {"type": "object", "x-kubernetes-preserve-unknown-fields": True,
                               "description": f"Status of the {info.kind}."}
        schemas[_schema_name(info, v)] = {
            "type": "object",
            "description": f"{info.kind} ({info.resource}), served by drakit.",
            "properties": props,
            "x-kubernetes-group-version-kind": [_gvk(info, v)],
        }
    if not found:
        return None
    return {"openapi": "3.0.0",
            "info": {"title": "Kubernetes", "version": f"v{ctx.version}.0-drakit"},
            "paths": paths, "components": {"schemas": schemas}}


def root(ctx: Context) -> dict[str, Any]:
    """``/openapi/v3``: one entry per group version with a content hash in the URL."""
    gvs: list[tuple[str, str]] = []
    for info, v in discovery.served(ctx):
        if (info.group, v) not in gvs:
            gvs.append((info.group, v))
    paths = {}
    for g, v in gvs:
        key = f"apis/{g}/{v}" if g else "api/v1"
        doc = group_version_doc(ctx, g, v)
        digest = hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:32]
        paths[key] = {"serverRelativeURL": f"/openapi/v3/{key}?hash={digest.upper()}"}
    return {"paths": paths}
