"""One kind's schema compiled into a tree of decoders that walk an object once.

Why compile: every write to drakit's API server is decoded (unknown fields, wrong types,
canonical quantities, zero values of required fields), including the scheduler's and the
controllers' own writes, so the walk must cost little more than the deep copy it
replaces. Each definition of the OpenAPI becomes one node object with its properties
resolved to child nodes; the walk is a method call per value, scalars are checked inline,
and error paths are only built when an error is reported.

What the walk reproduces (kube-apiserver decodes JSON with sigs.k8s.io/json, a fork of
encoding/json, into the Go types of k8s.io/api):

* Type errors as ``UnmarshalTypeError`` words them: ``json: cannot unmarshal string into
  Go struct field DeviceClass.spec of type v1.DeviceClassSpec`` (Struct is the innermost
  struct, Field the path of struct field names without map keys or indices). The first
  type error is kept and decoding goes on; an error of a type with its own UnmarshalJSON
  (Quantity, IntOrString, Time) ends decoding at once and wins, as in decode.go.
* Strict errors (``unknown field "spec.selector"``, ``duplicate field "metadata.name"``)
  with sigs.k8s.io/json's paths (``spec.devices[0].foo``), de-duplicated, at most 100.
  Values of unknown fields are skipped unread, as the Go decoder skips them.
* JSON null: a field, list item or map value that is null takes its zero value.
* Serialisation as Go's encoding/json writes the decoded struct back: quantities in
  canonical form, metav1.Time in UTC seconds, and fields the schema lists as ``required``
  (Go fields without ``omitempty``) present with their zero value (``generation: 0``).
  Required lists, maps, times and raw extensions are left out rather than written as
  ``null`` (the Go value a client decodes is the same nil either way).
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from typing import Any

from drakit.api.quantity import QuantityError, QuantityTooLarge, parse_quantity

STRICT, WARN, IGNORE = "Strict", "Warn", "Ignore"
MAX_STRICT_ERRORS = 100  # sigs.k8s.io/json saveStrictError caps the list at 100
MAX_DEPTH = 200
"""Deepest nesting drakit decodes; Go's JSON and YAML decoders stop at 10000. drakit's
own walks take one Python frame per level, but the libraries it prints and compares
objects with (PyYAML's representer, deepdiff) take three or more: 200 keeps every one of
them far from the interpreter's recursion limit. Only opaque driver parameters can nest
this deep in a kind drakit serves."""


class DecodeError(Exception):
    """The decoder's error text (without the "Kind in version ..." prefix)."""


class RawFloat(float):
    """A JSON number with a fraction or exponent, keeping its text (Go keeps the bytes:
    ``1e3`` is a different Quantity from ``1000``, and ``1.0`` into an int32 is reported
    as ``number 1.0``)."""

    __slots__ = ("raw",)

    def __new__(cls, raw: str) -> RawFloat:
        self = super().__new__(cls, float(raw))
        self.raw = raw
        return self


class DupDict(dict):
    """A JSON object that repeated keys (the last value won, as in Go's decoder).

    ``dup_keys`` are the repeated keys in the order of their repetition; ``yaml_error``
    on a top-level object is the strict error of YAML duplicate keys
    (``yaml: unmarshal errors: ...`` from sigs.k8s.io/yaml YAMLToJSONStrict)."""

    __slots__ = ("dup_keys", "yaml_error")

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.dup_keys: list[str] = []
        self.yaml_error: str | None = None


# ---------------------------------------------------------------------------- context

class Ctx:
    """State of one decode: the first type error, the strict errors."""

    __slots__ = ("type_error", "strict", "seen")

    def __init__(self) -> None:
        self.type_error: str | None = None
        self.strict: list[str] = []
        self.seen: set[str] = set()

    def save_type_error(self, value_desc: str, node: Node, path: Path) -> None:
        if self.type_error is None:
            self.type_error = type_error_text(value_desc, node.go_type, path)

    def strict_error(self, kind: str, path: Path, key: str) -> None:
        if len(self.strict) >= MAX_STRICT_ERRORS:
            return
        prefix = strict_path(path)
        msg = f"{kind} {go_quote(prefix + '.' + key if prefix else key)}"
        if msg not in self.seen:
            self.seen.add(msg)
            self.strict.append(msg)


# A path is a chain of frames (parent, token, owner): token is a field name or map key
# (str) or a list index (int); owner is the node the token selects in. Built per visited
# value as a tuple (cheap); turned into text only for an error.
Path = tuple | None


def strict_path(path: Path) -> str:
    """sigs.k8s.io/json's strictFieldStack: keys joined by ".", indices as "[i]"."""
    parts: list[str] = []
    while path is not None:
        parent, token, _owner = path
        if isinstance(token, int):
            parts.append(f"[{token}]")
        else:
            parts.append(("." if parent is not None else "") + token)
        path = parent
    return "".join(reversed(parts))


def _go_field_context(path: Path) -> tuple[str, str]:
    """(Struct, Field) of encoding/json's errorContext: the innermost struct whose field
    was entered and the struct field names from the root (map keys, indices skipped)."""
    names: list[str] = []
    struct = ""
    while path is not None:
        parent, token, owner = path
        if isinstance(owner, StructNode):
            names.append(token)
            if not struct:
                struct = owner.go_name
        path = parent
    return struct, ".".join(reversed(names))


def type_error_text(value_desc: str, go_type: str, path: Path) -> str:
    struct, fld = _go_field_context(path)
    if struct or fld:
        return (f"json: cannot unmarshal {value_desc} into Go struct field {struct}.{fld} "
                f"of type {go_type}")
    return f"json: cannot unmarshal {value_desc} into Go value of type {go_type}"


def go_quote(s: str) -> str:
    """strconv.Quote for the characters field names use (escapes quotes, controls)."""
    out = ['"']
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\x{ord(ch):02x}")
        elif not ch.isprintable():
            cp = ord(ch)
            out.append(f"\\u{cp:04x}" if cp <= 0xFFFF else f"\\U{cp:08x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def describe(x: Any) -> str:
    """encoding/json's UnmarshalTypeError.Value for a JSON value of the wrong kind."""
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, str):
        return "string"
    if isinstance(x, (int, float)):
        return "number"
    if isinstance(x, (list, tuple)):
        return "array"
    if isinstance(x, dict):
        return "object"
    return type(x).__name__


def number_text(x: int | float) -> str:
    """The JSON text of a number (as it was written, when the parser kept it)."""
    if type(x) is RawFloat:
        return x.raw
    if isinstance(x, float):
        if math.isnan(x) or math.isinf(x):
            raise DecodeError(f"json: unsupported value: {_go_float_name(x)}")
        return repr(x)
    return str(int(x))


def _go_float_name(x: float) -> str:
    return "NaN" if math.isnan(x) else ("+Inf" if x > 0 else "-Inf")


# ---------------------------------------------------------------------------- nodes

class Node:
    """A compiled schema node. ``dec`` returns the decoded (normalised, fresh) value."""

    __slots__ = ("go_type",)
    zero: Any = None  # value written for a required field that is absent (None: omit)

    def dec(self, x: Any, ctx: Ctx, path: Path) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError


class StringNode(Node):
    __slots__ = ()
    zero = ""

    def __init__(self) -> None:
        self.go_type = "string"

    def dec(self, x: Any, ctx: Ctx, path: Path) -> Any:
        if isinstance(x, str):
            return str(x)
        ctx.save_type_error(describe(x), self, path)
        return ""


class BoolNode(Node):
    __slots__ = ()
    zero = False

    def __init__(self) -> None:
        self.go_type = "bool"

    def dec(self, x: Any, ctx: Ctx, path: Path) -> Any:
        if x is True or x is False:
            return x
        ctx.save_type_error(describe(x), self, path)
        return False


class IntNode(Node):
    __slots__ = ("lo", "hi")
    zero = 0

    def __init__(self, bits: int) -> None:
        self.go_type = f"int{bits}"
        self.lo, self.hi = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1

    def dec(self, x: Any, ctx: Ctx, path: Path) -> Any:
        if type(x) is int:
            if self.lo <= x <= self.hi:
                return x
            ctx.save_type_error(f"number {x}", self, path)
            return 0
        if isinstance(x, float):
            # strconv.ParseInt refuses "1.0" and "1e3": Go reports the literal
            ctx.save_type_error(f"number {number_text(x)}", self, path)
            return 0
        if isinstance(x, int) and not isinstance(x, bool):
            return self.dec(int(x), ctx, path)
        ctx.save_type_error(describe(x), self, path)
        return 0


class FloatNode(Node):
    __slots__ = ()
    zero = 0

    def __init__(self) -> None:
        self.go_type = "float64"

    def dec(self, x: Any, ctx: Ctx, path: Path) -> Any:
        if isinstance(x, (int, float)) and not isinstance(x, bool):
            if isinstance(x, float) and (math.isinf(x) or math.isnan(x)):
                if type(x) is RawFloat:  # 1e400: ParseFloat's range error
                    ctx.save_type_error(f"number {x.raw}", self, path)
                    return 0
                raise DecodeError(f"json: unsupported value: {_go_float_name(x)}")
            return float(x) if isinstance(x, float) else int(x)
        ctx.save_type_error(describe(x), self, path)
        return 0


# Quantity.UnmarshalJSON -> ParseQuantity errors (apimachinery pkg/api/resource).
_Q_CACHE: dict[str, str] = {}


class QuantityNode(Node):
    """resource.Quantity: a string or a JSON number; written back canonical."""

    __slots__ = ()
    zero = "0"

    def __init__(self) -> None:
        self.go_type = "resource.Quantity"

    def dec(self, x: Any, ctx: Ctx, path: Path) -> Any:
        if type(x) is str:
            text = x
        elif isinstance(x, bool) or not isinstance(x, (int, float, str)):
            # the raw JSON (true, [..], {..}) is handed to ParseQuantity and fails
            text = "true" if x is True else ("false" if x is False else "\x00")
        else:
            text = x if isinstance(x, str) else number_text(x)
        hit = _Q_CACHE.get(text)
        if hit is not None:
            return hit
        try:
            canon = str(parse_quantity(text.strip(" \t\n\r\v\f")))
        except QuantityTooLarge:
            # apimachinery decodes it; drakit's own bound is the validators' to report, at
            # the field's path (drakit.api.quantity.MAX_DIGITS): keep the text as written
            return text
        except QuantityError as e:
            raise DecodeError(str(e)) from None
        if len(_Q_CACHE) > 20000:
            _Q_CACHE.clear()
        _Q_CACHE[text] = canon
        return canon


class IntOrStringNode(Node):
    """intstr.IntOrString: a string, or a JSON number decoded into an int32."""

    __slots__ = ()
    zero = 0

    def __init__(self) -> None:
        self.go_type = "intstr.IntOrString"

    def dec(self, x: Any, ctx: Ctx, path: Path) -> Any:
        if isinstance(x, str):
            return str(x)
        if type(x) is int and -(2 ** 31) <= x < 2 ** 31:
            return x
        # IntOrString.UnmarshalJSON: json.Unmarshal(value, &intstr.IntVal); the error is
        # an UnmarshalTypeError that the outer decoder fills with its field context.
        if isinstance(x, (int, float)) and not isinstance(x, bool):
            desc = f"number {number_text(x)}"
        else:
            desc = describe(x)
        raise DecodeError(type_error_text(desc, "int32", path))


class TimeNode(Node):
    """metav1.Time / MicroTime: RFC 3339 text, written back in UTC (seconds for Time,
    microseconds for MicroTime), as their MarshalJSON does."""

    __slots__ = ("micro",)

    def __init__(self, micro: bool) -> None:
        self.micro = micro
        self.go_type = "v1.MicroTime" if micro else "v1.Time"

    def dec(self, x: Any, ctx: Ctx, path: Path) -> Any:
        if not isinstance(x, str):
            # UnmarshalJSON: json.Unmarshal(b, &str) -> a type error into "string"
            desc = describe(x)
            raise DecodeError(type_error_text(desc, "string", path))
        if not self.micro and _CANON_TIME.match(x) and _valid_date(x):
            return str(x)
        t = parse_go_rfc3339(str(x))
        t = t.astimezone(_dt.UTC)
        if self.micro:
            return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond:06d}Z"
        return t.strftime("%Y-%m-%dT%H:%M:%SZ")


class AnyNode(Node):
    """runtime.RawExtension, FieldsV1, apiextensions JSON: any JSON value, kept as is
    (only made plain: no tuples, no float subclasses, no NaN, string keys)."""

    __slots__ = ()

    def __init__(self, go_type: str) -> None:
        self.go_type = go_type

    def dec(self, x: Any, ctx: Ctx, path: Path) -> Any:
        depth = 0
        while path is not None:
            depth += 1
            path = path[0]
        return plain_json(x, depth)


class ListNode(Node):
    __slots__ = ("item",)

    def __init__(self, item: Node) -> None:
        self.item = item
        self.go_type = "[]" + item.go_type

    def dec(self, x: Any, ctx: Ctx, path: Path) -> Any:
        if type(x) is not list:
            if isinstance(x, (list, tuple)):
                x = list(x)
            else:
                ctx.save_type_error(describe(x), self, path)
                return None
        item = self.item
        if type(item) is StringNode and all(type(v) is str for v in x):
            return list(x)
        out = []
        for i, v in enumerate(x):
            if v is None:
                out.append(zero_of(item))
            else:
                out.append(item.dec(v, ctx, (path, i, self)))
        return out


class MapNode(Node):
    __slots__ = ("value",)

    def __init__(self, value: Node) -> None:
        self.value = value
        self.go_type = "map[string]" + value.go_type

    def dec(self, x: Any, ctx: Ctx, path: Path) -> Any:
        if not isinstance(x, dict):
            ctx.save_type_error(describe(x), self, path)
            return None
        if type(x) is DupDict and x.dup_keys:
            for k in x.dup_keys:
                ctx.strict_error("duplicate field", path, k)
        value = self.value
        if type(value) is StringNode:
            out = {}
            for k, v in x.items():
                if type(k) is not str:
                    raise DecodeError(_bad_key(k, path))
                if type(v) is str:
                    out[k] = v
                elif v is None:
                    out[k] = ""
                else:
                    out[k] = value.dec(v, ctx, (path, k, self))
            return out
        out = {}
        for k, v in x.items():
            if type(k) is not str:
                raise DecodeError(_bad_key(k, path))
            if v is None:
                out[k] = zero_of(value)
            else:
                out[k] = value.dec(v, ctx, (path, k, self))
        return out


def zero_of(node: Node) -> Any:
    """Go's zero value of a node as encoding/json writes it (None: null / omitted)."""
    if isinstance(node, StructNode):
        return node.zero_value()
    return node.zero


class StructNode(Node):
    """A Go struct: known properties, required fields, unknown-field handling."""

    __slots__ = ("name", "go_name", "props", "required", "written", "fast", "_zero_cache")

    def __init__(self, name: str) -> None:
        self.name = name
        parts = name.split(".")
        self.go_name = parts[-1]
        self.go_type = f"{parts[-2]}.{parts[-1]}" if len(parts) > 1 else name
        self.props: dict[str, Node] = {}
        self.required: tuple[str, ...] = ()
        #: (property, as null) the Go struct always writes: a struct value or a scalar
        #: without omitempty as its zero, a metav1.Time value or (without omitempty) a
        #: pointer, slice or map as null; see compile.py and go_types_data.ZERO_WRITTEN
        self.written: tuple[tuple[str, bool], ...] = ()
        self.fast: dict[str, type] = {}
        self._zero_cache: dict | None = None

    def zero_value(self) -> dict:
        """The struct as Go writes its zero value: ``{}`` plus required zero fields."""
        if self._zero_cache is None:
            self._zero_cache = {}  # recursion guard for self-referencing types
            out: dict[str, Any] = {}
            for k in self.required:
                z = zero_of(self.props[k])
                if z is not None:
                    out[k] = z
            for k, null in self.written:
                out[k] = None if null else zero_of(self.props[k])
            self._zero_cache = out
        return _copy_zero(self._zero_cache)

    def dec(self, x: Any, ctx: Ctx, path: Path) -> Any:
        if type(x) is not dict:
            if not isinstance(x, dict):
                ctx.save_type_error(describe(x), self, path)
                return self.zero_value()
            if type(x) is DupDict and x.dup_keys:
                for k in x.dup_keys:
                    if k in self.props:
                        ctx.strict_error("duplicate field", path, k)
        fast = self.fast
        out: dict[str, Any] = {}
        for k, v in x.items():
            ft = fast.get(k)
            if ft is not None and type(v) is ft and (
                    ft is not int or -9223372036854775808 <= v <= 9223372036854775807):
                out[k] = v
                continue
            node = self.props.get(k)
            if node is None:
                if type(k) is not str:
                    raise DecodeError(_bad_key(k, path))
                ctx.strict_error("unknown field", path, k)
                continue
            if v is None:
                continue
            out[k] = node.dec(v, ctx, (path, k, self))
        if self.required:
            for k in self.required:
                if k not in out:
                    z = zero_of(self.props[k])
                    if z is not None:
                        out[k] = z
        for k, null in self.written:
            if out.get(k) is None:
                out[k] = None if null else zero_of(self.props[k])
        return out


def _copy_zero(d: dict) -> dict:
    return {k: (_copy_zero(v) if isinstance(v, dict) else v) for k, v in d.items()}


def _bad_key(k: Any, path: Path) -> str:
    where = strict_path(path)
    return (f"json: unsupported map key of type {type(k).__name__}: {k!r}"
            + (f" (in {where})" if where else "") + "; object keys must be strings")


def plain_json(x: Any, depth: int = 0) -> Any:
    """A fresh JSON value: dict/list/str/int/float/bool/None only, string keys, finite."""
    t = type(x)
    if t is str or t is int or t is bool or x is None:
        return x
    if t is float:
        if math.isnan(x) or math.isinf(x):
            raise DecodeError(f"json: unsupported value: {_go_float_name(x)}")
        return x
    if depth > MAX_DEPTH:
        raise DecodeError(f"json: exceeded max depth ({MAX_DEPTH} levels in drakit; 10000 "
                          "in kube-apiserver)")
    if isinstance(x, dict):
        out = {}
        for k, v in x.items():
            if not isinstance(k, str):
                raise DecodeError(_bad_key(k, None))
            out[str(k)] = plain_json(v, depth + 1)
        return out
    if isinstance(x, (list, tuple)):
        items = []  # a loop, not a comprehension: one frame per level of nesting
        for v in x:
            items.append(plain_json(v, depth + 1))
        return items
    if isinstance(x, str):
        return str(x)
    if isinstance(x, bool):
        return bool(x)
    if isinstance(x, int):
        return int(x)
    if isinstance(x, float):
        if type(x) is RawFloat and (math.isinf(x) or math.isnan(x)):
            raise DecodeError(f"json: cannot unmarshal number {x.raw} into Go value of "
                              "type float64")
        return plain_json(float(x))
    raise DecodeError(f"json: unsupported type: {type(x).__name__}")


# ---------------------------------------------------------------------------- time

_CANON_TIME = re.compile(r"\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):"
                         r"[0-5]\d:[0-5]\dZ\Z")
_VALID_DATES: dict[str, bool] = {}


def _valid_date(s: str) -> bool:
    day = s[:10]
    ok = _VALID_DATES.get(day)
    if ok is None:
        try:
            _dt.date(int(s[:4]), int(s[5:7]), int(s[8:10]))
            ok = True
        except ValueError:
            ok = False
        if len(_VALID_DATES) < 10000:
            _VALID_DATES[day] = ok
    return ok


_LAYOUT = "2006-01-02T15:04:05Z07:00"


def parse_go_rfc3339(value: str) -> _dt.datetime:
    """time.Parse(time.RFC3339, value) with Go's error texts (time.ParseError)."""
    q = go_quote(value)
    lq = go_quote(_LAYOUT)

    def cannot(rest: str, elem: str) -> DecodeError:
        return DecodeError(f"parsing time {q} as {lq}: cannot parse {go_quote(rest)} as "
                           f"{go_quote(elem)}")

    def rng(what: str) -> DecodeError:
        return DecodeError(f"parsing time {q}: {what} out of range")

    s = value
    fields: list[int] = []
    # (layout element, digits, separator that follows in the layout)
    for elem, n, sep in (("2006", 4, "-"), ("01", 2, "-"), ("02", 2, "T"), ("15", 2, ":"),
                         ("04", 2, ":"), ("05", 2, "")):
        if len(s) < n or not s[:n].isdigit() or not s[:n].isascii():
            raise cannot(s, elem)
        fields.append(int(s[:n]))
        s = s[n:]
        if sep:
            if not s.startswith(sep):
                raise cannot(s, sep)
            s = s[1:]
    frac = 0
    if s[:1] in (".", ","):
        i = 1
        while i < len(s) and s[i].isdigit():
            i += 1
        digits = s[1:i]
        if not digits:
            raise cannot(s, "Z07:00")
        frac = int((digits + "000000")[:6])
        s = s[i:]
    if s.startswith("Z"):
        tz = _dt.UTC
        s = s[1:]
    elif s[:1] in ("+", "-") and len(s) >= 6 and s[1:3].isdigit() and s[3] == ":" and \
            s[4:6].isdigit():
        hours, minutes = int(s[1:3]), int(s[4:6])
        if hours > 24 or minutes > 60:
            raise rng("time zone offset")
        off = _dt.timedelta(hours=hours, minutes=minutes)
        tz = _dt.timezone(-off if s[0] == "-" else off)
        s = s[6:]
    else:
        raise cannot(s, "Z07:00")
    if s:
        raise DecodeError(f"parsing time {q}: extra text: {go_quote(s)}")
    year, month, day, hour, minute, second = fields
    if not 1 <= month <= 12:
        raise rng("month")
    if hour > 23:
        raise rng("hour")
    if minute > 59:
        raise rng("minute")
    if second > 59:
        raise rng("second")
    try:
        return _dt.datetime(year, month, day, hour, minute, second, frac, tzinfo=tz)
    except ValueError:
        raise rng("day") from None
