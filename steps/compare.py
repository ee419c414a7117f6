"""Side-by-side comparison for ``--backend=both``: normalize what each backend observed, diff.

Why a separate pass after both runs of a scenario rather than diffing inside the steps:
each backend runs the scenario on its own (its own world, its own cluster state), so a
failure on one side never changes what the other side does; the Then-steps record their
observations as usual, and this module pairs them by step index once both runs are done.

Normalization removes what always differs between two clusters and carries no meaning:
uids, resourceVersions, generations, timestamps, managedFields, generated name suffixes
(``generateName`` + 5 characters), event names, and the order of lists whose order the
API does not define (conditions, reservedFor, devices' results, events, list results).
Where several devices would be acceptable, allocation results are compared by rule
(same count, same request, same driver and pool shape), not by device name.

The result goes into the ``drakit.results/v1`` scenario as the additive field
``comparison`` (docs/serve.md): ``{verdict, steps: [{index, status, diff?, detail?}]}``
with status ``match``, ``divergence`` (deepdiff of the normalized observations),
``one-side-failed`` (one backend passed the step, the other failed it), ``both-failed``
or ``not-compared`` (unsupported, skipped or not run on a side).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import pytest

VOLATILE_META = ("uid", "resourceVersion", "creationTimestamp", "deletionTimestamp",
                 "managedFields", "generation", "selfLink", "deletionGracePeriodSeconds")
VOLATILE_KEYS = ("uid", "resourceVersion", "lastTransitionTime", "lastProbeTime",
                 "startTime", "lastHeartbeatTime", "firstTimestamp", "lastTimestamp",
                 "eventTime", "timestamp", "observedGeneration", "time")
# list fields whose order the API does not define
UNORDERED = ("conditions", "reservedFor", "results", "items", "taints", "tolerations",
             "finalizers", "ownerReferences", "devices", "resourceClaimStatuses")
_TS = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$")
_GENERATED = re.compile(r"(?<=[a-z0-9]-)[bcdfghjklmnpqrstvwxz2456789]{5}(?![a-z0-9-])")
"""``generateName`` + 5 characters from apimachinery's rand alphabet (no vowels, 0, 1, 3)."""
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
STATUS_ORDER = ("one-side-failed", "divergence", "both-failed", "match", "not-compared")


def normalize(value: Any, key: str = "") -> Any:
    """A comparable form of an observation (see the module docstring)."""
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for k, v in value.items():
            if k in VOLATILE_KEYS and isinstance(v, (str, int)):
                continue
            if k == "metadata" and isinstance(v, Mapping):
                out[k] = _meta(v)
            elif k == "allocation" and isinstance(v, Mapping):
                out[k] = _allocation(v)
            else:
                out[k] = normalize(v, k)
        if out.get("kind") == "Event" or "involvedObject" in out:
            md = out.get("metadata")
            if isinstance(md, dict):
                md.pop("name", None)
            out.pop("count", None)
        return out
    if isinstance(value, list):
        items = [normalize(v, key) for v in value]
        if key in UNORDERED:
            items.sort(key=lambda x: json.dumps(x, sort_keys=True, default=str))
        return items
    if isinstance(value, str):
        if _TS.match(value):
            return "<timestamp>"
        # generated names, also inside messages (the alphabet has no vowels: words are safe)
        return _GENERATED.sub("<generated>", _UUID.sub("<uid>", value))
    return value


def _meta(md: Mapping[str, Any]) -> dict:
    out = {k: normalize(v, k) for k, v in md.items() if k not in VOLATILE_META}
    gen = out.get("generateName")
    if gen and isinstance(out.get("name"), str) and out["name"].startswith(gen):
        out["name"] = gen + "<generated>"
    ann = out.get("annotations")
    if isinstance(ann, dict):
        ann.pop("kubectl.kubernetes.io/last-applied-configuration", None)
        if not ann:
            out.pop("annotations")
    return out


def _allocation(a: Mapping[str, Any]) -> dict:
    """Compare allocations by rule: per request, how many devices of which driver/pool."""
    out = {k: normalize(v, k) for k, v in a.items() if k != "devices"}
    devices = a.get("devices") or {}
    shape: dict[str, dict[str, int]] = {}
    for r in devices.get("results") or ():
        key = f"{r.get('request')} driver={r.get('driver')}"
        shape.setdefault(key, {"count": 0})["count"] += 1
        if r.get("adminAccess"):
            shape[key]["adminAccess"] = True
    out["devices"] = {"byRequest": shape,
                      "config": normalize(devices.get("config") or [], "config")}
    return out


def diff(a: Any, b: Any) -> list[str]:
    """Human-readable differences between two normalized values (deepdiff)."""
    from deepdiff import DeepDiff

    d = DeepDiff(a, b, ignore_order=False, verbose_level=2)
    lines: list[str] = []
    for kind, entries in d.items():
        if isinstance(entries, Mapping):
            for path, detail in entries.items():
                lines.append(f"{kind}: {path}: {_short(detail)}")
        else:
            for path in entries:
                lines.append(f"{kind}: {path}")
    return lines


def _short(v: Any) -> str:
    text = json.dumps(v, default=str, sort_keys=True)
    return text if len(text) < 300 else text[:300] + " …"


def _observed(step: Mapping[str, Any]) -> list:
    return [normalize({"actual": o.get("actual"), "objects": o.get("objects")})
            for o in step.get("observations") or ()]


def compare_runs(ref: Mapping[str, Any], other: Mapping[str, Any]) -> dict:
    """Per step: match / divergence / one-side-failed / both-failed / not-compared."""
    steps: list[dict] = []
    rs, os_ = ref.get("steps") or [], other.get("steps") or []
    skip = {"unsupported", "skipped"}
    for i in range(max(len(rs), len(os_))):
        a = rs[i] if i < len(rs) else {}
        b = os_[i] if i < len(os_) else {}
        va, vb = a.get("verdict", "not run"), b.get("verdict", "not run")
        entry: dict[str, Any] = {"index": i, "verdicts": {ref.get("backend", "reference"): va,
                                                          other.get("backend", "cluster"): vb}}
        if va in skip or vb in skip or "not run" in (va, vb) or \
                ref.get("verdict") in skip or other.get("verdict") in skip:
            entry["status"] = "not-compared"
        elif (va == "passed") != (vb == "passed"):
            entry["status"] = "one-side-failed"
            failed = b if va == "passed" else a
            entry["detail"] = ((failed.get("error") or {}).get("message") or "")[:2000]
        else:
            oa, ob = _observed(a), _observed(b)
            d = diff(oa, ob) if oa != ob else []
            if d:
                entry["status"] = "divergence"
                entry["diff"] = d[:50]
            else:
                entry["status"] = "both-failed" if va != "passed" else "match"
        steps.append(entry)
    statuses = [s["status"] for s in steps] or ["not-compared"]
    verdict = next((s for s in STATUS_ORDER if s in statuses), "not-compared")
    if ref.get("verdict") in skip or other.get("verdict") in skip:
        verdict = "not-compared"
    return {"verdict": verdict, "between": [ref.get("backend"), other.get("backend")],
            "steps": steps}


# ---------------------------------------------------------------------------- plugin

def _collector(config: pytest.Config):
    from . import reporting
    return reporting._collector(config)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """After the second run of a scenario is closed, attach its comparison."""
    if report.when != "teardown":
        return
    config = getattr(report, "_drakit_config", None) or _CONFIG.get("config")
    if config is None or config.getoption("--backend") != "both":
        return
    c = _collector(config)
    if c is None:
        return
    for rec in getattr(c, "_by_key", {}).values():
        runs = rec.get("runs") or []
        if not any(r.get("nodeid") == report.nodeid for r in runs):
            continue
        by = {r.get("backend"): r for r in runs}
        if "reference" in by and "cluster" in by:
            rec["comparison"] = compare_runs(by["reference"], by["cluster"])
        return


_CONFIG: dict[str, pytest.Config] = {}


def pytest_configure(config: pytest.Config) -> None:
    _CONFIG["config"] = config


def summary(scenarios: list[Mapping[str, Any]]) -> dict[str, int]:
    """Counts of comparison verdicts over scenarios (for the terminal and the README)."""
    out: dict[str, int] = {}
    for s in scenarios:
        v = (s.get("comparison") or {}).get("verdict")
        if v:
            out[v] = out.get(v, 0) + 1
    return out


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if config.getoption("--backend") != "both":
        return
    c = _collector(config)
    if c is None:
        return
    from drakit.report.cluster import BOTH_COLUMNS, both_counts

    scen = list(getattr(c, "_by_key", {}).values())
    counts = summary(scen)
    if counts:
        cols = both_counts(scen)
        terminalreporter.write_line(
            "drakit reference vs cluster: "
            + ", ".join(f"{k} {cols[k]}" for k in BOTH_COLUMNS)
            + " (steps: " + ", ".join(f"{k} {counts[k]}" for k in STATUS_ORDER if k in counts)
            + ")")
