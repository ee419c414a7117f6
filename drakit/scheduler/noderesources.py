"""NodeResourcesFit: does the pod's footprint fit what the node has left?

Mirrors pkg/scheduler/framework/plugins/noderesources/fit.go:
* PreFilter computes ``PodRequests`` once (init max vs sum, sidecars, overhead, pod-level
  resources when PodLevelResources is on) through :mod:`drakit.podrequests`; the incoming
  pod has no KEP-5517 status yet, so its DRA amounts are checked by DynamicResources, while
  pods already on the node count with theirs (the unified ledger lives in the NodeInfo).
* Filter: "Too many pods", then cpu, memory, ephemeral-storage and every scalar resource
  ("Insufficient <name>"). A DRA-backed extended resource (a DeviceClass maps it) on a
  node without device-plugin capacity for it is skipped here: DynamicResources allocates
  it (KEP-5004). A request larger than the node's whole allocatable is
  UnschedulableAndUnresolvable, otherwise Unschedulable.
* Score: LeastAllocated over cpu and memory (weights 1), using non-zero defaults
  (100m, 200Mi) for each container that names no cpu or memory request — the default
  profile's strategy (resource_allocation.go calculatePodResourceRequest: ``PodRequests``
  with ``NonMissingContainerRequests``, so pod-level requests, when set, replace them).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from drakit.claims import DEVICE_CLASS_PREFIX, is_dra_extended_resource_name  # noqa: F401 - re-exported
from drakit.podrequests import PodResourcesOptions, pod_requests
from drakit.scheduler.cache import (
    NON_ZERO_DEFAULTS,
    DRACache,
    NodeInfo,
    node_allocatable,
    to_ints,
)
from drakit.scheduler.framework import (
    ERROR,
    SKIP,
    SUCCESS,
    UNRESOLVABLE,
    UNSCHEDULABLE,
    CycleState,
    Plugin,
    Status,
    success,
)
from drakit.upstream_bugs import FIT_CLASS_EVENTS, has_bug

STATE_KEY = "PreFilterNodeResourcesFit"
MAX_NODE_SCORE = 100


class NodeResourcesFit(Plugin):
    name = "NodeResourcesFit"

    def __init__(self, gates: Any, dra: DRACache) -> None:
        self.opts = PodResourcesOptions(skip_pod_level_resources=not gates.enabled("PodLevelResources"))
        self.score_opts = replace(self.opts, non_missing_container_requests=NON_ZERO_DEFAULTS)
        self.extended = gates.enabled("DRAExtendedResource")
        # 1.34 fit.go leaves a DRA-backed name to DynamicResources only when the node does not
        # report it at all; from 1.35 (kubernetes/kubernetes#133784) also when it reports 0,
        # which is what the kubelet keeps for a removed device plugin
        self.zero_is_unreported = gates.version != "1.34"
        # with DRAExtendedResource it registers DeviceClass Add and Update (hint
        # isSchedulableAfterDeviceClassEvent) from 1.35; 1.34 has the bug (drakit/upstream_bugs.py)
        self.class_events = self.extended and not has_bug(gates.version, FIT_CLASS_EVENTS)
        self.dra = dra
        self._alloc_memo: dict[tuple[Any, Any], dict[str, int]] = {}

    def pre_filter(self, state: CycleState, pod: dict, nodes: list[Any]
                   ) -> tuple[set[str] | None, Status]:
        reqs = to_ints(pod_requests(pod, self.opts))
        state[STATE_KEY] = {k: v for k, v in reqs.items() if v}
        non0 = to_ints(pod_requests(pod, self.score_opts))
        state[STATE_KEY + "/score"] = (non0.get("cpu", 0), non0.get("memory", 0))
        ext = self.dra.extended_resource_classes() if self.extended else {}
        state[STATE_KEY + "/dra"] = {k for k in reqs if k not in ("cpu", "memory", "ephemeral-storage")
                                     and k in ext and is_dra_extended_resource_name(k)}
        return None, Status(SUCCESS)

    def filter(self, state: CycleState, pod: dict, node_info: NodeInfo) -> Status:
        reqs: dict[str, int] = state[STATE_KEY]
        alloc = node_info.allocatable
        used = node_info.requested
        reasons: list[str] = []
        unresolvable = False
        if len(node_info.pods) + 1 > alloc.get("pods", 0):
            # never Unresolvable, even on a node that takes no pods at all (fit.go fitsRequest
            # sets no Unresolvable on the pods entry): preemption is asked
            reasons.append("Too many pods")
        if reqs:
            dra_backed: set[str] = state[STATE_KEY + "/dra"]
            for name in ("cpu", "memory", "ephemeral-storage"):
                want = reqs.get(name, 0)
                if want and want > alloc.get(name, 0) - used.get(name, 0):
                    reasons.append(f"Insufficient {name}")
                    if want > alloc.get(name, 0):
                        unresolvable = True
            for name, want in reqs.items():
                if name in ("cpu", "memory", "ephemeral-storage", "pods"):
                    continue
                have = alloc.get(name, 0)
                if want > have - used.get(name, 0):
                    if have == 0 and name in dra_backed and (self.zero_is_unreported or name not in alloc):
                        continue  # DRA-backed: DynamicResources decides (KEP-5004)
                    reasons.append(f"Insufficient {name}")
                    if want > have:
                        unresolvable = True
        if reasons:
            return Status(UNRESOLVABLE if unresolvable else UNSCHEDULABLE, reasons)
        return success()

    def _delegated(self, name: str, alloc: dict[str, int]) -> bool:
        """Whether the queueing hints leave an extended resource to DynamicResources: from
        1.35 shouldDelegateResourceToDRA (a node reporting none or 0 of a name a DeviceClass
        maps, asked of the scheduler's class cache); at 1.34 the hint has no class mapping
        and leaves every scalar the node does not report."""
        if not self.extended or name in ("cpu", "memory", "ephemeral-storage"):
            return False
        if self.zero_is_unreported:
            return alloc.get(name, 0) <= 0 and name in self.dra.extended_resource_classes() \
                and is_dra_extended_resource_name(name)
        return name not in alloc

    def _allocatable(self, node: dict) -> dict[str, int]:
        """node_allocatable, parsed once per node version: one Node event is asked of every
        parked pod NodeResourcesFit rejected."""
        md = node.get("metadata") or {}
        key = (md.get("name"), md.get("resourceVersion"))
        if key[1] is None:
            return node_allocatable(node)
        out = self._alloc_memo.get(key)
        if out is None:
            if len(self._alloc_memo) >= 64:
                self._alloc_memo.clear()
            out = self._alloc_memo[key] = node_allocatable(node)
        return out

    def node_change_may_help(self, pod: dict, old: dict | None, new: dict) -> bool:
        """The queueing hint isSchedulableAfterNodeChange (fit.go): the pod's requests must
        fit the added or updated node when it is empty (isFit), and an update must have
        grown its allowed pod count or a resource the pod asks for, or hold a resource left
        to DynamicResources (haveAnyRequestedResourcesIncreased)."""
        reqs = {k: v for k, v in to_ints(pod_requests(pod, self.opts)).items() if v}
        new_alloc = self._allocatable(new)
        if new_alloc.get("pods", 0) < 1:
            return False
        if any(want > new_alloc.get(name, 0) and not self._delegated(name, new_alloc)
               for name, want in reqs.items()):
            return False
        if old is None:
            return True
        old_alloc = self._allocatable(old)
        if new_alloc.get("pods", 0) > old_alloc.get("pods", 0):
            return True
        return any(new_alloc.get(name, 0) > old_alloc.get(name, 0) or self._delegated(name, new_alloc)
                   for name in reqs)

    def class_change_may_help(self, pod: dict, old: dict | None, new: dict) -> bool:
        """The DeviceClass hint isSchedulableAfterDeviceClassEvent (fit.go, registered with
        DRAExtendedResource): a class added whose implicit name the pod requests, or a class
        added or updated whose extendedResourceName the pod requests (an update that keeps
        the name helps no pod)."""
        reqs = pod_requests(pod, PodResourcesOptions())
        ext = (new.get("spec") or {}).get("extendedResourceName")
        if old is not None:
            if (old.get("spec") or {}).get("extendedResourceName") == ext:
                return False
        elif DEVICE_CLASS_PREFIX + new["metadata"]["name"] in reqs:
            return True
        return bool(ext) and ext in reqs

    def score(self, state: CycleState, pod: dict, node_info: NodeInfo) -> int:
        """LeastAllocated: the weighted mean over cpu and memory (weight 1 each) of
        (free after placing) x 100 / allocatable (noderesources/least_allocated.go
        leastResourceScorer): a resource the node does not report (allocatable 0) is left
        out of the mean, one the node cannot hold scores 0."""
        pod_cpu, pod_mem = state[STATE_KEY + "/score"]
        total = weights = 0
        for alloc, used in ((node_info.allocatable.get("cpu", 0), node_info.non_zero_cpu + pod_cpu),
                            (node_info.allocatable.get("memory", 0), node_info.non_zero_mem + pod_mem)):
            if alloc == 0:
                continue
            weights += 1
            if used <= alloc:
                total += (alloc - used) * MAX_NODE_SCORE // alloc
        return total // weights if weights else 0


__all__ = ["ERROR", "SKIP", "NodeResourcesFit", "is_dra_extended_resource_name"]
