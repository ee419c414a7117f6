"""Requirement coverage clause by clause, KEP test plans, and counts of scenarios vs rows.

Synthetic inputs only (the real suite's numbers are checked by the browser and pipeline
tests): each state of ``model.coverage`` and ``model.test_plan_verdicts`` is reached on purpose
and rendered (drakit/report/requirements.py).
"""

from __future__ import annotations

from drakit.report import model
from drakit.report.html import render_html
from drakit.report.requirements import kep_coverage, kep_test_plan

REQS = [
    {"id": "9-R01", "kep": "9", "section": "A", "text": "two clauses",
     "clauses": [{"id": "first", "text": "one"}, {"id": "second", "text": "two"}]},
    {"id": "9-R02", "kep": "9", "section": "B", "text": "no clauses", "clauses": []},
    {"id": "9-R03", "kep": "9", "section": "C", "text": "a deviation",
     "clauses": [{"id": "only", "text": "x"}]},
    {"id": "9-R04", "kep": "9", "section": "D", "text": "never tagged", "clauses": []},
    {"id": "9-R05", "kep": "9", "section": "E", "text": "tagged in the suite, not selected",
     "clauses": [{"id": "c", "text": "y"}]},
    {"id": "9-R06", "kep": "9", "section": "F", "text": "not applicable part",
     "clauses": [{"id": "now", "text": "n"}, {"id": "old", "text": "o"}]},
]


def _scen(i: int, verdict: str, *tags: str, example: dict | None = None) -> dict:
    tags = ("kep-9", *tags)
    return {"id": f"f.feature:{i}" + (f"[{example}]" if example else ""), "feature_file":
            "f.feature", "line": i, "name": f"s{i}", "example": example, "verdict": verdict,
            "kep": "9", "tags": list(tags), "requirements": model.req_tags(tags),
            "clauses": model.clause_tags(tags), "kep_tests": model.kep_test_tags(tags),
            "deviations": model.deviation_tags(tags)}


SUITE = [
    {"feature_file": "f.feature", "name": "s1", "line": 1,
     "tags": ["kep-9", "req:9-R01", "clause:9-R01/first"]},
    {"feature_file": "f.feature", "name": "s9", "line": 9,
     "tags": ["kep-9", "req:9-R05", "clause:9-R05/c"]},
    {"feature_file": "f.feature", "name": "s12", "line": 12,
     "tags": ["kep-9", "req:9-R06", "clause:9-R06/old", "until:1.35"]},
]


def test_clause_states_make_partial_passing_deviating_and_not_in_run():
    scen = [_scen(1, "passed", "req:9-R01", "clause:9-R01/first", example={"a": "1"}),
            _scen(1, "passed", "req:9-R01", "clause:9-R01/first", example={"a": "2"}),
            _scen(2, "passed", "req:9-R02"),
            _scen(3, "passed", "req:9-R03", "clause:9-R03/only",
                  "deviation:kubernetes/kubernetes#141467"),
            _scen(4, "passed", "req:9-R06", "clause:9-R06/now")]
    cov = model.coverage(REQS, scen, SUITE, "1.37")["9"]
    items = {i["id"]: i for i in cov["items"]}
    assert items["9-R01"]["state"] == "partial"
    assert items["9-R01"]["missing"] == [{"id": "second", "why": "no scenario"}]
    assert (items["9-R01"]["scenarios"], items["9-R01"]["rows"]) == (1, 2)
    assert items["9-R02"]["state"] == "passing"  # no clauses: one passing scenario
    assert items["9-R03"]["state"] == "deviates upstream"  # never "passing"
    assert items["9-R03"]["deviations"] == [{
        "ref": "kubernetes/kubernetes#141467",
        "url": "https://github.com/kubernetes/kubernetes/issues/141467"}]
    assert items["9-R04"]["state"] == "none"
    assert items["9-R05"]["state"] == "not in this run"  # a subset run, not missing coverage
    # a clause whose only scenario cannot exist at 1.37 does not make the requirement partial
    assert items["9-R06"]["state"] == "passing"
    old = next(c for c in items["9-R06"]["clauses"] if c["id"] == "old")
    assert (old["state"], old["note"]) == ("not in this run", "not applicable at 1.37")
    assert cov["counts"]["partial"] == 1 and cov["counts"]["deviates upstream"] == 1


def test_a_failing_or_unexercised_requirement_is_never_passing():
    scen = [_scen(1, "passed", "req:9-R01", "clause:9-R01/first", "clause:9-R01/second"),
            _scen(5, "failed", "req:9-R01"),
            _scen(6, "unsupported", "req:9-R02")]
    items = {i["id"]: i for i in model.coverage(REQS, scen, SUITE, "1.37")["9"]["items"]}
    assert items["9-R01"]["state"] == "failing"
    assert items["9-R02"]["state"] == "unexercised"


def test_every_clause_passing_makes_passing_and_the_terminal_line_says_so():
    scen = [_scen(1, "passed", "req:9-R01", "clause:9-R01/first"),
            _scen(7, "passed", "req:9-R01", "clause:9-R01/second")]
    cov = model.coverage(REQS[:1], scen, SUITE, "1.37")
    assert cov["9"]["items"][0]["state"] == "passing"
    line = model.coverage_line(model.coverage_totals(cov))
    assert line == "requirements: 1 passing, 0 partial, 0 none, 0 deviate upstream"


def test_test_plan_verdicts():
    plans = {"9": [{"name": "a", "level": "e2e", "text": "A"},
                   {"name": "b", "level": "e2e", "text": "B"},
                   {"name": "c", "level": "unit", "text": "C", "unmapped": "not a behaviour"},
                   {"name": "d", "level": "e2e", "text": "D"},
                   {"name": "e", "level": "e2e", "text": "E"}]}
    scen = [_scen(1, "passed", "kep-test:a"), _scen(2, "unsupported", "kep-test:a"),
            _scen(3, "failed", "kep-test:b"),
            _scen(4, "passed", "kep-test:e", "deviation:kubernetes/kubernetes#1")]
    suite = [{"feature_file": "f.feature", "name": "x", "line": 8,
              "tags": ["kep-9", "kep-test:d"]}]
    out = {e["name"]: e for e in model.test_plan_verdicts(plans, scen, suite, "1.37")["9"]}
    assert {k: v["verdict"] for k, v in out.items()} == {
        "a": "partial", "b": "failing", "c": "unmapped", "d": "not in this run",
        "e": "deviates upstream"}
    assert out["c"]["unmapped"] == "not a behaviour"
    assert out["a"]["scenarios"] == ["f.feature:1", "f.feature:2"]
    html = kep_test_plan("9", list(out.values()), {"f.feature:1": ("s-0", "s1", "line 1")})
    assert 'data-test="c" data-verdict="unmapped"' in html and "not a behaviour" in html
    assert '<a href="#s-0" title="s1">line 1</a>' in html


def test_scenarios_and_example_rows_are_counted_apart():
    scen = [_scen(1, "passed", example={"a": "1"}), _scen(1, "failed", example={"a": "2"}),
            _scen(1, "passed", example={"a": "3"}), _scen(2, "passed")]
    c = model.scenario_counts(scen)
    assert c == {"results": 4, "scenarios": 2, "outlines": 1, "example_rows": 3}
    assert model.counts_text(c) == "4 results: 2 scenarios, 1 of them outlines with 3 example rows"
    s = model.summarize(scen)
    assert (s["total"], s["distinct_scenarios"], s["example_rows"]) == (4, 2, 3)


def test_the_html_lists_clauses_missing_ones_and_links_deviations():
    scen = [_scen(1, "passed", "req:9-R01", "clause:9-R01/first"),
            _scen(3, "passed", "req:9-R03", "clause:9-R03/only",
                  "deviation:kubernetes/kubernetes#141467")]
    cov = model.coverage(REQS, scen, SUITE, "1.37")["9"]
    html = kep_coverage(cov, {})
    assert 'data-req="9-R01" data-state="partial"' in html
    assert "lacking a passing scenario: second (no scenario)" in html
    assert ('<a class="deviation" href="https://github.com/kubernetes/kubernetes/issues/141467">'
            "kubernetes/kubernetes#141467</a>") in html
    assert 'data-clause="first" data-state="passing"' in html


def test_results_document_coverage_is_rendered_as_computed():
    """The page shows the collector's coverage (with the suite list) rather than recomputing
    it from the scenarios, so "not in this run" survives a re-render."""
    scen = [_scen(1, "passed", "req:9-R01", "clause:9-R01/first")]
    cov = model.coverage(REQS, scen, SUITE, "1.37")
    doc = {"schema": model.SCHEMA, "complete": True, "environment": {"k8s_version": "1.37",
           "backends": ["reference"]}, "requirements": REQS, "scenarios": scen,
           "coverage": {"counts": model.coverage_totals(cov), "keps": cov}, "test_plans": {}}
    html = render_html(doc)
    assert 'data-req="9-R05" data-state="not in this run"' in html
    assert "Requirements: " in html and "1 partial" in html


def test_deviation_urls():
    assert model.deviation_url("kubernetes/kubernetes#141103") == \
        "https://github.com/kubernetes/kubernetes/issues/141103"
    assert model.deviation_url("not a ref") == ""


def test_catalog_loads_with_clauses_and_test_plans():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "features"
    reqs = model.load_requirements(root / "requirements.yaml")
    assert reqs and all("clauses" in r for r in reqs)
    assert any(r["clauses"] for r in reqs)
    plans = model.load_test_plans(root / "requirements.yaml")
    assert "5004" in plans and all("name" in e and "level" in e for e in plans["5004"])
    suite = model.suite_scenarios(root)
    assert len(suite) > 100 and all(s["feature_file"].startswith("features/") for s in suite)
    assert any("kep-5004" in s["tags"] for s in suite)  # the Feature's tags are included


def test_a_subset_run_that_skipped_some_clauses_is_not_in_this_run_not_partial():
    """``-m 'kep-9 and component:apiserver'`` ran the scenario of one clause; the other
    clause has a scenario in the suite the run did not select: no gap in the suite, so not
    "partial". A clause nobody wrote a scenario for still makes it partial."""
    suite = SUITE + [{"feature_file": "f.feature", "name": "s7", "line": 7,
                      "tags": ["kep-9", "req:9-R01", "clause:9-R01/second"]}]
    scen = [_scen(1, "passed", "req:9-R01", "clause:9-R01/first")]
    item = model.coverage(REQS[:1], scen, suite, "1.37")["9"]["items"][0]
    assert item["state"] == "not in this run"
    assert item["note"] == ("1 of 2 clauses passed in this run; the scenarios of the others "
                            "were not selected")
    assert item["missing"] == [{"id": "second", "why": "its scenarios were not selected"}]
    # without the unselected scenario in the suite the same run is a real gap
    item = model.coverage(REQS[:1], scen, SUITE, "1.37")["9"]["items"][0]
    assert item["state"] == "partial"
