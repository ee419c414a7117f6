"""Compile one release's definitions into decoder nodes (drakit.schema.model), lazily.

Why lazily and per definition: a release has ~860 definitions; drakit serves 13 kinds
that reach ~250 of them. A definition is compiled the first time a kind that uses it is
decoded, once per emulated version, and shared by every kind that refers to it.
"""

from __future__ import annotations

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

    def __init__(self, version: str) -> None:
        self.version = version
        self.defs = data.definitions(version)
        self.index = data.gvk_index(version)
        self._nodes: dict[str, Node] = {}

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
        for pname, pschema in props.items():
            child = self._inline(pschema)
            struct.props[pname] = child
            if type(child) is StringNode:
                struct.fast[pname] = str
            elif type(child) is BoolNode:
                struct.fast[pname] = bool
            elif child is _INT64:
                struct.fast[pname] = int  # range-checked inline
        struct.required = tuple(r for r in schema.get("required") or () if r in props
                                and (name.rsplit(".", 1)[-1], r) not in POINTER_FIELDS)
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


@functools.lru_cache(maxsize=8)
def compiled(version: str) -> Compiled:
    return Compiled(version)
