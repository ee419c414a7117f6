"""Resource pools as the structured allocator sees them from one node.

Why its own module: pool gathering decides which devices exist at all for a node
(newest generation only, complete pools only, node matching by nodeName /
nodeSelector / allNodes / perDeviceNodeSelection, duplicate device names make a pool
invalid, counter sets validated); it mirrors upstream ``pools_experimental.go``
(``GatherPools``/``buildPool``) and is shared by allocation and ``explain``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from drakit.allocator.mixins import dropped_counter_sets, without_consumers_of
from drakit.api.meta import (
    aggregate_text,
    go_node_selector_string,
    node_selector_parse_errors,
    parse_int64,
)
from drakit.api.quantity import Quantity
from drakit.features import release_at_least

__all__ = ["Pool", "gather_pools", "node_matches", "node_selector_matches"]


@dataclass
class Pool:
    driver: str
    name: str
    incomplete: bool = False
    invalid: bool = False
    invalid_reason: str = ""
    slices: list[Mapping[str, Any]] = field(default_factory=list)  # device slices targeting the node
    slices_not_targeting: list[Mapping[str, Any]] = field(default_factory=list)
    counter_sets: dict[str, dict[str, Quantity]] = field(default_factory=dict)
    has_binding_conditions: bool = False

    @property
    def id(self) -> str:
        return f"{self.driver}/{self.name}"


def _labels(node: Mapping[str, Any] | None) -> Mapping[str, str]:
    return ((node or {}).get("metadata") or {}).get("labels") or {}


def _node_name(node: Mapping[str, Any] | None) -> str:
    return ((node or {}).get("metadata") or {}).get("name", "")


def _requirement_matches(req: Mapping[str, Any], value: str | None) -> bool:
    op = req.get("operator")
    values = req.get("values") or []
    if op == "In":
        return value is not None and value in values
    if op == "NotIn":
        return value is None or value not in values
    if op == "Exists":
        return value is not None
    if op == "DoesNotExist":
        return value is None
    if op in ("Gt", "Lt"):
        if value is None or len(values) != 1:
            return False
        a, b = parse_int64(value), parse_int64(values[0])
        if a is None or b is None:
            return False
        return a > b if op == "Gt" else a < b
    raise ValueError(f"{op!r} is not a valid node selector operator")


def node_selector_matches(selector: Mapping[str, Any], node: Mapping[str, Any] | None) -> bool:
    """``nodeaffinity.NodeSelector.Match``: terms are ORed, requirements ANDed."""
    labels = _labels(node)
    name = _node_name(node)
    for term in selector.get("nodeSelectorTerms") or ():
        exprs = term.get("matchExpressions") or []
        fields = term.get("matchFields") or []
        if not exprs and not fields:
            continue  # an empty term matches nothing
        ok = all(_requirement_matches(r, labels.get(r.get("key"))) for r in exprs)
        ok = ok and all(
            _requirement_matches(r, name if r.get("key") == "metadata.name" else None) for r in fields
        )
        if ok:
            return True
    return False


def node_matches(node: Mapping[str, Any] | None, node_name: str, all_nodes: bool,
                 selector: Mapping[str, Any] | None) -> bool:
    """``NodeMatches``."""
    if node_name:
        return node is not None and _node_name(node) == node_name
    if all_nodes:
        return True
    if selector is not None:
        # nodeaffinity.NewNodeSelector: a requirement it cannot parse (Gt/Lt with a value that
        # is no int64, which the API server lets through) fails the whole selector, even when
        # another term would match (pools_*.go NodeMatches, 1.34-1.37)
        errs = node_selector_parse_errors(selector)
        if errs:
            raise ValueError(f"failed to parse node selector {go_node_selector_string(selector)}: "
                             f"{aggregate_text(errs)}")
        return node_selector_matches(selector, node)
    return False


def _spec(s: Mapping[str, Any]) -> Mapping[str, Any]:
    return s.get("spec") or {}


def _pool_key(s: Mapping[str, Any]) -> tuple[str, str]:
    spec = _spec(s)
    return spec.get("driver", ""), (spec.get("pool") or {}).get("name", "")


def _generation(s: Mapping[str, Any]) -> int:
    return int((_spec(s).get("pool") or {}).get("generation", 0))


def _slice_count(s: Mapping[str, Any]) -> int:
    return int((_spec(s).get("pool") or {}).get("resourceSliceCount", 1))


class NodeSelectionError(ValueError):
    """A slice whose node selection cannot be evaluated: a selector ``NewNodeSelector`` cannot
    parse (Gt/Lt with a value that is no integer passes the API server; other causes come only
    with library input such as ``drakit allocate -f``); worded as upstream's GatherPools words it.
    The allocator reports it as ``gather pool information: <this>``."""


def go_device_string(device: Mapping[str, Any], version: str) -> str:
    """``(*resourcev1.Device).String()`` (k8s.io/api resource/v1 generated.pb.go), which
    GatherPools prints for a device whose node selector it cannot parse. Go prints the values of
    the attribute, capacity, node-allocatable and counter maps as raw structs, with pointer
    addresses and Quantity internals no other process can reproduce; drakit prints their keys
    and ``{...}`` for each value. A counter consumption is ``DeviceCounterConsumption{CounterSet:
    <name>,Counters:<map>,}`` and a taint its own ``DeviceTaint.String()``, "<key>=<value>:<effect>"
    (k8s.io/api resource/v1 devicetaint.go), each followed by ",". The field list is the release's:
    ``NodeAllocatableResourceMappings`` at 1.36 (and kubernetes-1.37.0-beta.0), then
    ``NodeAllocatableResources`` in the 1.37 shape drakit follows (k8s.io/api master 10b39a39,
    where the mappings are tombstoned)."""
    def ptr(v: Any) -> str:
        if v is None:
            return "nil"
        return "*" + (("true" if v else "false") if isinstance(v, bool) else str(v))

    def keyed(type_: str, m: Mapping[str, Any] | None) -> str:
        return type_ + "{" + "".join(f"{k}: {{...}}," for k in sorted(m or {})) + "}"

    def taint(t: Mapping[str, Any]) -> str:
        key, value, effect = t.get("key", ""), t.get("value", ""), t.get("effect", "")
        if not effect:
            return f"{key}={value}:" if value else key
        return f"{key}={value}:{effect}" if value else f"{key}:{effect}"

    def consumption(c: Mapping[str, Any]) -> str:
        return (f"DeviceCounterConsumption{{CounterSet:{c.get('counterSet', '')},Counters:"
                + keyed("map[string]Counter", c.get("counters")) + ",}")

    sel = device.get("nodeSelector")
    fields = [
        f"Name:{device.get('name', '')}",
        "Attributes:" + keyed("map[QualifiedName]DeviceAttribute", device.get("attributes")),
        "Capacity:" + keyed("map[QualifiedName]DeviceCapacity", device.get("capacity")),
        "ConsumesCounters:[]DeviceCounterConsumption{"
        + "".join(consumption(c) + "," for c in device.get("consumesCounters") or ()) + "}",
        "NodeName:" + ptr(device.get("nodeName")),
        "NodeSelector:" + ("nil" if sel is None
                           else go_node_selector_string(sel).replace("NodeSelector", "v11.NodeSelector", 1)),
        "AllNodes:" + ptr(device.get("allNodes")),
        "Taints:[]DeviceTaint{" + "".join(taint(t) + "," for t in device.get("taints") or ()) + "}",
        "BindsToNode:" + ptr(device.get("bindsToNode")),
        "BindingConditions:[" + " ".join(device.get("bindingConditions") or ()) + "]",
        "BindingFailureConditions:[" + " ".join(device.get("bindingFailureConditions") or ()) + "]",
        "AllowMultipleAllocations:" + ptr(device.get("allowMultipleAllocations")),
    ]
    if release_at_least(version, "1.37"):  # the 1.37 shape (master): mappings tombstoned
        fields.append("NodeAllocatableResources:" + keyed(
            "map[k8s_io_api_core_v1.ResourceName]NodeAllocatableResource",
            device.get("nodeAllocatableResources")))
    elif release_at_least(version, "1.36"):
        fields.append("NodeAllocatableResourceMappings:" + keyed(
            "map[k8s_io_api_core_v1.ResourceName]NodeAllocatableResourceMapping",
            device.get("nodeAllocatableResourceMappings")))
    return "&Device{" + "".join(f + "," for f in fields) + "}"


def counters_share_slices(version: str) -> bool:
    """The 1.34 layout: a slice holds counter sets together with the devices that consume
    them (1.35 puts counter sets into slices of their own, KEP-4815)."""
    return not release_at_least(version, "1.35")


def dropped_without_partitionable(spec: Mapping[str, Any], counters_with_devices: bool) -> str | None:
    """Why GatherPools skips a slice with DRAPartitionableDevices off (None: it keeps it):
    per-device node selection, or counter sets. 1.34 (counters_with_devices) skips only per-device
    node selection (v0.34.0 structured/internal/experimental GatherPools): its counter sets
    share a slice with devices, and devices that consume counters are refused one by one."""
    if spec.get("perDeviceNodeSelection") is not None:
        return "per-device node selection needs DRAPartitionableDevices"
    if spec.get("sharedCounters") and not counters_with_devices:
        return "counters need DRAPartitionableDevices"
    return None


def slice_targets_node(s: Mapping[str, Any], node: Mapping[str, Any] | None, partitionable: bool,
                       counters_with_devices: bool = False, version: str = "1.37") -> bool:
    """Whether GatherPools keeps slice ``s`` for ``node``; :class:`NodeSelectionError` where
    its node selection (the slice's, or a device's with perDeviceNodeSelection, devices in
    order up to the first that matches) cannot be evaluated."""
    spec = _spec(s)
    if not partitionable and dropped_without_partitionable(spec, counters_with_devices):
        return False
    node_name = spec.get("nodeName") or ""
    all_nodes = bool(spec.get("allNodes"))
    name = (s.get("metadata") or {}).get("name", "")
    if node_name or all_nodes or spec.get("nodeSelector") is not None:
        try:
            return node_matches(node, node_name, all_nodes, spec.get("nodeSelector"))
        except ValueError as e:
            raise NodeSelectionError(f"failed to perform node selection for slice {name}: {e}") from None
    if spec.get("perDeviceNodeSelection"):
        for d in spec.get("devices") or ():
            try:
                if node_matches(node, d.get("nodeName") or "", bool(d.get("allNodes")), d.get("nodeSelector")):
                    return True
            except ValueError as e:
                raise NodeSelectionError(f"failed to perform node selection for device "
                                         f"{go_device_string(d, version)} in slice {name}: {e}") from None
    return False


def gather_pools(slices: Sequence[Mapping[str, Any]], node: Mapping[str, Any] | None, *,
                 partitionable: bool, binding_conditions: bool = False,
                 all_slices: Sequence[Mapping[str, Any]] | None = None,
                 counters_with_devices: bool = False, version: str = "1.37") -> list[Pool]:
    """The pools visible from ``node``, sorted by driver then pool name (``GatherPools``);
    with ``binding_conditions`` (:func:`drakit.allocator.core.binding_pools_last`) pools with a
    device that has binding conditions come after the others. ``counters_with_devices``: the
    1.34 layout, where a slice holds counter sets together with the devices consuming them
    (1.35 puts counter sets into slices of their own)."""
    all_slices = slices if all_slices is None else all_slices
    by_pool: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
    for s in slices:
        if not slice_targets_node(s, node, partitionable, counters_with_devices, version):
            continue
        key = _pool_key(s)
        have = by_pool.get(key)
        if have is None or _generation(s) > _generation(have[0]):
            by_pool[key] = [s]
        elif _generation(s) == _generation(have[0]):
            have.append(s)

    result: list[Pool] = []
    with_binding: list[Pool] = []
    for key, pslices in by_pool.items():
        gen = _generation(pslices[0])
        count = _slice_count(pslices[0])
        all_for_pool: list[Mapping[str, Any]] | None = None
        if len(pslices) != count:
            newest = max((_generation(s) for s in all_slices if _pool_key(s) == key), default=gen)
            if newest > gen:
                continue  # obsolete: a newer generation exists elsewhere
            all_for_pool = [s for s in all_slices if _pool_key(s) == key and _generation(s) == gen]
            if len(all_for_pool) != count:
                result.append(Pool(key[0], key[1], incomplete=True))
                continue
        pool = _build_pool(key, pslices, partitionable, all_for_pool, counters_with_devices)
        if binding_conditions and pool.has_binding_conditions:
            with_binding.append(pool)
        else:
            result.append(pool)
    result.sort(key=lambda p: (p.driver, p.name))
    with_binding.sort(key=lambda p: (p.driver, p.name))
    return result + with_binding


@functools.lru_cache(maxsize=65536)
def _qty(value: str | int) -> Quantity:
    return Quantity.of(value)


def _counters(raw: Mapping[str, Any] | None) -> dict[str, Quantity]:
    return {name: _qty((c or {}).get("value", "0")) for name, c in (raw or {}).items()}


def _build_pool(key: tuple[str, str], pslices: list[Mapping[str, Any]], partitionable: bool,
                all_for_pool: Iterable[Mapping[str, Any]] | None,
                counters_with_devices: bool = False) -> Pool:
    pslices = sorted(pslices, key=lambda s: (s.get("metadata") or {}).get("name", ""))
    pool = Pool(key[0], key[1])
    counter_slices = []
    for s in pslices:
        if partitionable and _spec(s).get("sharedCounters"):
            counter_slices.append(s)
            if counters_with_devices:
                pool.slices.append(s)
        else:
            pool.slices.append(s)
    if all_for_pool is not None:
        names = {(s.get("metadata") or {}).get("name") for s in pslices}
        for s in all_for_pool:
            if (s.get("metadata") or {}).get("name") in names:
                continue
            if partitionable and _spec(s).get("sharedCounters"):
                counter_slices.append(s)
                if counters_with_devices:
                    pool.slices_not_targeting.append(s)
            else:
                pool.slices_not_targeting.append(s)
    # KEP-5234 with the gate off: consumers of a dropped counter set go too. A counter slice
    # whose every set came from mixins has no sharedCounters left, so it is no counter slice
    # any more: look at every slice of the pool.
    dropped = dropped_counter_sets([*pslices, *(all_for_pool or ())])
    if dropped:
        pool.slices = without_consumers_of(pool.slices, dropped)
        pool.slices_not_targeting = without_consumers_of(pool.slices_not_targeting, dropped)
    seen: set[str] = set()
    for s in pool.slices:
        for d in _spec(s).get("devices") or ():
            if d.get("name") in seen:
                pool.invalid, pool.invalid_reason = True, f"duplicate device name {d.get('name')}"
                return pool
            seen.add(d.get("name"))
            if d.get("bindingConditions"):
                pool.has_binding_conditions = True
    if not partitionable:
        return pool
    for s in counter_slices:
        for cs in _spec(s).get("sharedCounters") or ():
            if cs.get("name") in pool.counter_sets:
                pool.invalid, pool.invalid_reason = True, f"duplicate counter set name {cs.get('name')}"
                return pool
            pool.counter_sets[cs.get("name")] = _counters(cs.get("counters"))
    for s in [*pool.slices, *pool.slices_not_targeting]:
        for d in _spec(s).get("devices") or ():
            for c in d.get("consumesCounters") or ():
                cs = pool.counter_sets.get(c.get("counterSet"))
                if cs is None:
                    pool.invalid = True
                    pool.invalid_reason = (f"counter set {c.get('counterSet')} referenced by device "
                                           f"{d.get('name')} not found")
                    return pool
                for cname in c.get("counters") or {}:
                    if cname not in cs:
                        pool.invalid = True
                        pool.invalid_reason = (f"counter {cname} in counter set {c.get('counterSet')} "
                                               f"referenced by device {d.get('name')} not found")
                        return pool
    return pool
