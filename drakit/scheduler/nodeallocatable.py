"""KEP-5517: node-allocatable resources provided through DRA claims (the unified ledger).

Why here: upstream keeps this in
pkg/scheduler/framework/plugins/dynamicresources/nodeallocatabledynamicresources.go
(api-truth §9.8). For every candidate node, after the allocator picked devices, the claims
whose devices declare ``nodeAllocatableResources`` (1.37) or
``nodeAllocatableResourceMappings`` (1.36) become ``pod.status.nodeAllocatableResourceClaimStatuses``
entries; the pod's whole footprint (``PodRequests`` with those entries) must then fit the
node's allocatable minus what is already requested there — pods on the node already count
with their own entries, so cpu and memory requested through claims count once.

Rules mirrored: entries sorted by claim name, mapping/overhead sorted by resource name,
``containers`` lists the init and regular containers whose ``resources.claims`` name the
claim; a claim with a *mapped* device cannot be shared across pods
(UnschedulableAndUnresolvable); pod-level requests must cover container + DRA amounts
(UnschedulableAndUnresolvable); "Insufficient <resource>" with Unresolvable when the demand
exceeds the whole node.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from drakit.allocator import AllocationError, node_allocatable_quantities
from drakit.api.quantity import Quantity
from drakit.podrequests import (
    HUGEPAGES_PREFIX,
    PodResourcesOptions,
    aggregate_container_limits,
    aggregate_container_requests,
    container_dra_allocations,
    is_supported_pod_level_resource,
    pod_requests,
)
from drakit.scheduler.cache import NodeInfo, to_ints
from drakit.scheduler.framework import UNRESOLVABLE, UNSCHEDULABLE, Status

ERR_SHARED = "node allocatable resource claim {} has a mapped device and cannot be shared across pods"
# Kubernetes 1.36 (shipped, KEP-text shape): validateNodeAllocatableDRAClaimSharing words the
# refusal differently, and getPodNodeAllocatableResourceFootprint refuses a claim no container
# references (a TODO upstream until kubelet cgroup enforcement was defined; 1.37 counts it).
ERR_SHARED_136 = "node allocatable resource claim {} is already used by another pod"
ERR_MULTI_136 = "node allocatable resource claim {} shared by multiple pods"
ERR_UNREFERENCED_136 = "claim {}: node-allocatable resource claim not referenced by any container within the pod"


def shared_message(name: str, version: str) -> str:
    """The refusal for a mapped claim another pod already uses, as ``version`` words it."""
    return (ERR_SHARED_136 if version == "1.36" else ERR_SHARED).format(name)


def unreferenced_refusal(statuses: Sequence[Mapping[str, Any]], version: str) -> Status | None:
    """1.36 only: UnschedulableAndUnresolvable for the first entry without containers (the
    entries are sorted by claim name, so "first" is the same on every run)."""
    if version != "1.36":
        return None
    for entry in statuses:
        if not entry.get("containers"):
            return Status(UNRESOLVABLE, [ERR_UNREFERENCED_136.format(entry["resourceClaimName"])])
    return None


def _device_declares(device: Mapping[str, Any], version: str) -> bool:
    key = "nodeAllocatableResourceMappings" if version == "1.36" else "nodeAllocatableResources"
    return bool(device.get(key))


def _device_index(slices: Sequence[Mapping[str, Any]]) -> dict[tuple[str, str, str], Mapping[str, Any]]:
    out = {}
    for s in slices:
        spec = s.get("spec") or {}
        pool = (spec.get("pool") or {}).get("name", "")
        for d in spec.get("devices") or ():
            out[(spec.get("driver", ""), pool, d.get("name", ""))] = d
    return out


def has_mapped_device(allocation: Mapping[str, Any], slices: Iterable[Mapping[str, Any]]) -> bool:
    """1.37 claimHasNodeAllocatableMappedDevice: a device of the allocation, looked up in every
    slice, declares a node-allocatable resource with a ``mapping`` (a device no slice has any
    more is skipped)."""
    index = _device_index(list(slices))
    for r in (allocation.get("devices") or {}).get("results") or ():
        d = index.get((r.get("driver", ""), r.get("pool", ""), r.get("device", "")))
        if d is not None and any((v or {}).get("mapping") is not None
                                 for v in (d.get("nodeAllocatableResources") or {}).values()):
            return True
    return False


def node_claim_consumers(node_info: NodeInfo, namespace: str, claim_name: str) -> set[str]:
    """1.36 NodeInfo node-allocatable claim state: the uids of the pods on the node whose
    ``status.nodeAllocatableResourceClaimStatuses`` list the claim (in the pod's namespace)."""
    out = set()
    for uid, pi in node_info.pods.items():
        p = pi.pod
        if (p.get("metadata") or {}).get("namespace", "") != namespace:
            continue
        entries = (p.get("status") or {}).get("nodeAllocatableResourceClaimStatuses") or ()
        if any(e.get("resourceClaimName") == claim_name for e in entries):
            out.add(uid)
    return out


def claim_entry(claim_name: str, allocation: Mapping[str, Any], slices: Sequence[Mapping[str, Any]],
                version: str, namespace: str) -> dict | None:
    """The status entry of one claim (without containers), None when it declares nothing."""
    index = _device_index(slices)
    results = (allocation.get("devices") or {}).get("results") or []
    devices = [index.get((r.get("driver", ""), r.get("pool", ""), r.get("device", ""))) for r in results]
    if not any(d is not None and _device_declares(d, version) for d in devices):
        return None
    q = node_allocatable_quantities(allocation, slices, version=version, claim_ref=f"{namespace}/{claim_name}")
    if version == "1.36":
        res = q.get("resources") or {}
        if not res:
            return None
        return {"resourceClaimName": claim_name, "containers": [],
                "resources": {k: str(v) for k, v in res.items()}}
    mapping = q.get("mapping") or {}
    overhead = q.get("overhead") or {}
    if not mapping and not overhead:
        return None
    entry: dict[str, Any] = {"resourceClaimName": claim_name, "containers": []}
    if mapping:
        entry["mapping"] = [{"name": k, "quantity": str(v)} for k, v in mapping.items()]
    if overhead:
        entry["overhead"] = [{"name": k, **{f: str(v) for f, v in o.items()}}
                             for k, o in overhead.items()]
    return entry


def build_statuses(pod: Mapping[str, Any], claims: Sequence[tuple[str | None, str, Mapping[str, Any]]],
                   slices: Sequence[Mapping[str, Any]], version: str) -> list[dict]:
    """Entries for (pod claim entry name or None, claim name, allocation) triples, sorted by
    claim name (whether a shared claim has a mapped device is has_mapped_device's question,
    asked before allocation)."""
    by_pod_name: dict[str, dict] = {}
    entries: dict[str, dict] = {}
    for pod_claim_name, name, allocation in claims:
        entry = claim_entry(name, allocation, slices, version,
                            (pod.get("metadata") or {}).get("namespace", ""))
        if entry is None:
            continue
        entries[name] = entry
        if pod_claim_name:
            by_pod_name[pod_claim_name] = entry
    spec = pod.get("spec") or {}
    for c in list(spec.get("initContainers") or []) + list(spec.get("containers") or []):
        for ref in (c.get("resources") or {}).get("claims") or ():
            entry = by_pod_name.get(ref.get("name"))
            if entry is not None and c.get("name") not in entry["containers"]:
                entry["containers"].append(c.get("name"))
    if version != "1.36":
        # 1.37: a claim no container references keeps its entry (KEP-5517 alpha2 "unreferenced
        # pod-level claims"); Go's omitempty leaves the empty containers list off the wire
        for entry in entries.values():
            if not entry["containers"]:
                del entry["containers"]
    return [entries[k] for k in sorted(entries)]


def with_statuses(pod: Mapping[str, Any], statuses: list[dict]) -> dict:
    """A shallow copy of the pod whose status carries ``statuses``."""
    out = dict(pod)
    st = dict(pod.get("status") or {})
    st["nodeAllocatableResourceClaimStatuses"] = statuses
    out["status"] = st
    return out


def pod_level_covers(pod: Mapping[str, Any], shape: str, plr: bool) -> Status | None:
    """validatePodLevelResourcesCoverDRA (pod already carries its statuses)."""
    res = (pod.get("spec") or {}).get("resources")
    if not plr or not res:
        return None
    opts = PodResourcesOptions(skip_pod_level_resources=True, use_dra_node_allocatable=True,
                               dra_shape=shape)
    if res.get("requests"):
        agg = aggregate_container_requests(pod, opts)
        for name, value in res["requests"].items():
            if not is_supported_pod_level_resource(name) or name not in agg:
                continue
            if agg[name] > Quantity.of(value):
                return Status(UNRESOLVABLE, [
                    f"pod level request for {name} is insufficient to cover the aggregated "
                    "container and node-allocatable DRA requests"])
    if res.get("limits"):
        lim = aggregate_container_limits(pod, opts)
        for name, value in lim.items():
            if name.startswith(HUGEPAGES_PREFIX) and name in res["limits"] and \
                    value > Quantity.of(res["limits"][name]):
                return Status(UNRESOLVABLE, [
                    f"pod level limit for {name} is insufficient to cover the aggregated "
                    "container and node-allocatable DRA limits"])
        for c in (pod.get("spec") or {}).get("containers") or ():
            extra = container_dra_allocations(pod, c.get("name"), shape)
            for name, value in ((c.get("resources") or {}).get("limits") or {}).items():
                if name.startswith(HUGEPAGES_PREFIX) or name not in res["limits"]:
                    continue
                eff = Quantity.of(value) + extra.get(name, Quantity(0))
                if eff > Quantity.of(res["limits"][name]):
                    return Status(UNRESOLVABLE, [
                        f"pod level limit for {name} is insufficient to cover the limit and DRA "
                        f"overhead for container {c.get('name')}"])
    return None


def node_fits(pod: Mapping[str, Any], node_info: NodeInfo, opts: PodResourcesOptions) -> Status | None:
    """nodeFitsResources for the pod's DRA-inclusive demand."""
    demand = to_ints(pod_requests(pod, opts))
    alloc, used = node_info.allocatable, node_info.requested
    reasons: list[str] = []
    unresolvable = False
    names = ["cpu", "memory", "ephemeral-storage"] + sorted(
        n for n in demand if n.startswith(HUGEPAGES_PREFIX))
    for name in names:
        want = demand.get(name, 0)
        if want > 0 and want > alloc.get(name, 0) - used.get(name, 0):
            reasons.append(f"Insufficient {name}")
            unresolvable = unresolvable or want > alloc.get(name, 0)
    if reasons:
        return Status(UNRESOLVABLE if unresolvable else UNSCHEDULABLE, reasons)
    return None


__all__ = ["ERR_MULTI_136", "ERR_SHARED", "ERR_SHARED_136", "ERR_UNREFERENCED_136", "AllocationError",
           "build_statuses", "claim_entry", "has_mapped_device", "node_claim_consumers", "node_fits",
           "pod_level_covers", "shared_message", "unreferenced_refusal", "with_statuses"]
