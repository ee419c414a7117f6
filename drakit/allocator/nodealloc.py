"""KEP-5517: node-allocatable quantities of an allocated claim.

Why here: the amounts come straight from the allocation (devices and consumed
capacity) and the allocated devices' own declarations, so the allocator is the one
place that knows both. Two API shapes exist (api-truth §4, §9.8):

* 1.37 ``device.nodeAllocatableResources[res] = {mapping | overhead}``: mapping with
  ``deviceMultiplier`` adds multiplier per allocated device; mapping with
  ``capacityKey`` adds ``consumedCapacity[capacityKey] × capacityMultiplier`` (no
  multiplier means ×1; a key missing from consumedCapacity adds nothing; no
  consumedCapacity at all is an error, as the scheduler reports); ``overhead`` sums
  ``perPod`` and ``perContainer``. Result ``{"mapping": {...}, "overhead": {...}}``
  sorted by resource name, the shape of ``nodeAllocatableResourceClaimStatuses``.
* 1.36 ``device.nodeAllocatableResourceMappings[res] = {capacityKey?,
  allocationMultiplier? (default 1)}``: multiplier × device count, or × consumed
  capacity of ``capacityKey``. Result ``{"resources": {...}}``.

All arithmetic is exact (:class:`drakit.api.quantity.Quantity`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from drakit.allocator.core import AllocationError
from drakit.allocator.mixins import flatten_slice, slice_uses_mixins
from drakit.api.quantity import Quantity

__all__ = ["node_allocatable_quantities"]


def _device_index(slices: Sequence[Mapping[str, Any]]) -> dict[tuple[str, str, str], Mapping[str, Any]]:
    out: dict[tuple[str, str, str], tuple[int, Mapping[str, Any]]] = {}
    for s in slices:
        if slice_uses_mixins(s):
            s = flatten_slice(s)
        spec = s.get("spec") or {}
        pool = spec.get("pool") or {}
        gen = int(pool.get("generation", 0))
        for d in spec.get("devices") or ():
            key = (spec.get("driver", ""), pool.get("name", ""), d.get("name", ""))
            if key not in out or out[key][0] <= gen:
                out[key] = (gen, d)
    return {k: v[1] for k, v in out.items()}


def _allocation(obj: Mapping[str, Any]) -> Mapping[str, Any]:
    if "status" in obj or "spec" in obj or "metadata" in obj:
        return (obj.get("status") or {}).get("allocation") or {}
    return obj


def _add(acc: dict[str, Quantity], name: str, q: Quantity) -> None:
    acc[name] = acc[name] + q if name in acc else q


def node_allocatable_quantities(claim_or_allocation: Mapping[str, Any], slices: Sequence[Mapping[str, Any]],
                                version: str = "1.37") -> dict[str, Any]:
    """The claim's node-allocatable amounts as Quantities, in the shape of ``version``."""
    alloc = _allocation(claim_or_allocation)
    results = (alloc.get("devices") or {}).get("results") or []
    index = _device_index(slices)
    if version == "1.36":
        resources: dict[str, Quantity] = {}
        for r in results:
            device = index.get((r.get("driver", ""), r.get("pool", ""), r.get("device", "")))
            if device is None:
                continue
            for res, m in (device.get("nodeAllocatableResourceMappings") or {}).items():
                mult = Quantity.of(m["allocationMultiplier"]) if m.get("allocationMultiplier") is not None \
                    else Quantity(1)
                key = m.get("capacityKey")
                if key:
                    consumed = (r.get("consumedCapacity") or {}).get(key)
                    if consumed is None:
                        continue
                    _add(resources, res, Quantity.of(consumed) * mult)
                else:
                    _add(resources, res, mult)
        return {"resources": dict(sorted(resources.items()))}

    mapping: dict[str, Quantity] = {}
    overhead: dict[str, dict[str, Quantity]] = {}
    for r in results:
        device = index.get((r.get("driver", ""), r.get("pool", ""), r.get("device", "")))
        if device is None:
            continue
        for res, nar in (device.get("nodeAllocatableResources") or {}).items():
            m = nar.get("mapping")
            if m is not None:
                key = m.get("capacityKey")
                if key:
                    consumed = r.get("consumedCapacity")
                    if consumed is None:
                        raise AllocationError(
                            f"device {r.get('driver')}/{r.get('pool')}/{r.get('device')}: node allocatable "
                            f"resource {res} maps capacity {key}, but the allocation has no consumed capacity")
                    if key in consumed:
                        mult = Quantity.of(m["capacityMultiplier"]) if m.get("capacityMultiplier") is not None \
                            else Quantity(1)
                        _add(mapping, res, Quantity.of(consumed[key]) * mult)
                elif m.get("deviceMultiplier") is not None:
                    _add(mapping, res, Quantity.of(m["deviceMultiplier"]))
            o = nar.get("overhead")
            if o is not None:
                entry = overhead.setdefault(res, {})
                for f in ("perPod", "perContainer"):
                    if o.get(f) is not None:
                        _add(entry, f, Quantity.of(o[f]))
    return {"mapping": dict(sorted(mapping.items())),
            "overhead": {k: v for k, v in sorted(overhead.items())}}
