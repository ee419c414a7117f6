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
    """UTC timestamp to the millisecond + short random suffix: sorts by time, never collides
    between runs. The trend compares a run with the runs whose ids sort before it, so two runs
    started in the same second must not be ordered by their random suffix (a fast machine
    starts several in one second)."""
    when = when or _dt.datetime.now(_dt.UTC)
    return (when.strftime("%Y%m%dT%H%M%S") + f"{when.microsecond // 1000:03d}Z-"
            + secrets.token_hex(3))


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
    """The KEP number of a scenario, or "platform" for ``@platform`` scenarios."""
    platform = False
    for t in tags:
        m = re.fullmatch(r"(?i)kep-?(\d+)", t)
        if m:
            return m.group(1)
        platform = platform or t.lower() == "platform"
    return "platform" if platform else ""


def req_tags(tags: Iterable[str]) -> list[str]:
    return sorted(t.split(":", 1)[1] for t in tags if t.startswith("req:"))


def clause_tags(tags: Iterable[str]) -> list[str]:
    """``@clause:5004-R03/newest-wins`` -> ["5004-R03/newest-wins"]."""
    return sorted(t.split(":", 1)[1] for t in tags if t.startswith("clause:"))


def kep_test_tags(tags: Iterable[str]) -> list[str]:
    """``@kep-test:<name>``: the KEP Test Plan entries the scenario stands for."""
    return sorted(t.split(":", 1)[1] for t in tags if t.startswith("kep-test:"))


def deviation_tags(tags: Iterable[str]) -> list[str]:
    """``@deviation:kubernetes/kubernetes#141467``: known upstream deviations it pins."""
    return sorted(t.split(":", 1)[1] for t in tags if t.startswith("deviation:"))


def deviation_url(ref: str) -> str:
    """``kubernetes/kubernetes#141467`` -> the upstream issue's address ("" if malformed)."""
    m = re.fullmatch(r"([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)#(\d+)", ref.strip())
    return f"https://github.com/{m.group(1)}/issues/{m.group(2)}" if m else ""


def _vt(v: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in str(v).split("."))
    except ValueError:
        return ()


def not_applicable_at(tags: Iterable[str], default_version: str) -> str | None:
    """The version at which a scenario with these tags cannot exist (its ``@since``/
    ``@until`` exclude its ``@version``, else ``default_version``), or None."""
    tags = list(tags)
    version = next((t.split(":", 1)[1] for t in tags if t.startswith("version:")),
                   default_version)
    if not version:
        return None
    for t in tags:
        kind, _, bound = t.partition(":")
        if kind == "since" and _vt(version) < _vt(bound):
            return version
        if kind == "until" and _vt(version) > _vt(bound):
            return version
    return None


def jsonable(v: Any) -> Any:
    """Anything -> JSON-safe (objects we cannot encode become their str())."""
    try:
        json.dumps(v)
        return v
    except (TypeError, ValueError):
        return json.loads(json.dumps(v, default=str))


# ---------------------------------------------------------------------------- requirements

_YAML_CACHE: dict[tuple[str, int, int], Any] = {}


def _read_yaml(path: Path) -> Any:
    """requirements.yaml, parsed once per process and content (every pytest process reads
    it for requirements and for test plans; with libyaml when PyYAML has it)."""
    import copy

    import yaml

    st = path.stat()
    key = (str(path.resolve()), st.st_mtime_ns, st.st_size)
    if key not in _YAML_CACHE:
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        _YAML_CACHE.clear()
        _YAML_CACHE[key] = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    return copy.deepcopy(_YAML_CACHE[key])


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
        data = _read_yaml(p)
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
        clauses = [{"id": str(c["id"]), "text": str(c.get("text") or "").strip()}
                   for c in it.get("clauses") or () if isinstance(c, Mapping) and c.get("id")]
        out.append({"id": rid, "kep": kep, "section": str(it.get("section") or ""),
                    "text": str(it.get("text") or "").strip(), "clauses": clauses})
    return out


def load_test_plans(path: Path | str | None) -> dict[str, list[dict]]:
    """The ``test_plans:`` block of features/requirements.yaml, keyed by the bare KEP
    number: ``{"5004": [{name, level, text, unmapped?}]}`` ({} when absent or malformed)."""
    if path is None or not Path(path).is_file():
        return {}
    try:
        data = _read_yaml(Path(path))
    except Exception:  # noqa: BLE001 - a broken list must not break the report
        return {}
    plans = data.get("test_plans") if isinstance(data, Mapping) else None
    if not isinstance(plans, Mapping):
        return {}
    out: dict[str, list[dict]] = {}
    for key, entries in plans.items():
        kep = re.sub(r"(?i)^kep-?", "", str(key))
        for e in entries or ():
            if not isinstance(e, Mapping) or not e.get("name"):
                continue
            item = {"name": str(e["name"]), "level": str(e.get("level") or ""),
                    "text": str(e.get("text") or "").strip()}
            if e.get("unmapped"):
                item["unmapped"] = str(e["unmapped"]).strip()
            out.setdefault(kep, []).append(item)
    return out


def suite_scenarios(feature_dir: Path | str | None) -> list[dict]:
    """Every scenario the suite defines (``features/*.feature``): ``{feature_file, name,
    line, tags}`` with the Rule's and Feature's tags. What a run did *not* select is told
    apart from what no scenario covers by this list ([] when the directory is absent)."""
    if feature_dir is None or not Path(feature_dir).is_dir():
        return []
    try:
        from pytest_bdd.feature import get_features
    except ImportError:  # pragma: no cover - the report is rendered without pytest-bdd
        return []
    out = []
    base = Path(feature_dir)
    for feature in get_features([str(base)]):
        rel = f"{base.name}/{Path(feature.filename).name}"
        for sc in feature.scenarios.values():
            tags = set(sc.tags) | set(feature.tags) | (set(sc.rule.tags) if sc.rule else set())
            out.append({"feature_file": rel, "name": sc.name, "line": sc.line_number,
                        "tags": sorted(tags)})
    return out


# ---------------------------------------------------------------------------- normalizing

_SCENARIO_FIELDS: dict[str, type | tuple[type, ...]] = {
    "name": str, "verdict": str, "message": str, "description": str, "id": str,
    "nodeid": str, "feature_file": str, "line": (int, str), "duration": (int, float),
    "tags": list, "steps": list, "runs": list, "observations": list, "requirements": list,
    "clauses": list, "kep_tests": list, "deviations": list}
_KINDS = {list: "a list", dict: "an object", str: "a string", int: "a number",
          float: "a number", bool: "true or false"}


def _kind(t: type | tuple[type, ...]) -> str:
    return " or ".join(dict.fromkeys(_KINDS.get(x, x.__name__) for x in
                                     (t if isinstance(t, tuple) else (t,))))


def shape_errors(results: Mapping[str, Any], limit: int = 5) -> list[str]:
    """Where a results document does not have the shape drakit writes (the first ``limit``
    places), so that ``drakit report`` of an edited or foreign file says where, instead of
    failing inside a renderer. Checks what the renderers index: the scenario list, each
    scenario's fields and its steps and runs, the requirements and the environment."""
    out: list[str] = []

    def bad(where: str, what: str) -> bool:
        out.append(f"{where} is not {what}")
        return len(out) >= limit

    def typed(value: Any, t: type | tuple[type, ...]) -> bool:
        if isinstance(value, bool) and bool not in (t if isinstance(t, tuple) else (t,)):
            return False
        return isinstance(value, t)

    for key, t in (("scenarios", list), ("requirements", list), ("environment", dict),
                   ("test_plans", dict), ("history", list)):
        if results.get(key) is not None and not typed(results[key], t):
            if bad(key, _kind(t)):
                return out
    scenarios = results.get("scenarios") if typed(results.get("scenarios"), list) else []
    for i, s in enumerate(scenarios):
        where = f"scenarios[{i}]"
        if not isinstance(s, dict):
            if bad(where, "an object"):
                return out
            continue
        for key, t in _SCENARIO_FIELDS.items():
            if s.get(key) is not None and not typed(s[key], t):
                if bad(f"{where}.{key}", _kind(t)):
                    return out
        if typed(s.get("tags"), list) and not all(isinstance(x, str) for x in s["tags"]):
            if bad(f"{where}.tags", "a list of strings"):
                return out
        for key in ("steps", "runs"):
            items = s.get(key) if typed(s.get(key), list) else []
            for j, item in enumerate(items):
                if not isinstance(item, dict) and bad(f"{where}.{key}[{j}]", "an object"):
                    return out
    reqs = results.get("requirements") if typed(results.get("requirements"), list) else []
    for i, req in enumerate(reqs):
        if not isinstance(req, dict):
            if bad(f"requirements[{i}]", "an object"):
                return out
        elif req.get("clauses") is not None and not typed(req["clauses"], list):
            if bad(f"requirements[{i}].clauses", "a list"):
                return out
    env = results.get("environment") if typed(results.get("environment"), dict) else {}
    if env.get("gates") is not None and not typed(env["gates"], dict):
        bad("environment.gates", "an object")
    return out


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
        s.setdefault("clauses", clause_tags(s["tags"]))
        s.setdefault("kep_tests", kep_test_tags(s["tags"]))
        s.setdefault("deviations", deviation_tags(s["tags"]))
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
    for req in r["requirements"]:
        req.setdefault("clauses", [])
    r.setdefault("test_plans", {})
    return r


def scenario_key(s: Mapping[str, Any]) -> str:
    """The scenario a result belongs to: all example rows of an outline share it."""
    return f'{s.get("feature_file", "")}:{s.get("line", s.get("name", ""))}'


def scenario_counts(scenarios: list[dict]) -> dict[str, int]:
    """Distinct scenarios and example rows, counted apart: ``results`` (what verdict counts
    count: plain scenarios + example rows), ``scenarios`` (distinct, an outline once),
    ``outlines``, ``example_rows``."""
    keys = {scenario_key(s) for s in scenarios}
    outlines = {scenario_key(s) for s in scenarios if s.get("example")}
    rows = sum(1 for s in scenarios if s.get("example"))
    return {"results": len(scenarios), "scenarios": len(keys), "outlines": len(outlines),
            "example_rows": rows}


def counts_text(c: Mapping[str, int]) -> str:
    """"419 results: 243 scenarios, 60 of them outlines with 236 example rows"."""
    if not c.get("outlines"):
        return f'{c["scenarios"]} scenarios'
    return (f'{c["results"]} results: {c["scenarios"]} scenarios, {c["outlines"]} of them '
            f'outlines with {c["example_rows"]} example rows')


def summarize(scenarios: list[dict]) -> dict:
    """Verdict counts over results (plain scenarios and example rows), and the distinct
    scenarios and example rows counted apart (``scenario_counts``)."""
    counts = dict.fromkeys(VERDICTS, 0)
    for s in scenarios:
        counts[s.get("verdict", "not run")] = counts.get(s.get("verdict", "not run"), 0) + 1
    c = scenario_counts(scenarios)
    return {"total": len(scenarios), **counts, "distinct_scenarios": c["scenarios"],
            "outlines": c["outlines"], "example_rows": c["example_rows"]}


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


COVERAGE_STATES = ("passing", "partial", "deviates upstream", "failing", "unexercised",
                   "none", "not in this run")
"""Requirement states, in the order the report counts them (docs/report-format.md)."""

PLAN_STATES = ("passing", "partial", "deviates upstream", "failing", "unexercised", "unmapped",
               "not in this run", "none")


def _scenario_refs(scenarios: Iterable[Mapping[str, Any]], key: str) -> dict[str, list]:
    out: dict[str, list] = {}
    for s in scenarios:
        for ref in s.get(key) or ():
            out.setdefault(ref, []).append(s)
    return out


def _tagged(suite: Iterable[Mapping[str, Any]], prefix: str) -> dict[str, list]:
    out: dict[str, list] = {}
    for s in suite:
        for t in s.get("tags") or ():
            if t.startswith(prefix):
                out.setdefault(t[len(prefix):], []).append(s)
    return out


def _verdict_state(verdicts: list[str]) -> str:
    if any(v in ("failed", "error") for v in verdicts):
        return "failing"
    if "passed" in verdicts:
        return "passing"
    return "unexercised"


def _absent_state(in_suite: list[Mapping[str, Any]], version: str) -> tuple[str, str]:
    """(state, note) for something no run scenario covers."""
    if not in_suite:
        return "none", ""
    na = [s for s in in_suite if not_applicable_at(s.get("tags") or (), version)]
    if version and len(na) == len(in_suite):
        return "not in this run", f"not applicable at {version}"
    return "not in this run", "its scenarios were not selected"


def coverage(requirements: list[dict], scenarios: list[dict], suite: list[dict] | None = None,
             version: str = "") -> dict[str, dict]:
    """Per KEP: each requirement's state, clause by clause.

    A clause is proven by a passing scenario tagged ``@clause:<req>/<slug>``. A requirement is
    ``passing`` when every clause that can exist at the run's version has one (a requirement
    without clauses: when a scenario tagged ``@req:<id>`` passed); ``partial`` when some
    have one and others not (``missing`` lists them with why); ``deviates upstream`` when a
    scenario of it pins a known upstream deviation (``@deviation:<repo>#<n>``; never
    ``passing``); ``failing`` when a scenario of it failed or errored; ``unexercised`` when
    its scenarios ran but none passed (unsupported, skipped); ``none`` when no scenario of the
    suite carries the tag; ``not in this run`` when the suite has scenarios for it but the run
    selected none (a subset run, or all not applicable at the version), or selected some
    whose clauses passed while the scenarios of every other clause were not selected
    (``note`` says how many passed): a subset run never reads as missing coverage. ``suite``: every
    scenario of the suite (``suite_scenarios``); without it, absence reads ``none``.
    Scenarios and example rows are counted apart (``scenarios``, ``rows``).
    """
    suite = list(suite or [])
    by_req = _scenario_refs(scenarios, "requirements")
    by_clause = _scenario_refs(scenarios, "clauses")
    suite_req = _tagged(suite, "req:")
    suite_clause = _tagged(suite, "clause:")
    out: dict[str, dict] = {}
    known = set()
    for req in requirements:
        rid = req["id"]
        known.add(rid)
        run = by_req.get(rid, [])
        item = {**req, "clauses": [], "missing": [], "deviations": [], "note": "",
                "scenarios": len({scenario_key(s) for s in run}), "rows": len(run)}
        for c in req.get("clauses") or ():
            ref = f"{rid}/{c['id']}"
            cr = by_clause.get(ref, [])
            if cr:
                cstate, note = _verdict_state([s.get("verdict", "not run") for s in cr]), ""
            else:
                cstate, note = _absent_state(suite_clause.get(ref, []), version)
                if cstate == "none":
                    cstate = "no scenario"
            item["clauses"].append({"id": c["id"], "text": c.get("text", ""), "state": cstate,
                                    "note": note, "scenarios": sorted({s.get("id", "")
                                                                       for s in cr})})
        devs = sorted({d for s in run for d in s.get("deviations") or ()})
        item["deviations"] = [{"ref": d, "url": deviation_url(d)} for d in devs]
        if not run:
            state, item["note"] = _absent_state(suite_req.get(rid, []), version)
        elif any(s.get("verdict") in ("failed", "error") for s in run):
            state = "failing"
        else:
            applicable = [c for c in item["clauses"] if c["note"] != f"not applicable at {version}"
                          or not version]
            item["missing"] = [{"id": c["id"], "why": c["note"] or c["state"]}
                               for c in applicable if c["state"] != "passing"]
            passed = any(s.get("verdict") == "passed" for s in run)
            # a subset run is not a gap in the suite: when every clause still lacking a
            # passing scenario has scenarios the run did not select, the requirement is
            # "not in this run" (the note says how far it got), never "partial"
            unselected = bool(item["missing"]) and all(
                c["state"] == "not in this run" for c in applicable if c["state"] != "passing")
            if devs:
                state = "deviates upstream"
            elif not item["clauses"]:
                state = "passing" if passed else "unexercised"
            elif not item["missing"]:
                state = "passing"
            elif unselected and passed:
                state = "not in this run"
                done = len(applicable) - len(item["missing"])
                item["note"] = (f"{done} of {len(applicable)} clauses passed in this run; the "
                                "scenarios of the others were not selected")
            elif passed:
                state = "partial"
            else:
                state = "unexercised"
        item["state"] = state
        k = out.setdefault(req["kep"], {"items": [], "counts": dict.fromkeys(COVERAGE_STATES, 0),
                                        "unknown": []})
        k["items"].append(item)
        k["counts"][state] += 1
    for rid in sorted(set(by_req) - known):
        kep = rid.split("-", 1)[0]
        k = out.setdefault(kep, {"items": [], "counts": dict.fromkeys(COVERAGE_STATES, 0),
                                 "unknown": []})
        k["unknown"].append(rid)
    return out


def coverage_totals(cov: Mapping[str, Mapping[str, Any]]) -> dict[str, int]:
    total = dict.fromkeys(COVERAGE_STATES, 0)
    for k in cov.values():
        for state, n in k["counts"].items():
            total[state] = total.get(state, 0) + n
    return total


def coverage_line(totals: Mapping[str, int]) -> str:
    """"requirements: 60 passing, 9 partial, 0 none, 2 deviate upstream" (others if any)."""
    parts = [f'{totals.get("passing", 0)} passing', f'{totals.get("partial", 0)} partial',
             f'{totals.get("none", 0)} none',
             f'{totals.get("deviates upstream", 0)} deviate upstream']
    for state in ("failing", "unexercised", "not in this run"):
        if totals.get(state):
            parts.append(f"{totals[state]} {state}")
    return "requirements: " + ", ".join(parts)


def test_plan_verdicts(plans: Mapping[str, list[dict]], scenarios: list[dict],
                       suite: list[dict] | None = None, version: str = "") -> dict[str, list]:
    """Each KEP Test Plan entry with its verdict from the scenarios tagged
    ``@kep-test:<name>`` in that KEP: ``passing`` (all that ran passed), ``partial`` (some
    passed, others did not run), ``deviates upstream``, ``failing``, ``unexercised``,
    ``unmapped`` (no scenario can stand for it; ``unmapped`` says why), ``not in this run``,
    ``none`` (no scenario and no reason: a catalog defect)."""
    out: dict[str, list] = {}
    for kep, entries in plans.items():
        run = [s for s in scenarios if s.get("kep") == kep]
        in_suite = [s for s in suite or () if f"kep-{kep}" in (s.get("tags") or ())]
        for e in entries:
            mine = [s for s in run if e["name"] in (s.get("kep_tests") or ())]
            theirs = [s for s in in_suite if f"kep-test:{e['name']}" in s.get("tags", ())]
            verdicts = [s.get("verdict", "not run") for s in mine]
            note = ""
            if e.get("unmapped") and not mine:
                state = "unmapped"
            elif not mine:
                state, note = _absent_state(theirs, version)
            elif any(v in ("failed", "error") for v in verdicts):
                state = "failing"
            elif any(s.get("deviations") for s in mine):
                state = "deviates upstream"
            elif all(v == "passed" for v in verdicts):
                state = "passing"
            elif "passed" in verdicts:
                state = "partial"
            else:
                state = "unexercised"
            out.setdefault(kep, []).append({
                **e, "verdict": state, "note": note,
                "scenarios": sorted({s.get("id", "") for s in mine}),
                "deviations": [{"ref": d, "url": deviation_url(d)} for d in
                               sorted({d for s in mine for d in s.get("deviations") or ()})]})
    return out
