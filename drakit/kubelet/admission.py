"""Kubelet pod admission: does the pod's footprint fit what the node has left?

Why here and shaped like upstream ``pkg/kubelet/lifecycle/predicate.go``: the kubelet is the
last line of defence against overcommit. KEP-5517 makes it count DRA node-allocatable
amounts (``status.nodeAllocatableResourceClaimStatuses``) exactly as the scheduler did, so
the footprint comes from the one shared helper, ``drakit.podrequests.pod_requests`` with
``use_dra_node_allocatable`` while DRANodeAllocatableResources is on (1.37 mapping + perPod +
perContainer x containers; 1.36 ``resources`` map).

The check mirrors ``noderesources.Fits`` as the kubelet calls it: first the pod count, then
cpu, memory, ephemeral-storage, then scalar resources in name order; extended resources
the node does not advertise are dropped from the pod first (``removeMissingExtendedResources``:
they are DRA-backed or simply not this node's business; KEP-5004's implicit
``deviceclass.resource.kubernetes.io/<class>`` names count as extended here). Only the first failure is
reported, as the kubelet does: reason ``OutOf<resource>`` and the message
``Node didn't have enough resource: <r>, requested: <n>, used: <n>, capacity: <n>`` with
cpu in millicores and everything else in units.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from drakit.api.quantity import Quantity, QuantityError, parse_quantity
from drakit.features import FeatureGates
from drakit.kubelet.dra_manager import is_dra_extended_resource_name
from drakit.podrequests import DRA_SHAPE_136, DRA_SHAPE_137, PodResourcesOptions, pod_requests

FIRST_RESOURCES = ("cpu", "memory", "ephemeral-storage")


@dataclass(frozen=True)
class Rejection:
    """Why the kubelet refuses a pod; becomes status reason/message and an event."""

    reason: str
    message: str


def footprint_options(gates: FeatureGates) -> PodResourcesOptions:
    use_dra = gates.enabled("DRANodeAllocatableResources")
    shape = DRA_SHAPE_136 if gates.version == "1.36" else DRA_SHAPE_137
    return PodResourcesOptions(use_dra_node_allocatable=use_dra, dra_shape=shape,
                               skip_pod_level_resources=not gates.enabled("PodLevelResources"))


def footprint(pod: Mapping[str, Any], gates: FeatureGates) -> dict[str, Quantity]:
    """What the pod costs the node (PodRequests, with KEP-5517 amounts when gated on)."""
    return pod_requests(pod, footprint_options(gates))


def _q(value: Any) -> Quantity | None:
    try:
        return parse_quantity(str(value))
    except (QuantityError, ValueError):
        return None


def _amount(name: str, q: Quantity) -> int:
    return q.milli_value() if name == "cpu" else q.value()


def admit(pod: Mapping[str, Any], node: Mapping[str, Any],
          admitted: Iterable[Mapping[str, Any]], gates: FeatureGates) -> Rejection | None:
    """None when the pod fits next to ``admitted`` (the node's other active pods)."""
    allocatable: dict[str, Quantity] = {}
    for k, v in ((node.get("status") or {}).get("allocatable") or {}).items():
        q = _q(v)
        if q is not None:
            allocatable[k] = q
    others = list(admitted)
    used: dict[str, int] = {}
    for other in others:
        for name, q in footprint(other, gates).items():
            used[name] = used.get(name, 0) + _amount(name, q)
    want = {name: _amount(name, q) for name, q in footprint(pod, gates).items()}
    # removeMissingExtendedResources
    want = {n: v for n, v in want.items()
            if not (is_dra_extended_resource_name(n) and n not in allocatable)}

    def check(name: str, requested: int) -> Rejection | None:
        cap = _amount(name, allocatable[name]) if name in allocatable else 0
        have = used.get(name, 0)
        if requested > 0 and requested + have > cap:
            return Rejection(
                reason=f"OutOf{name}",
                message=(f"Node didn't have enough resource: {name}, requested: {requested}, "
                         f"used: {have}, capacity: {cap}"))
        return None

    pods_cap = _amount("pods", allocatable["pods"]) if "pods" in allocatable else 110
    if len(others) + 1 > pods_cap:
        return Rejection(reason="OutOfpods",
                         message=(f"Node didn't have enough resource: pods, requested: 1, "
                                  f"used: {len(others)}, capacity: {pods_cap}"))
    for name in FIRST_RESOURCES:
        if name in want:
            r = check(name, want[name])
            if r:
                return r
    for name in sorted(n for n in want if n not in FIRST_RESOURCES):
        r = check(name, want[name])
        if r:
            return r
    return None
