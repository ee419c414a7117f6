"""Per-KEP history across runs: did something regress since the last run?

Why: a driver author reruns the suite after every driver change; the question is "what got
worse", not "what is the state". When the reports directory holds earlier runs, each run's
per-KEP counts (passed, failed, unsupported, other) are gathered into the new run's
results.json (``history``, oldest first) and drawn as a small stacked-bar chart per KEP at the
top of the report: a static inline SVG, readable without JavaScript and without fetching
anything.

Only comparable runs count: finished (complete) runs of the same Kubernetes version and
backends, earlier than the current run; at most :data:`MAX_RUNS` of them, and at most
:data:`MAX_SCANNED` run directories are opened (a bound on the work at the end of a run).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import Any

from . import keps as _keps

MAX_RUNS = 12
"""Earlier runs shown per chart (the newest ones)."""
MAX_SCANNED = 40
"""Run directories opened at most while looking for comparable runs."""
SERIES = (("passed", "#1a7f37"), ("failed", "#cf222e"), ("unsupported", "#9a6700"),
          ("other", "#afb8c1"))
"""Stacked from the bottom: passed, failed (error counts here too), unsupported, other
(skipped, not run)."""


def _bucket(verdict: str) -> str:
    if verdict in ("passed", "unsupported"):
        return verdict
    if verdict in ("failed", "error"):
        return "failed"
    return "other"


def run_entry(results: Mapping[str, Any]) -> dict[str, Any]:
    """One run as the chart needs it: ``{run_id, start_time, total, keps: {kep: counts}}``."""
    per: dict[str, dict[str, int]] = {}
    for s in results.get("scenarios") or ():
        counts = per.setdefault(str(s.get("kep") or ""), dict.fromkeys(
            (name for name, _ in SERIES), 0))
        counts[_bucket(str(s.get("verdict", "not run")))] += 1
    env = results.get("environment") or {}
    return {"run_id": str(results.get("run_id", "")), "start_time": env.get("start_time", ""),
            "k8s_version": env.get("k8s_version"), "backends": list(env.get("backends") or []),
            "total": sum(sum(c.values()) for c in per.values()), "keps": per}


def _comparable(old: Mapping[str, Any], new: Mapping[str, Any]) -> bool:
    env_o, env_n = old.get("environment") or {}, new.get("environment") or {}
    return (old.get("status") == "finished" and bool(old.get("complete"))
            and env_o.get("k8s_version") == env_n.get("k8s_version")
            and list(env_o.get("backends") or []) == list(env_n.get("backends") or []))


SIDECAR = "trend.json"
"""Next to each finished run's results.json: its chart entry and what comparability needs,
so that gathering the history reads a few hundred bytes per earlier run instead of parsing
its whole results.json (megabytes for a full suite, up to MAX_SCANNED of them)."""


def sidecar(results: Mapping[str, Any]) -> dict[str, Any]:
    env = results.get("environment") or {}
    return {"schema": str(results.get("schema", "")), "status": results.get("status"),
            "complete": bool(results.get("complete")),
            "environment": {"k8s_version": env.get("k8s_version"),
                            "backends": list(env.get("backends") or [])},
            "entry": run_entry(results)}


def _read_run(d: Path) -> tuple[Mapping[str, Any], dict[str, Any]] | None:
    """(what comparability reads, the chart entry) of one earlier run, or None."""
    try:
        side = json.loads((d / SIDECAR).read_text(encoding="utf-8"))
        if isinstance(side, dict) and isinstance(side.get("entry"), dict):
            return side, side["entry"]
    except (OSError, ValueError):
        pass  # runs written before the sidecar existed, or a torn one: the full file
    try:
        old = json.loads((d / "results.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(old, dict):
        return None
    return old, run_entry(old)


def collect_history(root: Path | str, results: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Entries of the earlier comparable runs under ``root`` (oldest first)."""
    root = Path(root)
    current = str(results.get("run_id", ""))
    try:
        dirs = sorted((d for d in root.iterdir() if d.is_dir() and not d.is_symlink()
                       and d.name != "latest" and d.name < current), reverse=True)
    except OSError:
        return []
    out: list[dict[str, Any]] = []
    for d in dirs[:MAX_SCANNED]:
        found = _read_run(d)
        if found is None:
            continue
        old, entry = found
        if not str(old.get("schema", "")).startswith("drakit.results/") \
                or not _comparable(old, results):
            continue
        out.append(entry)
        if len(out) >= MAX_RUNS:
            break
    return out[::-1]


# ---------------------------------------------------------------------------- HTML

BAR, GAP, HEIGHT = 12, 4, 36


def _svg(kep: str, runs: list[dict[str, Any]]) -> str:
    peak = max([sum(r["keps"].get(kep, {}).values()) for r in runs] + [1])
    width = len(runs) * (BAR + GAP)
    parts = [f'<svg class="trend" width="{width}" height="{HEIGHT + 2}" '
             f'viewBox="0 0 {width} {HEIGHT + 2}" role="img" '
             f'aria-label="{escape(_keps.label(kep))}: results of the last {len(runs)} runs">']
    for i, run in enumerate(runs):
        counts = run["keps"].get(kep, {})
        x = i * (BAR + GAP)
        y = HEIGHT + 1.0
        tip = (f"{run['run_id']}{' (this run)' if run.get('current') else ''}: "
               + ", ".join(f"{counts.get(n, 0)} {n}" for n, _ in SERIES))
        parts.append(f"<g><title>{escape(tip)}</title>")
        if not counts or not sum(counts.values()):
            parts.append(f'<rect x="{x}" y="{HEIGHT}" width="{BAR}" height="1" fill="#d1d9e0"/>')
        for name, color in SERIES:
            n = counts.get(name, 0)
            if not n:
                continue
            h = HEIGHT * n / peak
            y -= h
            parts.append(f'<rect class="t-{name}" x="{x}" y="{y:.2f}" width="{BAR}" '
                         f'height="{h:.2f}" fill="{color}"/>')
        if run.get("current"):
            parts.append(f'<rect x="{x - 1.5}" y="0.5" width="{BAR + 3}" height="{HEIGHT + 1}" '
                         'fill="none" stroke="#1f2328" stroke-width="1"/>')
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def _change(kep: str, prev: dict[str, Any] | None, cur: dict[str, Any]) -> str:
    if prev is None:
        return ""
    a, b = prev["keps"].get(kep, {}), cur["keps"].get(kep, {})
    bits = []
    for name, _ in SERIES:
        d = b.get(name, 0) - a.get(name, 0)
        if d:
            bad = (name == "failed" and d > 0) or (name == "passed" and d < 0)
            bits.append(f'<span class="{"worse" if bad else "delta"}">{name} {d:+d}</span>')
    return " · ".join(bits) if bits else '<span class="same">no change</span>'


def trend_section(r: Mapping[str, Any]) -> str:
    """"Since earlier runs": one chart per KEP, or nothing when there is no history."""
    history = [h for h in r.get("history") or () if isinstance(h, Mapping)]
    if not history:
        return ""
    now = {**run_entry(r), "current": True}
    runs = [*history[-MAX_RUNS:], now]
    prev = runs[-2]
    keps = sorted({k for run in runs for k in run["keps"]}, key=lambda k: (k == "", k))
    rows = []
    for kep in keps:
        counts = now["keps"].get(kep, {})
        summary = " · ".join(f"{counts.get(n, 0)} {n}" for n, _ in SERIES[:3])
        change = _change(kep, prev, now)
        worse = 'class="regressed" ' if 'class="worse"' in change else ""
        rows.append(f'<tr {worse}data-kep="{escape(kep)}"><th scope="row">'
                    f'<a href="#kep-{escape(kep or "other")}">{escape(_keps.label(kep))}</a></th>'
                    f"<td>{_svg(kep, runs)}</td><td>{summary}</td><td>{change}</td></tr>")
    legend = " ".join(f'<span class="legend"><span class="swatch" style="background:{c}">'
                      f"</span>{n}</span>" for n, c in SERIES)
    first = history[0].get("start_time") or history[0].get("run_id", "")
    return ('<section id="trend-section"><h2>Since earlier runs</h2>'
            f'<p class="note">The last {len(runs)} comparable runs in this reports directory '
            f"(same Kubernetes version and backends, finished), oldest first, since "
            f"{escape(str(first))}; the outlined bar is this run.</p><p class=\"note\">{legend}</p>"
            '<table id="trend"><thead><tr><th scope="col">KEP</th><th scope="col">runs</th>'
            '<th scope="col">this run</th><th scope="col">since the previous run</th></tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table></section>')


def with_history(results: Mapping[str, Any], root: Path | str) -> dict[str, Any]:
    """``results`` with ``history`` filled from ``root`` (kept when already present)."""
    if "history" in results:
        return dict(results)
    return {**results, "history": collect_history(root, results)}


__all__ = ["SIDECAR", "collect_history", "run_entry", "sidecar", "trend_section",
           "with_history"]
