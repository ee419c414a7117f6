"""Regular expressions for the DRA CEL environment, with Go ``regexp`` semantics on RE2.

Why: cel-go evaluates ``matches`` and the Kubernetes regex library (``find``,
``findAll``, apiserver/pkg/cel/library/regex.go) with Go's ``regexp`` package, which is
RE2: linear time, no backreferences, no lookaround. Python's ``re`` backtracks, so a
selector like ``s.find("(a+)+$")`` on a 40-character attribute froze ``drakit serve``
(issue 13 item 1), and it accepted patterns the real scheduler refuses. This module uses
Google's RE2 (PyPI ``google-re2``, the binding the RE2 project maintains) and adds what
Go does differently from the C++ library:

* error texts: Go's ``regexp/syntax`` words its errors ``error parsing regexp: <code>:
  `<fragment>``` (regexp/syntax/parse.go ``Error.Error``); RE2's codes are mapped to
  Go's (``missing ]`` -> ``missing closing ]``, ``invalid perl operator`` -> ``invalid or
  unsupported Perl syntax`` ...). The fragment is RE2's, which Go's parser (a port of
  RE2's) reports the same way;
* ``\\C`` (any byte) is RE2-only; Go refuses it as an invalid escape, so do we;
* Go reads ``(?<`` as a named capture, so a lookbehind is an "invalid named capture";
* ``findAll`` follows Go's ``FindAllString``: an empty match right after the previous
  match is dropped (Python's finditer keeps it), and ``n`` limits the count (negative:
  all, 0: none).

Compiled patterns are cached (bounded); RE2's own error logging is switched off.
"""

from __future__ import annotations

import functools
from typing import Any

import re2

__all__ = ["RegexError", "compile_go", "find", "find_all", "go_regex_error"]


class RegexError(ValueError):
    """A pattern Go's regexp.Compile refuses; ``str()`` is Go's error text."""


# RE2 (re2/regexp.cc kErrorStrings, re2.cc) -> Go regexp/syntax ErrorCode strings
_GO_CODES = {
    "unexpected error": "regexp/syntax: internal error",
    "invalid escape sequence": "invalid escape sequence",
    "invalid character class": "invalid character class",
    "invalid character class range": "invalid character class range",
    "missing ]": "missing closing ]",
    "missing )": "missing closing )",
    "unexpected )": "unexpected )",
    "trailing \\": "trailing backslash at end of expression",
    "no argument for repetition operator": "missing argument to repetition operator",
    "invalid repetition size": "invalid repeat count",
    "bad repetition operator": "invalid nested repetition operator",
    "invalid perl operator": "invalid or unsupported Perl syntax",
    "invalid UTF-8": "invalid UTF-8",
    "invalid named capture group": "invalid named capture",
    "pattern too large - compile failed": "expression too large",
    "pattern too large - reverse compile failed": "expression too large",
}

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False


def go_regex_error(re2_message: str, pattern: str) -> str:
    """Go's ``regexp.Compile`` error text for an RE2 error message."""
    for code in sorted(_GO_CODES, key=len, reverse=True):
        if re2_message == code:
            return f"error parsing regexp: {_GO_CODES[code]}: ``"
        if re2_message.startswith(code + ": "):
            return f"error parsing regexp: {_GO_CODES[code]}: `{re2_message[len(code) + 2:]}`"
    return f"error parsing regexp: {re2_message}: `{pattern}`"


def _unescaped_c(pattern: str) -> bool:
    """Whether ``pattern`` has a ``\\C`` escape (a backslash not itself escaped)."""
    i = 0
    n = len(pattern)
    while i < n:
        if pattern[i] == "\\":
            if i + 1 < n and pattern[i + 1] == "C":
                return True
            i += 2
            continue
        i += 1
    return False


@functools.lru_cache(maxsize=1024)
def compile_go(pattern: str) -> Any:
    """``regexp.Compile(pattern)``: a compiled RE2 pattern, or RegexError with Go's text."""
    if _unescaped_c(pattern):
        raise RegexError("error parsing regexp: invalid escape sequence: `\\C`")
    try:
        return re2.compile(pattern, _OPTIONS)
    except re2.error as e:
        msg = e.args[0] if e.args else ""
        if isinstance(msg, bytes):
            msg = msg.decode("utf-8", "replace")
        msg = str(msg)
        if msg in ("invalid perl operator: (?<=", "invalid perl operator: (?<!"):
            # Go (1.22+) reads "(?<" as a named capture "(?<name>": lookbehind is an
            # invalid name there (regexp/syntax parse.go parsePerlFlags)
            rest = pattern[pattern.find(msg[-4:]):]
            end = rest.find(">")
            raise RegexError("error parsing regexp: invalid named capture: "
                             f"`{rest if end < 0 else rest[:end + 1]}`") from None
        raise RegexError(go_regex_error(msg, pattern)) from None


def find(s: str, pattern: str) -> str:
    """``FindString``: the leftmost-first match, or ``""``."""
    m = compile_go(pattern).search(s)
    return m.group(0) if m else ""


def find_all(s: str, pattern: str, n: int = -1) -> list[str]:
    """``FindAllString(s, n)`` (regexp.go ``allMatches``)."""
    rx = compile_go(pattern)
    if n < 0:
        n = len(s) + 1
    out: list[str] = []
    pos, end, prev_end = 0, len(s), -1
    while len(out) < n and pos <= end:
        m = rx.search(s, pos)
        if m is None:
            break
        start, stop = m.span()
        accept = True
        if stop == pos:  # an empty match
            if start == prev_end:  # right after the previous match: ignored
                accept = False
            pos += 1  # on to the next character (Go: the next rune)
        else:
            pos = stop
        prev_end = stop
        if accept:
            out.append(s[start:stop])
    return out
