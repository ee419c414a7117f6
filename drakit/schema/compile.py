"""Compile one release's definitions into decoder nodes (drakit.schema.model), lazily.

Why lazily and per definition: a release has ~860 definitions; drakit serves 13 kinds
that reach ~250 of them. A definition is compiled the first time a kind that uses it is
decoded, once per emulated version, and shared by every kind that refers to it.

Go type names: a node's ``go_type`` is what an UnmarshalTypeError names. The OpenAPI gives
struct names (the definition's) and plain types; the names it lacks (named strings such as
``v1.RestartPolicy``, named maps, named map keys) come from go_types_data.py, generated
from the Go sources by scripts/gen_go_types.py, and are applied here at compile time to
copies of the shared nodes, so decoding costs the same.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from . import data
from .model import (
    AnyNode,
    BoolNode,
    FloatNode,
    IntNode,
    IntOrStringNode,
    ListNode,
    MapNode,
    Node,
    QuantityNode,
    StringNode,
    StructNode,
    TimeNode,
)

_META = "io.k8s.apimachinery.pkg.apis.meta.v1."
# Types with their own UnmarshalJSON, decoded by hand (k8s.io/apimachinery).
_SPECIAL: dict[str, Any] = {
    "io.k8s.apimachinery.pkg.api.resource.Quantity": QuantityNode,
    "io.k8s.apimachinery.pkg.util.intstr.IntOrString": IntOrStringNode,
    _META + "Time": lambda: TimeNode(micro=False),
    _META + "MicroTime": lambda: TimeNode(micro=True),
    "io.k8s.apimachinery.pkg.runtime.RawExtension": lambda: AnyNode("runtime.RawExtension"),
    _META + "FieldsV1": lambda: AnyNode("v1.FieldsV1"),
    _META + "Patch": lambda: AnyNode("v1.Patch"),
    "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON":
        lambda: AnyNode("v1.JSON"),
}

_STRING = StringNode()
_BOOL = BoolNode()
_INT32 = IntNode(32)
_INT64 = IntNode(64)
_FLOAT = FloatNode()


# Required-in-OpenAPI fields that are Go pointers (``*T`` without omitempty): absent stays
# absent (Go writes null), never a zero value, so validation still reports them Required.
# The OpenAPI cannot tell a pointer from a value; each entry cites where the pointer shows.
POINTER_FIELDS: frozenset[tuple[str, str]] = frozenset({
    # KEP-5517 1.37: test/e2e/dra node allocatable test checks Mapping[0].Quantity ToNot(BeNil)
    ("NodeAllocatableMappedResources", "quantity"),
    # k8s.io/api apps/v1 types.go: Selector *metav1.LabelSelector `json:"selector"`; a missing
    # one reaches ValidateDeploymentSpec / ValidateReplicaSetSpec as nil (Required), not {}
    ("DeploymentSpec", "selector"),
    ("ReplicaSetSpec", "selector"),
    # k8s.io/api resource/v1 types.go: Min *resource.Quantity `json:"min,omitempty"` (+required,
    # no default); validateRequestPolicyRange answers a missing one with Required
    ("CapacityRequestPolicyRange", "min"),
})


def _type_of(schema: dict[str, Any]) -> str | None:
    t = schema.get("type")
    if isinstance(t, list):
        t = next((x for x in t if x != "null"), None)
    return t


class Compiled:
    """The decoder nodes of one emulated release."""

    def __init__(self, version: str,
                 go_types: dict[str, dict[str, str]] | None = None) -> None:
        self.version = version
        self.defs = data.definitions(version)
        self.index = data.gvk_index(version)
        self._nodes: dict[str, Node] = {}
        # definition -> {property: Go type name}; {} leaves the names the OpenAPI alone
        # gives (scripts/gen_go_types.py compares those with the Go types)
        self._go_types = _default_go_types(version) if go_types is None else go_types
        # definition -> {property: "struct" | "null" | "zero"}: what encoding/json writes for
        # a zero value, so the decoder writes it for a property left out or sent as null
        self._zero_written = _default_zero_written(version) if go_types is None else {}

    def definition_for(self, api_version: str, kind: str) -> str | None:
        return self.index.get((api_version, kind))

    def kind_node(self, api_version: str, kind: str) -> StructNode | None:
        name = self.definition_for(api_version, kind)
        if name is None:
            return None
        node = self.node(name)
        return node if isinstance(node, StructNode) else None

    def node(self, name: str) -> Node:
        hit = self._nodes.get(name)
        if hit is not None:
            return hit
        special = _SPECIAL.get(name)
        if special is not None:
            node: Node = special()
            self._nodes[name] = node
            return node
        schema = self.defs.get(name)
        if schema is None:
            node = AnyNode("interface {}")
            self._nodes[name] = node
            return node
        t = _type_of(schema)
        if t not in (None, "object") or "properties" not in schema and \
                "additionalProperties" in schema:
            node = self._inline(schema)
            self._nodes[name] = node
            return node
        struct = StructNode(name)
        self._nodes[name] = struct  # before the properties: types may refer to themselves
        props = schema.get("properties") or {}
        go_types = self._go_types.get(name)
        for pname, pschema in props.items():
            child = self._inline(pschema)
            if go_types is not None and pname in go_types:
                child = with_go_type(child, go_types[pname])
            struct.props[pname] = child
            if type(child) is StringNode:
                struct.fast[pname] = str
            elif type(child) is BoolNode:
                struct.fast[pname] = bool
            elif type(child) is IntNode and child.hi == _INT64.hi:
                struct.fast[pname] = int  # range-checked inline
        struct.required = tuple(r for r in schema.get("required") or () if r in props
                                and (name.rsplit(".", 1)[-1], r) not in POINTER_FIELDS)
        struct.written = tuple((p, kind == "null") for p, kind in
                               sorted((self._zero_written.get(name) or {}).items())
                               if p in props and _writes_zero(kind, struct.props[p]))
        return struct

    def _inline(self, schema: dict[str, Any]) -> Node:
        ref = schema.get("$ref")
        if ref:
            return self.node(ref.rsplit("/", 1)[-1])
        if "allOf" in schema and len(schema["allOf"]) == 1:
            return self._inline(schema["allOf"][0])
        t = _type_of(schema)
        if t == "string":
            return _STRING
        if t == "boolean":
            return _BOOL
        if t == "integer":
            return _INT32 if schema.get("format") == "int32" else _INT64
        if t == "number":
            return _FLOAT
        if t == "array":
            return ListNode(self._inline(schema.get("items") or {}))
        if t == "object":
            ap = schema.get("additionalProperties")
            if isinstance(ap, dict):
                return MapNode(self._inline(ap))
            return AnyNode("map[string]interface {}")
        return AnyNode("interface {}")


# ------------------------------------------------------------------ Go type names

def go_types_by_definition(
        table: dict[tuple[str, str, str], str],
        changed: dict[tuple[str, str, str], tuple[tuple[str, str], ...]],
        version: str) -> dict[str, dict[str, str]]:
    """A go_types_data table by OpenAPI definition name, at one emulated version:
    "io.k8s.api.core.v1.PodSpec" -> {"restartPolicy": "v1.RestartPolicy", ...}. Definition
    names are Go package paths with the domain reversed (k8s.io/api/core/v1 ->
    io.k8s.api.core.v1); a renamed type's name is the last one whose release is not newer."""
    out: dict[str, dict[str, str]] = {}
    for key, go_type in table.items():
        out.setdefault(_definition_name(key), {})[key[2]] = go_type
    for key, steps in changed.items():
        out.setdefault(_definition_name(key), {})[key[2]] = _at_version(steps, version)
    return out


def _definition_name(key: tuple[str, str, str]) -> str:
    """The OpenAPI definition of a (Go package path, struct, field) key."""
    pkg, struct, _prop = key
    domain, _, rest = pkg.partition("/")
    return ".".join(reversed(domain.split("."))) + "." + rest.replace("/", ".") + "." + struct


def _at_version(steps: tuple[tuple[str, str], ...], version: str) -> str:
    """The value of (first version, value) steps at ``version`` (the first one before them)."""
    vt = _version_tuple(version)
    values = [value for since, value in steps if _version_tuple(since) <= vt]
    return values[-1] if values else steps[0][1]


def _writes_zero(kind: str, node: Node) -> bool:
    """Whether the decoder can write a ZERO_WRITTEN kind for ``node``: null always; a zero
    struct or scalar only where the OpenAPI's node agrees with the Go type."""
    if kind == "null":
        return True
    if kind == "struct":
        return type(node) is StructNode
    return kind == "zero" and type(node) in (StringNode, BoolNode, IntNode, FloatNode)


def zero_written_by_definition(table: dict[tuple[str, str, str], tuple[tuple[str, str], ...]],
                               version: str) -> dict[str, dict[str, str]]:
    """go_types_data.ZERO_WRITTEN by definition at one emulated version:
    "io.k8s.api.core.v1.Container" -> {"resources": "struct"}, only the fields written."""
    out: dict[str, dict[str, str]] = {}
    for key, steps in table.items():
        kind = _at_version(steps, version)
        if kind:
            out.setdefault(_definition_name(key), {})[key[2]] = kind
    return out


def _version_tuple(version: str) -> tuple[int, ...]:
    return tuple(int(x) for x in version.split("."))


@functools.lru_cache(maxsize=16)
def _default_zero_written(version: str) -> dict[str, dict[str, str]]:
    from .go_types_data import ZERO_WRITTEN

    return zero_written_by_definition(ZERO_WRITTEN, version)


@functools.lru_cache(maxsize=16)
def _default_go_types(version: str) -> dict[str, dict[str, str]]:
    from .go_types_data import GO_TYPES, GO_TYPES_CHANGED

    return go_types_by_definition(GO_TYPES, GO_TYPES_CHANGED, version)


def _split_go_type(go_type: str) -> tuple[str | None, str | None]:
    """(element, None) of "[]T", (key, value) of "map[K]V", (None, None) for a named type.
    A pointer element is reported as the type it points to, as encoding/json does."""
    if go_type.startswith("[]"):
        return go_type[2:].lstrip("*"), None
    if go_type.startswith("map["):
        depth = 0
        for i in range(3, len(go_type)):
            c = go_type[i]
            if c == "[":
                depth += 1
            elif c == "]":
                depth -= 1
                if depth == 0:
                    return go_type[4:i], go_type[i + 1:].lstrip("*")
    return None, None


def with_go_type(node: Node, go_type: str) -> Node:
    """``node`` named ``go_type`` in UnmarshalTypeError texts: a copy (nodes such as
    _STRING are shared by every field of that OpenAPI type), its list item or map value
    renamed too for "[]T" and "map[K]V". Struct nodes keep their definition's name and
    nodes of types with their own UnmarshalJSON (Quantity, Time, ...) their own texts."""
    if node.go_type == go_type or isinstance(node, StructNode) or \
            type(node) not in _RENAMEABLE:
        return node
    new = copy.copy(node)
    new.go_type = go_type
    elem, value = _split_go_type(go_type)
    if type(node) is ListNode and elem is not None and value is None:
        new.item = with_go_type(node.item, elem)
    elif type(node) is MapNode and value is not None:
        new.value = with_go_type(node.value, value)
    return new


_RENAMEABLE = (StringNode, BoolNode, IntNode, FloatNode, ListNode, MapNode)


@functools.lru_cache(maxsize=8)
def compiled(version: str) -> Compiled:
    return Compiled(version)
