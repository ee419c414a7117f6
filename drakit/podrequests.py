"""The one pod-footprint helper: component-helpers ``resource.PodRequests`` / ``PodLimits``.

Why one module: the scheduler (NodeResourcesFit and the KEP-5517 ledger), ResourceQuota and
kubelet admission must agree to the milli-cpu and the byte on what a pod costs, as upstream
does by calling the same ``k8s.io/component-helpers/resource`` functions everywhere. Three
copies would drift (KEP-5517 "unified ledger"). Everything here is exact (``Quantity``).

Rules mirrored (component-helpers ``resource/helpers.go``, master 2026-07):

* regular containers add up; a restartable ("sidecar", ``restartPolicy: Always``) init
  container adds to the sum *and* to the running sidecar total; a plain init container
  costs its own request plus the sidecars started before it; the pod needs the max of
  the sum and every init-container peak (KEP-753 formula);
* pod-level ``spec.resources.requests`` replace the aggregate for supported resources
  (cpu, memory, hugepages-*) unless ``skip_pod_level_resources``;
* ``spec.overhead`` is added last unless ``exclude_overhead``;
* with ``use_dra_node_allocatable`` (``UseDRANodeAllocatableResourceClaimStatus``) the
  KEP-5517 amounts from ``status.nodeAllocatableResourceClaimStatuses`` join the container
  aggregate: in the 1.37 shape every ``mapping[].quantity`` and ``overhead[].perPod`` is
  charged for the pod's whole life ("pod fixed") and ``overhead[].perContainer`` is charged
  to each referencing container (so for regular containers and sidecars it is
  perContainer x N, and for a plain init container it only raises that container's peak —
  the newest upstream form; references to unknown container names are charged pod-fixed);
  in the 1.36 shape each entry's ``resources`` map is charged pod-fixed.
  Pod-level requests still override the result (a pod budget must cover DRA, which
  DynamicResources checks separately).

Limits (``pod_limits``) follow ``PodLimits``: DRA amounts only for resources whose limit
the spec declares somewhere (hugepages always), overhead only onto non-zero limits.
In-place resize status inputs (``UseStatusResources``) are not modelled: drakit pods are
never resized in place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from drakit.api.quantity import Quantity

ResourceList = dict[str, Quantity]

HUGEPAGES_PREFIX = "hugepages-"
SUPPORTED_POD_LEVEL_RESOURCES = frozenset({"cpu", "memory"})

DRA_SHAPE_137 = "1.37"
"""``mapping[]`` / ``overhead[]`` entries (api-truth §4.2, 1.37)."""
DRA_SHAPE_136 = "1.36"
"""``resources`` map entries (api-truth §4.2, 1.36.0)."""


@dataclass(frozen=True)
class PodResourcesOptions:
    """``resource.PodResourcesOptions`` (the fields drakit needs)."""

    exclude_overhead: bool = False
    skip_pod_level_resources: bool = False
    skip_container_level_resources: bool = False
    use_dra_node_allocatable: bool = False
    """``UseDRANodeAllocatableResourceClaimStatus``: add the KEP-5517 pod status amounts."""
    dra_shape: str = DRA_SHAPE_137
    """Which status shape to read: "1.37" (mapping/overhead) or "1.36" (resources map)."""
    non_missing_container_requests: Mapping[str, Quantity] = field(default_factory=dict)
    """Replace *missing* container requests for these resources (scheduler scoring uses
    cpu=100m, memory=200Mi); explicitly set values, even zero, stay."""


DEFAULT_OPTIONS = PodResourcesOptions()


# ---------------------------------------------------------------------- small helpers


def q(value: Any) -> Quantity:
    """A Quantity from what a manifest holds (string, int, float or Quantity)."""
    return value if isinstance(value, Quantity) else Quantity.of(value)


def resource_list(raw: Mapping[str, Any] | None) -> ResourceList:
    """Parse a ``ResourceList`` map of a manifest."""
    return {k: q(v) for k, v in (raw or {}).items()}


def add_resource_list(into: ResourceList, more: Mapping[str, Quantity]) -> None:
    for name, value in more.items():
        cur = into.get(name)
        into[name] = value if cur is None else cur + value


def max_resource_list(into: ResourceList, more: Mapping[str, Quantity]) -> None:
    for name, value in more.items():
        cur = into.get(name)
        if cur is None or value > cur:
            into[name] = value


def _add(into: ResourceList, name: str, value: Quantity) -> None:
    cur = into.get(name)
    into[name] = value if cur is None else cur + value


def is_supported_pod_level_resource(name: str) -> bool:
    return name in SUPPORTED_POD_LEVEL_RESOURCES or name.startswith(HUGEPAGES_PREFIX)


def _pod_resources(pod: Mapping[str, Any]) -> Mapping[str, Any]:
    return (pod.get("spec") or {}).get("resources") or {}


def is_pod_level_requests_set(pod: Mapping[str, Any]) -> bool:
    return any(is_supported_pod_level_resource(n)
               for n in (_pod_resources(pod).get("requests") or {}))


def is_pod_level_limits_set(pod: Mapping[str, Any]) -> bool:
    return any(is_supported_pod_level_resource(n)
               for n in (_pod_resources(pod).get("limits") or {}))


def is_pod_level_resources_set(pod: Mapping[str, Any]) -> bool:
    return is_pod_level_requests_set(pod) or is_pod_level_limits_set(pod)


def is_restartable_init_container(container: Mapping[str, Any]) -> bool:
    return container.get("restartPolicy") == "Always"


def containers(pod: Mapping[str, Any]) -> list[dict]:
    return list((pod.get("spec") or {}).get("containers") or [])


def init_containers(pod: Mapping[str, Any]) -> list[dict]:
    return list((pod.get("spec") or {}).get("initContainers") or [])


# ---------------------------------------------------------------------- KEP-5517 amounts


@dataclass
class DRANodeAllocatable:
    """The pod's node-allocatable DRA amounts, split as upstream splits them."""

    pod_fixed: ResourceList = field(default_factory=dict)
    """Mapping quantities and perPod overhead (1.36: the ``resources`` map): whole pod life."""
    per_container: dict[str, ResourceList] = field(default_factory=dict)
    """perContainer overhead per referencing container name."""

    def empty(self) -> bool:
        return not self.pod_fixed and not self.per_container


def claim_status_entries(pod: Mapping[str, Any]) -> list[dict]:
    return list((pod.get("status") or {}).get("nodeAllocatableResourceClaimStatuses") or [])


def dra_node_allocatable(pod: Mapping[str, Any], opts: PodResourcesOptions = DEFAULT_OPTIONS
                         ) -> DRANodeAllocatable:
    """``getDRANodeAllocatableResources``."""
    out = DRANodeAllocatable()
    entries = claim_status_entries(pod)
    if not opts.use_dra_node_allocatable or not entries:
        return out
    names = [c.get("name") for c in init_containers(pod)] + \
        [c.get("name") for c in containers(pod)]
    for entry in entries:
        if opts.dra_shape == DRA_SHAPE_136:
            add_resource_list(out.pod_fixed, resource_list(entry.get("resources")))
            continue
        for m in entry.get("mapping") or ():
            if m.get("quantity") is not None:
                _add(out.pod_fixed, m["name"], q(m["quantity"]))
        overhead = entry.get("overhead") or ()
        for o in overhead:
            if o.get("perPod") is not None:
                _add(out.pod_fixed, o["name"], q(o["perPod"]))
        per_container = [(o["name"], q(o["perContainer"])) for o in overhead
                         if o.get("perContainer") is not None]
        if not per_container:
            continue
        refs = list(entry.get("containers") or ())
        known = 0
        for name in names:
            if name not in refs:
                continue
            known += 1
            bucket = out.per_container.setdefault(name, {})
            for rname, amount in per_container:
                _add(bucket, rname, amount)
        unknown = len(refs) - known
        if unknown > 0:
            for rname, amount in per_container:
                _add(out.pod_fixed, rname, amount * unknown)
    return out


def claim_status_total(entry: Mapping[str, Any], shape: str = DRA_SHAPE_137) -> ResourceList:
    """What one ``nodeAllocatableResourceClaimStatuses`` entry charges the pod in total:
    1.37: mapping + perPod + perContainer x len(containers); 1.36: the resources map."""
    if shape == DRA_SHAPE_136:
        return resource_list(entry.get("resources"))
    out: ResourceList = {}
    for m in entry.get("mapping") or ():
        if m.get("quantity") is not None:
            _add(out, m["name"], q(m["quantity"]))
    n = len(entry.get("containers") or ())
    for o in entry.get("overhead") or ():
        if o.get("perPod") is not None:
            _add(out, o["name"], q(o["perPod"]))
        if o.get("perContainer") is not None and n > 0:
            _add(out, o["name"], q(o["perContainer"]) * n)
    return out


def container_dra_allocations(pod: Mapping[str, Any], container_name: str,
                              shape: str = DRA_SHAPE_137) -> ResourceList:
    """``GetContainerDRAAllocations``: mapping + perPod + perContainer of every claim that
    lists the container (the kubelet's per-container cgroup addition)."""
    out: ResourceList = {}
    for entry in claim_status_entries(pod):
        if container_name not in (entry.get("containers") or ()):
            continue
        if shape == DRA_SHAPE_136:
            add_resource_list(out, resource_list(entry.get("resources")))
            continue
        for m in entry.get("mapping") or ():
            if m.get("quantity") is not None:
                _add(out, m["name"], q(m["quantity"]))
        for o in entry.get("overhead") or ():
            if o.get("perPod") is not None:
                _add(out, o["name"], q(o["perPod"]))
            if o.get("perContainer") is not None:
                _add(out, o["name"], q(o["perContainer"]))
    return out


# ---------------------------------------------------------------------- aggregation


def _apply_non_missing(reqs: ResourceList, non_missing: Mapping[str, Quantity]) -> ResourceList:
    out = dict(reqs)
    for name, value in non_missing.items():
        if name not in reqs:
            out[name] = value
    return out


def _aggregate(pod: Mapping[str, Any], opts: PodResourcesOptions, which: str,
               dra: DRANodeAllocatable) -> ResourceList:
    """``aggregateContainerResourcesByFn`` over spec requests or limits."""
    result: ResourceList = {}
    for c in containers(pod):
        res = resource_list((c.get("resources") or {}).get(which))
        if opts.non_missing_container_requests and which == "requests":
            res = _apply_non_missing(res, opts.non_missing_container_requests)
        add_resource_list(result, res)
        add_resource_list(result, dra.per_container.get(c.get("name"), {}))
    sidecars: ResourceList = {}
    init_peak: ResourceList = {}
    for c in init_containers(pod):
        res = resource_list((c.get("resources") or {}).get(which))
        if opts.non_missing_container_requests and which == "requests":
            res = _apply_non_missing(res, opts.non_missing_container_requests)
        extra = dra.per_container.get(c.get("name"))
        if extra:
            res = dict(res)
            add_resource_list(res, extra)
        if is_restartable_init_container(c):
            add_resource_list(result, res)
            add_resource_list(sidecars, res)
            res = dict(sidecars)
        else:
            combined = dict(res)
            add_resource_list(combined, sidecars)
            res = combined
        max_resource_list(init_peak, res)
    max_resource_list(result, init_peak)
    add_resource_list(result, dra.pod_fixed)
    return result


def aggregate_container_requests(pod: Mapping[str, Any],
                                 opts: PodResourcesOptions = DEFAULT_OPTIONS) -> ResourceList:
    """``AggregateContainerRequests``: containers, sidecars, init peaks and DRA amounts."""
    return _aggregate(pod, opts, "requests", dra_node_allocatable(pod, opts))


def pod_requests(pod: Mapping[str, Any], opts: PodResourcesOptions = DEFAULT_OPTIONS
                 ) -> ResourceList:
    """``PodRequests``: the pod's effective requests (what a node must have free)."""
    reqs: ResourceList = {}
    if not opts.skip_container_level_resources:
        reqs = aggregate_container_requests(pod, opts)
    if not opts.skip_pod_level_resources and is_pod_level_requests_set(pod):
        for name, value in (_pod_resources(pod).get("requests") or {}).items():
            if is_supported_pod_level_resource(name):
                reqs[name] = q(value)
    if not opts.exclude_overhead:
        add_resource_list(reqs, resource_list((pod.get("spec") or {}).get("overhead")))
    return reqs


def _declared_limit_names(pod: Mapping[str, Any]) -> set[str]:
    out: set[str] = set()
    for c in init_containers(pod) + containers(pod):
        out.update(((c.get("resources") or {}).get("limits") or {}).keys())
    return out


def aggregate_container_limits(pod: Mapping[str, Any],
                               opts: PodResourcesOptions = DEFAULT_OPTIONS) -> ResourceList:
    """``AggregateContainerLimits`` (DRA amounts only for declared limits; hugepages always)."""
    dra = dra_node_allocatable(pod, opts)
    if not dra.empty():
        declared = _declared_limit_names(pod)

        def keep(rl: ResourceList) -> ResourceList:
            return {k: v for k, v in rl.items()
                    if k.startswith(HUGEPAGES_PREFIX) or k in declared}
        dra = DRANodeAllocatable(keep(dra.pod_fixed),
                                 {n: keep(rl) for n, rl in dra.per_container.items()})
    plain = PodResourcesOptions(
        exclude_overhead=opts.exclude_overhead,
        skip_pod_level_resources=opts.skip_pod_level_resources,
        use_dra_node_allocatable=opts.use_dra_node_allocatable, dra_shape=opts.dra_shape)
    return _aggregate(pod, plain, "limits", dra)


def pod_limits(pod: Mapping[str, Any], opts: PodResourcesOptions = DEFAULT_OPTIONS
               ) -> ResourceList:
    """``PodLimits``: aggregate limits, pod-level limits, overhead on non-zero limits."""
    limits = aggregate_container_limits(pod, opts)
    if not opts.skip_pod_level_resources and is_pod_level_resources_set(pod):
        for name, value in (_pod_resources(pod).get("limits") or {}).items():
            if is_supported_pod_level_resource(name):
                limits[name] = q(value)
    if not opts.exclude_overhead:
        for name, value in resource_list((pod.get("spec") or {}).get("overhead")).items():
            cur = limits.get(name)
            if cur is not None and not cur.is_zero():
                limits[name] = cur + value
    return limits


# ---------------------------------------------------------------------- conveniences


def format_resource_list(rl: Mapping[str, Quantity]) -> dict[str, str]:
    """Canonical strings (as the API server prints quantities), sorted by name."""
    return {k: str(rl[k]) for k in sorted(rl)}


def sum_resource_lists(lists: Iterable[Mapping[str, Quantity]]) -> ResourceList:
    out: ResourceList = {}
    for rl in lists:
        add_resource_list(out, rl)
    return out


__all__ = [
    "DEFAULT_OPTIONS",
    "DRA_SHAPE_136",
    "DRA_SHAPE_137",
    "DRANodeAllocatable",
    "PodResourcesOptions",
    "ResourceList",
    "add_resource_list",
    "aggregate_container_limits",
    "aggregate_container_requests",
    "claim_status_entries",
    "claim_status_total",
    "container_dra_allocations",
    "dra_node_allocatable",
    "format_resource_list",
    "is_pod_level_requests_set",
    "is_pod_level_resources_set",
    "is_restartable_init_container",
    "is_supported_pod_level_resource",
    "max_resource_list",
    "pod_limits",
    "pod_requests",
    "resource_list",
    "sum_resource_lists",
]
