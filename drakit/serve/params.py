"""Query parameters read the way kube-apiserver's parameter codec reads them.

Why a module: every verb decodes its options (ListOptions, DeleteOptions, ...) from the
query string with ``metav1.ParameterCodec``, and a value that does not convert is a 400
BadRequest whose message is Go's conversion error, e.g.
``strconv.ParseInt: parsing "abc": invalid syntax``; never a 500. The conversions are
k8s.io/apimachinery pkg/runtime/conversion.go (release-1.33): the *first* value of a
repeated parameter counts, integers go through ``strconv.ParseInt(s, 10, 64)``, and a
boolean is false only for "false", "0" or absence (anything else, even "", is true).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import parse_qs

from drakit.api import errors as E

_INT = re.compile(r"[+-]?[0-9]+")
_INT64 = (-(2 ** 63), 2 ** 63 - 1)


class Query(dict):
    """name -> first value (Go's ``url.Values`` conversion takes ``values[0]``); ``all``
    keeps every value for the list-typed options (dryRun)."""

    def __init__(self, values: dict[str, list[str]]) -> None:
        super().__init__({k: vs[0] for k, vs in values.items()})
        self.all = values


def parse(query: str) -> Query:
    return Query(parse_qs(query, keep_blank_values=True))


def parse_int64(text: str) -> int:
    """``strconv.ParseInt(text, 10, 64)`` with Go's error texts."""
    if not _INT.fullmatch(text):
        raise ValueError(f'strconv.ParseInt: parsing "{_go_quote(text)}": invalid syntax')
    n = int(text)
    if not _INT64[0] <= n <= _INT64[1]:
        raise ValueError(f'strconv.ParseInt: parsing "{_go_quote(text)}": value out of range')
    return n


def int64(query: Mapping[str, str], name: str) -> int | None:
    """An optional int64 option (timeoutSeconds, gracePeriodSeconds, limit); 400 if bad."""
    v = query.get(name)
    if v is None:
        return None
    try:
        return parse_int64(v)
    except ValueError as e:
        raise E.BadRequest(str(e)) from None


def boolean(query: Mapping[str, str], name: str) -> bool | None:
    v = query.get(name)
    if v is None:
        return None
    return v.lower() not in ("false", "0")


class GoValue:
    """A bad value that field.Error prints with ``%#v`` (``[]string{"Maybe"}``): not JSON,
    so drakit's FieldError renders it with str()."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GoValue) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


def string_slice(values: list[str]) -> GoValue:
    return GoValue("[]string{" + ", ".join(f'"{_go_quote(v)}"' for v in values) + "}")


#: the options type each verb decodes from its query (handlers/*.go)
OPTIONS_KIND = {"POST": "CreateOptions", "PUT": "UpdateOptions", "PATCH": "PatchOptions",
                "DELETE": "DeleteOptions"}


def dry_run(values: list[str], verb: str) -> bool:
    """dryRun: [] -> False, ["All"] -> True, else 422 on <Verb>Options.meta.k8s.io
    (apimachinery pkg/apis/meta/v1/validation ValidateDryRun)."""
    if not values:
        return False
    if any(v != "All" for v in values):
        raise E.Invalid(OPTIONS_KIND.get(verb, "CreateOptions"), "",
                        [E.not_supported("dryRun", string_slice(values), ["All"])],
                        "meta.k8s.io")
    return True


def _go_quote(s: str) -> str:
    """The inside of Go's %q for the printable ASCII a query parameter usually holds."""
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif 0x20 <= ord(ch) < 0x7F:
            out.append(ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(ch)
    return "".join(out)
