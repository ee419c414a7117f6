"""Report parts for requirement coverage and the KEPs' Test Plans (HTML).

Why apart from html.py: what the suite proves is judged clause by clause
(``model.coverage``: passing / partial / deviates upstream / failing / unexercised / none /
not in this run) and per KEP Test Plan entry (``model.test_plan_verdicts``); this module only
renders those numbers, so the terminal line, results.json and the page never disagree.
Everything is plain markup (tables, native ``<details>``): readable with JavaScript off.
Stable hooks for tools and tests:

* ``#coverage-summary`` with ``[data-state]`` counts over all KEPs;
* per KEP ``details.coverage[data-kep]`` holding ``tr.req[data-req][data-state]``, each with
  ``li.clause[data-clause][data-state]`` and, where upstream deviates, ``a.deviation``;
* per KEP ``details.testplan[data-kep]`` holding ``tr.plan[data-test][data-verdict]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from . import model

STATE_LABEL = {"deviates upstream": "deviate upstream"}


def _state_cls(state: str) -> str:
    return "cov-" + state.replace(" ", "-")


def _counts(counts: Mapping[str, int], order: tuple[str, ...], always: tuple[str, ...] = ()) -> str:
    parts = []
    for state in order:
        n = counts.get(state, 0)
        if n or state in always:
            label = STATE_LABEL.get(state, state) if n != 1 else state
            parts.append(f'<span class="{_state_cls(state)}" data-state="{escape(state)}">'
                         f"{n} {escape(label)}</span>")
    return " · ".join(parts)


def summary_section(results: Mapping[str, Any], cov: Mapping[str, Any],
                    plans: Mapping[str, list]) -> str:
    """The overview under the matrix: requirement states and test-plan verdicts, all KEPs."""
    totals = model.coverage_totals(cov)
    verdicts: dict[str, int] = {}
    for entries in plans.values():
        for e in entries:
            verdicts[e["verdict"]] = verdicts.get(e["verdict"], 0) + 1
    req = _counts(totals, model.COVERAGE_STATES, ("passing", "partial", "none",
                                                   "deviates upstream"))
    plan = _counts(verdicts, model.PLAN_STATES) or "no test plans in the catalog"
    return ('<section id="coverage-summary"><h2>What the run proves</h2>'
            f'<p class="covline">Requirements: {req}.</p>'
            f'<p class="covline">KEP test plans: {plan}.</p>'
            '<p class="note">A requirement is <b>passing</b> when every clause of it (the KEP\'s own '
            "sentences, features/requirements.yaml) has a passing scenario; <b>partial</b> lists "
            "the clauses that lack one; <b>deviates upstream</b> means a scenario pins a known "
            "difference between the shipped behaviour and the KEP (linked upstream issue); "
            "<b>not in this run</b>: the suite has scenarios for it (or for the clauses still "
            "open), the run did not select them.</p></section>")


def matrix_cell(c: Mapping[str, Any] | None) -> str:
    """The matrix's "requirements" cell for one KEP."""
    if not c or not c.get("items"):
        return "–"
    counts = c["counts"]
    head = f'{counts.get("passing", 0)}/{len(c["items"])} passing'
    rest = [f"{counts[s]} {STATE_LABEL.get(s, s) if counts[s] != 1 else s}"
            for s in model.COVERAGE_STATES[1:] if counts.get(s)]
    return escape(head + (" · " + " · ".join(rest) if rest else ""))


def _deviation_links(devs: list[dict]) -> str:
    return ", ".join(
        (f'<a class="deviation" href="{escape(d["url"])}">{escape(d["ref"])}</a>'
         if d.get("url") else f'<span class="deviation">{escape(d["ref"])}</span>')
        for d in devs)


def _scenario_links(ids: list[str], anchors: Mapping[str, tuple[str, str, str]],
                    limit: int = 12) -> str:
    """Links to the scenarios on this page (``anchors``: id -> (element id, name, label)),
    labelled ``line N [example]`` and titled with the scenario's name."""
    links = []
    for i in ids[:limit]:
        if i in anchors:
            anchor, name, label = anchors[i]
            links.append(f'<a href="#{escape(anchor)}" title="{escape(name)}">'
                         f"{escape(label)}</a>")
        else:
            links.append(escape(i))
    more = f" … (+{len(ids) - limit})" if len(ids) > limit else ""
    return ", ".join(links) + more


def kep_coverage(cov: Mapping[str, Any] | None,
                 anchors: Mapping[str, tuple[str, str, str]]) -> str:
    """One KEP's requirements, clause by clause."""
    if not cov or not cov.get("items"):
        tagged = (" Tagged: " + ", ".join(cov["unknown"]) + "." if cov and cov.get("unknown")
                  else "")
        return ('<p class="coverage none">Requirement coverage: no requirement list for this '
                f"KEP (features/requirements.yaml).{escape(tagged)}</p>")
    rows = []
    for it in cov["items"]:
        state = it["state"]
        clauses = it.get("clauses") or []
        cl = "".join(
            f'<li class="clause {_state_cls(c["state"])}" data-clause="{escape(c["id"])}" '
            f'data-state="{escape(c["state"])}"><code>{escape(c["id"])}</code> '
            f'<span class="state">{escape(c["state"])}'
            + (f' — {escape(c["note"])}' if c.get("note") else "")
            + f'</span>: {escape(c.get("text", ""))}'
            + (f' <small>({_scenario_links(c["scenarios"], anchors, 4)})</small>'
               if c.get("scenarios") else "") + "</li>" for c in clauses)
        open_ = " open" if state in ("partial", "failing", "deviates upstream") else ""
        clause_block = (f'<details class="clauses"{open_}><summary>{len(clauses)} clause'
                        f'{"s" if len(clauses) != 1 else ""}</summary><ul>{cl}</ul></details>'
                        if clauses else "")
        detail = []
        if it.get("missing"):
            detail.append("lacking a passing scenario: " + ", ".join(
                f'{escape(m["id"])} ({escape(m["why"])})' for m in it["missing"]))
        if it.get("deviations"):
            detail.append("upstream: " + _deviation_links(it["deviations"]))
        if it.get("note"):
            detail.append(escape(it["note"]))
        extra = "".join(f"<br><small>{d}</small>" for d in detail)
        count = (f'{it.get("scenarios", 0)}'
                 + (f' <small>({it["rows"]} results)</small>'
                    if it.get("rows", 0) != it.get("scenarios", 0) else ""))
        rows.append(
            f'<tr class="req {_state_cls(state)}" data-req="{escape(it["id"])}" '
            f'data-state="{escape(state)}"><td><code>{escape(it["id"])}</code></td>'
            f'<td>{escape(it.get("section", ""))}</td><td>{escape(it.get("text", ""))}'
            f'{clause_block}</td><td class="state">{escape(state)}{extra}</td>'
            f'<td class="n">{count}</td></tr>')
    unknown = (f'<p class="warn">Tags naming no known requirement: '
               f'{escape(", ".join(cov["unknown"]))}</p>' if cov.get("unknown") else "")
    kep = escape(str(cov["items"][0].get("kep", "")))
    open_all = " open" if any(it["state"] not in ("passing", "not in this run")
                              for it in cov["items"]) else ""
    return (f'<details class="coverage" data-kep="{kep}"{open_all}><summary>Requirement '
            f"coverage: {_counts(cov['counts'], model.COVERAGE_STATES, ('passing',))}</summary>"
            '<table class="cov"><thead><tr><th>id</th><th>KEP section</th><th>requirement and '
            'its clauses</th><th>state</th><th>scenarios</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>{unknown}</details>")


def kep_test_plan(kep: str, entries: list[dict] | None,
                  anchors: Mapping[str, tuple[str, str, str]]) -> str:
    """One KEP's Test Plan: each named test with its verdict (or why it is unmapped)."""
    if not entries:
        return ""
    verdicts: dict[str, int] = {}
    rows = []
    for e in entries:
        v = e["verdict"]
        verdicts[v] = verdicts.get(v, 0) + 1
        if v == "unmapped":
            where = f'<i>unmapped:</i> {escape(e.get("unmapped", ""))}'
        elif e.get("scenarios"):
            where = _scenario_links(e["scenarios"], anchors)
        else:
            where = escape(e.get("note") or "no scenario")
        if e.get("deviations"):
            where += "<br><small>upstream: " + _deviation_links(e["deviations"]) + "</small>"
        rows.append(
            f'<tr class="plan {_state_cls(v)}" data-test="{escape(e["name"])}" '
            f'data-verdict="{escape(v)}"><td><code>{escape(e["name"])}</code></td>'
            f'<td>{escape(e.get("level", ""))}</td><td class="state">{escape(v)}</td>'
            f'<td>{where}</td><td class="kt">{escape(e.get("text", ""))}</td></tr>')
    return (f'<details class="testplan" data-kep="{escape(kep)}"><summary>KEP Test Plan: '
            f"{_counts(verdicts, model.PLAN_STATES)}</summary>"
            '<table class="plan"><thead><tr><th>test</th><th>level</th><th>verdict</th>'
            "<th>scenarios</th><th>the KEP's words</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></details>")


CSS = """
#coverage-summary .covline{margin:.2em 0;font-weight:600}
tr.req td.state,tr.plan td.state{white-space:nowrap}
tr.req td.state small{white-space:normal;font-weight:400}
.cov-passing,tr.cov-passing td.state{color:var(--pass)}
.cov-partial,tr.cov-partial td.state{color:var(--uns)}
.cov-deviates-upstream,tr.cov-deviates-upstream td.state{color:#bf3989}
.cov-failing,tr.cov-failing td.state{color:var(--fail)}
.cov-unexercised,.cov-not-in-this-run,.cov-unmapped,.cov-none,.cov-no-scenario,
tr.cov-none td.state,tr.cov-not-in-this-run td.state,tr.cov-unmapped td.state{color:var(--skip)}
details.clauses summary{cursor:pointer;color:var(--mut);font-size:.9em}
details.clauses ul{margin:.2em 0 .4em 1.2em;padding:0}
li.clause{font-size:.92em}li.clause .state{font-weight:600}
table.plan td,table.plan th{border-bottom:1px solid var(--line);padding:.15em .4em;text-align:left;
vertical-align:top}
table.plan td.kt{color:var(--mut);font-size:.9em}
"""
