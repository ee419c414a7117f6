"""Patch formats kube-apiserver accepts, reduced to what drakit can apply faithfully.

Why a module of its own: the in-process API server only knows JSON merge patch (the one
format the reference components use). Over HTTP, kubectl also sends strategic merge
patches (client-side ``apply``/``patch`` of built-in kinds), JSON patches
(``patch --type=json``) and apply patches (``apply --server-side``). Each is turned here
into the desired object, which the server then writes with an ordinary update, so
admission and validation run exactly as for any other write.

Simplifications, documented in docs/serve.md:
- strategic merge: lists of objects that all carry ``name`` are merged by ``name`` (the
  merge key of containers, volumes, env, ports-by-name, resource claims, devices ...);
  other lists are replaced, as in a JSON merge patch. ``$patch: delete|replace``,
  ``$setElementOrder/<field>``, ``$retainKeys`` and ``$deleteFromPrimitiveList/<field>``
  are honoured; other ``$`` directives are dropped.
- apply patch (server-side apply): no field ownership; the applied configuration is
  merged into the live object like a strategic merge patch, ``force`` and
  ``fieldManager`` are ignored.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from drakit.api.errors import BadRequest, FieldError, Invalid, StatusError
from drakit.api.meta import merge_patch
from drakit.apiserver import MAX_REQUEST_BYTES

MERGE_PATCH = "application/merge-patch+json"
STRATEGIC_PATCH = "application/strategic-merge-patch+json"
JSON_PATCH = "application/json-patch+json"
APPLY_PATCH_YAML = "application/apply-patch+yaml"
APPLY_PATCH_CBOR = "application/apply-patch+cbor"
PATCH_TYPES = (MERGE_PATCH, STRATEGIC_PATCH, JSON_PATCH, APPLY_PATCH_YAML)


def strategic_merge(target: Any, patch: Any) -> Any:
    """Apply a strategic merge patch (see the module docstring for what is modelled)."""
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    if patch.get("$patch") == "delete":
        return None
    if patch.get("$patch") == "replace":
        return {k: copy.deepcopy(v) for k, v in patch.items() if not k.startswith("$")}
    out = dict(target) if isinstance(target, dict) else {}
    retain = patch.get("$retainKeys")
    for key, value in patch.items():
        if key.startswith("$"):
            continue
        if value is None:
            out.pop(key, None)
            continue
        cur = out.get(key)
        if isinstance(value, dict):
            merged = strategic_merge(cur, value)
            if merged is None:
                out.pop(key, None)
            else:
                out[key] = merged
        elif isinstance(value, list):
            out[key] = _merge_list(cur, value, patch.get(f"$setElementOrder/{key}"))
        else:
            out[key] = value
    for key, value in patch.items():
        if key.startswith("$deleteFromPrimitiveList/"):
            field = key.split("/", 1)[1]
            if isinstance(out.get(field), list):
                out[field] = [v for v in out[field] if v not in value]
    if isinstance(retain, list):
        out = {k: v for k, v in out.items() if k in retain}
    return out


def _keyed(items: Any) -> bool:
    return isinstance(items, list) and bool(items) and all(
        isinstance(i, dict) and isinstance(i.get("name"), str) for i in items)


class _BadMergeKey(Exception):
    """A list item's merge key (``name``) is not a string; carries the converter's words."""


def _check_merge_keys(value: list) -> None:
    """A list item whose merge key (``name``) is not a string cannot be converted into the
    Go type after the merge: kube's unstructured converter says "cannot convert int64 to
    string" for an integer and "unrecognized type: string" for anything else
    (apimachinery runtime/converter.go fromUnstructured), and patch.go answers 422 on the
    field ``patch`` (applyPatchToObject)."""
    for item in value:
        if isinstance(item, dict) and item.get("name") is not None \
                and not isinstance(item["name"], str):
            v = item["name"]
            raise _BadMergeKey("cannot convert int64 to string"
                               if isinstance(v, int) and not isinstance(v, bool)
                               else "unrecognized type: string")


def go_value(v: Any) -> str:
    """Go's ``%+v`` of a decoded JSON value (map keys sorted, as fmt prints maps)."""
    if isinstance(v, dict):
        return "map[" + " ".join(f"{k}:{go_value(v[k])}" for k in sorted(v)) + "]"
    if isinstance(v, list):
        return "[" + " ".join(go_value(x) for x in v) + "]"
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "<nil>"
    return str(v)


def _merge_list(cur: Any, value: list, order: Any) -> list:
    _check_merge_keys(value)
    patch_items = [i for i in value if not (isinstance(i, dict) and i.get("$patch") == "replace")]
    replace = len(patch_items) != len(value)
    if replace or not isinstance(cur, list) or not (_keyed(cur) and (
            _keyed(patch_items) or all(isinstance(i, dict) and "name" in i
                                       for i in patch_items))):
        return [_strip(i) for i in patch_items]
    by_name = {i["name"]: copy.deepcopy(i) for i in cur}
    names = [i["name"] for i in cur]
    for item in patch_items:
        name = item["name"]
        if item.get("$patch") == "delete":
            by_name.pop(name, None)
            continue
        by_name[name] = strategic_merge(by_name.get(name), item)
        if name not in names:
            names.append(name)
    if isinstance(order, list):
        wanted = [o.get("name") for o in order if isinstance(o, dict)]
        names = [n for n in wanted if n in by_name] + [n for n in names if n not in wanted]
    return [by_name[n] for n in names if n in by_name]


def _strip(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _strip(x) for k, x in v.items() if not k.startswith("$")}
    if isinstance(v, list):
        return [_strip(x) for x in v]
    return v


# ---------------------------------------------------------------------------- RFC 6902
# Errors as kube-apiserver gives them (k8s.io/apiserver pkg/endpoints/handlers/patch.go,
# release-1.33, on gopkg.in/evanphx/json-patch.v4): a body that is not a list of operations
# is 400; more than 10000 operations is 413; an operation that does not apply is 422 with
# the generic "the server rejected our request due to an error in our request" and no causes
# (errors.NewGenericServerResponse(422, ...) drops the library's words: kubectl prints "The
# request is invalid: the server rejected our request due to an error in our request").
# drakit keeps those words on the exception (``detail``) for tests and logs only.

MAX_JSON_PATCH_OPERATIONS = 10000


class PatchFailed(StatusError):
    """422 for a JSON patch operation that does not apply; ``detail`` says why."""

    def __init__(self, detail: str) -> None:
        super().__init__(message="the server rejected our request due to an error in our "
                                 "request", reason="Invalid", code=422)
        self.detail = detail


_patch_failed = PatchFailed


def _pointer(path: Any) -> list[str]:
    if not isinstance(path, str):
        raise _patch_failed("operation missing path field: missing value")
    if path == "":
        return []
    if not path.startswith("/"):
        raise _patch_failed(f'JSON pointer "{path}" must start with "/"')
    return [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]


def _index(key: str, size: int, end_ok: bool) -> int:
    """An array index as the library reads it: digits only ("-" = the end for add)."""
    if end_ok and key == "-":
        return size
    if not key.isascii() or not key.isdigit() or int(key) > size - (0 if end_ok else 1):
        raise _patch_failed(f"Unable to access invalid index: {key}: invalid index referenced")
    return int(key)


def _container(doc: Any, parts: list[str], op: str, path: str) -> tuple[Any, str]:
    cur = doc
    for p in parts[:-1]:
        if isinstance(cur, list):
            cur = cur[_index(p, len(cur), False)]
        elif isinstance(cur, dict) and p in cur:
            cur = cur[p]
        else:
            raise _patch_failed(f'{op} operation does not apply: doc is missing path: '
                                f'"{path}": missing value')
    if not isinstance(cur, (dict, list)):
        raise _patch_failed(f'{op} operation does not apply: doc is missing path: '
                            f'"{path}": missing value')
    return cur, parts[-1]


def _get(doc: Any, path: Any, op: str) -> Any:
    parts = _pointer(path)
    if not parts:
        return doc
    parent, key = _container(doc, parts, op, path)
    if isinstance(parent, list):
        return parent[_index(key, len(parent), False)]
    if key not in parent:
        raise _patch_failed(f"{op} operation does not apply: doc is missing from path: "
                            f"{path}: missing value")
    return parent[key]


def _size(v: Any) -> int:
    return len(json.dumps(v, separators=(",", ":")))


def json_patch(doc: Any, ops: Any) -> Any:
    """Apply an RFC 6902 JSON patch (add, remove, replace, move, copy, test)."""
    if not isinstance(ops, list):
        kind = "object" if isinstance(ops, dict) else "string" if isinstance(ops, str) else (
            "number" if isinstance(ops, (int, float)) else "bool" if isinstance(ops, bool)
            else "null")
        raise BadRequest(f"json: cannot unmarshal {kind} into Go value of type jsonpatch.Patch")
    if len(ops) > MAX_JSON_PATCH_OPERATIONS:
        raise StatusError(message=f"The allowed maximum operations in a JSON patch is "
                                  f"{MAX_JSON_PATCH_OPERATIONS}, got {len(ops)}",
                          reason="RequestEntityTooLarge", code=413)
    doc = copy.deepcopy(doc)
    copied = 0  # bytes copied so far: a few "copy" ops must not double the object for ever
    for op in ops:
        if not isinstance(op, dict):
            raise BadRequest("json: cannot unmarshal into Go value of type jsonpatch.Operation")
        kind, path = op.get("op"), op.get("path")
        if kind not in ("add", "remove", "replace", "move", "copy", "test"):
            raise _patch_failed(f"Unexpected kind: {kind if isinstance(kind, str) else 'unknown'}")
        parts = _pointer(path)
        if kind in ("add", "replace", "test") and "value" not in op:
            raise _patch_failed(f"{kind} operation does not apply: missing value")
        value = copy.deepcopy(op.get("value"))
        if kind in ("move", "copy"):
            value = copy.deepcopy(_get(doc, op.get("from"), kind))
            if kind == "copy":
                copied += _size(value)
                if copied > MAX_REQUEST_BYTES:
                    raise StatusError(message=f"Request entity too large: limit is "
                                              f"{MAX_REQUEST_BYTES}",
                                      reason="RequestEntityTooLarge", code=413)
            else:
                src_parent, src_key = _container(doc, _pointer(op.get("from")), kind,
                                                 op.get("from"))
                if isinstance(src_parent, list):
                    src_parent.pop(_index(src_key, len(src_parent), False))
                else:
                    del src_parent[src_key]
            kind_apply = "add"
        else:
            kind_apply = kind
        if not parts:
            if kind_apply == "test":
                if doc != value:
                    raise _patch_failed(f"testing value {path} failed: test failed")
            elif kind_apply == "remove":
                raise _patch_failed(f'remove operation does not apply: doc is missing path: '
                                    f'"{path}": missing value')
            else:
                doc = value
            continue
        parent, key = _container(doc, parts, kind, path)
        if kind_apply == "test":
            have = (parent[_index(key, len(parent), False)] if isinstance(parent, list)
                    else parent.get(key, _MISSING))
            if have != value:
                raise _patch_failed(f"testing value {path} failed: test failed")
        elif isinstance(parent, list):
            if kind_apply == "add":
                parent.insert(_index(key, len(parent), True), value)
            elif kind_apply == "replace":
                parent[_index(key, len(parent), False)] = value
            else:
                parent.pop(_index(key, len(parent), False))
        elif kind_apply == "add":
            parent[key] = value
        elif key not in parent:
            what = "key" if kind_apply == "replace" else "path"
            shown = path if kind_apply == "replace" else f'"{path}"'
            raise _patch_failed(f"{kind_apply} operation does not apply: doc is missing "
                                f"{what}: {shown}: missing value")
        elif kind_apply == "replace":
            parent[key] = value
        else:
            del parent[key]
    return doc


_MISSING = object()


def apply_patch(kind: str, content_type: str, live: Any, body: Any) -> Any:
    """The object a patch of ``content_type`` turns ``live`` into."""
    if content_type == MERGE_PATCH:
        return merge_patch(copy.deepcopy(live), copy.deepcopy(body))
    if content_type in (STRATEGIC_PATCH, APPLY_PATCH_YAML):
        if not isinstance(body, dict):
            raise BadRequest("the patch must be a JSON object")
        try:
            return strategic_merge(live, body)
        except _BadMergeKey as e:
            # errors.NewInvalid(schema.GroupKind{}, "", ...): an empty kind and name
            raise Invalid("", "", [FieldError("Invalid", "patch", go_value(body),
                                              str(e))]) from None
    if content_type == JSON_PATCH:
        return json_patch(live, body)
    raise BadRequest(f"the content type {content_type!r} is not a supported patch type")
