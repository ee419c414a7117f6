"""pytest wiring of the conformance suite: options, the backend, the per-scenario world."""

from __future__ import annotations

import functools

import pytest

from .backends.base import Unsupported

# Step definitions become visible to every feature by living in this conftest's namespace:
# the generic ones, then every ``steps/*_steps.py`` module (one per area), found by name so
# adding an area never means editing this file.
from .builders import *  # noqa: E402,F403
from .common import *  # noqa: E402,F403
from .world import World


def _import_step_modules() -> None:
    import importlib
    from pathlib import Path

    for path in sorted(Path(__file__).parent.glob("*_steps.py")):
        mod = importlib.import_module(f"{__package__}.{path.stem}")
        for attr, value in vars(mod).items():
            if not attr.startswith("__"):
                globals().setdefault(attr, value)


_import_step_modules()

DEFAULT_VERSION = "1.37"
VERSIONS = ("1.34", "1.35", "1.36", "1.37")
"""The Kubernetes releases the suite knows (the reference emulates each; docs/versions.md)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    g = parser.getgroup("drakit", "drakit conformance suite")
    g.addoption("--backend", default="reference", choices=("reference", "cluster", "both"),
                help="where scenarios run: the embedded reference (default), a live cluster "
                     "(kubeconfig), or both side by side")
    g.addoption("--k8s-version", default=DEFAULT_VERSION, choices=VERSIONS,
                help="Kubernetes version for scenarios without a @version tag (the reference "
                     "emulates it; a cluster must run it). Scenarios tagged @since:X with a "
                     "newer X are not applicable and are deselected with their reason")
    g.addoption("--gate", action="append", default=[], metavar="NAME=BOOL",
                help="feature gate override for every scenario; repeatable")
    g.addoption("--kubeconfig", default=None, help="kubeconfig for --backend=cluster")
    g.addoption("--context", default=None, help="kubeconfig context for --backend=cluster")
    g.addoption("--reports-dir", default="reports", help="where the reports are written")
    g.addoption("--max-environment-failures", default=3, type=int, metavar="N",
                help="stop the run after N scenarios in a row met an environment failure "
                     "(unreachable cluster, network timeout): they are errors, not "
                     "conformance verdicts; 0 never stops (default 3)")
    g.addoption("--wait-timeout", default=None, type=float,
                help="seconds a waiting step polls a live cluster before failing "
                     "(--backend=cluster/both; default 60, or DRAKIT_WAIT_TIMEOUT)")
    g.addoption("--node-agent", default=None, metavar="WHERE",
                help="how kubelet/PodResources steps reach a node on a live cluster: "
                     "exec[:NAMESPACE] (the drakit node agent DaemonSet, via pods/exec) or "
                     "unix:PATH with {node} (agents on local sockets, e.g. drakit serve "
                     "--node-agents DIR); default DRAKIT_NODE_AGENT (docs/live-cluster.md)")
    g.addoption("--driver-profile", default=None, metavar="FILE",
                help="kubelet scenarios on the real nodes and the real DRA driver this YAML "
                     "file names (--backend=cluster/both); default DRAKIT_DRIVER_PROFILE "
                     "(docs/live-cluster.md)")


def pytest_configure(config: pytest.Config) -> None:
    from . import bdd_cache, integrity, reporting

    bdd_cache.install()  # pytest-bdd's step search and feature parsing, remembered
    if _only_features(config):
        # Hypothesis's pytest plugin imports all of Hypothesis for its terminal summary at
        # the end of every pytest process (~0.5 s each: the run, every xdist worker); no
        # scenario uses Hypothesis, so a features-only run goes without the plugin
        config.pluginmanager.set_blocked("hypothesispytest")
    # option errors first: one usage error, before a run directory or a scenario exists
    integrity.check_options(config)
    if not config.pluginmanager.has_plugin("drakit-integrity"):
        config.pluginmanager.register(integrity, "drakit-integrity")
    if not config.pluginmanager.has_plugin("drakit-reporting"):
        config.pluginmanager.register(reporting, "drakit-reporting")
        reporting.configure(config)
    if not config.pluginmanager.has_plugin("drakit-compare"):
        from . import compare

        config.pluginmanager.register(compare, "drakit-compare")
        compare.pytest_configure(config)
    if not config.pluginmanager.has_plugin("drakit-live"):
        from . import live  # live clusters: preflight, unsupported forecast, xdist hand-over

        config.pluginmanager.register(live, "drakit-live")


def _only_features(config: pytest.Config) -> bool:
    """Whether every path pytest was given lies in steps/ (a features-only run)."""
    from pathlib import Path

    here = Path(__file__).resolve().parent
    base = Path(config.invocation_params.dir)
    paths = [(base / str(a).split("::", 1)[0]).resolve() for a in config.args]
    return bool(paths) and all(p == here or here in p.parents for p in paths)


BOTH = ("reference", "cluster")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``--backend=both``: every scenario runs twice, parametrized by ``backend`` (the name
    the report reads from ``callspec.params``); steps/compare.py pairs the two runs."""
    if metafunc.config.getoption("--backend") != "both":
        return
    if not metafunc.definition.nodeid.startswith("steps/") and \
            "test_features" not in metafunc.module.__name__:
        return
    if "backend" not in metafunc.fixturenames:
        metafunc.fixturenames.append("backend")
    metafunc.parametrize("backend", BOTH, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """Which backend this run of the scenario uses (parametrized with --backend=both)."""
    return getattr(request, "param", None) or request.config.getoption("--backend")


def _make_backend(config: pytest.Config, which: str | None = None, tags: set[str] = frozenset()):
    which = which or config.getoption("--backend")
    if which == "reference":
        from .backends.reference import ReferenceBackend
        return ReferenceBackend()
    if which == "cluster":
        from . import live
        from .backends.cluster import ClusterBackend
        return ClusterBackend(options=live.options(config), tags=set(tags))
    raise pytest.UsageError(f"--backend={which}: choose reference, cluster or both")


def parse_gates(items: list[str]) -> dict[str, bool]:
    """``--gate A=true --gate B=false,C=true`` -> {"A": True, "B": False, "C": True}."""
    out: dict[str, bool] = {}
    for item in items:
        for part in item.split(","):
            name, sep, val = part.strip().partition("=")
            if not name:
                continue
            if not sep or val.lower() not in ("true", "false"):
                raise pytest.UsageError(f"--gate {part!r}: write NAME=true or NAME=false")
            out[name] = val.lower() == "true"
    return out


def _sets_gate(request: pytest.FixtureRequest, gate: str) -> bool:
    """Whether the scenario sets the feature gate ``gate`` itself before anything else: among
    its leading gate steps (Background included). A later step that turns the gate off, or
    one after the cluster started (objects were created with it on), needs it on first."""
    from .bdd_cache import scenario_template

    template = scenario_template(request.node)
    if template is None:
        return False
    for step in template.steps:
        if not step.name.startswith("the feature gate "):
            return False
        if step.name.startswith(f"the feature gate {gate} is "):
            return True
    return False


def _scenario_tags(request: pytest.FixtureRequest) -> set[str]:
    return {m.name for m in request.node.iter_markers()}


def scenario_version(config: pytest.Config, tags: set[str]) -> str:
    """The Kubernetes version a scenario runs at: its @version tag, else --k8s-version."""
    version = config.getoption("--k8s-version")
    for t in tags:
        if t.startswith("version:"):
            version = t.split(":", 1)[1]
    return version


@pytest.fixture
def world(request: pytest.FixtureRequest):
    config = request.config
    tags = _scenario_tags(request)
    version = scenario_version(config, tags)
    gates = parse_gates(config.getoption("--gate"))  # checked at configure (integrity.py)
    # ``@needs-gate:X``: the scenario is about a feature that needs gate X on. Where X is off
    # by default (an alpha gate of an older release) the reference starts with it on, as a
    # cluster whose admin enabled it; a live cluster must run with it on (the cluster
    # backend reports the scenario unsupported otherwise). --gate and gate steps still win.
    for t in sorted(tags):
        if t.startswith("needs-gate:"):
            gate = t.split(":", 1)[1]
            if gates.get(gate) is False and not _sets_gate(request, gate):
                # --gate X=false: what a cluster without X reports (a scenario that sets X
                # itself, e.g. to test the gate off, runs)
                pytest.skip(f"unsupported: the scenario needs the feature gate {gate}=true; "
                            f"the run forces --gate {gate}=false")
            gates.setdefault(gate, True)
    which = getattr(getattr(request.node, "callspec", None), "params", {}).get(
        "backend") if config.getoption("--backend") == "both" else None
    w = World(backend=_make_backend(config, which, tags), scenario=request.node.name,
              version=version, gates=gates)
    request.node.stash[WORLD_KEY] = w
    yield w
    if w.started:
        w.backend.end_scenario()


WORLD_KEY = pytest.StashKey[World]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """``Unsupported`` from a live cluster is its own verdict (a skip whose reason starts
    with "unsupported:"); from the reference it is a defect and fails the scenario, as does
    a passing scenario whose reference components hit an internal error or whose caches
    drifted from the stored objects (steps/integrity.py)."""
    from . import integrity

    outcome = yield
    exc = outcome.excinfo
    if exc is None and integrity.item_backend(item) == "reference":
        w = item.stash.get(WORLD_KEY, None)
        internal = w.backend.internal_errors() if w is not None and w.started else []
        drift = w.backend.cache_mismatches() if w is not None and w.started and not internal else []
        restart = w.backend.writes_after_restart() \
            if w is not None and w.started and not internal and not drift else []
        if internal:
            outcome.force_exception(integrity.ReferenceInternalError(
                integrity.reference_internal_errors(internal)))
        elif drift:
            outcome.force_exception(integrity.ReferenceCacheDrift(
                integrity.reference_cache_drift(drift)))
        elif restart:
            outcome.force_exception(integrity.ReferenceNotSettled(
                integrity.reference_not_settled(restart)))
    if exc is not None and issubclass(exc[0], Unsupported):
        if integrity.item_backend(item) == "reference":
            w = item.stash.get(WORLD_KEY, None)
            conflict = integrity.gate_conflict(item.config, w.version, dict(w.gates)) \
                if w is not None else None
            if conflict:
                outcome.force_exception(pytest.skip.Exception(f"unsupported: {conflict}"))
            else:
                outcome.force_exception(integrity.UnsupportedOnReference(
                    integrity.reference_refusal(exc[1])))
        else:
            outcome.force_exception(pytest.skip.Exception(f"unsupported: {exc[1]}"))


def pytest_bdd_apply_tag(tag: str, function):
    """Gherkin tags (``@kep-5004``, ``@req:5004-R02``, ``@gate:X``) become markers without
    "unknown mark" warnings: they are data for selection (-m) and for the report."""
    from _pytest.mark.structures import Mark, MarkDecorator

    MarkDecorator(Mark(tag, (), {}, _ispytest=True), _ispytest=True)(function)
    return True


def _known_step_texts() -> list[str]:
    """The sentences the step modules define (their patterns as written), for hints."""
    import re
    from pathlib import Path

    pat = re.compile(r'@(given|when|then)\((?:parsers\.\w+\()?r?"((?:[^"\\]|\\.)*)"')
    out = []
    for path in sorted(Path(__file__).parent.glob("*.py")):
        for kind, text in pat.findall(path.read_text(encoding="utf-8")):
            out.append(f"{kind.capitalize()} {text}")
    return out


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """An unknown step fails with one line plus the closest known sentences (what to do)."""
    outcome = yield
    rep = outcome.get_result()
    exc = call.excinfo
    if rep.when != "call" or exc is None or type(exc.value).__name__ != \
            "StepDefinitionNotFoundError":
        return
    import difflib
    import re

    m = re.search(r'Step definition is not found: (\w+) "([^"]*)"', str(exc.value))
    wanted = f"{m.group(1)} {m.group(2)}" if m else str(exc.value)
    close = difflib.get_close_matches(wanted, _known_step_texts(), n=3, cutoff=0.4)
    hint = ("did you mean: " + " | ".join(close)) if close else \
        "no similar step exists; add one in steps/<area>_steps.py"
    rep.longrepr = f"{exc.value}\nhint: {hint}"


# ---------------------------------------------------------------------------- versions
#
# ``@since:X`` on a Scenario, Rule or Feature says the scenario cannot exist before Kubernetes
# X (its API, gate or behaviour arrives in X); ``@until:X`` that it cannot exist after X (e.g.
# a gate-off scenario once the gate is locked on). The reason is the comment right above the
# tag line, ``# since X: <reason>`` / ``# until X: <reason>``; collection fails when it is
# missing. A scenario whose version (its ``@version`` tag, else --k8s-version) is outside is
# deselected and listed as "not applicable at <version>: <reason>" in the terminal and in the
# report, never run and never counted as unsupported.

NOT_APPLICABLE_KEY = pytest.StashKey[list]()
_BOUND_COMMENT = __import__("re").compile(
    r"^\s*#\s*(since|until)\s+(\d+\.\d+)\s*:\s*(.+?)\s*$")


def _vt(v: str) -> tuple[int, ...]:
    return tuple(int(x) for x in v.split("."))


def _item_version(item: pytest.Item) -> str:
    for m in item.iter_markers():
        if m.name.startswith("version:"):
            return m.name.split(":", 1)[1]
    return item.config.getoption("--k8s-version")


def _bounds(item: pytest.Item) -> tuple[str | None, str | None]:
    """(newest ``@since``, oldest ``@until``) of the item, None where absent."""
    since = [m.name.split(":", 1)[1] for m in item.iter_markers() if m.name.startswith("since:")]
    until = [m.name.split(":", 1)[1] for m in item.iter_markers() if m.name.startswith("until:")]
    return (max(since, key=_vt) if since else None, min(until, key=_vt) if until else None)


def _template(item: pytest.Item):
    from .bdd_cache import scenario_template

    return scenario_template(item)


def _header_lines(lines: list[str], keyword_line: int) -> list[str]:
    """The tag and comment lines right above the 1-based ``keyword_line``."""
    out = []
    i = keyword_line - 2
    while i >= 0 and (lines[i].strip().startswith(("@", "#")) or not lines[i].strip()):
        out.append(lines[i])
        i -= 1
    return out


@functools.cache
def _feature_lines(path: str) -> tuple[str, ...]:
    """A feature file's lines, read once per process: every bounded scenario looks up its
    reason comment (collection read each file once per scenario, a third of its time)."""
    with open(path, encoding="utf-8") as f:
        return tuple(f.read().splitlines())


def bound_reason(item: pytest.Item, kind: str, version: str) -> str:
    """The ``# since X: reason`` (or ``# until X:``) comment above the tag line that carries
    ``@since:X`` (``@until:X``): the scenario's own tags, else its Rule's, else its Feature's."""
    t = _template(item)
    if t is None:
        raise pytest.UsageError(f"{item.nodeid}: @{kind}:{version} on a non-scenario item")
    path = t.feature.filename
    lines = _feature_lines(path)
    anchors = [t.line_number]
    if t.rule is not None:
        for i in range(t.line_number - 1, -1, -1):
            text = lines[i].strip()
            if text.startswith("Rule:") and text[len("Rule:"):].strip() == t.rule.name:
                anchors.append(i + 1)
                break
    anchors.append(t.feature.line_number)
    tag = f"@{kind}:{version}"
    for anchor in anchors:
        header = _header_lines(lines, anchor)
        if not any(tag in h.split() for h in header):
            continue
        for h in header:
            m = _BOUND_COMMENT.match(h)
            if m and m.group(1) == kind and m.group(2) == version:
                return m.group(3)
        break
    raise pytest.UsageError(
        f"{path}:{t.line_number}: scenario {t.name!r} is tagged {tag} but has no "
        f"'# {kind} {version}: <reason>' comment right above that tag line")


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    keep, dropped, not_applicable = [], [], []
    for item in items:
        since, until = _bounds(item)
        if since is None and until is None:
            keep.append(item)
            continue
        version = _item_version(item)
        reason = None
        if since is not None:
            r = bound_reason(item, "since", since)
            if _vt(version) < _vt(since):
                reason, bound = r, f"since:{since}"
        if until is not None:
            r = bound_reason(item, "until", until)
            if reason is None and _vt(version) > _vt(until):
                reason, bound = r, f"until:{until}"
        if reason is None:
            keep.append(item)
            continue
        dropped.append(item)
        t = _template(item)
        not_applicable.append({"nodeid": item.nodeid, "name": t.name if t else item.name,
                               "feature": t.feature.rel_filename if t else "",
                               "version": version, "bound": bound, "reason": reason})
    config.stash[NOT_APPLICABLE_KEY] = not_applicable
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


def not_applicable(config: pytest.Config) -> list[dict]:
    """Scenarios deselected because they cannot exist at the selected version."""
    return config.stash.get(NOT_APPLICABLE_KEY, [])


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    rows = not_applicable(config)
    if not rows:
        return
    tr = terminalreporter
    tr.write_sep("-", f"{len(rows)} scenarios not applicable at this version "
                      "(deselected by @since/@until)")
    seen = set()
    for r in rows:
        key = (r["feature"], r["name"], r["version"])
        if key in seen:  # outline examples and --backend=both share one line
            continue
        seen.add(key)
        tr.write_line(f"not applicable at {r['version']}: {r['reason']}  "
                      f"[{r['feature']}: {r['name']}]")


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """Freeze what start-up and collection made (modules, the kubernetes client, parsed
    features) out of the garbage collector's reach: pytest runs a full ``gc.collect()``
    after every test (its unraisable-exception check), and walking those hundreds of
    thousands of long-lived objects 450 times was seconds of CPU per run."""
    import gc

    gc.freeze()
