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
``deviceclass.resource.kubernetes.io/<class>`` names count as extended here). With
DRAExtendedResource, 1.35+ (kubernetes/kubernetes#133784) also drops a name the node reports with
allocatable 0 — what the kubelet keeps for a removed device plugin — and 1.36+
(kubernetes/kubernetes#135725, predicate.go @ 00991fb9) drops a container's request the pod
status maps to the scheduler's special claim (``extendedResourceClaimStatus``), so a node moving
from device plugin to DRA admits the DRA-backed pods. Only the first failure is
reported, as the kubelet does: reason ``OutOf<resource>`` and the message
``Node didn't have enough resource: <r>, requested: <n>, used: <n>, capacity: <n>`` with
cpu in millicores and everything else in units.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from drakit.api.quantity import Quantity, QuantityError, parse_quantity
from drakit.features import FeatureGates
from drakit.kubelet.dra_manager import is_dra_extended_resource_name
from drakit.podrequests import (
    DRA_SHAPE_136,
    DRA_SHAPE_137,
    PodResourcesOptions,
    is_pod_level_resources_set,
    pod_requests,
)

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


def _without_missing_extended(pod: Mapping[str, Any], allocatable: Mapping[str, Quantity],
                              gates: FeatureGates) -> Mapping[str, Any]:
    """removeMissingExtendedResources, container by container."""
    extended_on = gates.enabled("DRAExtendedResource")
    zero_is_missing = extended_on and gates.version != "1.34"
    mapped_skip = extended_on and gates.version not in ("1.34", "1.35")
    mapped = {(m.get("containerName"), m.get("resourceName"))
              for m in (((pod.get("status") or {}).get("extendedResourceClaimStatus") or {})
                        .get("requestMappings") or ())} if mapped_skip else set()

    def keep(container: str, name: str) -> bool:
        if not is_dra_extended_resource_name(name):
            return True
        if (container, name) in mapped:
            return False
        q = allocatable.get(name)
        return q is not None and not (zero_is_missing and q.is_zero())

    spec = dict(pod.get("spec") or {})
    changed = False
    for key in ("initContainers", "containers"):
        out = []
        for c in spec.get(key) or ():
            reqs = (c.get("resources") or {}).get("requests") or {}
            kept = {n: v for n, v in reqs.items() if keep(c.get("name"), n)}
            if len(kept) != len(reqs):
                changed = True
                c = {**c, "resources": {**(c.get("resources") or {}), "requests": kept}}
            out.append(c)
        if key in spec:
            spec[key] = out
    return {**pod, "spec": spec} if changed else pod


def admit(pod: Mapping[str, Any], node: Mapping[str, Any],
          admitted: Iterable[Mapping[str, Any]], gates: FeatureGates,
          cost: Callable[[Mapping[str, Any]], Mapping[str, Quantity]] | None = None,
          ) -> Rejection | None:
    """None when the pod fits next to ``admitted`` (the node's other active pods).

    ``cost``: the footprint of an admitted pod, when the caller remembers them (a node with
    hundreds of pods would otherwise recompute every one for each admission)."""
    cost = cost or (lambda other: footprint(other, gates))
    allocatable: dict[str, Quantity] = {}
    for k, v in ((node.get("status") or {}).get("allocatable") or {}).items():
        q = _q(v)
        if q is not None:
            allocatable[k] = q
    others = list(admitted)
    used: dict[str, int] = {}
    for other in others:
        for name, q in cost(other).items():
            used[name] = used.get(name, 0) + _amount(name, q)
    want = {name: _amount(name, q)
            for name, q in footprint(_without_missing_extended(pod, allocatable, gates), gates).items()}

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
    # podFeaturesAdmitHandler, after the predicate handler (pkg/kubelet/lifecycle
    # isPodLevelResourcesSupported; read in a 1.35-era kubelet.go, taken for 1.34-1.37): a
    # kubelet whose own PodLevelResources gate is off refuses a pod that sets pod-level
    # resources the API server kept (a skewed cluster)
    if not gates.enabled("PodLevelResources") and is_pod_level_resources_set(pod):
        return Rejection(reason="PodLevelResourcesNotSupported",
                         message="PodLevelResources feature gate is disabled")
    return None
