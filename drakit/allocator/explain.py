"""Why each candidate device was, or was not, given to a request.

Why a separate pass: the backtracking search only knows "this branch failed"; users
want per device the first reason that rules it out. ``explain`` replays the checks
of the search against the *initial* state for every device the node can see (and,
for context, devices on other nodes and in incomplete pools), then marks the devices
the real allocation picked. A device that passes every per-device check but was not
picked is reported as "constraint conflict or not needed".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from drakit.allocator.core import AllocationError, Allocator, Candidate, taint_prevents
from drakit.allocator.pools import slice_targets_node

__all__ = ["explain", "format_explanation"]


def explain(node: Mapping[str, Any] | None, claims: Sequence[Mapping[str, Any]],
            slices: Sequence[Mapping[str, Any]], classes: Sequence[Mapping[str, Any]],
            allocated: Sequence[Mapping[str, Any]] = (), *, gates: Mapping[str, bool] | None = None,
            version: str = "1.37") -> list[dict[str, Any]]:
    """Rows ``{claim, request, device, outcome}`` (outcome "allocated" or the reason)."""
    run = Allocator(node, claims, slices, classes, allocated, gates=gates, version=version)
    error = ""
    try:
        results = run.run()
    except AllocationError as e:
        results, error = [], str(e)
    chosen: set[tuple[int, str, tuple[str, str, str]]] = set()
    for ci, res in enumerate(results):
        for r in res["devices"]["results"]:
            chosen.add((ci, r["request"], (r["driver"], r["pool"], r["device"])))

    probe = Allocator(node, claims, slices, classes, allocated, gates=gates, version=version)
    try:
        probe.prepare()
    except AllocationError as e:
        return [{"claim": "", "request": "", "device": "", "outcome": f"error: {e}"}]
    rows: list[dict[str, Any]] = []
    for (ci, ri, si), rd in sorted(probe.request_data.items()):
        claim = claims[ci]
        cname = (claim.get("metadata") or {}).get("name", "")
        req_name = rd.request.result_name
        for pool in probe.pools:
            if pool.incomplete:
                rows.append({"claim": cname, "request": req_name, "device": f"{pool.id}/*",
                             "outcome": "pool incomplete"})
                continue
            if pool.invalid:
                rows.append({"claim": cname, "request": req_name, "device": f"{pool.id}/*",
                             "outcome": f"pool invalid: {pool.invalid_reason}"})
                continue
            for s in pool.slices:
                for d in (s.get("spec") or {}).get("devices") or ():
                    did = (pool.driver, pool.name, d.get("name", ""))
                    rows.append({"claim": cname, "request": req_name, "device": "/".join(did),
                                 "outcome": _reason(probe, ci, (ci, ri, si), rd, Candidate(did, d, s, pool),
                                                    (ci, req_name, did) in chosen)})
        for s in probe.slices:
            if slice_targets_node(s, node, probe.g("DRAPartitionableDevices")):
                continue
            spec = s.get("spec") or {}
            for d in spec.get("devices") or ():
                did = (spec.get("driver", ""), (spec.get("pool") or {}).get("name", ""), d.get("name", ""))
                rows.append({"claim": cname, "request": req_name, "device": "/".join(did), "outcome": "wrong node"})
    if error:
        rows.append({"claim": "", "request": "", "device": "", "outcome": f"error: {error}"})
    elif not results:
        rows.append({"claim": "", "request": "", "device": "", "outcome": "no solution on this node"})
    return rows


def _reason(probe: Allocator, ci: int, key: tuple[int, int, int], rd: Any, cand: Candidate, picked: bool) -> str:
    if picked:
        return "allocated"
    try:
        why = probe.why_not_selectable(key, rd, cand.slice, cand.device)
    except AllocationError as e:
        return f"error: {e}"
    if why:
        return why
    r = rd.request
    if not r.admin_access and cand.id in probe.state.devices:
        return "already allocated"
    if probe.g("DRAConsumableCapacity"):
        ok, reason = probe._capacity_ok(r, cand.id, cand.device)
        if not ok:
            return f"capacity short ({reason})"
    if cand.device.get("consumesCounters"):
        if not probe.g("DRAPartitionableDevices"):
            return "counters need DRAPartitionableDevices"
        if not probe.counters_ok(cand, commit=False):
            return "counters exhausted"
    if probe.g("DRADeviceTaints") and taint_prevents(cand.device, r.tolerations):
        return "taint not tolerated"
    return "constraint conflict or not needed"


def format_explanation(rows: Sequence[Mapping[str, Any]]) -> str:
    """A fixed-width table: CLAIM REQUEST DEVICE OUTCOME."""
    header = ("CLAIM", "REQUEST", "DEVICE", "OUTCOME")
    table = [header] + [(str(r["claim"]), str(r["request"]), str(r["device"]), str(r["outcome"])) for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(3)]
    lines = []
    for row in table:
        lines.append("  ".join(row[i].ljust(widths[i]) for i in range(3)) + "  " + row[3])
    return "\n".join(line.rstrip() for line in lines) + "\n"
