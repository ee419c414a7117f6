"""JUnit XML: one testcase per scenario (per backend when several), classname = the KEP.

CI dashboards group by classname, so KEP-5004 becomes a "class". Unsupported scenarios are
``<skipped>`` with the reason prefixed "unsupported:" (JUnit has no better word), and each
testcase carries its steps with verdicts in ``system-out`` for readers without the HTML.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from . import model
from .keps import label


def _clean(text: str) -> str:
    """XML 1.0 forbids most control characters; drop them."""
    return "".join(ch for ch in text if ch in "\t\n\r" or ord(ch) >= 0x20)


def render_junit(results: Mapping[str, Any]) -> str:
    r = model.normalize(results)
    cases: list[str] = []
    counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    time_total = 0.0
    for s in r["scenarios"]:
        runs = s["runs"]
        for run in runs:
            counts["tests"] += 1
            v = run.get("verdict", "not run")
            name = s.get("name", "")
            if s.get("example"):
                name += " [" + ", ".join(f"{k}={val}" for k, val in s["example"].items()) + "]"
            if len(runs) > 1:
                name += f" [{run.get('backend', '')}]"
            cls = label(s["kep"]) if s.get("kep") else (s.get("feature") or "drakit")
            dur = float(run.get("duration") or 0.0)
            time_total += dur
            msg = _clean(str(run.get("message") or run.get("reason") or ""))
            out = [f"<testcase classname={quoteattr(cls)} name={quoteattr(_clean(name))} "
                   f"file={quoteattr(s.get('feature_file', ''))} line=\"{s.get('line', 0)}\" "
                   f'time="{dur:.3f}">']
            props = [("tags", " ".join(s.get("tags", []))), ("kep_section", s.get("section", "")),
                     ("backend", run.get("backend", "")), ("verdict", v)]
            out.append("<properties>" + "".join(
                f"<property name={quoteattr(k)} value={quoteattr(_clean(str(val)))}/>"
                for k, val in props if val) + "</properties>")
            if v == "failed":
                counts["failures"] += 1
                out.append(f"<failure message={quoteattr(msg[:500])}>{escape(msg)}</failure>")
            elif v == "error":
                counts["errors"] += 1
                out.append(f"<error message={quoteattr(msg[:500])}>{escape(msg)}</error>")
            elif v in ("skipped", "unsupported", "not run"):
                counts["skipped"] += 1
                out.append(f"<skipped message={quoteattr(v + ': ' + msg[:500])}/>")
            steps = []
            for i, st in enumerate(s.get("steps", [])):
                rs = (run.get("steps") or [])[i] if i < len(run.get("steps") or []) else {}
                steps.append(f"{st.get('keyword', '')} {st.get('text', '')} ... "
                             f"{(rs or {}).get('verdict', 'not run')}")
            if steps:
                out.append(f"<system-out>{escape(_clean(chr(10).join(steps)))}</system-out>")
            out.append("</testcase>")
            cases.append("".join(out))
    attrs = (f'tests="{counts["tests"]}" failures="{counts["failures"]}" '
             f'errors="{counts["errors"]}" skipped="{counts["skipped"]}" '
             f'time="{time_total:.3f}"')
    env = r["environment"]
    suite = quoteattr("drakit-" + "+".join(env.get("backends") or ["reference"]))
    ts = quoteattr(str(env.get("start_time", "")))
    return ("\n".join(['<?xml version="1.0" encoding="utf-8"?>',
                       f'<testsuites name="drakit" {attrs}>',
                       f"<testsuite name={suite} {attrs} timestamp={ts}>", *cases,
                       "</testsuite>", "</testsuites>"]) + "\n")
