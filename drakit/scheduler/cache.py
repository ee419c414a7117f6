"""The scheduler's caches: NodeInfo with assume/forget, and the DRA informers.

Why incremental: the scheduler must stay fast with thousands of pods and hundreds of
nodes (benchmarks/bench_scheduler.py). Upstream keeps a NodeInfo snapshot per node
(pkg/scheduler/backend/cache) updated from informer events and an assume cache for
ResourceClaims (pkg/scheduler/util/assumecache); drakit does the same from the API
server's watch log: every event updates a few dictionaries, nothing is recomputed per pod
per node, and no object is deep-copied on the hot path (``list(copy=False)`` readers).

Resource amounts are integers like upstream ``framework.Resource``: cpu in millicores,
everything else ``Quantity.Value()`` (bytes, counts).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from drakit.allocator import AllocatorCache
from drakit.allocator.core import AllocatedState, count_shared_use, counts_as_allocated
from drakit.api.quantity import Quantity
from drakit.podrequests import (
    PodResourcesOptions,
    ResourceList,
    is_pod_level_requests_set,
    pod_requests,
)

DEFAULT_MILLI_CPU_REQUEST = 100  # schedutil.DefaultMilliCPURequest
DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024  # schedutil.DefaultMemoryRequest
NON_ZERO_DEFAULTS: dict[str, Quantity] = {"cpu": Quantity.of("100m"),
                                          "memory": Quantity(DEFAULT_MEMORY_REQUEST)}
"""What scoring puts in for a container that asks no cpu or memory (schedutil defaults)."""

DeviceID = tuple[str, str, str]


def to_ints(rl: Mapping[str, Quantity]) -> dict[str, int]:
    """framework.Resource from a ResourceList: cpu in milli, the rest as Value()."""
    out: dict[str, int] = {}
    for name, q in rl.items():
        out[name] = q.milli_value() if name == "cpu" else q.value()
    return out


def node_allocatable(node: Mapping[str, Any]) -> dict[str, int]:
    """The node's status.allocatable as framework.Resource counts it (cpu in milli)."""
    alloc = (node.get("status") or {}).get("allocatable") or {}
    return {k: (Quantity.of(v).milli_value() if k == "cpu" else Quantity.of(v).value())
            for k, v in alloc.items()}


def pod_key(pod: Mapping[str, Any]) -> tuple[str, str]:
    m = pod["metadata"]
    return (m.get("namespace") or "", m["name"])


@dataclass
class PodInfo:
    key: tuple[str, str]
    uid: str
    node: str
    requests: dict[str, int]
    non_zero_cpu: int
    non_zero_mem: int
    pod: dict
    assumed: bool = False


@dataclass
class NodeInfo:
    name: str
    node: dict
    allocatable: dict[str, int] = field(default_factory=dict)
    pods: dict[str, PodInfo] = field(default_factory=dict)
    requested: dict[str, int] = field(default_factory=dict)
    non_zero_cpu: int = 0
    non_zero_mem: int = 0

    def add(self, pi: PodInfo) -> None:
        self.pods[pi.uid] = pi
        for k, v in pi.requests.items():
            self.requested[k] = self.requested.get(k, 0) + v
        self.non_zero_cpu += pi.non_zero_cpu
        self.non_zero_mem += pi.non_zero_mem

    def remove(self, uid: str) -> PodInfo | None:
        pi = self.pods.pop(uid, None)
        if pi is None:
            return None
        for k, v in pi.requests.items():
            self.requested[k] = self.requested.get(k, 0) - v
        self.non_zero_cpu -= pi.non_zero_cpu
        self.non_zero_mem -= pi.non_zero_mem
        return pi

    def set_node(self, node: dict) -> None:
        self.node = node
        self.allocatable = node_allocatable(node)


class NodeCache:
    """Nodes and the pods assigned (or assumed) to them."""

    def __init__(self, opts: PodResourcesOptions) -> None:
        self.opts = opts
        self.nodes: dict[str, NodeInfo] = {}
        self.pods: dict[str, PodInfo] = {}  # uid -> info
        self._sorted: list[str] | None = None

    def node_names(self) -> list[str]:
        if self._sorted is None:
            self._sorted = sorted(self.nodes)
        return self._sorted

    def set_node(self, node: dict) -> NodeInfo:
        name = node["metadata"]["name"]
        ni = self.nodes.get(name)
        if ni is None:
            ni = self.nodes[name] = NodeInfo(name, node)
            self._sorted = None
            for pi in self.pods.values():
                if pi.node == name:
                    ni.add(pi)
        ni.set_node(node)
        return ni

    def remove_node(self, name: str) -> None:
        if self.nodes.pop(name, None) is not None:
            self._sorted = None

    def pod_info(self, pod: dict, node: str, assumed: bool = False) -> PodInfo:
        requests = pod_requests(pod, self.opts)
        non0 = to_ints(node_non_zero_requests(pod, self.opts, requests))
        m = pod["metadata"]
        return PodInfo(pod_key(pod), m["uid"], node, to_ints(requests), non0.get("cpu", 0),
                       non0.get("memory", 0), pod, assumed)

    def add_pod(self, pi: PodInfo) -> None:
        old = self.pods.get(pi.uid)
        if old is not None:
            self.remove_pod(pi.uid)
        self.pods[pi.uid] = pi
        ni = self.nodes.get(pi.node)
        if ni is not None:
            ni.add(pi)

    def remove_pod(self, uid: str) -> PodInfo | None:
        pi = self.pods.pop(uid, None)
        if pi is None:
            return None
        ni = self.nodes.get(pi.node)
        if ni is not None:
            ni.remove(uid)
        return pi

    # assume/forget: the pod counts on its node before the API knows it is bound
    def assume(self, pod: dict, node: str) -> PodInfo:
        pi = self.pod_info(pod, node, assumed=True)
        self.add_pod(pi)
        return pi

    def forget(self, uid: str) -> None:
        pi = self.pods.get(uid)
        if pi is not None and pi.assumed:
            self.remove_pod(uid)


def node_non_zero_requests(pod: Mapping[str, Any], opts: PodResourcesOptions,
                           requests: ResourceList) -> ResourceList:
    """What a pod on a node adds to NodeInfo.NonZeroRequested (the LeastAllocated and
    MostAllocated scores' "requested" for cpu and memory).

    k/k pkg/scheduler/framework/types.go calculateResource with getNonMissingContainerRequests:
    ``PodRequests`` once more with ``NonMissingContainerRequests``, so every container (and init
    container) that does not name cpu or memory counts 100m / 200Mi, one that names it (even
    as 0) counts its own value; when the pod sets pod-level requests (PodLevelResources on),
    only a resource its ``requests`` lack entirely gets the per-container default.
    """
    if opts.skip_pod_level_resources or not is_pod_level_requests_set(pod):
        defaults = NON_ZERO_DEFAULTS
    else:
        defaults = {k: v for k, v in NON_ZERO_DEFAULTS.items() if k not in requests}
    if not defaults:
        return requests
    return pod_requests(pod, replace(opts, non_missing_container_requests=defaults))


# ---------------------------------------------------------------------- DRA informers


def _slice_node(s: Mapping[str, Any]) -> str | None:
    return (s.get("spec") or {}).get("nodeName") or None


def slice_pool(s: Mapping[str, Any]) -> tuple[str, str]:
    """(driver, pool name) of a ResourceSlice."""
    spec = s.get("spec") or {}
    return (spec.get("driver", ""), (spec.get("pool") or {}).get("name", ""))


def claim_results(claim: Mapping[str, Any]) -> list[dict]:
    """The device results of a ResourceClaim's allocation ([] when unallocated)."""
    return (((claim.get("status") or {}).get("allocation") or {}).get("devices") or {}).get(
        "results") or []


class DRACache:
    """DeviceClasses, ResourceSlices (indexed by node), ResourceClaims (assume cache),
    the allocated-device state, and generations that say when a node's DRA view changed.

    ``alloc`` is the allocator's :class:`~drakit.allocator.AllocatorCache` (docs/allocator.md
    "What the scheduler engineer must call"): it gets every slice and class event here and
    reads ``state`` (kept current by :meth:`set_claim`) on every call, so Filter's allocator
    runs reuse each node's pools and every per-device CEL result between pods."""

    def __init__(self, gates: Mapping[str, bool] | None = None, version: str = "1.37") -> None:
        self.classes: dict[str, dict] = {}
        self.slices: dict[str, dict] = {}
        self.node_slices: dict[str, dict[str, dict]] = {}
        self.global_slices: dict[str, dict] = {}
        # (driver, pool) -> the nodes its slices name (None: a slice without nodeName) ->
        # how many of its slices do: an allocation in a pool changes the DRA view of every
        # node the pool spans (a multi-host pool has slices on several nodes)
        self.pool_nodes: dict[tuple[str, str], dict[str | None, int]] = {}
        self.claims: dict[tuple[str, str], dict] = {}
        self.claim_devices: dict[tuple[str, str], list[DeviceID]] = {}
        self.shared_claims: set[tuple[str, str]] = set()
        self.state = AllocatedState()
        self.node_gen: dict[str, int] = {}
        self.global_gen = 0
        self._slice_lists: dict[str, list[dict]] = {}
        self.ext_classes: dict[str, str] | None = None
        # imported here: extendeddynamicresources reads noderesources, which reads this module
        from drakit.scheduler.extendeddynamicresources import ExtendedResourceCache

        self.ext_cache = ExtendedResourceCache.for_version(version)
        self.claims_by_owner: dict[str, list[tuple[str, str]]] = {}
        self.alloc = AllocatorCache(gates=gates, version=version)
        self.alloc.update_allocated(self.state)

    # -- generations
    def _bump(self, node: str | None) -> None:
        if node is None:
            self.global_gen += 1
            self._slice_lists.clear()
        else:
            self.node_gen[node] = self.node_gen.get(node, 0) + 1
            self._slice_lists.pop(node, None)

    def gen(self, node: str) -> tuple[int, int]:
        return (self.global_gen, self.node_gen.get(node, 0))

    # -- classes
    def set_class(self, obj: dict | None, name: str) -> None:
        old = self.classes.get(name)
        if obj is None:
            self.classes.pop(name, None)
            if old is not None:
                self.ext_cache.on_delete(old)
        else:
            self.classes[name] = obj
            if old is None:
                self.ext_cache.on_add(obj)
            else:
                self.ext_cache.on_update(old, obj)
        self.ext_classes = None
        self.alloc.update_classes(self.classes)
        self._bump(None)

    def extended_resource_classes(self) -> dict[str, str]:
        """Extended resource name -> DeviceClass name (DeviceClassResolver): explicit
        ``spec.extendedResourceName`` and implicit ``deviceclass.resource.kubernetes.io/<class>``
        names, as the informer-fed :class:`ExtendedResourceCache` answers after the class
        events seen so far (KEP-5004; upstream's known 1.35-1.37 bug included)."""
        if self.ext_classes is None:
            self.ext_classes = self.ext_cache.resolver()
        return self.ext_classes

    # -- slices
    def set_slice(self, obj: dict | None, name: str) -> None:
        if obj is None:
            self.alloc.delete_slice(name)
        else:
            self.alloc.upsert_slice(obj)
        old = self.slices.pop(name, None)
        if old is not None:
            n = _slice_node(old)
            if n:
                self.node_slices.get(n, {}).pop(name, None)
            else:
                self.global_slices.pop(name, None)
            pool = slice_pool(old)
            nodes = self.pool_nodes[pool]  # counted when ``old`` was added
            nodes[n] -= 1
            if nodes[n] <= 0:
                del nodes[n]
            if not nodes:
                self.pool_nodes.pop(pool, None)
            self._bump(n)
        if obj is not None:
            self.slices[name] = obj
            n = _slice_node(obj)
            if n:
                self.node_slices.setdefault(n, {})[name] = obj
            else:
                self.global_slices[name] = obj
            nodes = self.pool_nodes.setdefault(slice_pool(obj), {})
            nodes[n] = nodes.get(n, 0) + 1
            self._bump(n)
        # a pool is gathered from all its slices, whatever node each names (its completeness,
        # counter sets published elsewhere): a slice that comes, goes or changes changes what
        # every node of its pool sees, not only its own node's
        for pool in {slice_pool(o) for o in (old, obj) if o is not None}:
            for other in self.pool_nodes.get(pool) or ():
                self._bump(other)

    def slices_for(self, node: str) -> list[dict]:
        lst = self._slice_lists.get(node)
        if lst is None:
            lst = list(self.node_slices.get(node, {}).values()) + list(self.global_slices.values())
            self._slice_lists[node] = lst
        return lst

    # -- claims
    def set_claim(self, obj: dict | None, key: tuple[str, str]) -> None:
        old = self.claims.get(key)
        old_devs = self.claim_devices.get(key, [])
        if obj is None:
            self.claims.pop(key, None)
        else:
            self.claims[key] = obj
        owner = _controller_uid(old) if old is not None else None
        if owner:
            lst = self.claims_by_owner.get(owner)
            if lst and key in lst:
                lst.remove(key)
        if obj is not None:
            owner = _controller_uid(obj)
            if owner:
                self.claims_by_owner.setdefault(owner, []).append(key)
        new_results = claim_results(obj) if obj is not None else []
        new_devs = [(r.get("driver", ""), r.get("pool", ""), r.get("device", ""))
                    for r in new_results if counts_as_allocated(r) and not r.get("shareID")]
        shared = any(r.get("shareID") for r in new_results)
        if old_devs == new_devs and not shared and key not in self.shared_claims:
            if new_devs:  # an update that kept the allocation (reservedFor, deletion, ...)
                self.claim_devices[key] = new_devs
            return
        for d in old_devs:
            self.state.devices.discard(d)
        for d in new_devs:
            self.state.devices.add(d)
        # kept across updates that do not change the devices (the early return above):
        # popping it there leaked the devices of a claim updated, then deleted
        if new_devs:
            self.claim_devices[key] = new_devs
        else:
            self.claim_devices.pop(key, None)
        touched = {d[:2] for d in old_devs} | {d[:2] for d in new_devs}
        if shared or key in self.shared_claims:
            if shared:
                self.shared_claims.add(key)
            else:
                self.shared_claims.discard(key)
            self._rebuild_shared()
            # the shares given back free capacity as surely as the shares taken use it
            old_results = claim_results(old) if old is not None else []
            touched |= {(r.get("driver", ""), r.get("pool", ""))
                        for r in (*old_results, *new_results) if r.get("shareID")}
        for pool in touched:
            # a pool no slice names any more: bump everything (rare, and always correct)
            for n in self.pool_nodes.get(pool) or (None,):
                self._bump(n)

    def _rebuild_shared(self) -> None:
        self.state.shared.clear()
        self.state.capacity.clear()
        for key in self.shared_claims:
            for r in claim_results(self.claims.get(key) or {}):
                if not counts_as_allocated(r) or not r.get("shareID"):
                    continue
                did = (r.get("driver", ""), r.get("pool", ""), r.get("device", ""))
                count_shared_use(self.state, did, r)


def _controller_uid(obj: Mapping[str, Any] | None) -> str | None:
    for ref in ((obj or {}).get("metadata") or {}).get("ownerReferences") or ():
        if ref.get("controller"):
            return ref.get("uid")
    return None
