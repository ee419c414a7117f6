"""Read the ``Warning`` response headers an API server sends (RFC 7234 §5.5 shape).

kube-apiserver answers a write with ``fieldValidation=Warn`` (and deprecated APIs, and
admission warnings) in ``Warning: 299 - "<text>"`` headers: a three-digit code, an agent,
the text as a quoted string (``"`` and ``\\`` escaped with a backslash, k8s.io/apimachinery
net.NewWarningHeader), an optional quoted date; several warnings are comma-separated in
one header or sent as several headers (which an HTTP client joins with ", ").
client-go's ParseWarningHeaders reads the same shape; this is the harness's reader, kept
apart from the cluster backend so that it can be tested on its own.

A header that does not follow the shape is not dropped: the unreadable rest is returned as
one warning, as it was sent, so a scenario sees that something was said."""

from __future__ import annotations

import re

_ONE = re.compile(r'\s*(\d{3}) +(\S+) +"((?:[^"\\]|\\.)*)"(?: +"[^"]*")?\s*(?:,|$)', re.S)
_ESCAPE = re.compile(r"\\(.)", re.S)


def parse_warning_header(value: str) -> list[str]:
    """The warning texts of one (possibly joined) ``Warning`` header value, in order."""
    out: list[str] = []
    pos, end = 0, len(value)
    while pos < end:
        if not value[pos:].strip():
            break
        m = _ONE.match(value, pos)
        if m is None or m.end() == pos:
            out.append(value[pos:].strip())
            break
        out.append(_ESCAPE.sub(r"\1", m.group(3)))
        pos = m.end()
    return out


def warnings_of(headers: object) -> list[str]:
    """Every warning text of a response's headers (an urllib3 HTTPHeaderDict or a mapping)."""
    values: list[str] = []
    getlist = getattr(headers, "getlist", None)
    if callable(getlist):
        values = [str(v) for v in getlist("Warning")]
    elif hasattr(headers, "get"):
        v = headers.get("Warning")  # type: ignore[union-attr]
        values = [str(v)] if v else []
    out: list[str] = []
    for v in values:
        out += parse_warning_header(v)
    return out
