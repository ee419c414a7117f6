"""Why each candidate device was, or was not, given to a request.

Why a separate pass: the backtracking search only knows "this branch failed"; users
want per device the first reason that rules it out. ``explain`` replays the checks
of the search against the *initial* state for every device the node can see (and,
for context, devices on other nodes and in incomplete pools), then marks the devices
the real allocation picked. A device that passes every per-device check but was not
picked is told apart by what the request needed: "not needed" when its request got all
its devices, "only M of N requested devices match" when fewer devices match than an
ExactCount request asks for (no search can succeed then), "constraint conflict or taken
by another request" otherwise. When no allocation exists, the last row names each request
whose count cannot be met and how many devices matched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from drakit.allocator.core import (
    AllocationError,
    Allocator,
    Candidate,
    DeviceID,
    _kobj,
    cel_mode,
    device_record,
    flattened,
    runtime_error_text,
    taint_prevents,
)
from drakit.allocator.pools import (
    counters_share_slices,
    dropped_without_partitionable,
    node_matches,
    slice_targets_node,
)

__all__ = ["explain", "format_explanation", "one_line"]


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
    shortfalls: list[str] = []
    mixins_on = probe.g("DRAResourceSliceMixins")
    flat_slices = [flattened(s, mixins_on) for s in slices]
    for (ci, _ri, _si), rd in sorted(probe.request_data.items()):
        claim = claims[ci]
        cname = (claim.get("metadata") or {}).get("name", "")
        req_name = rd.request.result_name
        first = len(rows)
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
                                 "outcome": _reason(probe, ci, rd, Candidate(did, d, s, pool),
                                                    (ci, req_name, did) in chosen)})
        short = _count_shortfall(rd, rows[first:], bool(results))
        if short:
            shortfalls.append(f"claim {cname}, request {req_name}: {short}")
        for s in flat_slices:
            unused = _unused_slice_reason(s, node, probe)
            if unused is None:
                continue
            spec = s.get("spec") or {}
            for d in spec.get("devices") or ():
                did = (spec.get("driver", ""), (spec.get("pool") or {}).get("name", ""), d.get("name", ""))
                rows.append({"claim": cname, "request": req_name, "device": "/".join(did), "outcome": unused})
    if error:
        rows.append({"claim": "", "request": "", "device": "", "outcome": f"error: {error}"})
    elif not results:
        rows.append({"claim": "", "request": "", "device": "", "outcome": "no solution on this node"
                     + (": " + "; ".join(shortfalls) if shortfalls else "")})
    return rows


_USABLE = "usable"  # placeholder outcome of a device that passed every per-device check


def _count_shortfall(rd: Any, rows: list[dict[str, Any]], solved: bool) -> str:
    """Give the request's usable-but-unpicked devices their precise outcome (in ``rows``);
    return "asks for N devices, only M match" when an ExactCount request cannot be met."""
    r = rd.request
    usable = [row for row in rows if row["outcome"] in (_USABLE, "allocated")]
    picked = sum(1 for row in usable if row["outcome"] == "allocated")
    wanted = r.count if r.mode == "ExactCount" else len(usable)
    short = r.mode == "ExactCount" and len(usable) < wanted
    for row in usable:
        if row["outcome"] != _USABLE:
            continue
        if short:
            row["outcome"] = f"matches; the request asks for {wanted} devices, only {len(usable)} match"
        elif solved and picked >= wanted:
            row["outcome"] = f"not needed (the request got its {wanted} device{'s' if wanted != 1 else ''})"
        else:
            row["outcome"] = "constraint conflict or taken by another request"
    if short:
        return (f"asks for {wanted} device{'s' if wanted != 1 else ''}, only {len(usable)} "
                f"match{'es' if len(usable) == 1 else ''}")
    return ""


def _selectors_match(probe: Allocator, ci: int, device: Mapping[str, Any], did: DeviceID,
                     cls: Mapping[str, Any] | None, selectors: Sequence[Mapping[str, Any]]) -> bool:
    """The selectors on one device, raising the allocator's error for a failing one."""
    rec = device_record(did[0], device)
    mode = cel_mode(probe.gates, probe.version)
    for i, sel in enumerate(selectors):
        r = rec.selector(sel["cel"]["expression"], mode)
        if r is True:
            continue
        if r is False:
            return False
        where = f"class {cls['metadata']['name']}" if cls is not None else f"claim {_kobj(probe.claims[ci])}"
        if r[0] == "compile":
            raise AllocationError(f"{where}: selector #{i}: CEL compile error: {r[1]}")
        raise AllocationError(runtime_error_text(where, i, did, r[1], probe.version))
    return True


def _why_not_selectable(probe: Allocator, ci: int, rd: Any, s: Mapping[str, Any],
                        device: Mapping[str, Any]) -> str:
    """Why a device is not selectable for the request ("" if it is)."""
    spec = s.get("spec") or {}
    if not probe.g("DRADeviceBindingConditions") and device.get("bindingConditions"):
        return "binding conditions need DRADeviceBindingConditions"
    did = (spec.get("driver", ""), (spec.get("pool") or {}).get("name", ""), device.get("name", ""))
    if rd.cls is not None and not _selectors_match(probe, ci, device, did, rd.cls,
                                                   (rd.cls.get("spec") or {}).get("selectors") or ()):
        return "class selector false"
    if not _selectors_match(probe, ci, device, did, None, rd.request.selectors):
        return "request selector false"
    if spec.get("perDeviceNodeSelection"):
        try:
            if not node_matches(probe.node, device.get("nodeName") or "", bool(device.get("allNodes")),
                                device.get("nodeSelector")):
                return "wrong node"
        except ValueError as e:
            return f"error: {e}"
    return ""


def _counters_fit(probe: Allocator, cand: Candidate) -> bool:
    """Whether the device's counters fit what the pool has left, taking nothing."""
    if not probe.counters_ok(cand):
        return False
    probe._add_counters(probe.consumed_counters[(cand.pool.driver, cand.pool.name)], cand.device, -1)
    return True


def _unused_slice_reason(s: Mapping[str, Any], node: Mapping[str, Any], probe: Any) -> str | None:
    """Why GatherPools leaves out every device of slice ``s`` (None: it keeps them), in its
    order: the DRAPartitionableDevices gate first, then the node; from 1.35 a slice with
    counter sets is a counter slice only, so devices written next to them (the 1.34 layout,
    which a 1.35+ API server refuses) are never candidates."""
    spec = s.get("spec") or {}
    partitionable = probe.g("DRAPartitionableDevices")
    share = counters_share_slices(probe.version)
    dropped = None if partitionable else dropped_without_partitionable(spec, share)
    if dropped is not None:
        return dropped
    if not slice_targets_node(s, node, partitionable, share, probe.version):
        return "wrong node"
    if partitionable and spec.get("sharedCounters") and not share:
        return "next to counter sets: a counter slice's devices are not used from 1.35"
    return None


def _reason(probe: Allocator, ci: int, rd: Any, cand: Candidate, picked: bool) -> str:
    if picked:
        return "allocated"
    try:
        why = _why_not_selectable(probe, ci, rd, cand.slice, cand.device)
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
        if not _counters_fit(probe, cand):
            return "counters exhausted"
    if probe.g("DRADeviceTaints") and taint_prevents(cand.device, r.tolerations):
        return "taint not tolerated"
    return _USABLE


def one_line(text: str) -> str:
    """``text`` with each control character written as its escape (a CEL compile error's
    caret lines, a name with a newline), so a script reads one line per row or error."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def format_explanation(rows: Sequence[Mapping[str, Any]]) -> str:
    """A fixed-width table: CLAIM REQUEST DEVICE OUTCOME, one line per row."""
    header = ("CLAIM", "REQUEST", "DEVICE", "OUTCOME")
    table = [header] + [tuple(one_line(str(r[k])) for k in ("claim", "request", "device", "outcome"))
                        for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(3)]
    lines = []
    for row in table:
        lines.append("  ".join(row[i].ljust(widths[i]) for i in range(3)) + "  " + row[3])
    return "\n".join(line.rstrip() for line in lines) + "\n"
