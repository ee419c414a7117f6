"""Hypothesis strategies generated from the schema: valid and mutated objects per kind.

Why from the schema: a fuzzer that knows each kind's fields reaches the code behind them
(validation, the scheduler, controllers, kubelets) instead of stopping at "unknown field",
and one that knows each field's type can put the wrong one there on purpose. Objects start
from a small valid seed of their kind (so a good share is stored and then listed, watched,
scheduled and deleted), get a few schema-typed fields set along random paths of the schema,
and then a few mutations: a wrong JSON type, an unknown field, NaN, a huge string, deep
nesting, a null, an odd quantity.

Hypothesis is a test dependency: import this module from tests only.
"""

from __future__ import annotations

import copy
import functools
import math
from typing import Any

from hypothesis import strategies as st

from .compile import compiled
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

NAMES = st.from_regex(r"[a-z][a-z0-9]{0,6}", fullmatch=True)
QUALIFIED = st.one_of(NAMES, st.builds(lambda a, b: f"{a}.example.com/{b}", NAMES, NAMES))
WORDS = st.sampled_from(["", "a", "gpu.example.com", "example.com/gpu", "default", "true",
                         "Exists", "In", "ExactCount", "All", "NoSchedule", "Always", "v1",
                         "cpu", "memory", "pods", "1", "0", "-1", "Ünïcødé", "a b", "x" * 64,
                         "device.driver == 'gpu.example.com'", "device.attributes['x'].y"])
QUANTITIES = st.one_of(
    st.sampled_from(["0", "1", "100m", "0.5", "1.5Gi", "2k", "1e3", "1E-3", "+1", "-1", "1Ki",
                     "12345678901234567890", "0.000000001", "1.", ".5", "", "1x", "Gi",
                     "1e99", "9223372036854775807", "1Ei", "999Ei"]),
    st.integers(-10, 10_000), st.floats(0, 1e6, allow_nan=False, allow_infinity=False))
TIMES = st.sampled_from(["2024-01-01T00:00:00Z", "2024-02-29T23:59:59+01:00",
                         "2024-01-01T00:00:00.123456Z", "2024-13-01T00:00:00Z", "yesterday",
                         "2024-01-01", ""])

JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(2 ** 70), 2 ** 70),
                         st.floats(allow_nan=False, allow_infinity=False),
                         st.text(max_size=8))


@functools.cache
def json_values(max_leaves: int = 8) -> st.SearchStrategy[Any]:
    return st.recursive(JSON_SCALARS, lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
        max_leaves=max_leaves)


_VALUES: dict[tuple[int, int], st.SearchStrategy[Any]] = {}


def valid_value(node: Node, depth: int = 0) -> st.SearchStrategy[Any]:
    """A value of the node's JSON type (not necessarily one validation accepts); strategies
    are built once per node and depth (building them costs more than drawing from them)."""
    key = (id(node), min(depth, 5))
    hit = _VALUES.get(key)
    if hit is None:
        hit = _VALUES[key] = _valid_value(node, depth)
    return hit


def _valid_value(node: Node, depth: int) -> st.SearchStrategy[Any]:
    t = type(node)
    if t is StringNode:
        return st.one_of(WORDS, NAMES, st.text(max_size=12))
    if t is BoolNode:
        return st.booleans()
    if t is IntNode:
        return st.one_of(st.integers(-3, 130), st.integers(node.lo, node.hi))
    if t is FloatNode:
        return st.floats(-1e9, 1e9, allow_nan=False)
    if t is QuantityNode:
        return QUANTITIES
    if t is IntOrStringNode:
        return st.one_of(st.integers(-5, 70000), WORDS)
    if t is TimeNode:
        return TIMES
    if t is AnyNode:
        return json_values()
    if depth > 3:
        return st.just({} if t is StructNode else [] if t is ListNode else {})
    if t is ListNode:
        return st.lists(valid_value(node.item, depth + 1), max_size=2)
    if t is MapNode:
        return st.dictionaries(QUALIFIED, valid_value(node.value, depth + 1), max_size=2)
    assert isinstance(node, StructNode)
    return _some_props(node, depth)


def _some_props(node: StructNode, depth: int) -> st.SearchStrategy[dict]:
    if not node.props:
        return st.just({})
    names = st.lists(st.sampled_from(sorted(node.props)), max_size=3, unique=True)

    @st.composite
    def draw_props(draw: Any) -> dict:
        return {name: draw(valid_value(node.props[name], depth + 1)) for name in draw(names)}

    return draw_props()


def _deep(levels: int) -> Any:
    v: Any = "bottom"
    for i in range(levels):
        v = [v] if i % 2 else {"d": v}
    return v


WRONG = st.one_of(
    st.sampled_from(["x", 1, 1.5, True, [1], {"a": 1}, None, -1, 2 ** 40, ""]),
    st.just(math.nan), st.just(math.inf), st.just("y" * 200_000),
    st.integers(0, 260).map(_deep), json_values(4))


STEP = st.tuples(st.sampled_from(["go", "go", "go", "stop"]), st.integers(0, 10_000))
PATHS = st.lists(STEP, min_size=1, max_size=7)
MUTATION = st.sampled_from(["wrong", "unknown", "null", "quantity"])
UNKNOWN = st.one_of(json_values(), WRONG)


def _walk(obj: dict, node: StructNode, steps: list[tuple[str, Any]]) -> tuple[Any, Any, Node]:
    """Follow (or create) a random path: returns (container, key, node at key)."""
    container: Any = obj
    cur: Node = node
    key: Any = None
    for kind, choice in steps:
        if isinstance(cur, StructNode) and cur.props:
            key = sorted(cur.props)[choice % len(cur.props)]
            nxt = cur.props[key]
        elif isinstance(cur, ListNode):
            key = 0
            nxt = cur.item
        elif isinstance(cur, MapNode):
            key = f"k{choice % 3}"
            nxt = cur.value
        else:
            break
        if kind == "stop":
            return container, key, nxt
        child = container.get(key) if isinstance(container, dict) else (
            container[0] if isinstance(container, list) and container else None)
        want = dict if isinstance(nxt, (StructNode, MapNode)) else (
            list if isinstance(nxt, ListNode) else None)
        if want is None:
            return container, key, nxt
        if not isinstance(child, want):
            child = want()
            if isinstance(container, list):
                if container:
                    container[0] = child
                else:
                    container.append(child)
            else:
                container[key] = child
        container, cur = child, nxt
    return container, key, cur


def _put(container: Any, key: Any, value: Any) -> None:
    if isinstance(container, list):
        if container:
            container[0] = value
        else:
            container.append(value)
    elif isinstance(container, dict):
        container[key] = value


@st.composite
def fuzz_object(draw: Any, version: str, api_version: str, kind: str, seed: dict,
                mutations: int = 3) -> dict:
    """A mutated object of one kind: seed + schema-typed fields + mutations."""
    root = compiled(version).kind_node(api_version, kind)
    obj = copy.deepcopy(seed)
    obj["apiVersion"], obj["kind"] = api_version, kind
    obj.setdefault("metadata", {})["name"] = draw(NAMES)
    if root is None:
        return obj
    for _ in range(draw(st.integers(0, 4))):  # schema-typed additions
        container, key, node = _walk(obj, root, draw(PATHS))
        if key is not None:
            _put(container, key, draw(valid_value(node)))
    for _ in range(draw(st.integers(0, mutations))):
        what = draw(MUTATION)
        container, key, node = _walk(obj, root, draw(PATHS))
        if key is None:
            continue
        if what == "wrong":
            _put(container, key, draw(WRONG))
        elif what == "null":
            _put(container, key, None)
        elif what == "quantity":
            _put(container, key, draw(QUANTITIES))
        elif isinstance(container, dict):
            container["x" + draw(NAMES)] = draw(UNKNOWN)
    return obj


# ---------------------------------------------------------------------------- text

YAML_SNIPPETS = st.sampled_from([
    "a: !!int ''", "a: .nan", "a: .inf", "a: 2001-01-01", "a: !!binary aGk=", "a: !!set {x}",
    "a: &x [1]\nb: *x", "a: *missing", "<<: {a: 1}", "? [1]\n: 2", "a: 1:20", "a: 0x1F",
    "a: !!timestamp x", "a: !!float abc", "a: |\n  text", "a: >-\n  folded", "- 1\n- 2",
    "a:\n\t- tab", "a: b: c", "a: 'unterminated", "a: [1, 2", "---\n---\n", "a: y",
    "1: int key", "~: null key", "a: !custom x", "a: 99999999999999999999",
    "metadata: {name: a, name: b}", "\ufeffa: bom", "a: \"\\ud800\""])


@st.composite
def yaml_text(draw: Any, obj: dict) -> str:
    """YAML of an object with odd YAML spliced in (tags, anchors, dates, tabs, BOMs)."""
    import json

    lines = json.dumps(obj, default=str).replace("NaN", ".nan").replace("Infinity", ".inf")
    if draw(st.booleans()):
        return lines
    snippet = draw(YAML_SNIPPETS)
    where = draw(st.sampled_from(["before", "after", "instead"]))
    if where == "instead":
        return snippet
    return snippet + "\n" + lines if where == "before" else lines + "\n" + snippet


@st.composite
def json_text(draw: Any, obj: dict) -> bytes:
    """JSON of an object, sometimes corrupted (NaN, truncation, duplicates, deep arrays)."""
    import json

    text = json.dumps(obj, default=str)
    how = draw(st.sampled_from(["plain", "plain", "truncate", "dup", "deep", "bytes", "nan"]))
    if how == "truncate" and text:
        text = text[:draw(st.integers(0, len(text) - 1))]
    elif how == "dup":
        text = text.replace('"metadata": {', '"metadata": {"name": "dup", ', 1)
    elif how == "deep":
        n = draw(st.integers(150, 2000))
        text = text[:-1] + ', "deep": ' + "[" * n + "]" * n + "}"
    elif how == "nan":
        text = text.replace("0", "NaN", 1)
    elif how == "bytes":
        return draw(st.binary(max_size=64)) + text.encode()
    return text.encode()


# ---------------------------------------------------------------------------- variants

_WRONG_VALUES: tuple[Any, ...] = ("x", 1, 1.5, True, [1], {"a": 1}, None, -1, 2 ** 40, "",
                                  math.nan, math.inf, {"": None}, [[[]]], "1e3", "0x1F")
_QUANTITY_TEXT = ("0", "1", "100m", "0.5", "1.5Gi", "1e3", "-1", "1Ki", "", "1x", "Gi", ".5",
                  "1e99", "999Ei", 7, 0.25)


def variants(obj: dict, version: str, api_version: str, kind: str, rnd: Any,
             n: int) -> list[dict]:
    """``n`` cheap variants of a generated object: one random mutation each along a random
    schema path (plain Python driven by a hypothesis-seeded Random, so a long run writes
    many objects per hypothesis example)."""
    root = compiled(version).kind_node(api_version, kind)
    out = []
    for i in range(n):
        v = copy.deepcopy(obj)
        v.setdefault("metadata", {})
        if isinstance(v["metadata"], dict):
            v["metadata"]["name"] = f"{v['metadata'].get('name', 'v')}-{i}"
        if root is not None:
            steps = [(rnd.choice(("go", "go", "go", "stop")), rnd.randrange(10_000))
                     for _ in range(rnd.randint(1, 7))]
            container, key, node = _walk(v, root, steps)
            if key is not None:
                what = rnd.random()
                if what < 0.4:
                    _put(container, key, rnd.choice(_WRONG_VALUES))
                elif what < 0.6 and isinstance(container, dict):
                    container[f"x{rnd.randrange(100)}"] = rnd.choice(_WRONG_VALUES)
                elif what < 0.8:
                    _put(container, key, rnd.choice(_QUANTITY_TEXT))
                else:
                    _put(container, key, _typed(node, rnd))
        out.append(v)
    return out


def _typed(node: Node, rnd: Any) -> Any:
    t = type(node)
    if t is StringNode:
        return rnd.choice(["a", "", "gpu.example.com", "x" * rnd.randrange(1, 300)])
    if t is IntNode:
        return rnd.choice([0, 1, -1, node.hi, node.lo, rnd.randrange(-5, 200)])
    if t is BoolNode:
        return rnd.random() < 0.5
    if t is QuantityNode:
        return rnd.choice(_QUANTITY_TEXT)
    if t is ListNode:
        return []
    if t in (StructNode, MapNode):
        return {}
    return None
