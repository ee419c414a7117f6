"""The top of the report (issue 11), from synthetic documents and the real feature files:
failures first, the linked "why unsupported" table, the per-KEP trend over earlier runs,
upstream citations as links, and a failed text check shown as what it is."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from pytest_bdd.parser import FeatureParser

from drakit.report import citations, trend, write_reports
from drakit.report.failures import check_differences, expected_observed, summarize
from drakit.report.html import render_html
from drakit.report.sample import synthetic_results

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def doc() -> dict:
    return synthetic_results(n=24, seed=3)


def _ids(html: str) -> dict[str, str]:
    """data-id of each scenario -> its element id."""
    return {m.group(2): m.group(1) for m in re.finditer(
        r'<details class="scenario [^"]*" id="(s-\d+)"[^>]*data-id="([^"]+)"', html)}


# ---------------------------------------------------------------------------- failures first

def test_failures_first_sits_above_the_run_facts_and_the_matrix(doc):
    html = render_html(doc)
    failed = [s for s in doc["scenarios"] if s["verdict"] in ("failed", "error")]
    assert failed
    assert html.index('id="failures-section"') < html.index('id="run-section"') < html.index(
        'id="matrix"')
    section = html.split('id="failures-section"', 1)[1].split("</section>", 1)[0]
    assert f"Failures first ({len(failed)})" in section
    ids = _ids(html)
    for s in failed:  # each one links to its scenario's element
        assert f'<a class="name" href="#{ids[s["id"]]}">{s["name"]}</a>' in section
    assert section.count("<li ") == len(failed)
    assert "<dt>failing step</dt><dd><span class=\"kw\">Then the ResourceClaim" in section
    assert ('<dt>expected</dt><dd><code>spec.devices.requests[0].exactly.count: 1</code>'
            in section)
    assert ('<dt>observed</dt><dd><code class="observed">spec.devices.requests[0].exactly.'
            'count: 2</code>') in section
    assert "expected 1, found 2" in section  # the assertion itself


def test_no_failures_no_block(doc):
    clean = copy.deepcopy(doc)
    clean["scenarios"] = [s for s in clean["scenarios"] if s["verdict"] not in ("failed",
                                                                                "error")]
    assert 'id="failures-section"' not in render_html(clean)


def test_failure_outside_the_steps_shows_the_message():
    s = {"steps": [{"keyword": "Given", "text": "a cluster"}]}
    run = {"verdict": "error", "message": "fixture 'world' failed: boom",
           "steps": [{"verdict": "passed"}]}
    f = summarize(s, run)
    assert f["step"] == "" and f["message"] == "fixture 'world' failed: boom"


def test_nothing_observed_shows_what_the_server_said_instead():
    # a served run (1.37-alpha): the update met a 409 instead of the expected 422, so the
    # list of causes observed is empty; the message's last line says why
    s = {"steps": [{"keyword": "Then", "text": "the request is rejected", "line": 331}]}
    message = ("no FieldValueForbidden cause at 'spec'; the server said:\n  Operation cannot "
               'be fulfilled on pods "worker-0": the object has been modified')
    run = {"verdict": "failed", "message": message, "steps": [{
        "verdict": "failed", "error": {"type": "AssertionError", "message": message},
        "observations": [{"expected": {"field": "spec", "reason": "FieldValueForbidden"},
                          "actual": []}]}]}
    f = summarize(s, run)
    assert f["expected"] == 'value: {"field": "spec", "reason": "FieldValueForbidden"}'
    assert f["observed"] == ('value: [] — Operation cannot be fulfilled on pods "worker-0": '
                             "the object has been modified")
    # something observed: the observation speaks for itself
    run["steps"][0]["observations"][0]["actual"] = [{"field": "spec", "reason": "Invalid"}]
    assert summarize(s, run)["observed"] == 'value: [{"field": "spec", "reason": "Invalid"}]'


def test_unsupported_table_links_each_scenario(doc):
    html = render_html(doc)
    ids = _ids(html)
    section = html.split('id="unsupported-section"', 1)[1].split("</section>", 1)[0]
    uns = [s for s in doc["scenarios"] if s["verdict"] == "unsupported"]
    assert uns
    for s in uns:
        ex = s.get("example")
        name = s["name"] + (" [" + ", ".join(ex.values()) + "]" if ex else "")
        assert f'<li><a href="#{ids[s["id"]]}">{name}</a></li>' in section
    assert "the reference cluster has no kubelet model yet" in section


# ---------------------------------------------------------------------------- trend

def _earlier(doc: dict, run_id: str, flip: int = 0, **over) -> dict:
    d = copy.deepcopy(doc)
    d["run_id"] = run_id
    for s in d["scenarios"][:flip]:  # these passed before
        s["verdict"] = "passed"
    d.update(over)
    return d


def test_history_keeps_only_earlier_comparable_finished_runs(tmp_path, doc):
    current = _earlier(doc, "20260105T000000Z-cccccc")
    for run_id, extra in (("20260101T000000Z-aaaaaa", {}),
                          ("20260102T000000Z-bbbbbb", {"complete": False,
                                                       "status": "interrupted"}),
                          ("20260103T000000Z-dddddd", {"environment": {
                              **doc["environment"], "k8s_version": "1.34"}}),
                          ("20260109T000000Z-later0", {})):
        d = tmp_path / run_id
        d.mkdir()
        (d / "results.json").write_text(json.dumps(_earlier(doc, run_id, **extra)))
    (tmp_path / "20260104T000000Z-broken").mkdir()
    (tmp_path / "20260104T000000Z-broken" / "results.json").write_text("{not json")
    hist = trend.collect_history(tmp_path, current)
    assert [h["run_id"] for h in hist] == ["20260101T000000Z-aaaaaa"]
    assert hist[0]["total"] == len(doc["scenarios"])


def test_history_is_bounded(tmp_path, doc, monkeypatch):
    monkeypatch.setattr(trend, "MAX_RUNS", 3)
    for i in range(6):
        d = tmp_path / f"2026010{i}T000000Z-aaaaaa"
        d.mkdir()
        (d / "results.json").write_text(json.dumps(_earlier(doc, d.name)))
    hist = trend.collect_history(tmp_path, _earlier(doc, "20260109T000000Z-ffffff"))
    assert [h["run_id"][:8] for h in hist] == ["20260103", "20260104", "20260105"]


def test_trend_chart_is_a_static_svg_per_kep_and_flags_a_regression(doc):
    now = copy.deepcopy(doc)
    before = _earlier(doc, "20251231T000000Z-000000", flip=len(doc["scenarios"]))
    now["history"] = [trend.run_entry(before)]
    html = render_html(now)
    section = html.split('id="trend-section"', 1)[1].split("</section>", 1)[0]
    keps = sorted({s["kep"] for s in doc["scenarios"]})
    assert section.count("<svg ") == len(keps)
    assert "<script" not in section and "href=\"http" not in section
    # two runs per chart: one <g> each with a tooltip naming the run
    assert section.count("<title>20251231T000000Z-000000:") == len(keps)
    assert section.count("<title>20260101T000000Z-abcdef (this run):") == len(keps)
    failed_now = {k: sum(1 for s in doc["scenarios"] if s["kep"] == k
                         and s["verdict"] in ("failed", "error")) for k in keps}
    for k in keps:
        row = section.split(f'data-kep="{k}"', 1)[1].split("</tr>", 1)[0]
        if failed_now[k]:
            assert f'<span class="worse">failed +{failed_now[k]}</span>' in row
        assert f'<a href="#kep-{k}">KEP-{k}</a>' in row


def test_no_history_no_trend(doc):
    assert 'id="trend-section"' not in render_html(doc)


def test_write_reports_fills_history_from_the_reports_directory(tmp_path, doc):
    first = _earlier(doc, "20260101T000000Z-aaaaaa")
    write_reports(first, tmp_path)
    second = _earlier(doc, "20260102T000000Z-bbbbbb")
    run_dir = write_reports(second, tmp_path)
    stored = json.loads((run_dir / "results.json").read_text())
    assert [h["run_id"] for h in stored["history"]] == ["20260101T000000Z-aaaaaa"]
    assert 'id="trend-section"' in (tmp_path / "index.html").read_text()


def test_history_reads_each_runs_small_sidecar_and_falls_back_to_results(tmp_path, doc):
    """A finished run leaves trend.json next to results.json; the next run's history reads
    it (not megabytes of results), and a run without one (or a torn one) still counts."""
    for run_id in ("20260101T000000Z-aaaaaa", "20260102T000000Z-bbbbbb"):
        write_reports(_earlier(doc, run_id, flip=1), tmp_path)
    side = tmp_path / "20260101T000000Z-aaaaaa" / trend.SIDECAR
    assert json.loads(side.read_text())["entry"] == trend.run_entry(
        json.loads((side.parent / "results.json").read_text()))
    # the sidecar alone decides: results.json is not opened when it is there
    (side.parent / "results.json").write_text("{not json")
    (tmp_path / "20260102T000000Z-bbbbbb" / trend.SIDECAR).write_text('{"torn')
    hist = trend.collect_history(tmp_path, _earlier(doc, "20260103T000000Z-cccccc"))
    assert [h["run_id"] for h in hist] == ["20260101T000000Z-aaaaaa", "20260102T000000Z-bbbbbb"]
    assert hist[0]["keps"] == hist[1]["keps"]
    # an interrupted run's sidecar says so: not comparable
    write_reports(_earlier(doc, "20260103T000000Z-dddddd", complete=False,
                           status="interrupted"), tmp_path)
    hist = trend.collect_history(tmp_path, _earlier(doc, "20260104T000000Z-eeeeee"))
    assert "20260103T000000Z-dddddd" not in [h["run_id"] for h in hist]


# ---------------------------------------------------------------------------- citations

_INTERNAL = re.compile(r"api-truth|\b(?:CV17|CVA2|RVA2|NADR|RCC|DRALIB|FERR|SCHEDFG)\b|"
                       r"\b[Ii]ssue \d+ §")
_HASH = re.compile(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{8,40}\b(?!-)")


def _descriptions() -> list[tuple[str, str]]:
    out = []
    for f in sorted((ROOT / "features").glob("*.feature")):
        feature = FeatureParser(str(ROOT / "features"), f.name).parse()
        out += [(f"{f.name}: {name}", sc.description or "")
                for name, sc in feature.scenarios.items()]
    return out


def test_rendered_descriptions_carry_no_project_internal_words():
    descs = _descriptions()
    assert len(descs) > 200
    cited = 0
    for where, text in descs:
        html = citations.render(text)
        outside_links = re.sub(r"<a [^>]*>.*?</a>", "", html, flags=re.S)
        assert not _INTERNAL.search(html), (where, html)
        assert not _HASH.search(outside_links), (where, html)  # a hash is always a link
        assert "§" not in outside_links.replace("KEP-", ""), (where, html)
        cited += html.count('<a class="src"')
        for url in re.findall(r'href="([^"]+)"', html):
            assert url.startswith("https://github.com/kubernetes/"), (where, url)
    assert cited > 100


@pytest.mark.parametrize("text, want", [
    ("k/k pkg/apis/resource/validation @ abe8f409).",
     '<a class="src" href="https://github.com/kubernetes/kubernetes/tree/abe8f409/pkg/apis/'
     'resource/validation">pkg/apis/resource/validation @ abe8f409</a>).'),
    ("rule (CVA2, api-truth §9.3): x",
     'rule (<a class="src" href="https://github.com/kubernetes/kubernetes/blob/abe8f409f32e3cf33'
     'bab04f121c0987385e9071f/pkg/apis/core/validation/validation.go">pkg/apis/core/validation/'
     'validation.go @ abe8f409</a>): x'),
    ('KEP "x": the decision (api-truth §8).', 'KEP &quot;x&quot;: the decision.'.replace(
        "&quot;", '"')),
    ("Issue 14 §2: applying", "applying"),
    ("fixed (kubernetes PR 137607)",
     'fixed (<a class="src" href="https://github.com/kubernetes/kubernetes/pull/137607">'
     "kubernetes PR 137607</a>)"),
    ("a <b> & c", "a &lt;b&gt; &amp; c"),
    ("uid 9b7c1a3e-0000-4000 and 1572864 bytes", "uid 9b7c1a3e-0000-4000 and 1572864 bytes"),
])
def test_citation_rendering(text, want):
    assert citations.render(text) == want


# ---------------------------------------------------------------------------- text checks

PENDING_EXP = {"reason": "Unschedulable",
               "starting with": "0/1 nodes are available: 1 cannot allocate all claims."}
PENDING_ACT = {"nodeName": None, "reason": "Unschedulable",
               "message": "0/1 nodes are available: 1 Insufficient example.com/fpga."}


def test_a_text_check_is_not_a_missing_field():
    diffs = check_differences(PENDING_EXP, PENDING_ACT)
    assert diffs == [{"path": ("message",), "kind": "not starting with",
                      "expected": PENDING_EXP["starting with"],
                      "actual": PENDING_ACT["message"]}]
    ok = {**PENDING_ACT, "message": PENDING_EXP["starting with"] + " more"}
    assert check_differences(PENDING_EXP, ok) == []
    assert check_differences({"containing": "Insufficient"}, "1 Insufficient cpu") == []
    assert expected_observed({"expected": PENDING_EXP, "actual": PENDING_ACT}) == (
        'message starting with: "0/1 nodes are available: 1 cannot allocate all claims."',
        'message: "0/1 nodes are available: 1 Insufficient example.com/fpga."')


def test_failed_starting_with_check_renders_without_a_spurious_missing_line(doc):
    d = copy.deepcopy(doc)
    s = next(s for s in d["scenarios"] if s["verdict"] == "failed")
    st = s["runs"][0]["steps"][3]
    st["error"]["message"] = "message '0/1 nodes ...' is not starting with '...'"
    st["observations"] = [{"step": "Pod p pending", "step_index": 3, "expected": PENDING_EXP,
                           "actual": PENDING_ACT, "objects": []}]
    html = render_html(d)
    assert "found <code>null</code>" not in html
    assert "starting with</code> missing" not in html
    assert ("<li><code>message</code> not starting with: expected <code>0/1 nodes are "
            "available: 1 cannot allocate all claims.</code>, found <code>0/1 nodes are "
            "available: 1 Insufficient example.com/fpga.</code></li>") in html
    assert ('<p class="olabel">starting with (<del>expected</del> <ins>actual</ins>):</p>'
            in html)


def test_run_ids_of_one_second_sort_by_time_not_by_their_random_suffix():
    """The trend compares a run with the ids that sort before it: runs started in the same
    second (a fast machine, the browser test's three fixture runs) must keep their order."""
    import datetime as dt

    from drakit.report.model import new_run_id

    t0 = dt.datetime(2026, 11, 27, 5, 0, 0, 1000, tzinfo=dt.UTC)
    ids = [new_run_id(t0 + dt.timedelta(milliseconds=k)) for k in range(50)]
    assert sorted(ids) == ids
    assert all(i.startswith("20261127T050000") for i in ids)
