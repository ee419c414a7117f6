"""DynamicResources: ResourceClaims (by name, from templates, for PodGroups, and the KEP-5004
special claim) are allocated by the scheduler and reserved for the pod.

Why this shape: it mirrors pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go
so the observable results match a live scheduler:

* PreFilter resolves each pod claim (``resourceclaim.Name``); missing claims, claims being
  deleted, claims not made for the pod, full ``reservedFor`` and unknown DeviceClasses make
  the pod UnschedulableAndUnresolvable with upstream's texts;
* Filter checks allocated claims' node selectors ("resourceclaim not available on the node")
  and runs the structured allocator for the unallocated ones ("cannot allocate all claims";
  allocator errors abort the attempt); the allocator's search is bounded like upstream's
  ``filterTimeout`` (gate DRASchedulerFilterTimeout, 10 s), on modeled search work rather
  than wall time so a verdict never depends on the machine ("timed out trying to allocate
  devices"); then the KEP-5004 and KEP-5517 parts;
* PostFilter deallocates an allocated-but-unusable claim that nobody else uses (never one
  reserved for a PodGroup) and deletes a stale special claim;
* Reserve/Unreserve keep the chosen allocation in the cycle; PreBind creates the special
  claim, adds the finalizer ``resource.kubernetes.io/delete-protection`` with an update,
  writes allocation + reservedFor with a status update, and patches the pod status
  (extendedResourceClaimStatus, nodeAllocatableResourceClaimStatuses).
* KEP-5007 binding conditions (gates DRADeviceBindingConditions and
  DRAResourceClaimDeviceStatus, both needed): PreBind stamps ``allocationTimestamp``, and when
  an allocated result carries ``bindingConditions`` it records BindingConditionsPending and
  WAITS instead of letting the pod bind. Upstream polls the claims every 5 s for up to
  ``bindingTimeout`` (600 s) inside PreBind; drakit returns a ``WAIT`` status instead and the
  scheduler re-checks the pod (``binding_check``) on each sync, so no settle round blocks:
  the pod binds once every binding condition is True in ``status.devices``, and PreBind fails
  ("claim <c> binding failed: reason=..., message=...", "claim <c> binding timeout" or
  "device binding timeout") when a binding failure condition is True or time runs out on the
  logical clock. The next attempt's Filter then finds the claim unavailable and PostFilter
  deallocates it (pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go,
  PreBind, isPodReadyForBinding, isClaimReadyForBinding, isClaimTimeout, Filter, PostFilter;
  kubernetes v1.36/v1.37).

Speed: allocation results are memoised per (node, DRA generation of that node, claim
specs); a node's generation changes only when its devices, slices or classes change, so a
pod usually costs one allocator run plus dictionary look-ups on the other nodes.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
from collections.abc import Mapping
from typing import Any

from drakit import claims as cu
from drakit.allocator import AllocationError, AllocationTimeout
from drakit.allocator.core import UNITS_PER_SECOND, version_at_least
from drakit.api import errors as E
from drakit.api.meta import (
    aggregate_text,
    deep_copy,
    node_selector_matches,
    node_selector_parse_errors,
    parse_rfc3339,
)
from drakit.podrequests import PodResourcesOptions
from drakit.scheduler import extendeddynamicresources as ext
from drakit.scheduler import nodeallocatable as nar
from drakit.scheduler.cache import DRACache, NodeInfo
from drakit.scheduler.framework import (
    ERROR,
    SKIP,
    SUCCESS,
    UNRESOLVABLE,
    UNSCHEDULABLE,
    WAIT,
    CycleState,
    Plugin,
    Status,
    success,
)
from drakit.schema.model import go_quote
from drakit.upstream_bugs import EXTENDED_RESOURCE_NODE_ALLOCATABLE, has_bug

STATE_KEY = "DynamicResources"
_MEMO_MAX = 100_000

#: DynamicResourcesArgs.filterTimeout default (pkg/scheduler/apis/config/v1/defaults.go: 10s)
DEFAULT_FILTER_TIMEOUT = 10.0
#: DynamicResourcesArgs.bindingTimeout default (pkg/scheduler/apis/config/types.go
#: DynamicResourcesBindingTimeoutDefault = 600 * time.Second; before the argument existed the
#: plugin's constant BindingTimeoutDefaultSeconds = 600)
DEFAULT_BINDING_TIMEOUT = 600.0
#: PreBind's wait.PollUntilContextTimeout interval for the binding conditions
BINDING_POLL_SECONDS = 5.0


class _TimedOut:
    """A memoised Filter outcome: the allocator ran out of time (or drakit's work bound)."""

    def __init__(self, modeled: bool, message: str) -> None:
        self.modeled = modeled
        self.message = message


class DRAState:
    """stateData: what PreFilter found and what Filter computed per node."""

    def __init__(self) -> None:
        self.claims: list[dict] = []
        self.pod_claim_names: list[str | None] = []
        self.to_allocate: list[int] = []
        self.available_on: dict[int, dict | None] = {}
        self.unavailable: set[int] = set()
        self.ext_claim: dict | None = None
        self.ext_scalars: dict[str, int] | None = None
        self.sig: str = ""
        self.node_alloc: dict[str, dict] = {}
        self.chosen: dict | None = None
        self.created_ext: dict | None = None
        self.ext_variants: dict[tuple, tuple[dict, list[dict], str]] = {}
        self.ext_candidates: list[tuple[str, int, bool]] | None = None
        self.binding_stale: set[int] = set()
        """Allocated claims whose binding failed or timed out (Filter: unavailable)."""
        self.bound: list[tuple[str | None, str]] = []
        """PreBind: (namespace, name) of every claim of the pod, for the binding wait."""
        self.nar_mapped: dict[int, bool] = {}
        """1.37 claimHasNodeAllocatableMappedDevice per claim index: computed once per cycle
        (upstream's PreFilter), not per node."""


class DynamicResources(Plugin):
    name = "DynamicResources"

    def __init__(self, sched: Any) -> None:
        self.sched = sched
        self.api = sched.api
        self.dra: DRACache = sched.dra
        g = sched.gates
        self.gates = g
        self.version = sched.version
        self.extended_on = g.enabled("DRAExtendedResource")
        self.podgroups_on = g.enabled("DRAWorkloadResourceClaims")
        self.nar_on = g.enabled("DRANodeAllocatableResources")
        self.plr_on = g.enabled("PodLevelResources")
        self.shape = "1.36" if self.version == "1.36" else "1.37"
        self.nar_opts = PodResourcesOptions(skip_pod_level_resources=not self.plr_on,
                                            use_dra_node_allocatable=True, dra_shape=self.shape)
        self.alloc_gates = dict(g)
        self.memo: dict[tuple, list[dict] | _TimedOut | None] = {}
        # what each memo entry was computed from (the node object and the claims), for the
        # cache comparer's freshness check (drakit/scheduler/comparer.py)
        self.memo_inputs: dict[tuple, tuple[dict | None, list[dict]]] = {}
        #: DynamicResourcesArgs.filterTimeout in seconds; 0 disables it, and so does the
        #: DRASchedulerFilterTimeout gate (beta, on since 1.34) when off
        self.filter_timeout = DEFAULT_FILTER_TIMEOUT
        #: KEP-5007 needs both gates (upstream checks EnableDRADeviceBindingConditions and
        #: EnableDRAResourceClaimDeviceStatus everywhere)
        self.binding_on = g.enabled("DRADeviceBindingConditions") and \
            g.enabled("DRAResourceClaimDeviceStatus")
        #: DynamicResourcesArgs.bindingTimeout in seconds
        self.binding_timeout = DEFAULT_BINDING_TIMEOUT

    def _budget(self) -> int | None:
        """The Filter timeout as modeled search work (see docs/allocator.md), or None."""
        if not self.gates.enabled("DRASchedulerFilterTimeout") or self.filter_timeout <= 0:
            return None
        return int(self.filter_timeout * UNITS_PER_SECOND)

    def _timeout_status(self, node_name: str, t: _TimedOut) -> Status:
        """What Filter returns when allocation ran out of time on this node.

        pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go Filter, on
        ``errors.Is(err, context.DeadlineExceeded)``: up to 1.36 UnschedulableAndUnresolvable
        "timed out trying to allocate devices"; kubernetes PR 137607 (2026-03, first in
        1.37 as far as we could establish) returns an Error "node <name>: timed out trying
        to allocate devices" instead, so the pod is retried with backoff. Without a timeout
        only drakit's own work bound can stop the search: an Error with drakit's text.
        """
        if not t.modeled and self._budget() is None:
            return Status(ERROR, [t.message])
        if version_at_least(self.version, "1.37"):
            return Status(ERROR, [f"node {node_name}: timed out trying to allocate devices"])
        return Status(UNRESOLVABLE, ["timed out trying to allocate devices"])

    # ------------------------------------------------------------------ PreEnqueue
    def _pod_resource_claims(self, pod: dict) -> tuple[list[dict], list[str | None]] | str:
        """foreachPodResourceClaim: the pod's claims (and their pod entry names), or why the
        pod cannot be scheduled now (a claim not created yet, missing, being deleted, or not
        made for the pod)."""
        claims: list[dict] = []
        names: list[str | None] = []
        ns = pod["metadata"].get("namespace") or ""
        for entry in (pod.get("spec") or {}).get("resourceClaims") or ():
            try:
                name, check_owner = cu.claim_name(pod, entry)
            except cu.ClaimError as e:
                return str(e)
            if name is None:
                continue
            claim = self.dra.claims.get((ns, name))
            if claim is None:
                return f'resourceclaim.resource.k8s.io "{name}" not found'
            if claim["metadata"].get("deletionTimestamp"):
                return f'resourceclaim "{name}" is being deleted'
            if check_owner:
                problem = cu.is_for_pod(pod, claim, self.podgroups_on, self.version)
                if problem:
                    return problem
            claims.append(claim)
            names.append(entry.get("name"))
        return claims, names

    def pre_enqueue(self, pod: dict) -> str | None:
        """PreEnqueue: why the pod may not enter the active queue, or None.

        A pod rejected here is never attempted: it waits among the unschedulable pods
        (scheduler_pending_pods{queue="gated"}) without a PodScheduled condition or a
        FailedScheduling event, until an event moves it and PreEnqueue lets it pass
        (pkg/scheduler/framework/plugins/dynamicresources PreEnqueue; pkg/scheduler/backend/
        queue runPreEnqueuePlugins, which reports nothing to the API in 1.34-1.37)."""
        found = self._pod_resource_claims(pod)
        return found if isinstance(found, str) else None

    # ------------------------------------------------------------------ PreFilter
    def pre_filter(self, state: CycleState, pod: dict, nodes: list[Any]
                   ) -> tuple[set[str] | None, Status]:
        s = DRAState()
        state[STATE_KEY] = s
        # PreFilter reads the claims again (podResourceClaims): PreEnqueue saw them when
        # the pod entered the active queue, not necessarily as they are now
        found = self._pod_resource_claims(pod)
        if isinstance(found, str):
            return None, Status(UNRESOLVABLE, [found])
        s.claims, s.pod_claim_names = found
        # KEP-5004: the special claim joins the pod's claims
        if self.extended_on:
            resolver = self.dra.extended_resource_classes()
            scalars = ext.pod_dra_extended_scalars(pod, resolver)
            if scalars is not None:
                s.ext_scalars = scalars
                uid = pod["metadata"]["uid"]
                owned = [self.dra.claims[k] for k in self.dra.claims_by_owner.get(uid, ())
                         if k in self.dra.claims]
                found = ext.find_extended_resource_claim(pod, owned)
                s.ext_claim = dict(found) if found is not None else ext.in_memory_claim(pod)
        if not s.claims and s.ext_claim is None:
            return None, Status(SKIP)
        for i, claim in enumerate(s.claims):
            st = claim.get("status") or {}
            if st.get("allocation"):
                if not cu.can_be_reserved(claim) and not cu.is_reserved_for_pod(pod, claim, self.podgroups_on):
                    return None, Status(UNRESOLVABLE, ["resourceclaim in use"])
                sel = st["allocation"].get("nodeSelector")
                if sel is not None:
                    # nodeaffinity.NewNodeSelector: a selector it cannot parse (Gt/Lt with a value
                    # that is no int64, which the API server stores) is an error of PreFilter
                    errs = node_selector_parse_errors(sel)
                    if errs:
                        return None, Status(ERROR, [aggregate_text(errs)])
                s.available_on[i] = sel
                if self.binding_on:
                    # Filter (upstream: per node, the same answer for each): a claim whose
                    # binding failed, or that is not ready and timed out, is unavailable, so
                    # PostFilter deallocates it to let other devices be tried
                    ready, failed = claim_ready_for_binding(claim)
                    if failed is not None or (not ready and self.claim_timed_out(claim)):
                        s.binding_stale.add(i)
            else:
                s.to_allocate.append(i)
                for req in ((claim.get("spec") or {}).get("devices") or {}).get("requests") or ():
                    subs = req.get("firstAvailable") or []
                    if subs:
                        for sub in subs:
                            bad = self._check_class(sub.get("deviceClassName"), f"{req.get('name')}/{sub.get('name')}")
                            if bad:
                                return None, bad
                    else:
                        bad = self._check_class((req.get("exactly") or {}).get("deviceClassName"), req.get("name"))
                        if bad:
                            return None, bad
        # claims allocate the same whatever their names; shareIDs (consumable capacity) name
        # the claim, so Reserve re-runs the allocator when a cached result carries one
        s.sig = json.dumps([(s.claims[i].get("spec") or {}) for i in s.to_allocate],
                           sort_keys=True, default=str)
        return None, Status(SUCCESS)

    def _check_class(self, cls: str | None, req_name: Any) -> Status | None:
        if not cls:
            return Status(ERROR, [f"request {req_name}: unsupported request type"])
        if cls not in self.dra.classes:
            return Status(UNRESOLVABLE, [f"request {req_name}: device class {cls} does not exist"])
        return None

    # ------------------------------------------------------------------ Filter
    def filter(self, state: CycleState, pod: dict, node_info: NodeInfo) -> Status:
        # only called after PreFilter succeeded (a pod without claims is skipped)
        s: DRAState = state[STATE_KEY]
        node = node_info.node
        unavailable = [i for i, sel in s.available_on.items()
                       if (sel is not None and not node_selector_matches(node, sel))
                       or i in s.binding_stale]
        # KEP-5004 special claim for this node
        ext_claim = None
        ext_sig = ""
        mappings: list[dict] = []
        if s.ext_claim is not None:
            if ((s.ext_claim.get("spec") or {}).get("devices") or {}).get("requests"):
                return Status(UNRESOLVABLE, ["cannot schedule extended resource claim"])
            resolver = self.dra.extended_resource_classes()
            if s.ext_candidates is None:
                s.ext_candidates = ext.extended_candidates(s.ext_scalars or {}, resolver)
            needs, bad = ext.node_extended_resources(s.ext_candidates, node_info.allocatable)
            if bad is not None:
                return Status(UNRESOLVABLE, ["cannot fit resource"])
            if needs and not (s.ext_claim.get("status") or {}).get("allocation"):
                nkey = tuple(sorted(needs.items()))
                built = s.ext_variants.get(nkey)
                if built is None:
                    reqs, mappings = ext.create_requests_and_mappings(pod, needs, resolver)
                    variant = dict(s.ext_claim)
                    variant["spec"] = {"devices": {"requests": reqs}}
                    built = s.ext_variants[nkey] = (variant, mappings,
                                                    json.dumps(variant["spec"], sort_keys=True))
                ext_claim, mappings, ext_sig = built
        if self.nar_on:
            # Filter's pass over the pod's claims refuses a shared node-allocatable claim before
            # any device is allocated or looked up for the footprint
            bad = self._nar_sharing(pod, s, node_info)
            if bad is not None:
                return bad
        to_alloc = [s.claims[i] for i in s.to_allocate]
        if ext_claim is not None:
            to_alloc = to_alloc + [ext_claim]
        results: list[dict] = []
        if to_alloc:
            key = (node_info.name, self.dra.gen(node_info.name), s.sig,
                   ext_sig if ext_claim is not None else "")
            if key in self.memo:
                cached = self.memo[key]
            else:
                try:
                    cached = self.dra.alloc.allocate_on(node, to_alloc, budget=self._budget())
                except AllocationTimeout as e:
                    # deterministic (modeled work, not wall time): the same inputs time out again
                    cached = _TimedOut(e.modeled, str(e))
                except AllocationError as e:
                    return Status(ERROR, [str(e)])
                if len(self.memo) > _MEMO_MAX:
                    self.memo.clear()
                    self.memo_inputs.clear()
                self.memo[key] = cached
                self.memo_inputs[key] = (node, to_alloc)
            if isinstance(cached, _TimedOut):
                return self._timeout_status(node_info.name, cached)
            if not cached or len(cached) != len(to_alloc):
                return Status(UNRESOLVABLE, ["cannot allocate all claims"])
            results = cached
        if unavailable:
            s.unavailable.update(unavailable)
            return Status(UNRESOLVABLE, ["resourceclaim not available on the node"])
        entry: dict[str, Any] = {"results": results, "ext_claim": ext_claim, "mappings": mappings,
                                 "statuses": None}
        if self.nar_on:
            st = self._node_allocatable(pod, s, node_info, results, ext_claim)
            if isinstance(st, Status):
                return st
            entry["statuses"] = st
        s.node_alloc[node_info.name] = entry
        return success()

    def _nar_sharing(self, pod: dict, s: DRAState, node_info: NodeInfo) -> Status | None:
        """The sharing refusal for an allocated claim of the pod (a claim whose allocation's
        node selector does not match the node is skipped, as upstream's loop goes on to the
        next claim).

        1.36 (validateNodeAllocatableDRAClaimSharing with the node's claim state): the pods
        on the node whose status lists the claim are its consumers; more than one, or one
        that is not this pod, refuses. 1.37 (claimHasNodeAllocatableMappedDevice, computed in
        PreFilter from every slice): a claim with a device that declares a ``mapping`` and is
        reserved for someone else refuses; a device no slice publishes is skipped."""
        node = node_info.node
        for i, claim in enumerate(s.claims):
            sel = s.available_on.get(i)
            if sel is not None and not node_selector_matches(node, sel):
                continue
            allocation = (claim.get("status") or {}).get("allocation")
            if not allocation:
                continue
            name = claim["metadata"]["name"]
            if self.shape == "1.36":
                consumers = nar.node_claim_consumers(node_info, pod["metadata"].get("namespace", ""), name)
                if len(consumers) > 1:
                    return Status(UNRESOLVABLE, [nar.ERR_MULTI_136.format(name)])
                if consumers and pod["metadata"]["uid"] not in consumers:
                    return Status(UNRESOLVABLE, [nar.shared_message(name, self.shape)])
            elif (claim.get("status") or {}).get("reservedFor") and \
                    not cu.is_reserved_for_pod(pod, claim, self.podgroups_on):
                mapped = s.nar_mapped.get(i)
                if mapped is None:
                    mapped = s.nar_mapped[i] = nar.has_mapped_device(allocation,
                                                                     self.dra.slices.values())
                if mapped:
                    return Status(UNRESOLVABLE, [nar.shared_message(name, self.shape)])
        return None

    def _node_allocatable(self, pod: dict, s: DRAState, node_info: NodeInfo, results: list[dict],
                          ext_claim: dict | None) -> list[dict] | Status:
        allocs: list[tuple[str | None, str, Mapping[str, Any]]] = []
        new_by_index = dict(zip(s.to_allocate, results))
        for i, claim in enumerate(s.claims):
            a = new_by_index.get(i)
            if a is None and self.shape != "1.36":
                # 1.37 counts the claims allocated before this cycle too; 1.36's
                # calculateAndCheckNodeAllocatableResources only sees this cycle's allocations
                a = (claim.get("status") or {}).get("allocation")
            if a:
                allocs.append((s.pod_claim_names[i], claim["metadata"]["name"], a))
        if ext_claim is not None and len(results) > len(s.to_allocate):
            allocs.append((None, ext_claim["metadata"]["name"], results[-1]))
        slices = self.dra.slices_for(node_info.name)
        try:
            statuses = nar.build_statuses(pod, allocs, slices, self.shape)
        except AllocationError as e:
            return Status(ERROR, [str(e)])
        if not statuses:
            return []
        bad = nar.unreferenced_refusal(statuses, self.shape)
        if bad is not None:
            return bad
        pod_copy = nar.with_statuses(pod, statuses)
        bad = nar.pod_level_covers(pod_copy, self.shape, self.plr_on)
        if bad is not None:
            return bad
        bad = nar.node_fits(pod_copy, node_info, self.nar_opts)
        if bad is not None:
            return bad
        return statuses

    # ------------------------------------------------------------------ PostFilter
    def post_filter(self, state: CycleState, pod: dict, statuses: Mapping[str, Status],
                    num_nodes: int) -> Status:
        s: DRAState | None = state.get(STATE_KEY)
        # a pod without claims (none of its own, no special claim for extended resources)
        # still gets this reason: PreFilter wrote an empty state for it, and PostFilter's fast
        # path answers for every such pod ("... Insufficient cpu. no new claims to
        # deallocate, preemption: ..." on any cluster with DRA on)
        if s is None or (not s.claims and s.ext_claim is None):
            return Status(UNSCHEDULABLE, ["no new claims to deallocate"])
        if s.ext_claim is not None and \
                s.ext_claim["metadata"]["name"] != ext.SPECIAL_CLAIM_IN_MEM_NAME:
            self._delete_claim(s.ext_claim)
            return Status(UNSCHEDULABLE, ["deletion of ResourceClaim completed"])
        uid = pod["metadata"]["uid"]
        for i in sorted(s.unavailable):
            claim = s.claims[i]
            rf = (claim.get("status") or {}).get("reservedFor") or []
            if any(r.get("resource") == "podgroups" for r in rf):
                continue  # KEP-5729: never deallocate a claim reserved for a PodGroup
            if not rf or (len(rf) == 1 and rf[0].get("uid") == uid):
                fresh = self.api.try_get("ResourceClaim", claim["metadata"]["name"],
                                         claim["metadata"].get("namespace"))
                if fresh is None:
                    continue
                fresh["status"] = {k: v for k, v in (fresh.get("status") or {}).items()
                                   if k not in ("allocation", "reservedFor", "devices")}
                try:
                    self.api.update_status(fresh)
                except E.StatusError as e:
                    return Status(ERROR, [str(e)])
                return Status(UNSCHEDULABLE, ["deallocation of ResourceClaim completed"])
        return Status(UNSCHEDULABLE, ["still not schedulable"])

    def _delete_claim(self, claim: Mapping[str, Any]) -> None:
        """deleteClaim: remove the finalizer with an update, then delete."""
        md = claim["metadata"]
        try:
            self.api.remove_finalizer("ResourceClaim", md["name"], cu.FINALIZER, md.get("namespace"))
            self.api.delete("ResourceClaim", md["name"], md.get("namespace"))
        except E.NotFound:
            pass

    # ------------------------------------------------------------------ Reserve
    def reserve(self, state: CycleState, pod: dict, node_name: str) -> Status:
        s: DRAState | None = state.get(STATE_KEY)
        if s is None or (not s.claims and s.ext_claim is None):
            return success()
        entry = s.node_alloc[node_name]  # Filter passed this node, so it left its entry
        if any(r.get("shareID") for a in entry["results"]
               for r in ((a.get("devices") or {}).get("results") or ())):
            to_alloc = [s.claims[i] for i in s.to_allocate]
            if entry["ext_claim"] is not None:
                to_alloc.append(entry["ext_claim"])
            ni = self.sched.nodes.nodes.get(node_name)
            try:
                fresh = self.dra.alloc.allocate_on(ni.node if ni else None, to_alloc,
                                                   budget=self._budget())
            except AllocationTimeout as e:
                return self._timeout_status(node_name, _TimedOut(e.modeled, str(e)))
            except AllocationError as e:
                return Status(ERROR, [str(e)])
            if len(fresh) != len(to_alloc):
                return Status(UNRESOLVABLE, ["cannot allocate all claims"])
            entry = dict(entry, results=fresh)
        s.chosen = entry
        if entry["statuses"] is not None:
            state["nodeAllocatableResourceClaimStatuses"] = entry["statuses"]
        return success()

    def unreserve(self, state: CycleState, pod: dict, node_name: str) -> None:
        s: DRAState = state[STATE_KEY]  # a binding cycle follows a PreFilter that ran
        uid = pod["metadata"]["uid"]
        for claim in s.claims:
            fresh = self.api.try_get("ResourceClaim", claim["metadata"]["name"],
                                     claim["metadata"].get("namespace"))
            if fresh is None:
                continue
            rf = (fresh.get("status") or {}).get("reservedFor") or []
            if any(r.get("uid") == uid for r in rf):
                fresh["status"]["reservedFor"] = [r for r in rf if r.get("uid") != uid]
                try:
                    self.api.update_status(fresh)
                except E.StatusError:
                    pass
        if s.created_ext is not None:
            self._delete_claim(s.created_ext)
            s.created_ext = None
        if state.get("nodeAllocatableResourceClaimStatuses"):
            try:
                self.api.patch("Pod", pod["metadata"]["name"],
                               {"status": {"nodeAllocatableResourceClaimStatuses": None}},
                               pod["metadata"].get("namespace"), subresource="status")
            except E.StatusError:
                pass

    # ------------------------------------------------------------------ PreBind
    def _created_ref(self, ns: str) -> str:
        """How a refused create of the special claim names the claim (klog.KObj). Since the
        refactor kubernetes/kubernetes#134935 (createExtendedResourceClaimInAPI, read at
        16913111, 1.37 cycle; taken as first in 1.35, the release it was merged for, not read
        at the tag) it is the body with its name cleared: "<namespace>/". 1.34's bindClaim
        assigned Create's result to the claim it prints, and a typed client returns an empty
        object with its error, so nothing is printed there. Never the generateName."""
        return f"{ns}/" if version_at_least(self.version, "1.35") else ""

    def pre_bind_pre_flight(self, state: CycleState) -> bool:
        """PreBindPreFlight: True (Success) when PreBind has claims to handle, False (Skip)
        otherwise. The pod's claims include the in-memory special claim of a pod whose
        extended resources a DRA class may serve, even on a node whose device plugin
        serves them (upstream claimStore.empty counts it)."""
        s: DRAState | None = state.get(STATE_KEY)
        return s is not None and bool(s.claims or s.ext_claim is not None)

    def pre_bind(self, state: CycleState, pod: dict, node_name: str) -> Status:
        s: DRAState | None = state.get(STATE_KEY)
        if s is None or (not s.claims and s.ext_claim is None):
            return success()
        # Reserve ran in this cycle under the same condition and chose the node's entry
        entry = s.chosen
        assert entry is not None, "PreBind without Reserve"
        new_by_index = dict(zip(s.to_allocate, entry["results"]))
        claims = list(s.claims)
        allocations: list[dict | None] = [new_by_index.get(i) for i in range(len(claims))]
        ext_claim = entry["ext_claim"]
        ns = pod["metadata"].get("namespace")
        if ext_claim is not None:
            body = deep_copy(ext_claim)
            md = body["metadata"]
            for f in ("name", "uid"):
                md.pop(f, None)
            body.pop("status", None)
            try:
                created = self.api.create(body)
            except E.StatusError as e:
                self.sched.metrics.claim_creates["failure"] += 1
                return Status(ERROR, [f"create claim for extended resources {self._created_ref(ns)}: {e}"])
            self.sched.metrics.claim_creates["success"] += 1
            s.created_ext = created
            claims.append(created)
            allocations.append(entry["results"][-1] if len(entry["results"]) > len(s.to_allocate) else None)
        elif s.ext_claim is not None and s.ext_claim["metadata"]["name"] != ext.SPECIAL_CLAIM_IN_MEM_NAME:
            claims.append(s.ext_claim)
            allocations.append(None)
        for i, claim in enumerate(claims):
            if cu.is_reserved_for_pod(pod, claim, self.podgroups_on) and allocations[i] is None:
                continue
            pod_claim = s.pod_claim_names[i] if i < len(s.pod_claim_names) else None
            err = self._bind_claim(pod, claim, allocations[i], pod_claim)
            if err:
                return Status(ERROR, [err])
        if ext_claim is not None and s.created_ext is not None:
            if not entry["mappings"]:
                return Status(ERROR, [f"nil or empty request mappings, no update of pod {ns}/"
                                      f"{pod['metadata']['name']} ExtendedResourceClaimStatus"])
            try:
                self.api.patch("Pod", pod["metadata"]["name"], {"status": {
                    "extendedResourceClaimStatus": {
                        "requestMappings": entry["mappings"],
                        "resourceClaimName": s.created_ext["metadata"]["name"]}}},
                    ns, subresource="status")
            except E.StatusError as e:
                return Status(ERROR, [f"update pod {ns}/{pod['metadata']['name']} "
                                      f"ExtendedResourceClaimStatus: {e}"])
        statuses = entry.get("statuses")
        if statuses:
            # KEP-5004 x KEP-5517: the fix (kubernetes/kubernetes#141556, replaceSpecialClaimNameInStatus)
            # renames the in-memory "<extended-resources>" entry to the created claim; 1.37 has
            # the bug (kubernetes/kubernetes#141467) and patches the placeholder, which pod
            # status validation refuses, so the pod never schedules (drakit/upstream_bugs.py)
            if s.created_ext is not None and not has_bug(self.version, EXTENDED_RESOURCE_NODE_ALLOCATABLE):
                for st in statuses:
                    if st["resourceClaimName"] == ext.SPECIAL_CLAIM_IN_MEM_NAME:
                        st["resourceClaimName"] = s.created_ext["metadata"]["name"]
                statuses.sort(key=lambda e: e["resourceClaimName"])
            try:
                self.api.patch("Pod", pod["metadata"]["name"],
                               {"status": {"nodeAllocatableResourceClaimStatuses": statuses}},
                               ns, subresource="status")
            except E.StatusError as e:
                return Status(ERROR, [f"updating pod {ns}/{pod['metadata']['name']} "
                                      f"NodeAllocatableResourceClaimStatuses: {e}"])
        if not self.binding_on:
            return success()
        # KEP-5007: wait when a device of the pod's claims has binding conditions
        s.bound = [(c["metadata"].get("namespace"), c["metadata"]["name"]) for c in claims]
        after = [allocations[i] or (claims[i].get("status") or {}).get("allocation")
                 for i in range(len(claims))]
        if not any(r.get("bindingConditions") for a in after if a
                   for r in ((a.get("devices") or {}).get("results") or ())):
            return success()
        self.sched._event(pod, "Normal", "BindingConditionsPending",
                          f"waiting for binding conditions for device on node {node_name}")
        now = self.sched.clock.now()
        verdict, message, _ = self.poll_binding(s, now, now, now)  # the poll's first, immediate look
        if verdict == "bind":
            return success()
        if verdict == "fail":
            return Status(ERROR, [message or ""])
        return Status(WAIT)

    # ------------------------------------------------------------------ binding conditions
    def claim_expiry(self, claim: Mapping[str, Any]) -> _dt.datetime | None:
        """isClaimTimeout's instant: allocationTimestamp + bindingTimeout, for an allocation
        with a result that has binding conditions (None: no timeout applies). Only asked
        with both KEP-5007 gates on, for a claim that is not ready for binding, which an
        allocated claim is only when a result has binding conditions."""
        alloc = (claim.get("status") or {}).get("allocation") or {}
        ts = alloc.get("allocationTimestamp") if isinstance(alloc, dict) else None
        if not ts:
            return None
        # metav1.Time: the API server stores it in whole seconds (drakit.schema TimeNode), so
        # any writer's timestamp parses here
        return parse_rfc3339(ts) + _dt.timedelta(seconds=self.binding_timeout)

    def claim_timed_out(self, claim: Mapping[str, Any]) -> bool:
        """isClaimTimeout: the binding timeout passed (strictly: ``Before(time.Now())``)."""
        expiry = self.claim_expiry(claim)
        return expiry is not None and expiry < self.sched.clock.now()

    def poll_binding(self, s: DRAState, start: _dt.datetime, since: _dt.datetime,
                     now: _dt.datetime) -> tuple[str, str | None, _dt.datetime]:
        """isPodReadyForBinding for a pod waiting in PreBind since ``start``, looked at again
        at ``now`` (the claims as the informer has them; they did not change since ``since``
        on the logical clock). Returns ("bind" | "wait" | "fail", the error, when it happened).

        Upstream polls every 5 s (immediately first) until the binding timeout cancels the
        wait: claims in order, stopping at the first one not ready; a True binding failure
        condition fails at once; a claim not ready whose allocationTimestamp + timeout lies
        before a poll fails with "claim <c> binding timeout"; the poll's own deadline fails
        with "device binding timeout". drakit looks when the claims change (no 5 s latency)
        and when the clock moves, placing a timeout on the poll tick or deadline it belongs to.
        """
        blocking: Mapping[str, Any] | None = None
        for ns, name in s.bound:
            claim = self.dra.claims.get((ns or "", name))
            if claim is None:
                # the claim tracker's Get (pkg/scheduler/util/assumecache NotFoundError, the
                # cache described as "ResourceClaim", keyed by namespace/name)
                return "fail", f'could not find ResourceClaim "{ns or ""}/{name}"', now
            ready, failed = claim_ready_for_binding(claim)
            if failed is not None:
                return "fail", failed, now
            if not ready:
                blocking = claim
                break
        if blocking is None:
            return "bind", None, now
        deadline = start + _dt.timedelta(seconds=self.binding_timeout)
        expiry = self.claim_expiry(blocking)
        if expiry is not None:
            tick = max(_next_tick(start, expiry, strictly=True), _next_tick(start, since, strictly=False))
            if tick <= now and tick < deadline:
                return "fail", f"claim {blocking['metadata']['name']} binding timeout", tick
        if now >= deadline:
            return "fail", "device binding timeout", deadline
        return "wait", None, now

    def _consumer(self, pod: dict, pod_claim: str | None) -> dict:
        """BindTo: the PodGroup when the pod's entry matches its PodGroup's entry."""
        if self.podgroups_on and pod_claim is not None:
            pg_name = cu.pod_group_name(pod)
            if pg_name:
                pg = self.sched.podgroups.get((pod["metadata"].get("namespace") or "", pg_name))
                entry = next((e for e in (pod.get("spec") or {}).get("resourceClaims") or ()
                              if e.get("name") == pod_claim), None)
                if pg is not None and entry is not None and cu.matching_podgroup_entry(pod, entry, pg):
                    return cu.podgroup_consumer(pg)
        return cu.pod_consumer(pod)

    def _bind_claim(self, pod: dict, claim: Mapping[str, Any], allocation: dict | None,
                    pod_claim: str | None) -> str | None:
        md = claim["metadata"]
        ref = f"{md.get('namespace')}/{md.get('name')}"
        what = "add allocation and reservation to" if allocation is not None else "add reservation to"
        # retry.RetryOnConflict with retry.DefaultRetry: five attempts, each after a conflict
        # reading the claim afresh; after the fifth the last conflict is the answer
        last_conflict = ""
        for _attempt in range(5):
            fresh = self.api.try_get("ResourceClaim", md["name"], md.get("namespace"))
            if fresh is None:
                return f"get updated claim {ref} after conflict: not found"
            if fresh["metadata"].get("deletionTimestamp"):
                return f"claim {ref} got deleted in the meantime"
            try:
                if allocation is not None:
                    if (fresh.get("status") or {}).get("allocation"):
                        return f"claim {ref} got allocated elsewhere in the meantime"
                    fins = fresh["metadata"].get("finalizers") or []
                    if cu.FINALIZER not in fins:
                        fresh["metadata"]["finalizers"] = [*fins, cu.FINALIZER]
                        try:
                            fresh = self.api.update(fresh)
                        except E.Conflict as e:
                            last_conflict = f"add finalizer to claim {ref}: {e}"
                            continue
                        except E.StatusError as e:  # bindClaim: its own wording
                            return f"add finalizer to claim {ref}: {e}"
                    fresh.setdefault("status", {})["allocation"] = deep_copy(allocation)
                consumer = self._consumer(pod, pod_claim)
                st = fresh.setdefault("status", {})
                # bindClaim: with both KEP-5007 gates every claim the scheduler reserves gets
                # the time of its allocation, from which the binding timeout counts
                if self.binding_on and isinstance(st.get("allocation"), dict) and \
                        not st["allocation"].get("allocationTimestamp"):
                    st["allocation"]["allocationTimestamp"] = self.sched.clock.timestamp()
                rf = list(st.get("reservedFor") or [])
                if not any(r.get("uid") == consumer["uid"] for r in rf):
                    rf.append(consumer)
                st["reservedFor"] = rf
                self.api.update_status(fresh)
                return None
            except E.Conflict as e:
                last_conflict = f"{what} claim {ref}: {e}"
                continue
            except E.StatusError as e:
                return f"{what} claim {ref}: {e}"
        return last_conflict


def _next_tick(start: _dt.datetime, after: _dt.datetime, strictly: bool) -> _dt.datetime:
    """The first poll of PreBind's wait (every BINDING_POLL_SECONDS from ``start``) at or,
    with ``strictly``, after ``after``."""
    if after < start:
        return start
    k = math.floor((after - start).total_seconds() / BINDING_POLL_SECONDS)
    tick = start + _dt.timedelta(seconds=k * BINDING_POLL_SECONDS)
    if tick < after or (strictly and tick == after):
        tick += _dt.timedelta(seconds=BINDING_POLL_SECONDS)
    return tick


def claim_ready_for_binding(claim: Mapping[str, Any]) -> tuple[bool, str | None]:
    """isClaimReadyForBinding: (ready, binding failure or None).

    Ready when, for every allocated result with binding conditions, the claim's
    ``status.devices`` entry of that device (driver, pool, device; shareID not compared, as
    getAllocatedDeviceStatus) has each of them True; a True binding failure condition is the
    error "claim <c> binding failed: reason=<r>, message=<Go-quoted message>". Unallocated:
    not ready, no error."""
    st = claim.get("status") or {}
    alloc = st.get("allocation")
    if not isinstance(alloc, dict) or not alloc:
        return False, None
    devices = [d for d in st.get("devices") or () if isinstance(d, dict)]
    for r in (alloc.get("devices") or {}).get("results") or ():
        if not r.get("bindingConditions"):
            continue
        ds = next((d for d in devices if (d.get("driver"), d.get("pool"), d.get("device")) ==
                   (r.get("driver"), r.get("pool"), r.get("device"))), None)
        if ds is None:
            return False, None
        conds = [c for c in ds.get("conditions") or () if isinstance(c, dict)]
        for ctype in r.get("bindingFailureConditions") or ():
            fc = next((c for c in conds if c.get("type") == ctype), None)  # FindStatusCondition
            if fc is not None and fc.get("status") == "True":
                return False, (f"claim {claim['metadata']['name']} binding failed: "
                               f"reason={fc.get('reason') or ''}, "
                               f"message={go_quote(fc.get('message') or '')}")
        for ctype in r.get("bindingConditions") or ():
            c = next((c for c in conds if c.get("type") == ctype), None)  # IsStatusConditionTrue
            if c is None or c.get("status") != "True":
                return False, None
    return True, None
