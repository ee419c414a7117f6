"""What failed, in a few words: the failing step, what it expected and what it observed.

Why one module for this: the terminal (a FAIL line and pytest's FAILURES section,
steps/reporting.py) and the HTML report ("failures first" at the top, html.py) must tell
the same story from the same ``drakit.results/v1`` records, without the traceback that a
driver author does not need to read an unmet expectation.

It also owns how a check's *expectation* is compared with what was *observed*
(:func:`check_differences`): an observation may state a text check as a key
(``{"reason": "Unschedulable", "starting with": "0/1 nodes are available"}``, recorded by
the "stays pending ... with a message starting with" step) which is not a field of the
observed object; it is evaluated against the observed ``message`` (or the observed text)
instead of being reported as a missing field.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping
from typing import Any

from .objects import differences, path_str

TEXT_CHECKS = ("starting with", "containing")
"""Keys of an expectation that name a text check on the observed message."""


def shorten(text: str, width: int) -> str:
    """One line of at most ``width`` characters, cut between words (`` …`` marks a cut)."""
    flat = " ".join(str(text).split())
    if len(flat) <= width:
        return flat
    cut = textwrap.shorten(flat, width=width, placeholder=" …")
    if cut == "…" or cut.strip() == "…":  # a single word longer than the width
        return flat[: max(width - 2, 1)] + " …"
    return cut


def _text_check(how: str, want: Any, text: Any) -> bool:
    if not isinstance(text, str) or not isinstance(want, str):
        return False
    return text.startswith(want) if how == "starting with" else want in text


def check_differences(expected: Any, actual: Any) -> list[dict]:
    """Like :func:`objects.differences` (``{path, kind, expected, actual}``), with the text
    checks of :data:`TEXT_CHECKS` evaluated instead of compared as fields."""
    if isinstance(expected, Mapping) and any(k in expected for k in TEXT_CHECKS):
        plain = {k: v for k, v in expected.items() if k not in TEXT_CHECKS}
        out = differences(plain, actual) if plain else []
        if isinstance(actual, Mapping):
            path: tuple[Any, ...] = ("message",)
            text = actual.get("message")
        else:
            path, text = (), actual
        for how in TEXT_CHECKS:
            if how in expected and not _text_check(how, expected[how], text):
                out.append({"path": path, "kind": f"not {how}", "expected": expected[how],
                            "actual": text})
        return sorted(out, key=lambda d: path_str(d["path"]))
    return differences(expected, actual)


def _value(v: Any, width: int = 80) -> str:
    return shorten(json.dumps(v, ensure_ascii=False, default=str), width)


def expected_observed(observation: Mapping[str, Any], width: int = 160,
                      most: int = 3) -> tuple[str, str] | None:
    """One line each for what a check expected and what it observed, or None when the
    observation shows no difference (the assertion message then says what went wrong)."""
    exp, act = observation.get("expected"), observation.get("actual")
    if isinstance(exp, (Mapping, list)) and isinstance(act, (Mapping, list)):
        diffs = check_differences(exp, act)
        if not diffs:
            return None
        shown, rest = diffs[:most], len(diffs) - most
        more = f"; (+{rest} more)" if rest > 0 else ""

        each = width if len(shown) == 1 else 80

        def side(key: str) -> str:
            parts = []
            for d in shown:
                where = path_str(d["path"]) or "value"
                how = (" " + d["kind"][4:]) if d["kind"].startswith("not ") and \
                    key == "expected" else ""
                if key == "actual" and d["kind"] == "missing":
                    parts.append(f"{where}: absent")
                else:
                    parts.append(f"{where}{how}: {_value(d[key], each)}")
            return shorten("; ".join(parts) + more, width)
        return side("expected"), side("actual")
    if isinstance(exp, Mapping) and any(k in exp for k in TEXT_CHECKS):
        diffs = check_differences(exp, act)
        if not diffs:
            return None
        d = diffs[0]
        return (shorten(f"{d['kind'][4:]} {_value(d['expected'])}", width),
                shorten(_value(d["actual"], width), width))
    if exp == act:
        return None
    return shorten(_value(exp, width), width), shorten(_value(act, width), width)


def failing_step(scenario: Mapping[str, Any], run: Mapping[str, Any]) -> int | None:
    """Index of the run's first failed or errored step (None: it failed outside a step)."""
    for i, st in enumerate(run.get("steps") or ()):
        if (st or {}).get("verdict") in ("failed", "error"):
            return i
    return None


def summarize(scenario: Mapping[str, Any], run: Mapping[str, Any]) -> dict[str, Any]:
    """``{step, step_line, message, error_type, location, expected, observed}`` for a failed or
    errored run; ``step`` is "" when the failure came from outside the steps."""
    i = failing_step(scenario, run)
    steps = scenario.get("steps") or []
    out: dict[str, Any] = {"step": "", "step_line": None, "message": "", "error_type": "",
                           "location": "", "expected": "", "observed": ""}
    if i is None:
        out["message"] = str(run.get("message") or run.get("reason") or "").strip()
        return out
    st = steps[i] if i < len(steps) else {}
    out["step"] = f"{str(st.get('keyword', '')).strip()} {st.get('text', '')}".strip()
    out["step_line"] = st.get("line")
    rs = (run.get("steps") or [])[i] or {}
    err = rs.get("error") or {}
    if isinstance(err, str):
        err = {"message": err}
    out["message"] = str(err.get("message") or run.get("message") or "").strip()
    out["error_type"] = str(err.get("type") or "")
    out["location"] = str(err.get("location") or "")
    for o in reversed(rs.get("observations") or []):
        eo = expected_observed(o)
        if eo:
            out["expected"], out["observed"] = eo
            lines = [ln.strip() for ln in out["message"].splitlines() if ln.strip()]
            if o.get("actual") in (None, [], {}, "") and len(lines) > 1:
                # nothing of the kind was observed: what was (the message's last line, e.g.
                # the server's answer) says more than an empty value
                out["observed"] = shorten(f"{eo[1]} — {lines[-1]}", 160)
            break
    return out


def failed_runs(scenarios: list[Mapping[str, Any]]) -> list[tuple[Mapping[str, Any],
                                                                  Mapping[str, Any]]]:
    """(scenario, run) for every failed or errored run, in report order."""
    return [(s, r) for s in scenarios for r in s.get("runs") or ()
            if r.get("verdict") in ("failed", "error")]
