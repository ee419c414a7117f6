"""pytest wiring for runs against a live cluster: the preflight and the unsupported forecast.

Why apart from conftest.py: these hooks only matter with ``--backend=cluster|both`` and are
the live-cluster part of the suite (docs/live-cluster.md); conftest.py calls them from
small hook functions of its own, so other options and hooks there merge without conflict.

The preflight (steps/backends/preflight.py) runs once per run, in the process that drives
it — the xdist controller, or the only process without xdist — before collection. Its
description of the cluster reaches the xdist workers through ``workerinput`` so that they
neither repeat it nor disagree about it. A failed preflight is a pytest usage error: one
line, exit status 4, no scenario started.
"""

from __future__ import annotations

import json
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
    from .backends.cluster import Options

    return Options.from_env(kubeconfig=config.getoption("--kubeconfig"),
                            context=config.getoption("--context"),
                            wait_timeout=config.getoption("--wait-timeout", None),
                            node_agent=config.getoption("--node-agent", None))


def preflight(config: pytest.Config) -> None:
    """pytest_sessionstart: describe the cluster or stop the run with one line."""
    if not live(config):
        return
    if is_worker(config):
        info = config.workerinput.get("drakit_cluster")
        if info is not None:
            config.stash[CLUSTER_KEY] = json.loads(info)
            _share_foreign(config)
            return
    from .backends.preflight import PreflightError, run

    try:
        info = run(options(config))
    except PreflightError as e:
        raise pytest.UsageError(f"drakit preflight: {e}") from None
    config.stash[CLUSTER_KEY] = info
    _print_cluster(config, info)


def _share_foreign(config: pytest.Config) -> None:
    from .backends.cluster import Session

    info = config.stash[CLUSTER_KEY]
    session = Session.get(options(config))
    session.foreign_extended = dict(
        (info.get("interference") or {}).get("foreign_extended_resources") or {})


def configure_node(node) -> None:
    """pytest_configure_node (xdist controller): hand the preflight to a worker."""
    info = node.config.stash.get(CLUSTER_KEY, None)
    if info is not None:
        node.workerinput["drakit_cluster"] = json.dumps(info)


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
        why = b.static_reason(scenario_version(config, tags), gates)
        if why:
            out.setdefault(reason_key(why), []).append(name)
    config.stash[FORECAST_KEY] = out
    return out


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
