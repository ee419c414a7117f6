"""The ``drakit.results/v1`` document: constants, small builders and the summaries renderers share.

Why plain dicts and not dataclasses: results.json is the product's stable interface (other
tools read it, ``drakit report`` re-renders it), so the JSON shape *is* the model. This
module only names its parts, fills defaults for documents written by older collectors, and
computes what several renderers need (per-KEP counts, requirement coverage, divergence).
The schema is documented in docs/report-format.md.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
import secrets
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

SCHEMA = "drakit.results/v1"

VERDICTS = ("passed", "failed", "error", "unsupported", "skipped", "not run")
"""Scenario and step verdicts, in the order the report shows them."""

_SEVERITY = {"passed": 0, "skipped": 1, "unsupported": 2, "not run": 3, "failed": 4,
             "error": 5}

SECTION_PATTERNS = (
    re.compile(r'KEP-?\d+\s*"([^"]+)"'),                # KEP-5004 "Device Class API": ...
    re.compile(r"KEP-?\d+\s*§\s*([^:\n]+?)\s*(?::|$)", re.M),  # KEP-5004 §Device Class API:
    re.compile(r"^\s*\[([^\]]+)\]", re.M),              # [Device Class API] ...
    re.compile(r"(?i)\bsection:?\s*\"([^\"]+)\""),      # section "Device Class API"
    re.compile(r"(?i)\bsection:\s*([^\n.;]+)"),         # Section: Device Class API
)


def now_iso() -> str:
    return _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def new_run_id(when: _dt.datetime | None = None) -> str:
    """UTC timestamp + short random suffix: sorts by time, never collides between runs."""
    when = when or _dt.datetime.now(_dt.UTC)
    return when.strftime("%Y%m%dT%H%M%SZ") + "-" + secrets.token_hex(3)


def worst(verdicts: Iterable[str]) -> str:
    """Combine verdicts (several backends, several phases): the most severe wins."""
    vs = list(verdicts)
    if not vs:
        return "not run"
    return max(vs, key=lambda v: _SEVERITY.get(v, 3))


def kep_section(description: str) -> str:
    """The KEP section a scenario cites in its description line (empty when none)."""
    for pat in SECTION_PATTERNS:
        m = pat.search(description or "")
        if m:
            return m.group(1).strip()
    return ""


def kep_of_tags(tags: Iterable[str]) -> str:
    for t in tags:
        m = re.fullmatch(r"(?i)kep-?(\d+)", t)
        if m:
            return m.group(1)
    return ""


def req_tags(tags: Iterable[str]) -> list[str]:
    return sorted(t.split(":", 1)[1] for t in tags if t.startswith("req:"))


def jsonable(v: Any) -> Any:
    """Anything -> JSON-safe (objects we cannot encode become their str())."""
    try:
        json.dumps(v)
        return v
    except (TypeError, ValueError):
        return json.loads(json.dumps(v, default=str))


# ---------------------------------------------------------------------------- requirements

def load_requirements(path: Path | str | None) -> list[dict]:
    """Read features/requirements.yaml; a missing or malformed file yields [] (never fails).

    Accepted shapes: a list of ``{id, kep, section, text}``, or a mapping with a
    ``requirements:`` list, or a mapping ``{KEP: [items]}``.
    """
    if path is None:
        return []
    p = Path(path)
    if not p.is_file():
        return []
    try:
        import yaml

        data = yaml.safe_load(p.read_text(encoding="utf-8"))
    except Exception:  # noqa: BLE001 - a broken list must not break the report
        return []
    items: list = []
    if isinstance(data, list):
        items = data
    elif isinstance(data, Mapping):
        if isinstance(data.get("requirements"), list):
            items = data["requirements"]
        else:
            for key, val in data.items():
                if isinstance(val, list):
                    items.extend({**v, "kep": v.get("kep", key)} for v in val
                                 if isinstance(v, Mapping))
    out = []
    for it in items:
        if not isinstance(it, Mapping) or not it.get("id"):
            continue
        rid = str(it["id"])
        kep = str(it.get("kep") or rid.split("-", 1)[0])
        kep = re.sub(r"(?i)^kep-?", "", kep)
        out.append({"id": rid, "kep": kep, "section": str(it.get("section") or ""),
                    "text": str(it.get("text") or "").strip()})
    return out


# ---------------------------------------------------------------------------- normalizing

def normalize(results: Mapping[str, Any]) -> dict:
    """Fill defaults so renderers can index freely (older or partial documents)."""
    r = dict(results)
    env = dict(r.get("environment") or {})
    env.setdefault("drakit_version", (r.get("tool") or {}).get("version", "unknown"))
    env.setdefault("backends", [r["backend"]] if r.get("backend") else [])
    env.setdefault("k8s_version", r.get("k8s_version", ""))
    env.setdefault("server_version", None)
    env.setdefault("gates", {})
    env.setdefault("start_time", r.get("start_time", ""))
    env.setdefault("duration", r.get("duration", 0.0))
    env.setdefault("command", r.get("command", ""))
    r["environment"] = env
    r.setdefault("schema", SCHEMA)
    r.setdefault("run_id", "")
    r.setdefault("complete", False)
    r.setdefault("status", "finished" if r["complete"] else "incomplete")
    r.setdefault("requirements", [])
    scen = []
    for s in r.get("scenarios") or []:
        s = dict(s)
        s.setdefault("tags", [])
        s.setdefault("kep", kep_of_tags(s["tags"]))
        s.setdefault("description", "")
        s.setdefault("section", kep_section(s["description"]))
        s.setdefault("requirements", req_tags(s["tags"]))
        s.setdefault("steps", [])
        s.setdefault("message", "")
        runs = s.get("runs")
        if not runs:  # a single-backend document without runs: synthesize one
            runs = [{"backend": (env["backends"] or ["reference"])[0],
                     "verdict": s.get("verdict", "not run"), "message": s.get("message", ""),
                     "duration": s.get("duration", 0.0),
                     "steps": [{"verdict": st.get("verdict", "not run"),
                                "error": st.get("error")} for st in s["steps"]],
                     "observations": s.get("observations", [])}]
        s["runs"] = runs
        s.setdefault("verdict", worst(run.get("verdict", "not run") for run in runs))
        s.setdefault("id", s.get("nodeid", s.get("name", "")))
        scen.append(s)
    r["scenarios"] = scen
    r["summary"] = summarize(scen)
    return r


def summarize(scenarios: list[dict]) -> dict:
    counts = dict.fromkeys(VERDICTS, 0)
    for s in scenarios:
        counts[s.get("verdict", "not run")] = counts.get(s.get("verdict", "not run"), 0) + 1
    return {"total": len(scenarios), **counts}


def by_kep(scenarios: list[dict]) -> dict[str, list[dict]]:
    """Scenarios grouped by KEP number (scenarios without a KEP tag under "")."""
    out: dict[str, list[dict]] = {}
    for s in scenarios:
        out.setdefault(s.get("kep") or "", []).append(s)
    return dict(sorted(out.items(), key=lambda kv: (kv[0] == "", kv[0])))


def kep_counts(scenarios: list[dict]) -> dict[str, int]:
    counts = dict.fromkeys(VERDICTS, 0)
    for s in scenarios:
        counts[s["verdict"]] = counts.get(s["verdict"], 0) + 1
    return counts


def divergent(s: Mapping[str, Any]) -> bool:
    """Several backends ran the scenario and disagree (reference vs cluster: by the
    comparison of normalised observations, drakit/report/cluster.py); a side that did not
    run it (unsupported, skipped, not run) is never a disagreement."""
    from .cluster import both_column

    col = both_column(s)
    if col is not None:
        return col == "disagree"
    ran = [r.get("verdict") for r in s.get("runs") or []
           if r.get("verdict") not in ("unsupported", "skipped", "not run")]
    return len(ran) > 1 and len(set(ran)) > 1


def coverage(requirements: list[dict], scenarios: list[dict]) -> dict[str, dict]:
    """Per KEP: requirement -> "passing" | "failing" | "unexercised" | "none".

    passing: at least one scenario tagged ``@req:<id>`` passed; failing: scenarios exist,
    none passed, one failed or errored; unexercised: only skipped/unsupported/not run;
    none: no scenario carries the tag. Tags naming unknown ids are listed under "unknown".
    """
    tagged: dict[str, list[str]] = {}
    for s in scenarios:
        for rid in s.get("requirements") or []:
            tagged.setdefault(rid, []).append(s["verdict"])
    out: dict[str, dict] = {}
    known = set()
    for req in requirements:
        known.add(req["id"])
        vs = tagged.get(req["id"], [])
        if not vs:
            state = "none"
        elif "passed" in vs:
            state = "passing"
        elif any(v in ("failed", "error") for v in vs):
            state = "failing"
        else:
            state = "unexercised"
        k = out.setdefault(req["kep"], {"items": [], "counts": {
            "passing": 0, "failing": 0, "unexercised": 0, "none": 0}, "unknown": []})
        k["items"].append({**req, "state": state, "scenarios": len(vs)})
        k["counts"][state] += 1
    for rid in sorted(set(tagged) - known):
        kep = rid.split("-", 1)[0]
        k = out.setdefault(kep, {"items": [], "counts": {
            "passing": 0, "failing": 0, "unexercised": 0, "none": 0}, "unknown": []})
        k["unknown"].append(rid)
    return out
