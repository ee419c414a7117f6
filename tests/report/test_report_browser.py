"""The HTML report as a person uses it: Debian's Chromium driven by Playwright.

A real conformance run (``pytest steps``, what ``tox -e features`` runs) and three runs of the
deliberately failing fixture feature into one reports directory (the first two without some
of its scenarios, so the last shows a regression in the trend chart) write reports
into temporary directories; the page is opened from disk, its matrix compared with
results.json, the top of the page (failures first, why unsupported, trend) read with and
without JavaScript, deep links followed, a failed scenario expanded, the filters used, and
screenshots saved under reports/screenshots/ (CI keeps them as artifacts;
``report-top.png`` is the one docs/report-top.png is copied from).

Skipped only when Chromium is absent (``apt-get install chromium``; .ci/run installs it).
With Chromium present, a missing ``playwright`` package is an error: the test extras must
provide it. ``playwright install`` is never used: the system Chromium is driven directly.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from suite_runs import REPO, run_failing_fixture, run_features

CHROMIUM = os.environ.get("DRAKIT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = REPO / "reports" / "screenshots"

if not (Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)):
    pytest.skip(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium; "
                ".ci/run installs it in CI)", allow_module_level=True)

try:
    from playwright.sync_api import expect, sync_playwright
except ImportError as e:  # chromium is here, so the browser test must run
    raise ImportError("the browser test needs the Python package `playwright` in the test "
                      "extras (Chromium is present at " + CHROMIUM + ")") from e


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("browser")
    # the five KEPs' scenarios (~600, with their requirements, test plans and deviations;
    # the platform requirements then read "not in this run"): the platform features' ~1,100
    # more made this fixture a fifth of the unit suite's CPU (58 s of setup, stop 48) and
    # render through the same code
    suite = run_features(base / "suite", "-m", "not platform")
    assert suite.returncode in (0, 1), suite.stdout[-3000:] + suite.stderr[-3000:]
    # three runs make the trend: two scenarios, then four, then all five
    first = run_failing_fixture(base / "failing", "-k", "written or conflict")
    assert first.returncode == 0, first.stdout[-3000:] + first.stderr[-3000:]
    earlier = run_failing_fixture(base / "failing", "-k", "not prefix")
    assert earlier.returncode == 1, earlier.stdout[-3000:] + earlier.stderr[-3000:]
    failing = run_failing_fixture(base / "failing")
    assert failing.returncode == 1, failing.stdout[-3000:] + failing.stderr[-3000:]
    return {"suite": base / "suite", "failing": base / "failing"}


@pytest.fixture(scope="module")
def pw():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser_context(pw, tmp_path_factory):
    profile = tmp_path_factory.mktemp("chromium-profile")  # a fresh user-data-dir
    ctx = pw.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True, args=ARGS,
        viewport={"width": 1400, "height": 1000})
    # the report must not fetch anything: record every request it makes
    requests: list[str] = []
    ctx.on("request", lambda r: requests.append(r.url))
    ctx.drakit_requests = requests  # type: ignore[attr-defined]
    yield ctx
    ctx.close()


def _open(ctx, path: Path):
    page = ctx.new_page()
    page.goto(path.as_uri())
    return page


def test_matrix_counts_equal_results_json(reports, browser_context):
    results = json.loads((reports["suite"] / "results.json").read_text())
    page = _open(browser_context, reports["suite"] / "latest" / "index.html")
    expect(page.locator("h1")).to_have_text("drakit conformance report")
    want: dict[str, dict[str, int]] = {}
    for s in results["scenarios"]:
        row = want.setdefault(s["kep"], {})
        row[s["verdict"]] = row.get(s["verdict"], 0) + 1
    # one read of the rendered table (a locator call per cell costs ~0.3 s on a 900-scenario page)
    seen = {r["kep"]: r["cells"] for r in page.eval_on_selector_all(
        "#matrix tbody tr", """rows => rows.map(r => ({kep: r.dataset.kep, cells:
            Object.fromEntries([...r.querySelectorAll('td[data-verdict]')].map(
                c => [c.dataset.verdict, parseInt(c.innerText, 10)]))}))""")}
    for kep, counts in want.items():
        for verdict, n in counts.items():
            assert seen[kep][verdict] == n, (kep, verdict)
        assert sum(seen[kep].values()) == sum(counts.values())
    total = page.eval_on_selector_all("#matrix tfoot td[data-verdict]",
                                      "cs => cs.map(c => parseInt(c.innerText, 10))")
    assert sum(total) == len(results["scenarios"])
    n = len(results["scenarios"])
    expect(page.locator("#f-count")).to_have_text(f"{n} of {n} scenarios shown")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "report-suite.png"))
    assert [u for u in browser_context.drakit_requests if not u.startswith("file:")] == []
    page.close()


def test_expand_failed_scenario_and_filter(reports, browser_context):
    page = _open(browser_context, reports["failing"] / "index.html")
    expect(page.locator("details.scenario[data-verdict=failed]")).to_have_count(3)
    failed = page.locator("details.scenario[data-verdict=failed]").filter(
        has_text="Deliberately wrong expectation")
    assert failed.get_attribute("open") is None
    failed.locator(":scope > summary").click()
    expect(failed).to_have_attribute("open", "")
    assertion = failed.locator("pre.assertion").first
    expect(assertion).to_be_visible()
    expect(assertion).to_contain_text('metadata.labels.team: expected "research", found "ml"')
    marks = failed.locator("mark.diff")
    expect(marks.first).to_be_visible()
    texts = [marks.nth(i).inner_text() for i in range(marks.count())]
    assert any("team: ml" in t for t in texts)
    assert any("extendedResourceName: example.com/tpu" in t for t in texts)
    assert not any("apiVersion" in t for t in texts)
    expect(failed.locator("tr.step.v-not-run")).to_have_count(1)  # the step after the failure

    # filters: verdict, then search, then KEP via a matrix cell
    page.select_option("#f-verdict", "failed")
    expect(page.locator("details.scenario:visible")).to_have_count(3)
    expect(page.locator("#f-count")).to_have_text("3 of 5 scenarios shown")
    page.select_option("#f-verdict", "")
    page.fill("#f-search", "locked gate")
    expect(page.locator("details.scenario:visible")).to_have_count(1)
    expect(page.locator("details.scenario:visible")).to_have_attribute(
        "data-verdict", "failed")
    page.fill("#f-search", "")
    page.select_option("#f-tag", "req:5004-R02")
    expect(page.locator("details.scenario:visible")).to_have_count(1)
    page.select_option("#f-tag", "")
    page.locator('#matrix tbody tr[data-kep="5004"] td[data-verdict="passed"]').click()
    expect(page.locator("details.scenario:visible")).to_have_count(1)
    expect(page.locator("details.scenario:visible")).to_have_attribute("data-verdict", "passed")
    page.select_option("#f-verdict", "")
    expect(page.locator("#f-count")).to_have_text("5 of 5 scenarios shown")

    page.evaluate("window.scrollTo(0, 0)")  # the sticky filter bar sits in place
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "report-failed-scenario.png"), full_page=True)
    shutil.copyfile(reports["failing"] / "index.html", SHOTS / "report-failing-fixture.html")
    page.close()


def _check_top(page) -> None:
    """Failures first, why unsupported and the trend, above the matrix (JS on or off)."""
    section = page.locator("#failures-section")
    expect(section).to_be_visible()
    expect(section.locator("h2")).to_have_text("Failures first (3)")
    items = section.locator("ol.failures > li")
    expect(items).to_have_count(3)
    first = items.nth(0)
    expect(first.locator("a.name")).to_have_text(
        "Deliberately wrong expectation about a stored DeviceClass")
    expect(first.locator("dl.why dt").first).to_have_text("failing step")
    expect(first.locator("dl.why dd").first).to_have_text(
        'Then the DeviceClass "tpu.example.com" contains: line 38')
    expect(first.locator("dl.why dd code").first).to_have_text(
        'metadata.labels.team: "research"; spec.extendedResourceName: "example.com/gpu"')
    expect(first.locator("code.observed")).to_have_text(
        'metadata.labels.team: "ml"; spec.extendedResourceName: "example.com/tpu"')
    expect(items.nth(1).locator("pre.assertion")).to_contain_text(
        "unsupported on the reference backend, which is a defect")
    third = items.nth(2)
    expect(third.locator("dl.why dd code").first).to_have_text(
        'message starting with: "0/1 nodes are available: 1 cannot allocate all claims."')
    unsupported = page.locator("#unsupported tbody tr")
    expect(unsupported).to_have_count(1)
    expect(unsupported.locator("td").first).to_contain_text(
        "the scenario's feature gates conflict with --gate GenericWorkload=true "
        "--gate DRAWorkloadResourceClaims=true")
    trend_row = page.locator('#trend tbody tr[data-kep="5004"]')
    expect(trend_row.locator("svg.trend")).to_be_visible()
    expect(trend_row.locator("svg.trend > g")).to_have_count(3)  # two earlier runs, this one
    expect(trend_row).to_contain_text("1 passed · 3 failed · 1 unsupported")
    expect(trend_row.locator(".worse")).to_have_text("failed +1")
    y = {sel: page.locator(sel).bounding_box()["y"] for sel in (
        "#failures-section", "#unsupported-section", "#trend-section", "#run-section",
        "#matrix")}
    assert y["#failures-section"] < y["#unsupported-section"] < y["#trend-section"] < \
        y["#run-section"] < y["#matrix"], y


def test_top_of_report_failures_unsupported_trend(reports, browser_context):
    page = _open(browser_context, reports["failing"] / "index.html")
    _check_top(page)
    # the trend chart is inline SVG: nothing is fetched for it
    assert [u for u in browser_context.drakit_requests if not u.startswith("file:")] == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1400, "height": 1100})
    page.screenshot(path=str(SHOTS / "report-top.png"))
    page.close()


def test_deep_links_open_the_scenario_and_scroll_to_it(reports, browser_context):
    page = _open(browser_context, reports["failing"] / "index.html")
    link = page.locator("#failures-section a.name").nth(2)
    target = link.get_attribute("href")
    assert target and target.startswith("#s-")
    scenario = page.locator(f"details.scenario{target}")
    expect(scenario).not_to_have_attribute("open", "")
    link.click()  # from the failures block
    expect(scenario).to_have_attribute("open", "")
    box = scenario.bounding_box()
    assert 0 <= box["y"] < 200, box  # at the top of the window, below the sticky filter bar
    assert page.evaluate("location.hash") == target
    page.close()

    # a deep link opened from outside: index.html#s-N
    page = browser_context.new_page()
    page.goto((reports["failing"] / "index.html").as_uri() + target)
    scenario = page.locator(f"details.scenario{target}")
    expect(scenario).to_have_attribute("open", "")
    page.wait_for_function("window.scrollY > 0")
    box = scenario.bounding_box()
    assert 0 <= box["y"] < 200, box
    assert page.evaluate("location.hash") == target  # the link stays in the address bar
    # the failed "starting with" check reads as such, with no "missing ... null" line
    expect(scenario.locator("ul.diffs li")).to_have_count(1)
    expect(scenario.locator("ul.diffs li")).to_contain_text("message not starting with:")
    assert "found null" not in scenario.inner_text()
    page.close()


def test_descriptions_link_upstream_sources(reports, browser_context):
    page = _open(browser_context, reports["suite"] / "latest" / "index.html")
    texts = page.eval_on_selector_all("p.desc", "ps => ps.map(p => p.textContent)")
    assert len(texts) > 300
    joined = "\n".join(texts)
    for word in ("api-truth", "CVA2", "RVA2", "CV17", "NADR", "DRALIB"):
        assert word not in joined, word
    hrefs = page.eval_on_selector_all("p.desc a.src", "els => els.map(e => e.href)")
    assert len(hrefs) > 100
    assert all(h.startswith("https://github.com/kubernetes/") for h in hrefs), hrefs[:5]
    assert any("/blob/abe8f409f32e3cf33bab04f121c0987385e9071f/pkg/apis/resource/validation/"
               "validation.go" in h for h in hrefs)


def test_coverage_and_test_plans_match_results_json(reports, browser_context):
    """The "What the run proves" summary, each KEP's requirement rows with their clause
    states, deviations linked upstream, and the KEP test plans with their verdicts."""
    results = json.loads((reports["suite"] / "results.json").read_text())
    page = _open(browser_context, reports["suite"] / "latest" / "index.html")
    summary = page.locator("#coverage-summary")
    expect(summary).to_be_visible()
    for state, n in results["coverage"]["counts"].items():
        cell = summary.locator(f'.covline span[data-state="{state}"]')
        if n or state in ("passing", "partial", "none", "deviates upstream"):
            expect(cell.first).to_contain_text(f"{n} ")
    # the requirement rows and test plans as rendered, read in one go each
    reqs = page.eval_on_selector_all("details.coverage tr.req", """rows => rows.map(r => ({
        kep: r.closest('details.coverage').dataset.kep, id: r.dataset.req,
        state: r.dataset.state, clauses: r.querySelectorAll('li.clause').length}))""")
    for kep, k in results["coverage"]["keps"].items():
        got = [(r["id"], r["state"], r["clauses"]) for r in reqs if r["kep"] == kep]
        assert got == [(it["id"], it["state"], len(it["clauses"])) for it in k["items"]], kep
    deviating = [it for k in results["coverage"]["keps"].values() for it in k["items"]
                 if it["state"] == "deviates upstream"]
    assert deviating, "the suite pins known upstream deviations (@deviation tags)"
    link = page.locator(f'tr.req[data-req="{deviating[0]["id"]}"] a.deviation').first
    expect(link).to_have_attribute("href", deviating[0]["deviations"][0]["url"])
    assert deviating[0]["deviations"][0]["url"].startswith("https://github.com/")
    plans = page.eval_on_selector_all("details.testplan tr.plan", """rows => rows.map(r => [
        r.closest('details.testplan').dataset.kep, r.dataset.test, r.dataset.verdict])""")
    for kep, entries in results["test_plans"].items():
        assert sorted(t[1:] for t in plans if t[0] == kep) == sorted(
            [e["name"], e["verdict"]] for e in entries), kep
    # a scenario link in a test plan opens that scenario
    plan = page.locator('details.testplan[data-kep="5004"]')
    plan.locator(":scope > summary").click()
    first = plan.locator("tr.plan td a[href^='#s-']").first
    target = first.get_attribute("href")[1:]
    first.click()
    expect(page.locator(f"details#{target}")).to_have_attribute("open", "")
    page.locator("#coverage-summary").scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "report-coverage.png"))
    page.close()


def test_readable_without_javascript(reports, pw, tmp_path):
    ctx = pw.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=ARGS,
        java_script_enabled=False, viewport={"width": 1400, "height": 1000})
    try:
        page = ctx.new_page()
        page.goto((reports["failing"] / "index.html").as_uri())
        expect(page.locator("#filters")).to_be_hidden()
        expect(page.locator("#matrix")).to_be_visible()
        expect(page.locator("details.scenario")).to_have_count(5)
        _check_top(page)  # failures first, unsupported, trend: all in the markup
        failed = page.locator("details.scenario[data-verdict=failed]").first
        failed.locator(":scope > summary").click()  # native <details>, no script needed
        expect(failed.locator("pre.assertion").first).to_be_visible()
        # coverage and test plans: plain markup, open without a script
        cov = page.locator('details.coverage[data-kep="5004"]')
        expect(cov).to_be_visible()
        if cov.get_attribute("open") is None:  # open by default when something needs a look
            cov.locator(":scope > summary").click()
        expect(cov).to_have_attribute("open", "")
        expect(cov.locator("tr.req").first).to_be_visible()
        expect(page.locator("#coverage-summary")).to_contain_text("Requirements:")
    finally:
        ctx.close()
