"""The report renderers, from synthetic results documents (no pytest-bdd run involved)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from drakit.report import model, render_all, write_reports
from drakit.report.html import render_html
from drakit.report.objects import differences, strip_volatile, yaml_html, yaml_lines
from drakit.report.sample import synthetic_results

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Page(HTMLParser):
    """Tag balance + the elements the tests look at."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.elements: list[tuple[str, dict]] = []
        self.external: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.elements.append((tag, a))
        for key in ("src", "href"):
            v = a.get(key) or ""
            if key == "src" or (tag == "link"):
                if v and not v.startswith(("data:", "#")):
                    self.external.append(v)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"unbalanced </{tag}> (open: {self.stack[-3:]})")
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()

    def find(self, tag: str, **attrs) -> list[dict]:
        out = []
        for t, a in self.elements:
            if t != tag:
                continue
            ok = True
            for k, v in attrs.items():
                k = k.replace("_", "-")
                if k == "class":
                    ok = ok and v in (a.get("class") or "").split()
                else:
                    ok = ok and a.get(k) == v
            if ok:
                out.append(a)
        return out


def parse(html: str) -> Page:
    p = Page()
    p.feed(html)
    p.close()
    return p


@pytest.fixture(scope="module")
def single() -> dict:
    return synthetic_results(60, seed=1)


@pytest.fixture(scope="module")
def both() -> dict:
    return synthetic_results(40, ("reference", "cluster"), seed=2)


def test_page_is_well_formed_and_self_contained(single):
    html = render_html(single)
    page = parse(html)
    assert page.errors == [] and page.stack == []
    assert page.external == []
    assert "@import" not in html and "url(" not in html
    assert "<script src" not in html and "<style>" in html
    assert html.startswith("<!doctype html>")


def test_matrix_counts_equal_results(single):
    page = parse(render_html(single))
    r = model.normalize(single)
    groups = model.by_kep(r["scenarios"])
    rows = page.find("tr")
    keps = [a["data-kep"] for a in rows if "data-kep" in a and a["data-kep"] != "*"]
    assert keps == list(groups)
    html = render_html(single)
    for kep, scen in groups.items():
        counts = model.kep_counts(scen)
        row = html.split(f'<tr data-kep="{kep}">', 1)[1].split("</tr>", 1)[0]
        for v in model.VERDICTS:
            cell = row.split(f'data-verdict="{v}">', 1)[1].split("<", 1)[0]
            assert int(cell) == counts[v], (kep, v)


def test_every_scenario_is_a_details_with_its_verdict_and_steps(single):
    page = parse(render_html(single))
    details = page.find("details", **{"class": "scenario"})
    assert len(details) == len(single["scenarios"])
    want = [s["verdict"] for s in single["scenarios"]]
    got = sorted(d["data-verdict"] for d in details)
    assert got == sorted(want)
    assert all(d["data-kep"] for d in details)
    # steps render with a verdict each, keyword first
    html = render_html(single)
    assert html.count('<tr class="step ') == sum(len(s["steps"]) for s in single["scenarios"])


def test_failing_step_shows_assertion_expected_actual_and_highlighted_object(single):
    html = render_html(single)
    failed = next(s for s in single["scenarios"] if s["verdict"] == "failed")
    assert failed["name"] in html
    assert 'class="assertion"' in html and "expected 1, found 2" in html
    assert '<mark class="diff">' in html
    # the highlighted line is the differing field (count), not the whole object
    marked = [line for line in html.split("\n") if '<mark class="diff">' in line]
    assert any("count: 2" in line for line in marked)
    assert not any("apiVersion" in line for line in marked)
    assert "relevant object: ResourceClaim default/c" in html


def test_unsupported_shows_reason(single):
    html = render_html(single)
    assert "Unsupported: the reference cluster has no kubelet model yet" in html


def test_kep_links_stages_and_coverage(single):
    html = render_html(single)
    assert ("https://github.com/kubernetes/enhancements/tree/master/keps/sig-scheduling/"
            "5004-dra-extended-resource") in html
    assert "keps/sig-node/3695-pod-resources-for-dra" in html
    assert "GA, on (locked)" in html  # 5004 at 1.37
    assert "Requirement coverage:" in html and 'id="coverage-summary"' in html
    cov = model.coverage(single["requirements"], model.normalize(single)["scenarios"])
    assert cov["5004"]["counts"]["none"] >= 2  # R11, R12 are never tagged by the sample
    page = parse(html)
    assert len(page.find("tr", data_req="5004-R11", data_state="none")) == 1


def test_filters_are_progressive_enhancement(single):
    html = render_html(single)
    assert '<form id="filters" class="filters" hidden' in html  # hidden until the script runs
    assert "f.hidden=false" in html


def test_two_backends_two_columns_and_divergence(both):
    html = render_html(both)
    page = parse(html)
    assert page.errors == []
    assert '<th scope="col">reference</th><th scope="col">cluster</th>' in html
    assert "backends disagree" in html
    div = [s for s in model.normalize(both)["scenarios"] if model.divergent(s)]
    assert div, "the sample has disagreeing backends"
    assert len(page.find("details", data_divergent="1")) == len(div)
    assert 'class="divergence"' in html


def test_incomplete_run_is_marked():
    r = synthetic_results(10, complete=False)
    html = render_html(r)
    assert "INCOMPLETE" in html and "10 of 20 scenarios ran" in html
    assert "<title>drakit conformance report (INCOMPLETE)</title>" in html


def test_junit_one_testcase_per_scenario_classname_kep(single):
    root = ET.fromstring(render_all(single)["junit.xml"])
    cases = root.findall(".//testcase")
    assert len(cases) == len(single["scenarios"])
    assert {c.get("classname") for c in cases} == {f"KEP-{k}" for k in
                                                  {s["kep"] for s in single["scenarios"]}}
    fails = sum(1 for s in single["scenarios"] if s["verdict"] == "failed")
    assert int(root.get("failures")) == fails == len(root.findall(".//failure"))
    uns = [c for c in root.findall(".//skipped") if c.get("message", "").startswith("unsupported")]
    assert len(uns) == sum(1 for s in single["scenarios"] if s["verdict"] == "unsupported")


def test_cucumber_json_shape(single):
    data = json.loads(render_all(single)["cucumber.json"])
    assert {f["uri"] for f in data} == {s["feature_file"] for s in single["scenarios"]}
    el = data[0]["elements"][0]
    assert el["steps"][0]["result"]["status"] in ("passed", "failed", "skipped")


def test_write_reports_layout(tmp_path, single):
    run_dir = write_reports(single, tmp_path)
    assert run_dir == tmp_path / single["run_id"]
    for name in ("index.html", "results.json", "junit.xml", "cucumber.json"):
        assert (run_dir / name).is_file()
        assert (tmp_path / name).read_bytes() == (run_dir / name).read_bytes()
    assert (tmp_path / "latest" / "index.html").is_file()
    # a second run moves latest and the top-level copies
    second = dict(single, run_id="20260101T000001Z-000000", scenarios=single["scenarios"][:3])
    write_reports(second, tmp_path)
    assert (tmp_path / "latest").resolve() == (tmp_path / second["run_id"]).resolve()
    assert json.loads((tmp_path / "results.json").read_text())["run_id"] == second["run_id"]


def test_cli_rerenders(tmp_path, single):
    src = tmp_path / "results.json"
    src.write_text(json.dumps(single))
    out = tmp_path / "out"
    p = subprocess.run([sys.executable, "-m", "drakit.report", str(src), "-o", str(out)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert (out / "index.html").is_file() and (out / "junit.xml").is_file()
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema": "something/else"}')
    p = subprocess.run([sys.executable, "-m", "drakit.report", str(bad)], capture_output=True,
                       text=True)
    assert p.returncode == 1 and "not a drakit.results/v1 document" in p.stderr


def test_300_scenarios_render_fast():
    r = synthetic_results(300)
    t0 = time.perf_counter()
    render_all(r)
    took = time.perf_counter() - t0
    assert took < 6.0, f"{took:.2f} s (target 2 s; see benchmarks/bench_report.py)"


# ---------------------------------------------------------------------------- model pieces

@pytest.mark.parametrize("desc,section", [
    ('KEP-5004 "Device Class API": spec.extendedResourceName must be valid', "Device Class API"),
    ("[Resource Claim API] request names", "Resource Claim API"),
    ("KEP-5729 §Deallocate: claims stay", "Deallocate"),
    ("Section: Scheduling. more text", "Scheduling"),
    ("no section here", ""),
])
def test_kep_section(desc, section):
    assert model.kep_section(desc) == section


def test_requirements_file_shapes(tmp_path):
    a = tmp_path / "a.yaml"
    a.write_text("- {id: 5004-R01, kep: 5004, section: Motivation, text: x}\n")
    b = tmp_path / "b.yaml"
    b.write_text("requirements:\n- {id: 5729-R02, section: Allocate, text: y}\n")
    c = tmp_path / "c.yaml"
    c.write_text("KEP-3695:\n- {id: 3695-R01, text: z}\n")
    assert model.load_requirements(a)[0]["kep"] == "5004"
    assert model.load_requirements(b)[0]["kep"] == "5729"
    assert model.load_requirements(c)[0]["kep"] == "3695"
    assert model.load_requirements(tmp_path / "missing.yaml") == []
    (tmp_path / "broken.yaml").write_text(": : :\n  - [")
    assert model.load_requirements(tmp_path / "broken.yaml") == []


def test_coverage_states():
    reqs = [{"id": f"1-R0{i}", "kep": "1", "section": "", "text": ""} for i in range(1, 5)]
    scen = [{"requirements": ["1-R01"], "verdict": "passed"},
            {"requirements": ["1-R01", "1-R02"], "verdict": "failed"},
            {"requirements": ["1-R03"], "verdict": "unsupported"},
            {"requirements": ["1-R99"], "verdict": "passed"}]
    cov = model.coverage(reqs, scen)["1"]
    # a requirement with a failing scenario is failing, even when another one passed
    assert [i["state"] for i in cov["items"]] == ["failing", "failing", "unexercised", "none"]
    assert cov["unknown"] == ["1-R99"]


def test_differences_subset_and_yaml_paths():
    exp = {"metadata": {"labels": {"team": "a"}}, "spec": {"x": [1, 2]}}
    act = {"kind": "K", "metadata": {"name": "n", "labels": {"team": "b"}}, "spec": {"x": [1, 3]}}
    paths = [d["path"] for d in differences(exp, act)]
    assert paths == [("metadata", "labels", "team"), ("spec", "x", 1)]
    lines = dict((p, t) for t, p in yaml_lines(act))
    assert lines[("spec", "x", 1)].strip() == "- 3"
    html = yaml_html(act, paths)
    assert html.count('<mark class="diff">') == 2


def test_strip_volatile_normalizes_generated_names():
    a = {"metadata": {"name": "p-extended-resources-abcde", "generateName": "p-extended-resources-",
                      "uid": "1", "resourceVersion": "5"}, "spec": {}}
    b = {"metadata": {"name": "p-extended-resources-zzzzz", "generateName": "p-extended-resources-",
                      "uid": "2", "resourceVersion": "9"}, "spec": {}}
    assert strip_volatile(a) == strip_volatile(b)


def test_old_collector_documents_still_render():
    old = {"schema": "drakit.results/v1", "tool": {"name": "drakit", "version": "0.1.0"},
           "complete": True, "backend": "reference", "k8s_version": "1.37", "gates": [],
           "command": "pytest", "start_time": "2026-01-01T00:00:00Z", "duration": 1.0,
           "scenarios": [{"id": "x", "kep": "5004", "name": "old", "tags": ["kep-5004"],
                          "steps": [{"keyword": "Given", "text": "a cluster", "line": 1,
                                     "verdict": "passed"}],
                          "verdict": "passed", "message": "", "observations": []}]}
    page = parse(render_html(old))
    assert page.errors == []
    assert len(page.find("details", data_verdict="passed")) == 1


def test_bench_script_prints_the_figure():
    bench = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_report.py"
    p = subprocess.run([sys.executable, str(bench), "50"], capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "report generation: 50 scenarios" in p.stdout


def test_results_json_round_trips_with_one_scenario_per_line(single):
    from drakit.report import results_json

    text = results_json(single)
    assert json.loads(text) == json.loads(json.dumps(single))
    lines = text.splitlines()
    # every scenario is one line of its own (diffable by line, written by the C encoder)
    scenario_lines = [ln for ln in lines if ln.lstrip().startswith('{"id":') and '"nodeid":' in ln]
    assert len(scenario_lines) == len(single["scenarios"]) > 0
    assert lines[0] == "{" and lines[-1] == "}"
    assert json.loads(results_json({})) == {} and json.loads(
        results_json({"a": [], "b": [1, {"c": "ü"}]})) == {"a": [], "b": [1, {"c": "ü"}]}
