"""pytest plugin for runs against a live cluster: preflight, unsupported forecast, xdist.

Why a plugin of its own (registered by conftest.py): these hooks only matter with
``--backend=cluster|both`` (docs/live-cluster.md), and as a separate plugin they never clash
with hooks of the same name in conftest.py.

Parallel runs (``-n``): scenarios are isolated from each other by names, nodes and drivers,
except where they read something only the whole cluster has — the API server's component
metrics (scheduler and controller counters). A scenario with a step on those metrics is
marked ``needs:whole-cluster`` at collection and runs alone: every cluster scenario holds a
shared lock on a file the controller names, and such a scenario an exclusive one
(``RunLock`` in steps/backends/cluster.py).

The preflight (steps/backends/preflight.py) runs once per run, in the process that drives
it — the xdist controller, or the only process without xdist — before collection. Its
description of the cluster reaches the xdist workers through ``workerinput`` so that they
neither repeat it nor disagree about it. A failed preflight is a pytest usage error: one
line, exit status 4, no scenario started.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from typing import Any

import pytest

CLUSTER_KEY = pytest.StashKey[dict]()
"""The preflight's description of the cluster (``environment.cluster`` in results.json)."""
FORECAST_KEY = pytest.StashKey[dict]()
"""Scenarios that will be unsupported, by reason (known before the first one runs)."""


def is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def live(config: pytest.Config) -> bool:
    return config.getoption("--backend", "reference") in ("cluster", "both")


def options(config: pytest.Config):
    from .backends.cluster import OptionError, Options

    try:
        return Options.from_env(kubeconfig=config.getoption("--kubeconfig"),
                                context=config.getoption("--context"),
                                wait_timeout=config.getoption("--wait-timeout", None),
                                node_agent=config.getoption("--node-agent", None),
                                driver_profile=config.getoption("--driver-profile", None))
    except OptionError as e:
        raise pytest.UsageError(f"drakit: {e}") from None


def preflight(config: pytest.Config) -> None:
    """Session start: describe the cluster or stop the run with one line."""
    if not live(config):
        return
    if is_worker(config):
        info = config.workerinput.get("drakit_cluster")
        if info is not None:
            config.stash[CLUSTER_KEY] = json.loads(info)
            return
    from .backends.preflight import PreflightError, run

    try:
        info = run(options(config))
    except PreflightError as e:
        raise pytest.UsageError(f"drakit preflight: {e}") from None
    config.stash[CLUSTER_KEY] = info
    _print_cluster(config, info)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    """xdist controller: hand the preflight and the run lock to a worker."""
    info = node.config.stash.get(CLUSTER_KEY, None)
    if info is not None:
        node.workerinput["drakit_cluster"] = json.dumps(info)
    if live(node.config):
        node.workerinput["drakit_lock"] = _lock_path(node.config)


def _lock_path(config: pytest.Config) -> str:
    path = getattr(config, "_drakit_lock", None)
    if path is None:
        import tempfile

        fd, path = tempfile.mkstemp(prefix="drakit-run-", suffix=".lock")
        os.close(fd)
        config._drakit_lock = path  # type: ignore[attr-defined]
    return path


def pytest_sessionstart(session: pytest.Session) -> None:
    config = session.config
    if is_worker(config) and config.workerinput.get("drakit_lock"):
        os.environ["DRAKIT_RUN_LOCK"] = config.workerinput["drakit_lock"]
    preflight(config)


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Work stealing for cluster runs under ``-n`` unless ``--dist`` was given: scenarios
    against a cluster last from milliseconds (an unsupported one) to seconds, and xdist's
    default ``load`` hands each worker its share up front, so workers that drew short
    scenarios sat idle at the end (against drakit serve, -n 4: 38 s with load, 33 s with
    work stealing). A worker that runs dry takes half of a busy worker's queue."""
    if not live(config) or config.getvalue("dist") != "load":
        return None
    if any(str(a).startswith(("--dist", "-d")) for a in config.invocation_params.args):
        return None  # the user chose load on purpose
    from xdist.scheduler import WorkStealingScheduling

    return WorkStealingScheduling(config, log)


WHOLE_CLUSTER = "needs:whole-cluster"
_WHOLE_CLUSTER_STEP = re.compile(r"^the metric ")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark scenarios that read cluster-wide component metrics (they run alone under -n)."""
    if not live(config):
        return
    for item in items:
        texts = _step_texts(item)
        if any(_WHOLE_CLUSTER_STEP.match(t) for t in texts):
            from _pytest.mark.structures import Mark, MarkDecorator

            # built like the Gherkin tags' markers (conftest.pytest_bdd_apply_tag): no
            # "unknown mark" warning for a name with a colon
            item.add_marker(MarkDecorator(Mark(WHOLE_CLUSTER, (), {}, _ispytest=True),
                                          _ispytest=True))


def pytest_collection_finish(session: pytest.Session) -> None:
    config = session.config
    fc = forecast(session)
    if not is_worker(config):
        print_forecast(config, fc, "will be")
    elif config.workerinput.get("workerid") == "gw0" and config.workerinput.get("drakit_lock"):
        # the controller collects nothing: the first worker's forecast is the run's
        with open(config.workerinput["drakit_lock"] + ".forecast", "w", encoding="utf-8") as f:
            json.dump(fc, f)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids) -> None:
    """xdist controller: show gw0's forecast before the first scenario result arrives."""
    config = node.config
    if getattr(node.gateway, "id", "") != "gw0" or FORECAST_KEY in config.stash:
        return
    path = getattr(config, "_drakit_lock", None)
    try:
        with open(str(path) + ".forecast", encoding="utf-8") as f:
            fc = json.load(f)
    except (OSError, ValueError, TypeError):
        return
    config.stash[FORECAST_KEY] = fc
    print_forecast(config, fc, "will be")


def pytest_unconfigure(config: pytest.Config) -> None:
    path = getattr(config, "_drakit_lock", None)
    if path:
        from .backends.cluster import NODE_TAINT_LOCK_SUFFIX

        for p in (path, path + ".gate", path + ".forecast", path + NODE_TAINT_LOCK_SUFFIX):
            with contextlib.suppress(OSError):
                os.unlink(p)


def cluster_info(config: pytest.Config) -> dict | None:
    return config.stash.get(CLUSTER_KEY, None)


def _print_cluster(config: pytest.Config, info: dict) -> None:
    tr = config.pluginmanager.get_plugin("terminalreporter")
    if tr is None:
        return
    gates = info.get("gates") or {}
    dra = {k: v for k, v in sorted(gates.items()) if k.startswith(("DRA", "Dynamic",
                                                                   "KubeletPodResources"))}
    tr.write_line(f"drakit: cluster {info['server']} (context {info['context']}), "
                  f"{info.get('server_version')}, DRA APIs "
                  + ", ".join(f"{g}: {'/'.join(v)}" for g, v in info["dra_api_versions"].items()))
    tr.write_line("drakit: gates " + ("(inferred) " if info.get("gates_inferred") else "")
                  + (", ".join(f"{k}={'true' if v else 'false'}" for k, v in dra.items())
                     or "unknown"))
    tr.write_line(f"drakit: node access: {info['node_access']}")
    rb = info["rbac"]
    tr.write_line("drakit: RBAC: " + (f"{len(rb['allowed'])} rights checked, all granted"
                                       if rb["checked"] else rb["note"]))
    itf = info["interference"]
    if itf["foreign_nodes"] or itf["foreign_slices"] or itf["foreign_classes"]:
        tr.write_line(f"drakit: not created by the run: {len(itf['foreign_nodes'])} nodes, "
                      f"{itf['foreign_slices']} ResourceSlices (drivers "
                      f"{', '.join(itf['foreign_drivers']) or '-'}), "
                      f"{len(itf['foreign_classes'])} DeviceClasses; kept apart:")
        for line in itf["isolation"]:
            tr.write_line(f"          - {line}")


# ---------------------------------------------------------------------------- forecast

def forecast(session: pytest.Session) -> dict[str, list[str]]:
    """pytest_collection_finish: the scenarios the cluster will report unsupported, by
    reason (tags, version and --gate alone; a step can still find another reason)."""
    config = session.config
    if not live(config) or cluster_info(config) is None:
        return {}
    from drakit.report.cluster import reason_key

    from .backends.cluster import ClusterBackend
    from .conftest import parse_gates, scenario_version

    gates = parse_gates(config.getoption("--gate"))
    out: dict[str, list[str]] = {}
    seen: set[str] = set()
    for item in session.items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if params.get("backend") == "reference":
            continue
        tags = {m.name for m in item.iter_markers()}
        name = item.nodeid.split("::", 1)[-1]
        if name in seen:
            continue
        seen.add(name)
        b = ClusterBackend(options=options(config), tags=tags)
        version, wanted = scenario_version(config, tags), dict(gates)
        for text in _step_texts(item):
            m = _GATE_STEP.match(text)
            if m and m.group(1) not in wanted:  # the scenario's own gate settings
                wanted[m.group(1)] = m.group(2) == "enabled"
            m = _VERSION_STEP.match(text)
            if m:
                version = m.group(1)
        why = b.static_reason(version, wanted) or _toggle_reason(b, item)
        if why:
            out.setdefault(reason_key(why), []).append(name)
    config.stash[FORECAST_KEY] = out
    return out


_GATE_STEP = re.compile(r"^the feature gate (\w+) is (enabled|disabled)")
_VERSION_STEP = re.compile(r"^an? Kubernetes (\d+\.\d+) cluster")
_UPGRADE_STEP = re.compile(r"^the cluster is (?:upgraded|downgraded) to Kubernetes (\d+\.\d+)")


def _step_texts(item: pytest.Item) -> list[str]:
    from .bdd_cache import scenario_template

    template = scenario_template(item)
    return [st.name for st in template.render({}).steps] if template is not None else []


def _toggle_reason(backend, item: pytest.Item) -> str | None:
    """A later step switches a gate to a value the cluster does not run."""
    from .backends.base import Unsupported

    for text in _step_texts(item):
        m, up = _GATE_STEP.match(text), _UPGRADE_STEP.match(text)
        try:
            if m:
                backend._check_gates({m.group(1): m.group(2) == "enabled"})
            if up:
                backend.set_version(up.group(1))
        except Unsupported as e:
            return str(e)
    return None


def print_forecast(config: pytest.Config, fc: dict[str, list[str]], when: str) -> None:
    tr = config.pluginmanager.get_plugin("terminalreporter")
    if tr is None or not fc:
        return
    total = sum(len(v) for v in fc.values())
    tr.write_line(f"drakit: {total} scenarios {when} unsupported on this cluster:")
    for reason, names in sorted(fc.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        tr.write_line(f"  {len(names):>4}  {reason}")


def forecast_of(config: pytest.Config) -> dict[str, Any]:
    return config.stash.get(FORECAST_KEY, {})
