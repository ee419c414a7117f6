"""KEP-5234 ResourceSlice mixins: flattening devices and counter sets.

Why a separate module: mixins never shipped in any Kubernetes release (no ``mixins`` or
``includes`` field exists in resource.k8s.io/v1 up to 1.37, see api-truth §2). drakit
implements the KEP text behind the ``DRAResourceSliceMixins`` gate so the harness can
state what a cluster adopting the KEP must do:

* ``spec.mixins.device[]`` (attributes, capacity), ``spec.mixins.counterSet[]``
  (counters) and ``spec.mixins.deviceCounterConsumption[]`` (counters) are named mixins;
* ``devices[].includes``, ``sharedCounters[].includes`` and
  ``devices[].consumesCounters[].includes`` reference them; includes apply in order, a
  later mixin overrides an earlier one, and the object's own fields override all mixins;
  the counter set of a consumption mixin is the one named at the reference;
* gate off ("Implementation"): devices and counter sets that use mixins are dropped,
  and so is every device consuming from a dropped counter set — also across the slices of a
  pool, where counter sets and devices live since 1.35: the flattened slice names the counter
  sets it dropped (:data:`DROPPED_COUNTER_SETS`) and pool gathering removes their consumers
  (:func:`without_consumers_of`) instead of declaring the pool invalid.

Only objects that use ``includes`` are copied; everything else is shared with the input,
so slices without mixins cost nothing. An include naming an unknown mixin raises
:class:`MixinError` (API validation would have refused such a slice).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["DROPPED_COUNTER_SETS", "MixinError", "dropped_counter_sets", "flatten_slice",
           "slice_uses_mixins", "without_consumers_of"]

DROPPED_COUNTER_SETS = "__droppedCounterSets__"
"""Key on a gate-off flattened slice (never an API field): the counter sets dropped from it."""


class MixinError(ValueError):
    """A reference to a mixin that the slice does not define."""


def _mixins(spec: Mapping[str, Any], kind: str) -> dict[str, Mapping[str, Any]]:
    return {m["name"]: m for m in ((spec.get("mixins") or {}).get(kind) or ())}


def _merge(includes: list[str], table: Mapping[str, Mapping[str, Any]], field: str,
           own: Mapping[str, Any] | None, what: str) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for ref in includes:
        mixin = table.get(ref)
        if mixin is None:
            raise MixinError(f"{what} includes unknown mixin {ref!r}")
        merged.update(mixin.get(field) or {})
    merged.update(own or {})
    return merged


def slice_uses_mixins(slice_: Mapping[str, Any]) -> bool:
    spec = slice_.get("spec") or {}
    if spec.get("mixins"):
        return True
    for cs in spec.get("sharedCounters") or ():
        if cs.get("includes"):
            return True
    for d in spec.get("devices") or ():
        if d.get("includes") or any(c.get("includes") for c in d.get("consumesCounters") or ()):
            return True
    return False


def flatten_slice(slice_: Mapping[str, Any], *, enabled: bool = True) -> dict[str, Any]:
    """The slice with mixins applied (``enabled``) or mixin users dropped (gate off).

    The result has no ``spec.mixins`` and no ``includes`` fields.
    """
    if not slice_uses_mixins(slice_):
        return dict(slice_)
    spec = dict(slice_.get("spec") or {})
    dev_mix = _mixins(spec, "device")
    cs_mix = _mixins(spec, "counterSet")
    dcc_mix = _mixins(spec, "deviceCounterConsumption")
    spec.pop("mixins", None)

    dropped_sets: set[str] = set()
    if "sharedCounters" in spec:
        sets = []
        for cs in spec.get("sharedCounters") or ():
            inc = cs.get("includes") or []
            if not inc:
                sets.append(cs)
                continue
            if not enabled:
                dropped_sets.add(cs["name"])
                continue
            new = {k: v for k, v in cs.items() if k != "includes"}
            new["counters"] = _merge(inc, cs_mix, "counters", cs.get("counters"),
                                     f"counter set {cs['name']!r}")
            sets.append(new)
        spec["sharedCounters"] = sets

    if "devices" in spec:
        devices = []
        for d in spec.get("devices") or ():
            consumes = d.get("consumesCounters") or []
            uses = bool(d.get("includes")) or any(c.get("includes") for c in consumes)
            if any(c.get("counterSet") in dropped_sets for c in consumes):
                continue
            if not uses:
                devices.append(d)
                continue
            if not enabled:
                continue
            new = {k: v for k, v in d.items() if k != "includes"}
            inc = d.get("includes") or []
            what = f"device {d.get('name')!r}"
            if inc:
                attrs = _merge(inc, dev_mix, "attributes", d.get("attributes"), what)
                caps = _merge(inc, dev_mix, "capacity", d.get("capacity"), what)
                if attrs:
                    new["attributes"] = attrs
                if caps:
                    new["capacity"] = caps
            if consumes:
                new_consumes = []
                for c in consumes:
                    cinc = c.get("includes") or []
                    if not cinc:
                        new_consumes.append(c)
                        continue
                    nc = {k: v for k, v in c.items() if k != "includes"}
                    nc["counters"] = _merge(cinc, dcc_mix, "counters", c.get("counters"),
                                            f"{what} consumesCounters {c.get('counterSet')!r}")
                    new_consumes.append(nc)
                new["consumesCounters"] = new_consumes
            devices.append(new)
        spec["devices"] = devices
    out = dict(slice_)
    out["spec"] = spec
    if dropped_sets:
        out[DROPPED_COUNTER_SETS] = sorted(dropped_sets)
    return out


def dropped_counter_sets(slices: Iterable[Mapping[str, Any]]) -> set[str]:
    """The counter sets gate-off flattening dropped from these slices of one pool."""
    return {n for s in slices for n in s.get(DROPPED_COUNTER_SETS) or ()}


def without_consumers_of(slices: list[Mapping[str, Any]], dropped: set[str]) -> list[Mapping[str, Any]]:
    """``slices`` without the devices that consume from a ``dropped`` counter set (KEP-5234
    "Implementation": "all devices that references a dropped counter set will also be
    dropped"). Untouched slices and the kept device objects are shared, not copied."""
    out = []
    for s in slices:
        devices = (s.get("spec") or {}).get("devices") or []
        kept = [d for d in devices
                if not any(c.get("counterSet") in dropped for c in d.get("consumesCounters") or ())]
        if len(kept) == len(devices):
            out.append(s)
        else:
            out.append({**s, "spec": {**(s.get("spec") or {}), "devices": kept}})
    return out
