"""Field paths in steps: ``spec.devices[0].name`` and ``metadata.annotations["a/b"]``.

The same syntax the API server uses in its error messages, plus quoted keys for map keys
that contain dots or slashes, and, when reading, ``[name=shared]`` for the first item of a
list whose ``name`` is ``shared`` (lists keyed by name whose order a live API server's
server-side apply decides, not the scenario).
"""

from __future__ import annotations

import re
from typing import Any

_TOKEN = re.compile(r'\.?([A-Za-z0-9_\-]+)|\[(\d+)\]|\["([^"]*)"\]|\[([^\]"]+)\]')

MISSING = object()


def parse(path: str) -> list[str | int]:
    parts: list[str | int] = []
    pos = 0
    while pos < len(path):
        m = _TOKEN.match(path, pos)
        if not m or m.end() == pos:
            raise ValueError(f"cannot parse field path {path!r} at {path[pos:]!r}")
        name, idx, qkey, bkey = m.groups()
        if name is not None:
            parts.append(name)
        elif idx is not None:
            parts.append(int(idx))
        else:
            parts.append(qkey if qkey is not None else bkey)
        pos = m.end()
    return parts


def lookup(obj: Any, path: str) -> Any:
    """The value at ``path`` or ``MISSING``."""
    cur = obj
    for p in parse(path):
        if isinstance(p, int):
            if not isinstance(cur, list) or p >= len(cur):
                return MISSING
            cur = cur[p]
        elif isinstance(cur, list) and "=" in p:
            key, _, want = p.partition("=")
            cur = next((item for item in cur if isinstance(item, dict) and item.get(key) == want),
                       MISSING)
            if cur is MISSING:
                return MISSING
        else:
            if not isinstance(cur, dict) or p not in cur:
                return MISSING
            cur = cur[p]
    return cur


def assign(obj: Any, path: str, value: Any) -> None:
    parts = parse(path)
    cur = obj
    for i, p in enumerate(parts):
        if isinstance(cur, list) and isinstance(p, str):
            raise ValueError(f"cannot write the field path {path!r}: {p!r} names no list "
                             "index (a [key=value] selector only reads)")
        if i == len(parts) - 1:
            break
        nxt = parts[i + 1]
        if isinstance(p, int):
            cur = cur[p]
        else:
            if p not in cur or cur[p] is None:
                cur[p] = [] if isinstance(nxt, int) else {}
            cur = cur[p]
    last = parts[-1]
    if isinstance(last, int):
        while len(cur) <= last:
            cur.append(None)
    cur[last] = value


def remove(obj: Any, path: str) -> None:
    parts = parse(path)
    parent = lookup(obj, _join(parts[:-1])) if len(parts) > 1 else obj
    last = parts[-1]
    if isinstance(parent, dict):
        parent.pop(last, None)
    elif isinstance(parent, list) and isinstance(last, int) and last < len(parent):
        parent.pop(last)


def _join(parts: list[str | int]) -> str:
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        elif re.fullmatch(r"[A-Za-z0-9_\-]+", p):
            out += ("." if out else "") + p
        else:
            out += f'["{p}"]'
    return out


def contains(actual: Any, expected: Any) -> list[str]:
    """Subset comparison (kept here for old imports): ``steps.expect.contains``, where the
    comparison rules live."""
    from .expect import contains as _contains

    return _contains(actual, expected)
