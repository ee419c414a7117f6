"""The DRA CEL environment: device selectors as Kubernetes compiles and runs them.

Why this shape: DRA selectors must type-check, cost-estimate and evaluate the way
``k8s.io/dynamic-resource-allocation/cel/compile.go`` does, and they run for every
candidate device, so evaluation must be fast. We use Google's C++ CEL runtime through
``cel-expr-python`` (pip: ``cel-expr-python==0.1.3``) and add what Kubernetes layers on top:

* ``device`` is type-checked as the protobuf message ``kubernetes.DRADevice`` (fields
  ``driver``, ``attributes``, ``capacity`` and, with DRAConsumableCapacity,
  ``allowMultipleAllocations``), so ``device.nope`` is a compile error and
  ``device.driver`` has type string. The message lives in a private descriptor pool;
  Quantity and Semver are the messages ``kubernetes.Quantity`` / ``kubernetes.Semver``
  carrying their text, with the Kubernetes quantity and semver libraries implemented
  in Python on top of :mod:`drakit.api.quantity`.
* The checked AST is then re-planned (``Env.deserialize``) in a runtime environment
  where ``device`` is a plain map, so devices are passed as dicts. Before that, the AST
  is rewritten so ``device.attributes[d]`` / ``device.capacity[d]`` yield an empty map
  for an unknown domain (upstream's ``mapper.Find`` default) while ``d in
  device.attributes`` stays false.
* The worst-case cost is estimated by a port of cel-go's ``checker/cost.go`` on the
  checked AST (decoded from the serialized ``cel.expr.CheckedExpr``), with the DRA size
  estimator (driver ≤ 63 chars, domains ≤ 63, ids ≤ 32, ≤ 32 entries per map,
  attribute values ≤ 64) and the ``includes`` estimator; the upstream compile_test cost
  table is reproduced in ``tests/cel``.

Regular expressions follow Go's regexp (RE2) through :mod:`drakit.cel_regex`: ``matches``
runs in cel-cpp's RE2, ``find``/``findAll`` in google-re2; constant patterns are checked at
compile time (``matches``) or program planning (``find``/``findAll``) as cel-go does, and
errors carry Go's wording. Compile errors are reworded where cel-cpp's text differs from
cel-go's (``_issues``).

Environments: what is declared depends on the release, the component's gates and whether
the expression is new or stored (:class:`EnvFeatures`, :func:`new_expression_features`,
:func:`stored_expression_features`): ``allowMultipleAllocations``, ``includes`` and the
attribute type, ``dyn`` or ``google.protobuf.Any``. cel-cpp types attribute values ``dyn``;
the Any typing (no comprehension over an attribute value, no ``dyn`` result) is a pass over
the checked AST (``_AnyTypes``).

Libraries: quantity, semver, regex ``find``/``findAll``, the cel-go strings extension at
version 2 (what the base env pins), ``cel.bind``, ``includes`` (KEP-5491),
the optional library (``.?``, ``optional.*``, ``first()``/``last()``) and, from
:mod:`drakit.cel_lists`, the Kubernetes ``lists`` library and cel-go ``ext.Lists`` v3 /
``ext.Sets`` with upstream's cost estimators (``sortBy``, a parser macro, is missing).

Runtime cost limit. Upstream evaluates selectors with ``cel.CostLimit(1_000_000)`` and
an actual-cost tracker: the program stops with ``operation cancelled: actual cost limit
exceeded`` once the cost of the operations it *did* perform passes the limit.
cel-expr-python 0.1.3 exposes no cost tracking or evaluation interrupt, so that
counter cannot be reproduced. The closest honest model is the static estimate, which
is by construction an upper bound of the actual cost for every input the DRA size
limits allow: :meth:`CompilationResult.matches` refuses an expression whose *estimated*
cost exceeds the limit with exactly that upstream error text, before evaluating it,
so the allocator aborts with ``class <c>: selector #<i> on device <id>: CEL runtime
error: operation cancelled: actual cost limit exceeded`` as upstream does. New
expressions over the limit never get that far (validation rejects them as "too
complex"); what reaches it are stored expressions accepted by an older, more lenient
API server. Deviation, stated plainly: upstream only fails when a particular device
makes evaluation expensive, while here every device fails for such an expression
(the upstream failure is a possibility on each device; we make it a certainty).
An expression whose estimate is within the limit cannot exceed it at runtime upstream
(the estimate bounds the actual cost), so it behaves identically, up to the estimator
gaps listed below.

Expressions over ``dyn`` variables (ValidatingAdmissionPolicy, :func:`compile_dyn`,
:class:`DynExpression`): the same libraries in a runtime environment where every variable
is ``dyn``; there are no declared sizes, but at evaluation time the activation is concrete,
so the estimator runs with the sizes of its values (``cost_bound``: a select on ``dyn``
costs 1 as on a map, the runtime's ``dyn`` list overloads are estimated as their typed
upstream overloads, ``m["k"]`` reaches ``m.k``, the parts of ``split`` are no longer than the
string, ``replace`` and ``join`` are estimated by their worst result, ``map()`` results keep
their elements' size and ``filter()`` results their range's) and :meth:`DynExpression.evaluate` refuses with the text above when
that bound passes :data:`PER_CALL_LIMIT` (drakit.admission_policy says where this is
stricter than upstream).

Other known gaps: the Kubernetes ``ip``/``cidr``, ``url``, ``format`` libraries are
not provided (an expression using them fails to compile with "undeclared reference");
cost estimates for ``split``, ``replace`` and ``join`` differ from upstream.
"""

from __future__ import annotations

import functools
import math
import re
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from cel_expr_python import cel as _cel
from cel_expr_python.ext import ext_bindings, ext_optional, ext_strings
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory, struct_pb2

from drakit.api.errors import FieldError, Path, forbidden, invalid, too_long
from drakit.api.quantity import Quantity, QuantityError, QuantityTooLarge, parse_quantity
from drakit.cel_lists import declarations as _list_declarations
from drakit.cel_regex import RegexError, compile_go, go_regex_error
from drakit.cel_regex import find as _re_find
from drakit.cel_regex import find_all as _re_find_all
from drakit.features import release_at_least

__all__ = [
    "CEL_SELECTOR_EXPRESSION_MAX_COST",
    "CEL_SELECTOR_EXPRESSION_MAX_LENGTH",
    "COST_LIMIT_EXCEEDED",
    "CELRuntimeError",
    "CompilationResult",
    "CostLimitExceeded",
    "DynExpression",
    "PER_CALL_LIMIT",
    "Semver",
    "EnvFeatures",
    "compile_dyn",
    "compile_selector",
    "device_view",
    "new_expression_features",
    "stored_expression_features",
    "validate_selector_expression",
]

CEL_SELECTOR_EXPRESSION_MAX_LENGTH = 10 * 1024
CEL_SELECTOR_EXPRESSION_MAX_COST = 1_000_000
_MAX_ATTRIBUTE_VALUES = 48  # ResourceSliceMaxAttributeValuesPerDevice
_U64 = 2**64 - 1


class CELRuntimeError(Exception):
    """An evaluation error (the text after ``CEL runtime error:`` upstream)."""


# ---------------------------------------------------------------------------
# Semantic versions (blang/semver, as the Kubernetes semver library uses it)

_NUM = r"(0|[1-9][0-9]*)"
_PRE_ID = r"(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)"
_SEMVER_RE = re.compile(
    rf"^{_NUM}\.{_NUM}\.{_NUM}(?:-({_PRE_ID}(?:\.{_PRE_ID})*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$"
)


@functools.total_ordering
@dataclass(frozen=True)
class Semver:
    """A parsed semantic version; ordering follows semver 2.0 precedence."""

    major: int
    minor: int
    patch: int
    pre: tuple[str, ...] = ()
    build: tuple[str, ...] = ()

    @classmethod
    def parse(cls, s: str, normalize: bool = False) -> Semver:
        text = s
        if normalize:
            text = _normalize_semver(s)
        m = _SEMVER_RE.fullmatch(text)
        if not m:
            raise ValueError(f"No Major.Minor.Patch elements found in {s!r}" if text.count(".") < 2
                             else f"invalid semantic version {s!r}")
        pre = tuple(m.group(4).split(".")) if m.group(4) else ()
        build = tuple(m.group(5).split(".")) if m.group(5) else ()
        return cls(int(m.group(1)), int(m.group(2)), int(m.group(3)), pre, build)

    def _key(self) -> tuple:
        if not self.pre:
            pre_key: tuple = ((1,),)
        else:
            pre_key = tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in self.pre)
            pre_key = ((0,), *pre_key)
        return (self.major, self.minor, self.patch, pre_key)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Semver):
            return NotImplemented
        a, b = self._key(), other._key()
        if a[:3] != b[:3]:
            return a[:3] < b[:3]
        pa, pb = a[3], b[3]
        if pa[0] != pb[0]:  # release (1,) > pre-release (0,)
            return pa[0] < pb[0]
        return pa[1:] < pb[1:]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Semver):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        s = f"{self.major}.{self.minor}.{self.patch}"
        if self.pre:
            s += "-" + ".".join(self.pre)
        if self.build:
            s += "+" + ".".join(self.build)
        return s


def _normalize_semver(s: str) -> str:
    """``semver(s, true)``: drop a leading v, pad missing minor/patch, strip leading zeros."""
    if s.startswith("v"):
        s = s[1:]
    core, sep, rest = s, "", ""
    for i, c in enumerate(s):
        if c in "-+":
            core, sep, rest = s[:i], c, s[i + 1:]
            break
    parts = core.split(".")
    while len(parts) < 3:
        parts.append("0")
    parts = [p.lstrip("0") or "0" if p.isdigit() else p for p in parts]
    return ".".join(parts) + (sep + rest if sep else "")


# ---------------------------------------------------------------------------
# Protobuf types for the CEL environment


def _build_pool(consumable_capacity: bool) -> descriptor_pool.DescriptorPool:
    fdp = descriptor_pb2.FileDescriptorProto(
        name="drakit/dra_cel.proto", package="kubernetes", syntax="proto3"
    )
    fdp.dependency.append("google/protobuf/struct.proto")
    for name in ("Quantity", "Semver"):
        m = fdp.message_type.add(name=name)
        m.field.add(name="s", number=1, type=9, label=1)
    dev = fdp.message_type.add(name="DRADevice")
    dev.field.add(name="driver", number=1, type=9, label=1)
    if consumable_capacity:
        dev.field.add(name="allowMultipleAllocations", number=2, type=8, label=1)
    for i, (fname, entry) in enumerate((("attributes", "AttributesEntry"), ("capacity", "CapacityEntry"))):
        e = dev.nested_type.add(name=entry)
        e.options.map_entry = True
        e.field.add(name="key", number=1, type=9, label=1)
        e.field.add(name="value", number=2, type=11, label=1, type_name=".google.protobuf.Struct")
        dev.field.add(name=fname, number=3 + i, type=11, label=3, type_name=f".kubernetes.DRADevice.{entry}")
    pool = descriptor_pool.DescriptorPool()
    pool.AddSerializedFile(struct_pb2.DESCRIPTOR.serialized_pb)
    pool.Add(fdp)
    return pool


_POOL = _build_pool(True)
_QMsg = message_factory.GetMessageClass(_POOL.FindMessageTypeByName("kubernetes.Quantity"))
_SMsg = message_factory.GetMessageClass(_POOL.FindMessageTypeByName("kubernetes.Semver"))


@functools.lru_cache(maxsize=4096)
def _q(text: str) -> Quantity:
    return parse_quantity(text)


@functools.lru_cache(maxsize=4096)
def _sv(text: str) -> Semver:
    return Semver.parse(text)


def quantity_value(q: Quantity | str) -> Any:
    """The CEL runtime value for a quantity."""
    return _QMsg(s=str(q))


def semver_value(v: str) -> Any:
    """The CEL runtime value for a version attribute (validated like semver.Parse)."""
    _sv(v)
    return _SMsg(s=v)


def _qnew(q: Quantity) -> Any:
    return _QMsg(s=str(q))


def _cmp(a: Any, b: Any) -> int:
    return (a > b) - (a < b)


def _as_integer(m: Any) -> int:
    q = _q(m.s)
    v = q.as_int()
    if v is None or not -(2**63) <= v < 2**63:
        raise ValueError("cannot convert value to integer")
    return v


def _quantity_of(s: str) -> Any:
    try:
        return _QMsg(s=str(_q(s)))
    except QuantityError as e:
        raise ValueError(str(e)) from None


def _semver_of(s: str, normalize: bool = False) -> Any:
    try:
        v = Semver.parse(s, normalize)
    except ValueError as e:
        raise ValueError(str(e)) from None
    return _SMsg(s=str(v))


def _is_semver(s: str, normalize: bool = False) -> bool:
    try:
        Semver.parse(s, normalize)
    except ValueError:
        return False
    return True


def _is_quantity(s: str) -> bool:
    try:
        parse_quantity(s)
    except QuantityTooLarge:
        return True  # well-formed: resource.ParseQuantity accepts it (drakit cannot hold it)
    except QuantityError:
        return False
    return True


def _find(s: str, pattern: str) -> str:
    """``find`` (apiserver/pkg/cel/library/regex.go): Go regexp (RE2) ``FindString``."""
    try:
        return _re_find(s, pattern)
    except RegexError as e:
        raise ValueError(f"Illegal regex: {e}") from None


def _find_all(s: str, pattern: str, limit: int = -1) -> list[str]:
    """``findAll``: Go regexp (RE2) ``FindAllString(s, limit)``."""
    try:
        return _re_find_all(s, pattern, limit)
    except RegexError as e:
        raise ValueError(f"Illegal regex: {e}") from None


def _includes(target: Any, arg: Any) -> bool:
    if isinstance(target, list):
        for i, item in enumerate(target):
            if i >= _MAX_ATTRIBUTE_VALUES:
                raise ValueError(
                    f"'includes' function cannot be applied to lists longer than {_MAX_ATTRIBUTE_VALUES} values"
                )
            if _eq(item, arg):
                return True
        return False
    return _eq(target, arg)


def _eq(a: Any, b: Any) -> bool:
    if type(a) is not type(b) and not (isinstance(a, (int, float)) and isinstance(b, (int, float))):
        return False
    if hasattr(a, "DESCRIPTOR"):
        if a.DESCRIPTOR.full_name != b.DESCRIPTOR.full_name:
            return False
        return bool(_ordered(a) == _ordered(b))
    return bool(a == b)


def _ordered(a: Any) -> Any:
    name = a.DESCRIPTOR.name
    if name == "Semver":
        return _sv(a.s)
    if name == "Quantity":
        return _q(a.s)
    raise ValueError("no such overload")


def _library(includes: bool, runtime: bool) -> _cel.CelExtension:
    """The Kubernetes quantity/semver/regex functions (+ DRA ``includes``).

    The C++ runtime dispatches on value *kinds*, and Quantity and Semver are both
    messages, so the runtime environment registers one dispatching overload for
    ``isLessThan``/``isGreaterThan``/``compareTo`` while the type-checking
    environment declares the precise per-type overloads.
    """
    T = _cel.Type
    QT, ST = T("kubernetes.Quantity"), T("kubernetes.Semver")

    def ov(oid: str, ret: Any, params: list, impl: Any, member: bool = False) -> Any:
        if impl is None:
            return _cel.Overload(oid, ret, params, is_member=member)
        return _cel.Overload(oid, ret, params, is_member=member, impl=impl)

    decls = [
        _cel.FunctionDecl("quantity", [ov("string_to_quantity", QT, [T.STRING], _quantity_of)]),
        _cel.FunctionDecl("isQuantity", [ov("is_quantity_string", T.BOOL, [T.STRING], _is_quantity)]),
        _cel.FunctionDecl("sign", [ov("quantity_sign", T.INT, [QT], lambda a: _q(a.s).sign(), True)]),
        _cel.FunctionDecl("isInteger", [
            ov("quantity_is_integer", T.BOOL, [QT],
               lambda a: _q(a.s).as_int() is not None and -(2**63) <= _q(a.s).as_int() < 2**63, True)]),
        _cel.FunctionDecl("asInteger", [ov("quantity_get_integer", T.INT, [QT], _as_integer, True)]),
        _cel.FunctionDecl("asApproximateFloat", [
            ov("quantity_get_float", T.DOUBLE, [QT], lambda a: float(_q(a.s).exact), True)]),
        _cel.FunctionDecl("add", [
            ov("quantity_add", QT, [QT, QT], lambda a, b: _qnew(_q(a.s) + _q(b.s)), True),
            ov("quantity_add_int", QT, [QT, T.INT], lambda a, b: _qnew(_q(a.s) + b), True),
        ]),
        _cel.FunctionDecl("sub", [
            ov("quantity_sub", QT, [QT, QT], lambda a, b: _qnew(_q(a.s) - _q(b.s)), True),
            ov("quantity_sub_int", QT, [QT, T.INT], lambda a, b: _qnew(_q(a.s) - b), True),
        ]),
        _cel.FunctionDecl("semver", [
            ov("string_to_semver", ST, [T.STRING], _semver_of),
            ov("string_bool_to_semver", ST, [T.STRING, T.BOOL], _semver_of),
        ]),
        _cel.FunctionDecl("isSemver", [
            ov("is_semver_string", T.BOOL, [T.STRING], _is_semver),
            ov("is_semver_string_bool", T.BOOL, [T.STRING, T.BOOL], _is_semver),
        ]),
        _cel.FunctionDecl("major", [ov("semver_major", T.INT, [ST], lambda a: _sv(a.s).major, True)]),
        _cel.FunctionDecl("minor", [ov("semver_minor", T.INT, [ST], lambda a: _sv(a.s).minor, True)]),
        _cel.FunctionDecl("patch", [ov("semver_patch", T.INT, [ST], lambda a: _sv(a.s).patch, True)]),
        _cel.FunctionDecl("find", [ov("string_find_n", T.STRING, [T.STRING, T.STRING], _find, True)]),
        _cel.FunctionDecl("findAll", [
            ov("string_find_all", T.List(T.STRING), [T.STRING, T.STRING], _find_all, True),
            ov("string_find_all_n", T.List(T.STRING), [T.STRING, T.STRING, T.INT], _find_all, True),
        ]),
    ]
    if runtime:
        decls += [
            _cel.FunctionDecl("isLessThan", [
                ov("ordered_less", T.BOOL, [T.DYN, T.DYN], lambda a, b: _ordered(a) < _ordered(b), True)]),
            _cel.FunctionDecl("isGreaterThan", [
                ov("ordered_greater", T.BOOL, [T.DYN, T.DYN], lambda a, b: _ordered(a) > _ordered(b), True)]),
            _cel.FunctionDecl("compareTo", [
                ov("ordered_compare_to", T.INT, [T.DYN, T.DYN], lambda a, b: _cmp(_ordered(a), _ordered(b)), True)]),
        ]
    else:
        decls += [
            _cel.FunctionDecl("isLessThan", [
                ov("quantity_less", T.BOOL, [QT, QT], None, True),
                ov("semver_less", T.BOOL, [ST, ST], None, True),
            ]),
            _cel.FunctionDecl("isGreaterThan", [
                ov("quantity_greater", T.BOOL, [QT, QT], None, True),
                ov("semver_greater", T.BOOL, [ST, ST], None, True),
            ]),
            _cel.FunctionDecl("compareTo", [
                ov("quantity_compare_to", T.INT, [QT, QT], None, True),
                ov("semver_compare_to", T.INT, [ST, ST], None, True),
            ]),
        ]
    if includes:
        decls.append(_cel.FunctionDecl("includes", [ov("dra_includes_dyn_dyn", T.BOOL, [T.DYN, T.DYN], _includes, True)]))
    return _cel.CelExtension("kubernetes_dra", decls)


@dataclass
class _Envs:
    typed: Any
    runtime: Any
    _acts: dict[int, tuple[Any, Any]] = field(default_factory=dict)

    def activation(self, device: Mapping[str, Any]) -> Any:
        """A runtime Activation for a device view, reused while the view object lives."""
        hit = self._acts.get(id(device))
        if hit is not None and hit[0] is device:
            return hit[1]
        act = self.runtime.Activation({"device": device})
        if len(self._acts) > 100_000:
            self._acts.clear()
        self._acts[id(device)] = (device, act)
        return act


@functools.lru_cache(maxsize=8)
def _envs(consumable_capacity: bool, includes: bool) -> _Envs:
    pool = _build_pool(consumable_capacity)

    def exts(runtime: bool) -> list:
        # strings at version 2 as the base env pins it since 1.29 (no string reverse()).
        return [ext_strings.ExtStrings(2), ext_bindings.ExtBindings(), ext_optional.ExtOptional(),
                _library(includes, runtime),
                _cel.CelExtension("kubernetes_lists", _list_declarations(runtime, _ordered))]

    typed = _cel.NewEnv(pool, variables={"device": _cel.Type("kubernetes.DRADevice")}, extensions=exts(False))
    runtime = _cel.NewEnv(
        pool, variables={"device": _cel.Type.Map(_cel.Type.STRING, _cel.Type.DYN)}, extensions=exts(True)
    )
    return _Envs(typed, runtime)


def _gate(gates: Mapping[str, bool], name: str) -> bool:
    return bool(gates.get(name, False))


# ---------------------------------------------------------------------------
# Minimal protobuf wire codec for cel.expr.CheckedExpr (decode, rewrite, encode)


def _varint(buf: bytes, i: int) -> tuple[int, int]:
    shift = result = 0
    while True:
        b = buf[i]
        i += 1
        result |= (b & 0x7F) << shift
        if b < 0x80:
            return result, i
        shift += 7


def _decode(buf: bytes) -> list[list]:
    out: list[list] = []
    i, n = 0, len(buf)
    while i < n:
        key, i = _varint(buf, i)
        num, wt = key >> 3, key & 7
        if wt == 0:
            v, i = _varint(buf, i)
        elif wt == 1:
            v, i = buf[i:i + 8], i + 8
        elif wt == 2:
            ln, i = _varint(buf, i)
            v, i = buf[i:i + ln], i + ln
        elif wt == 5:
            v, i = buf[i:i + 4], i + 4
        else:
            raise ValueError(f"unsupported wire type {wt}")
        out.append([num, wt, v])
    return out


def _enc_varint(v: int) -> bytes:
    if v < 0:
        v += 1 << 64
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _encode(fields: list[list]) -> bytes:
    out = bytearray()
    for num, wt, v in fields:
        out += _enc_varint((num << 3) | wt)
        if wt == 0:
            out += _enc_varint(v)
        elif wt == 2:
            out += _enc_varint(len(v)) + v
        else:
            out += v
    return bytes(out)


def _get(fields: list[list], num: int, default: Any = None) -> Any:
    for f in fields:
        if f[0] == num:
            return f[2]
    return default


def _all(fields: list[list], num: int) -> list[Any]:
    return [f[2] for f in fields if f[0] == num]


@dataclass
class _Node:
    """A decoded cel.expr.Expr."""

    id: int
    kind: str  # const, ident, select, call, list, map, struct, comp
    const: Any = None
    name: str = ""  # ident name, select field, call function, struct message name
    test_only: bool = False
    target: _Node | None = None
    args: list[_Node] = field(default_factory=list)  # call args, list elements
    entries: list[tuple[_Node | None, _Node]] = field(default_factory=list)
    comp: dict[str, Any] = field(default_factory=dict)


def _decode_const(buf: bytes) -> Any:
    f = _decode(buf)
    if not f:
        return None
    num, _wt, v = f[0]
    if num == 1:
        return None
    if num == 2:
        return bool(v)
    if num == 3:
        return v - (1 << 64) if v >= 1 << 63 else v
    if num == 4:
        return v
    if num == 5:
        return struct.unpack("<d", v)[0]
    if num == 6:
        return v.decode()
    if num == 7:
        return bytes(v)
    return None


def _decode_expr(buf: bytes) -> _Node:
    f = _decode(buf)
    nid = _get(f, 2, 0)
    for num, _wt, v in f:
        if num == 3:
            return _Node(nid, "const", const=_decode_const(v))
        if num == 4:
            return _Node(nid, "ident", name=_get(_decode(v), 1, b"").decode())
        if num == 5:
            s = _decode(v)
            op = _get(s, 1)
            return _Node(nid, "select", name=_get(s, 2, b"").decode(), test_only=bool(_get(s, 3, 0)),
                         target=_decode_expr(op) if op is not None else None)
        if num == 6:
            c = _decode(v)
            t = _get(c, 1)
            return _Node(nid, "call", name=_get(c, 2, b"").decode(),
                         target=_decode_expr(t) if t is not None else None,
                         args=[_decode_expr(a) for a in _all(c, 3)])
        if num == 7:
            return _Node(nid, "list", args=[_decode_expr(a) for a in _all(_decode(v), 1)])
        if num == 8:
            s = _decode(v)
            msg = _get(s, 1, b"").decode()
            entries = []
            for e in _all(s, 2):
                ef = _decode(e)
                k = _get(ef, 3)
                entries.append((_decode_expr(k) if k is not None else None, _decode_expr(_get(ef, 4))))
            return _Node(nid, "struct" if msg else "map", name=msg, entries=entries)
        if num == 9:
            c = _decode(v)
            comp = {
                "iter_var": _get(c, 1, b"").decode(),
                "iter_var2": _get(c, 8, b"").decode(),
                "accu_var": _get(c, 3, b"").decode(),
            }
            for key, n in (("range", 2), ("init", 4), ("cond", 5), ("step", 6), ("result", 7)):
                comp[key] = _decode_expr(_get(c, n))
            return _Node(nid, "comp", comp=comp)
    return _Node(nid, "unspecified")


_PRIM = {1: "bool", 2: "int", 3: "uint", 4: "double", 5: "string", 6: "bytes"}
_WELL_KNOWN = {1: "any", 2: "google.protobuf.Timestamp", 3: "google.protobuf.Duration"}


def _type_name(buf: bytes) -> str:
    """cel-go's Type.String() for a cel.expr.Type."""
    f = _decode(buf)
    if not f:
        return "dyn"
    num, _wt, v = f[0]
    if num == 1:
        return "dyn"
    if num == 2:
        return "null_type"
    if num == 3:
        return _PRIM.get(v, "dyn")
    if num == 4:
        return f"wrapper({_PRIM.get(v, 'dyn')})"
    if num == 5:
        return _WELL_KNOWN.get(v, "dyn")
    if num == 6:
        return f"list({_type_name(_get(_decode(v), 1, b''))})"
    if num == 7:
        m = _decode(v)
        return f"map({_type_name(_get(m, 1, b''))}, {_type_name(_get(m, 2, b''))})"
    if num == 9:
        name = v.decode()
        return "map(string, dyn)" if name == "google.protobuf.Struct" else name
    if num == 10:
        return v.decode()
    if num == 11:
        return "type"
    if num == 12:
        return "*error*"
    if num == 14:
        return _get(_decode(v), 1, b"").decode()
    return "dyn"


@dataclass
class _Checked:
    root: _Node
    types: dict[int, str]
    overloads: dict[int, list[str]]
    fields: list[list]  # the raw CheckedExpr


def _decode_checked(serialized: bytes) -> _Checked:
    anyf = _decode(serialized)
    fields = _decode(_get(anyf, 2, b""))
    types: dict[int, str] = {}
    overloads: dict[int, list[str]] = {}
    for entry in _all(fields, 3):
        e = _decode(entry)
        types[_get(e, 1, 0)] = _type_name(_get(e, 2, b""))
    for entry in _all(fields, 2):
        e = _decode(entry)
        ref = _decode(_get(e, 2, b""))
        overloads[_get(e, 1, 0)] = [o.decode() for o in _all(ref, 3)]
    return _Checked(_decode_expr(_get(fields, 4, b"")), types, overloads, fields)


# -- rewrite: unknown attribute/capacity domain -> empty map ---------------------


class _Rewriter:
    """Rewrites ``device.attributes[k]`` into ``k in M ? M[k] : {}`` (same for capacity)."""

    def __init__(self, checked: _Checked) -> None:
        self.fields = checked.fields
        self.next_id = max([*checked.types, *checked.overloads, 0]) + 1000
        self.new_refs: list[tuple[int, list[list]]] = []
        self.changed = False

    def nid(self) -> int:
        self.next_id += 1
        return self.next_id

    @staticmethod
    def _is_device_map(buf: bytes) -> bool:
        f = _decode(buf)
        sel = _get(f, 5)
        if sel is None:
            return False
        s = _decode(sel)
        if _get(s, 3, 0) or _get(s, 2, b"").decode() not in ("attributes", "capacity"):
            return False
        op = _decode(_get(s, 1, b""))
        ident = _get(op, 4)
        return ident is not None and _get(_decode(ident), 1, b"") == b"device"

    def _reid(self, buf: bytes) -> bytes:
        """Copy of an operand expression (select over ident) with fresh ids."""
        f = _decode(buf)
        out = []
        for num, wt, v in f:
            if num == 2:
                v = self.nid()
                if _get(f, 4) is not None:
                    self.new_refs.append((v, [[1, 2, b"device"]]))
            elif num == 5:
                s = _decode(v)
                s = [[n, w, self._reid(x) if n == 1 else x] for n, w, x in s]
                v = _encode(s)
            out.append([num, wt, v])
        return _encode(out)

    def _guarded(self, index_expr: bytes, operand: bytes, key: bytes) -> bytes:
        in_id, cond_id, empty_id = self.nid(), self.nid(), self.nid()
        in_call = _encode([[2, 0, in_id], [6, 2, _encode([[2, 2, b"@in"], [3, 2, key], [3, 2, self._reid(operand)]])]])
        empty = _encode([[2, 0, empty_id], [8, 2, b""]])
        cond = _encode([[2, 0, cond_id], [6, 2, _encode([[2, 2, b"_?_:_"], [3, 2, in_call], [3, 2, index_expr], [3, 2, empty]])]])
        self.new_refs.append((in_id, [[3, 2, b"in_map"]]))
        self.new_refs.append((cond_id, [[3, 2, b"conditional"]]))
        self.changed = True
        return cond

    def expr(self, buf: bytes) -> bytes:
        out = []
        guard: tuple[bytes, bytes] | None = None  # (operand, key) of a device-map lookup
        for num, wt, v in _decode(buf):
            if num == 5:  # select
                s = [[n, w, self.expr(x) if n == 1 else x] for n, w, x in _decode(v)]
                v = _encode(s)
                op = _get(s, 1)
                if op is not None and not _get(s, 3, 0) and self._is_device_map(op):
                    key = _encode([[2, 0, self.nid()], [3, 2, _encode([[6, 2, _get(s, 2, b"")]])]])
                    guard = (op, key)
            elif num == 6:  # call
                c = [[n, w, self.expr(x) if n in (1, 3) else x] for n, w, x in _decode(v)]
                v = _encode(c)
                args = _all(c, 3)
                if _get(c, 2, b"") == b"_[_]" and len(args) == 2 and self._is_device_map(args[0]):
                    guard = (args[0], args[1])
            elif num == 7:
                v = _encode([[n, w, self.expr(x) if n == 1 else x] for n, w, x in _decode(v)])
            elif num == 8:
                entries = []
                for n, w, x in _decode(v):
                    if n == 2:
                        x = _encode([[n2, w2, self.expr(y) if n2 in (3, 4) else y] for n2, w2, y in _decode(x)])
                    entries.append([n, w, x])
                v = _encode(entries)
            elif num == 9:
                v = _encode([[n, w, self.expr(x) if n in (2, 4, 5, 6, 7) else x] for n, w, x in _decode(v)])
            out.append([num, wt, v])
        encoded = _encode(out)
        if guard is not None:
            return self._guarded(encoded, guard[0], guard[1])
        return encoded

    def rewrite(self) -> bytes:
        out = []
        for num, wt, v in self.fields:
            if num == 4:
                v = self.expr(v)
            out.append([num, wt, v])
        for rid, ref in self.new_refs:
            out.append([2, 2, _encode([[1, 0, rid], [2, 2, _encode(ref)]])])
        body = _encode(out)
        return _encode([[1, 2, b"type.googleapis.com/cel.expr.CheckedExpr"], [2, 2, body]])


# ---------------------------------------------------------------------------
# Cost estimation (port of cel-go checker/cost.go with the DRA size estimator)


@dataclass(frozen=True)
class _Est:
    lo: int
    hi: int

    def add(self, o: _Est) -> _Est:
        return _Est(min(self.lo + o.lo, _U64), min(self.hi + o.hi, _U64))

    def union(self, o: _Est) -> _Est:
        return _Est(min(self.lo, o.lo), max(self.hi, o.hi))

    def mul(self, o: _Est) -> _Est:
        return _Est(min(self.lo * o.lo, _U64), min(self.hi * o.hi, _U64))

    def factor(self, f: float) -> _Est:
        return _Est(min(math.ceil(self.lo * f), _U64), min(math.ceil(self.hi * f), _U64))


_UNKNOWN = _Est(0, _U64)
_FIXED0 = _Est(0, 0)
_ONE = _Est(1, 1)

# DRA declared sizes (compile.go): path -> max elements
_DRA_SIZES = {
    ("device", "driver"): 63,
    ("device", "allowMultipleAllocations"): 1,
    ("device", "attributes"): 32,
    ("device", "attributes", "@keys"): 63,
    ("device", "attributes", "@values"): 32,
    ("device", "attributes", "@values", "@keys"): 32,
    ("device", "attributes", "@values", "@values"): 64,
    ("device", "capacity"): 32,
    ("device", "capacity", "@keys"): 63,
    ("device", "capacity", "@values"): 32,
    ("device", "capacity", "@values", "@keys"): 32,
}


def _dra_size(path: tuple[str, ...]) -> int | None:
    if not path or path[0] != "device":
        return None
    norm: list[str] = []
    for i, p in enumerate(path):
        if i == 2 and path[1] in ("attributes", "capacity") and p not in ("@keys", "@values", "@items"):
            p = "@values"  # a named domain
        elif i == 3 and path[1] in ("attributes", "capacity") and p not in ("@keys", "@values", "@items"):
            p = "@values"  # a named attribute
        elif i >= 4 and path[1] == "attributes" and p in ("@items", "@values"):
            continue  # elements of a list attribute keep the attribute size
        norm.append(p)
    return _DRA_SIZES.get(tuple(norm))


@dataclass
class _Local:
    path: tuple[str, ...] | None
    size: _Est | None
    entry: tuple[str, _Est, _Est] | None = None  # (kind, key size, value size)


class _Coster:
    """``sizes(path)``: the largest size a value at ``path`` can have (None: not known);
    ``dyn_sizes``: the policy mode (:class:`DynExpression`), where every variable is ``dyn``:
    a select on a ``dyn`` operand costs 1 as on a map, list functions are the runtime
    environment's ``dyn`` overloads (estimated as their typed upstream overloads) and a
    list function on a ``dyn`` list is estimated for elements as large as ``sizes`` says."""

    def __init__(self, checked: _Checked, sizes: Any = None, dyn_sizes: bool = False) -> None:
        self.types = checked.types
        self.overloads = checked.overloads
        self.size_of = sizes if sizes is not None else _dra_size
        self.dyn = dyn_sizes
        self.paths: dict[int, tuple[str, ...]] = {}
        self.sizes: dict[int, _Est] = {}
        self.entries: dict[int, tuple[str, _Est, _Est]] = {}
        self.locals: dict[str, list[_Local]] = {}

    # -- locals
    def push(self, name: str, local: _Local) -> None:
        self.locals.setdefault(name, []).append(local)

    def pop(self, name: str) -> None:
        stack = self.locals.get(name)
        if stack:
            stack.pop()

    def peek(self, name: str) -> _Local | None:
        stack = self.locals.get(name)
        return stack[-1] if stack else None

    # -- sizes
    def path(self, e: _Node) -> tuple[str, ...]:
        if e.kind == "ident":
            loc = self.peek(e.name)
            if loc is not None:
                return loc.path or ()
        return self.paths.get(e.id, ())

    def size(self, e: _Node) -> _Est | None:
        if e.id in self.sizes:
            return self.sizes[e.id]
        if e.kind == "const":
            c = e.const
            if isinstance(c, str):
                return _Est(len(c), len(c))
            if isinstance(c, bytes):
                return _Est(len(c), len(c))
            return _ONE
        if e.kind == "list":
            return _Est(len(e.args), len(e.args))
        if e.kind == "map":
            return _Est(len(e.entries), len(e.entries))
        p = self.path(e)
        if p and p[0] not in ("@result", "@it:0:0", "__result__"):
            s = self.size_of(p)
            if s is not None:
                est = _Est(0, s)
                self.sizes[e.id] = est
                return est
        if self.types.get(e.id) in ("bool", "double", "int", "uint", "google.protobuf.Duration",
                                    "google.protobuf.Timestamp"):
            return _ONE
        if e.kind == "ident":
            loc = self.peek(e.name)
            if loc is not None and loc.size is not None:
                return loc.size
        return None

    def size_or_unknown(self, e: _Node) -> _Est:
        s = self.size(e)
        return s if s is not None else _UNKNOWN

    def entry(self, e: _Node) -> tuple[str, _Est, _Est] | None:
        if e.id in self.entries:
            return self.entries[e.id]
        if e.kind == "ident":
            loc = self.peek(e.name)
            if loc is not None and loc.entry is not None:
                return loc.entry
        return None

    def kind_of(self, e: _Node) -> str:
        t = self.types.get(e.id, "dyn")
        if t.startswith("list("):
            return "list"
        if t.startswith("map("):
            return "map"
        return t

    # -- costs
    def cost(self, e: _Node | None) -> _Est:
        if e is None:
            return _FIXED0
        k = e.kind
        if k == "const":
            return _FIXED0
        if k == "ident":
            loc = self.peek(e.name)
            self.paths[e.id] = (loc.path or ()) if loc is not None else (e.name,)
            return _ONE
        if k == "select":
            if e.test_only:
                return _ONE.add(self.cost(e.target))
            s = self.cost(e.target)
            tt = self.types.get(e.target.id, "dyn") if e.target else "dyn"
            if tt.startswith("map(") or tt not in _PRIM.values() and tt not in ("dyn", "any") \
                    and not tt.startswith("list(") or self.dyn and tt in ("dyn", "any"):
                s = s.add(_ONE)
            if e.target is not None:
                self.paths[e.id] = (*self.path(e.target), e.name)
            return s
        if k == "call":
            return self.cost_call(e)
        if k == "list":
            s = _FIXED0
            lo, hi = (0 if not e.args else _U64), 0
            for a in e.args:
                s = s.add(self.cost(a))
                sz = self.size_or_unknown(a)
                lo, hi = min(lo, sz.lo), max(hi, sz.hi)
            self.entries[e.id] = ("list", _ONE, _Est(lo, hi))
            return s.add(_Est(10, 10))
        if k == "map":
            s = _FIXED0
            for key, val in e.entries:
                s = s.add(self.cost(key)).add(self.cost(val))
            return s.add(_Est(30, 30))
        if k == "struct":
            s = _FIXED0
            for _key, val in e.entries:
                s = s.add(self.cost(val))
            return s.add(_Est(40, 40))
        if k == "comp":
            return self.cost_comp(e)
        return _FIXED0

    def _is_bind(self, e: _Node) -> bool:
        c = e.comp
        return (c["range"].kind == "list" and not c["range"].args and c["cond"].kind == "const"
                and c["cond"].const is False and c["accu_var"] not in ("__result__", "@result"))

    def cost_comp(self, e: _Node) -> _Est:
        c = e.comp
        if self._is_bind(e):
            s = self.cost(c["range"]).add(self.cost(c["init"]))
            self.push(c["accu_var"], _Local(self.path(c["init"]), self.size(c["init"]), self.entry(c["init"])))
            s = s.add(self.cost(c["result"]))
            self.pop(c["accu_var"])
            sz = self.size(c["result"])
            if sz is not None:
                self.sizes[e.id] = sz
            return s
        rng = c["range"]
        s = self.cost(rng).add(self.cost(c["init"]))
        self.push(c["accu_var"], _Local(self.path(c["init"]), self.size(c["init"]), self.entry(c["init"])))
        ent = self.entry(rng)
        kind = ent[0] if ent else self.kind_of(rng)
        rpath = self.path(rng)
        if c["iter_var2"]:
            self.push(c["iter_var"], _Local((*rpath, "@keys") if kind == "map" else None,
                                            ent[1] if ent and kind == "map" else None))
            self.push(c["iter_var2"], _Local((*rpath, "@items" if kind == "list" else "@values"),
                                             ent[2] if ent else None))
        elif kind == "list":
            self.push(c["iter_var"], _Local((*rpath, "@items"), ent[2] if ent else None))
        else:
            self.push(c["iter_var"], _Local((*rpath, "@keys"), ent[1] if ent else None))
        loop = self.cost(c["cond"])
        step = self.cost(c["step"])
        self.pop(c["iter_var"])
        if c["iter_var2"]:
            self.pop(c["iter_var2"])
        s = s.add(self.cost(c["result"]))
        self.pop(c["accu_var"])
        rcnt = self.size_or_unknown(rng)
        s = s.add(rcnt.mul(step.add(loop)))
        if c["init"].kind == "const":
            sz = self.size(c["init"])
            if sz is not None:
                self.sizes[e.id] = sz
        elif c["init"].kind in ("list", "map"):
            self.sizes[e.id] = rcnt
            if self.dyn and c["init"].kind == "list":
                lit = self._appended(c["step"], c["accu_var"])
                if lit is not None:
                    item = lit.args[0]
                    if item.kind == "ident" and item.name == c["iter_var"] and rpath \
                            and not c["iter_var2"]:
                        self.paths[e.id] = rpath  # filter: some of the range's own elements
                    ent = self.entries.get(lit.id)
                    if ent is not None:
                        self.entries[e.id] = ("list", _ONE, ent[2])
        return s

    def _appended(self, step: _Node, accu: str) -> _Node | None:
        """The one-element list literal the map/filter macros append: ``[x]`` of a step
        ``@result + [x]`` or ``cond ? @result + [x] : @result`` (None for any other step)."""
        if step.kind == "call" and step.name == "_?_:_" and len(step.args) == 3 \
                and step.args[2].kind == "ident" and step.args[2].name == accu:
            step = step.args[1]
        if step.kind == "call" and step.name == "_+_" and len(step.args) == 2 \
                and step.args[0].kind == "ident" and step.args[0].name == accu \
                and step.args[1].kind == "list" and len(step.args[1].args) == 1:
            return step.args[1]
        return None

    def cost_call(self, e: _Node) -> _Est:
        if e.name == "dyn" and len(e.args) == 1:
            c = _ONE.add(self.cost(e.args[0]))
            sz = self.size(e.args[0])
            if sz is not None:
                self.sizes[e.id] = sz
            return c
        arg_costs = [self.cost(a) for a in e.args]
        ids = self.overloads.get(e.id, [])
        if not ids:
            return _FIXED0
        s = _FIXED0
        if e.target is not None:
            s = s.add(self.cost(e.target))
        fn: _Est | None = None
        result_size: _Est | None = None
        for oid in ids:
            if self.dyn:
                oid = _DYN_OVERLOADS.get(oid, oid)
            est, rs = self.function_cost(e, oid, arg_costs)
            fn = est if fn is None else fn.union(est)
            if rs is not None:
                result_size = rs if result_size is None else result_size.union(rs)
            if oid in ("index_list", "index_map") and e.args:
                ent = self.entry(e.args[0])
                result_size = ent[2] if ent else None
                sub = "@items" if oid == "index_list" else "@values"
                key = e.args[1] if len(e.args) > 1 else None
                if self.dyn and key is not None and key.kind == "const" and isinstance(key.const, str):
                    sub = key.const  # m["k"] reaches what m.k does, not every value of m
                self.paths[e.id] = (*self.path(e.args[0]), sub)
        if result_size is None:
            result_size = self.size(e)
        if result_size is not None:
            self.sizes[e.id] = result_size
        return s.add(fn or _FIXED0)

    def function_cost(self, e: _Node, oid: str, arg_costs: list[_Est]) -> tuple[_Est, _Est | None]:
        args = e.args
        argsum = _FIXED0
        for a in arg_costs:
            argsum = argsum.add(a)
        target = e.target
        if oid == "dra_includes_dyn_dyn" and target is not None:
            return _Est(0, _MAX_ATTRIBUTE_VALUES).add(argsum), None
        ext = self.ext_lists_cost(e, oid)
        if ext is not None:  # cel-go overload estimators come before the Kubernetes one
            return ext[0].add(argsum), ext[1]
        k8s = self.k8s_cost(e, oid, argsum)
        if k8s is not None:
            return k8s
        if oid in ("starts_with_string", "ends_with_string") and len(args) == 1:
            return self.size_or_unknown(args[0]).factor(0.1).add(argsum), None
        if oid == "in_list" and len(args) == 2:
            return self.size_or_unknown(args[1]).add(argsum), None
        if oid == "matches_string" and target is not None and len(args) == 1:
            strc = self.size_or_unknown(target).add(_ONE).factor(0.1)
            rc = self.size_or_unknown(args[0]).factor(0.25)
            return strc.mul(rc).add(argsum), None
        if oid == "contains_string" and target is not None and len(args) == 1:
            return self.size_or_unknown(target).factor(0.1).mul(self.size_or_unknown(args[0]).factor(0.1)).add(argsum), None
        if oid in ("logical_or", "logical_and"):
            lhs, rhs = arg_costs[0], arg_costs[1]
            return _Est(lhs.lo, lhs.add(rhs).hi), None
        if oid == "conditional":
            size = self.size_or_unknown(args[1]).union(self.size_or_unknown(args[2]))
            return arg_costs[0].add(arg_costs[1].union(arg_costs[2])), size
        if oid in ("add_string", "add_bytes", "add_list") and len(args) == 2:
            rs = self.size_or_unknown(args[0]).add(self.size_or_unknown(args[1]))
            if oid == "add_list":
                return _ONE.add(argsum), rs
            return rs.factor(0.1).add(argsum), rs
        if oid in ("less_string", "greater_string", "less_equals_string", "greater_equals_string",
                   "less_bytes", "greater_bytes", "less_equals_bytes", "greater_equals_bytes",
                   "equals", "not_equals"):
            lhs, rhs = self.size_or_unknown(args[0]), self.size_or_unknown(args[1])
            smallest = min(lhs.hi, rhs.hi)
            return _Est(1 if smallest > 0 else 0, smallest).factor(0.1).add(argsum), None
        return _ONE.add(argsum), None

    def ext_lists_cost(self, e: _Node, oid: str) -> tuple[_Est, _Est | None] | None:
        """cel-go's ext.Lists v3 and ext.Sets estimators (call cost, result size), args excluded."""
        target, args = e.target, e.args
        if oid in _SETS_COST_FACTOR and len(args) == 2:
            sz = self.size_or_unknown(args[0]).mul(self.size_or_unknown(args[1]))
            return sz.factor(_SETS_COST_FACTOR[oid]).add(_ONE), None
        if oid == "lists_range" and target is None and len(args) == 1:
            return _list_alloc(1, _fixed(_const_uint(args[0], _U64)))
        if target is None:
            return None
        sz = self.size_or_unknown(target)
        if oid == "list_slice" and len(args) == 2:
            start, end = _const_uint(args[0], 0), _const_uint(args[1], sz.hi)
            return _list_alloc(1, _fixed((end - start) % (1 << 64)))
        if oid == "list_reverse" and not args:
            return _list_alloc(1, sz)
        if oid in ("list_flatten", "list_flatten_int") and len(args) <= 1:
            return _list_alloc(_const_uint(args[0], _U64) if args else 1, sz)
        if oid == "list_distinct" and not args:
            return _list_alloc(2, sz.mul(sz))
        m = _LIST_SORT.match(oid)
        if m and not args:
            return _list_alloc(2.1 if m.group(1) in ("string", "bytes") else 2, sz.mul(sz))
        return None

    def k8s_cost(self, e: _Node, oid: str, argsum: _Est) -> tuple[_Est, _Est | None] | None:
        """The Kubernetes library estimator (apiserver/pkg/cel/library/cost.go), partially."""
        target = e.target
        if e.name in ("isSorted", "sum", "max", "min", "indexOf", "lastIndexOf") and target is not None:
            # keyed by function name upstream, so string indexOf/lastIndexOf are estimated here too
            ttype = self.types.get(target.id, "dyn")
            if self.dyn and ttype in ("dyn", "any"):
                ttype = "list(string)"  # elements as large as the activation's, any type
            if ttype.startswith("list(") and ttype.endswith(")"):
                el_cost = _ONE
                if ttype[5:-1] in ("string", "bytes"):
                    path = self.path(target)
                    el = self.size_of((*path, "@items")) if path else None
                    ent = self.entry(target) if self.dyn else None
                    el_est = _Est(0, el) if el is not None else ent[2] if ent else _UNKNOWN
                    el_cost = el_cost.add(el_est.factor(0.1))
                return self.size_or_unknown(target).mul(el_cost).add(argsum), None
            return self.size_or_unknown(target).factor(0.1).add(argsum), None
        if e.name in ("lowerAscii", "upperAscii", "substring", "trim") and target is not None:
            sz = self.size_or_unknown(target)
            return sz.factor(0.1).add(argsum), sz
        if oid in ("string_find_n", "string_find_all", "string_find_all_n") and target is not None and e.args:
            strc = self.size_or_unknown(target).add(_ONE).factor(0.1)
            rc = self.size_or_unknown(e.args[0]).factor(0.25)
            return strc.mul(rc).add(argsum), self.size_or_unknown(target)
        if oid in ("string_split", "string_split_int") and target is not None:
            sz = self.size_or_unknown(target)
            return sz.factor(0.1).add(argsum), sz
        if self.dyn and oid in ("string_split_string", "string_split_string_int") and target is not None:
            # cel-cpp's ids; at most one part more than characters, none longer than the string
            sz = self.size_or_unknown(target)
            self.entries[e.id] = ("list", _ONE, sz)
            return sz.factor(0.1).add(argsum), sz.add(_ONE)
        if self.dyn and oid in ("string_replace_string_string", "string_replace_string_string_int") \
                and target is not None and len(e.args) >= 2:
            # at worst (an empty pattern) the replacement goes in at every position
            sz = self.size_or_unknown(target)
            out = sz.add(sz.add(_ONE).mul(self.size_or_unknown(e.args[1])))
            return sz.add(out).factor(0.1).add(argsum), out
        if self.dyn and oid in ("list_join", "list_join_string") and target is not None:
            n = self.size_or_unknown(target)
            path = self.path(target)
            el = self.size_of((*path, "@items")) if path else None
            ent = self.entry(target)
            el_est = _Est(0, el) if el is not None else ent[2] if ent else _UNKNOWN
            sep = self.size_or_unknown(e.args[0]) if e.args else _FIXED0
            out = n.mul(el_est.add(sep))
            return out.factor(0.1).add(_ONE).add(argsum), out
        if oid.startswith("quantity_") or oid.startswith("semver_") or oid in (
                "string_to_quantity", "is_quantity_string", "string_to_semver", "string_bool_to_semver",
                "is_semver_string", "is_semver_string_bool"):
            return _ONE.add(argsum), None
        return None


_SETS_COST_FACTOR = {"list_sets_contains_list": 1.0, "list_sets_intersects_list": 1.0,
                     "list_sets_equivalent_list": 2.0}
_LIST_SORT = re.compile(r"^list_([a-z]+)_sort$")


def _fixed(n: int) -> _Est:
    return _Est(n, n)


def _const_uint(node: _Node, default: int) -> int:
    """cel-go ext ``nodeAsUintValue``: an int literal (negative -> 0), else the default."""
    c = node.const
    if node.kind != "const" or not isinstance(c, int) or isinstance(c, bool):
        return default
    return max(c, 0)


def _list_alloc(factor: float, size: _Est) -> tuple[_Est, _Est]:
    """cel-go ``estimateAllocatingListCall``: size × factor + call (1) + list creation (10)."""
    return size.factor(factor).add(_Est(11, 11)), size


def _estimate(checked: _Checked) -> int:
    c = _Coster(checked)
    est = c.cost(checked.root)
    return est.hi


#: the runtime environment's ``dyn`` list overloads (drakit.cel_lists) -> the typed upstream
#: overload whose estimator bounds them (sort: the string factor, the largest)
_DYN_OVERLOADS = {
    "dra_list_slice": "list_slice", "dra_list_flatten": "list_flatten",
    "dra_list_flatten_int": "list_flatten_int", "dra_lists_range": "lists_range",
    "dra_list_reverse": "list_reverse", "dra_list_distinct": "list_distinct",
    "dra_list_sort": "list_string_sort", "dra_sets_contains": "list_sets_contains_list",
    "dra_sets_equivalent": "list_sets_equivalent_list",
    "dra_sets_intersects": "list_sets_intersects_list",
}


def _value_size(v: Any) -> int:
    """cel-go's actual size of a value (traits.Sizer): characters of a string, bytes, entries
    of a list or map; 1 for anything else."""
    if isinstance(v, (str, bytes, bytearray, list, tuple, Mapping)):
        return len(v)
    return 1


class _ActivationSizes:
    """The sizes of one activation's values, by path (``object.metadata.annotations``,
    ``@keys``/``@values``/``@items`` for the keys, values or elements below): the largest
    value the path reaches. A path through a list or map holds the values of every entry, so
    the size is an upper bound of what an evaluation over this activation can meet there."""

    def __init__(self, activation: Mapping[str, Any]) -> None:
        self.activation = activation
        self.memo: dict[tuple[str, ...], tuple[list[Any], int | None]] = {}

    def values(self, path: tuple[str, ...]) -> list[Any] | None:
        if not path:
            return None
        hit = self.memo.get(path)
        if hit is not None:
            return hit[0]
        if len(path) == 1:
            if path[0] not in self.activation:
                return None
            vals = [self.activation[path[0]]]
        else:
            up = self.values(path[:-1])
            if up is None:
                return None
            p = path[-1]
            vals = []
            for v in up:
                if isinstance(v, Mapping):
                    if p == "@keys":
                        vals.extend(v.keys())
                    elif p in ("@values", "@items"):
                        vals.extend(v.values())
                    elif p in v:
                        vals.append(v[p])
                elif isinstance(v, (list, tuple)) and p in ("@keys", "@values", "@items"):
                    vals.extend(v)  # a dyn range iterates the elements of a list
        self.memo[path] = (vals, None)
        return vals

    def __call__(self, path: tuple[str, ...]) -> int | None:
        vals = self.values(path)
        if vals is None:
            return None
        hit = self.memo[path]
        if hit[1] is None:
            size = max((_value_size(v) for v in vals), default=0)
            self.memo[path] = (vals, size)
            return size
        return hit[1]


# ---------------------------------------------------------------------------
# Compilation


@dataclass
class CompilationResult:
    """A compiled selector (``cel.CompilationResult``)."""

    expression: str
    error_type: str = ""  # "", "Invalid", "Internal"
    error: str = ""
    output_type: str = ""
    max_cost: int = _U64
    program: Any = None
    _envs: Any = None
    #: set for ``device.driver == "<literal>"``: evaluated without the CEL runtime (the
    #: first evaluation on a new device costs ~15 µs there, a string compare ~0.1 µs).
    driver_equals: str | None = None
    #: set for ``device.attributes["<domain>"].<id> == "<literal>"``: (domain, id, literal);
    #: answered directly when the attribute is a string, by the CEL runtime otherwise
    #: (missing attribute, other types), so errors and mixed-type equality stay CEL's.
    attribute_equals: tuple[str, str, str] | None = None

    def matches(self, device: Mapping[str, Any], *, cost_limit: int = CEL_SELECTOR_EXPRESSION_MAX_COST) -> bool:
        """Evaluate against a device view from :func:`device_view`; raise CELRuntimeError."""
        if self.program is None:
            raise CELRuntimeError(self.error or "expression did not compile")
        if self.max_cost > cost_limit:
            raise CELRuntimeError("operation cancelled: actual cost limit exceeded")
        if self.driver_equals is not None:
            return device["driver"] == self.driver_equals
        if self.attribute_equals is not None:
            domain, ident, literal = self.attribute_equals
            value = device["attributes"].get(domain, _EMPTY).get(ident)
            if type(value) is str:
                return value == literal
        try:
            r = self.program.eval(self._envs.activation(device))
        except RuntimeError as e:
            raise CELRuntimeError(_runtime_message(str(e))) from None
        v = r.value()
        if v is True or v is False:
            return v
        t = r.type().name()
        if t == "ERROR":
            raise CELRuntimeError(_runtime_message(str(v)))
        raise CELRuntimeError(f"CEL result of type {_runtime_type(t)} could not be converted to bool")


def _runtime_message(msg: str) -> str:
    m = re.match(r"^[A-Z_]+: (.*)$", msg, re.S)
    text = m.group(1) if m else msg
    text = re.sub(r" \[[A-Z_]+\]$", "", text)
    m = re.match(r'^Key not found in map : "?(.*?)"?$', text)
    if m:
        return f"no such key: {m.group(1)}"
    if "No matching overloads found" in text:
        return "no such overload"
    if text.startswith("invalid regular expression: "):
        # cel-cpp's native matches (RE2); cel-go returns Go's regexp.MatchString error
        return go_regex_error(text[len("invalid regular expression: "):], "")
    return text


def _runtime_type(t: str) -> str:
    t = t.lower()
    if t.startswith("list"):
        return "list"
    if t.startswith("map"):
        return "map"
    return t


# ---------------------------------------------------------------------------
# Expressions over dyn variables (ValidatingAdmissionPolicy), bounded by the per-call limit

#: ``k8s.io/apiserver/pkg/apis/cel`` PerCallLimit: the base environment's ``cel.CostLimit``
#: for every expression the API server evaluates (environment/base.go ProgramOptions)
PER_CALL_LIMIT = 1_000_000
#: cel-go's error once the actual cost passes the limit (interpreter/runtimecost.go)
COST_LIMIT_EXCEEDED = "operation cancelled: actual cost limit exceeded"


class CostLimitExceeded(CELRuntimeError):
    """The evaluation was refused: its cost bound passes the limit (``cost``: the bound)."""

    def __init__(self, cost: int) -> None:
        super().__init__(COST_LIMIT_EXCEEDED)
        self.cost = cost


@functools.lru_cache(maxsize=8)
def _dyn_env(variables: tuple[str, ...]) -> Any:
    T = _cel.Type
    exts = [ext_strings.ExtStrings(2), ext_bindings.ExtBindings(), ext_optional.ExtOptional(),
            _library(False, True),
            _cel.CelExtension("kubernetes_lists", _list_declarations(True, _ordered))]
    return _cel.NewEnv(_build_pool(False), variables={v: T.DYN for v in variables},
                       extensions=exts)


@dataclass(frozen=True)
class DynExpression:
    """An expression compiled where the variables are ``dyn`` (:func:`compile_dyn`)."""

    expression: str
    error: str = ""
    """cel-go's wording, "compilation failed: ..."; "" when it compiled."""
    output_type: str = ""
    """The checked output type as cel-go names it (bool, string, dyn, list(int), ...)."""
    variables: tuple[str, ...] = ()
    program: Any = field(default=None, compare=False, repr=False)
    _checked: Any = field(default=None, compare=False, repr=False)

    def cost_bound(self, activation: Mapping[str, Any]) -> int:
        """An upper bound of the actual cost of evaluating over ``activation``: cel-go's
        estimator (the port above) with the sizes of the activation's own values."""
        if self._checked is None:
            return 0
        c = _Coster(self._checked, _ActivationSizes(activation), dyn_sizes=True)
        return c.cost(self._checked.root).hi

    def evaluate(self, activation: Mapping[str, Any], *,
                 cost_limit: int = PER_CALL_LIMIT) -> tuple[Any, int]:
        """(the value, its cost bound). CostLimitExceeded, before evaluating, when the bound
        passes ``cost_limit``; CELRuntimeError with cel-go's wording of an evaluation error."""
        if self.program is None:
            raise CELRuntimeError(self.error or "expression did not compile")
        cost = self.cost_bound(activation)
        if cost > cost_limit:
            raise CostLimitExceeded(cost)
        env = _dyn_env(self.variables)
        try:
            r = self.program.eval(env.Activation(dict(activation)))
        except RuntimeError as e:
            raise CELRuntimeError(_runtime_message(str(e))) from None
        if r.type().name() == "ERROR":
            raise CELRuntimeError(_runtime_message(str(r.value())))
        return r.value(), cost


@functools.lru_cache(maxsize=2048)
def compile_dyn(expression: str, variables: tuple[str, ...]) -> DynExpression:
    """Compile ``expression`` where each of ``variables`` is ``dyn``, with the Kubernetes
    libraries drakit has (quantity, semver, regex, lists, sets, strings v2, optionals,
    ``cel.bind``) and cel-go's wording of a compile error."""
    try:
        ast = _dyn_env(variables).compile(expression)
    except RuntimeError as e:
        return DynExpression(expression, "compilation failed: " + _issues(str(e), expression),
                             variables=variables)
    checked = _decode_checked(ast.serialize())
    return DynExpression(expression, output_type=checked.types.get(checked.root.id, "dyn"),
                         variables=variables, program=ast, _checked=checked)


class EnvFeatures(NamedTuple):
    """What a DRA CEL environment declares, as one release's compiler builds it.

    ``consumable_capacity``: ``device.allowMultipleAllocations`` exists. ``includes``: the
    ``includes`` member function exists. ``dyn_attributes``: attribute values are typed
    ``dyn`` (so ``.exists()``/``.all()`` may range over them and a ``dyn`` result is
    accepted); otherwise they are ``google.protobuf.Any``, which cel-go's checker treats as
    ``dyn`` everywhere except as the range of a comprehension, and a ``dyn`` result is
    refused ("must evaluate to bool or the unknown type, not dyn").
    """

    consumable_capacity: bool
    includes: bool
    dyn_attributes: bool


def new_expression_features(gates: Mapping[str, bool]) -> EnvFeatures:
    """The environment a NEW expression is checked in (the API server on create, or on an
    update that changes the expression): every declaration follows its feature gate.

    k8s.io/dynamic-resource-allocation cel/compile.go newCompiler, VersionedOptions with
    ``FeatureEnabled`` (honoured by apiserver pkg/cel/environment EnvSet for NewExpressions
    only): at v0.36.2 ``includes`` behind EnableListTypeAttributes and the attribute type
    AnyType/DynType by the same gate; at 1.37 (master after kubernetes PR 139395, commits
    052bb7dc and b99b9c17, mirrored as dynamic-resource-allocation 5afedd9 and f34bcd0) one
    device type per gate combination, attributes AnyType without the gate.
    """
    cc, lta = _gate(gates, "DRAConsumableCapacity"), _gate(gates, "DRAListTypeAttributes")
    return EnvFeatures(cc, lta, lta)


def stored_expression_features(gates: Mapping[str, bool], version: str) -> EnvFeatures:
    """The StoredExpressions environment of release ``version``, with the component's ``gates``.

    That environment ignores ``FeatureEnabled`` (apiserver pkg/cel/environment EnvSet), so
    every declaration the release has is there whatever the gates: ``allowMultipleAllocations``
    (1.34+) and ``includes`` (IntroducedVersion 1.36). What is not a FeatureEnabled option
    still follows the compiler's gate: at 1.36 (dynamic-resource-allocation v0.36.2
    cel/compile.go newCompiler) the attribute type is DynType only with
    DRAListTypeAttributes, AnyType without. From 1.37 (dynamic-resource-allocation 5afedd9,
    "List attributes and includes function should be usable in StoredExpression environment
    even if the feature gate is disabled so to satisfy version skew policy", kubernetes
    PR 139395) the stored environment always has the newest device type, DynType attributes.
    Before 1.36 attributes are AnyType and there is no ``includes``.
    """
    includes = release_at_least(version, "1.36")
    dyn = release_at_least(version, "1.37") or (includes and _gate(gates, "DRAListTypeAttributes"))
    return EnvFeatures(True, includes, dyn)


def compile_selector(expression: str, gates: Mapping[str, bool] | None = None, *,
                     estimate_cost: bool = True, features: EnvFeatures | None = None) -> CompilationResult:
    """Compile a device selector (cached per expression and environment).

    The environment is ``features`` if given (see :func:`stored_expression_features`),
    otherwise the new-expressions environment of ``gates``.
    """
    if features is None:
        features = new_expression_features(gates or {})
    return _compile(expression, *features, estimate_cost)


@dataclass
class _Front:
    """An expression type-checked in one (consumable capacity, includes) environment: what
    does not depend on the attribute type (see :func:`_front`)."""

    envs: Any
    error: str = ""  # cel-cpp's compile error, as cel-cpp words it
    checked: _Checked | None = None
    _planned: tuple[Any, str] | None = None
    _cost: int | None = None

    def program(self) -> tuple[Any, str]:
        """(the runtime program, "") or (None, why planning failed)."""
        if self._planned is None:
            try:
                self._planned = (self.envs.runtime.deserialize(_Rewriter(self.checked).rewrite()), "")
            except (RuntimeError, ValueError) as e:  # pragma: no cover - defensive
                self._planned = (None, str(e))
        return self._planned

    def cost(self) -> int:
        if self._cost is None:
            self._cost = _estimate(self.checked)
        return self._cost


@functools.lru_cache(maxsize=4096)
def _front(expression: str, consumable_capacity: bool, includes: bool) -> _Front:
    """Parse and type-check ``expression``, shared between environments where it cannot differ.

    An expression whose text names neither ``allowMultipleAllocations`` nor ``includes``
    cannot refer to them, so it checks the same in an environment with those declarations:
    the API server's (new expressions, gated) and the allocator's (stored) checks then share
    one cel-cpp compile, program and cost estimate.
    """
    cc = consumable_capacity or "allowMultipleAllocations" not in expression
    inc = includes or "includes" not in expression
    if (cc, inc) != (consumable_capacity, includes):
        return _front(expression, cc, inc)
    envs = _envs(consumable_capacity, includes)
    try:
        ast = envs.typed.compile(expression)
    except RuntimeError as e:
        return _Front(envs, error=str(e))
    return _Front(envs, checked=_decode_checked(ast.serialize()))


@functools.lru_cache(maxsize=4096)
def _compile(expression: str, consumable_capacity: bool, includes: bool, dyn_attributes: bool,
             estimate_cost: bool) -> CompilationResult:
    front = _front(expression, consumable_capacity, includes)
    if front.error:
        return CompilationResult(expression, "Invalid",
                                 "compilation failed: " + _issues(front.error, expression, dyn_attributes))
    checked = front.checked
    assert checked is not None
    out_type = checked.types.get(checked.root.id, "dyn")
    issues = ""
    if not dyn_attributes:
        any_types = _AnyTypes()
        if any_types.of(checked.root, {}) == "any":
            out_type = "any"
        if any_types.bad_ranges:  # checker errors: the AST validators below do not run then
            pos = _positions(checked)
            issues = "\n".join(_issue_at(expression, pos.get(nid, 0), _ANY_RANGE) for nid in any_types.bad_ranges)
    issues = issues or _regex_literal_issues(expression, checked)
    if issues:
        return CompilationResult(expression, "Invalid", "compilation failed: " + issues)
    # 1.36 accepts bool, any and (with dyn attributes) dyn; 1.37 bool and the environment's
    # attribute type (cel/compile.go CompileCELExpression): the same set either way.
    if out_type not in ("bool", "any") and not (dyn_attributes and out_type == "dyn"):
        return CompilationResult(
            expression, "Invalid", f"must evaluate to bool or the unknown type, not {out_type}",
            output_type=out_type)
    bad_regex = _constant_regex_error(checked.root)
    if bad_regex:
        return CompilationResult(expression, "Internal", "program instantiation failed: " + bad_regex)
    program, why = front.program()
    if program is None:  # pragma: no cover - defensive
        return CompilationResult(expression, "Internal", f"program instantiation failed: {why}")
    max_cost = front.cost() if estimate_cost else _U64
    m = _DRIVER_EQ.match(expression)
    a = _ATTR_EQ.match(expression)
    return CompilationResult(expression, output_type=out_type, max_cost=max_cost, program=program,
                             _envs=front.envs, driver_equals=_lit(m, 1) if m else None,
                             attribute_equals=(_lit(a, 1), a.group(3), _lit(a, 4)) if a else None)


# -- attributes typed google.protobuf.Any ------------------------------------------

_ANY_RANGE = "expression of type 'any' cannot be range of a comprehension (must be list, map, or dynamic)"


class _AnyTypes:
    """Which expressions cel-go types ``google.protobuf.Any`` when attributes are AnyType.

    drakit's checker (cel-cpp) types attribute values ``dyn`` (values of a
    google.protobuf.Struct), so this pass follows the types that derive from
    ``device.attributes`` through the checked AST: the two map levels, the values, lists,
    maps and optionals of them, ``cel.bind`` and comprehension variables, ``_?_:_``. cel-go's
    checker treats Any like dyn (checker/types.go isDyn) except as a comprehension range
    (checker.go checkComprehension accepts list, map, dyn, error and type parameters only):
    those ranges are collected in ``bad_ranges``; the iteration variables of such a range
    get the error type, so nothing built on them is reported again. Types: None (not derived
    from attributes), "device", "outer", "inner", "any", ("list", t), ("map", t), ("opt", t).
    """

    def __init__(self) -> None:
        self.bad_ranges: list[int] = []

    @staticmethod
    def _member(t: Any) -> Any:
        """The type of ``x.f`` / ``x[k]`` for ``x`` of type ``t`` (None: not attribute-derived)."""
        if t == "outer":
            return "inner"
        if t == "inner":
            return "any"
        if isinstance(t, tuple) and t[0] in ("list", "map"):
            return t[1]
        if isinstance(t, tuple) and t[0] == "opt":
            inner = _AnyTypes._member(t[1])
            return ("opt", inner) if inner is not None else None
        return None

    def of(self, n: _Node | None, scope: dict[str, Any]) -> Any:
        if n is None:
            return None
        kind = n.kind
        if kind == "ident":
            if n.name in scope:
                return scope[n.name]
            return "device" if n.name == "device" else None
        if kind == "const":
            return None
        if kind == "select":
            t = self.of(n.target, scope)
            if n.test_only:
                return None
            if t == "device":
                return "outer" if n.name == "attributes" else None
            return self._member(t)
        if kind == "call":
            t = self.of(n.target, scope)
            args = [self.of(a, scope) for a in n.args]
            fn = n.name
            if fn == "_[_]" and len(args) == 2:
                return self._member(args[0])
            if fn in ("_[?_]", "_?._") and len(args) == 2:
                base = args[0][1] if isinstance(args[0], tuple) and args[0][0] == "opt" else args[0]
                inner = self._member(base) if fn == "_[?_]" or base != "device" else \
                    ("outer" if n.args[1].const == "attributes" else None)
                return ("opt", inner) if inner is not None else None
            if fn == "_?_:_" and len(args) == 3:
                a, b = args[1], args[2]
                return a if a == b or a == "any" else None
            if fn in ("optional.of", "optional.ofNonZeroValue") and len(args) == 1 and args[0] is not None:
                return ("opt", args[0])
            if fn in ("value", "orValue") and isinstance(t, tuple) and t[0] == "opt":
                return t[1]
            return None
        if kind == "list":
            elems = [self.of(a, scope) for a in n.args]
            if "any" in elems:
                return ("list", "any")
            if elems and elems[0] is not None and all(e == elems[0] for e in elems):
                return ("list", elems[0])
            return None
        if kind in ("map", "struct"):
            vals = []
            for k, v in n.entries:
                self.of(k, scope)
                vals.append(self.of(v, scope))
            return ("map", "any") if kind == "map" and "any" in vals else None
        if kind == "comp":
            c = n.comp
            r = self.of(c["range"], scope)
            var1: Any = None
            var2: Any = None
            if r == "any":
                self.bad_ranges.append(c["range"].id)
            elif isinstance(r, tuple) and r[0] == "list":
                var1, var2 = (None, r[1]) if c["iter_var2"] else (r[1], None)
            elif r in ("outer", "inner") or isinstance(r, tuple) and r[0] == "map":
                var2 = self._member(r)
            accu = self.of(c["init"], scope)
            loop = {**scope, c["accu_var"]: accu, c["iter_var"]: var1}
            if c["iter_var2"]:
                loop[c["iter_var2"]] = var2
            self.of(c["cond"], loop)
            self.of(c["step"], loop)
            return self.of(c["result"], {**scope, c["accu_var"]: accu})
        return None


def _lit(m: re.Match, i: int) -> str:
    """The text of a ``"..."`` (group i) or ``'...'`` (group i+1) literal."""
    g = m.group(i)
    return g if g is not None else m.group(i + 1)


_EMPTY: Mapping[str, Any] = {}
_PLAIN = r"""(?:"([A-Za-z0-9._/-]*)"|'([A-Za-z0-9._/-]*)')"""


# ``device.driver == "x"`` with a plain literal (no escapes): the commonest class selector.
_DRIVER_EQ = re.compile(rf"^\s*device\.driver\s*==\s*{_PLAIN}\s*$")
# ``device.attributes["domain"].id == "x"``: the commonest request selector.
_ATTR_EQ = re.compile(rf"^\s*device\.attributes\[\s*{_PLAIN}\s*\]\.([A-Za-z_][A-Za-z0-9_]*)\s*==\s*{_PLAIN}\s*$")


# -- regex literals (cel-go cel.ValidateRegexLiterals and the regex program optimizations)


def _walk(node: _Node | None) -> Any:
    """Every node, children before their parent (the order cel-go plans a program in)."""
    if node is None:
        return
    if node.kind == "comp":
        for key in ("range", "init", "cond", "step", "result"):
            yield from _walk(node.comp.get(key))
    else:
        yield from _walk(node.target)
        for a in node.args:
            yield from _walk(a)
        for k, v in node.entries:
            yield from _walk(k)
            yield from _walk(v)
    yield node


def _positions(checked: _Checked) -> dict[int, int]:
    """Expression id -> code point offset (cel.expr.SourceInfo.positions)."""
    out: dict[int, int] = {}
    info = _get(checked.fields, 5)
    if info is None:
        return out
    for entry in _all(_decode(info), 4):
        e = _decode(entry)
        v = _get(e, 2, 0)
        out[_get(e, 1, 0)] = v - (1 << 64) if v >= 1 << 63 else v
    return out


def _issue_at(expression: str, offset: int, message: str) -> str:
    """One error as cel-go's ``Error.ToDisplayString`` prints it (common/error.go)."""
    offset = max(0, min(offset, len(expression)))
    line = expression.count("\n", 0, offset) + 1
    start = expression.rfind("\n", 0, offset) + 1
    end = expression.find("\n", offset)
    snippet = expression[start:end if end >= 0 else len(expression)].replace("\t", " ")
    col = offset - start
    marks = "".join("\uff0e" if len(c.encode()) > 1 else "." for c in snippet[:col])
    here = snippet[col:col + 1]
    marks += "\uff3e" if here and len(here.encode()) > 1 else "^"
    return f"ERROR: <input>:{line}:{col + 1}: {message}\n | {snippet}\n | {marks}"


def _regex_literal_issues(expression: str, checked: _Checked) -> str:
    """The base env's AST validators (environment/base.go, since 1.29):
    ``ValidateRegexLiterals``, ``ValidateDurationLiterals`` and ``ValidateTimestampLiterals``
    (cel-go cel/validator.go formatValidator): a constant argument 0 of ``matches``,
    ``duration`` and ``timestamp`` calls must be valid, else ``invalid <fn> argument`` at
    the literal. Argument 0 as cel-go's AST holds it: the pattern of ``s.matches(p)`` and,
    as upstream does, the subject of the global ``matches(s, p)``."""
    positions: dict[int, int] | None = None
    issues: list[tuple[int, str]] = []
    for node in _walk(checked.root):
        if node.kind != "call" or node.name not in _LITERAL_CHECKS or not node.args:
            continue
        lit = node.args[0]
        if lit.kind != "const" or not isinstance(lit.const, str):
            continue
        if not _LITERAL_CHECKS[node.name](lit.const):
            if positions is None:
                positions = _positions(checked)
            issues.append((positions.get(lit.id, 0), f"invalid {node.name} argument"))
    issues.sort()
    return "\n".join(_issue_at(expression, off, msg) for off, msg in issues)


def _regex_ok(pattern: str) -> bool:
    try:
        compile_go(pattern)
    except RegexError:
        return False
    return True


_GO_DURATION = re.compile(r"[-+]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:ns|us|\u00b5s|\u03bcs|ms|s|m|h))+")
_GO_DURATION_UNIT = {"ns": 1, "us": 10**3, "\u00b5s": 10**3, "\u03bcs": 10**3, "ms": 10**6,
                     "s": 10**9, "m": 60 * 10**9, "h": 3600 * 10**9}


def _duration_ok(text: str) -> bool:
    """Go's ``time.ParseDuration`` accepts ``text`` (int64 nanoseconds)."""
    if text in ("0", "+0", "-0"):
        return True
    if not _GO_DURATION.fullmatch(text):
        return False
    total = 0
    for num, unit in re.findall(r"([0-9]*\.?[0-9]*)(ns|us|\u00b5s|\u03bcs|ms|s|m|h)", text.lstrip("+-")):
        whole, _, frac = num.partition(".")
        scale = _GO_DURATION_UNIT[unit]
        total += int(whole or "0") * scale + (int(frac) * scale // 10 ** len(frac) if frac else 0)
        if total > 2**63 - 1:
            return False
    return True


_RFC3339 = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?"
                      r"(Z|[+-]([0-9]{2}):([0-9]{2}))")


def _timestamp_ok(text: str) -> bool:
    """Go's ``time.Parse(time.RFC3339, text)`` accepts it and the year is 1..9999 (cel-go)."""
    import calendar
    m = _RFC3339.fullmatch(text)
    if not m:
        return False
    year, month, day, hour, minute, sec = (int(m.group(i)) for i in range(1, 7))
    if not (1 <= month <= 12 and 1 <= day <= calendar.monthrange(max(year, 1), month)[1]
            and hour < 24 and minute < 60 and sec < 60):
        return False
    if m.group(9) is not None and (int(m.group(9)) >= 24 or int(m.group(10)) >= 60):
        return False
    return 1 <= year <= 9999


_LITERAL_CHECKS = {"matches": _regex_ok, "duration": _duration_ok, "timestamp": _timestamp_ok}


def _conversion_error(node: _Node) -> str:
    """cel-go's planner folds type conversions of constants (interpreter.Optimize,
    maybeOptimizeConstUnary); a conversion of a string literal that fails is the error of
    ``env.Program``: ``type conversion error from 'string' to '<type>'`` (common/types/string.go)."""
    if node.kind != "call" or node.target is not None or len(node.args) != 1:
        return ""
    arg = node.args[0]
    if arg.kind != "const" or not isinstance(arg.const, str) or node.name not in _STRING_CONVERSIONS:
        return ""
    if _STRING_CONVERSIONS[node.name](arg.const):
        return ""
    return f"type conversion error from 'string' to '{node.name}'"


def _go_int(text: str) -> bool:
    return bool(re.fullmatch(r"[+-]?[0-9]+", text)) and -(2**63) <= int(text) < 2**63


def _go_uint(text: str) -> bool:
    return bool(re.fullmatch(r"[0-9]+", text)) and int(text) < 2**64


def _go_float(text: str) -> bool:
    """``strconv.ParseFloat(text, 64)`` succeeds (decimal and hex forms, inf/nan; out of range
    is an error in Go)."""
    t = text.lower()
    if re.fullmatch(r"[+-]?(inf|infinity|nan)", t):
        return not (t.lstrip("+-") == "nan" and t[:1] in "+-")
    dec = r"[+-]?(?:[0-9](?:_?[0-9])*\.?(?:[0-9](?:_?[0-9])*)?|\.[0-9](?:_?[0-9])*)(?:e[+-]?[0-9]+)?"
    hexf = r"[+-]?0x(?:[0-9a-f](?:_?[0-9a-f])*\.?(?:[0-9a-f](?:_?[0-9a-f])*)?|\.[0-9a-f]+)p[+-]?[0-9]+"
    if re.fullmatch(hexf, t):
        return True
    if not re.fullmatch(dec, t) or "_" in t:  # underscores only with a base prefix
        return False
    try:
        return math.isfinite(float(t))
    except (ValueError, OverflowError):
        return False


_STRING_CONVERSIONS = {
    "int": _go_int, "uint": _go_uint, "double": _go_float,
    "bool": lambda t: t in ("1", "t", "T", "TRUE", "true", "True", "0", "f", "F", "FALSE", "false", "False"),
}


def _constant_regex_error(root: _Node) -> str:
    """The error ``env.Program`` returns for a constant pattern that does not compile (and
    for a constant type conversion that fails, see ``_conversion_error``).

    The base env plans with ``OptOptimize`` (cel-go's MatchesRegexOptimization) and the
    Kubernetes regex library adds ``OptimizeRegex(FindRegexOptimization,
    FindAllRegexOptimization)``: each compiles the constant pattern at argument index 1 of
    the interpreter's call (the target counts as argument 0), so the program cannot be
    built; the DRA compiler reports ``program instantiation failed: <err>`` (Internal).
    """
    for node in _walk(root):
        folded = _conversion_error(node)
        if folded:
            return folded
        if node.kind != "call" or node.name not in ("matches", "find", "findAll"):
            continue
        args = ([node.target] if node.target is not None else []) + node.args
        if len(args) < 2 or args[1].kind != "const" or not isinstance(args[1].const, str):
            continue
        try:
            compile_go(args[1].const)
        except RegexError as e:
            return str(e)
    return ""


def _issues(msg: str, expression: str = "", dyn_attributes: bool = False) -> str:
    """cel-cpp's status text -> cel-go's ``Issues.String()``, with cel-go's wording.

    cel-cpp and cel-go share the parser grammar and most checker texts; where they differ
    the text is rewritten as cel-go's checker/errors.go words it:
    ``undefined field 'x'`` (cel-cpp adds "not found in struct ..."), ``type 'string' does
    not support field selection`` (cel-cpp: "expression of type ... cannot be the operand
    of a select operation"), and a member call's signature ``'string.(int)'`` (cel-go's
    formatFunctionDeclType; cel-cpp lists the receiver among the arguments). The device's
    maps are named with the environment's attribute type (``any``, or ``dyn`` with
    ``dyn_attributes``).
    """
    msg = re.sub(r"^INVALID_ARGUMENT: ", "", msg)
    msg = re.sub(r" \[INVALID_ARGUMENT\]$", "", msg.rstrip())
    msg = re.sub(r"undefined field '([^']*)' not found in struct '[^']*'", r"undefined field '\1'", msg)
    msg = re.sub(r"expression of type '([^']*)' cannot be the operand of a select operation",
                 r"type '\1' does not support field selection", msg)
    if expression and "found no matching overload for" in msg:
        msg = _OVERLOAD_ERR.sub(lambda m: _member_signature(m, expression), msg)
        msg = _OVERLOAD_ERR.sub(lambda m: _device_map_types(m, expression, dyn_attributes), msg)
    return _without_cascades(msg)


# cel-go's checker gives an expression whose type check failed the error type and reports
# nothing more about the expressions built on it; cel-cpp goes on ("type '*error*' does not
# support field selection"), so those follow-on errors are dropped.
_ISSUE = re.compile(r"^ERROR: <input>:\d+:\d+: .*(?:\n \| .*)*", re.M)


def _without_cascades(msg: str) -> str:
    issues = [m.group(0) for m in _ISSUE.finditer(msg)]
    if len(issues) < 2:
        return msg
    kept = [i for i in issues if "'*error*'" not in i.split("\n", 1)[0]] or issues[:1]
    return "\n".join(kept)


# The device's maps as cel-go's DRA environment declares them (k8s.io/dynamic-resource-
# allocation cel compile.go): attributes map(string, map(string, any)) (map(string,
# map(string, dyn)) where attributes are DynType, see EnvFeatures), capacity
# map(string, map(string, kubernetes.Quantity)). drakit's cel-cpp environment holds both as
# maps of google.protobuf.Struct, which print as map(string, map(string, dyn)).
_DEVICE_MAP_TYPES = {"attributes": "map(string, map(string, any))",
                     "capacity": "map(string, map(string, kubernetes.Quantity))"}
_DOMAIN_MAP_TYPES = {"attributes": "map(string, any)",
                     "capacity": "map(string, kubernetes.Quantity)"}


def _device_map_types(m: re.Match, expression: str, dyn_attributes: bool = False) -> str:
    """Name ``device.attributes``/``device.capacity`` in a signature as cel-go does, when the
    failing call indexes or compares one of them (the operand text before the error's column)."""
    if "map(string, dyn)" not in m.group(5):
        return m.group(0)
    line, col = int(m.group(2)), int(m.group(3)) - 1
    lines = expression.split("\n")
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    whole = re.search(r"device\.(attributes|capacity)\s*$", text[:col])
    domain = re.search(r"device\.(attributes|capacity)\s*\[[^\]]*\]\s*$", text[:col])
    if dyn_attributes and (whole or domain) is not None and (whole or domain).group(1) == "attributes":
        return m.group(0)  # DynType attributes print as cel-cpp prints them
    types = _split_types(m.group(5))
    if whole is not None:
        types = [_DEVICE_MAP_TYPES[whole.group(1)] if t == "map(string, map(string, dyn))" else t
                 for t in types]
    elif domain is not None:
        types = [_DOMAIN_MAP_TYPES[domain.group(1)] if t == "map(string, dyn)" else t
                 for t in types]
    else:
        return m.group(0)
    return f"{m.group(1)}({', '.join(types)})'"


_OVERLOAD_ERR = re.compile(
    r"^(ERROR: <input>:(\d+):(\d+): found no matching overload for '([^']*)' applied to ')\((.*)\)'$", re.M)


def _split_types(text: str) -> list[str]:
    """``int, map(string, dyn)`` -> ``["int", "map(string, dyn)"]`` (commas at depth 0)."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _member_signature(m: re.Match, expression: str) -> str:
    """Reformat the signature when the failing call is a member call ``x.f(...)``."""
    line, col, name, args = int(m.group(2)), int(m.group(3)) - 1, m.group(4), m.group(5)
    lines = expression.split("\n")
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    before = text[:col].rstrip()
    types = _split_types(args)
    if text[col:col + 1] == "(" and before.endswith(name) and \
            before[:len(before) - len(name)].rstrip().endswith(".") and types:
        return f"{m.group(1)}{types[0]}.({', '.join(types[1:])})'"
    return m.group(0)


def validate_selector_expression(expression: str, path: Path, *, gates: Mapping[str, bool],
                                 stored: bool = False, version: str = "1.37") -> list[FieldError]:
    """Validate a CEL selector as the API server of release ``version`` does at ``path``
    (``...cel.expression``).

    ``stored`` marks an unchanged expression on update: it is compiled in the
    StoredExpressions environment (:func:`stored_expression_features`) without the cost
    check, as upstream's StoredExpressions handling does. A new expression follows the API
    server's gates (:func:`new_expression_features`).
    """
    if len(expression) > CEL_SELECTOR_EXPRESSION_MAX_LENGTH:
        return [too_long(path, CEL_SELECTOR_EXPRESSION_MAX_LENGTH)]
    features = stored_expression_features(gates, version) if stored else new_expression_features(gates)
    result = _compile(expression, *features, not stored)
    if result.error_type == "Invalid":
        return [invalid(path, expression, result.error)]
    if result.error_type:
        return [FieldError("Internal", str(path), detail=result.error)]
    if not stored and result.max_cost > CEL_SELECTOR_EXPRESSION_MAX_COST:
        return [forbidden(path, "too complex, exceeds cost limit")]
    return []


# ---------------------------------------------------------------------------
# Device input


def _attr_value(attr: Mapping[str, Any], list_values: bool = True) -> Any:
    if "int" in attr:
        return int(attr["int"])
    if "bool" in attr:
        return bool(attr["bool"])
    if "string" in attr:
        return str(attr["string"])
    if "version" in attr:
        return semver_value(attr["version"])
    if not list_values:
        raise ValueError("unsupported attribute value")
    if "ints" in attr:
        return [int(x) for x in attr["ints"]]
    if "bools" in attr:
        return [bool(x) for x in attr["bools"]]
    if "strings" in attr:
        return [str(x) for x in attr["strings"]]
    if "versions" in attr:
        return [semver_value(x) for x in attr["versions"]]
    raise ValueError("unsupported attribute value")


@functools.lru_cache(maxsize=65536)
def _capacity_value(value: Any) -> Any:
    """The CEL value of a capacity quantity, parsed once per distinct text (read-only)."""
    return quantity_value(Quantity.of(value))


def _split_name(name: str, driver: str) -> tuple[str, str]:
    domain, sep, ident = name.partition("/")
    return (domain, ident) if sep else (driver, name)


def device_view(driver: str, device: Mapping[str, Any], *, list_values: bool = True) -> dict[str, Any]:
    """The ``device`` variable for a v1 Device dict (attributes, capacity, allowMultipleAllocations).

    Raises CELRuntimeError as upstream's ``CompilationResult.DeviceMatches`` does for an
    attribute it cannot represent: ``attribute <name>: unsupported attribute value``. Without
    ``list_values`` a list-valued attribute is one of those: dynamic-resource-allocation
    v0.36.2 cel/compile.go getAttributeValue returns lists only with
    EnableListTypeAttributes ("This failure then aborts scheduling until ResourceSlices get
    updated"); from 1.37 (5afedd9, kubernetes PR 139395) it returns them whatever the gate.
    Attributes are looked at in the order of the dict (upstream: Go's map order).
    """
    attributes: dict[str, dict[str, Any]] = {}
    for name, attr in (device.get("attributes") or {}).items():
        domain, ident = _split_name(name, driver)
        try:
            value = _attr_value(attr, list_values)
        except ValueError as e:
            raise CELRuntimeError(f"attribute {name}: {e}") from None
        attributes.setdefault(domain, {})[ident] = value
    capacity: dict[str, dict[str, Any]] = {}
    for name, cap in (device.get("capacity") or {}).items():
        domain, ident = _split_name(name, driver)
        value = cap.get("value") if isinstance(cap, Mapping) else cap
        try:
            qv = _capacity_value(value)
        except TypeError:  # unhashable: not cached
            qv = quantity_value(Quantity.of(value))
        capacity.setdefault(domain, {})[ident] = qv
    return {
        "driver": driver,
        "allowMultipleAllocations": bool(device.get("allowMultipleAllocations", False)),
        "attributes": attributes,
        "capacity": capacity,
    }


def selector_expressions(selectors: Sequence[Mapping[str, Any]] | None) -> list[str]:
    """The CEL expressions of a v1 selector list (entries without ``cel`` are skipped)."""
    return [s["cel"]["expression"] for s in selectors or () if isinstance(s.get("cel"), Mapping)]
