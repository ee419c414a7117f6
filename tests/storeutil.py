"""Write objects straight into an API server's store, past validation (tests only).

Why: components must survive stored data the API server would refuse today (written by an
older version, a bug, or a direct etcd write). The only way to have such data is to put it
there by hand: stamp it like a create would (uid, resourceVersion, timestamps), store it,
and emit the watch event components see.
"""

from __future__ import annotations

from typing import Any

from drakit.api.meta import deep_copy


def store_directly(target: Any, obj: dict, type_: str = "ADDED") -> dict:
    """Store ``obj`` (a create, or a replacement when it exists) without any validation."""
    api = getattr(target, "api", target)
    obj = deep_copy(obj)
    info = api.kind_info(obj["kind"])
    md = obj.setdefault("metadata", {})
    if info.namespaced:
        md.setdefault("namespace", "default")
    key = api._key(info, md.get("namespace"), md["name"])
    old = api._store[info.kind].get(key)
    if old is None:
        api._stamp_new(obj)
    else:
        for f in ("uid", "creationTimestamp"):
            md[f] = old["metadata"][f]
        md["resourceVersion"] = str(api._next_rv())
        type_ = "MODIFIED"
    api._store[info.kind][key] = obj
    api._emit(type_, info.kind, obj)
    return obj
