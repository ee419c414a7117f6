"""OpenAPI v3 and v2 documents from the same definitions the decoder uses.

Why from the decoder's data: ``kubectl explain resourceslices.spec.devices`` must describe
exactly the fields ``kubectl apply`` may send, and kubectl validates ``kind: List`` files
client-side against ``/openapi/v2`` (the List wrapper has no server-side field validation,
so kubectl's QueryParamVerifier sends it to its schema validator). One source keeps the
published documents and the decoder in step.

The JSON-Schema rendering of the data (see drakit.schema.data) is turned back into the
shapes kube-apiserver publishes: OpenAPI 3.0 (``#/components/schemas/...`` references, a
``$ref`` with a description wrapped in ``allOf`` as kube-openapi does) and Swagger 2.0
(``#/definitions/...``). The v2 document is also encoded as protobuf
(``application/com.github.proto-openapi.spec.v2@v1.0+protobuf``, the gnostic
``openapi_v2.Document`` message that client-go's OpenAPISchema() reads), written by hand
for the messages it needs (Document, Info, Definitions, NamedSchema, Schema, TypeItem,
ItemsItem, Properties, AdditionalPropertiesItem, NamedAny, Any).
"""

from __future__ import annotations

import functools
import json
import struct
from collections.abc import Iterable
from typing import Any

from . import data

_TYPE_META = ("apiVersion", "kind")


def reachable(version: str, roots: Iterable[str]) -> list[str]:
    """Definition names reachable from ``roots`` (sorted)."""
    defs = data.definitions(version)
    seen: set[str] = set()
    todo = [r for r in roots if r in defs]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for ref in _refs(defs[name]):
            if ref not in seen and ref in defs:
                todo.append(ref)
    return sorted(seen)


def _refs(schema: Any) -> Iterable[str]:
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str):
            yield ref.rsplit("/", 1)[-1]
        for v in schema.values():
            yield from _refs(v)
    elif isinstance(schema, list):
        for v in schema:
            yield from _refs(v)


def _convert(schema: Any, ref_prefix: str, v3: bool, prop: str | None = None) -> Any:
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    ref = schema.get("$ref")
    for k, v in schema.items():
        if k == "$ref":
            continue
        if k == "type" and isinstance(v, list):
            v = next((t for t in v if t != "null"), "object")
        if k == "enum" and prop in _TYPE_META:
            continue  # the JSON-Schema rendering adds these; kube's documents do not
        if k == "properties" and isinstance(v, dict):
            v = {p: _convert(s, ref_prefix, v3, p) for p, s in v.items()}
        elif k in ("items", "additionalProperties", "not"):
            v = _convert(v, ref_prefix, v3)
        elif k in ("oneOf", "anyOf", "allOf") and isinstance(v, list):
            v = [_convert(s, ref_prefix, v3) for s in v]
        out[k] = v
    if ref:
        target = ref_prefix + ref.rsplit("/", 1)[-1]
        if v3 and out:
            out = {"allOf": [{"$ref": target}], **out}
        else:
            out = {"$ref": target, **out}
    return out


def v3_schemas(version: str, roots: Iterable[str]) -> dict[str, Any]:
    """components.schemas for ``roots`` and what they reach (a fresh top-level dict; the
    schemas themselves are shared and must not be mutated)."""
    return dict(_v3_schemas(version, tuple(sorted(set(roots)))))


@functools.lru_cache(maxsize=64)
def _v3_schemas(version: str, roots: tuple[str, ...]) -> dict[str, Any]:
    defs = data.definitions(version)
    return {n: _convert(defs[n], "#/components/schemas/", True)
            for n in reachable(version, roots)}


def _v2_definition(defs: dict[str, Any], name: str) -> dict[str, Any]:
    out = _convert(defs[name], "#/definitions/", False)
    if "oneOf" in out:  # Quantity and IntOrString: kube's v2 writes them as strings
        out = {k: v for k, v in out.items() if k != "oneOf"}
        out["type"] = "string"
        if name.endswith("IntOrString"):
            out["format"] = "int-or-string"
    return out


def v2_document(version: str, roots: Iterable[str], title: str) -> dict[str, Any]:
    defs = data.definitions(version)
    return {"swagger": "2.0", "info": {"title": "Kubernetes", "version": title},
            "paths": {},
            "definitions": {n: _v2_definition(defs, n) for n in reachable(version, roots)}}


# ---------------------------------------------------------------------------- protobuf

def _varint(n: int) -> bytes:
    out = bytearray()
    n &= (1 << 64) - 1
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _field(num: int, wire: int) -> bytes:
    return _varint((num << 3) | wire)


def _bytes(num: int, payload: bytes) -> bytes:
    return _field(num, 2) + _varint(len(payload)) + payload


def _str(num: int, s: str) -> bytes:
    return _bytes(num, s.encode("utf-8")) if s else b""


def _named_any(name: str, value: Any) -> bytes:
    yaml_text = json.dumps(value, sort_keys=True)  # JSON is YAML; kube-openapi reads .yaml
    return _str(1, name) + _bytes(2, _str(2, yaml_text))


_INT_FIELDS = {"maxLength": 11, "minLength": 12, "maxItems": 14, "minItems": 15,
               "maxProperties": 17, "minProperties": 18}
_DOUBLE_FIELDS = {"multipleOf": 6, "maximum": 7, "minimum": 9}


def _schema_pb(s: dict[str, Any]) -> bytes:
    out = bytearray()
    out += _str(1, s.get("$ref", ""))
    out += _str(2, s.get("format", ""))
    out += _str(3, s.get("title", ""))
    out += _str(4, s.get("description", ""))
    for key, num in _DOUBLE_FIELDS.items():
        if isinstance(s.get(key), (int, float)):
            out += _field(num, 1) + struct.pack("<d", float(s[key]))
    for key, num in _INT_FIELDS.items():
        if isinstance(s.get(key), int):
            out += _field(num, 0) + _varint(s[key])
    out += _str(13, s.get("pattern", ""))
    for r in s.get("required") or ():
        out += _str(19, r)
    for e in s.get("enum") or ():
        out += _bytes(20, _str(2, json.dumps(e)))
    ap = s.get("additionalProperties")
    if isinstance(ap, dict):
        out += _bytes(21, _bytes(1, _schema_pb(ap)))
    elif isinstance(ap, bool):
        out += _bytes(21, _field(2, 0) + _varint(int(ap)))
    if s.get("type"):
        out += _bytes(22, _str(1, s["type"]))
    if isinstance(s.get("items"), dict):
        out += _bytes(23, _bytes(1, _schema_pb(s["items"])))
    for sub in s.get("allOf") or ():
        out += _bytes(24, _schema_pb(sub))
    props = s.get("properties")
    if isinstance(props, dict):
        out += _bytes(25, b"".join(_bytes(1, _str(1, p) + _bytes(2, _schema_pb(v)))
                                   for p, v in props.items()))
    if s.get("readOnly"):
        out += _field(27, 0) + _varint(1)
    for k in sorted(s):
        if k.startswith("x-"):
            out += _bytes(31, _named_any(k, s[k]))
    return bytes(out)


def v2_protobuf(doc: dict[str, Any]) -> bytes:
    """The gnostic ``openapi_v2.Document`` protobuf of a v2 document (definitions, info)."""
    out = bytearray()
    out += _str(1, doc.get("swagger", "2.0"))
    info = doc.get("info") or {}
    out += _bytes(2, _str(1, info.get("title", "")) + _str(2, info.get("version", "")))
    out += _bytes(8, b"")
    defs = doc.get("definitions") or {}
    out += _bytes(9, b"".join(_bytes(1, _str(1, n) + _bytes(2, _schema_pb(s)))
                              for n, s in defs.items()))
    return bytes(out)


@functools.lru_cache(maxsize=16)
def cached_v2(version: str, roots: tuple[str, ...], title: str) -> tuple[bytes, bytes]:
    """(JSON, protobuf) of the v2 document, built once per version and served set."""
    doc = v2_document(version, roots, title)
    return json.dumps(doc, separators=(",", ":")).encode(), v2_protobuf(doc)
