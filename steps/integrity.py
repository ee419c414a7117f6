"""Run integrity: a run that tested nothing, or tested the environment, is never green.

Why a plugin of its own (registered first by conftest.py): these rules are about the run,
not about any scenario, and each must act at one precise moment:

* **Options are checked once, before anything runs** (``check_options``, called from
  conftest's ``pytest_configure`` before the reporting plugin starts a run directory): a
  ``--gate`` without a value, a gate name the emulated release does not have (with the near
  miss: ``DRAResourceSliceMixin`` -> ``DRAResourceSliceMixins``), a locked gate, an
  unwritable ``--reports-dir``. Each is a pytest usage error (exit status 4): one line naming
  the cause and what to do, no scenario started. A gate that is fine at ``--k8s-version`` but
  not at the ``@version`` of some selected scenarios is caught after collection, also before
  the first scenario. (A bad ``--k8s-version`` is refused by the option's ``choices``.)
* **Environment failures are never conformance verdicts** (``pytest_runtest_makereport``): a
  scenario that meets one (``EnvironmentFailure`` from a backend, a refused connection, a
  network timeout) gets the verdict ``error`` with the cause, and after
  ``--max-environment-failures`` scenarios in a row (default 3; 0 never stops) the run stops
  with one line saying why, instead of producing hundreds of identical verdicts.
* **On the reference, an internal error is a defect** (``ReferenceInternalError``): a
  component that raised an exception its guard caught (neither an API answer nor about the
  data; ``drakit.component.internal_errors``), or that wrote an object in a settle round in
  which it reported no work (``Cluster.unreported_writes``: settle() would have stopped
  with that write unseen), fails the scenario that made it, even when every step's check
  passed.
* **On the reference, work left undone is a defect** (``ReferenceNotSettled``): after a
  passing scenario the controller-manager and the kubelets are restarted (they relist
  everything, kubelets from their checkpoints too) and the cluster settled; whatever they
  write (Events aside) the running ones missed, since both are level-triggered
  (``Cluster.writes_after_restart``).
* **On the reference, a cache drift is a defect** (``ReferenceCacheDrift``): after a passing
  scenario the components' informer-fed caches must equal what the stored objects give (the
  scheduler's cache comparer, drakit/scheduler/comparer.py, as upstream's
  debugger/comparer.go); any difference fails the scenario.
* **On the reference, "unsupported" is a defect** (``reference_refusal``): the reference
  emulates every release and gate the suite knows, so a scenario it refuses (say, a gate
  table that wrongly refuses a gate) fails with the reason instead of being skipped. The one
  exception is a refusal caused by ``--gate`` alone (``gate_conflict``: the scenario sets
  GenericWorkload off while the run forces DRAWorkloadResourceClaims on, which needs it):
  that is "unsupported" with the conflict as the reason, as on a live cluster running with
  those gates.

An empty selection (``-k nosuchscenario``) is handled by the reporting plugin: it says so in
one line and keeps the last report (steps/reporting.py ``empty_selection_line``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import pytest

DEFAULT_MAX_ENV_FAILURES = 3
ENV_KEY = pytest.StashKey[dict]()
"""{"streak": n, "count": n, "last": message, "scenarios": [nodeid], "stopped": reason}."""


# ---------------------------------------------------------------------------- options

def gate_overrides(config: pytest.Config) -> dict[str, bool]:
    """``--gate`` as {name: bool}; a malformed item is a usage error naming it."""
    out: dict[str, bool] = {}
    for item in config.getoption("--gate") or []:
        for part in str(item).split(","):
            part = part.strip()
            if not part:
                continue
            name, sep, val = part.partition("=")
            name = name.strip()
            if not name or not sep or val.strip().lower() not in ("true", "false"):
                example = name or "DRAExtendedResource"
                raise pytest.UsageError(
                    f"--gate {part!r}: write NAME=true or NAME=false "
                    f"(e.g. --gate {example}=true)")
            out[name] = val.strip().lower() == "true"
    return out


def gate_problem(version: str, gates: dict[str, bool]) -> str | None:
    """Why the emulated release ``version`` refuses these gate settings (kube's wording,
    with a near miss for a misspelt name), or None."""
    if not gates:
        return None
    from drakit.features import FeatureGateError, FeatureGates

    try:
        FeatureGates(version, gates)
    except FeatureGateError as e:
        return str(e)
    return None


def check_options(config: pytest.Config) -> None:
    """pytest_configure: every option error as one usage error, before the run starts."""
    if getattr(config.option, "help", False) or getattr(config.option, "version", False):
        return
    gates = gate_overrides(config)
    version = config.getoption("--k8s-version")
    why = gate_problem(version, gates)
    if why:
        shown = " ".join(f"--gate {k}={'true' if v else 'false'}" for k, v in gates.items())
        raise pytest.UsageError(f"{shown}: Kubernetes {version}: {why}; fix the gate name "
                                "or value, or leave the option out")
    n = config.getoption("--max-environment-failures", DEFAULT_MAX_ENV_FAILURES)
    if n is not None and n < 0:
        raise pytest.UsageError(f"--max-environment-failures {n}: write 0 (never stop) or a "
                                "positive number")
    from .backends.base import MAX_WAIT_SECONDS

    # NaN, 0 or less would never wait or never end; the bound is DRAKIT_WAIT_TIMEOUT's too
    wait = config.getoption("--wait-timeout", None)
    if wait is not None and not 0 < wait <= MAX_WAIT_SECONDS:  # also false for NaN
        raise pytest.UsageError(f"--wait-timeout {wait:g}: write a number of seconds above 0 "
                                f"and at most {MAX_WAIT_SECONDS:g} (a day)")
    profile = config.getoption("--driver-profile", None) or os.environ.get(
        "DRAKIT_DRIVER_PROFILE")
    if profile and config.getoption("--backend", "reference") == "reference":
        raise pytest.UsageError(f"--driver-profile {profile}: a driver profile maps scenarios "
                                "onto a live cluster's driver; add --backend=cluster (or "
                                "both) with --kubeconfig, or leave the option out")
    if not hasattr(config, "workerinput"):
        _check_reports_dir(config)
        _check_requirements_catalog()


REQUIREMENTS = Path(__file__).resolve().parent.parent / "features" / "requirements.yaml"


def _check_requirements_catalog() -> None:
    """The report reads coverage from features/requirements.yaml and quietly shows none when
    it cannot parse it (a stored report must always render); a run must say so instead."""
    import yaml

    try:
        # libyaml when PyYAML has it: the pure-Python parser took a third of collection
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        data = yaml.load(REQUIREMENTS.read_text(encoding="utf-8"), Loader=loader)
    except OSError as e:
        raise pytest.UsageError(f"{REQUIREMENTS}: cannot read it ({e.strerror or e}); the "
                                "report's requirement coverage comes from it") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise pytest.UsageError(f"features/requirements.yaml{where}: {problem}; fix the YAML "
                                "(quote a text that contains ': ')") from None
    if not isinstance(data, dict) or not isinstance(data.get("requirements"), list):
        raise pytest.UsageError("features/requirements.yaml: no 'requirements:' list at the top; "
                                "the report's requirement coverage comes from it")


def _check_reports_dir(config: pytest.Config) -> None:
    root = config.getoption("--reports-dir", None)
    if root is None:
        return
    path = Path(root)
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / f".drakit-write-probe-{id(config)}"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as e:
        raise pytest.UsageError(f"--reports-dir {root}: cannot write there "
                                f"({e.strerror or e}); choose a writable directory") from None


def check_scenario_versions(config: pytest.Config, items: Iterable[pytest.Item]) -> None:
    """After collection: ``--gate`` must also hold at the ``@version`` of every selected
    scenario that runs at another release than ``--k8s-version``."""
    gates = gate_overrides(config)
    if not gates:
        return
    default = config.getoption("--k8s-version")
    by_version: dict[str, int] = {}
    for item in items:
        v = next((m.name.split(":", 1)[1] for m in item.iter_markers()
                  if m.name.startswith("version:")), default)
        if v != default:
            by_version[v] = by_version.get(v, 0) + 1
    for v, n in sorted(by_version.items()):
        why = gate_problem(v, gates)
        if why:
            raise pytest.UsageError(
                f"--gate {', '.join(sorted(gates))}: Kubernetes {v} (the @version of {n} "
                f"selected scenario{'s' if n != 1 else ''}): {why}; deselect them with "
                f"-m 'not version:{v}' or leave the option out")


# ---------------------------------------------------------------------------- reference

REFERENCE_DEFECT = ("unsupported on the reference backend, which is a defect (the reference "
                    "must run every scenario; fix the reference or the scenario): ")


def item_backend(item: pytest.Item) -> str:
    """The backend one collected item runs on (``--backend=both`` parametrizes it)."""
    params = getattr(getattr(item, "callspec", None), "params", {}) or {}
    b = params.get("backend")
    return b if isinstance(b, str) else item.config.getoption("--backend")


def reference_refusal(reason: object) -> str:
    return REFERENCE_DEFECT + str(reason)


def gate_conflict(config: pytest.Config, version: str, gates: dict[str, bool]) -> str | None:
    """When the reference refused a scenario's gates only because of ``--gate``: the reason
    as an "unsupported" verdict (the run asked for a configuration the scenario cannot run
    in, as a live cluster with those gates), else None (a defect: the gates the scenario
    itself sets are refused). ``gates``: what the scenario ran with (``--gate`` plus its own
    gate steps, which win)."""
    overrides = gate_overrides(config)
    if not overrides:
        return None
    own = {k: v for k, v in gates.items() if overrides.get(k) is not v}
    if gate_problem(version, own) is not None:
        return None
    why = gate_problem(version, gates)
    if why is None:
        return None
    shown = " ".join(f"--gate {k}={'true' if v else 'false'}" for k, v in overrides.items())
    return f"the scenario's feature gates conflict with {shown}: {why}"


class UnsupportedOnReference(AssertionError):
    """The reference raised Unsupported: reported as a failure, with the reason."""


class ReferenceInternalError(AssertionError):
    """A component of the reference raised an exception its guard caught (a drakit bug):
    the scenario fails although every step's check passed, since what the components did
    after the exception is not what the reference models."""


def _drakit_bug(headline: str, lines: list[str], shown: int) -> str:
    """One failure message for the reference's own bugs: the headline, then the first lines."""
    more = f"\n  (and {len(lines) - shown} more)" if len(lines) > shown else ""
    return (f"{headline}, a drakit bug (report it with this scenario):\n  "
            + "\n  ".join(lines[:shown]) + more)


def reference_internal_errors(errors: list[str]) -> str:
    return _drakit_bug(f"the reference's components hit {len(errors)} internal error(s)", errors, 3)


class ReferenceCacheDrift(AssertionError):
    """A component of the reference holds caches that differ from the objects its API server
    stores (a drakit bug in its incremental updates): the scenario fails although every step's
    check passed, since later decisions from that cache would not be what the reference models."""


def reference_cache_drift(lines: list[str]) -> str:
    return _drakit_bug("the reference's caches drifted from the stored objects "
                       f"({len(lines)} mismatch(es))", lines, 5)


class ReferenceNotSettled(AssertionError):
    """Fresh controllers or kubelets, started on the cluster as the scenario left it, changed
    it: the running ones missed work (a drakit bug), so what the steps observed is not the
    state the reference converges to."""


def reference_not_settled(lines: list[str]) -> str:
    return _drakit_bug("the reference was not at a fixed point: a restarted "
                       f"kube-controller-manager and kubelets changed {len(lines)} object(s)",
                       lines, 5)


# ---------------------------------------------------------------------------- environment

def environment_failure(exc: BaseException | None) -> str | None:
    """The message when ``exc`` (or what it was raised from) is a failure of the
    environment rather than of the cluster's behaviour, else None."""
    from .backends.base import EnvironmentFailure

    seen = 0
    while exc is not None and seen < 5:
        if isinstance(exc, EnvironmentFailure):
            return str(exc) or type(exc).__name__
        if isinstance(exc, (ConnectionError, TimeoutError)):
            return f"{type(exc).__name__}: {exc}"
        if _is_transport_error(exc):
            return f"{type(exc).__name__}: {exc}"
        exc = exc.__cause__
        seen += 1
    return None


def _is_transport_error(exc: BaseException) -> bool:
    try:
        from urllib3.exceptions import HTTPError as _Urllib3Error
    except ImportError:  # pragma: no cover - urllib3 comes with the kubernetes client
        return False
    return isinstance(exc, _Urllib3Error)


def env_state(config: pytest.Config) -> dict:
    st = config.stash.get(ENV_KEY, None)
    if st is None:
        st = {"streak": 0, "count": 0, "last": "", "scenarios": [], "stopped": "",
              "limit": config.getoption("--max-environment-failures",
                                        DEFAULT_MAX_ENV_FAILURES)}
        config.stash[ENV_KEY] = st
    return st


def environment_summary(config: pytest.Config) -> dict:
    """``environment_failures`` of results.json (docs/report-format.md)."""
    st = env_state(config)
    return {"count": st["count"], "stop_after": st["limit"], "stopped": st["stopped"],
            "last": st["last"], "scenarios": list(st["scenarios"])}


def record_outcome(config: pytest.Config, session: pytest.Session | None, nodeid: str,
                   env_message: str | None, ran: bool) -> None:
    """One finished scenario run: count environment failures in a row, stop at the limit."""
    st = env_state(config)
    if env_message:
        st["streak"] += 1
        st["count"] += 1
        st["last"] = env_message
        if nodeid not in st["scenarios"]:
            st["scenarios"].append(nodeid)
        limit = st["limit"]
        if limit and st["streak"] >= limit and not st["stopped"]:
            st["stopped"] = (f"stopped after {st['streak']} scenarios in a row met an "
                             f"environment failure (not a conformance verdict): {env_message}"
                             " — fix the environment and rerun "
                             "(--max-environment-failures=0 never stops)")
            if session is not None:
                session.shouldstop = st["stopped"]
            dsession = config.pluginmanager.get_plugin("dsession")
            if dsession is not None:  # xdist's controller loop reads its own flag
                dsession.shouldstop = st["stopped"]
    elif ran:
        st["streak"] = 0


# ---------------------------------------------------------------------------- hooks

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call):
    outcome = yield
    rep = outcome.get_result()
    exc = call.excinfo.value if call.excinfo is not None else None
    msg = environment_failure(exc) if rep.failed else None
    if msg:
        rep.drakit_environment = msg
        # one line instead of the traceback: the cause is the environment, not the step
        rep.longrepr = f"environment failure (not a conformance verdict): {msg}"


def pytest_report_teststatus(report, config):
    if getattr(report, "drakit_environment", None) and report.failed:
        return "error", "E", "ERROR (environment)"
    return None


_ITEM_ENV: dict[str, str] = {}
_ITEM_RAN: set[str] = set()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Controller and single process alike: judge the scenario at its teardown report."""
    config = _CONFIG.get("config")
    if config is None or hasattr(config, "workerinput"):
        return
    msg = getattr(report, "drakit_environment", None)
    if msg:
        _ITEM_ENV[report.nodeid] = msg
    if report.when == "call":
        _ITEM_RAN.add(report.nodeid)
    if report.when == "teardown":
        record_outcome(config, _CONFIG.get("session"), report.nodeid,
                       _ITEM_ENV.pop(report.nodeid, None),
                       report.nodeid in _ITEM_RAN)
        _ITEM_RAN.discard(report.nodeid)


_CONFIG: dict = {}


def pytest_configure(config: pytest.Config) -> None:
    _CONFIG["config"] = config
    env_state(config)


def pytest_sessionstart(session: pytest.Session) -> None:
    _CONFIG["session"] = session


def pytest_collection_finish(session: pytest.Session) -> None:
    """After -k/-m and @since/@until deselection: the selected scenarios' versions. (Under
    xdist the workers collect; a conflict there shows as a failure of those scenarios.)"""
    if not hasattr(session.config, "workerinput"):
        check_scenario_versions(session.config, session.items)


def pytest_unconfigure(config: pytest.Config) -> None:
    _CONFIG.clear()
    _ITEM_ENV.clear()
    _ITEM_RAN.clear()
