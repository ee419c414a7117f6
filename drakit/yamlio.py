"""Reading manifests and request bodies: YAML and JSON read the way Kubernetes reads them.

Why its own module: bad input is part of the product, and the same text must mean the
same object in drakit as in kubectl and kube-apiserver.

* YAML is read as sigs.k8s.io/yaml reads it on go-yaml v2 (kubectl and the API server
  alike): YAML 1.1 scalars as go-yaml resolves them (``yes``/``y``/``on`` are booleans, an
  unquoted date stays the string as written, ``1:20`` is a string, ``0x1F`` is 31),
  ``<<`` merge keys, non-string keys converted to strings (``1`` -> ``"1"``,
  ``true`` -> ``"true"``), floats re-read as Go's encoding/json writes them (``2.0`` is
  the JSON integer ``2``), explicit tags checked (``!!int ''`` is ``cannot decode !!null
  `` as a !!int``), aliases expanded under go-yaml's budget (``document contains
  excessive aliasing``: a 482-byte "billion laughs" never becomes a 39 MB object), and
  what JSON cannot carry refused (``json: unsupported value: NaN``).
* JSON is read as sigs.k8s.io/json reads it: NaN/Infinity are syntax errors worded like
  Go's scanner, duplicate keys are kept for the strict decoder (the last value wins),
  numbers keep their text (``1e3`` is not ``1000`` for a Quantity), invalid UTF-8 and
  lone surrogates become U+FFFD.
* Nesting is bounded (MAX_DEPTH): Go's decoders allow 10000 levels, drakit's recursive
  Python code allows fewer; a deeper body is a 400 that says so, never a crash.

``load_documents``/``load_file`` serve ``drakit apply`` and ``Cluster.apply`` (errors name
file and line); ``parse_body`` serves ``drakit serve``'s handler (errors are
``BadRequest`` Statuses worded like kube-apiserver's).
"""

from __future__ import annotations

import decimal
import json
import math
import re
import struct
from pathlib import Path
from typing import Any

import yaml

from drakit.api import errors as E
from drakit.schema.model import MAX_DEPTH, DupDict, RawFloat, go_quote

MAX_MANIFEST_BYTES = 10 * 1024 * 1024
MAX_BODY_BYTES = 3 * 1024 * 1024  # kube-apiserver's default MaxRequestBodyBytes

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class ManifestError(ValueError):
    """A manifest that cannot be read; str() is one line with file:line and the reason."""


class YAMLError(ValueError):
    """What sigs.k8s.io/yaml would return (the text after ``error converting YAML to
    JSON: ``); ``line`` is 1-based when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


# ============================================================================ YAML

_TAG = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL, _TS, _BINARY, _MERGE = (
    _TAG + t for t in ("str", "int", "float", "bool", "null", "timestamp", "binary", "merge"))
_RESOLVABLE = {None, "", _STR, _BOOL, _INT, _FLOAT, _NULL, _TS}

# go-yaml v2 resolve.go: the map of plain scalars with a fixed meaning
_RESOLVE_MAP: dict[str, tuple[str, Any]] = {}
for _v, _tag, _words in (
        (True, _BOOL, "y Y yes Yes YES true True TRUE on On ON"),
        (False, _BOOL, "n N no No NO false False FALSE off Off OFF"),
        (None, _NULL, "~ null Null NULL"),
        (math.nan, _FLOAT, ".nan .NaN .NAN"),
        (math.inf, _FLOAT, ".inf .Inf .INF +.inf +.Inf +.INF"),
        (-math.inf, _FLOAT, "-.inf -.Inf -.INF")):
    for _w in _words.split():
        _RESOLVE_MAP[_w] = (_tag, _v)
_RESOLVE_MAP[""] = (_NULL, None)
_HINT_M = set("yYnNtTfFoO~")
_YAML_STYLE_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\Z")
_DOT_FLOAT = re.compile(r"\.[0-9]+([eE][-+]?[0-9]+)?\Z")
_TIMESTAMP = re.compile(r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ].*)?\Z")


_DIGITS = {2: set("01"), 8: set("01234567"), 10: set("0123456789"),
           16: set("0123456789abcdefABCDEF")}


def _go_parse_int(s: str, unsigned: bool = False) -> int | None:
    """strconv.ParseInt(s, 0, 64) / ParseUint: base prefixes 0x 0o 0b, leading 0 octal."""
    neg = False
    body = s
    if body[:1] in "+-":
        if unsigned:
            return None
        neg = body[0] == "-"
        body = body[1:]
    base = 10
    low = body[:2].lower()
    if low in ("0x", "0o", "0b"):
        base = {"0x": 16, "0o": 8, "0b": 2}[low]
        body = body[2:]
    elif len(body) > 1 and body[0] == "0":
        base, body = 8, body[1:]
    if not body or not set(body) <= _DIGITS[base]:
        return None
    v = int(body, base)
    if neg:
        v = -v
    if unsigned:
        return v if v < 2 ** 64 else None
    return v if -(2 ** 63) <= v < 2 ** 63 else None


def _resolve(tag: str | None, value: str, plain: bool) -> tuple[str, Any]:
    """go-yaml v2 ``resolve``: (resolved tag, value) of a scalar."""
    if not plain and tag in (None, ""):
        return _STR, value
    if tag not in _RESOLVABLE:
        return (tag or _STR), value
    if tag not in (_STR, _BINARY):
        hit = _RESOLVE_MAP.get(value)
        if hit is not None:
            return hit
        c = value[:1]
        if c == ".":
            if _DOT_FLOAT.match(value):
                f = float(value)
                if not math.isinf(f):
                    return _FLOAT, f
        elif c and (c.isdigit() and c.isascii() or c in "+-"):
            if tag in (None, "", _TS) and _TIMESTAMP.match(value):
                return _TS, value
            plain_v = value.replace("_", "")
            iv = _go_parse_int(plain_v)
            if iv is not None:
                return _INT, iv
            uv = _go_parse_int(plain_v, unsigned=True)
            if uv is not None:
                return _INT, uv
            if _YAML_STYLE_FLOAT.match(plain_v):
                f = float(plain_v)
                if not math.isinf(f):  # ParseFloat's range error: stays a string
                    return _FLOAT, f
            for prefix, sign in (("0b", 1), ("-0b", -1)):
                if plain_v.startswith(prefix):
                    digits = plain_v[len(prefix):]
                    if digits and set(digits) <= {"0", "1"}:
                        v = sign * int(digits, 2)
                        if -(2 ** 63) <= v < 2 ** 63:
                            return _INT, v
    return _STR, value


def _short(tag: str) -> str:
    return "!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag


def _scalar(tag: str | None, value: str, plain: bool, line: int) -> Any:
    if tag == "!":
        return value
    rtag, out = _resolve(tag, value, plain)
    if tag not in (None, "", rtag, _STR, _BINARY) and tag in _RESOLVABLE:
        if tag == _FLOAT and rtag == _INT:
            return float(out)
        raise YAMLError(f"yaml: cannot decode {_short(rtag)} `{value}` as a {_short(tag)}",
                        line)
    if tag == _BINARY:
        import base64
        import binascii
        try:
            raw = base64.b64decode(value.replace("\n", "").replace(" ", ""), validate=True)
        except (binascii.Error, ValueError):
            raise YAMLError("yaml: !!binary value contains invalid base64 data", line) from None
        return raw.decode("utf-8", errors="replace")
    return out


class _Node:
    __slots__ = ("kind", "tag", "value", "plain", "line", "anchor")

    def __init__(self, kind: str, tag: Any, value: Any, plain: bool, line: int,
                 anchor: str | None) -> None:
        self.kind, self.tag, self.value, self.plain = kind, tag, value, plain
        self.line, self.anchor = line, anchor


def _compose(text: str) -> list[tuple[_Node | None, int]]:
    """The node graph of every document (aliases point at their anchored node), built
    from the parser's events without recursion and with the nesting bounded."""
    docs: list[tuple[_Node | None, int]] = []
    doc_line = 1
    anchors: dict[str, _Node] = {}
    stack: list[_Node] = []
    root: _Node | None = None
    try:
        for ev in yaml.parse(text, Loader=_Loader):
            t = type(ev)
            line = ev.start_mark.line + 1 if ev.start_mark is not None else 0
            if t is yaml.ScalarEvent:
                node = _Node("scalar", ev.tag, ev.value,
                             bool(ev.implicit and ev.implicit[0]) and not ev.style, line,
                             ev.anchor)
            elif t is yaml.AliasEvent:
                target = anchors.get(ev.anchor)
                if target is None:
                    raise YAMLError(f"yaml: unknown anchor '{ev.anchor}' referenced", line)
                node = _Node("alias", None, target, False, line, ev.anchor)
            elif t is yaml.SequenceStartEvent or t is yaml.MappingStartEvent:
                node = _Node("seq" if t is yaml.SequenceStartEvent else "map", ev.tag, [],
                             False, line, ev.anchor)
                if len(stack) >= MAX_DEPTH:
                    raise YAMLError(f"yaml: exceeded max depth of {MAX_DEPTH} (drakit's "
                                    "limit; go-yaml's is 10000)", line)
                if ev.anchor:
                    anchors[ev.anchor] = node
                if stack:
                    stack[-1].value.append(node)
                else:
                    root = node
                stack.append(node)
                continue
            elif t is yaml.SequenceEndEvent or t is yaml.MappingEndEvent:
                stack.pop()
                continue
            elif t is yaml.DocumentStartEvent:
                anchors, root, doc_line = {}, None, line
                continue
            elif t is yaml.DocumentEndEvent:
                docs.append((root, doc_line))
                continue
            else:
                continue
            if node.kind == "scalar" and ev.anchor:
                anchors[ev.anchor] = node
            if stack:
                stack[-1].value.append(node)
            else:
                root = node
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        reason = _go_yaml_reason(e.problem or e.context or "cannot parse")
        raise YAMLError(f"yaml: line {mark.line + 1}: {reason}" if mark else
                        f"yaml: {reason}", mark.line + 1 if mark else None) from None
    except yaml.YAMLError as e:
        raise YAMLError(f"yaml: {e}") from None
    return docs


_PYYAML_TO_GO = (
    ("mapping values are not allowed here", "mapping values are not allowed in this context"),
    ("could not find expected ':'", "could not find expected ':'"),
    ("found character that cannot start any token",
     "found character that cannot start any token"),
    ("found a tab character", "found a tab character that violates indentation"),
)


def _go_yaml_reason(problem: str) -> str:
    for py, go in _PYYAML_TO_GO:
        if problem.startswith(py):
            return go
    if problem.startswith("expected <block end>") or \
            problem.startswith("expected ',' or ']'") or problem.startswith("expected ',' or '}'"):
        return "did not find expected key" if "block" in problem else \
            f"did not find expected {problem[9:12]} or {problem[-3:]}"
    return problem


# go-yaml v2 decode.go alias budget (CVE-2019-11253, the fix kube-apiserver relies on)
_ALIAS_LOW, _ALIAS_HIGH = 400_000, 4_000_000


def _allowed_alias_ratio(decodes: int) -> float:
    if decodes <= _ALIAS_LOW:
        return 0.99
    if decodes >= _ALIAS_HIGH:
        return 0.10
    return 0.99 - 0.89 * ((decodes - _ALIAS_LOW) / (_ALIAS_HIGH - _ALIAS_LOW))


class _Builder:
    """Nodes -> JSON values, as go-yaml v2 unmarshals into interface{} and sigs.k8s.io/yaml
    converts the result to JSON."""

    def __init__(self, strict: bool) -> None:
        self.decodes = 0
        self.aliases = 0
        self.alias_depth = 0
        self.active: set[int] = set()
        self.strict = strict
        self.dup_errors: list[str] = []

    def _count(self) -> None:
        self.decodes += 1
        if self.alias_depth:
            self.aliases += 1
        if self.aliases > 100 and self.decodes > 1000 and \
                self.aliases / self.decodes > _allowed_alias_ratio(self.decodes):
            raise YAMLError("yaml: document contains excessive aliasing")

    def build(self, node: _Node, depth: int = 0) -> Any:
        self._count()
        kind = node.kind
        if kind == "scalar":
            v = _scalar(node.tag, node.value, node.plain, node.line)
            return go_json_float(v) if type(v) is float else v
        if depth > MAX_DEPTH:
            raise YAMLError(f"yaml: exceeded max depth of {MAX_DEPTH} (drakit's limit; "
                            "go-yaml's is 10000)", node.line)
        if kind == "alias":
            target = node.value
            if id(target) in self.active:
                raise YAMLError(f"yaml: anchor '{node.anchor}' value contains itself",
                                node.line)
            self.active.add(id(target))
            self.alias_depth += 1
            try:
                return self.build(target, depth)
            finally:
                self.alias_depth -= 1
                self.active.discard(id(target))
        if kind == "seq":  # a loop, not a comprehension: one frame per level of nesting
            items = []
            for child in node.value:
                items.append(self.build(child, depth + 1))
            return items
        out: dict[str, Any] = {}
        seen: set[tuple[str, Any]] = set()
        self._mapping(node, out, seen, depth)
        return out

    def _mapping(self, node: _Node, out: dict, seen: set, depth: int) -> None:
        items = node.value
        for i in range(0, len(items) - 1, 2):
            knode, vnode = items[i], items[i + 1]
            if knode.kind == "scalar" and knode.value == "<<" and (
                    knode.plain or knode.tag == _MERGE):
                self._merge(vnode, out, depth)
                continue
            self._count()
            key = self.build(knode, depth + 1) if knode.kind != "scalar" else \
                _scalar(knode.tag, knode.value, knode.plain, knode.line)
            if isinstance(key, (list, dict)):
                raise YAMLError(f"yaml: invalid map key: {_go_repr(key)}", knode.line)
            ident = (type(key).__name__, key if not (isinstance(key, float) and
                                                     math.isnan(key)) else "nan")
            if self.strict and ident in seen:
                self.dup_errors.append(f"line {knode.line}: key {_go_repr(key)} already set "
                                       "in map")
            seen.add(ident)
            out[_json_key(key, vnode)] = self.build(vnode, depth + 1)

    def _merge(self, vnode: _Node, out: dict, depth: int) -> None:
        # go-yaml v2 decoder.merge: a map, an alias of a map, or a sequence of those
        # (applied last to first, so earlier ones win); merged keys overwrite earlier keys
        def want_map() -> YAMLError:
            return YAMLError("yaml: map merge requires map or sequence of maps as the value",
                             vnode.line)

        def target(n: _Node) -> _Node:
            return n.value if n.kind == "alias" else n

        if target(vnode).kind == "map":
            self._merge_one(vnode, out, depth)
        elif vnode.kind == "seq":
            for child in reversed(vnode.value):
                if target(child).kind != "map":
                    raise want_map()
                self._merge_one(child, out, depth)
        else:
            raise want_map()

    def _merge_one(self, node: _Node, out: dict, depth: int) -> None:
        value = self.build(node, depth + 1)
        out.update(value)


def _go_repr(v: Any) -> str:
    """fmt's %#v for the values go-yaml builds."""
    if isinstance(v, str):
        return go_quote(v)
    if v is None:
        return "<nil>"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[]interface {}{" + ", ".join(_go_repr(x) for x in v) + "}"
    if isinstance(v, dict):
        return "map[interface {}]interface {}{" + ", ".join(
            f"{_go_repr(k)}:{_go_repr(x)}" for k, x in v.items()) + "}"
    return str(v)


def _float32_g(f: float) -> str:
    """strconv.FormatFloat(f, 'g', -1, 32) (sigs.k8s.io/yaml turns float keys into this)."""
    if math.isnan(f):
        return ".nan"
    if math.isinf(f):
        return ".inf" if f > 0 else "-.inf"
    f32 = struct.unpack("f", struct.pack("f", f))[0] if abs(f) < 3.5e38 else f
    for digits in range(1, 10):
        s = f"{f32:.{digits}e}" if digits else f"{f32:e}"
        if struct.unpack("f", struct.pack("f", float(s)))[0] == f32:
            break
    mant, exp = s.split("e")
    e = int(exp)
    mant = mant.rstrip("0").rstrip(".") if "." in mant else mant
    if e < -4 or e >= 6:
        return f"{mant}e{'+' if e >= 0 else '-'}{abs(e):02d}"
    return format(decimal.Decimal(f"{mant}e{e}"), "f")


def _json_key(key: Any, vnode: _Node) -> str:
    """sigs.k8s.io/yaml convertToJSONableObject: the map key as a string."""
    if isinstance(key, str):
        return key
    if isinstance(key, bool):
        return "true" if key else "false"
    if isinstance(key, int):
        if key >= 2 ** 63:  # a uint64 key: not in sigs.k8s.io/yaml's switch
            raise YAMLError(f"unsupported map key of type: uint64, key: {key}", vnode.line)
        return str(key)
    if isinstance(key, float):
        return _float32_g(key)
    raise YAMLError("unsupported map key of type: %!s(<nil>), key: <nil>", vnode.line)


def go_json_float(f: float) -> int | float:
    """json.Marshal of a float64 read back as sigs.k8s.io/json reads it: NaN/Inf refused,
    an integral value below 1e21 is written without a fraction (a JSON integer), other
    values keep Go's text."""
    if math.isnan(f) or math.isinf(f):
        name = "NaN" if math.isnan(f) else ("+Inf" if f > 0 else "-Inf")
        raise YAMLError(f"json: unsupported value: {name}")
    a = abs(f)
    if a != 0 and (a < 1e-6 or a >= 1e21):
        text = repr(f)
        text = re.sub(r"e([+-])0(\d)$", r"e\1\2", text)
        return RawFloat(text)
    if f == int(f):
        return int(f)
    return RawFloat(format(decimal.Decimal(repr(f)), "f"))


def yaml_to_json_values(text: str, strict: bool = False) -> list[tuple[Any, int, list[str]]]:
    """Every document as (JSON value, first line, strict duplicate-key errors)."""
    out = []
    for root, line in _compose(text):
        if root is None:
            out.append((None, line, []))
            continue
        b = _Builder(strict)
        value = b.build(root)
        out.append((value, line, b.dup_errors))
    return out


# ============================================================================ JSON

def _pairs(pairs: list[tuple[str, Any]]) -> dict:
    d = dict(pairs)
    if len(d) != len(pairs):
        dd = DupDict(d)
        seen: set[str] = set()
        for k, _ in pairs:
            if k in seen:
                dd.dup_keys.append(k)
            seen.add(k)
        return dd
    return d


class _JSONSyntax(ValueError):
    pass


def _constant(name: str) -> Any:
    raise _JSONSyntax(name)


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _quote_char(c: str) -> str:
    """encoding/json quoteChar of the first byte of ``c``."""
    if c == "'":
        return "'\\''"
    if c == '"':
        return "'\"'"
    b = c.encode("utf-8", errors="surrogatepass")[:1]
    if b and b[0] >= 0x80:
        return f"'\\x{b[0]:02x}'"
    q = go_quote(c)
    return "'" + q[1:-1] + "'"


def _go_json_error(msg: str, doc: str, pos: int) -> str:
    """Python's JSONDecodeError -> the text of Go's SyntaxError at the same place."""
    if pos >= len(doc):
        return "unexpected end of JSON input"
    c = doc[pos]
    if msg.startswith("Expecting value"):
        return f"invalid character {_quote_char(c)} looking for beginning of value"
    if msg.startswith("Expecting property name"):
        return f"invalid character {_quote_char(c)} looking for beginning of object key string"
    if msg.startswith("Expecting ':'"):
        return f"invalid character {_quote_char(c)} after object key"
    if msg.startswith("Expecting ','"):
        where = "object key:value pair" if _innermost(doc, pos) == "{" else "array element"
        return f"invalid character {_quote_char(c)} after {where}"
    if msg.startswith("Invalid control character"):
        return f"invalid character {_quote_char(c)} in string literal"
    if msg.startswith("Invalid \\"):
        return f"invalid character {_quote_char(doc[pos + 1] if pos + 1 < len(doc) else c)} " \
               "in string escape code"
    if msg.startswith("Unterminated string"):
        return "unexpected end of JSON input"
    if msg.startswith("Extra data"):
        return f"invalid character {_quote_char(c)} after top-level value"
    return msg


def _innermost(doc: str, pos: int) -> str:
    stack: list[str] = []
    for m in re.finditer(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', doc[:pos]):
        t = m.group()
        if t in "[{":
            stack.append(t)
        elif t in "]}" and stack:
            stack.pop()
    return stack[-1] if stack else ""


_BRACKETS = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _check_depth(raw: bytes) -> None:
    if raw.count(b"{") + raw.count(b"[") <= MAX_DEPTH:
        return
    depth = 0
    for m in _BRACKETS.finditer(raw):
        t = m.group()
        if t in (b"{", b"["):
            depth += 1
            if depth > MAX_DEPTH:
                raise _JSONSyntax(f"exceeded max depth ({MAX_DEPTH} levels in drakit; "
                                  "10000 in kube-apiserver)")
        elif t in (b"}", b"]"):
            depth -= 1


def parse_json(raw: bytes | str) -> Any:
    """sigs.k8s.io/json-like parse; raises ValueError with Go's syntax-error text."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8", errors="surrogatepass")
    _check_depth(raw)
    text = raw.decode("utf-8", errors="replace")
    try:
        value = json.loads(text, object_pairs_hook=_pairs, parse_float=RawFloat,
                           parse_constant=_constant)
    except _JSONSyntax as e:
        name = str(e)
        if name == "NaN":
            raise ValueError("invalid character 'N' looking for beginning of value") from None
        if name == "Infinity":
            raise ValueError("invalid character 'I' looking for beginning of value") from None
        if name == "-Infinity":
            raise ValueError("invalid character 'I' in numeric literal") from None
        raise ValueError(name) from None
    except json.JSONDecodeError as e:
        raise ValueError(_go_json_error(e.msg, e.doc, e.pos)) from None
    except RecursionError:
        raise ValueError(f"exceeded max depth ({MAX_DEPTH} levels in drakit; 10000 in "
                         "kube-apiserver)") from None
    except ValueError as e:  # e.g. an integer with more than 4300 digits
        raise ValueError(f"invalid number: {str(e)[:200]}") from None
    if _SURROGATE_ESCAPE.search(text):
        value = _replace_surrogates(value)
    return value


def _replace_surrogates(v: Any) -> Any:
    if isinstance(v, str):
        return _LONE_SURROGATE.sub("\ufffd", v)
    if isinstance(v, dict):
        out = type(v)({_replace_surrogates(k): _replace_surrogates(x) for k, x in v.items()})
        if isinstance(v, DupDict):
            out.dup_keys = v.dup_keys
        return out
    if isinstance(v, list):
        return [_replace_surrogates(x) for x in v]
    return v


# ============================================================================ bodies

def _summarize(raw: bytes, max_len: int = 30) -> str:
    """apiserver summarizeData: JSON text, or hex for anything else."""
    if not raw:
        return "<empty>"
    if raw[:1] == b"{":
        text = raw[:max_len].decode("utf-8", errors="replace")
        return text + " ..." if len(raw) > max_len else text
    return raw[:max_len].hex() + (" ..." if len(raw) > max_len else "")


def parse_body(raw: bytes, content_type: str, kind: str | None = None) -> Any:
    """A request body as kube-apiserver's serializers read it: JSON or YAML (by media
    type) into a JSON value; ``None`` for an empty body. YAML keeps, on a top-level
    object, the strict error of repeated keys (``DupDict.yaml_error``) for the decoder.

    Errors are ``BadRequest`` (413 beyond 3 MiB, 415 for media types drakit cannot
    read); with ``kind`` the message is the one apiserver's transformDecodeError gives
    for a body it cannot even read the kind of."""
    ctype = (content_type or "application/json").split(";")[0].strip().lower()
    if "protobuf" in ctype or "cbor" in ctype:
        raise E.StatusError(message=f"the body of the request was in an unknown format - "
                                    f"accepted media types include: application/json, "
                                    f"application/yaml ({ctype} is not served by drakit)",
                            reason="UnsupportedMediaType", code=415)
    if len(raw) > MAX_BODY_BYTES:
        raise E.StatusError(message=f"Request entity too large: limit is {MAX_BODY_BYTES}",
                            reason="RequestEntityTooLarge", code=413)
    if not raw.strip():
        return None

    def bad(err: str, json_meta: bool) -> E.BadRequest:
        cause = f"couldn't get version/kind; json parse error: {err}" if json_meta else err
        if kind:
            return E.BadRequest(f"the object provided is unrecognized (must be of type "
                                f"{kind}): {cause} ({_summarize(raw)})")
        return E.BadRequest(f"the body of the request could not be decoded: {cause}")

    if "yaml" in ctype:
        try:
            text = raw.decode("utf-8", errors="replace")
            docs = yaml_to_json_values(text, strict=True)
        except YAMLError as e:
            raise bad(str(e), False) from None
        except RecursionError:
            raise bad(f"yaml: exceeded max depth of {MAX_DEPTH}", False) from None
        if not docs:
            return None
        value, _line, dups = docs[0]  # goyaml.v2 Unmarshal reads the first document
        if dups and isinstance(value, dict):
            value = DupDict(value)
            value.yaml_error = "yaml: unmarshal errors:\n  " + "\n  ".join(dups)
        return value
    try:
        return parse_json(raw)
    except ValueError as e:
        raise bad(str(e), True) from None


# ============================================================================ manifests

def load_documents(text: str, source: str = "<input>") -> list[dict]:
    """Parse every YAML document of ``text``; ``List`` kinds are expanded into their items.

    This is kubectl's side: YAML converted to JSON by sigs.k8s.io/yaml. Repeated keys are
    refused (the API server's strict decoding refuses duplicate fields too)."""
    if len(text.encode("utf-8", errors="replace")) > MAX_MANIFEST_BYTES:
        raise ManifestError(f"{source}: manifest is larger than 10 MiB; split it into "
                            "smaller files")
    try:
        values = yaml_to_json_values(text, strict=True)
    except YAMLError as e:
        msg = str(e)
        if msg.startswith("yaml: line "):
            line, _, reason = msg[len("yaml: line "):].partition(": ")
            raise ManifestError(f"{source}:{line}: invalid YAML: {reason}") from None
        where = f"{source}:{e.line}" if e.line else source
        if msg.startswith("yaml: "):
            raise ManifestError(f"{where}: invalid YAML: {msg[6:]}") from None
        raise ManifestError(f"{where}: error converting YAML to JSON: {msg}") from None
    except RecursionError:
        raise ManifestError(f"{source}: invalid YAML: nested deeper than {MAX_DEPTH} "
                            "levels") from None
    docs: list[dict] = []
    for index, (doc, line, dups) in enumerate(values, start=1):
        if dups:
            first = dups[0]  # "line N: key "a" already set in map"
            n, _, what = first[len("line "):].partition(": ")
            key = what[len("key "):-len(" already set in map")]
            raise ManifestError(f"{source}:{n}: duplicate key {key} in a mapping "
                                "(kube-apiserver's strict decoding refuses duplicate "
                                "fields)")
        if doc is None:
            continue
        if not isinstance(doc, dict):
            kind = "list" if isinstance(doc, list) else type(doc).__name__
            raise ManifestError(
                f"{source}:{line}: document {index} is a {kind}, not a "
                "mapping; every document must be a Kubernetes object "
                "(apiVersion, kind, metadata, ...)")
        if doc.get("kind") == "List" or (
                str(doc.get("kind", "")).endswith("List") and "items" in doc):
            for item in doc.get("items") or []:
                if not isinstance(item, dict):
                    raise ManifestError(f"{source}:{line}: a List item is not a mapping")
                docs.append(item)
        else:
            docs.append(doc)
    return docs


def load_file(path: str | Path) -> list[dict]:
    p = Path(path)
    # a name with a newline or another control character is quoted, so that the error
    # stays on one line
    shown = str(p) if str(p).isprintable() else repr(str(p))
    try:
        size = p.stat().st_size
    except FileNotFoundError:
        raise ManifestError(f"{shown}: no such file") from None
    if size > MAX_MANIFEST_BYTES:
        raise ManifestError(f"{shown}: manifest is larger than 10 MiB ({size} bytes); split it "
                            "into smaller files")
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ManifestError(f"{shown}: not a UTF-8 text file") from None
    except IsADirectoryError:
        raise ManifestError(f"{shown}: is a directory, not a manifest file") from None
    return load_documents(text, shown)


def to_objects(source: Any, name: str = "<input>") -> list[dict]:
    """Accept YAML text, one object, or a list of objects."""
    if isinstance(source, str):
        return load_documents(source, name)
    if isinstance(source, dict):
        return [source]
    if isinstance(source, (list, tuple)):
        out = []
        for i, item in enumerate(source):
            if not isinstance(item, dict):
                raise ManifestError(f"{name}: item {i} is a {type(item).__name__}, not a mapping")
            out.append(item)
        return out
    raise ManifestError(f"{name}: expected YAML text, a mapping or a list of mappings, got "
                        f"{type(source).__name__}")


class _PlainDumper(yaml.SafeDumper):
    """Never writes anchors/aliases: objects that share sub-dicts (flattened mixins, copied
    defaults) print in full, as kubectl would print them."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


_PlainDumper.add_representer(RawFloat, yaml.SafeDumper.represent_float)


def dump(objs: Any, fmt: str = "yaml", many: bool | None = None) -> str:
    """YAML (one document, or one per item of a list when ``many``) or JSON."""
    if fmt == "json":
        return json.dumps(objs, indent=2, sort_keys=False) + "\n"
    if many is None:
        many = isinstance(objs, list)
    try:
        if many:
            return yaml.dump_all(objs, Dumper=_PlainDumper, sort_keys=False,
                                 default_flow_style=False)
        return yaml.dump(objs, Dumper=_PlainDumper, sort_keys=False, default_flow_style=False)
    except RecursionError:
        # PyYAML's representer recurses three frames per level; JSON is YAML too
        docs = objs if many else [objs]
        return "".join(("---\n" if many else "") + json.dumps(d, indent=2) + "\n"
                       for d in docs)
