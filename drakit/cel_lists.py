"""List and set libraries of the Kubernetes base CEL environment, for :mod:`drakit.cel`.

Which functions (``environment.MustBaseEnvSet`` at compatibility version 1.34 and later,
so at the 1.36/1.37 defaults; ``k8s.io/apiserver/pkg/cel/environment/base.go``):

* ``library.Lists`` (unversioned, i.e. version 0): ``isSorted()``, ``sum()``, ``min()``,
  ``max()``, ``indexOf(x)``, ``lastIndexOf(x)`` on lists. (``includes`` is version 1 of
  that library; DRA declares its own ``includes`` behind DRAListTypeAttributes.)
* cel-go ``ext.Lists(ext.ListsVersion(3))`` (since 1.34): ``slice``, ``flatten`` (v1),
  ``distinct``, ``lists.range``, ``reverse``, ``sort`` and the ``sortBy`` macro (v2), with
  the v3 cost estimators.
* cel-go ``ext.Sets()`` (since 1.29): ``sets.contains``, ``sets.equivalent``,
  ``sets.intersects``.
* ``first()`` / ``last()`` are not part of ext.Lists: they come with ``cel.OptionalTypes()``
  (optional library version 2, enabled since 1.28 at its latest version) and return
  ``optional`` values; :mod:`drakit.cel` enables cel-cpp's optional extension for them.

cel-expr-python has no native list/set extension, so the functions are registered as
Python overloads: precise per-type overloads (upstream overload ids, so the cost
estimator can dispatch on them) in the type-checking environment, one ``dyn``
overload per function in the runtime environment. The implementations follow the
upstream semantics: CEL heterogeneous equality (``1 == 1.0``, ``true != 1``), ordering
only between numbers or values of one kind, incomparable pairs ignored by
``isSorted``/``min``/``max`` as cel-go's ``Compare`` errors are, and the upstream error
texts (``min called on empty list``, ``cannot slice(...)``, ``level must be
non-negative``, ``list elements must have the same type``, ...).

Not provided / known differences (none reachable from DRA attribute values, which are
int, bool, string and version, or lists of those):
* ``sortBy`` is a parser macro; cel-expr-python cannot register macros, so it fails to
  compile ("undeclared reference to 'sortBy'").
* Python overloads cannot return durations, so ``sort``/``slice``/... over lists of
  durations fail at runtime; a ``uint`` result (``[1u].sum()``) comes back as ``int``
  (equal under CEL's heterogeneous equality, but ``type(...)`` differs).
* Quantity and Semver values are not orderable by these functions (no such overload),
  as the Kubernetes CEL types implement no ``traits.Comparer``; they compare for
  equality by value.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from cel_expr_python import cel as _cel

__all__ = ["COMPARABLE", "SUMMABLE", "declarations"]

#: upstream ``comparableTypes`` (overload id infix, CEL type) in declaration order
COMPARABLE = ("int", "uint", "double", "bool", "duration", "timestamp", "string", "bytes")
SUMMABLE = ("int", "uint", "double", "duration")

MessageKey = Callable[[Any], Any]


class _NoOverload(ValueError):
    def __init__(self) -> None:
        super().__init__("no such overload")


def _kind(v: Any) -> str:
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, (int, float)):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, (bytes, bytearray)):
        return "bytes"
    if isinstance(v, datetime.datetime):
        return "timestamp"
    if isinstance(v, datetime.timedelta):
        return "duration"
    if isinstance(v, list):
        return "list"
    if isinstance(v, dict):
        return "map"
    if v is None:
        return "null"
    if hasattr(v, "DESCRIPTOR"):
        return "message:" + v.DESCRIPTOR.full_name
    return type(v).__name__


def _type_name(v: Any) -> str:
    """The CEL type of a runtime value as far as the Python conversion preserves it."""
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "double"
    return _kind(v)


def cel_equal(a: Any, b: Any, key: MessageKey) -> bool:
    """CEL equality (heterogeneous: numbers across types, anything else by kind)."""
    ka, kb = _kind(a), _kind(b)
    if ka != kb:
        return False
    if ka == "list":
        return len(a) == len(b) and all(cel_equal(x, y, key) for x, y in zip(a, b))
    if ka == "map":
        if len(a) != len(b):
            return False
        for k, v in a.items():
            match = [bk for bk in b if cel_equal(k, bk, key)]
            if not match or not cel_equal(v, b[match[0]], key):
                return False
        return True
    if ka.startswith("message:"):
        try:
            return bool(key(a) == key(b))
        except ValueError:
            return bool(a == b)
    return bool(a == b)


def _comparable(v: Any) -> bool:
    return _kind(v) in ("bool", "number", "string", "bytes", "timestamp", "duration")


def _compare(a: Any, b: Any) -> int | None:
    """cel-go ``Compare``: -1/0/1, or None where it yields an error (different kinds)."""
    if _kind(a) != _kind(b):
        return None
    if a != a or b != b:  # NaN: compares as neither less nor greater
        return 0
    return (a > b) - (a < b)


def _list(v: Any) -> list:
    if not isinstance(v, list):
        raise _NoOverload()
    return v


# -- library.Lists ----------------------------------------------------------------


def is_sorted(target: Any) -> bool:
    prev: Any = None
    first = True
    for item in _list(target):
        if not _comparable(item):
            raise _NoOverload()
        if not first and _compare(prev, item) == 1:
            return False
        prev, first = item, False
    return True


def _extremum(name: str, prefer: int) -> Callable[[Any], Any]:
    def fn(target: Any) -> Any:
        result: Any = None
        found = False
        for item in _list(target):
            if not _comparable(item):
                raise _NoOverload()
            if not found:
                result, found = item, True
            elif _compare(result, item) == prefer:
                result = item
        if not found:
            raise ValueError(f"{name} called on empty list")
        return result
    return fn


list_min = _extremum("min", 1)
list_max = _extremum("max", -1)


def list_sum(target: Any) -> Any:
    items = _list(target)
    if not items:
        return 0
    acc = items[0]
    kind = _kind(acc)
    if kind not in ("number", "duration"):
        raise _NoOverload()
    for item in items[1:]:
        if _kind(item) != kind or _type_name(item) != _type_name(acc):
            raise _NoOverload()
        acc = acc + item
        if isinstance(acc, int) and not -(2**63) <= acc < 2**63:
            raise ValueError("integer overflow")
    return acc


def _index_of(last: bool, key: MessageKey) -> Callable[[Any, Any], int]:
    def fn(target: Any, item: Any) -> int:
        items = _list(target)
        order = range(len(items) - 1, -1, -1) if last else range(len(items))
        for i in order:
            if cel_equal(items[i], item, key):
                return i
        return -1
    return fn


# -- ext.Lists (version 3) ----------------------------------------------------------


def list_slice(target: Any, start: int, end: int) -> list:
    items = _list(target)
    if start < 0 or end < 0:
        raise ValueError(f"cannot slice({start}, {end}), negative indexes not supported")
    if start > end:
        raise ValueError(f"cannot slice({start}, {end}), start index must be less than or equal to end index")
    if len(items) < end:
        raise ValueError(f"cannot slice({start}, {end}), list is length {len(items)}")
    return items[start:end]


def _flatten(items: list, depth: int) -> list:
    if depth < 0:
        raise ValueError("level must be non-negative")
    out: list = []
    for item in items:
        if isinstance(item, list) and depth > 0:
            out.extend(_flatten(item, depth - 1))
        else:
            out.append(item)
    return out


def list_flatten(target: Any, depth: int = 1) -> list:
    return _flatten(_list(target), depth)


def lists_range(n: int) -> list[int]:
    return list(range(n))


def list_reverse(target: Any) -> list:
    return _list(target)[::-1]


def _distinct(key: MessageKey) -> Callable[[Any], list]:
    def fn(target: Any) -> list:
        out: list = []
        for item in _list(target):
            if not any(cel_equal(item, seen, key) for seen in out):
                out.append(item)
        return out
    return fn


def list_sort(target: Any) -> list:
    items = _list(target)
    if not items:
        return items
    if not _comparable(items[0]):
        raise ValueError("list elements must be comparable")
    t = _type_name(items[0])
    if any(_type_name(x) != t for x in items):
        raise ValueError("list elements must have the same type")
    return sorted(items)


# -- ext.Sets -----------------------------------------------------------------------


def _sets(key: MessageKey) -> tuple[Callable[[Any, Any], bool], ...]:
    def contains(lst: Any, sub: Any) -> bool:
        a = _list(lst)
        return all(any(cel_equal(x, y, key) for y in a) for x in _list(sub))

    def equivalent(a: Any, b: Any) -> bool:
        return contains(a, b) and contains(b, a)

    def intersects(a: Any, b: Any) -> bool:
        lb = _list(b)
        return any(any(cel_equal(x, y, key) for y in lb) for x in _list(a))

    return contains, equivalent, intersects


# -- declarations -------------------------------------------------------------------


def _t(name: str) -> Any:
    T = _cel.Type
    return {"int": T.INT, "uint": T.UINT, "double": T.DOUBLE, "bool": T.BOOL, "duration": T.DURATION,
            "timestamp": T.TIMESTAMP, "string": T.STRING, "bytes": T.BYTES}[name]


def declarations(runtime: bool, message_key: MessageKey) -> list[Any]:
    """FunctionDecls for the type-checking (``runtime=False``) or runtime environment.

    Type-checking overloads carry the upstream overload ids (the cost estimator keys
    on them); runtime overloads take ``dyn`` and dispatch in Python.
    """
    T = _cel.Type
    A = T("~A")  # a type parameter in cel-cpp's signature syntax
    LA, LLA, LD = T.List(A), T.List(T.List(A)), T.List(T.DYN)
    contains, equivalent, intersects = _sets(message_key)
    index_of, last_index_of = _index_of(False, message_key), _index_of(True, message_key)

    def member(oid: str, ret: Any, params: list, impl: Any = None) -> Any:
        if impl is None:
            return _cel.Overload(oid, ret, params, is_member=True)
        return _cel.Overload(oid, ret, params, is_member=True, impl=impl)

    def glob(oid: str, ret: Any, params: list, impl: Any = None) -> Any:
        if impl is None:
            return _cel.Overload(oid, ret, params)
        return _cel.Overload(oid, ret, params, impl=impl)

    D = T.DYN
    if runtime:
        return [
            _cel.FunctionDecl("isSorted", [member("dra_list_is_sorted", T.BOOL, [D], is_sorted)]),
            _cel.FunctionDecl("sum", [member("dra_list_sum", D, [D], list_sum)]),
            _cel.FunctionDecl("min", [member("dra_list_min", D, [D], list_min)]),
            _cel.FunctionDecl("max", [member("dra_list_max", D, [D], list_max)]),
            _cel.FunctionDecl("indexOf", [member("dra_list_index_of", T.INT, [LD, D], index_of)]),
            _cel.FunctionDecl("lastIndexOf", [member("dra_list_last_index_of", T.INT, [LD, D], last_index_of)]),
            _cel.FunctionDecl("slice", [member("dra_list_slice", D, [D, T.INT, T.INT], list_slice)]),
            _cel.FunctionDecl("flatten", [
                member("dra_list_flatten", D, [D], list_flatten),
                member("dra_list_flatten_int", D, [D, T.INT], list_flatten),
            ]),
            _cel.FunctionDecl("lists.range", [glob("dra_lists_range", D, [T.INT], lists_range)]),
            _cel.FunctionDecl("reverse", [member("dra_list_reverse", D, [D], list_reverse)]),
            _cel.FunctionDecl("distinct", [member("dra_list_distinct", D, [D], _distinct(message_key))]),
            _cel.FunctionDecl("sort", [member("dra_list_sort", D, [D], list_sort)]),
            _cel.FunctionDecl("sets.contains", [glob("dra_sets_contains", T.BOOL, [D, D], contains)]),
            _cel.FunctionDecl("sets.equivalent", [glob("dra_sets_equivalent", T.BOOL, [D, D], equivalent)]),
            _cel.FunctionDecl("sets.intersects", [glob("dra_sets_intersects", T.BOOL, [D, D], intersects)]),
        ]
    return [
        _cel.FunctionDecl("isSorted", [member(f"list_{n}_is_sorted_bool", T.BOOL, [T.List(_t(n))])
                                       for n in COMPARABLE]),
        _cel.FunctionDecl("sum", [member(f"list_{n}_sum_{n}", _t(n), [T.List(_t(n))]) for n in SUMMABLE]),
        _cel.FunctionDecl("max", [member(f"list_{n}_max_{n}", _t(n), [T.List(_t(n))]) for n in COMPARABLE]),
        _cel.FunctionDecl("min", [member(f"list_{n}_min_{n}", _t(n), [T.List(_t(n))]) for n in COMPARABLE]),
        _cel.FunctionDecl("indexOf", [member("list_a_index_of_int", T.INT, [LA, A])]),
        _cel.FunctionDecl("lastIndexOf", [member("list_a_last_index_of_int", T.INT, [LA, A])]),
        _cel.FunctionDecl("slice", [member("list_slice", LA, [LA, T.INT, T.INT])]),
        _cel.FunctionDecl("flatten", [
            member("list_flatten", LA, [LLA]),
            member("list_flatten_int", LD, [LD, T.INT]),
        ]),
        _cel.FunctionDecl("lists.range", [glob("lists_range", T.List(T.INT), [T.INT])]),
        _cel.FunctionDecl("reverse", [member("list_reverse", LA, [LA])]),
        _cel.FunctionDecl("distinct", [member("list_distinct", LA, [LA])]),
        _cel.FunctionDecl("sort", [member(f"list_{n}_sort", T.List(_t(n)), [T.List(_t(n))]) for n in COMPARABLE]),
        _cel.FunctionDecl("sets.contains", [glob("list_sets_contains_list", T.BOOL, [LA, LA])]),
        _cel.FunctionDecl("sets.equivalent", [glob("list_sets_equivalent_list", T.BOOL, [LA, LA])]),
        _cel.FunctionDecl("sets.intersects", [glob("list_sets_intersects_list", T.BOOL, [LA, LA])]),
    ]
