"""The kube-scheduler component: informers, queue, scheduleOne, failure handling, metrics.

Why a component over the API server only: like the real scheduler it lists and watches
(``APIServer.watch`` from its last resourceVersion), keeps its caches from those events and
writes only through API verbs (claim status, pod status, pods/binding, events). A restart
(``Cluster.restart_component("kube-scheduler")``, or ``set_feature_gates``/``set_version``)
builds a new Scheduler that re-lists everything: no state survives outside the API server, as
upstream. Its gates and release are its own (``ctx.gates``), which may differ from the API
server's in a skewed cluster.

Node choice is deterministic: feasible nodes are searched from a rotating start index and
at most ``numFeasibleNodesToFind`` are kept (upstream rules: all nodes below 100, else
``50 - nodes/125`` percent, at least 5% and 100 nodes); each gets the NodeResourcesFit
LeastAllocated score (cpu and memory, weight 1); the highest score wins and ties go to the
lexicographically smallest node name (upstream picks ties at random).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from drakit import claims as cu
from drakit.allocator.core import version_at_least
from drakit.api import errors as E
from drakit.component import FAILED_SYNC, ComponentContext, FailureTracker, describe
from drakit.podgeneration import GATE as GENERATION_GATE
from drakit.podgeneration import stamp_condition
from drakit.podrequests import PodResourcesOptions, pod_requests
from drakit.scheduler import preemption
from drakit.scheduler.cache import DRACache, NodeCache, pod_key
from drakit.scheduler.comparer import cache_mismatches
from drakit.scheduler.decode import check_decodable
from drakit.scheduler.dynamicresources import STATE_KEY as DRA_STATE_KEY
from drakit.scheduler.dynamicresources import DynamicResources
from drakit.scheduler.framework import (
    ERROR,
    INITIAL_BACKOFF_SECONDS,
    MAX_BACKOFF_SECONDS,
    SKIP,
    UNRESOLVABLE,
    UNSCHEDULABLE,
    WAIT,
    CycleState,
    FitError,
    Plugin,
    QueuedPod,
    SchedulingQueue,
    Status,
)
from drakit.scheduler.gangscheduling import GangScheduling, GroupEvent
from drakit.scheduler.noderesources import NodeResourcesFit
from drakit.scheduler.nodeselection import (
    NodeAffinity,
    NodeUnschedulable,
    TaintToleration,
    affinity_change_may_help,
    taint_change_may_help,
    tolerates_unschedulable,
    unschedulable_change_may_help,
)
from drakit.scheduler.preemption import DefaultPreemption

SCHEDULER_NAME = "default-scheduler"


@dataclass(frozen=True)
class _ClassEvent:
    """A DeviceClass added (``old`` None) or updated, for the plugins' hints."""
    old: Mapping[str, Any] | None
    new: Mapping[str, Any]


#: a cluster event as the queue sees it: a Node's (type, old node, new node), a DeviceClass
#: add or update, a PodGroup add or update or a grouped pod's add (GangScheduling's), another
#: kind's name from _OTHER_EVENT_PLUGINS, or None for one drakit has no registrations for
_Event = (tuple[str, Mapping[str, Any] | None, Mapping[str, Any]] | _ClassEvent | GroupEvent
          | str | None)
#: the PreEnqueue plugin that gates a pod with spec.schedulingGates (KEP-3521)
SCHEDULING_GATES = "SchedulingGates"
WATCHED = ("Node", "Pod", "ResourceClaim", "ResourceSlice", "DeviceClass", "PodGroup")
MIN_FEASIBLE_NODES_TO_FIND = 100
MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5
MAX_SELF_RETRIES = 3
POPS_PER_SYNC_FACTOR = 4
"""One ``sync`` pops at most this many times the pods it knows (plus a constant) before it
hands control back to ``Cluster.settle()``, so a scheduling livelock shows up there as
rounds without progress instead of one sync that never returns."""


class Metrics:
    def __init__(self) -> None:
        self.claim_creates = {"success": 0, "failure": 0}
        self.attempts = {"scheduled": 0, "unschedulable": 0, "error": 0}


@dataclass
class _WaitingPod:
    """A pod in its binding cycle, waiting in PreBind for KEP-5007 binding conditions.

    Upstream's binding goroutine blocks in DynamicResources.PreBind; drakit keeps what that
    goroutine holds (cycle state, node, the assumed pod, the popped queue entry) and looks
    again on every sync (``Scheduler._check_waiting``)."""

    state: CycleState
    node: str
    start: _dt.datetime
    """When PreBind began waiting (its poll's timeout counts from here)."""
    checked: _dt.datetime
    """The last look at the claims."""
    pod: dict
    """The pod as the cycle scheduled it (upstream's assumedPod): the wait goes on with it
    when someone else binds the pod meanwhile."""
    qp: QueuedPod | None = None


class _Failure(Exception):
    def __init__(self, status: Status, fit: FitError | None = None) -> None:
        super().__init__(status.message())
        self.status = status
        self.fit = fit
        #: schedulingCycle's nominatingInfo: an error (or no node at all) clears the pod's
        #: nominated node; a FitError takes PostFilter's result
        self.clear_nominated = fit.clears_nomination if fit is not None else True


class Scheduler:
    name = "kube-scheduler"

    def __init__(self, ctx: ComponentContext) -> None:
        self.ctx = ctx
        self.api = ctx.api
        self.gates = ctx.gates
        self.version = ctx.version
        self.clock = ctx.clock
        self.metrics = Metrics()
        self.last_message: dict[str, str] = {}
        #: the plugins that rejected the pod of the current attempt (Diagnosis.UnschedulablePlugins)
        self.last_rejectors: set[str] = set()
        self.next_start = 0
        # objects the informers could not take in (dropped from the caches until they
        # change or their backoff passes), and pods whose attempt raised (retried by the
        # queue's backoff; their FailedScheduling event comes from _handle_failure)
        self.failures = FailureTracker(SCHEDULER_NAME, self.api, self.clock,
                                       INITIAL_BACKOFF_SECONDS, MAX_BACKOFF_SECONDS)
        self.attempt_failures = FailureTracker(SCHEDULER_NAME, self.api, self.clock,
                                               INITIAL_BACKOFF_SECONDS, MAX_BACKOFF_SECONDS)
        self.relists = 0
        self._reset()
        self._list()

    def _reset(self) -> None:
        """Empty caches, queue and plugins (start-up, and before a relist)."""
        nar_on = self.gates.enabled("DRANodeAllocatableResources")
        self.opts = PodResourcesOptions(
            skip_pod_level_resources=not self.gates.enabled("PodLevelResources"),
            use_dra_node_allocatable=nar_on,
            dra_shape="1.36" if self.version == "1.36" else "1.37")
        self.nodes = NodeCache(self.opts)
        self.dra = DRACache(gates=dict(self.gates), version=self.version)
        self.podgroups: dict[tuple[str, str], dict] = {}
        self.gang = GangScheduling(self.version, self.gates, self.podgroups)
        self.pending: dict[tuple[str, str], dict] = {}
        self.queue = SchedulingQueue()
        self.self_retries: dict[tuple[str, str], int] = {}
        self.in_flight_events: list[_Event] = []
        """The requeue-worthy events seen while the popped pod was in its cycle."""
        self.waiting: dict[tuple[str, str], _WaitingPod] = {}
        self.fit = NodeResourcesFit(self.gates, self.dra)
        # each plugin's queueing hint for a Node add or update (isSchedulableAfterNodeChange);
        # DynamicResources registers its Node events without one
        self._node_hints: dict[str, Callable[[Mapping[str, Any], Mapping[str, Any] | None,
                                              Mapping[str, Any]], bool]] = {
            "NodeAffinity": affinity_change_may_help,
            "TaintToleration": taint_change_may_help,
            "NodeUnschedulable": unschedulable_change_may_help,
            "NodeResourcesFit": self.fit.node_change_may_help,
        }
        self.dynamic = DynamicResources(self)
        self.filters: list[Plugin] = [NodeUnschedulable(), TaintToleration(),
                                      NodeAffinity(), self.fit, self.dynamic]
        self.pre_filters: list[Plugin] = [self.fit, self.dynamic]
        # DynamicResources before DefaultPreemption: apis/config/v1 default_plugins.go
        # applyFeatureGates inserts it there ("it is better to first deallocate an idle
        # ResourceClaim than it is to evict some Pod")
        self.post_filters: list[Plugin] = [self.dynamic, DefaultPreemption()]
        self.rv = 0
        self._last_clock = self.clock.now()

    # ------------------------------------------------------------------ informers
    def _list(self) -> None:
        self.rv = self.api.resource_version
        for node in self.api.list("Node", copy=False):
            self._dispatch_guarded("ADDED", "Node", node, initial=True)
        for kind in ("DeviceClass", "ResourceSlice", "ResourceClaim"):
            for obj in self.api.list(kind, copy=False):
                self._dispatch_guarded("ADDED", kind, obj, initial=True)
        if self.api.served("PodGroup"):
            for pg in self.api.list("PodGroup", copy=False):
                self._dispatch_guarded("ADDED", "PodGroup", pg, initial=True)
        for pod in self.api.list("Pod", copy=False):
            self._dispatch_guarded("ADDED", "Pod", pod, initial=True)

    def _relist(self) -> None:
        """The watch is too old for the API server's window (410 Expired): start over from
        a fresh list, as the reflector does. Metrics, event history and failures stay."""
        self.relists += 1
        # upstream's informer hands the relisted objects to the handlers as updates (Replace):
        # a pod whose resourceVersion did not change is skipped (updatePodInSchedulingQueue),
        # so a parked pod stays parked unless an object changed in a way its rejectors care
        # about. Kept here: the pods NodeAffinity alone rejected, with the nodes as they were
        # (the other rejectors' hints are coarse: any change is worth another try)
        parked = {k: (qp, self.pending[k]["metadata"].get("resourceVersion"))
                  for k, qp in self.queue.unschedulable.items()
                  if qp.unschedulable_plugins == {"NodeAffinity"} and k in self.pending}
        old_nodes = {name: ni.node for name, ni in self.nodes.nodes.items()}
        self._reset()
        self._list()
        node_events = [("MODIFIED" if name in old_nodes else "ADDED", old_nodes.get(name), ni.node)
                       for name, ni in self.nodes.nodes.items()
                       if (old_nodes.get(name) or {}).get("metadata", {}).get("resourceVersion")
                       != ni.node.get("metadata", {}).get("resourceVersion")]
        for k, (qp, rv) in parked.items():
            pod = self.pending.get(k)
            if pod is None or k not in self.queue.active or \
                    pod["metadata"].get("resourceVersion") != rv or \
                    any(self._event_helps(qp.unschedulable_plugins, pod, ev) for ev in node_events):
                continue
            self.queue.park_again(qp)

    def _process_events(self) -> bool:
        try:
            events = self.api.watch(self.rv, WATCHED)
        except E.Expired:
            self._relist()
            return True
        # like a watch bookmark: events of other kinds up to now need not be seen again
        self.rv = self.api.resource_version
        if not events:
            return False
        for ev in events:
            self._dispatch_guarded(ev.type, ev.kind, ev.object)
        return True

    def _dispatch_guarded(self, type_: str, kind: str, obj: dict, initial: bool = False) -> None:
        """One informer event; an object the scheduler cannot take in is dropped from its
        caches (as if deleted) and reported on, never fatal."""
        try:
            if type_ != "DELETED":
                check_decodable(kind, obj)
            self._dispatch(type_, kind, obj, initial)
        except Exception as e:  # noqa: BLE001 - a component never dies on stored data
            reason = "FailedScheduling" if kind == "Pod" else FAILED_SYNC
            self.failures.failed(kind, obj, e, reason)
            try:
                self._dispatch("DELETED", kind, obj, initial)
            except Exception:  # noqa: BLE001 - not even its name is usable: nothing cached
                pass
            return
        if self.failures:
            self.failures.ok(kind, obj)

    def _dispatch(self, type_: str, kind: str, obj: dict, initial: bool = False) -> None:
        if kind == "Pod":
            self._on_pod(type_, obj)
        elif kind == "Node":
            known = self.nodes.nodes.get(obj["metadata"]["name"])
            old_node = known.node if known is not None else None
            if type_ == "DELETED":
                self.nodes.remove_node(obj["metadata"]["name"])
            else:
                self.nodes.set_node(obj)
            self.dra._bump(obj["metadata"]["name"])
            if not initial:
                self._requeue((type_, old_node, obj))
        elif kind == "ResourceClaim":
            if initial:
                self.dra.set_claim(obj, pod_key(obj))
            else:
                self._on_claim(type_, obj)
        elif kind == "ResourceSlice":
            self.dra.set_slice(None if type_ == "DELETED" else obj, obj["metadata"]["name"])
            if not initial:
                self._requeue("ResourceSliceDelete" if type_ == "DELETED" else "ResourceSlice")
        elif kind == "DeviceClass":
            old_class = self.dra.classes.get(obj["metadata"]["name"])
            self.dra.set_class(None if type_ == "DELETED" else obj, obj["metadata"]["name"])
            if not initial:
                self._requeue("DeviceClassDelete" if type_ == "DELETED"
                              else _ClassEvent(old_class, obj))
        elif kind == "PodGroup":
            key = pod_key(obj)
            old_pg = self.podgroups.get(key)
            if type_ == "DELETED":
                self.podgroups.pop(key, None)
            else:
                self.podgroups[key] = obj
            if not initial:
                # no plugin registers a PodGroup delete; GangScheduling its adds and updates
                self._requeue("PodGroupDelete" if type_ == "DELETED" else
                              GroupEvent("PodGroup", key[0], key[1], old_pg, obj))

    def _worth_requeuing(self, node_event: _Event = None) -> list[tuple[str, str]]:
        """The parked pods an event may help (isPodWorthRequeuing asks only the rejecting
        plugins' registrations and queueing hints; see _event_helps)."""
        return [k for k, qp in self.queue.unschedulable.items()
                if self._event_helps(qp.unschedulable_plugins, self.pending.get(k), node_event)]

    def _requeue(self, node_event: _Event = None) -> None:
        """An event for the parked pods it may help; a pod in its scheduling cycle meanwhile
        keeps the event, asked with its rejectors at the cycle's end (upstream's in-flight
        events, determineSchedulingHintForInFlightPod)."""
        if self.queue.in_flight is not None:
            self.in_flight_events.append(node_event)
        self.queue.move_all(self._worth_requeuing(node_event), in_flight=False)

    def _event_helps(self, rejectors: set[str], pod: Mapping[str, Any] | None,
                     node_event: _Event) -> bool:
        """Whether one event may help a pod these plugins rejected. A Node add or update is
        asked of each rejector that registers one of its events (_NODE_EVENT_PLUGINS), then of
        its queueing hint (isSchedulableAfterNodeChange): NodeAffinity's wants the node to
        match now and not before, TaintToleration's no untolerated taint now and one before,
        NodeUnschedulable's a schedulable node that was cordoned (or is new),
        NodeResourcesFit's a node the pod fits when empty that is new or grew a resource the
        pod asks for. No modelled plugin registers a Node delete. Events of other kinds go by
        _OTHER_EVENT_PLUGINS and, for DeviceClasses, NodeResourcesFit's class hint; an event
        drakit has no registrations for (a relist) helps any pod NodeAffinity alone
        did not reject. A pod without rejectors (an error) is helped by every event."""
        if pod is None:
            return True
        if not rejectors:  # an error, or no plugin on record: any event helps
            return True
        if node_event is None:  # an event drakit has no registrations for (a relist)
            return rejectors != {"NodeAffinity"}
        if isinstance(node_event, _ClassEvent):
            # DeviceClass Add/Update: DynamicResources without a hint; from 1.35
            # (kubernetes/kubernetes#134991), with DRAExtendedResource, NodeResourcesFit too,
            # with isSchedulableAfterDeviceClassEvent
            return "DynamicResources" in rejectors or (
                "NodeResourcesFit" in rejectors and self.fit.class_events
                and self.fit.class_change_may_help(pod, node_event.old, node_event.new))
        if isinstance(node_event, GroupEvent):
            return self.gang.name in rejectors and self.gang.event_helps(pod, node_event)
        if isinstance(node_event, str):
            # (isSchedulableAfterClaimChange also skips a pod whose own claims are not all
            # there; such a pod moved anyway stops at DynamicResources' PreEnqueue unattempted)
            return bool(rejectors & _OTHER_EVENT_PLUGINS[node_event])
        if node_event[0] == "DELETED":
            # deleteNodeFromCache moves pods with the event Node/Delete, which none of the
            # plugins drakit models registers: only pods without rejectors come back
            return False
        _, old, new = node_event
        events = {"NodeAdd"} if old is None else _node_update_events(old, new)
        for plugin in rejectors:
            registered = _NODE_EVENT_PLUGINS.get(plugin)
            if registered is None:
                return True  # a rejector drakit has no registrations for: any change may help
            hint = self._node_hints.get(plugin)
            if registered & events and (hint is None or hint(pod, old, new)):
                return True
        return False

    def _retry_failed_objects(self) -> bool:
        """Objects the informers dropped whose backoff passed: take them in again."""
        due = self.failures.due()
        for key in due:
            kind, ns, name = key
            obj = self.api.try_get(kind, name, ns or None) if name else None
            if obj is None:
                self.failures.forget(key)
            else:
                self._dispatch_guarded("MODIFIED", kind, obj)
        return bool(due)

    def _on_claim(self, type_: str, claim: dict) -> None:
        key = pod_key(claim)
        old = self.dra.claims.get(key)
        self.dra.set_claim(None if type_ == "DELETED" else claim, key)
        old_st = (old or {}).get("status") or {}
        new_st = claim.get("status") or {}
        if type_ == "DELETED":
            # no plugin of 1.34-1.37 registers a ResourceClaim delete (DynamicResources: Add
            # and Update; "The delete claim event will not invoke" isSchedulableAfterClaimChange);
            # a pod whose stale special claim PostFilter deleted waits for another event or
            # the 5-minute flush. Master (1.38) registers Delete with its PreQueueingHint.
            self._requeue("ResourceClaimDelete")
            return
        if old_st.get("allocation") and not new_st.get("allocation"):
            # isSchedulableAfterClaimChange: a deallocation may have freed devices for any pod
            self._requeue("ResourceClaimDeallocated")
            return
        if old is not None and old_st == new_st:
            return
        # a claim a waiting pod uses appeared or changed (isSchedulableAfterClaimChange: a
        # pod "uses" the claims its spec or its status.resourceClaimStatuses names; a
        # template's claim the pod's status does not name yet is skipped, and the pod's own
        # update that names it requeues the pod)
        name = claim["metadata"]["name"]
        users = []
        for k in self.queue.unschedulable:
            pod = self.pending.get(k)
            if pod is None or k[0] != key[0]:
                continue
            if _pod_names_claim(pod, name):
                users.append(k)
        if users:
            self.queue.move_all(users)

    def _on_pod(self, type_: str, pod: dict) -> None:
        key = pod_key(pod)
        md = pod["metadata"]
        uid = md.get("uid", "")
        spec = pod.get("spec") or {}
        if type_ == "DELETED":
            self.gang.pod_gone(pod)
            self.pending.pop(key, None)
            self.queue.delete(key)
            # a pod deleted while it waits in PreBind: its wait ends (drakit does not keep
            # polling for a pod that is gone; the ResourceClaim controller frees its claims)
            self.waiting.pop(key, None)
            self.last_message.pop(uid, None)
            if self.nodes.remove_pod(uid) is not None:
                self._requeue("AssignedPodDelete")
            return
        group_event = self.gang.pod_seen(pod)
        if group_event is not None:  # a pod of a group, new to the scheduler (bound or not)
            self._requeue(group_event)
        if spec.get("nodeName"):
            self.pending.pop(key, None)
            self.queue.delete(key)
            # a pod someone else bound while it waits in PreBind: upstream's binding goroutine
            # goes on waiting with its assumed pod, and its Bind then conflicts (see
            # _check_waiting), so the wait is kept
            phase = (pod.get("status") or {}).get("phase")
            if phase in ("Succeeded", "Failed"):
                # updatePodInCache: a pod that terminated leaves the cache as if deleted
                if self.nodes.remove_pod(uid) is not None:
                    self._requeue("AssignedPodDelete")
                return
            old = self.nodes.pods.get(uid)
            self.nodes.add_pod(self.nodes.pod_info(pod, spec["nodeName"]))
            if old is not None and not old.assumed and old.requests != self.nodes.pods[uid].requests:
                self._requeue("AssignedPodScaleDown")
            return
        # a pod with schedulingGates stays queued: the SchedulingGates PreEnqueue plugin keeps
        # it gated (scheduler_pending_pods{queue="gated"}) until its gates are removed. A pod
        # being deleted (a finalizer holds it) stays too: its update is no event a plugin
        # requeues on, so it stays where it waits, counted, until it is popped and skipped
        # unattempted (schedule_one.go skipPodSchedule)
        if (spec.get("schedulerName") or SCHEDULER_NAME) != SCHEDULER_NAME:
            self.pending.pop(key, None)
            self.queue.delete(key)
            return
        old = self.pending.get(key)
        self.pending[key] = pod
        if key in self.waiting:
            return  # assumed, in its binding cycle: updates do not queue it (eventhandlers.go)
        if key not in self.queue:
            self.queue.add(key, uid, int(spec.get("priority") or 0))
        elif old is not None and key in self.queue.unschedulable and \
                _pod_update_requeues(old, pod, self.queue.unschedulable[key].unschedulable_plugins):
            self.queue.move_all([key])

    # ------------------------------------------------------------------ the loop
    def sync(self) -> bool:
        did = self._process_events()
        if self.waiting:
            did |= self._check_waiting()
        now = self.clock.now()
        if now != self._last_clock:
            self._last_clock = now
            self.queue.move_expired(now)  # backoff expired / 5-minute flush of unschedulable pods
            if self.failures:
                did |= self._retry_failed_objects()
        if self.queue.flush_backoff():
            did = True
        budget = POPS_PER_SYNC_FACTOR * (len(self.pending) + 1) + 100
        while True:
            if budget <= 0:
                return True  # more next round: settle() sees the rounds (and any livelock)
            qp = self.queue.pop()
            if qp is None:
                break
            budget -= 1
            did = True
            pod = self.pending.get(qp.key)
            if pod is None or pod["metadata"].get("uid") != qp.uid:
                self.queue.done(qp, failed=False)
                continue
            if pod["metadata"].get("deletionTimestamp"):
                # skipPodSchedule: no attempt, no condition, out of every queue (a later
                # update of the pod puts it back, to be skipped again)
                self.queue.done(qp, failed=False)
                self.pending.pop(qp.key, None)
                continue
            gating = self._pre_enqueue_gate(pod)
            if gating is not None:
                self.queue.gate(qp, gating, self.clock.now())
                continue
            self.last_rejectors = set()
            self.in_flight_events = []
            ok = self._schedule_one(pod)
            relists = self.relists
            self._process_events()
            if self.relists != relists:
                continue  # a relist rebuilt the queue; this pod is in it again
            if ok:
                self.self_retries.pop(qp.key, None)
                self.queue.done(qp, failed=False)
                w = self.waiting.get(qp.key)
                if w is not None and w.qp is None:
                    w.qp = qp  # waits in PreBind: out of the queue until it binds or fails
                continue
            if any(self._event_helps(self.last_rejectors, pod, ev) for ev in self.in_flight_events):
                self.queue.moved_during_cycle = True
            if self.queue.moved_during_cycle:
                n = self.self_retries.get(qp.key, 0) + 1
                self.self_retries[qp.key] = n
                if n > MAX_SELF_RETRIES:
                    self.queue.moved_during_cycle = False
                    self.self_retries.pop(qp.key, None)
            self.queue.done(qp, plugins=self.last_rejectors,
                            now=self.clock.now())
        return did

    def _pre_enqueue_gate(self, pod: dict) -> str | None:
        """The PreEnqueue plugin that keeps the pod out of the active queue, if any, in the
        default profile's order: SchedulingGates (the pod still has spec.schedulingGates),
        then DynamicResources. An exception in the DRA plugin's (a pod stored with
        a status the API server refuses, such as ``resourceClaimStatuses: "x"``) gates the pod
        as upstream gates a pod whose PreEnqueue returns an Error status (runPreEnqueuePlugins
        logs it, writes nothing), and is this pod's failure: the scheduler goes on with the
        others, and the record clears with the pod's next clean scheduling attempt (a clean
        PreEnqueue alone does not clear it: the open record may be an earlier cycle's, whose
        attempts count on)."""
        if (pod.get("spec") or {}).get("schedulingGates"):
            return SCHEDULING_GATES
        try:
            if self.dynamic.pre_enqueue(pod) is not None:
                return self.dynamic.name
        except Exception as e:  # noqa: BLE001 - a component never dies on stored data
            self.attempt_failures.failed("Pod", pod, e, "FailedScheduling",
                                         message=f"PreEnqueue: {describe(e)}", event=False)
            return self.dynamic.name
        return self.gang.name if self.gang.pre_enqueue(pod) is not None else None

    def _num_feasible(self, n: int) -> int:
        if n < MIN_FEASIBLE_NODES_TO_FIND:
            return n
        pct = 50 - n // 125
        pct = max(pct, MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND)
        return max(n * pct // 100, MIN_FEASIBLE_NODES_TO_FIND)

    def _schedule_one(self, pod: dict) -> bool:
        """One scheduling + binding cycle; returns whether it bound the pod (or left it
        waiting in PreBind). The queue tells an error from a rejection by the rejector
        plugins the cycle left in ``last_rejectors``.

        An exception anywhere in the cycle (a malformed stored object, a bug) is a
        scheduler error for this pod, as a plugin's Error status is upstream: the pod gets
        PodScheduled=False reason SchedulerError and a FailedScheduling event, goes to the
        backoff queue, and the scheduler carries on with the next pod. ``errors()`` lists
        the pod until an attempt ends without an exception.
        """
        mark = self.attempt_failures.mark()
        result = self._cycle(pod)
        if self.attempt_failures:
            self.attempt_failures.ok_unless_failed_since("Pod", pod, mark)
        return result

    def _cycle(self, pod: dict) -> bool:
        state = CycleState()
        try:
            node_name = self._schedule(state, pod)
        except _Failure as f:
            self._handle_failure(pod, f, clear_nominated=f.clear_nominated)
            self.last_rejectors = _rejectors(f)
            return False
        except Exception as e:  # noqa: BLE001 - a component never dies on stored data
            self._handle_failure(pod, self._internal_error(pod, e), clear_nominated=True)
            return False
        # Reserve (assume first, like upstream's assume + Reserve plugins)
        assumed = pod
        statuses = None
        try:
            st = self.dynamic.reserve(state, pod, node_name)
            if not st.ok:
                raise _Failure(st)
            statuses = state.get("nodeAllocatableResourceClaimStatuses")
            if statuses:
                assumed = dict(pod)
                assumed["status"] = {**(pod.get("status") or {}),
                                     "nodeAllocatableResourceClaimStatuses": statuses}
            self.nodes.assume(assumed, node_name)
            if self.gates.enabled("NominatedNodeNameForExpectation") and \
                    self.dynamic.pre_bind_pre_flight(state):
                self._nominate(pod, node_name)
            st = self.dynamic.pre_bind(state, pod, node_name)
            if st.code == WAIT:
                now = self.clock.now()
                self.waiting[pod_key(pod)] = _WaitingPod(state, node_name, now, now, pod)
                return True
            if not st.ok:
                raise _Failure(_prebind_error(st.message()))
            self._bind(pod, node_name)
        except Exception as e:  # noqa: BLE001 - _Failure, or an internal error
            self._binding_failed(state, pod, node_name, e)
            return False
        self._bound(pod, node_name)
        return True

    def _nominate(self, pod: dict, node_name: str) -> None:
        """KEP-5278 (NominatedNodeNameForExpectation, beta from 1.35): when PreBind has work to
        do, the binding cycle first writes the chosen node to status.nominatedNodeName, so
        other components (a cluster autoscaler) see where the pod is going while PreBind runs
        (pkg/scheduler/schedule_one.go bindingCycle). A failed write is logged upstream and
        binding goes on."""
        md = pod["metadata"]
        if (pod.get("status") or {}).get("nominatedNodeName") == node_name:
            return  # the informer's copy, as upstream's updatePod compares the assumed pod's
        try:
            self.api.patch("Pod", md["name"], {"status": {"nominatedNodeName": node_name}},
                           md.get("namespace"), subresource="status")
        except E.StatusError:
            pass

    def _bind(self, pod: dict, node_name: str) -> None:
        try:
            self.api.bind(pod["metadata"]["name"], pod["metadata"].get("namespace"), node_name)
        except E.StatusError as e:
            raise _Failure(Status(ERROR, [f'running Bind plugin "DefaultBinder": {e}'])) from None

    def _bound(self, pod: dict, node_name: str) -> None:
        self.metrics.attempts["scheduled"] += 1
        md = pod["metadata"]
        self._event(pod, "Normal", "Scheduled",
                    f"Successfully assigned {md.get('namespace')}/{md['name']} to {node_name}")
        self.last_message.pop(md["uid"], None)

    def _binding_failed(self, state: CycleState, pod: dict, node_name: str, e: Exception) -> None:
        """handleBindingCycleError: Unreserve, forget the assumed pod, report the failure."""
        f = e if isinstance(e, _Failure) else self._internal_error(pod, e)
        try:
            self.dynamic.unreserve(state, pod, node_name)
        except Exception as ue:  # noqa: BLE001
            self.attempt_failures.failed("Pod", pod, ue, "FailedScheduling", event=False)
        self.nodes.forget(pod["metadata"]["uid"])
        self._handle_failure(pod, f, clear_nominated=True)

    def _check_waiting(self) -> bool:
        """Pods waiting in PreBind for binding conditions: bind the ready ones, fail those
        whose binding failed or timed out (Unreserve; the pod goes back to the queue with an
        error's backoff, counted from when the failure happened on the logical clock)."""
        now = self.clock.now()
        did = False
        for key in sorted(self.waiting):
            w = self.waiting[key]
            pod = self.pending.get(key, w.pod)
            s = w.state.get(DRA_STATE_KEY)
            if s is None:
                del self.waiting[key]
                continue
            mark = self.attempt_failures.mark()
            at = now
            try:
                verdict, message, at = self.dynamic.poll_binding(s, w.start, w.checked, now)
                w.checked = now
                if verdict == "wait":
                    continue
                del self.waiting[key]
                did = True
                if verdict == "fail":
                    raise _Failure(_prebind_error(message or ""))
                self._bind(pod, w.node)
            except Exception as e:  # noqa: BLE001 - _Failure, or an internal error
                self.waiting.pop(key, None)
                did = True
                self._binding_failed(w.state, pod, w.node, e)
                # w.qp is set: the pop loop gives the entry its queue entry right after the
                # cycle that made it, unless a relist in between dropped the entry itself. A
                # pod someone else bound goes back to no queue (handleSchedulingFailure: "Pod
                # has been assigned to node. Abort adding it back to queue.")
                if w.qp is not None and key in self.pending:
                    self.queue.requeue_errored(w.qp, at)
            else:
                self._bound(pod, w.node)
            if self.attempt_failures:
                self.attempt_failures.ok_unless_failed_since("Pod", pod, mark)
        return did

    def _schedule(self, state: CycleState, pod: dict) -> str:
        names = self.nodes.node_names()
        n = len(names)
        if n == 0:
            # schedule_one.go schedulePod: ErrNoNodesAvailable, not a FitError, so no
            # PostFilter runs and the pod's message is the error itself
            raise _Failure(Status(UNRESOLVABLE, ["no nodes available to schedule pods"]))
        skipped: set[str] = set()
        for pl in self.pre_filters:
            _, st = pl.pre_filter(state, pod, names)
            if st.code == SKIP:
                skipped.add(pl.name)
                continue
            if st.code == ERROR:
                raise _Failure(Status(ERROR, [f'running PreFilter plugin "{pl.name}": {st.message()}']))
            if st.rejected:
                st.plugin = pl.name
                statuses = {name: st for name in names}
                fe = FitError(n, statuses, pre_filter_msg=st.message())
                self._post_filter(state, pod, statuses, fe)
                raise _Failure(st, fe)
        filters = [pl for pl in self.filters if pl.name not in skipped]
        to_find = self._num_feasible(n)
        feasible = []
        statuses: dict[str, Status] = {}
        start = self.next_start % n
        processed = 0
        for i in range(n):
            name = names[(start + i) % n]
            ni = self.nodes.nodes[name]
            processed += 1
            failed = None
            for pl in filters:
                st = pl.filter(state, pod, ni)
                if not st.ok:
                    st.plugin = pl.name
                    failed = st
                    break
            if failed is None:
                feasible.append(ni)
                if len(feasible) >= to_find:
                    break
            elif failed.code == ERROR:
                raise _Failure(Status(ERROR, [f'running "{failed.plugin}" filter plugin: {failed.message()}']))
            else:
                statuses[name] = failed
        self.next_start = (start + processed) % n
        if not feasible:
            fe = FitError(n, statuses)
            self._post_filter(state, pod, statuses, fe)
            raise _Failure(Status(UNRESOLVABLE if all(s.code == UNRESOLVABLE for s in statuses.values())
                                  else "Unschedulable", [str(fe)]), fe)
        if len(feasible) == 1:
            return feasible[0].name
        best = None
        best_score = -1
        for ni in feasible:
            sc = self.fit.score(state, pod, ni)
            if sc > best_score or (sc == best_score and best is not None and ni.name < best):
                best, best_score = ni.name, sc
        assert best is not None
        return best

    def _post_filter(self, state: CycleState, pod: dict, statuses: Mapping[str, Status],
                     fe: FitError) -> None:
        reasons: list[str] = []
        for pl in self.post_filters:
            # RunPostFilterPlugins (k/k framework/runtime/framework.go): only an Unschedulable
            # status lets the next plugin run and adds its reasons. Success and
            # UnschedulableAndUnresolvable end the loop, and so does any other status, which
            # becomes an Error (DynamicResources' refused deallocation): that status's message
            # alone is the FitError's PostFilter part (no preemption). Neither DefaultPreemption
            # (it never evicts) nor DynamicResources ever succeeds.
            st = pl.post_filter(state, pod, statuses, fe.num_all_nodes)
            if st.code != UNSCHEDULABLE:
                fe.post_filter_msg = st.message()
                return
            reasons += st.reasons
            # DefaultPreemption's result for an eligible pod without candidates:
            # NewPostFilterResultWithNominatedNode("") (preemption.go Evaluator.Preempt)
            if pl.name == "DefaultPreemption" and preemption.eligible(pod):
                fe.clears_nomination = True
        fe.post_filter_msg = ", ".join(reasons)

    # ------------------------------------------------------------------ failure handling
    def _internal_error(self, pod: dict, e: Exception) -> _Failure:
        message = f"internal error while scheduling: {describe(e)}"
        self.attempt_failures.failed("Pod", pod, e, "FailedScheduling", message=message,
                                     event=False)
        return _Failure(Status(ERROR, [message]))

    def _handle_failure(self, pod: dict, f: _Failure, clear_nominated: bool) -> None:
        try:
            self._record_failure(pod, f, clear_nominated)
        except Exception as e:  # noqa: BLE001 - e.g. a pod whose stored status is malformed
            self.attempt_failures.failed("Pod", pod, e, "FailedScheduling")

    def _record_failure(self, pod: dict, f: _Failure, clear_nominated: bool) -> None:
        """handleSchedulingFailure: PodScheduled=False and a FailedScheduling event. After
        Reserve (a failed Reserve, PreBind or bind) upstream passes clearNominatedNode, so the
        same status patch empties status.nominatedNodeName.

        The condition carries the observedGeneration of the pod the scheduler tried
        (CalculatePodConditionObservedGeneration of the queued pod's status and generation,
        KEP-5067); whether it is written is UpdatePodCondition's question, which compares
        status, reason, message and times but not observedGeneration: a pod whose spec
        changed (a toleration added) and that fails again the same way keeps the condition,
        generation and all."""
        if f.status.code == ERROR:
            reason, message = "SchedulerError", f.status.message()
            self.metrics.attempts["error"] += 1
        else:
            reason = "Unschedulable"
            message = str(f.fit) if f.fit is not None else f.status.message()
            self.metrics.attempts["unschedulable"] += 1
        md = pod["metadata"]
        current = self.api.try_get("Pod", md["name"], md.get("namespace"))
        if current is None:
            return
        # a pod someone else bound meanwhile gets the condition and the event all the same:
        # handleSchedulingFailure only skips requeueing it (1.34-1.37)
        conds = list((current.get("status") or {}).get("conditions") or [])
        old = next((c for c in conds if c.get("type") == "PodScheduled"), None)
        patch: dict[str, Any] = {}
        if clear_nominated and (current.get("status") or {}).get("nominatedNodeName"):
            patch["nominatedNodeName"] = None
        if old is None or old.get("status") != "False" or old.get("reason") != reason or \
                old.get("message") != message:
            ts = self.clock.timestamp()
            new = {"type": "PodScheduled", "status": "False", "lastProbeTime": None,
                   "lastTransitionTime": ts if old is None or old.get("status") != "False"
                   else old.get("lastTransitionTime", ts),
                   "reason": reason, "message": message}
            stamp_condition(new, pod, self.gates.enabled(GENERATION_GATE))
            # UpdatePodCondition replaces the condition where it stands (PatchPodStatus's
            # strategic merge keeps that order); only a first one is appended
            patch["conditions"] = [new if c is old else c for c in conds] if old is not None \
                else conds + [new]
        if patch:
            try:
                self.api.patch("Pod", md["name"], {"status": patch}, md.get("namespace"),
                               subresource="status")
            except E.StatusError:
                pass
        if self.last_message.get(md["uid"]) != message:
            self.last_message[md["uid"]] = message
            self._event(pod, "Warning", "FailedScheduling", message)

    def _event(self, pod: dict, type_: str, reason: str, message: str) -> None:
        try:
            self.api.record_event(pod, type_, reason, message, SCHEDULER_NAME)
        except E.StatusError:
            pass

    def cache_mismatches(self) -> list[str]:
        """How the caches differ from the stored objects, after taking in the pending watch
        events (drakit.scheduler.comparer; steps/integrity.py fails a scenario with any)."""
        self._process_events()
        return cache_mismatches(self)

    def errors(self) -> list:
        return self.failures.open() + self.attempt_failures.open()

    # ------------------------------------------------------------------ metrics
    def metrics_text(self) -> str:
        lines = ["# HELP scheduler_pending_pods Number of pending pods, by the queue type.",
                 "# TYPE scheduler_pending_pods gauge"]
        for q, v in self.queue.pending_counts().items():
            lines.append(f'scheduler_pending_pods{{queue="{q}"}} {v}')
        # from 1.37 kube-scheduler and kube-controller-manager count their claim creates in
        # one metric of the dynamic_resource_allocation subsystem, labelled status and
        # admin_access (kubernetes/kubernetes#138542, pkg/controller/resourceclaim/metrics);
        # the scheduler's special claims never ask for admin access: admin_access="false"
        # (extendeddynamicresources.go createExtendedResourceClaimInAPI)
        shared = version_at_least(self.version, "1.37")
        creates = "dynamic_resource_allocation_resourceclaim_creates_total" if shared \
            else "scheduler_resourceclaim_creates_total"
        lines += [f"# HELP {creates} Number of ResourceClaims creation requests",
                  f"# TYPE {creates} counter"]
        for st, v in self.metrics.claim_creates.items():
            labels = f'admin_access="false",status="{st}"' if shared else f'status="{st}"'
            lines.append(f"{creates}{{{labels}}} {v}")
        lines += ["# HELP scheduler_schedule_attempts_total Number of attempts to schedule pods, "
                  "by the result.",
                  "# TYPE scheduler_schedule_attempts_total counter"]
        for r, v in self.metrics.attempts.items():
            lines.append(f'scheduler_schedule_attempts_total{{profile="default-scheduler",result="{r}"}} {v}')
        return "\n".join(lines) + "\n"


def _prebind_error(message: str) -> Status:
    """RunPreBindPlugins wraps a plugin's error so (pkg/scheduler/framework/runtime)."""
    return Status(ERROR, [f'running PreBind plugin "DynamicResources": {message}'])


def _pod_names_claim(pod: Mapping[str, Any], name: str) -> bool:
    for e in (pod.get("spec") or {}).get("resourceClaims") or ():
        if e.get("resourceClaimName") == name:
            return True
    for st in (pod.get("status") or {}).get("resourceClaimStatuses") or ():
        if st.get("resourceClaimName") == name:
            return True
    return False


# The events a Node add or update is turned into (an add is NodeAdd; an update is
# nodeSchedulingPropertiesChange, pkg/scheduler/eventhandlers.go, releases 1.34-1.37, where a
# spec.unschedulable change is UpdateNodeTaint) and the plugins drakit models that register
# each of them with queueing hints on (EventsToRegister). A condition or annotation change is
# registered by none of them.
# An event of another kind than Node (what drakit calls it -> the plugins that register it,
# pkg/scheduler/framework/plugins */EventsToRegister with queueing hints on): DynamicResources
# registers ResourceSlice Add and Update and ResourceClaim Add and Update (a deallocation
# helps any pod it rejected, another change only pods using the claim:
# isSchedulableAfterClaimChange), NodeResourcesFit assigned Pod deletes (a
# pod that terminated counts as one) and scale-downs; no plugin registers slice, class or
# claim deletes, and only GangScheduling PodGroup adds and updates and grouped pods' adds
# (GroupEvent, with its hints: gangscheduling.py). DeviceClass adds and updates are
# _ClassEvent (their hints read the classes). A pod none of whose rejectors registers the
# event stays parked.
_OTHER_EVENT_PLUGINS: dict[str, frozenset[str]] = {
    "ResourceSlice": frozenset({"DynamicResources"}),
    "ResourceSliceDelete": frozenset(),
    "DeviceClassDelete": frozenset(),
    "ResourceClaimDeallocated": frozenset({"DynamicResources"}),
    "ResourceClaimDelete": frozenset(),
    "AssignedPodDelete": frozenset({"NodeResourcesFit"}),
    "AssignedPodScaleDown": frozenset({"NodeResourcesFit"}),
    "PodGroupDelete": frozenset(),
}

_NODE_EVENT_PLUGINS = {
    "NodeAffinity": {"NodeAdd", "UpdateNodeLabel"},
    "NodeResourcesFit": {"NodeAdd", "UpdateNodeAllocatable"},
    "TaintToleration": {"NodeAdd", "UpdateNodeTaint"},
    "NodeUnschedulable": {"NodeAdd", "UpdateNodeTaint"},
    "DynamicResources": {"NodeAdd", "UpdateNodeLabel", "UpdateNodeAllocatable"},
}


def _node_update_events(old: Mapping[str, Any], new: Mapping[str, Any]) -> set[str]:
    def part(n: Mapping[str, Any], *path: str) -> Any:
        for p in path:
            n = (n or {}).get(p) or {}
        return n
    events: set[str] = set()
    if part(old, "metadata", "labels") != part(new, "metadata", "labels"):
        events.add("UpdateNodeLabel")
    # extractNodeTaintsChange, and extractNodeSpecUnschedulableChange, which names only an
    # uncordon (unschedulable going false) and calls it UpdateNodeTaint as well
    cordoned = bool((new.get("spec") or {}).get("unschedulable"))
    if part(old, "spec", "taints") != part(new, "spec", "taints") or \
            (bool((old.get("spec") or {}).get("unschedulable")) != cordoned and not cordoned):
        events.add("UpdateNodeTaint")
    if part(old, "status", "allocatable") != part(new, "status", "allocatable"):
        events.add("UpdateNodeAllocatable")
    return events


# The events an update of an unscheduled pod is turned into (framework.PodSchedulingProperties
# Change, pkg/scheduler/framework/events.go, releases 1.34-1.37) and the plugins drakit models
# that register each of them for a pod's own update (their EventsToRegister): the queue asks
# only the plugins that rejected the pod (isPodWorthRequeuing). UpdatePodLabel is registered by
# InterPodAffinity and PodTopologySpread only, which drakit does not model; a change none of
# the extractors names is the general Pod Update, which none of drakit's plugins registers.
_POD_EVENT_PLUGINS = {
    "UpdatePodSchedulingGatesEliminated": {SCHEDULING_GATES},
    "UpdatePodToleration": {"TaintToleration", "NodeUnschedulable"},
    "UpdatePodScaleDown": {"NodeResourcesFit"},
    "UpdatePodGeneratedResourceClaim": {"DynamicResources"},
    "UpdatePodLabel": set(),
    "Update": set(),
}


def _pod_events(old: Mapping[str, Any], new: Mapping[str, Any]) -> set[str]:
    """The cluster events of an update of an unscheduled pod (PodSchedulingPropertiesChange:
    labels, a scale-down of its requests, tolerations, generated claims; else the general
    Update when anything else changed; none for a change of nothing but annotations or other
    metadata the extractors do not read)."""
    events: set[str] = set()
    if ((old.get("metadata") or {}).get("labels") or {}) != ((new.get("metadata") or {}).get("labels") or {}):
        events.add("UpdatePodLabel")
    old_spec, new_spec = old.get("spec") or {}, new.get("spec") or {}
    if len(old_spec.get("tolerations") or []) != len(new_spec.get("tolerations") or []):
        events.add("UpdatePodToleration")
    if _scaled_down(old, new):
        events.add("UpdatePodScaleDown")
    # extractPodSchedulingGateEliminatedChange: the last gate went
    if old_spec.get("schedulingGates") and not new_spec.get("schedulingGates"):
        events.add("UpdatePodSchedulingGatesEliminated")
    # extractPodGeneratedResourceClaimChange: the claim statuses, and (1.34+, kubernetes#130653)
    # the extended-resource claim status
    old_st, new_st = old.get("status") or {}, new.get("status") or {}
    if any(old_st.get(f) != new_st.get(f)
           for f in ("resourceClaimStatuses", "extendedResourceClaimStatus")):
        events.add("UpdatePodGeneratedResourceClaim")
    if not events and old_spec != new_spec:
        events.add("Update")
    return events


def _scaled_down(old: Mapping[str, Any], new: Mapping[str, Any]) -> bool:
    """extractPodScaleDown: some request of the pod got smaller (or went)."""
    if (old.get("spec") or {}) == (new.get("spec") or {}):
        return False
    old_req, new_req = pod_requests(old), pod_requests(new)
    return any(r not in new_req or new_req[r] < v for r, v in old_req.items())


def _pod_update_requeues(old: Mapping[str, Any], new: Mapping[str, Any],
                         rejectors: set[str]) -> bool:
    """Scheduling queue Update for a pod parked as unschedulable: worth another attempt when a
    plugin that rejected it registers one of the update's events (isPodWorthRequeuing). A pod
    no plugin rejected erred and waits out its backoff (upstream's backoffQ, whose Update only
    refreshes the pod): no update moves it. NodeUnschedulable's hint for a toleration change
    (isSchedulableAfterPodTolerationChange) wants the new tolerations to tolerate the cordon;
    TaintToleration's queues any toleration change of the pod itself."""
    for e in _pod_events(old, new):
        for plugin in rejectors & _POD_EVENT_PLUGINS.get(e, set()):
            if plugin == "NodeUnschedulable" and not tolerates_unschedulable(new):
                continue
            return True
    return False


def _rejectors(f: _Failure) -> set[str]:
    """The plugins that rejected the pod in this attempt (Diagnosis.UnschedulablePlugins): the
    PreFilter plugin that rejected it, else every Filter plugin that rejected a node; none for
    an error."""
    if f.status.code == ERROR or f.fit is None:
        return set()
    return {st.plugin for st in f.fit.node_statuses.values() if st.plugin}


__all__ = ["Scheduler", "cu"]
