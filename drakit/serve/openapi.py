"""The OpenAPI documents ``drakit serve`` publishes: v3 per group version, and v2.

Why serve them: kubectl (1.27+) downloads OpenAPI v3 before ``apply``/``create`` to learn
whether the server validates fields itself (the ``fieldValidation`` parameter on the
kind's PATCH operation) and to answer ``kubectl explain``; it validates ``kind: List``
files client-side against ``/openapi/v2`` (protobuf), since the List wrapper has no
server-side validation. Without them kubectl stops with "failed to download openapi" or
"error validating data".

The paths are drakit's (every served kind's collection, item and status paths with their
operations, the ``x-kubernetes-group-version-kind`` kubectl matches on and the query
parameters drakit honours); the schemas are the published definitions of the emulated
release (drakit.schema.openapi), the same ones the API server decodes with, so ``explain``
descends into every field. The v2 document carries definitions only (no paths): kubectl
reads its definitions for validation and v3 for everything else.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from drakit import schema as S
from drakit.api import errors as E
from drakit.kinds import KindInfo
from drakit.schema import openapi as O
from drakit.validation.strategy import Context

from . import discovery

_QUERY = ("fieldValidation", "dryRun", "fieldManager", "force", "pretty")
# kube-openapi's handler matches the Accept "...spec.v2@v1.0+protobuf" and answers with this
# Content-Type ("@" is not valid in a media type Go's mime package parses)
V2_PROTOBUF = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf"


def _definition(ctx: Context, info: KindInfo, version: str) -> str | None:
    api_version = f"{info.group}/{version}" if info.group else version
    try:
        return S.definition_for(ctx.version, api_version, info.kind)
    except Exception:  # noqa: BLE001 - no schema data for this version: shallow schema
        return None


def _schema_name(ctx: Context, info: KindInfo, version: str) -> str:
    name = _definition(ctx, info, version)
    if name:
        return name
    group = info.group.split(".")[0] if info.group else "core"
    return f"io.k8s.api.{group}.{version}.{info.kind}"


def _params(names: tuple[str, ...]) -> list[dict[str, Any]]:
    return [{"name": n, "in": "query", "schema": {"type": "string"}, "uniqueItems": True}
            for n in names]


def _gvk(info: KindInfo, version: str) -> dict[str, str]:
    return {"group": info.group, "version": version, "kind": info.kind}


def _op(ctx: Context, info: KindInfo, version: str, action: str, ctypes: tuple[str, ...],
        params: tuple[str, ...]) -> dict[str, Any]:
    ref = {"$ref": f"#/components/schemas/{_schema_name(ctx, info, version)}"}
    op: dict[str, Any] = {
        "operationId": f"{action}{info.kind}",
        "x-kubernetes-action": action,
        "x-kubernetes-group-version-kind": _gvk(info, version),
        "parameters": _params(params),
        "responses": {"200": {"description": "OK", "content": {
            "application/json": {"schema": ref}}}},
    }
    if ctypes:
        op["requestBody"] = {"content": {c: {"schema": ref} for c in ctypes}, "required": True}
    return op


def _shallow_schema(info: KindInfo, version: str) -> dict[str, Any]:
    """For a kind whose release has no published definition (none today)."""
    props: dict[str, Any] = {
        "apiVersion": {"type": "string"}, "kind": {"type": "string"},
        "metadata": {"type": "object", "x-kubernetes-preserve-unknown-fields": True},
    }
    if info.kind != "Event":
        props["spec"] = {"type": "object", "x-kubernetes-preserve-unknown-fields": True}
    if info.has_status:
        props["status"] = {"type": "object", "x-kubernetes-preserve-unknown-fields": True}
    return {"type": "object", "description": f"{info.kind}, served by drakit.",
            "properties": props, "x-kubernetes-group-version-kind": [_gvk(info, version)]}


def group_version_doc(ctx: Context, group: str, version: str) -> dict[str, Any] | None:
    paths: dict[str, Any] = {}
    roots: list[str] = []
    shallow: dict[str, Any] = {}
    found = False
    for info, v in discovery.served(ctx):
        if info.group != group or v != version:
            continue
        found = True
        prefix = f"/apis/{group}/{version}" if group else "/api/v1"
        base = (f"{prefix}/namespaces/{{namespace}}/{info.plural}" if info.namespaced
                else f"{prefix}/{info.plural}")
        paths[base] = {
            "get": _op(ctx, info, v, "list", (), ("labelSelector", "fieldSelector", "watch")),
            "post": _op(ctx, info, v, "post", ("application/json", "application/yaml"), _QUERY),
        }
        item = {
            "get": _op(ctx, info, v, "get", (), ()),
            "put": _op(ctx, info, v, "put", ("application/json", "application/yaml"), _QUERY),
            "patch": _op(ctx, info, v, "patch", ("application/json-patch+json",
                                                 "application/merge-patch+json",
                                                 "application/apply-patch+yaml"), _QUERY),
            "delete": _op(ctx, info, v, "delete", (), ("dryRun", "gracePeriodSeconds")),
        }
        paths[base + "/{name}"] = item
        if info.has_status:
            paths[base + "/{name}/status"] = {k: item[k] for k in ("get", "put", "patch")}
        name = _definition(ctx, info, v)
        if name:
            roots.append(name)
        else:
            shallow[_schema_name(ctx, info, v)] = _shallow_schema(info, v)
    if not found:
        return None
    schemas = O.v3_schemas(ctx.version, roots) if roots else {}
    schemas.update(shallow)
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


def v2(ctx: Context, accept: str) -> tuple[str, bytes]:
    """``/openapi/v2`` as (content type, body): protobuf when the client asks for it (as
    client-go's OpenAPISchema does), JSON otherwise."""
    roots = tuple(sorted({n for info, v in discovery.served(ctx)
                          if (n := _definition(ctx, info, v))}))
    as_json, as_pb = O.cached_v2(ctx.version, roots, f"v{ctx.version}.0-drakit")
    if "protobuf" in (accept or ""):
        return V2_PROTOBUF, as_pb
    return "application/json", as_json


def acceptable(path: str, accept: str) -> bool:
    """Whether drakit can answer an OpenAPI request with this Accept header: JSON always,
    protobuf for v2 only (drakit does not encode the v3 protobuf)."""
    if not accept.strip():
        return True
    for part in accept.split(","):
        media = part.split(";")[0].strip().lower()
        if media in ("*/*", "application/*", "application/json"):
            return True
        if path == "/openapi/v2" and "proto-openapi.spec.v2" in media:
            return True
    return False


def not_acceptable(path: str) -> E.StatusError:
    types = "application/json" + (f", {V2_PROTOBUF}" if path == "/openapi/v2" else "")
    return E.StatusError(message=f"only the following media types are accepted: {types}",
                         reason="NotAcceptable", code=406)
