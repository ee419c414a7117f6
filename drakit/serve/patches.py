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
from typing import Any

from drakit.api.errors import BadRequest
from drakit.api.meta import merge_patch

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


def _merge_list(cur: Any, value: list, order: Any) -> list:
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

def _pointer(path: str) -> list[str]:
    if path == "":
        return []
    if not path.startswith("/"):
        raise BadRequest(f"the JSON pointer {path!r} must start with '/'")
    return [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]


def _parent(doc: Any, parts: list[str]) -> tuple[Any, str]:
    cur = doc
    for p in parts[:-1]:
        if isinstance(cur, list):
            cur = cur[int(p)]
        elif isinstance(cur, dict) and p in cur:
            cur = cur[p]
        else:
            raise BadRequest(f"the server rejected our request due to an error in our "
                             f"request: doc is missing path: /{'/'.join(parts)}")
    return cur, parts[-1]


def json_patch(doc: Any, ops: Any) -> Any:
    """Apply an RFC 6902 JSON patch (add, remove, replace, move, copy, test)."""
    if not isinstance(ops, list):
        raise BadRequest("a JSON patch must be a list of operations")
    doc = copy.deepcopy(doc)
    for op in ops:
        if not isinstance(op, dict) or "op" not in op or "path" not in op:
            raise BadRequest(f"invalid JSON patch operation {op!r}")
        kind, parts = op["op"], _pointer(op["path"])
        try:
            if kind in ("add", "replace", "test"):
                value = copy.deepcopy(op.get("value"))
            elif kind in ("move", "copy"):
                src_parent, src_key = _parent(doc, _pointer(op["from"]))
                value = copy.deepcopy(src_parent[int(src_key)] if isinstance(src_parent, list)
                                      else src_parent[src_key])
                if kind == "move":
                    if isinstance(src_parent, list):
                        src_parent.pop(int(src_key))
                    else:
                        del src_parent[src_key]
                kind = "add"
            elif kind != "remove":
                raise BadRequest(f"unsupported JSON patch operation {kind!r}")
            if not parts:
                if kind == "test":
                    if doc != value:
                        raise BadRequest("testing value failed")
                    continue
                doc = value
                continue
            parent, key = _parent(doc, parts)
            if kind == "test":
                have = parent[int(key)] if isinstance(parent, list) else parent.get(key)
                if have != value:
                    raise BadRequest(f"the server rejected our request due to an error in "
                                     f"our request: testing value {op['path']} failed")
            elif isinstance(parent, list):
                if kind == "add":
                    parent.insert(len(parent) if key == "-" else int(key), value)
                elif kind == "replace":
                    parent[int(key)] = value
                else:
                    parent.pop(int(key))
            else:
                if kind == "add":
                    parent[key] = value
                elif kind == "replace":
                    if key not in parent:
                        raise BadRequest(f"the server rejected our request due to an error "
                                         f"in our request: replace operation does not apply: "
                                         f"doc is missing key: {op['path']}")
                    parent[key] = value
                else:
                    if key not in parent:
                        raise BadRequest(f"the server rejected our request due to an error "
                                         f"in our request: remove operation does not apply: "
                                         f"doc is missing path: {op['path']}")
                    del parent[key]
        except (IndexError, ValueError, TypeError, KeyError) as e:
            raise BadRequest(f"the server rejected our request due to an error in our "
                             f"request: {kind} {op['path']}: {e}") from None
    return doc


def apply_patch(kind: str, content_type: str, live: Any, body: Any) -> Any:
    """The object a patch of ``content_type`` turns ``live`` into."""
    if content_type == MERGE_PATCH:
        return merge_patch(copy.deepcopy(live), copy.deepcopy(body))
    if content_type in (STRATEGIC_PATCH, APPLY_PATCH_YAML):
        if not isinstance(body, dict):
            raise BadRequest("the patch must be a JSON object")
        return strategic_merge(live, body)
    if content_type == JSON_PATCH:
        return json_patch(live, body)
    raise BadRequest(f"the content type {content_type!r} is not a supported patch type")
