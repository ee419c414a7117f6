"""What the scheduler's typed informers would refuse to decode, checked before caching.

Why: upstream's informers decode every object into Go structs, so a DeviceClass whose
``spec`` is a string can never reach a plugin. drakit's caches hold plain dicts, and the
scheduler reads classes and slices lazily and for every pod (the allocator compiles class
selectors, walks slice devices, the KEP-5004 resolver reads every class): a malformed one
taken into the cache would fail the attempt of every pod instead of being one bad object.
So the informer checks the JSON types of the fields those shared code paths read — as the
Go decoder would, with its error text (encoding/json ``UnmarshalTypeError``) — and the
scheduler drops an object that fails (``Scheduler._dispatch_guarded``: an event on the
object, a retry when it changes). A malformed pod or claim needs no check here: it only
ever fails its own pod's attempt, which the scheduling cycle already turns into a
SchedulerError for that pod.

The API server refuses such objects at decode (one schema per kind); this check is for
what is stored anyway (older versions, bugs, direct store writes).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class DecodeError(ValueError):
    """The object does not fit the Go type the informer decodes into."""

    data_error = True  # its text is the whole story (drakit.component.describe)


# (path, JSON type, Go type). "[]" steps into every element of a list, "{}" into every
# value of a map. null is always accepted (Go decodes it to the zero value).
_CHECKS: dict[str, list[tuple[str, type, str]]] = {
    "DeviceClass": [
        ("spec", dict, "v1.DeviceClassSpec"),
        ("spec.selectors", list, "[]v1.DeviceSelector"),
        ("spec.selectors[]", dict, "v1.DeviceSelector"),
        ("spec.selectors[].cel", dict, "v1.CELDeviceSelector"),
        ("spec.selectors[].cel.expression", str, "string"),
        ("spec.config", list, "[]v1.DeviceClassConfiguration"),
        ("spec.extendedResourceName", str, "string"),
    ],
    "ResourceSlice": [
        ("spec", dict, "v1.ResourceSliceSpec"),
        ("spec.driver", str, "string"),
        ("spec.nodeName", str, "string"),
        ("spec.allNodes", bool, "bool"),
        ("spec.perDeviceNodeSelection", bool, "bool"),
        ("spec.nodeSelector", dict, "v1.NodeSelector"),
        ("spec.pool", dict, "v1.ResourcePool"),
        ("spec.pool.name", str, "string"),
        ("spec.devices", list, "[]v1.Device"),
        ("spec.devices[]", dict, "v1.Device"),
        ("spec.devices[].name", str, "string"),
        ("spec.devices[].attributes", dict, "map[v1.QualifiedName]v1.DeviceAttribute"),
        ("spec.devices[].attributes{}", dict, "v1.DeviceAttribute"),
        ("spec.devices[].capacity", dict, "map[v1.QualifiedName]v1.DeviceCapacity"),
        ("spec.devices[].capacity{}", dict, "v1.DeviceCapacity"),
        ("spec.sharedCounters", list, "[]v1.CounterSet"),
        ("spec.sharedCounters[]", dict, "v1.CounterSet"),
    ],
    "Node": [
        ("spec", dict, "v1.NodeSpec"),
        ("spec.taints", list, "[]v1.Taint"),
        ("spec.taints[]", dict, "v1.Taint"),
        ("status", dict, "v1.NodeStatus"),
        ("status.allocatable", dict, "v1.ResourceList"),
    ],
}

_JSON_NAMES = {dict: "object", list: "array", str: "string", bool: "bool"}


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    for t, name in _JSON_NAMES.items():
        if isinstance(value, t):
            return name
    return type(value).__name__


def _fits(value: Any, want: type) -> bool:
    if want is dict:
        return isinstance(value, Mapping)
    if want is bool:
        return isinstance(value, bool)
    return isinstance(value, want)


def _walk(obj: Any, steps: list[str], where: str) -> list[tuple[Any, str]]:
    """Values at a dotted path (``[]``/``{}`` fan out); missing or null ones are skipped."""
    found = [(obj, where)]
    for step in steps:
        nxt: list[tuple[Any, str]] = []
        name, fan = step, ""
        if step.endswith("[]") or step.endswith("{}"):
            name, fan = step[:-2], step[-2:]
        for value, path in found:
            if not isinstance(value, Mapping):
                continue
            child = value.get(name)
            if child is None:
                continue
            cpath = f"{path}.{name}" if path else name
            if fan == "[]":
                if isinstance(child, list):
                    nxt.extend((x, cpath) for x in child if x is not None)
            elif fan == "{}":
                if isinstance(child, Mapping):
                    nxt.extend((x, cpath) for x in child.values() if x is not None)
            else:
                nxt.append((child, cpath))
        found = nxt
    return found


def _owners(kind: str, checks: list[tuple[str, type, str]]) -> list[tuple[str, type, str, str]]:
    """Each check with the Go struct that owns its last field, the Struct of encoding/json's
    UnmarshalTypeError (the innermost struct entered; drakit/schema words API decode errors
    the same way): the type of the parent path's value, the kind's own type at the root."""
    types = {path: go_type for path, _, go_type in checks}
    out = []
    for path, want, go_type in checks:
        parent = path.rpartition(".")[0]
        owner = types[parent] if parent else f"v1.{kind}"  # KeyError: a check without its parent
        out.append((path, want, go_type, owner.removeprefix("v1.")))
    return out


_OWNED = {kind: _owners(kind, checks) for kind, checks in _CHECKS.items()}


def check_decodable(kind: str, obj: Any) -> None:
    """Raise DecodeError (Go's wording) when ``obj`` does not fit the informer's type.

    Only the kinds whose fields are read outside their own pod's attempt are checked (a
    pod or claim that does not fit fails its own attempt, which is already contained)."""
    checks = _OWNED.get(kind)
    if checks is None:
        return
    if not isinstance(obj, Mapping):
        raise DecodeError(f"json: cannot unmarshal {_json_type(obj)} into Go value of type "
                          f"v1.{kind}")
    md = obj.get("metadata")
    if not isinstance(md, Mapping):
        raise DecodeError(f"json: cannot unmarshal {_json_type(md)} into Go struct field "
                          f"{kind}.metadata of type v1.ObjectMeta")
    # (metadata.uid needs no check: the API server sets it, past validation too)
    for field in ("name", "namespace"):
        if md.get(field) is not None and not isinstance(md[field], str):
            raise DecodeError(f"json: cannot unmarshal {_json_type(md[field])} into Go struct "
                              f"field ObjectMeta.metadata.{field} of type string")
    for path, want, go_type, owner in checks:
        steps = path.split(".")
        for value, where in _walk(obj, steps, ""):
            if not _fits(value, want):
                raise DecodeError(f"json: cannot unmarshal {_json_type(value)} into Go struct "
                                  f"field {owner}.{where} of type {go_type}")
