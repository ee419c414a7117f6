"""Collects what every scenario did, step by step, and writes the reports at session end.

Why our own collector next to pytest-bdd's cucumber JSON: the conformance report needs
per-step verdicts, the observations Then-steps recorded (expected vs actual, objects),
the "unsupported" verdict with its reason, and the KEP each scenario belongs to.
"""

from __future__ import annotations

import datetime as _dt
import json
import sys
import time
from pathlib import Path

import pytest

from .world import World

RESULTS_KEY = pytest.StashKey[dict]()


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class Collector:
    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.started = time.time()
        self.start_time = _now()
        self.scenarios: list[dict] = []
        self._current: dict[str, dict] = {}
        self.complete = False

    # called from the pytest-bdd hooks below
    def begin(self, item: pytest.Item, feature, scenario) -> None:
        tags = sorted(set(scenario.tags) | set(feature.tags))
        kep = next((t[4:] for t in tags if t.startswith("kep-")), "")
        self._current[item.nodeid] = {
            "id": item.nodeid,
            "kep": kep,
            "feature": feature.name,
            "feature_file": feature.rel_filename,
            "name": scenario.name,
            "description": (scenario.description or "").strip(),
            "line": scenario.line_number,
            "tags": tags,
            "steps": [{"keyword": s.keyword, "text": s.name, "line": s.line_number,
                       "verdict": "not run"} for s in scenario.steps],
            "verdict": "not run",
            "message": "",
            "observations": [],
            "duration": 0.0,
        }

    def step_done(self, item: pytest.Item, step, error: BaseException | None) -> None:
        rec = self._current.get(item.nodeid)
        if rec is None:
            return
        for s in rec["steps"]:
            if s["line"] == step.line_number and s["verdict"] == "not run":
                s["verdict"] = "failed" if error else "passed"
                if error:
                    s["error"] = _short(error)
                break

    def finish(self, item: pytest.Item, report: pytest.TestReport) -> None:
        rec = self._current.get(item.nodeid)
        if rec is None:
            return
        world: World | None = getattr(item, "_drakit_world", None)
        if world is not None:
            rec["observations"] = [
                {"step": o.step, "expected": _jsonable(o.expected), "actual": _jsonable(o.actual),
                 "objects": _jsonable(o.objects)} for o in world.observations]
            rec["backend"] = world.backend.name
            rec["version"] = world.version
            rec["gates"] = dict(world.gates)
        rec["duration"] += report.duration
        if report.skipped:
            reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(
                report.longrepr)
            reason = reason.removeprefix("Skipped: ")
            if reason.startswith("unsupported: "):
                rec["verdict"] = "unsupported"
                reason = reason.removeprefix("unsupported: ")
            else:
                rec["verdict"] = "skipped"
            rec["message"] = reason
        elif report.failed:
            rec["verdict"] = "failed" if report.when == "call" else "error"
            rec["message"] = _longrepr(report)
        elif report.when == "call" and rec["verdict"] == "not run":
            rec["verdict"] = "passed"
        if report.when == "teardown":
            self.scenarios.append(self._current.pop(item.nodeid))

    def results(self) -> dict:
        cfg = self.config
        return {
            "schema": "drakit.results/v1",
            "tool": {"name": "drakit", "version": _version()},
            "complete": self.complete,
            "backend": cfg.getoption("--backend"),
            "k8s_version": cfg.getoption("--k8s-version"),
            "gates": cfg.getoption("--gate"),
            "command": " ".join(sys.argv),
            "start_time": self.start_time,
            "duration": round(time.time() - self.started, 3),
            "scenarios": self.scenarios,
        }


def _version() -> str:
    try:
        from importlib.metadata import version
        return version("drakit")
    except Exception:  # noqa: BLE001 - running from a plain checkout
        return "unknown"


def _short(err: BaseException) -> str:
    text = str(err).strip() or type(err).__name__
    return text if len(text) < 4000 else text[:4000] + " …"


def _longrepr(report: pytest.TestReport) -> str:
    crash = getattr(report.longrepr, "reprcrash", None)
    if crash is not None:
        return crash.message
    return str(report.longrepr)[-4000:]


def _jsonable(v):
    try:
        json.dumps(v)
        return v
    except TypeError:
        return json.loads(json.dumps(v, default=str))


# ---------------------------------------------------------------------------- hooks

def configure(config: pytest.Config) -> None:
    """Start collecting; also point pytest-bdd's cucumber JSON at the reports directory."""
    reports = config.getoption("--reports-dir", None)
    if reports is None:
        return
    config.stash[RESULTS_KEY] = {"collector": Collector(config)}
    if not config.option.cucumber_json_path:
        Path(reports).mkdir(parents=True, exist_ok=True)
        config.option.cucumber_json_path = str(Path(reports) / "cucumber.json")


def _collector(config: pytest.Config) -> Collector | None:
    d = config.stash.get(RESULTS_KEY, None)
    return d["collector"] if d else None


def pytest_bdd_before_scenario(request, feature, scenario) -> None:
    c = _collector(request.config)
    if c:
        c.begin(request.node, feature, scenario)
        request.node._drakit_world = request.getfixturevalue("world")


def pytest_bdd_after_step(request, feature, scenario, step, step_func, step_func_args) -> None:
    c = _collector(request.config)
    if c:
        c.step_done(request.node, step, None)


def pytest_bdd_step_error(request, feature, scenario, step, step_func, step_func_args,
                          exception) -> None:
    c = _collector(request.config)
    if c:
        c.step_done(request.node, step, exception)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    c = _collector(item.config)
    if c:
        c.finish(item, outcome.get_result())


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    c = _collector(session.config)
    if c is None:
        return
    c.complete = exitstatus in (0, 1) and not session.shouldstop
    out_dir = Path(session.config.getoption("--reports-dir"))
    write_reports(c.results(), out_dir)


def write_reports(results: dict, out_dir: Path) -> None:
    from .report_html import render_html
    from .report_junit import render_junit

    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "results.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
    (out_dir / "junit.xml").write_text(render_junit(results), encoding="utf-8")
    (out_dir / "index.html").write_text(render_html(results), encoding="utf-8")
