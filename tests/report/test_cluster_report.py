"""drakit/report/cluster.py: unsupported reasons grouped, and what counts as a disagreement."""

from __future__ import annotations

from drakit.report import model
from drakit.report.cluster import both_column, both_counts, reason_key, unsupported_table
from drakit.report.html import render_html


def _s(name, *runs, comparison=None):
    s = {"name": name, "tags": [], "steps": [], "runs": [
        {"backend": b, "verdict": v, "reason": why} for b, v, why in runs]}
    if comparison:
        s["comparison"] = {"verdict": comparison}
    return s


def test_reasons_group_by_cause_not_by_wording():
    assert reason_key("needs node access: kubelet/PodResources steps need a node agent") == \
        "needs node access (no node agent configured)"
    assert reason_key("the scenario needs the feature gate DRAResourceSliceMixins=true; the "
                      "cluster runs with DRAResourceSliceMixins=false (kube-apiserver)") == \
        "feature gate DRAResourceSliceMixins=true (the cluster runs another value)"
    assert reason_key("the scenario targets Kubernetes 1.36; the cluster runs v1.37.0") == \
        "Kubernetes 1.36 (the cluster runs another release)"
    assert reason_key("something new: with detail") == "something new"


def test_unsupported_table_counts_runs_of_one_backend():
    scen = [_s("a", ("reference", "passed", ""), ("cluster", "unsupported", "needs node access")),
            _s("b", ("reference", "passed", ""), ("cluster", "unsupported", "needs node access")),
            _s("c", ("reference", "unsupported", "x: y"), ("cluster", "passed", ""))]
    assert unsupported_table(scen, "cluster") == [
        {"reason": "needs node access (no node agent configured)", "count": 2,
         "scenarios": ["a", "b"]}]
    assert len(unsupported_table(scen)) == 2


def test_unsupported_on_the_cluster_is_never_a_disagreement():
    unsup = _s("u", ("reference", "passed", ""), ("cluster", "unsupported", "needs node access"))
    div = _s("d", ("reference", "passed", ""), ("cluster", "passed", ""), comparison="divergence")
    one = _s("o", ("reference", "passed", ""), ("cluster", "failed", ""),
             comparison="one-side-failed")
    same = _s("m", ("reference", "passed", ""), ("cluster", "passed", ""), comparison="match")
    assert [both_column(s) for s in (unsup, div, one, same)] == [
        "unsupported on the cluster", "disagree", "disagree", "agree"]
    assert not model.divergent(unsup) and model.divergent(div) and model.divergent(one)
    assert both_counts([unsup, div, one, same]) == {
        "agree": 1, "disagree": 2, "unsupported on the cluster": 1, "not compared": 0}
    html = render_html({"environment": {"backends": ["reference", "cluster"]},
                        "scenarios": [unsup, div, one, same], "complete": True})
    assert '<td class="n" data-both="disagree">2</td>' in html
    assert '<td class="n" data-both="unsupported on the cluster">1</td>' in html
    assert html.count('<span class="badge div">≠</span>') == 2
