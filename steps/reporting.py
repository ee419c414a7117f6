"""Collects what every scenario did, step by step, and writes the reports (pytest plugin).

Why our own collector next to pytest-bdd's cucumber JSON: the conformance report needs
per-step verdicts, the observations Then-steps recorded (expected vs actual, objects), the
"unsupported" verdict with its reason, the KEP and KEP section each scenario encodes, and
one scenario run on several backends side by side. This module only *collects* into the
``drakit.results/v1`` document (docs/report-format.md); every file format is rendered by
``drakit.report``.

Writing is crash-tolerant: a partial, ``complete: false`` report is rewritten while the run
progresses (at most once a second), and the final one at session end, also after Ctrl-C.

With pytest-xdist (``-n 4``) scenarios run in worker processes: each worker collects its
scenarios as above but writes nothing; the finished record of every scenario run travels to
the controller on its teardown report (``report.drakit_record``, JSON), and the controller
merges them by scenario key — the two runs of a ``--backend=both`` scenario may come from
different workers — and writes the one report (results.json, HTML, JUnit, Cucumber JSON).
"""

from __future__ import annotations

import json
import platform
import sys
import time
import traceback
from pathlib import Path
from typing import Any

import pytest

from drakit.report import keps, model

RESULTS_KEY = pytest.StashKey[dict]()
PARTIAL_EVERY = 1.0
"""Least seconds between rewrites of the partial report while scenarios finish."""
PARTIAL_SHARE = 0.05
"""Most of a run's time spent rewriting the partial report: a rewrite that took t seconds
waits t / PARTIAL_SHARE before the next one (rendering 400 scenarios every second used to
be half of the reference run)."""
REQUIREMENTS = Path(__file__).resolve().parent.parent / "features" / "requirements.yaml"
_MARK = {"passed": ("PASS", {"green": True}), "failed": ("FAIL", {"red": True, "bold": True}),
         "error": ("ERROR", {"red": True, "bold": True}),
         "unsupported": ("UNSUP", {"yellow": True}), "skipped": ("SKIP", {"yellow": True}),
         "not run": ("----", {})}


class Collector:
    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.started = time.time()
        self.start_time = model.now_iso()
        self.run_id = model.new_run_id()
        self.root = Path(config.getoption("--reports-dir"))
        self.run_dir = self.root / self.run_id
        self.scenarios: list[dict] = []
        self._by_key: dict[str, dict] = {}
        self._current: dict[str, dict] = {}
        self.complete = False
        self.status = "running"
        self.interrupted_reason = ""
        self.planned = 0
        self.next_partial = 0.0
        self.cucumber_json: Path | None = None
        self.requirements = model.load_requirements(REQUIREMENTS)
        self.test_plans = model.load_test_plans(REQUIREMENTS)
        self._suite: list[dict] | None = None
        self.deselected = 0
        self.final_dir: Path | None = None

    # ------------------------------------------------------------------ scenario lifecycle
    def begin(self, item: pytest.Item, feature: Any, scenario: Any, world: Any) -> None:
        rule = getattr(scenario, "rule", None)
        rule_tags = set(rule.tags) if rule is not None else set()
        tags = sorted(set(scenario.tags) | set(feature.tags) | rule_tags)
        example = _example(item)
        key = f"{feature.rel_filename}:{scenario.line_number}"
        if example:
            key += "[" + json.dumps(example, sort_keys=True) + "]"
        backend = _backend_name(item, world, self.config)
        rec = self._by_key.get(key)
        if rec is None:
            description = (scenario.description or "").strip()
            rec = {
                "id": key,
                "nodeid": item.nodeid,
                "kep": model.kep_of_tags(tags),
                "feature": feature.name,
                "feature_file": feature.rel_filename,
                "feature_line": feature.line_number,
                "feature_description": (feature.description or "").strip(),
                "feature_tags": sorted(feature.tags),
                "rule": rule.name if rule is not None else "",
                "keyword": scenario.keyword,
                "name": scenario.name,
                "example": example,
                "description": description,
                "section": model.kep_section(description),
                "section_source": "description",
                "line": scenario.line_number,
                "tags": tags,
                "requirements": model.req_tags(tags),
                "clauses": model.clause_tags(tags),
                "kep_tests": model.kep_test_tags(tags),
                "deviations": model.deviation_tags(tags),
                "steps": [_step_def(s) for s in scenario.steps],
                "verdict": "not run",
                "message": "",
                "duration": 0.0,
                "runs": [],
            }
            if not rec["section"]:  # fall back to the section of a requirement it covers
                reqs = {r["id"]: r for r in self.requirements}
                via = next((reqs[r] for r in rec["requirements"] if reqs.get(r, {}).get(
                    "section")), None)
                rec["section"] = via["section"] if via else ""
                rec["section_source"] = f"requirement {via['id']}" if via else ""
            self._by_key[key] = rec
        run = {
            "backend": backend,
            "nodeid": item.nodeid,
            "verdict": "not run",
            "message": "",
            "reason": "",
            "duration": 0.0,
            "version": getattr(world, "version", None),
            "gates": dict(getattr(world, "gates", {}) or {}),
            "steps": [{"verdict": "not run", "duration": 0.0} for _ in scenario.steps],
            "observations": [],
        }
        self._current[item.nodeid] = {"rec": rec, "run": run, "world": world,
                                      "steps": list(scenario.steps), "running": None,
                                      "t0": 0.0, "obs0": 0}

    def _step_index(self, cur: dict, step: Any) -> int | None:
        for i, s in enumerate(cur["steps"]):
            if s is step:
                return i
        for i, s in enumerate(cur["steps"]):
            if s.line_number == step.line_number and cur["run"]["steps"][i]["verdict"] == "not run":
                return i
        return None

    def step_start(self, item: pytest.Item, step: Any) -> None:
        cur = self._current.get(item.nodeid)
        if cur is None:
            return
        cur["running"] = self._step_index(cur, step)
        cur["t0"] = time.perf_counter()
        world = cur["world"]
        cur["obs0"] = len(getattr(world, "observations", []) or [])

    def step_done(self, item: pytest.Item, step: Any, error: BaseException | None,
                  verdict: str | None = None) -> None:
        cur = self._current.get(item.nodeid)
        if cur is None:
            return
        i = cur["running"] if cur["running"] is not None else self._step_index(cur, step)
        cur["running"] = None
        if i is None:
            return
        st = cur["run"]["steps"][i]
        st["duration"] = round(time.perf_counter() - cur["t0"], 6) if cur["t0"] else 0.0
        if verdict is None:
            verdict = _step_verdict(error, cur["run"]["backend"])
        st["verdict"] = verdict
        if error is not None:
            st["error"] = _error(error)
            if verdict == "failed" and type(error).__name__ == "Unsupported":
                from .integrity import reference_refusal

                st["error"] = {**st["error"], "type": "UnsupportedOnReference",
                               "message": reference_refusal(st["error"]["message"])}
        world = cur["world"]
        obs = list(getattr(world, "observations", []) or [])[cur["obs0"]:]
        if obs:
            st["observations"] = [_observation(o, i) for o in obs]
        cur["obs0"] = len(getattr(world, "observations", []) or [])

    def begin_from_item(self, item: pytest.Item) -> bool:
        """A scenario that never reached pytest-bdd (skipped or failed in setup, e.g. a
        capability check in a fixture): build its record from the scenario template."""
        from .bdd_cache import scenario_template

        template = scenario_template(item)
        if template is None:
            return False
        scenario = template.render(_example(item) or {})
        self.begin(item, template.feature, scenario, None)
        return True

    def finish(self, item: pytest.Item, report: pytest.TestReport) -> dict | None:
        cur = self._current.get(item.nodeid)
        # skipped or failed before pytest-bdd began the scenario: in setup, or in the call
        # phase while the scenario's fixtures (world) were set up
        if cur is None and report.when in ("setup", "call") and not report.passed:
            if self.begin_from_item(item):
                cur = self._current.get(item.nodeid)
        if cur is None:
            return None
        run = cur["run"]
        run["duration"] = round(run["duration"] + report.duration, 6)
        if report.skipped:
            reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(
                report.longrepr)
            reason = reason.removeprefix("Skipped: ")
            if reason.startswith("unsupported: "):
                verdict, reason = "unsupported", reason.removeprefix("unsupported: ")
            else:
                verdict = "skipped"
            if run["verdict"] in ("not run", "passed"):
                run["verdict"] = verdict
                run["reason"] = reason
                run["message"] = reason
            if cur["running"] is not None:  # skipped from inside a step
                self.step_done(item, cur["steps"][cur["running"]], None, verdict)
        elif report.failed:
            env = getattr(report, "drakit_environment", None)
            run["verdict"] = "failed" if report.when == "call" and not env else "error"
            run["message"] = _longrepr(report)
            if env:
                run["environment"] = env
            if report.when == "call" and not any(
                    s["verdict"] in ("failed", "error") for s in run["steps"]):
                # the failure came from outside a step body (e.g. a missing step definition)
                for s in run["steps"]:
                    if s["verdict"] == "not run":
                        s["verdict"] = "error"
                        s["error"] = {"type": "Error", "message": run["message"]}
                        break
        elif report.when == "call" and run["verdict"] == "not run":
            run["verdict"] = "passed"
        if report.when == "teardown":
            return self._close(item.nodeid)
        return None

    def _close(self, nodeid: str, interrupted: bool = False) -> dict:
        cur = self._current.pop(nodeid)
        rec, run, world = cur["rec"], cur["run"], cur["world"]
        if interrupted:
            if cur["running"] is not None:
                run["steps"][cur["running"]]["verdict"] = "not run"
                run["steps"][cur["running"]]["error"] = {"type": "Interrupted",
                                                        "message": "interrupted during this step"}
            run["verdict"] = "not run"
            run["message"] = run["reason"] = "the run was interrupted during this scenario"
        # observations recorded outside a step (fixtures, hooks)
        seen = sum(len(s.get("observations", [])) for s in run["steps"])
        rest = list(getattr(world, "observations", []) or [])[seen:] if world else []
        run["observations"] = [_observation(o, None) for o in rest]
        if world is not None:
            run["version"] = getattr(world, "version", run["version"])
            run["gates"] = dict(getattr(world, "gates", {}) or {})
        rec["runs"].append(run)
        _aggregate(rec)
        if rec not in self.scenarios:
            self.scenarios.append(rec)
        return rec

    def merge(self, record: dict) -> dict:
        """Controller side of xdist: one worker's finished run of a scenario."""
        rec_in, run = record["rec"], record["run"]
        rec = self._by_key.get(rec_in["id"])
        if rec is None:
            rec = self._by_key[rec_in["id"]] = {**rec_in, "runs": []}
        rec["runs"].append(run)
        _aggregate(rec)
        if rec not in self.scenarios:
            self.scenarios.append(rec)
        return rec

    def close_all_interrupted(self) -> None:
        for nodeid in list(self._current):
            self._close(nodeid, interrupted=True)

    # ------------------------------------------------------------------ document
    def results(self) -> dict:
        cfg = self.config
        version = cfg.getoption("--k8s-version")
        gates = _parse_gates(cfg.getoption("--gate") or [])
        backend = cfg.getoption("--backend")
        backends = ["reference", "cluster"] if backend == "both" else [backend]
        from drakit.report.cluster import unsupported_table

        from . import integrity, live
        cluster = live.cluster_info(cfg)
        cov = model.coverage(self.requirements, self.scenarios, self.suite(), version)
        return {
            "schema": model.SCHEMA,
            "run_id": self.run_id,
            "complete": self.complete,
            "status": self.status,
            "interrupted_reason": self.interrupted_reason,
            "planned": self.planned,
            "environment": {
                "drakit_version": _version(),
                "backends": backends,
                "k8s_version": version,
                "server_version": (cluster or {}).get("server_version"),
                "cluster": cluster,
                "unsupported_forecast": live.forecast_of(cfg),
                "gates": gates,
                "gate_defaults": _dra_gates(version, gates) if "reference" in backends else {},
                "not_applicable": _not_applicable(cfg),
                "start_time": self.start_time,
                "end_time": model.now_iso(),
                "duration": round(time.time() - self.started, 3),
                "command": " ".join(["pytest", *sys.argv[1:]]),
                "python": platform.python_version(),
                "pytest_bdd": _version("pytest-bdd"),
                "platform": platform.platform(terse=True),
            },
            "requirements_source": "features/requirements.yaml" if self.requirements else None,
            "requirements": self.requirements,
            "summary": model.summarize(self.scenarios),
            "coverage": {"counts": model.coverage_totals(cov), "keps": cov},
            "test_plans": model.test_plan_verdicts(self.test_plans, self.scenarios,
                                                   self.suite(), version),
            "environment_failures": integrity.environment_summary(cfg),
            "unsupported": unsupported_table(self.scenarios,
                                             "cluster" if backend == "both" else None),
            "scenarios": self.scenarios,
        }

    def suite(self) -> list[dict]:
        """Every scenario of features/ (parsed once; pytest-bdd's cache makes it free when
        it already collected them): tells "not in this run" from "no scenario"."""
        if self._suite is None:
            self._suite = model.suite_scenarios(REQUIREMENTS.parent)
        return self._suite

    def write_partial(self) -> None:
        """Rewrite results.json and index.html as "running" (cheap, throttled)."""
        from drakit.report import publish, write_run_dir

        now = time.time()
        if now < self.next_partial:
            return
        try:
            write_run_dir(self.results(), self.run_dir,
                          only=("results.json", "index.html"))
            publish(self.root, self.run_id)
        except OSError:
            pass
        took = time.time() - now
        self.next_partial = time.time() + max(PARTIAL_EVERY, took / PARTIAL_SHARE)

    def write_final(self) -> Path:
        from drakit.report import write_reports

        # under xdist pytest-bdd's own cucumber.json stays empty (its per-report scenario
        # data does not travel from the workers): render it from the merged results
        keep = None if _is_controller(self.config) else self.cucumber_json
        self.final_dir = write_reports(self.results(), self.root, keep)
        return self.final_dir


# ---------------------------------------------------------------------------- helpers

def _aggregate(rec: dict) -> None:
    """A scenario's verdict, message, duration and step verdicts over its runs (one per
    backend; under xdist the runs arrive from different workers)."""
    rec["verdict"] = model.worst(r["verdict"] for r in rec["runs"])
    rec["message"] = next((r["message"] for r in rec["runs"]
                           if r["verdict"] == rec["verdict"] and r["message"]), "")
    rec["duration"] = round(sum(r["duration"] for r in rec["runs"]), 6)
    for i, st in enumerate(rec["steps"]):
        st["verdict"] = model.worst(r["steps"][i]["verdict"] for r in rec["runs"]
                                    if i < len(r["steps"]))


def _step_verdict(error: BaseException | None, backend: str) -> str:
    """A step's verdict from what it raised: an environment failure is an ``error`` (not a
    conformance verdict); ``Unsupported`` is its own verdict on a live cluster and a defect
    (``failed``) on the reference (steps/integrity.py)."""
    if error is None:
        return "passed"
    from .integrity import environment_failure

    if environment_failure(error):
        return "error"
    if type(error).__name__ == "Unsupported":
        return "failed" if backend == "reference" else "unsupported"
    return "failed"


def _step_def(step: Any) -> dict:
    d: dict[str, Any] = {"keyword": step.keyword, "text": step.name, "line": step.line_number,
                         "verdict": "not run"}
    if getattr(step, "docstring", None):
        d["docstring"] = step.docstring
    table = getattr(step, "datatable", None)
    if table is not None:
        try:
            d["datatable"] = [[str(c) for c in row] for row in table.raw()]
        except Exception:  # noqa: BLE001 - tables are decoration in the report
            pass
    return d


def _example(item: pytest.Item) -> dict | None:
    cs = getattr(item, "callspec", None)
    ex = cs.params.get("_pytest_bdd_example") if cs is not None else None
    return {str(k): str(v) for k, v in ex.items()} if ex else None


def _backend_name(item: pytest.Item, world: Any, config: pytest.Config) -> str:
    cs = getattr(item, "callspec", None)
    if cs is not None and isinstance(cs.params.get("backend"), str):
        return cs.params["backend"]
    name = getattr(getattr(world, "backend", None), "name", None)
    return str(name or config.getoption("--backend"))


def _observation(o: Any, step_index: int | None) -> dict:
    d = {"step": getattr(o, "step", ""), "step_index": step_index,
         "expected": model.jsonable(getattr(o, "expected", None)),
         "actual": model.jsonable(getattr(o, "actual", None)),
         "objects": model.jsonable(list(getattr(o, "objects", []) or []))}
    paths = getattr(o, "paths", None)
    if paths:
        d["paths"] = model.jsonable(list(paths))
    return d


def _error(err: BaseException) -> dict:
    text = str(err).strip() or type(err).__name__
    if len(text) > 8000:
        text = text[:8000] + " …"
    loc = ""
    for fr in reversed(traceback.extract_tb(err.__traceback__)):
        if "/steps/" in fr.filename.replace("\\", "/") or "/drakit/" in fr.filename:
            loc = f"{Path(fr.filename).parent.name}/{Path(fr.filename).name}:{fr.lineno}"
            break
    d = {"type": type(err).__name__, "message": text}
    if loc:
        d["location"] = loc
    return d


def _version(dist: str = "drakit") -> str:
    try:
        from importlib.metadata import version

        return version(dist)
    except Exception:  # noqa: BLE001 - running from a plain checkout
        return "unknown"


def _parse_gates(items: list[str]) -> dict[str, bool]:
    out: dict[str, bool] = {}
    for item in items:
        for part in str(item).split(","):
            name, _, val = part.strip().partition("=")
            if name:
                out[name] = val.strip().lower() == "true"
    return out


def _not_applicable(cfg: pytest.Config) -> list[dict]:
    """Scenarios deselected by @since/@until (steps/conftest.py), with their reasons."""
    from .conftest import not_applicable

    return [{k: r[k] for k in ("name", "feature", "version", "bound", "reason")}
            for r in not_applicable(cfg)]


def _dra_gates(version: str, overrides: dict[str, bool]) -> dict[str, bool]:
    """Effective values of the gates the KEPs name, as the reference runs them."""
    try:
        from drakit.features import FeatureGates
        from drakit.report.keps import KEPS

        fg = FeatureGates(version, overrides)
        names = {"DynamicResourceAllocation"} | {g for k in KEPS.values() for g in k.gates}
        return {n: fg.enabled(n) for n in sorted(names) if n in fg}
    except Exception:  # noqa: BLE001 - informative only
        return {}


def _longrepr(report: pytest.TestReport) -> str:
    crash = getattr(report.longrepr, "reprcrash", None)
    if crash is not None:
        return crash.message
    return str(report.longrepr)[-4000:]


# ---------------------------------------------------------------------------- hooks

def configure(config: pytest.Config) -> None:
    """Start collecting; point pytest-bdd's cucumber JSON into this run's directory."""
    if config.getoption("--reports-dir", None) is None:
        return
    c = Collector(config)
    config.stash[RESULTS_KEY] = {"collector": c}
    _CONFIG_REF["config"] = config
    if _is_worker(config):  # the controller writes; a worker only sends its records
        c.run_id = config.workerinput.get("drakit_run_id", c.run_id)
        c.run_dir = c.root / c.run_id
        return
    if not getattr(config.option, "cucumber_json_path", None):
        c.run_dir.mkdir(parents=True, exist_ok=True)
        config.option.cucumber_json_path = str(c.run_dir / "cucumber.json")
    c.cucumber_json = Path(config.option.cucumber_json_path)


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def _is_controller(config: pytest.Config) -> bool:
    """The xdist controller (its workers run the scenarios)."""
    return not _is_worker(config) and getattr(config.option, "numprocesses", None) not in (
        None, 0) and config.pluginmanager.has_plugin("dsession")


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    c = _collector(node.config)
    if c is not None:
        node.workerinput["drakit_run_id"] = c.run_id


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids) -> None:
    c = _collector(node.config)
    if c is not None:
        first = not c.planned
        c.planned = max(c.planned, len(ids))
        tr = node.config.pluginmanager.get_plugin("terminalreporter")
        if first and tr is not None and _progress_lines(node.config):
            tr.write_line(f"drakit: {c.planned} scenarios -> {c.run_dir}")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Controller: merge a worker's scenario record (before compare.py looks at it)."""
    raw = getattr(report, "drakit_record", None)
    config = _CONFIG_REF.get("config")
    if config is not None and _is_controller(config):
        report._drakit_logging = True  # pytest's progress output is ours (cleared below)
    if raw is None or config is None or _is_worker(config):
        return
    c = _collector(config)
    if c is None:
        return
    rec = c.merge(json.loads(raw))
    if _progress_lines(config):
        _print_progress(config, rec)
    c.write_partial()


@pytest.hookimpl(trylast=True, specname="pytest_runtest_logreport")
def pytest_runtest_logreport_done(report: pytest.TestReport) -> None:
    """After pytest's terminal reporter saw the report: the short test summary at the end
    asks pytest_report_teststatus again and must get pytest's own words ("FAILED")."""
    if getattr(report, "_drakit_logging", False):
        report._drakit_logging = False


_CONFIG_REF: dict[str, pytest.Config] = {}


def _collector(config: pytest.Config) -> Collector | None:
    d = config.stash.get(RESULTS_KEY, None)
    return d["collector"] if d else None


def _progress_lines(config: pytest.Config) -> bool:
    return (config.get_verbosity() == 0
            and not getattr(config.option, "gherkin_terminal_reporter", False)
            and config.pluginmanager.get_plugin("terminalreporter") is not None)


def _is_scenario(item: pytest.Item) -> bool:
    """A pytest-bdd scenario (not a unit test collected in the same session, as a bare
    ``pytest`` at the repository root collects both)."""
    from .bdd_cache import scenario_template

    return scenario_template(item) is not None


def pytest_collection_finish(session: pytest.Session) -> None:
    c = _collector(session.config)
    if c is not None and not _is_worker(session.config):
        c.planned = sum(1 for item in session.items if _is_scenario(item))
        if not c.planned and not _is_controller(session.config):
            _drop_cucumber_json(session.config)  # an empty selection writes nothing
            return
        tr = session.config.pluginmanager.get_plugin("terminalreporter")
        if tr is not None and _progress_lines(session.config):
            tr.showfspath = False  # one line per scenario instead of "file.py ...."
            tr.write_line(f"drakit: {c.planned} scenarios -> {c.run_dir}")


def _drop_cucumber_json(config: pytest.Config) -> None:
    xml = getattr(config, "_bddcucumberjson", None)
    if xml is not None:
        del config._bddcucumberjson
        config.pluginmanager.unregister(xml)


def pytest_bdd_before_scenario(request, feature, scenario) -> None:
    c = _collector(request.config)
    if c:
        world = request.getfixturevalue("world")
        request.node._drakit_world = world
        c.begin(request.node, feature, scenario, world)


def pytest_bdd_before_step(request, feature, scenario, step, step_func) -> None:
    c = _collector(request.config)
    if c:
        c.step_start(request.node, step)


def pytest_bdd_after_step(request, feature, scenario, step, step_func, step_func_args) -> None:
    c = _collector(request.config)
    if c:
        c.step_done(request.node, step, None)


def pytest_bdd_step_error(request, feature, scenario, step, step_func, step_func_args,
                          exception) -> None:
    c = _collector(request.config)
    if c:
        c.step_done(request.node, step, exception)


def pytest_bdd_step_func_lookup_error(request, feature, scenario, step, exception) -> None:
    c = _collector(request.config)
    if c:
        c.step_start(request.node, step)
        c.step_done(request.node, step, exception, "error")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    c = _collector(item.config)
    if c is None:
        return
    report = outcome.get_result()
    rec = c.finish(item, report)
    _compact_longrepr(item, report, c)
    if rec is not None and _is_worker(item.config):
        report.drakit_record = json.dumps({"rec": {k: v for k, v in rec.items() if k != "runs"},
                                           "run": rec["runs"][-1]}, default=str)
        return
    if rec is not None:
        if _progress_lines(item.config):
            _print_progress(item.config, rec)
        c.write_partial()


@pytest.hookimpl(wrapper=True)
def pytest_report_teststatus(report, config):
    """Our own line per scenario replaces pytest's dots (default verbosity only)."""
    res = yield
    if _unsupported_reason(report) is not None and isinstance(res, tuple) and len(res) == 3 \
            and res[0] == "skipped":
        # pytest's closing line says "3 unsupported", not "3 skipped" (not a skip: the
        # backend cannot exercise the scenario; the reasons are grouped at the end)
        res = ("unsupported", "u", ("UNSUPPORTED", {"yellow": True}))
    c = _collector(config)
    if (c is not None and _progress_lines(config)
            and (report.nodeid in c._current or getattr(report, "_drakit_logging", False))
            and isinstance(res, tuple) and len(res) == 3):
        return res[0], "", ""
    return res


def _print_progress(config: pytest.Config, rec: dict) -> None:
    from drakit.report.failures import shorten

    tr = config.pluginmanager.get_plugin("terminalreporter")
    if tr is None:
        return
    run = rec["runs"][-1]
    word, markup = _MARK.get(run["verdict"], ("?", {}))
    ex = rec.get("example")
    name = rec["name"] + (" [" + ", ".join(f"{v}" for v in ex.values()) + "]" if ex else "")
    name = shorten(name, 110)
    kep = keps.label(rec["kep"]) if rec.get("kep") else "-"
    backend = f" ({run['backend']})" if config.getoption("--backend") == "both" else ""
    tr.ensure_newline()
    tr.write(f"  {word:<5} ", **markup)
    tr.write(f"{kep:<9} {name}{backend}")
    extra = ""
    if run["verdict"] in ("unsupported", "skipped") and run.get("reason"):
        extra = f"  — {shorten(run['reason'], 100)}"
    tr.write_line(f"{extra}  {run['duration'] * 1000:.0f} ms")
    if run["verdict"] in ("failed", "error"):
        width = max(getattr(tr._tw, "fullwidth", 80), 120) - 18
        for label, text in failure_lines(rec, run):
            tr.write_line(f"        {label:<9} {shorten(text, width)}",
                          **({"red": True} if label == "observed" else {}))


def failure_lines(rec: dict, run: dict) -> list[tuple[str, str]]:
    """Under a FAIL/ERROR line: the failing step, then expected and observed (or the first
    line of the assertion when the observation shows no difference)."""
    from drakit.report.failures import summarize

    f = summarize(rec, run)
    lines: list[tuple[str, str]] = []
    if f["step"]:
        lines.append(("step", f["step"]))
    if f["expected"]:
        lines += [("expected", f["expected"]), ("observed", f["observed"])]
    else:
        first = next((ln.strip() for ln in f["message"].splitlines() if ln.strip()), "")
        if first:
            lines.append(("reason", first))
    return lines


def _compact_failures(config: pytest.Config) -> bool:
    """FAILURES shows the step, the expectation and the observation, no traceback: at
    default verbosity and ``--tb=auto`` only (``-v`` or an explicit ``--tb`` keep pytest's)."""
    return (config.get_verbosity() == 0 and getattr(config.option, "tbstyle", "auto") == "auto"
            and not getattr(config.option, "gherkin_terminal_reporter", False))


def _compact_longrepr(item: pytest.Item, report: pytest.TestReport, c: Collector) -> None:
    """Replace the traceback of an unmet expectation (AssertionError in a step) by what
    failed; other exceptions in a step are harness bugs and keep their traceback."""
    if report.when != "call" or not report.failed or not _compact_failures(item.config):
        return
    cur = c._current.get(item.nodeid)
    if cur is None:
        return
    rec, run = cur["rec"], cur["run"]
    from drakit.report.failures import failing_step, summarize

    i = failing_step(rec, run)
    if i is None or (run["steps"][i].get("error") or {}).get("type") not in (
            "AssertionError", "UnsupportedOnReference"):  # a reference refusal is a verdict too
        return
    f = summarize(rec, run)
    kep = keps.label(rec["kep"]) if rec.get("kep") else "no KEP"
    lines = [f"Scenario: {rec['name']}  ({kep}, {rec.get('feature_file', '')}:"
             f"{rec.get('line', '')})",
             f"Failing step (line {f['step_line']}): {f['step']}"]
    msg = f["message"].splitlines()
    lines += msg[:40] + ([f"... ({len(msg) - 40} more lines)"] if len(msg) > 40 else [])
    if f["expected"]:
        lines += [f"expected: {f['expected']}", f"observed: {f['observed']}"]
    at = f"at {f['location']} " if f["location"] else ""
    lines.append(f"{at}({f['error_type']}); run with -v for the traceback")
    report.longrepr = "\n".join(lines)


def _unsupported_reason(report: pytest.TestReport) -> str | None:
    if not report.skipped or not isinstance(report.longrepr, tuple):
        return None
    reason = str(report.longrepr[2]).removeprefix("Skipped: ")
    return reason.removeprefix("unsupported: ") if reason.startswith("unsupported: ") else None


def _print_counts_and_coverage(tr, c: Collector) -> None:
    """Scenarios and example rows counted apart; one line on requirement coverage, one on
    the KEP test plans; environment failures (never conformance verdicts)."""
    r = c.results()
    tr.write_line(model.counts_text(model.scenario_counts(c.scenarios)))
    counts = r["coverage"]["counts"]
    tr.write_line(model.coverage_line(counts),
                  **({"red": True} if counts.get("failing") else {}))
    plans = [e["verdict"] for entries in r["test_plans"].values() for e in entries]
    if plans:
        tr.write_line("KEP test plans: " + ", ".join(
            f"{plans.count(v)} {v}" for v in model.PLAN_STATES if plans.count(v)))
    env = r["environment_failures"]
    if env["count"]:
        tr.write_line(f"{env['count']} scenario{'s' if env['count'] != 1 else ''} met an "
                      f"environment failure (errors, not conformance verdicts); last: "
                      f"{env['last']}", red=True, bold=True)


def _print_unsupported(config: pytest.Config, c: Collector) -> None:
    """After the run: the unsupported scenarios grouped by reason (every backend)."""
    from drakit.report.cluster import unsupported_table

    from . import live
    backend = "cluster" if config.getoption("--backend") == "both" else None
    table = unsupported_table(c.scenarios, backend)
    if live.live(config):  # "N scenarios were unsupported on this cluster:"
        live.print_forecast(config, {t["reason"]: t["scenarios"] for t in table}, "were")
        return
    tr = config.pluginmanager.get_plugin("terminalreporter")
    if tr is None or not table:
        return
    total = sum(t["count"] for t in table)
    where = config.getoption("--backend")
    tr.write_line(f"drakit: {total} scenario{'s were' if total != 1 else ' was'} unsupported "
                  f"on the {where} backend (not failures; the report lists them):")
    for t in table:
        tr.write_line(f"  {t['count']:>4}  {t['reason']}")


def pytest_keyboard_interrupt(excinfo) -> None:  # config not passed: mark every collector
    _INTERRUPTS.append(f"interrupted ({excinfo.typename})")


_INTERRUPTS: list[str] = []


def pytest_internalerror(excrepr, excinfo) -> None:
    _INTERRUPTS.append(f"internal error: {excinfo.typename}: {excinfo.value}")


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    c = _collector(session.config)
    if c is None or _is_worker(session.config):
        return
    c.close_all_interrupted()
    if empty_selection(c, exitstatus):
        _INTERRUPTS.clear()
        # an xdist controller collects nothing itself, so collection could not tell; without
        # this pytest-bdd would name a cucumber.json that pytest_unconfigure then removes
        _drop_cucumber_json(session.config)
        return  # nothing ran: the last report stays published (pytest_unconfigure tidies)
    interrupted = exitstatus not in (0, 1, 5) or bool(_INTERRUPTS) or bool(session.shouldstop)
    # with --backend=both a scenario is two collected items (one run per backend)
    ran = sum(max(len(rec.get("runs") or ()), 1) for rec in c.scenarios)
    if interrupted:
        c.status = "interrupted"
        # a stop a plugin asked for (environment failures) says why; pytest then raises
        # Interrupted, which also reaches pytest_keyboard_interrupt
        c.interrupted_reason = (str(session.shouldstop) if isinstance(session.shouldstop, str)
                                and session.shouldstop else
                                _INTERRUPTS[-1] if _INTERRUPTS else
                                f"pytest exit status {int(exitstatus)}")
    elif c.planned and ran < c.planned:
        c.status = "partial"
        c.interrupted_reason = f"{c.planned - ran} collected items did not run"
    else:
        c.status = "finished"
    c.complete = c.status == "finished"
    _INTERRUPTS.clear()
    c.write_final()


def empty_selection(c: Collector, exitstatus: int) -> bool:
    """Nothing was selected to run: ``-k nosuchscenario`` (pytest's exit status 5), or a
    usage error found after collection (exit status 4). No report is written for it: the
    last one stays published."""
    if c.scenarios:
        return False
    if int(exitstatus) == int(pytest.ExitCode.USAGE_ERROR):
        return True
    return int(exitstatus) == int(pytest.ExitCode.NO_TESTS_COLLECTED) and not c.planned


def empty_selection_line(config: pytest.Config, c: Collector) -> str:
    """One line: what was selected, how to list the scenarios, that the last report stays."""
    what = []
    if getattr(config.option, "keyword", ""):
        what.append(f"-k {config.option.keyword!r}")
    if getattr(config.option, "markexpr", ""):
        what.append(f"-m {config.option.markexpr!r}")
    na = len(_not_applicable(config))
    sel = " and ".join(what) or "the given paths"
    counts = []
    if c.deselected - na > 0:
        counts.append(f"{c.deselected - na} deselected")
    if na:
        counts.append(f"{na} not applicable at {config.getoption('--k8s-version')}")
    latest = c.root / "latest"
    keep = (f"the last report stays at {latest}" if latest.exists()
            else "no report was written")
    return (f"drakit: no scenario selected: {sel} matched none"
            + (f" ({', '.join(counts)})" if counts else "")
            + "; list the scenarios with `pytest steps --collect-only -q` "
            f"(names for -k, tags such as kep-5004 for -m); {keep}")


def pytest_deselected(items) -> None:
    config = _CONFIG_REF.get("config")
    c = _collector(config) if config is not None else None
    if c is not None:
        c.deselected += len(items)


def pytest_unconfigure(config: pytest.Config) -> None:
    """An empty selection leaves no run directory behind (pytest-bdd wrote an empty
    cucumber.json there); a run directory with a report is never touched."""
    c = _collector(config)
    if c is None or _is_worker(config) or c.final_dir is not None or c.scenarios:
        return
    import shutil

    left = {p.name for p in c.run_dir.iterdir()} if c.run_dir.is_dir() else set()
    if left <= {"cucumber.json"}:
        shutil.rmtree(c.run_dir, ignore_errors=True)


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    c = _collector(config)
    if c is not None and c.final_dir is None and not _is_worker(config) \
            and int(exitstatus) == int(pytest.ExitCode.NO_TESTS_COLLECTED) \
            and empty_selection(c, exitstatus):
        terminalreporter.write_line(empty_selection_line(config, c), yellow=True, bold=True)
        return
    if c is None or c.final_dir is None:
        return
    tr = terminalreporter
    groups = model.by_kep(c.scenarios)
    cols = model.VERDICTS
    tr.write_sep("=", "drakit conformance summary")
    tr.write_line(f"{'KEP':<10}" + "".join(f"{v:>12}" for v in cols) + f"{'total':>8}")
    total = dict.fromkeys(cols, 0)
    for kep, scen in groups.items():
        counts = model.kep_counts(scen)
        for v in cols:
            total[v] += counts[v]
        tr.write_line(f"{keps.label(kep):<10}"
                      + "".join(f"{counts[v]:>12}" for v in cols) + f"{len(scen):>8}")
    tr.write_line(f"{'all':<10}" + "".join(f"{total[v]:>12}" for v in cols)
                  + f"{len(c.scenarios):>8}", bold=True)
    _print_counts_and_coverage(tr, c)
    _print_unsupported(config, c)
    if not c.complete:
        tr.write_line(f"INCOMPLETE report: {c.interrupted_reason}", yellow=True, bold=True)
    index = c.final_dir / "index.html"
    tr.write_line(f"report: {index}")
    tr.write_line(f"        (also {c.root / 'index.html'}, {c.root / 'latest'}/)")
