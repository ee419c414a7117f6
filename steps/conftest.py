"""pytest wiring of the conformance suite: options, the backend, the per-scenario world."""

from __future__ import annotations

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


def pytest_addoption(parser: pytest.Parser) -> None:
    g = parser.getgroup("drakit", "drakit conformance suite")
    g.addoption("--backend", default="reference", choices=("reference", "cluster", "both"),
                help="where scenarios run: the embedded reference (default), a live cluster "
                     "(kubeconfig), or both side by side")
    g.addoption("--k8s-version", default=DEFAULT_VERSION, choices=("1.36", "1.37"),
                help="emulated Kubernetes version for scenarios without a @version tag")
    g.addoption("--gate", action="append", default=[], metavar="NAME=BOOL",
                help="feature gate override for every scenario; repeatable")
    g.addoption("--kubeconfig", default=None, help="kubeconfig for --backend=cluster")
    g.addoption("--context", default=None, help="kubeconfig context for --backend=cluster")
    g.addoption("--reports-dir", default="reports", help="where the reports are written")
    g.addoption("--wait-timeout", default=None, type=float,
                help="seconds a waiting step polls a live cluster before failing "
                     "(--backend=cluster/both; default 60, or DRAKIT_WAIT_TIMEOUT)")
    g.addoption("--node-agent", default=None, metavar="WHERE",
                help="how kubelet/PodResources steps reach a node on a live cluster: "
                     "exec[:NAMESPACE] (the drakit node agent DaemonSet, via pods/exec) or "
                     "unix:PATH with {node} (agents on local sockets, e.g. drakit serve "
                     "--node-agents DIR); default DRAKIT_NODE_AGENT (docs/live-cluster.md)")


def pytest_configure(config: pytest.Config) -> None:
    from . import reporting

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
    gates = parse_gates(config.getoption("--gate"))
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
    outcome = yield
    exc = outcome.excinfo
    if exc is not None and issubclass(exc[0], Unsupported):
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

