"""Report parts for runs on a live cluster: which cluster, why unsupported, both side by side.

Why apart from html.py: the header rows that name the cluster, the "why unsupported" table
and the reference-vs-cluster columns are computed from ``environment.cluster`` and the runs'
verdicts (docs/report-format.md); keeping them here leaves the rest of the page alone and
lets the terminal summary and results.json use the same numbers.

Disagreement (``--backend=both``) means both backends *ran* the scenario and the
normalised observations differ (steps/compare.py's verdicts ``divergence`` and
``one-side-failed``); a scenario the cluster could not exercise is counted in its own
column, "unsupported on the cluster", never as a disagreement.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import escape
from typing import Any

_KEYS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"needs node access"), "needs node access (no node agent configured)"),
    (re.compile(r"needs a logical clock"), "needs a logical clock (counts retries after "
                                            "exact backoff periods)"),
    (re.compile(r"targets Kubernetes (\S+);"), r"Kubernetes \1 (the cluster runs another "
                                               r"release)"),
    (re.compile(r"needs the feature gate (\w+)=(\w+)"), r"feature gate \1=\2 (the cluster "
                                                        r"runs another value)"),
    (re.compile(r"upgrading or downgrading a live cluster"), "changes the cluster's version"),
    (re.compile(r"component metrics"), "asserts component metrics (not served by a real "
                                       "API server)"),
    (re.compile(r"moves the clock by"), "moves the clock further than the wait timeout"),
    (re.compile(r"extended resource (\S+) is mapped by the cluster's own"),
     r"extended resource \1 mapped by a foreign DeviceClass"),
)


def reason_key(reason: str) -> str:
    """A short, stable group name for an "unsupported" reason (the table's first column)."""
    text = reason.removeprefix("unsupported: ").strip()
    for pat, key in _KEYS:
        m = pat.search(text)
        if m:
            return m.expand(key)
    first = re.split(r"[;:]", text, maxsplit=1)[0].strip()
    return first[:120] or "unsupported (no reason given)"


def _name(s: Mapping[str, Any]) -> str:
    ex = s.get("example")
    return s.get("name", "") + (" [" + ", ".join(str(v) for v in ex.values()) + "]"
                                if ex else "")


def unsupported_table(scenarios: list[Mapping[str, Any]],
                      backend: str | None = None) -> list[dict]:
    """[{reason, count, scenarios}] over the runs that were unsupported (on ``backend``
    when given), most frequent first."""
    groups: dict[str, list[str]] = {}
    for s in scenarios:
        for run in s.get("runs") or ():
            if run.get("verdict") != "unsupported":
                continue
            if backend and run.get("backend") != backend:
                continue
            key = reason_key(run.get("reason") or run.get("message") or "")
            groups.setdefault(key, []).append(_name(s))
    return [{"reason": k, "count": len(v), "scenarios": sorted(set(v))}
            for k, v in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))]


BOTH_COLUMNS = ("agree", "disagree", "unsupported on the cluster", "not compared")


def both_column(s: Mapping[str, Any]) -> str | None:
    """Where a ``--backend=both`` scenario is counted (None for single-backend runs)."""
    runs = {r.get("backend"): r for r in s.get("runs") or ()}
    if not {"reference", "cluster"} <= set(runs):
        return None
    if runs["cluster"].get("verdict") == "unsupported":
        return "unsupported on the cluster"
    cmp = (s.get("comparison") or {}).get("verdict")
    if cmp in ("divergence", "one-side-failed"):
        return "disagree"
    if cmp in ("match", "both-failed"):
        return "agree"
    if cmp is None:  # an older document: verdicts alone
        va, vb = runs["reference"].get("verdict"), runs["cluster"].get("verdict")
        if "unsupported" in (va, vb) or "not run" in (va, vb) or "skipped" in (va, vb):
            return "not compared"
        return "agree" if va == vb else "disagree"
    return "not compared"


def both_counts(scenarios: list[Mapping[str, Any]]) -> dict[str, int]:
    out = dict.fromkeys(BOTH_COLUMNS, 0)
    for s in scenarios:
        col = both_column(s)
        if col:
            out[col] += 1
    return out


# ---------------------------------------------------------------------------- HTML

def header_rows(env: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Rows for the report header that name the cluster (empty on the reference)."""
    c = env.get("cluster")
    if not isinstance(c, Mapping):
        return []
    gates = c.get("gates") or {}
    dra = [f"{k}={'true' if v else 'false'}" for k, v in sorted(gates.items())
           if k.startswith(("DRA", "Dynamic", "KubeletPodResources"))]
    rows = [
        ("cluster", f"{c.get('server', '')} (context {c.get('context', '')})"),
        ("cluster version", f"{c.get('server_version')}"
                            + (" — drakit serve" if c.get("drakit_serve") else "")),
        ("DRA API versions", "; ".join(f"{g}: {', '.join(v)}" for g, v in
                                       (c.get("dra_api_versions") or {}).items()) or "none"),
        ("cluster gates" + (" (inferred)" if c.get("gates_inferred") else ""),
         (", ".join(dra) or "none reported") + f" — {c.get('gates_source', '')}"),
        ("node access", str(c.get("node_access", ""))),
    ]
    rb = c.get("rbac") or {}
    rows.append(("RBAC", f"{len(rb.get('allowed') or [])} rights checked, all granted"
                 if rb.get("checked") else str(rb.get("note", "not checked"))))
    itf = c.get("interference") or {}
    if itf:
        rows.append(("not created by the run",
                     f"{len(itf.get('foreign_nodes') or [])} nodes, "
                     f"{itf.get('foreign_slices', 0)} ResourceSlices (drivers "
                     f"{', '.join(itf.get('foreign_drivers') or []) or '-'}), "
                     f"{len(itf.get('foreign_classes') or [])} DeviceClasses — kept apart: "
                     + " · ".join(itf.get("isolation") or [])))
    return rows


def unsupported_section(r: Mapping[str, Any], anchors: Mapping[str, str] | None = None) -> str:
    """The "why unsupported" table (reason → count → scenarios), or nothing. ``anchors``:
    scenario name -> element id, to link each name to its scenario in the page."""
    anchors = anchors or {}

    def item(n: str) -> str:
        a = anchors.get(n)
        return (f'<li><a href="#{escape(a)}">{escape(n)}</a></li>' if a
                else f"<li>{escape(n)}</li>")
    backend = "cluster" if "cluster" in (r.get("environment") or {}).get("backends", []) \
        else None
    table = unsupported_table(r.get("scenarios") or [], backend)
    forecast = (r.get("environment") or {}).get("unsupported_forecast") or {}
    if not table and not forecast:
        return ""
    rows = "".join(
        f'<tr><td>{escape(t["reason"])}</td><td class="n">{t["count"]}</td><td>'
        f'<details><summary>{len(t["scenarios"])} scenario{"s" if len(t["scenarios"]) != 1 else ""}</summary><ul>'
        + "".join(item(n) for n in t["scenarios"])
        + "</ul></details></td></tr>" for t in table)
    fc = sum(len(v) for v in forecast.values())
    note = (f'<p class="note">Forecast before the run (tags, version and gates alone): '
            f"{fc} scenarios in {len(forecast)} groups.</p>" if forecast else "")
    return ('<section id="unsupported-section"><h2>Why unsupported</h2>'
            '<table id="unsupported"><thead><tr><th scope="col">reason</th>'
            '<th scope="col">count</th><th scope="col">scenarios</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>{note}</section>")


def both_section(r: Mapping[str, Any]) -> str:
    """Reference vs cluster: agree / disagree / unsupported on the cluster / not compared."""
    backends = (r.get("environment") or {}).get("backends") or []
    if not {"reference", "cluster"} <= set(backends):
        return ""
    counts = both_counts(r.get("scenarios") or [])
    cells = "".join(f'<td class="n" data-both="{escape(k)}">{counts[k]}</td>'
                    for k in BOTH_COLUMNS)
    head = "".join(f'<th scope="col">{escape(k)}</th>' for k in BOTH_COLUMNS)
    return ('<section id="both-section"><h2>Reference and cluster side by side</h2>'
            f'<table id="both"><thead><tr>{head}</tr></thead><tbody><tr>{cells}</tr>'
            "</tbody></table><p class=\"note\">“disagree”: both backends ran the scenario "
            "and their normalised observations differ (or one passed and the other failed); "
            "“unsupported on the cluster” is not a disagreement.</p></section>")
