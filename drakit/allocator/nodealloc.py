"""KEP-5517: node-allocatable quantities of an allocated claim.

Why here: the amounts come straight from the allocation (devices and consumed
capacity) and the allocated devices' own declarations, so the allocator is the one
place that knows both. Two API shapes exist (api-truth §4, §9.8):

* 1.37 ``device.nodeAllocatableResources[res] = {mapping | overhead}``: mapping with
  ``deviceMultiplier`` adds multiplier per allocated device; mapping with
  ``capacityKey`` adds ``consumedCapacity[capacityKey] × capacityMultiplier`` (no
  multiplier means ×1; the key is looked up with or without the driver's domain; a key
  missing from consumedCapacity adds nothing; no consumedCapacity at all is an error, as the
  scheduler reports, in both shapes); ``overhead`` sums
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
from drakit.api.quantity import Quantity

__all__ = ["node_allocatable_quantities"]


def _device_index(slices: Sequence[Mapping[str, Any]]) -> dict[tuple[str, str, str], Mapping[str, Any]]:
    # Only device names and the node-allocatable fields are read, which KEP-5234 mixins never
    # supply (they carry attributes, capacity and counters), so slices are read unflattened.
    out: dict[tuple[str, str, str], tuple[int, Mapping[str, Any]]] = {}
    for s in slices:
        spec = s.get("spec") or {}
        pool = spec.get("pool") or {}
        gen = int(pool.get("generation", 0))
        for d in spec.get("devices") or ():
            key = (spec.get("driver", ""), pool.get("name", ""), d.get("name", ""))
            if key not in out or out[key][0] <= gen:
                out[key] = (gen, d)
    return {k: v[1] for k, v in out.items()}


def _add(acc: dict[str, Quantity], name: str, q: Quantity) -> None:
    acc[name] = acc[name] + q if name in acc else q


def _not_found(ref: str, r: Mapping[str, Any], version: str) -> AllocationError:
    """getDeviceFromManager (1.36) / getDeviceFromSlices (1.37) found no such device, as
    buildNodeAllocatableDRAInfo words it."""
    dev, pool, drv = r.get("device", ""), r.get("pool", ""), r.get("driver", "")
    if version == "1.36":
        return AllocationError(f"claim {ref}, device {dev}: device {dev} not found in pool {pool}")
    return AllocationError(f"claim {ref}, device {dev}, driver {drv}: device {dev} not found in pool {pool} "
                           f"for driver {drv}")


def _lookup(consumed: Mapping[str, Any], key: str, driver: str) -> Any:
    """draapi.LookupByQualifiedName: the key as it is, or without the driver's domain."""
    if key in consumed:
        return consumed[key]
    domain, _, ident = key.partition("/")
    if ident and domain == driver:
        return consumed.get(ident)
    return None


def node_allocatable_quantities(allocation: Mapping[str, Any], slices: Sequence[Mapping[str, Any]],
                                version: str, claim_ref: str) -> dict[str, Any]:
    """The node-allocatable amounts of a claim's ``allocation`` as Quantities, in the shape of
    ``version``.

    Errors are worded as k/k nodeallocatabledynamicresources.go buildNodeAllocatableDRAInfo
    words them (78acd4d4 for 1.36, 0411cc70 for 1.37), naming the claim ``claim_ref``
    ("namespace/name"): a result whose device no slice has, and a mapping by capacityKey on a
    result without consumedCapacity.
    """
    results = (allocation.get("devices") or {}).get("results") or []
    index = _device_index(slices)
    if version == "1.36":
        resources: dict[str, Quantity] = {}
        for r in results:
            device = index.get((r.get("driver", ""), r.get("pool", ""), r.get("device", "")))
            if device is None:
                raise _not_found(claim_ref, r, version)
            for res, m in (device.get("nodeAllocatableResourceMappings") or {}).items():
                mult = Quantity.of(m["allocationMultiplier"]) if m.get("allocationMultiplier") is not None \
                    else Quantity(1)
                key = m.get("capacityKey")
                if key:
                    if r.get("consumedCapacity") is None:
                        raise AllocationError(
                            f"claim {claim_ref}, device {r.get('device', '')}: ConsumedCapacity is nil, but "
                            f"Capacity key '{key}' is set in NodeAllocatableResourceMappings for resource {res}")
                    consumed = r["consumedCapacity"].get(key)
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
            raise _not_found(claim_ref, r, version)
        for res, nar in (device.get("nodeAllocatableResources") or {}).items():
            m = nar.get("mapping")
            if m is not None:
                key = m.get("capacityKey")
                if key:
                    consumed = r.get("consumedCapacity")
                    if consumed is None:
                        raise AllocationError(
                            f"claim {claim_ref}, device {r.get('device', '')}: ConsumedCapacity is nil, but "
                            f"Capacity key '{key}' is set in NodeAllocatableResources for resource {res}")
                    value = _lookup(consumed, key, r.get("driver", ""))
                    if value is not None:
                        mult = Quantity.of(m["capacityMultiplier"]) if m.get("capacityMultiplier") is not None \
                            else Quantity(1)
                        _add(mapping, res, Quantity.of(value) * mult)
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
