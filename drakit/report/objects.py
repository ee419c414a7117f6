"""Objects in the report: YAML with differing fields highlighted, normalized cross-backend diffs.

Why a small YAML emitter of our own: the report highlights the *lines* of the fields that
differ, so every emitted line must know the path of the field it shows; PyYAML's emitter
does not expose that. The emitter covers what Kubernetes objects contain (mappings,
sequences, strings, numbers, booleans, null) and quotes anything YAML could misread.
Differences come from deepdiff, as the design asks.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

Path = tuple[Any, ...]

_PLAIN = re.compile(r"^[A-Za-z_./][A-Za-z0-9_./@+-]*(?: [A-Za-z0-9_./@+()-]+)*$")
_AMBIGUOUS = {"true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"}
_VOLATILE_META = ("uid", "resourceVersion", "creationTimestamp", "managedFields",
                  "generation", "deletionTimestamp", "selfLink")


# ---------------------------------------------------------------------------- paths

def path_str(path: Iterable[Any]) -> str:
    """("spec", "devices", 0, "name") -> "spec.devices[0].name"."""
    out = ""
    for p in path:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += ("." if out else "") + str(p)
    return out


def parse_path(text: str) -> Path:
    """ "spec.devices[0].name" -> ("spec", "devices", 0, "name")."""
    out: list[Any] = []
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", text):
        out.append(int(part[1:-1]) if part.startswith("[") else part)
    return tuple(out)


def lookup(obj: Any, path: Path) -> tuple[bool, Any]:
    cur = obj
    for p in path:
        if isinstance(p, int) and isinstance(cur, list) and -len(cur) <= p < len(cur):
            cur = cur[p]
        elif isinstance(cur, Mapping) and p in cur:
            cur = cur[p]
        else:
            return False, None
    return True, cur


# ---------------------------------------------------------------------------- differences

def differences(expected: Any, actual: Any, subset: bool = True) -> list[dict]:
    """What differs between an expectation and what was seen, as ``{path, kind, expected,
    actual}`` with ``path`` a tuple into *actual*.

    ``subset``: fields present only in *actual* are not differences (steps check that an
    object *contains* what the scenario wrote, as ``kubectl`` users read it).
    """
    if not isinstance(expected, (Mapping, list)) or not isinstance(actual, (Mapping, list)):
        if expected == actual:
            return []
        return [{"path": (), "kind": "changed", "expected": expected, "actual": actual}]
    from deepdiff import DeepDiff

    try:  # threshold 0: always descend (deepdiff >= 8 otherwise reports whole mappings)
        tree = DeepDiff(expected, actual, view="tree", threshold_to_diff_deeper=0)
    except TypeError:  # older deepdiff without the option
        tree = DeepDiff(expected, actual, view="tree")
    out: list[dict] = []
    for kind, levels in tree.items():
        if subset and kind in ("dictionary_item_added", "iterable_item_added",
                               "attribute_added"):
            continue
        for level in levels:
            path = tuple(level.path(output_format="list"))
            name = {"values_changed": "changed", "type_changes": "changed",
                    "dictionary_item_removed": "missing", "iterable_item_removed": "missing",
                    "dictionary_item_added": "extra", "iterable_item_added": "extra"
                    }.get(kind, kind)
            out.append({"path": path, "kind": name, "expected": _short(level.t1),
                        "actual": _short(level.t2)})
    out.sort(key=lambda d: path_str(d["path"]))
    return out


def _short(v: Any) -> Any:
    if type(v).__name__ == "NotPresent":
        return None
    return v


def strip_volatile(obj: Any) -> Any:
    """Normalize an object for comparing backends: uids, resourceVersions, timestamps,
    managedFields and generated name suffixes are removed (they always differ)."""
    if isinstance(obj, list):
        return [strip_volatile(v) for v in obj]
    if not isinstance(obj, Mapping):
        return obj
    out: dict[str, Any] = {}
    for k, v in obj.items():
        if k == "metadata" and isinstance(v, Mapping):
            meta = {mk: strip_volatile(mv) for mk, mv in v.items() if mk not in _VOLATILE_META}
            gen = meta.get("generateName")
            if gen and isinstance(meta.get("name"), str) and meta["name"].startswith(gen):
                meta["name"] = gen + "*"
            out[k] = meta
        elif k in ("uid", "lastTransitionTime", "lastProbeTime", "startTime", "timestamp",
                   "lastHeartbeatTime", "resourceVersion") and isinstance(v, str):
            continue
        else:
            out[k] = strip_volatile(v)
    return out


def paths_in_label(label: str, obj: Any) -> list[Path]:
    """Field paths named in a step label (``Pod p status.x.y``) that exist in *obj*, or
    their nearest existing parent: how scalar checks find the field to highlight."""
    found: list[Path] = []
    for token in re.findall(r"[A-Za-z_][\w\-/]*(?:\.[\w\-/]+|\[\d+\])+", label or ""):
        path = parse_path(token)
        while path:
            ok, _ = lookup(obj, path)
            if ok:
                found.append(path)
                break
            path = path[:-1]
    return found


# ---------------------------------------------------------------------------- YAML

def _scalar(v: Any) -> str:
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, (int, float)):
        return repr(v)
    s = str(v)
    if (_PLAIN.match(s) and s.lower() not in _AMBIGUOUS
            and not re.fullmatch(r"[-+]?[\d.eE_]+", s) and not s.endswith(":")):
        return s
    return json.dumps(s, ensure_ascii=False)


def yaml_lines(obj: Any, path: Path = (), indent: int = 0) -> list[tuple[str, Path]]:
    """Block-style YAML, one (text, path) per line."""
    pad = "  " * indent
    lines: list[tuple[str, Path]] = []
    if isinstance(obj, Mapping):
        if not obj:
            return [(pad + "{}", path)]
        for k, v in obj.items():
            p = (*path, k)
            key = _scalar(k) if not isinstance(k, str) else (
                k if _PLAIN.match(k) or re.fullmatch(r"[\w./-]+", k) else json.dumps(k))
            if isinstance(v, (Mapping, list)) and v:
                lines.append((f"{pad}{key}:", p))
                lines.extend(yaml_lines(v, p, indent + (1 if isinstance(v, Mapping) else 0)))
            else:
                lines.append((f"{pad}{key}: {_inline(v)}", p))
        return lines
    if isinstance(obj, list):
        if not obj:
            return [(pad + "[]", path)]
        for i, v in enumerate(obj):
            p = (*path, i)
            if isinstance(v, (Mapping, list)) and v:
                sub = yaml_lines(v, p, indent + 1)
                first, fpath = sub[0]
                lines.append((pad + "- " + first[len(pad) + 2:], fpath if fpath != p else p))
                lines.extend(sub[1:])
            else:
                lines.append((f"{pad}- {_inline(v)}", p))
        return lines
    return [(pad + _scalar(obj), path)]


def _inline(v: Any) -> str:
    if isinstance(v, Mapping):
        return "{}"
    if isinstance(v, list):
        return "[]"
    if isinstance(v, str) and "\n" in v:
        return json.dumps(v, ensure_ascii=False)
    return _scalar(v)


def yaml_html(obj: Any, highlight: Iterable[Path] = (), max_lines: int = 400) -> str:
    """``<pre class="yaml">`` with ``<mark>`` around lines whose field differs (the field
    itself and everything under it)."""
    marks = {tuple(p) for p in highlight}
    out = []
    lines = yaml_lines(obj)
    for text, path in lines[:max_lines]:
        hit = any(path[:n] in marks for n in range(len(path), 0, -1)) or (() in marks and
                                                                           not path)
        out.append(f'<mark class="diff">{escape(text)}</mark>' if hit else escape(text))
    if len(lines) > max_lines:
        out.append(escape(f"# … {len(lines) - max_lines} more lines"))
    return '<pre class="yaml">' + "\n".join(out) + "</pre>"


def yaml_text(obj: Any) -> str:
    return "\n".join(t for t, _ in yaml_lines(obj))
