"""The HTML conformance report: one self-contained file, readable with JavaScript off.

Why server-side rendering into a single file: the report is mailed, attached to CI runs and
opened from disk; it must not fetch anything, and everything (matrix, steps, failures,
coverage) must be in the markup so it reads without scripts. The small inline script only
adds filtering and search on top (progressive enhancement): it hides ``details.scenario``
elements by their ``data-*`` attributes.

Layout, top to bottom: title and totals; what needs attention first — the failures (step,
expected, observed, linked to the scenario), why scenarios were unsupported, the per-KEP
trend over earlier runs (trend.py); then the run facts, the KEP × verdict matrix with stages
per version, filters, and per KEP its title, upstream link, requirement coverage and every
scenario as a ``<details>`` (``id="s-<n>"``, the target of deep links) holding a step table
with one verdict column per backend. Scenario descriptions render their upstream citations
as links (citations.py).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from html import escape
from typing import Any

from . import citations as _citations
from . import cluster as _live
from . import failures as _failures
from . import keps as _keps
from . import model
from . import requirements as _req
from . import trend as _trend
from .objects import differences, path_str, paths_in_label, strip_volatile, yaml_html, yaml_text

VERDICT_LABEL = {"passed": "passed", "failed": "failed", "error": "error",
                 "unsupported": "unsupported", "skipped": "skipped", "not run": "not run"}


def _cls(verdict: str) -> str:
    return "v-" + verdict.replace(" ", "-")


def _badge(verdict: str, extra: str = "") -> str:
    return (f'<span class="badge {_cls(verdict)}"{extra}>'
            f"{escape(VERDICT_LABEL.get(verdict, verdict))}</span>")


def _fmt_dur(seconds: float | None) -> str:
    s = float(seconds or 0.0)
    if s < 1:
        return f"{s * 1000:.0f} ms"
    if s < 120:
        return f"{s:.2f} s"
    return f"{int(s // 60)} min {s % 60:.0f} s"


def _kep_title(kep: str, scenarios: list[dict]) -> str:
    info = _keps.kep_info(kep) if kep else None
    if info:
        return info.title
    if scenarios and scenarios[0].get("feature"):
        return str(scenarios[0]["feature"])
    return "scenarios without a KEP tag"


def _kep_label(kep: str) -> str:
    return _keps.label(kep)


# ---------------------------------------------------------------------------- page

def render_html(results: Mapping[str, Any]) -> str:
    r = model.normalize(results)
    env = r["environment"]
    backends: list[str] = list(env.get("backends") or []) or sorted(
        {run["backend"] for s in r["scenarios"] for run in s["runs"]}) or ["reference"]
    groups = model.by_kep(r["scenarios"])
    cov, plans = _coverage_of(r)
    # KEPs with requirements but no scenario yet still get a row: "none" coverage is news.
    for kep in list(cov) + list(plans):
        groups.setdefault(kep, [])
    groups = dict(sorted(groups.items(), key=lambda kv: (kv[0] == "", kv[0])))
    anchors: dict[str, tuple[str, str, str]] = {}  # scenario id -> (element id, name, label)
    n = 0
    for scen in groups.values():
        for s in scen:
            ex = ", ".join(map(str, (s.get("example") or {}).values()))
            label = f'line {s.get("line", "?")}' + (f" [{ex[:30]}]" if ex else "")
            anchors.setdefault(str(s.get("id", "")), (f"s-{n}", str(s.get("name", "")), label))
            n += 1

    ids = {k: v[0] for k, v in anchors.items()}  # scenario id -> element id (deep links)
    top = "".join([_failures_first(r, groups, ids),
                   _live.unsupported_section(r, _by_name(r["scenarios"], ids)),
                   _trend.trend_section(r)])
    parts = [_head(r), "<body>", _header(r, backends, top), _live.both_section(r),
             _matrix(groups, cov, backends), _req.summary_section(r, cov, plans),
             _filters(groups, r["scenarios"]), '<main id="keps">']
    n = 0
    for kep, scen in groups.items():
        parts.append(_kep_section(kep, scen, cov.get(kep), backends, n,
                                  _req.kep_test_plan(kep, plans.get(kep), anchors), anchors))
        n += len(scen)
    parts.append("</main>")
    parts.append(f'<footer><p>drakit.results schema <code>{escape(str(r["schema"]))}</code> · '
                 f'run <code>{escape(str(r.get("run_id", "")))}</code> · stages from '
                 f"{escape(_keps.SOURCE)}</p></footer>")
    parts.append(f"<script>{_JS}</script></body></html>\n")
    return "\n".join(parts)


def _coverage_of(r: dict) -> tuple[dict, dict]:
    """Requirement coverage and test-plan verdicts as the collector computed them
    (results.json ``coverage``/``test_plans``), else from the scenarios alone (an older
    document: no suite list, so absence reads "none")."""
    stored = r.get("coverage")
    if isinstance(stored, Mapping) and isinstance(stored.get("keps"), Mapping):
        cov = dict(stored["keps"])
    else:
        cov = model.coverage(r.get("requirements") or [], r["scenarios"], None,
                             str(r["environment"].get("k8s_version") or ""))
    plans = r.get("test_plans") or {}
    if plans and not all("verdict" in e for entries in plans.values() for e in entries):
        plans = model.test_plan_verdicts(plans, r["scenarios"])
    return cov, dict(plans)


def _status(r: dict) -> str:
    """The line under the title: never "Complete run." in green above errors the
    environment caused (results.json ``environment_failures``)."""
    env = r.get("environment_failures") or {}
    n = int(env.get("count") or 0)
    if r.get("complete"):
        if not n:
            return '<p class="status complete">Complete run.</p>'
        return (f'<p class="status envfail" role="alert">Every scenario ran, but {n} met an '
                f"environment failure (verdict “error”, not a conformance verdict): "
                f'{escape(str(env.get("last", "")))}. Fix the environment and rerun '
                "before reading their verdicts.</p>")
    planned = r.get("planned")
    ran = sum(1 for s in r["scenarios"] if s["verdict"] != "not run")
    what = f" — {ran} of {planned} scenarios ran" if planned else ""
    reason = r.get("interrupted_reason") or r.get("status") or "incomplete"
    env_note = (f" {n} scenario{'s' if n != 1 else ''} met an environment failure (verdict "
                "“error”, not a conformance verdict)." if n else "")
    return (f'<p class="status incomplete" role="alert">INCOMPLETE: '
            f"{escape(str(reason))}{escape(what)}.{escape(env_note)} Counts below cover what "
            "ran.</p>")


def _head(r: dict) -> str:
    status = "" if r.get("complete") else " (INCOMPLETE)"
    return ('<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>drakit conformance report{status}</title>"
            f"<style>{_CSS}{_req.CSS}</style></head>")


def _header(r: dict, backends: list[str], top: str = "") -> str:
    env = r["environment"]
    summ = r["summary"]
    status = _status(r)
    gates = env.get("gates") or {}
    gate_txt = ", ".join(f"{k}={'true' if v else 'false'}" for k, v in sorted(gates.items()))
    defaults = env.get("gate_defaults") or {}
    def_txt = ", ".join(f"{k}={'true' if v else 'false'}" for k, v in sorted(defaults.items()))
    version = str(env.get("k8s_version") or "")
    server = env.get("server_version")
    version_txt = (f"{version} (emulated by the reference)" if "reference" in backends
                   else version)
    if server:
        version_txt += f"; cluster server {server}"
    rows = [
        ("drakit", env.get("drakit_version", "")),
        ("backend" + ("s" if len(backends) > 1 else ""), " + ".join(backends)),
        ("Kubernetes", version_txt),
        ("feature gates (overrides)", gate_txt or "none: version defaults"),
    ]
    if def_txt:
        rows.append((f"DRA gates at {version}", def_txt))
    rows += _live.header_rows(env)
    na = env.get("not_applicable") or []
    if na:
        # scenarios deselected by @since/@until: they cannot exist at this version
        seen = sorted({(str(x.get("version", "")), str(x.get("reason", "")), str(x.get("name", "")))
                       for x in na})
        rows.append((f"not applicable ({len(seen)})", "; ".join(
            f"not applicable at {v}: {reason} [{name}]" for v, reason, name in seen)))
    rows += [
        ("started", env.get("start_time", "")),
        ("duration", _fmt_dur(env.get("duration"))),
        ("command", env.get("command", "")),
        ("run id", r.get("run_id", "")),
    ]
    def dd(k: str, v: Any) -> str:
        if k == "command":
            return f"<code>{escape(str(v))}</code>"
        if k.startswith("not applicable"):  # reasons cite upstream commits: links
            return _citations.render(str(v))
        return escape(str(v))
    dl = "".join(f"<dt>{escape(k)}</dt><dd>{dd(k, v)}</dd>" for k, v in rows)
    totals = " · ".join(f'<span class="{_cls(v)}">{summ.get(v, 0)} {escape(v)}</span>'
                        for v in model.VERDICTS if summ.get(v))
    # what needs attention (``top``: failures, why unsupported, trend) comes before the facts
    return (f'<header><h1>drakit conformance report</h1>{status}'
            f'<p class="totals" id="totals" data-total="{summ["total"]}">'
            f'{escape(_counts_text(r))}: {totals or "none"}</p></header>{top}'
            f'<section id="run-section"><h2>This run</h2><dl class="env">{dl}</dl></section>')


# ---------------------------------------------------------------------------- top of the page

def _by_name(scenarios: list[dict], anchors: Mapping[str, str]) -> dict[str, str]:
    """Display name (as the "why unsupported" table lists it) -> element id."""
    out: dict[str, str] = {}
    for s in scenarios:
        ex = s.get("example")
        name = s.get("name", "") + (" [" + ", ".join(str(v) for v in ex.values()) + "]"
                                    if ex else "")
        if str(s.get("id", "")) in anchors:
            out.setdefault(name, anchors[str(s["id"])])
    return out


def _failures_first(r: dict, groups: dict[str, list[dict]], anchors: Mapping[str, str]) -> str:
    """Every failed or errored run, at the top: where, which step, expected, observed. Plain
    markup with links to the scenarios (``#s-<n>``): complete with JavaScript off."""
    ordered = [s for scen in groups.values() for s in scen]
    failed = _failures.failed_runs(ordered)
    if not failed:
        return ""
    multi = len({run.get("backend") for s in ordered for run in s["runs"]}) > 1
    items = []
    for s, run in failed:
        f = _failures.summarize(s, run)
        anchor = anchors.get(str(s.get("id", "")), "")
        ex = s.get("example") or {}
        name = s.get("name", "") + (" [" + ", ".join(f"{k}={v}" for k, v in ex.items()) + "]"
                                    if ex else "")
        who = f' on {escape(str(run.get("backend", "")))}' if multi else ""
        rows = []
        if f["step"]:
            rows.append(("failing step", f'<span class="kw">{escape(f["step"])}</span>'
                         + (f' <span class="where">line {f["step_line"]}</span>'
                            if f["step_line"] else "")))
        if f["expected"]:
            rows.append(("expected", f'<code>{escape(f["expected"])}</code>'))
            rows.append(("observed", f'<code class="observed">{escape(f["observed"])}</code>'))
        msg = f["message"].splitlines()
        text = "\n".join(msg[:8]) + (f"\n… ({len(msg) - 8} more lines in the scenario)"
                                     if len(msg) > 8 else "")
        dl = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows)
        items.append(
            f'<li class="{_cls(run.get("verdict", "failed"))}">'
            f'{_badge(run.get("verdict", "failed"))}{who} '
            f'<a class="name" href="#{escape(anchor)}">{escape(name)}</a> '
            f'<span class="where">{escape(_kep_label(s.get("kep") or ""))} · '
            f'{escape(str(s.get("feature_file", "")))}:{escape(str(s.get("line", "")))}</span>'
            f'<dl class="why">{dl}</dl>'
            + (f'<pre class="assertion">{escape(text)}</pre>' if text else "") + "</li>")
    return (f'<section id="failures-section"><h2>Failures first ({len(failed)})</h2>'
            f'<ol class="failures">{"".join(items)}</ol></section>')


def _counts_text(r: dict) -> str:
    """Distinct scenarios and example rows counted apart ("419 results: 239 scenarios, 76
    of them outlines with 256 example rows")."""
    return model.counts_text(model.scenario_counts(r["scenarios"]))


def _bar(counts: Mapping[str, int]) -> str:
    total = sum(counts.values())
    if not total:
        return '<div class="bar empty" aria-hidden="true"></div>'
    spans = "".join(
        f'<span class="{_cls(v)}" style="width:{100 * counts[v] / total:.2f}%" '
        f'title="{counts[v]} {v}"></span>' for v in model.VERDICTS if counts.get(v))
    return f'<div class="bar" aria-hidden="true">{spans}</div>'


def _matrix(groups: dict[str, list[dict]], cov: dict, backends: list[str]) -> str:
    multi = len(backends) > 1
    head = "".join(f'<th scope="col" class="{_cls(v)}">{escape(v)}</th>' for v in model.VERDICTS)
    vers = "".join(f'<th scope="col">stage {escape(v)}</th>' for v in _keps.VERSIONS)
    rows = []
    total = dict.fromkeys(model.VERDICTS, 0)
    for kep, scen in groups.items():
        counts = model.kep_counts(scen)
        for v in model.VERDICTS:
            total[v] += counts[v]
        info = _keps.kep_info(kep) if kep else None
        cells = "".join(
            f'<td class="n {_cls(v)}{" zero" if not counts[v] else ""}" data-verdict="{v}">'
            f"{counts[v]}</td>" for v in model.VERDICTS)
        stages = "".join(
            f"<td class=\"stage\">{escape(info.stages.get(v, '–') if info else '–')}</td>"
            for v in _keps.VERSIONS)
        req = _req.matrix_cell(cov.get(kep))
        div = (f'<td class="n">{sum(1 for s in scen if model.divergent(s))}</td>'
               f'<td class="n">{sum(1 for s in scen if _live.both_column(s) == "unsupported on the cluster")}</td>'
               if multi else "")
        rows.append(
            f'<tr data-kep="{escape(kep)}"><th scope="row"><a href="#kep-{escape(kep or "other")}">'
            f"{escape(_kep_label(kep))}</a></th><td class=\"title\">"
            f"{escape(_kep_title(kep, scen))}</td>{cells}<td class=\"barcell\">"
            f"{_bar(counts)}</td>{div}{stages}<td class=\"req\">{req}</td></tr>")
    tcells = "".join(f'<td class="n {_cls(v)}" data-verdict="{v}">{total[v]}</td>'
                     for v in model.VERDICTS)
    div_h = ('<th scope="col">backends disagree</th>'
             '<th scope="col">unsupported on the cluster</th>') if multi else ""
    div_f = "<td></td><td></td>" if multi else ""
    return (
        '<section id="matrix-section"><h2>KEPs × verdicts</h2>'
        '<table id="matrix"><thead><tr><th scope="col">KEP</th><th scope="col">title</th>'
        f'{head}<th scope="col">share</th>{div_h}{vers}<th scope="col">requirements</th>'
        f'</tr></thead><tbody>{"".join(rows)}</tbody>'
        f'<tfoot><tr data-kep="*"><th scope="row">all</th><td></td>{tcells}'
        f"<td>{_bar(total)}</td>{div_f}{'<td></td>' * len(_keps.VERSIONS)}<td></td></tr>"
        "</tfoot></table>"
        f'<p class="note">Stage per Kubernetes version: {escape(_keps.SOURCE)}. '
        "“unsupported”: the backend cannot exercise the scenario (reason shown with it); "
        "it is not a failure.</p></section>")


def _filters(groups: dict[str, list[dict]], scenarios: list[dict]) -> str:
    verdicts = "".join(f'<option value="{v}">{escape(v)}</option>' for v in model.VERDICTS)
    keps = "".join(f'<option value="{escape(k)}">{escape(_kep_label(k))}</option>'
                   for k in groups if any(s for s in groups[k]))
    tags = sorted({t for s in scenarios for t in s["tags"]})
    tag_opts = "".join(f'<option value="{escape(t)}">@{escape(t)}</option>' for t in tags)
    return (
        '<form id="filters" class="filters" hidden role="search" onsubmit="return false">'
        '<label>verdict <select id="f-verdict"><option value="">all</option>'
        f'{verdicts}<option value="divergent">backends disagree</option></select></label>'
        f'<label>KEP <select id="f-kep"><option value="">all</option>{keps}</select></label>'
        f'<label>tag <select id="f-tag"><option value="">all</option>{tag_opts}</select></label>'
        '<label>search <input id="f-search" type="search" placeholder="name, step, tag, '
        'section…"></label>'
        '<button type="button" id="f-failures">open failures</button>'
        '<button type="button" id="f-collapse">collapse all</button>'
        '<output id="f-count" aria-live="polite"></output></form>')


def _kep_section(kep: str, scen: list[dict], cov: dict | None, backends: list[str],
                 start: int, plan: str = "",
                 anchors: Mapping[str, tuple[str, str, str]] | None = None) -> str:
    info = _keps.kep_info(kep) if kep else None
    anchor = f"kep-{kep or 'other'}"
    link = (f' <a class="upstream" href="{escape(info.url)}">KEP text upstream ↗</a>'
            if info else "")
    meta = ""
    if info:
        st = " · ".join(f"{escape(v)}: {escape(info.stages.get(v, '–'))}"
                        for v in _keps.VERSIONS)
        meta = (f'<p class="kepmeta">Stage — {st}. Gates: '
                f"{escape(', '.join(info.gates))}."
                + (f" {escape(info.note)}." if info.note else "") + "</p>")
    counts = model.kep_counts(scen)
    summ = " · ".join(f'<span class="{_cls(v)}">{counts[v]} {escape(v)}</span>'
                      for v in model.VERDICTS if counts[v]) or "no scenarios yet"
    body = [f'<section class="kep" id="{escape(anchor)}" data-kep="{escape(kep)}">',
            f"<h2>{escape(_kep_label(kep))} {escape(_kep_title(kep, scen))}{link}</h2>",
            meta, f'<p class="kepsumm">{summ}</p>', _req.kep_coverage(cov, anchors or {}),
            plan]
    for i, s in enumerate(scen):
        body.append(_scenario(s, backends, start + i))
    body.append("</section>")
    return "\n".join(body)


# ---------------------------------------------------------------------------- scenario

def _scenario(s: dict, backends: list[str], n: int) -> str:
    runs_by = {run.get("backend", "?"): run for run in s["runs"]}
    cols = [b for b in backends if b in runs_by] + [b for b in runs_by if b not in backends]
    multi = len(cols) > 1
    verdict = s["verdict"]
    div = model.divergent(s)
    search = " ".join([s.get("name", ""), s.get("section", ""), s.get("feature_file", ""),
                       " ".join(s["tags"]), " ".join(st.get("text", "") for st in s["steps"])])
    attrs = (f'class="scenario {_cls(verdict)}" id="s-{n}" data-verdict="{escape(verdict)}" '
             f'data-kep="{escape(s.get("kep") or "")}" '
             f'data-tags="{escape(" ".join(s["tags"]))}" '
             f'data-divergent="{"1" if div else "0"}" '
             f'data-search="{escape(search.lower())}" data-id="{escape(str(s.get("id", "")))}"')
    badges = _badge(verdict) if not multi else "".join(
        _badge(runs_by[b].get("verdict", "not run"), f' title="{escape(b)}"') for b in cols)
    where = f'{s.get("feature_file", "")}:{s.get("line", "")}'
    example = s.get("example") or {}
    ex = (' <span class="example">[' + escape(", ".join(f"{k}={v}" for k, v in example.items()))
          + "]</span>") if example else ""
    div_badge = ' <span class="badge div">≠</span>' if div else ""
    head = (f"<summary>{badges}{div_badge} "
            f'<span class="name">{escape(s.get("name", ""))}</span>{ex}'
            f' <span class="where">{escape(where)}</span></summary>')
    body = ['<div class="sbody">']
    if s["tags"]:
        body.append('<p class="tags">' + " ".join(
            f'<span class="tag">@{escape(t)}</span>' for t in s["tags"]) + "</p>")
    if s.get("section"):
        src = s.get("section_source") or "description"
        via = f' <small>(from {escape(src)})</small>' if src != "description" else ""
        body.append(f'<p class="section">KEP section: <b>{escape(s["section"])}</b>{via}</p>')
    if s.get("description"):
        body.append(f'<p class="desc">{_citations.render(s["description"])}</p>')
    for b in cols:
        run = runs_by[b]
        v = run.get("verdict")
        reason = run.get("reason") or run.get("message") or ""
        who = f" on {escape(b)}" if multi else ""
        if v == "unsupported":
            body.append(f'<p class="reason v-unsupported">Unsupported{who}: {escape(reason)}</p>')
        elif v == "skipped":
            body.append(f'<p class="reason v-skipped">Skipped{who}: {escape(reason)}</p>')
        elif v in ("failed", "error") and not any(
                (st or {}).get("verdict") in ("failed", "error") for st in run.get("steps", [])):
            body.append(f'<div class="failure"><p>{escape(v.capitalize())}{who} outside the '
                        f'steps:</p><pre class="assertion">{escape(reason)}</pre></div>')
        elif v == "not run" and reason:
            body.append(f'<p class="reason v-not-run">Not run{who}: {escape(reason)}</p>')
    body.append(_steps_table(s, cols, runs_by))
    extra = [o for b in cols for o in (runs_by[b].get("observations") or [])
             if o.get("step_index") is None]
    if extra:
        body.append('<details class="obs"><summary>observations not tied to a step</summary>'
                    + "".join(_observation(o, False) for o in extra) + "</details>")
    body.append("</div>")
    return f"<details {attrs}>{head}{''.join(body)}</details>"


def _steps_table(s: dict, cols: list[str], runs_by: dict[str, dict]) -> str:
    multi = len(cols) > 1
    th = "".join(f'<th scope="col">{escape(b)}</th>' for b in cols)
    rows = []
    ncol = 2 + len(cols)
    for i, st in enumerate(s["steps"]):
        per = []
        for b in cols:
            rs = _run_step(runs_by[b], i)
            v = rs.get("verdict", "not run")
            dur = f' <small>{_fmt_dur(rs.get("duration"))}</small>' if rs.get("duration") else ""
            per.append(f'<td class="v {_cls(v)}">{escape(v)}{dur}</td>')
        combined = st.get("verdict") or model.worst(
            _run_step(runs_by[b], i).get("verdict", "not run") for b in cols)
        extra = ""
        if st.get("docstring"):
            extra += f'<pre class="docstring">{escape(st["docstring"])}</pre>'
        if st.get("datatable"):
            extra += _datatable(st["datatable"])
        rows.append(f'<tr class="step {_cls(combined)}"><td class="kw">{escape(st.get("keyword", ""))}'
                    f'</td><td class="text">{escape(st.get("text", ""))}{extra}</td>{"".join(per)}</tr>')
        details = []
        for b in cols:
            rs = _run_step(runs_by[b], i)
            who = f"<h4>{escape(b)}</h4>" if multi else ""
            if rs.get("verdict") in ("failed", "error", "unsupported"):
                details.append(f'<div class="failure">{who}{_failure(rs)}</div>')
            elif rs.get("observations"):
                details.append('<details class="obs"><summary>what was checked'
                               + (f" on {escape(b)}" if multi else "") + "</summary>"
                               + "".join(_observation(o, False) for o in rs["observations"])
                               + "</details>")
        if multi:
            dv = _divergence([_run_step(runs_by[b], i) for b in cols], cols)
            if dv:
                rows[-1] = rows[-1].replace('<tr class="step', '<tr class="step diverges', 1)
                details.append(dv)
        if details:
            rows.append(f'<tr class="detail"><td colspan="{ncol}">{"".join(details)}</td></tr>')
    return (f'<table class="steps"><thead><tr><th scope="col"></th><th scope="col">step</th>'
            f'{th}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _run_step(run: dict, i: int) -> dict:
    steps = run.get("steps") or []
    return steps[i] if i < len(steps) and steps[i] else {"verdict": "not run"}


def _datatable(rows: list[list[Any]]) -> str:
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f'<table class="datatable">{body}</table>'


def _failure(rs: dict) -> str:
    err = rs.get("error") or {}
    if isinstance(err, str):
        err = {"message": err}
    out = []
    if err:
        typ = f'<span class="etype">{escape(err.get("type", ""))}</span> ' if err.get("type") else ""
        out.append(f'<p class="what">{typ}</p><pre class="assertion">'
                   f'{escape(err.get("message", ""))}</pre>')
        if err.get("location"):
            out.append(f'<p class="loc">at <code>{escape(err["location"])}</code></p>')
    obs = rs.get("observations") or []
    for o in obs[-3:]:
        out.append(_observation(o, True))
    return "".join(out)


def _observation(o: dict, failing: bool) -> str:
    exp, act = o.get("expected"), o.get("actual")
    label = escape(str(o.get("step", "")))
    if not failing:
        return (f'<div class="observation"><p class="olabel">{label}</p>'
                f'<table class="ea"><tr><th>expected</th><td><code>{escape(_compact(exp))}'
                f'</code></td></tr><tr><th>actual</th><td><code>{escape(_compact(act))}'
                "</code></td></tr></table></div>")
    diffs = _failures.check_differences(exp, act) if isinstance(exp, (Mapping, list)) else []
    parts = [f'<div class="observation failing"><p class="olabel">{label}</p>']
    if isinstance(exp, (Mapping, list)) or isinstance(act, (Mapping, list)):
        hl = [d["path"] for d in diffs]
        parts.append('<div class="ea2"><div><h5>expected</h5>'
                     f'{yaml_html(exp)}</div><div><h5>actual</h5>'
                     f"{yaml_html(act, hl) if isinstance(act, (Mapping, list)) else _pre(act)}"
                     "</div></div>")
    else:
        parts.append(f'<table class="ea"><tr><th>expected</th><td><pre>{escape(_compact(exp, 2000))}'
                     f'</pre></td></tr><tr><th>actual</th><td class="diff"><pre>'
                     f"{escape(_compact(act, 2000))}</pre></td></tr></table>")
    near = _nearest_text(exp, act)
    if near is not None:
        parts.append('<p class="olabel">closest difference (<del>expected</del> '
                     f'<ins>actual</ins>):</p><pre class="textdiff">{_text_diff(exp, near)}</pre>')
    for d in diffs:  # a failed text check ("starting with", "containing"): where they part
        if d["kind"].startswith("not ") and isinstance(d["actual"], str):
            want = str(d["expected"])
            got = d["actual"][:len(want) + 40] if d["kind"] == "not starting with" else \
                d["actual"]
            parts.append(f'<p class="olabel">{escape(d["kind"][4:])} (<del>expected</del> '
                         f'<ins>actual</ins>):</p><pre class="textdiff">'
                         f"{_text_diff(want, got)}</pre>")
    if diffs:
        parts.append('<ul class="diffs">' + "".join(
            f'<li><code>{escape(path_str(d["path"]) or "(value)")}</code> {escape(d["kind"])}: '
            f'expected <code>{escape(_compact(d["expected"], 200))}</code>, found '
            f'<code>{escape(_compact(d["actual"], 200 if not d["kind"].startswith("not ") else 2000))}'
            '</code></li>' for d in diffs[:50])
            + "</ul>")
    for obj in o.get("objects") or []:
        if not isinstance(obj, Mapping):
            continue
        hl = ([d["path"] for d in differences(exp, obj)] if isinstance(exp, Mapping)
              else paths_in_label(str(o.get("step", "")), obj))
        hl += [tuple(p) if isinstance(p, list) else p for p in o.get("paths", []) or []]
        meta = obj.get("metadata") or {}
        title = f'{obj.get("kind", "object")} {meta.get("namespace", "") + "/" if meta.get("namespace") else ""}{meta.get("name", "")}'
        parts.append(f'<details class="object" open><summary>relevant object: {escape(title)}'
                     f"</summary>{yaml_html(obj, hl)}</details>")
    parts.append("</div>")
    return "".join(parts)


def _nearest_text(exp: Any, act: Any) -> str | None:
    """For a string expectation: the actual string (or the closest of a list of strings)."""
    if not isinstance(exp, str) or not exp:
        return None
    cands = [act] if isinstance(act, str) else (
        [a for a in act if isinstance(a, str)] if isinstance(act, list) else [])
    cands = [c for c in cands if c != exp]
    if not cands:
        return None
    import difflib

    return max(cands, key=lambda c: difflib.SequenceMatcher(None, exp, c).quick_ratio())


def _text_diff(a: str, b: str) -> str:
    import difflib

    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(escape(a[i1:i2]))
        else:
            if i2 > i1:
                out.append(f"<del>{escape(a[i1:i2])}</del>")
            if j2 > j1:
                out.append(f"<ins>{escape(b[j1:j2])}</ins>")
    return "".join(out)


def _pre(v: Any) -> str:
    return f'<pre class="diff">{escape(_compact(v, 2000))}</pre>'


def _compact(v: Any, limit: int = 300) -> str:
    text = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[:limit] + " …"


def _divergence(steps: list[dict], cols: list[str]) -> str:
    """Where backends disagree on one step: verdicts, and deepdiff of what each observed
    (objects normalized: uids, resourceVersions, timestamps, generated suffixes removed)."""
    verdicts = [st.get("verdict", "not run") for st in steps]
    if any(v in ("unsupported", "skipped", "not run") for v in verdicts):
        return ""  # not run on a side: nothing to disagree about
    obs = [st.get("observations") or [] for st in steps]
    lines = []
    if len(set(verdicts)) > 1:
        lines.append("verdicts: " + ", ".join(f"{b} {v}" for b, v in zip(cols, verdicts)))
    base = obs[0]
    for b, other in zip(cols[1:], obs[1:]):
        for j in range(max(len(base), len(other))):
            a = base[j] if j < len(base) else {}
            c = other[j] if j < len(other) else {}
            ka = strip_volatile({"actual": a.get("actual"), "objects": a.get("objects")})
            kc = strip_volatile({"actual": c.get("actual"), "objects": c.get("objects")})
            if ka == kc:
                continue
            for d in differences(ka, kc, subset=False)[:20]:
                lines.append(f"{path_str(d['path'])}: {cols[0]} {_compact(d['expected'], 120)}"
                             f" ≠ {b} {_compact(d['actual'], 120)}")
    if not lines:
        return ""
    body = "\n".join(lines)
    return (f'<div class="divergence"><h4>backends disagree on this step</h4>'
            f'<pre>{escape(body)}</pre></div>')


def render_object_yaml(obj: Any) -> str:
    """Plain YAML text of an object (used by tests and the terminal)."""
    return yaml_text(obj)


_CSS = """
:root{--pass:#1a7f37;--fail:#cf222e;--err:#8250df;--uns:#9a6700;--skip:#6e7781;--nr:#afb8c1;
--bg:#fff;--fg:#1f2328;--mut:#59636e;--line:#d1d9e0;--soft:#f6f8fa}
*{box-sizing:border-box}
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;padding:1.2em 2em;
max-width:84em;color:var(--fg);background:var(--bg)}
h1{margin:.2em 0}h2{margin:1.4em 0 .4em;border-bottom:1px solid var(--line);padding-bottom:.2em}
code,pre{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{white-space:pre-wrap;word-break:break-word;background:var(--soft);padding:.5em .7em;
border-radius:6px;margin:.3em 0;border:1px solid var(--line)}
.status.complete{color:var(--pass)}
.status.envfail{background:#ffebe9;border:1px solid #cf222e;padding:.5em .8em;border-radius:6px;
font-weight:600}
.status.incomplete{background:#fff8c5;border:1px solid #d4a72c;padding:.5em .8em;border-radius:6px;
font-weight:600}
dl.env{display:grid;grid-template-columns:max-content 1fr;gap:.15em 1em;margin:.5em 0}
dl.env dt{color:var(--mut)}dl.env dd{margin:0}
table{border-collapse:collapse}
#matrix td,#matrix th{border:1px solid var(--line);padding:.25em .5em;text-align:left}
#matrix td.n{text-align:right;font-variant-numeric:tabular-nums;font-weight:600}
#matrix td.zero{color:var(--nr);font-weight:400}
#matrix thead th{background:var(--soft)}
.barcell{min-width:12em}
.bar{display:flex;height:.9em;border-radius:3px;overflow:hidden;background:var(--soft);
min-width:10em}
.bar span{display:block;height:100%}
.bar .v-passed{background:var(--pass)}.bar .v-failed{background:var(--fail)}
.bar .v-error{background:var(--err)}.bar .v-unsupported{background:var(--uns)}
.bar .v-skipped{background:var(--skip)}.bar .v-not-run{background:var(--nr)}
th.v-passed,span.v-passed,td.v.v-passed{color:var(--pass)}
th.v-failed,span.v-failed,td.v.v-failed{color:var(--fail)}
th.v-error,span.v-error,td.v.v-error{color:var(--err)}
th.v-unsupported,span.v-unsupported,td.v.v-unsupported{color:var(--uns)}
th.v-skipped,span.v-skipped,td.v.v-skipped,td.v.v-not-run{color:var(--skip)}
.note,.kepmeta,.where,.tags,footer{color:var(--mut);font-size:.9em}
.filters{position:sticky;top:0;background:var(--bg);padding:.5em 0;border-bottom:1px solid
var(--line);display:flex;gap:1em;flex-wrap:wrap;align-items:center;z-index:2}
.filters input{min-width:16em}
details.scenario{border:1px solid var(--line);border-left:5px solid var(--nr);border-radius:6px;
margin:.35em 0;background:var(--bg)}
details.scenario>summary{cursor:pointer;padding:.35em .6em;list-style-position:outside}
details.scenario.v-passed{border-left-color:var(--pass)}
details.scenario.v-failed{border-left-color:var(--fail)}
details.scenario.v-error{border-left-color:var(--err)}
details.scenario.v-unsupported{border-left-color:var(--uns)}
details.scenario.v-skipped{border-left-color:var(--skip)}
.sbody{padding:.2em .9em .8em}
.badge{display:inline-block;min-width:6.5em;text-align:center;border-radius:1em;padding:0 .5em;
font-size:.8em;font-weight:600;color:#fff;background:var(--nr);margin-right:.2em}
.badge.v-passed{background:var(--pass);color:#fff}.badge.v-failed{background:var(--fail);color:#fff}
.badge.v-error{background:var(--err);color:#fff}
.badge.v-unsupported{background:var(--uns);color:#fff}
.badge.v-skipped{background:var(--skip);color:#fff}
.badge.div{background:#bf3989;min-width:0}
.name{font-weight:600}.example{color:var(--mut)}
.tag{background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:0 .3em;
margin-right:.2em}
table.steps{width:100%;margin:.4em 0}
table.steps td,table.steps th{border-bottom:1px solid var(--line);padding:.2em .4em;
vertical-align:top;text-align:left}
table.steps td.kw{font-weight:700;width:4.5em;color:#0550ae}
table.steps td.v{width:9em;white-space:nowrap;font-weight:600}
tr.step.v-failed td.text,tr.step.v-error td.text{color:var(--fail)}
tr.step.v-not-run td.text{color:var(--skip)}
tr.step.diverges td.kw::after{content:" ≠";color:#bf3989}
tr.detail>td{background:#fffafa;padding:.4em .8em}
.failure pre.assertion{border-color:#ffcecb;background:#ffebe9}
.ea2{display:grid;grid-template-columns:1fr 1fr;gap:.8em}
.ea th{text-align:left;padding-right:.6em;color:var(--mut);vertical-align:top}
td.diff pre,pre.diff{background:#ffebe9}
mark.diff{background:#ffd8b5;color:inherit;display:inline-block;width:100%}
ul.diffs{margin:.3em 0}
.divergence pre{background:#ffeff7;border-color:#f4b9d5}
.reason{padding:.3em .6em;border-radius:6px;background:var(--soft)}
.reason.v-unsupported{background:#fff8c5}
table.cov td,table.cov th{border-bottom:1px solid var(--line);padding:.15em .4em;text-align:left;
vertical-align:top}
tr.cov-passing td.state,.cov-passing{color:var(--pass)}
tr.cov-failing td.state,.cov-failing{color:var(--fail)}
tr.cov-none td.state,.cov-none{color:var(--skip)}
.cov-unexercised{color:var(--uns)}
.warn{color:var(--uns)}
del{background:#ffcecb;text-decoration:line-through}ins{background:#aceebb;text-decoration:none}
h2 a.upstream{font-size:.6em;font-weight:400;margin-left:.6em}
.datatable td{border:1px solid var(--line);padding:0 .4em}
[hidden]{display:none!important}
#failures-section h2{color:var(--fail)}
ol.failures{padding-left:1.6em}
ol.failures>li{margin:.5em 0;padding:.45em .7em;border:1px solid #ffcecb;border-left:5px solid
var(--fail);border-radius:6px;background:#fffafa}
ol.failures>li.v-error{border-left-color:var(--err)}
ol.failures dl.why{display:grid;grid-template-columns:max-content 1fr;gap:.1em .8em;margin:.35em 0}
ol.failures dl.why dt{color:var(--mut)}ol.failures dl.why dd{margin:0}
ol.failures pre.assertion{border-color:#ffcecb;background:#ffebe9;max-height:12em;overflow:auto}
code.observed{background:#ffebe9}
details.scenario{scroll-margin-top:4.5em}
details.scenario:target{outline:2px solid #0969da;outline-offset:2px}
#unsupported td,#unsupported th{border-bottom:1px solid var(--line);padding:.2em .6em;
text-align:left;vertical-align:top}
#unsupported td.n{text-align:right;font-weight:600}
#trend td,#trend th{padding:.15em .7em;text-align:left;vertical-align:middle;
border-bottom:1px solid var(--line)}
svg.trend{display:block}
.worse{color:var(--fail);font-weight:600}.same,.delta{color:var(--mut)}
tr.regressed th a{color:var(--fail)}
.legend{white-space:nowrap;margin-right:.9em}
.swatch{display:inline-block;width:.8em;height:.8em;margin-right:.3em;vertical-align:-.05em;
border-radius:2px}
a.src{text-decoration-style:dotted}
@media print{.filters{display:none}details{break-inside:avoid}}
"""

_JS = r"""
(function(){
var f=document.getElementById('filters');if(!f)return;f.hidden=false;
var V=document.getElementById('f-verdict'),K=document.getElementById('f-kep'),
T=document.getElementById('f-tag'),S=document.getElementById('f-search'),
C=document.getElementById('f-count');
var all=[].slice.call(document.querySelectorAll('details.scenario'));
var secs=[].slice.call(document.querySelectorAll('section.kep'));
function apply(write){
 var v=V.value,k=K.value,t=T.value,q=S.value.trim().toLowerCase(),n=0;
 all.forEach(function(d){
  var ok=(!v||(v==='divergent'?d.dataset.divergent==='1':d.dataset.verdict===v))&&
   (!k||d.dataset.kep===k)&&(!t||(' '+d.dataset.tags+' ').indexOf(' '+t+' ')>=0)&&
   (!q||q.split(/\s+/).every(function(w){return d.dataset.search.indexOf(w)>=0||
     d.dataset.tags.toLowerCase().indexOf(w)>=0}));
  d.hidden=!ok;if(ok)n++;});
 secs.forEach(function(s){var any=s.querySelector('details.scenario:not([hidden])');
  var filtering=v||t||q;s.hidden=(k&&s.dataset.kep!==k)||(filtering&&!any);});
 C.value=n+' of '+all.length+' scenarios shown';
 if(write===false)return;  // on load: keep a deep link (#s-12) in the address bar
 var p=new URLSearchParams();if(v)p.set('verdict',v);if(k)p.set('kep',k);if(t)p.set('tag',t);
 if(q)p.set('q',q);var h=p.toString();
 if(history.replaceState)history.replaceState(null,'',h?'#'+h:location.pathname);
}
function reveal(id){
 // a deep link (index.html#s-72): open the scenario (and what holds it) and scroll to it
 var d=document.getElementById(id);if(!d)return false;
 if(d.closest&&d.closest('[hidden]')){V.value='';K.value='';T.value='';S.value='';apply(false);}
 for(var e=d;e;e=e.parentElement){if(e.tagName==='DETAILS')e.open=true;}
 d.scrollIntoView({block:'start'});return true;
}
[V,K,T].forEach(function(e){e.addEventListener('change',function(){apply(true)})});
S.addEventListener('input',function(){apply(true)});
document.getElementById('f-failures').addEventListener('click',function(){
 all.forEach(function(d){if(!d.hidden&&(d.dataset.verdict==='failed'||
  d.dataset.verdict==='error'||d.dataset.divergent==='1'))d.open=true;});});
document.getElementById('f-collapse').addEventListener('click',function(){
 all.forEach(function(d){d.open=false});});
document.querySelectorAll('#matrix td.n[data-verdict]').forEach(function(td){
 td.style.cursor='pointer';td.title='show these scenarios';
 td.addEventListener('click',function(){var k=td.parentNode.dataset.kep;
  K.value=(k&&k!=='*')?k:'';V.value=td.dataset.verdict;apply(true);
  f.scrollIntoView();});});
var h=location.hash.slice(1),target='';
if(h.indexOf('=')>0){var p=new URLSearchParams(h);V.value=p.get('verdict')||'';
 K.value=p.get('kep')||'';T.value=p.get('tag')||'';S.value=p.get('q')||'';}
else if(h){target=decodeURIComponent(h);}
apply(false);
if(target&&reveal(target)){
 // again once the layout has settled (the filter bar appears above)
 window.requestAnimationFrame(function(){reveal(target);});
 window.addEventListener('load',function(){reveal(target);});}
window.addEventListener('hashchange',function(){var h=location.hash.slice(1);
 if(h&&h.indexOf('=')<0)reveal(decodeURIComponent(h));});
document.addEventListener('click',function(ev){
 var a=ev.target.closest?ev.target.closest('a[href^="#s-"]'):null;
 if(a){var id=a.getAttribute('href').slice(1);if(reveal(id)){ev.preventDefault();
  if(history.pushState)history.pushState(null,'','#'+id);}}});
})();
"""
