"""How a step compares what a scenario expects with what the cluster returned.

Why one module: a Then-step can only fail for the right reason if its comparison is strict
where the sentence says so, and the two backends must be judged by the same rule — so every
comparison a step makes lives here, none in a backend (issue 10 §5).

The rules:

* **Scalars compare by type.** A scenario's expectation is read as YAML
  (``common.scalar`` and the docstrings), so it has a type: ``1`` is a number, ``"1"`` a
  string, ``true`` a boolean, ``null`` null. A number matches only a number of the same value
  (``1`` matches ``1`` and ``1.0``), a string only the same string, a boolean only the same
  boolean. A scenario that expects the *string* "1" writes it quoted (``equal to "1"``, or
  ``count: "1"`` in a docstring); Kubernetes quantities are strings in JSON, so they are always
  written quoted (``memory: "8Gi"``, ``cpu: "2"``).
* **"equal to" means equal** (``equal``): maps have exactly the expected keys, lists exactly
  the expected items in order, scalars as above.
* **"contains" / "includes" means subset** (``contains``): every key of an expected map must
  be present with a contained value, other keys are ignored; lists must have the same length
  and contain element-wise (a list is a value, not a bag: "contains" never lets a list have
  extra items).
* **Causes of a refusal** (``cause_diff``): "these causes" lists causes that must all be
  present; "exactly these causes" is the complete list, compared as a multiset (a cause
  listed twice must be there twice; order is not part of the API).
* **Metric series** (``metric_value``): a series written without labels matches only the
  unlabelled series of that name; a series written with labels matches the one series with
  exactly those labels (in any order), never one with more labels.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

# ---------------------------------------------------------------------------- scalars


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def scalar_equal(actual: Any, expected: Any) -> bool:
    """Equal and of the same kind (number, string, boolean, null); see the module rules."""
    if _number(expected):
        return _number(actual) and actual == expected
    if isinstance(expected, bool):
        return isinstance(actual, bool) and actual is expected
    if expected is None:
        return actual is None
    return type(actual) is type(expected) and actual == expected


def _show(v: Any) -> str:
    """A value as the scenario would write it, so a type mismatch is visible (1 vs "1")."""
    if isinstance(v, str):
        return '"' + v.replace('"', '\\"') + '"'
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    return repr(v)


def _kind(v: Any) -> str:
    if isinstance(v, bool):
        return "boolean"
    if _number(v):
        return "number"
    if isinstance(v, str):
        return "string"
    if v is None:
        return "null"
    if isinstance(v, Mapping):
        return "mapping"
    if isinstance(v, list):
        return "list"
    return type(v).__name__


def _scalar_diff(actual: Any, expected: Any, at: str) -> str:
    where = at or "<value>"
    if _kind(actual) != _kind(expected) and str(actual) == str(expected):
        return (f"{where}: expected the {_kind(expected)} {_show(expected)}, found the "
                f"{_kind(actual)} {_show(actual)} (write it "
                + ('quoted' if isinstance(actual, str) else 'unquoted') + " to expect that)")
    return f"{where}: expected {_show(expected)}, found {_show(actual)}"


# ---------------------------------------------------------------------------- structures


def equal(actual: Any, expected: Any) -> list[str]:
    """Differences where ``actual`` is not exactly ``expected`` (empty when equal)."""
    diffs: list[str] = []
    _compare(actual, expected, "", diffs, exact=True)
    return diffs


def contains(actual: Any, expected: Any) -> list[str]:
    """Differences where ``expected`` is not contained in ``actual`` (maps: subset; lists:
    same length, element-wise containment; scalars by type)."""
    diffs: list[str] = []
    _compare(actual, expected, "", diffs, exact=False)
    return diffs


def _sub(at: str, k: Any) -> str:
    return f"{at}.{k}" if at else str(k)


def _compare(actual: Any, expected: Any, at: str, diffs: list[str], exact: bool) -> None:
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            diffs.append(f"{at or '<root>'}: expected a mapping, found {_show(actual)}")
            return
        for k, v in expected.items():
            if k not in actual:
                diffs.append(f"{_sub(at, k)}: missing (expected {_show(v)})")
            else:
                _compare(actual[k], v, _sub(at, k), diffs, exact)
        if exact:
            for k in actual:
                if k not in expected:
                    diffs.append(f"{_sub(at, k)}: not expected, found {_show(actual[k])}")
    elif isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            diffs.append(f"{at or '<root>'}: expected {len(expected)} items {expected!r}, "
                         f"found {actual!r}")
            return
        for i, (a, e) in enumerate(zip(actual, expected)):
            _compare(a, e, f"{at}[{i}]", diffs, exact)
    elif not scalar_equal(actual, expected):
        diffs.append(_scalar_diff(actual, expected, at))


# ---------------------------------------------------------------------------- causes

def cause_diff(want: list[dict], have: list[dict], exactly: bool) -> tuple[list[dict], list[dict]]:
    """(missing, unexpected): causes listed but not given (as many times as listed), and —
    with ``exactly`` — causes given but not listed. A listed cause names only the columns the
    scenario's table has (``field``, ``reason``, ``message``); those must match exactly."""
    left = list(have)
    missing = []
    for w in want:
        i = next((j for j, h in enumerate(left)
                  if all(h.get(k, "") == v for k, v in w.items())), None)
        if i is None:
            missing.append(w)
        else:
            left.pop(i)
    return missing, (left if exactly else [])


def cause_lines_equal(want: list[str], have: list[str]) -> tuple[list[str], list[str]]:
    """(missing, unexpected) between two lists of ``<field>: <message>`` lines (multisets)."""
    w, h = Counter(want), Counter(have)
    return list((w - h).elements()), list((h - w).elements())


# ---------------------------------------------------------------------------- metrics

_SERIES = re.compile(r"^(?P<name>[a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(?P<labels>.*)\})?$")
_LABEL = re.compile(r'\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(?:,|$)')


def parse_series(text: str) -> tuple[str, dict[str, str]]:
    """``name{a="x",b="y"}`` -> ("name", {"a": "x", "b": "y"}); a bare name has no labels."""
    m = _SERIES.match(text.strip())
    if not m:
        raise ValueError(f"not a metric series: {text!r} (write name or name{{label=\"v\"}})")
    labels: dict[str, str] = {}
    body = m.group("labels")
    pos = 0
    while body is not None and pos < len(body):
        lm = _LABEL.match(body, pos)
        if not lm or lm.end() == pos:
            raise ValueError(f"cannot read the labels of {text!r} at {body[pos:]!r}")
        labels[lm.group(1)] = lm.group(2)
        pos = lm.end()
    return m.group("name"), labels


_METRIC_TYPES = ("counter", "gauge", "histogram", "summary", "untyped")
_FAMILY_SUFFIXES = ("_bucket", "_sum", "_count")


def metric_samples(exposition: str) -> list[tuple[str, dict[str, str], float]]:
    """The samples of a Prometheus text exposition (format 0.0.4): (name, labels, value); a
    timestamp after the value is ignored. What a Prometheus scrape would refuse is an error
    here too (ValueError naming the line): a line that is neither a comment nor a sample, a
    HELP or TYPE line without its metric name, a TYPE of no known metric type, and a second
    TYPE line for a name or one after that name's samples."""
    out = []
    typed: set[str] = set()
    sampled: set[str] = set()
    for no, raw in enumerate(exposition.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            parts = line[1:].split(None, 2)
            if parts[:1] == ["HELP"] and len(parts) < 2:
                raise ValueError(f"metrics line {no}: a HELP line names no metric: {raw!r}")
            if parts[:1] == ["TYPE"]:
                if len(parts) < 3 or parts[2] not in _METRIC_TYPES:
                    raise ValueError(f"metrics line {no}: a TYPE line needs a metric name and one "
                                     f"of {', '.join(_METRIC_TYPES)}: {raw!r}")
                if parts[1] in typed or parts[1] in sampled:
                    raise ValueError(f"metrics line {no}: a second TYPE line for {parts[1]}, or "
                                     f"one after its samples: {raw!r}")
                typed.add(parts[1])
            continue  # HELP, TYPE and other comments
        if "{" in line:
            cut = line.rfind("}") + 1
            series, rest = line[:cut], line[cut:].split()
        else:
            series, *rest = line.split()
        try:
            if not rest or len(rest) > 2:
                raise ValueError("a sample is a series, a value and an optional timestamp")
            name, labels = parse_series(series)
            value = float(rest[0])
        except ValueError as e:
            raise ValueError(f"metrics line {no} is no sample ({e}): {raw!r}") from None
        sampled.add(name)
        sampled.update(name[: -len(s)] for s in _FAMILY_SUFFIXES if name.endswith(s))
        out.append((name, labels, value))
    return out


def metric_value(exposition: str, series: str) -> float | None:
    """The value of the one series with exactly the name and labels written in ``series``
    (None when the exposition has no such series)."""
    name, labels = parse_series(series)
    for n, lab, value in metric_samples(exposition):
        if n == name and lab == labels:
            return value
    return None
