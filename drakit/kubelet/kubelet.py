"""One node's kubelet, driven through the API server, plus the component that runs them all.

Why a kubelet at all in a control-plane emulator: half of what the DRA KEPs promise happens
on the node (admission on the full footprint, per-container devices, PodGroup reservations,
PodResources after a restart). Like every drakit component it only lists/watches and writes
through the API server; its node-local state (DRA manager and device-plugin checkpoints, the
PodResources socket) lives in ``<state>/<node>/``.

Per pod, in creation order (upstream HandlePodAdditions, then SyncPod):

1. admission, which looks at no claim (upstream's admit handlers do not): device-plugin
   devices first (too few: ``UnexpectedAdmissionError``), then ``admission.admit`` (extended
   resources the node does not advertise are dropped first, so a DRA-backed one the pod has no
   ``status.extendedResourceClaimStatus`` for is simply not counted); rejected pods get phase
   Failed, reason ``OutOf<r>``, message "Pod was rejected: <why>" and a Warning event, like
   ``kubelet.rejectPod``;
2. ``PrepareDynamicResources``; a failure is a Warning event ``FailedPrepareDynamicResources``
   ("Failed to prepare dynamic resources: prepare dynamic resources: ...") and the pod stays
   Pending with the status upstream's SyncPod writes before the runtime fails (conditions
   ``PodReadyToStartContainers``/``Ready``/``ContainersReady`` False, containers waiting
   ``ContainerCreating``, drakit/kubelet/status.py). A claim not created yet ("ResourceClaim
   not created yet", "fetch ResourceClaim <c>: ... not found") or not reserved for the pod
   ("pod <p> (<uid>) is not allowed to use ResourceClaim <c> (<uid>)") is such a failure too:
   a pod bound by ``spec.nodeName`` before its claim is ready gets the event, as upstream.
   It is retried at the pod worker's resync, 60 s later (the runtime's SyncPod does not fail
   its result for it), or at once when the pod itself is updated (spec, labels, annotations,
   deletion; a change of its status alone waits for the resync unless its readiness gates
   call for a sync, upstream's RECONCILE); the kubelet does not watch claims;
3. phase Running with container statuses (the same builder).

Like upstream's status manager, the kubelet keeps the status it last decided per pod
(``statuses``) and builds the next one on it; a stored status that drifted from it in the
kubelet's part (someone else wrote a condition the kubelet owns, a restart count, the phase)
gets the kubelet's part back at the status manager's next batch, 10 s later, merged with what
other writers own (drakit/kubelet/status.py ``merge_status``).

A pod with a deletionTimestamp is stopped: claims unprepared (once no other pod uses them),
plugin devices released, then the deletion is finished with grace period 0. The API server's
``graceful_pod_deletion`` hook makes deletions of pods on a live kubelet graceful, so the
kubelet always gets to unprepare first. Claims the checkpoint holds for pods the API server no
longer has on this node (deleted while the kubelet was down) are unprepared at the first sync,
as the DRA manager's reconcile loop does upstream.

A pod the kubelet cannot handle (malformed stored data, a bug) never stops it: the error is a
Warning event ``FailedSync`` on the pod and a retry after ``backOffPeriod`` (10 s, doubling
to 5 minutes, upstream's pod worker and container backoff) or when the pod changes; the other
pods go on. A kubelet that cannot start (a corrupt checkpoint) leaves its Node visibly down:
Warning event ``KubeletSetupFailed`` on the Node (upstream kubelet.Run) and the node lifecycle
controller's verdict at once (Ready=Unknown ``NodeStatusUnknown``, taint
``node.kubernetes.io/unreachable:NoSchedule``); a later successful start restores both.

Like every component, the kubelet gets a ``ComponentContext`` (API server, gates, clock) and
never sees ``Cluster``.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drakit.api import errors as E
from drakit.api.meta import merge_patch_from
from drakit.component import (
    FAILED_SYNC,
    ComponentContext,
    FailureTracker,
    ObjectKey,
    describe,
    has_pending_events,
    note_cache_mismatch,
    object_key,
)
from drakit.kubelet.admission import Rejection, admit, footprint
from drakit.kubelet.checkpoint import CorruptCheckpointError
from drakit.kubelet.devices import DeviceAllocationError, DevicePluginManager
from drakit.kubelet.dra_manager import (
    CHECKPOINT_FILE,
    DRAManager,
    PrepareError,
    TestDriver,
)
from drakit.kubelet.podresources.client import PodResourcesClient
from drakit.kubelet.podresources.server import PodResourcesServer, PodResourcesServerError
from drakit.kubelet.status import (
    merge_status,
    needs_readiness_reconcile,
    needs_reconcile,
    pod_status,
)
from drakit.podgeneration import GATE as GENERATION_GATE

if TYPE_CHECKING:  # pragma: no cover
    from drakit.apiserver import APIServer

COMPONENT = "kubelet"
TERMINAL = ("Succeeded", "Failed")
WATCHED = ("Pod", "Node")
"""What the kubelet watches. Not ResourceClaims: upstream's kubelet has no claim informer; its
DRA manager GETs each claim when it prepares a pod (k/k pkg/kubelet/cm/dra/manager.go
prepareResources), so a claim allocated or reserved later reaches a waiting pod only through
the pod worker's next sync."""
# retries of a pod the kubelet could not take in at all (a drakit-bug path, listed in
# Cluster.errors()): 10 s, doubling to 300 s
INITIAL_BACKOFF_SECONDS = 10.0
MAX_BACKOFF_SECONDS = 300.0
# a pod sync that failed (a DRA driver's unprepare error while the pod terminates) is tried
# again after upstream's pod worker backoff: pkg/kubelet/pod_workers.go completeWork requeues a
# failed sync after backOffPeriod (10 s) with jitter factor 0.5, i.e. within 10-15 s; drakit
# takes the 10 s. An update of the pod reaches its worker at once.
POD_WORKER_BACKOFF_SECONDS = 10.0
# a failed PrepareDynamicResources is no failed sync: the runtime's SyncPod
# (pkg/kubelet/kuberuntime/kuberuntime_manager.go, step 4) records the
# FailedPrepareDynamicResources event and returns without failing its result, so the kubelet's
# SyncPod returns no error and completeWork requeues the pod at the regular resync interval
# (syncFrequency, 1 min, jitter factor 0.5: 60-90 s); drakit takes the 60 s. An update of the
# pod (spec, labels, annotations, deletion: pkg/kubelet/config podsDifferSemantically) reaches
# its worker at once; a change of its status alone does not (see Kubelet._observe).
POD_WORKER_RESYNC_SECONDS = 60.0
# a pod status write the API server refused is written again by the status manager's next
# full batch: pkg/kubelet/status/status_manager.go syncPod only logs "Failed to update status
# for pod" and leaves apiStatusVersions behind, so syncBatch, run every syncPeriod (10 s),
# finds the status still unsent. No event, and the pod's containers run meanwhile.
STATUS_SYNC_PERIOD_SECONDS = 10.0
# a Node health write (Ready condition, unreachable taint) the API server refused is tried
# again at the node lifecycle controller's next pass: monitorNodeHealth runs every
# nodeMonitorPeriod (5 s, pkg/controller/nodelifecycle/config) and tryUpdateNodeHealth only
# logs a failed update
NODE_MONITOR_PERIOD_SECONDS = 5.0
UNREACHABLE_TAINT = "node.kubernetes.io/unreachable"
_NOT_SYNCED = object()


class KubeletStartError(RuntimeError):
    """The kubelet refused to start (corrupt checkpoint, socket path taken)."""


def _md(obj: Any) -> Mapping[str, Any]:
    md = obj.get("metadata") if isinstance(obj, Mapping) else None
    return md if isinstance(md, Mapping) else {}


def _spec(obj: Any) -> Mapping[str, Any]:
    spec = obj.get("spec") if isinstance(obj, Mapping) else None
    return spec if isinstance(spec, Mapping) else {}


def _differ_semantically(old: Mapping[str, Any], new: Mapping[str, Any]) -> bool:
    """Upstream's podsDifferSemantically (pkg/kubelet/config/config.go, the same at
    1.34-1.37): the spec, the labels, the annotations, deletionTimestamp or
    deletionGracePeriodSeconds changed. Nothing else of the metadata counts (finalizers,
    owner references, the generation that follows the spec), nor the status. A map that is
    empty reads as absent, as a Go client decodes it."""
    a, b = _md(old), _md(new)
    return (_spec(old) != _spec(new)
            or (a.get("labels") or {}) != (b.get("labels") or {})
            or (a.get("annotations") or {}) != (b.get("annotations") or {})
            or a.get("deletionTimestamp") != b.get("deletionTimestamp")
            or a.get("deletionGracePeriodSeconds") != b.get("deletionGracePeriodSeconds"))


def _pod_order(pod: Mapping[str, Any]) -> tuple[str, str, str]:
    """Creation order (upstream HandlePodAdditions sorts by creation time), then name."""
    md = _md(pod)
    return tuple(str(md.get(k) or "") for k in ("creationTimestamp", "namespace", "name"))


class Kubelet:
    """The kubelet of one node. ``pod_resources`` is a real gRPC client on its socket."""

    def __init__(self, ctx: ComponentContext, node: str, state_dir: str | Path,
                 drivers: dict[str, TestDriver], servers: set | None = None) -> None:
        self._servers = servers if servers is not None else set()
        """Live servers of this cluster, held apart so cleanup can stop them after GC."""
        self.api: APIServer = ctx.api
        self.gates = ctx.gates
        """This node's kubelet's own gates (``ctx.for_node``): never the API server's."""
        self.dra_on = self.gates.enabled("DynamicResourceAllocation")
        """Upstream builds the DRA manager only with DynamicResourceAllocation on (cm
        NewContainerManager); without it claims are neither prepared nor unprepared and a
        container gets no CDI devices (a 1.34 kubelet can have it off)."""
        self.clock = ctx.clock
        self.node_name = node
        self.state_dir = Path(state_dir)
        self.drivers = drivers
        self.lock = threading.RLock()
        self.generation = 0
        self.running = False
        self.start_error: str | None = None
        self.dra: DRAManager | None = None
        self.device_plugins: DevicePluginManager | None = None
        self.server: PodResourcesServer | None = None
        self.pod_resources: PodResourcesClient | None = None
        self.node: dict | None = None
        self.pods: dict[str, dict] = {}
        """uid -> pod bound to this node (the pod manager)."""
        self.admitted: set[str] = set()
        self.started: set[str] = set()
        self.readiness_syncs: set[str] = set()
        """Running pods a status update of whose Ready disagreed with their readiness gates
        (NeedToReconcilePodReadiness): their next sync regenerates and writes the status."""
        self._footprints: dict[str, tuple[str, Mapping[str, Any]]] = {}
        self._order_keys: dict[str, tuple[str, str, str]] = {}
        """uid -> (resourceVersion, what the pod costs the node): admission sums the
        footprints of every active pod, and a node with hundreds of pods would recompute
        each of them for every new one."""
        self.last_prepare_error: dict[str, str] = {}
        self.sync_retry: dict[str, float] = {}
        """uid -> when (logical clock, epoch seconds) a pod whose last sync failed is synced again."""
        self.synced_generations: dict[str, Any] = {}
        """uid -> the metadata.generation of the pod as the kubelet last synced its status: a
        started pod whose generation moved is synced again (SyncPod runs on every update; its
        status is all that changes, drakit having no containers to restart)."""
        self.status_retry: dict[str, tuple[float, bool]] = {}
        """uid -> (when, running): a status write the API server refused, or a stored status
        that drifted from the kubelet's own, written again then (the status manager's batch)."""
        self.statuses: dict[str, dict] = {}
        """uid -> the status this kubelet last decided for the pod (upstream's status manager
        cache, podStatuses): what it derives a new status from (restart counts, startTime,
        transition times) and what its batch writes back when the stored status drifted from
        it. A restarted kubelet starts without it and takes the stored status once, as
        upstream's generateAPIPodStatus falls back to the API's status for a pod not cached."""
        self.delete_retry: dict[str, float] = {}
        """uid -> when the status manager deletes a terminated pod again (its delete refused)."""
        self.rejected: dict[str, Rejection] = {}
        """uid -> why admission refused the pod: the Failed status the status manager holds
        for it until the API server took it (upstream rejectPod hands it to SetPodStatus),
        so a refused write is retried at the next batch and the pod is not admitted again."""
        self.failures = FailureTracker(f"kubelet/{node}", self.api, self.clock,
                                       INITIAL_BACKOFF_SECONDS, MAX_BACKOFF_SECONDS,
                                       event_source=COMPONENT)
        self.unreadable: set[ObjectKey] = set()
        """Watched objects the kubelet could not take in: read again once their backoff passed."""
        self._rv = 0
        self._dirty = False

    # ------------------------------------------------------------------ lifecycle
    @property
    def socket_path(self) -> Path:
        return self.state_dir / "pod-resources" / "kubelet.sock"

    @property
    def checkpoint_path(self) -> Path:
        return self.state_dir / CHECKPOINT_FILE

    def start(self, serve: bool = True) -> None:
        """Restore the managers from their checkpoints, open the socket, list the node's pods.

        ``serve=False`` defers the PodResources server to the first ``ensure_serving`` (done
        by ``Cluster.kubelet``): a cluster of hundreds of nodes then costs no gRPC threads
        until someone looks at a node. Clients cannot tell: they learn the socket through
        ``Cluster.kubelet`` anyway.
        """
        try:
            self.state_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            self._fail(f"cannot create the state directory {self.state_dir}: {e.strerror or e}")
        try:
            self.dra = DRAManager(self.state_dir, self.drivers, self.gates)
        except CorruptCheckpointError as e:
            # upstream NewManagerImpl -> newClaimInfoCache -> checkpointer.GetOrCreate
            # (pkg/kubelet/cm/dra/manager.go, claiminfo.go, state/checkpointer.go)
            self._fail(f"failed to create claimInfo cache: GetOrCreate() on checkpoint state: "
                       f"failed to get checkpoint {CHECKPOINT_FILE}: {e}")
        except Exception as e:  # noqa: BLE001 - whatever the file holds, a start error
            self._fail(f"failed to create claimInfo cache: GetOrCreate() on checkpoint state: "
                       f"failed to get checkpoint {CHECKPOINT_FILE}: checkpoint "
                       f"{self.checkpoint_path} is corrupted: {describe(e)}")
        # a device manager checkpoint it cannot trust does not stop the kubelet (upstream
        # devicemanager Start continues without it): DevicePluginManager starts empty
        self.device_plugins = DevicePluginManager(self.state_dir)
        self.running = True
        self.start_error = None
        if serve:
            self.ensure_serving()
        self._initial_list()

    def ensure_serving(self) -> None:
        """Open the PodResources socket if it is not open yet (KubeletStartError if it can't)."""
        if self.server is not None or not self.running:
            return
        clock = self.clock  # a local: the server must not keep the kubelet alive
        server = PodResourcesServer(self.state_dir, weakref.proxy(self),
                                    now=lambda: (clock.now() - clock.EPOCH).total_seconds())
        try:
            server.start()
        except PodResourcesServerError as e:
            self._fail(f"PodResources server: {e}")
        self.server = server
        self._servers.add(server)
        self.pod_resources = PodResourcesClient(self.socket_path)

    def _fail(self, detail: str) -> None:
        self.start_error = f"failed to start kubelet on node {self.node_name}: {detail}"
        self.running = False
        raise KubeletStartError(self.start_error)

    def stop(self) -> None:
        self.running = False
        if self.pod_resources is not None:
            self.pod_resources.close()
        if self.server is not None:
            self.server.stop()
            self._servers.discard(self.server)
        self.server = None

    def _initial_list(self) -> None:
        self.node = self.api.try_get("Node", self.node_name)
        self._rv = self.api.resource_version
        self.pods = {}
        for pod in self.api.list("Pod", field_selector={"spec.nodeName": self.node_name}):
            try:
                self._restore_pod(pod)
            except Exception as e:  # noqa: BLE001 - one bad pod does not stop the node
                self.failures.failed("Pod", pod, e, FAILED_SYNC,
                                     message=f"Error syncing pod, skipping: {describe(e)}")
        self.generation += 1
        self._dirty = True  # the first sync looks at every listed pod

    def _restore_pod(self, pod: dict) -> None:
        uid = _md(pod).get("uid", "")
        self.pods[uid] = pod
        if (pod.get("status") or {}).get("phase") == "Running" \
                and not _md(pod).get("deletionTimestamp") and uid not in self.started:
            # re-admitted on restart; the checkpoint already holds its prepared claims
            self.admitted.add(uid)
            self.started.add(uid)
            if not self.dra_on:
                return
            try:
                assert self.dra is not None
                self.dra.prepare(pod, self._get_claim)
            except PrepareError:
                pass

    def _relist(self) -> None:
        """410 Expired: the watch fell out of the API server's window; list again (pods
        that went away meanwhile are cleaned up by the next reconcile)."""
        self._initial_list()

    # ------------------------------------------------------------------ sync
    def sync(self) -> bool:
        if not self.running:
            return False
        try:
            events = self.api.watch(self._rv, WATCHED)
        except E.Expired:
            self._relist()
            events = []
        self._rv = self.api.resource_version
        relevant, self._dirty = self._dirty, False
        for ev in events:
            relevant |= self._take_in(ev.type, ev.kind, ev.object)
        due = self.failures.due() if self.failures else []
        if due:
            relevant = True  # a failed pod's backoff passed: try it again
            for key in [k for k in due if k in self.unreadable]:
                obj = self.api.try_get(key[0], key[2], key[1] or None)
                if obj is None:
                    self.unreadable.discard(key)
                    self.failures.forget(key)
                else:
                    self._take_in("MODIFIED", key[0], obj)
        if self.sync_retry and min(self.sync_retry.values()) <= self.clock.now().timestamp():
            relevant = True  # a failed sync's pod worker backoff passed
        if self.status_retry and min(d for d, _ in self.status_retry.values()) <= \
                self.clock.now().timestamp():
            relevant = True  # the status manager's next batch
        if self.delete_retry and min(self.delete_retry.values()) <= self.clock.now().timestamp():
            relevant = True  # the status manager's next batch deletes a terminated pod again
        if not relevant:
            return False
        with self.lock:
            changed = self._reconcile()
            if changed:
                self.generation += 1
        return changed

    def _take_in(self, type_: str, kind: str, obj: dict) -> bool:
        """``_observe`` one object, guarded: one the kubelet cannot read (stored data the API
        server refuses, or a drakit bug) is recorded (listed in the cluster's errors, no
        event) and read again from the API server once its backoff passed; taken in, its
        record ends."""
        try:
            relevant = self._observe(type_, kind, obj)
        except Exception as e:  # noqa: BLE001 - an object the kubelet cannot read
            self.failures.failed(kind, obj, e, FAILED_SYNC, event=False)
            self.unreadable.add(object_key(kind, obj))
            return False
        if self.unreadable:  # (every kubelet sees every pod's events: no key unless needed)
            key = object_key(kind, obj)
            if key in self.unreadable:
                self.unreadable.discard(key)
                self.failures.ok(kind, key)
        return relevant

    def _observe(self, type_: str, kind: str, obj: dict) -> bool:
        """Take one watch event in; True when the node's pods need a reconcile."""
        if kind == "Pod":
            if _spec(obj).get("nodeName") != self.node_name:
                return False  # (a pod whose spec is unreadable is on no node)
            uid = _md(obj).get("uid", "")
            key = object_key("Pod", obj)
            update = True
            # PodResources reads the pods as the kubelet holds them now (its pod manager, also
            # a status another client rewrote): its cached List answer is for this generation
            self.generation += 1
            if type_ == "DELETED":
                self.pods.pop(uid, None)
                self.failures.forget(key)
            else:
                # upstream's config source (pkg/kubelet/config/config.go checkAndUpdatePod)
                # hands a pod whose spec, labels, annotations and deletion are as before to
                # HandlePodReconcile, not to its worker: a change of the status alone (the
                # kubelet's own write, or anyone else's) syncs nothing, unless the Ready
                # condition disagrees with the pod's readiness gates and containers
                # (NeedToReconcilePodReadiness); the status manager's batch still compares it
                old = self.pods.get(uid)
                update = old is None or _differ_semantically(old, obj)
                if not update and needs_readiness_reconcile(obj):
                    # HandlePodReconcile dispatches a sync: SyncPod regenerates the status
                    # and SetPodStatus sends the changed Ready condition at once
                    update = True
                    self.readiness_syncs.add(uid)
                self.pods[uid] = obj
            if update:
                self.sync_retry.pop(uid, None)  # an update reaches the pod's worker at once
            return True
        if kind == "Node" and _md(obj).get("name") == self.node_name:
            self.node = None if type_ == "DELETED" else obj
            return True
        return False

    def cache_mismatches(self) -> list[str]:
        """The kubelet's own Node and its pods against the stored objects (see
        drakit/scheduler/comparer.py for why), once it has taken in every watch event and
        nothing waits in its backoff."""
        if not self.running or self.failures or any(u in self.pods for u in self.sync_retry) or \
                has_pending_events(self.api, self._rv, WATCHED):
            return []
        stored = self.api.try_get("Node", self.node_name)
        # a pod being deleted leaves the cache once the kubelet has terminated it, although a
        # finalizer may keep it stored: those are left out on both sides
        pods = {_md(p).get("uid", ""): _md(p).get("resourceVersion")
                for p in self.api.list("Pod", field_selector={"spec.nodeName": self.node_name},
                                       copy=False) if not _md(p).get("deletionTimestamp")}
        out: list[str] = []
        note_cache_mismatch(out, f"node {self.node_name}",
                            self.node and _md(self.node).get("resourceVersion"),
                            stored and _md(stored).get("resourceVersion"))
        note_cache_mismatch(out, f"pods of node {self.node_name}",
                            {u: _md(p).get("resourceVersion") for u, p in self.pods.items()
                             if not _md(p).get("deletionTimestamp")}, pods)
        note_cache_mismatch(out, f"pods node {self.node_name} admitted, started or holds at "
                            "admission that it no longer has",
                            (self.admitted | self.started) - set(self.pods), set())
        note_cache_mismatch(out, f"pods node {self.node_name} retries a sync, status write or "
                            "delete of, or holds a rejection or prepare error for, that it no "
                            "longer has",
                            set().union(self.sync_retry, self.status_retry, self.delete_retry,
                                        self.rejected, self.last_prepare_error) - set(self.pods),
                            set())
        note_cache_mismatch(out, f"pods node {self.node_name} caches a status or synced "
                            "generation of that it no longer has",
                            set(self.statuses).union(self.synced_generations) - set(self.pods),
                            set())
        for what, manager in (("DRA claim cache", self.dra), ("device plugin assignments",
                                                              self.device_plugins)):
            both = manager.against_checkpoint() if manager is not None else None
            if both is not None:
                note_cache_mismatch(out, f"{what} of node {self.node_name} against its checkpoint",
                                    *both)
        return out

    def _get_claim(self, namespace: str, name: str) -> dict | None:
        return self.api.try_get("ResourceClaim", name, namespace)

    def _reconcile(self) -> bool:
        assert self.dra is not None and self.device_plugins is not None
        changed = False
        # pods gone from the API server: admitted ones, and (upstream's DRA reconcile loop)
        # whatever the checkpoints still hold for pods deleted while the kubelet was down
        held = self.dra.pods_with_claims() if self.dra_on else set()
        stale = (self.admitted | self.started | held
                 | self.device_plugins.pods()) - set(self.pods)
        mark = self.failures.mark()
        for uid in sorted(stale):
            try:
                changed |= self._cleanup(uid)
            except Exception as e:  # noqa: BLE001 - retried at the next reconcile
                self.failures.failed("", None, e)
        if self.failures and self.failures.mark() == mark:
            self.failures.ok("", ("", "", ""))  # every cleanup went through: the record ends
        for uid in [u for u in self.sync_retry if u not in self.pods]:
            del self.sync_retry[uid]
        for uid in [u for u in self.status_retry if u not in self.pods]:
            del self.status_retry[uid]
        for uid in [u for u in self.statuses if u not in self.pods]:
            del self.statuses[uid]  # RemoveOrphanedStatuses
        self.readiness_syncs &= set(self.pods)
        for uid in [u for u in self.delete_retry if u not in self.pods]:
            del self.delete_retry[uid]
        for uid in [u for u in self.rejected if u not in self.pods]:
            del self.rejected[uid]
        pods = self._pods_in_order()
        now = self.clock.now().timestamp() if self.sync_retry else 0.0
        for pod in pods:
            if self.failures.in_backoff("Pod", pod):
                continue  # after an error: until the backoff passes or the pod changes
            uid = _md(pod).get("uid", "")
            due = self.sync_retry.get(uid)
            if due is not None:
                if due > now:
                    # its last sync failed: the pod worker waits out its backoff or resync,
                    # but the status manager's batch still writes back a status someone
                    # else changed under it (syncBatch covers every pod it has a status for)
                    changed |= self._reconcile_waiting_status(pod, now)
                    continue
                del self.sync_retry[uid]
            mark = self.failures.mark()
            try:
                changed |= self._sync_pod(pod)
            except Exception as e:  # noqa: BLE001 - one pod never stops the node
                self.failures.failed("Pod", pod, e, FAILED_SYNC,
                                     message=f"Error syncing pod, skipping: {describe(e)}")
                continue
            if self.failures:
                self.failures.ok_unless_failed_since("Pod", pod, mark)
        return changed

    def _sync_pod(self, pod: dict) -> bool:
        """One pod's step (upstream SyncPod): wait, admit, prepare, run, or stop it."""
        assert self.dra is not None
        uid = _md(pod).get("uid", "")
        if _md(pod).get("deletionTimestamp"):
            return self._terminate(pod)
        if uid in self.rejected and (uid in self.status_retry or
                                     (pod.get("status") or {}).get("phase") not in TERMINAL):
            # rejected, its Failed status not written yet: the status manager's next batch
            # writes it (over another writer's Failed status too: the cached status is the
            # kubelet's until a write of it succeeds); the pod is not admitted again
            # (HandlePodAdditions saw it once). It is no active pod: the plugin devices its
            # admission took are free again
            changed = self._cleanup(uid)
            return self._retry_status(pod) or changed
        self.rejected.pop(uid, None)
        if (pod.get("status") or {}).get("phase") in TERMINAL:
            try:
                return self._cleanup(uid, strict=True)
            except PrepareError:
                self._retry_later(uid)
                return False
        if uid in self.started:
            if uid in self.readiness_syncs:
                self.readiness_syncs.discard(uid)
                return self._write_status(pod, running=True)
            if self.synced_generations.get(uid, _NOT_SYNCED) != _md(pod).get("generation"):
                # SyncPod on an update: a new status reaches the status manager's channel and
                # is sent at once (syncBatch(false)), also when a batch write is pending
                return self._write_status(pod, running=True)
            if uid in self.status_retry:
                # a refused or drifted status waits for the status manager's next batch
                return self._retry_status(pod)
            # the status it decided reflects this pod already; a stored status that drifted
            # from it (someone else wrote the kubelet's fields) is written back by the status
            # manager's next batch (syncBatch every 10 s: needsReconcile, then syncPod)
            cached = self.statuses.get(uid)
            if cached is not None and needs_reconcile(
                    pod.get("status") or {}, cached,
                    ready_to_start_condition=self._ready_to_start()):
                self.status_retry[uid] = (
                    self.clock.now().timestamp() + STATUS_SYNC_PERIOD_SECONDS, True)
            return False
        changed = False
        if uid not in self.admitted:
            # admission looks at no claim: a claim not created, not allocated or not reserved
            # for the pod yet fails PrepareDynamicResources below, like any other prepare error
            rejection = self._admit(pod)
            if rejection is not None:
                self._reject(pod, rejection)
                return True
            self.admitted.add(uid)
            changed = True
        try:
            if self.dra_on:
                self.dra.prepare(pod, self._get_claim)
        except PrepareError as e:
            self._retry_later(uid, POD_WORKER_RESYNC_SECONDS)
            # upstream SyncPod hands the pod's status to the status manager before the
            # runtime's SyncPod, whose PrepareDynamicResources failed here
            changed |= self._write_status(pod, running=False)
            msg = f"Failed to prepare dynamic resources: {e}"
            if self.last_prepare_error.get(uid) != msg:
                self.last_prepare_error[uid] = msg
                self.api.record_event(pod, "Warning", "FailedPrepareDynamicResources", msg,
                                      COMPONENT)
                changed = True
            return changed
        self.last_prepare_error.pop(uid, None)
        self._write_status(pod, running=True)
        self.started.add(uid)
        return True

    # ------------------------------------------------------------------ steps of a pod
    def _active_pods(self) -> list[dict]:
        return [self.pods[u] for u in sorted(self.admitted) if u in self.pods
                and (self.pods[u].get("status") or {}).get("phase") not in TERMINAL]

    def _admit(self, pod: dict) -> Rejection | None:
        assert self.device_plugins is not None
        node = self.node or {}
        active = self._active_pods()
        if len(self._footprints) > 2 * len(active) + 16:  # forget pods long gone
            live = {_md(p).get("uid") for p in active}
            self._footprints = {u: f for u, f in self._footprints.items() if u in live}
        # upstream's admit handlers run in order: the container manager's resource allocation
        # (device plugins, GetAllocateResourcesPodAdmitHandler) before the predicates
        # (NewPredicateAdmitHandler), k/k pkg/kubelet/kubelet.go NewMainKubelet; devices a
        # pod got before a predicate rejects it go with the terminated pod's cleanup
        try:
            self.device_plugins.allocate(pod, (node.get("status") or {}).get("allocatable") or {})
        except DeviceAllocationError as e:
            return Rejection("UnexpectedAdmissionError", str(e))
        return admit(pod, node, active, self.gates, cost=self._footprint)

    def _pods_in_order(self) -> list[dict]:
        """The node's pods in creation order. A pod's sort key (creationTimestamp, namespace,
        name) never changes, so it is computed once per pod: the kubelet reconciles after
        every relevant event, and re-deriving the keys of hundreds of pods each time was a
        visible share of a served cluster's CPU."""
        keys = self._order_keys
        if len(keys) > 2 * len(self.pods) + 16:  # forget pods long gone
            self._order_keys = keys = {u: k for u, k in keys.items() if u in self.pods}
        for uid, pod in self.pods.items():
            if uid not in keys:
                keys[uid] = _pod_order(pod)
        return [pod for _, pod in sorted(self.pods.items(), key=lambda kv: keys[kv[0]])]

    def _footprint(self, pod: Mapping[str, Any]) -> Mapping[str, Any]:
        md = _md(pod)
        uid, rv = str(md.get("uid") or ""), str(md.get("resourceVersion") or "")
        hit = self._footprints.get(uid)
        if hit is not None and rv and hit[0] == rv:
            return hit[1]
        cost = footprint(pod, self.gates)
        if uid and rv:
            self._footprints[uid] = (rv, cost)
        return cost

    def _reject(self, pod: dict, rejection: Rejection) -> None:
        """Upstream rejectPod (pkg/kubelet/kubelet.go): the Warning event, then the Failed
        status handed to the status manager (SetPodStatus), which writes it like any status:
        a write the API server refuses is only logged and tried again at the next batch."""
        self.api.record_event(pod, "Warning", rejection.reason, rejection.message, COMPONENT)
        self.rejected[_md(pod).get("uid", "")] = rejection
        self._write_rejection(pod, rejection)

    def _write_rejection(self, pod: dict, rejection: Rejection) -> bool:
        md = _md(pod)
        uid = md.get("uid", "")
        fresh = self.api.try_get("Pod", md["name"], md.get("namespace"))
        if fresh is None or _md(fresh).get("uid") != uid:
            return False
        status = dict(fresh.get("status") or {})
        status["phase"] = "Failed"
        status["reason"] = rejection.reason
        status["message"] = f"Pod was rejected: {rejection.message}"
        try:
            stored = self._patch_status(fresh, status)
        except E.StatusError:
            self.status_retry[uid] = (
                self.clock.now().timestamp() + STATUS_SYNC_PERIOD_SECONDS, False)
            return False
        self.status_retry.pop(uid, None)
        self.pods[_md(stored)["uid"]] = stored
        return True

    def _patch_status(self, pod: dict, status: dict) -> dict:
        """The status manager's write (statusutil.PatchPodStatus): a merge patch from the
        status the kubelet read to ``status``, whose only precondition is the pod's UID, so
        another client's change since the kubelet read the pod (a label, an annotation) is
        neither a conflict nor undone."""
        md = _md(pod)
        patch = {"metadata": {"uid": md.get("uid")},
                 "status": merge_patch_from(pod.get("status") or {}, status)}
        return self.api.patch("Pod", md["name"], patch, md.get("namespace"), subresource="status")

    def _write_status(self, pod: dict, *, running: bool, terminal: bool = False) -> bool:
        """Write the status this kubelet gives the pod, running or waiting for its sandbox
        (drakit/kubelet/status.py); True when that changed the stored pod. Nothing is written
        when the stored status already is that one (upstream's status manager compares before
        it patches), so a retried prepare that fails the same way writes nothing."""
        md = _md(pod)
        uid = md.get("uid", "")
        fresh = self.api.try_get("Pod", md["name"], md.get("namespace"))
        if fresh is None or _md(fresh).get("uid") != uid:
            return False
        ready_to_start = self._ready_to_start()
        # the new status builds on the kubelet's own last one (its cache), not on whatever
        # is stored: upstream's generateAPIPodStatus starts from the status manager's cached
        # status and takes only the conditions of other writers from the API's
        base = dict(fresh)
        cached = self.statuses.get(uid)
        if cached is not None:
            base["status"] = merge_status(fresh.get("status") or {}, cached,
                                          ready_to_start_condition=ready_to_start)
        status = pod_status(base, running=running, now=self.clock.timestamp(),
                            ready_to_start_condition=ready_to_start,
                            generation_tracking=self.gates.enabled(GENERATION_GATE),
                            terminal=terminal)
        self.statuses[uid] = status  # SetPodStatus caches it before any write
        self.synced_generations[uid] = _md(fresh).get("generation")
        if status == fresh.get("status"):
            self.status_retry.pop(md.get("uid", ""), None)
            return False
        try:
            stored = self._patch_status(fresh, status)
        except E.StatusError:
            if terminal:
                raise  # the termination waits for it (_terminate)
            # the status manager logs it and tries again at its next batch; the pod's
            # worker goes on (SetPodStatus only hands the status over)
            self.status_retry[md.get("uid", "")] = (
                self.clock.now().timestamp() + STATUS_SYNC_PERIOD_SECONDS, running)
            return False
        self.status_retry.pop(md.get("uid", ""), None)
        self.pods[_md(stored)["uid"]] = stored
        # what the API server made of it (it may drop a field a gate disables): comparing
        # against the written form would find a drift that no write can remove
        self.statuses[uid] = stored.get("status") or {}
        return True

    def _ready_to_start(self) -> bool:
        return self.gates.enabled("PodReadyToStartContainersCondition")

    def _reconcile_waiting_status(self, pod: dict, now: float) -> bool:
        """The status manager's batch for a pod whose worker waits (a failed prepare): a
        stored status that drifted from the one the kubelet cached is written back at the next
        batch (needsReconcile, then syncPod), as for a running pod."""
        uid = _md(pod).get("uid", "")
        if uid in self.status_retry:
            return self._retry_status(pod)
        cached = self.statuses.get(uid)
        if cached is not None and uid not in self.rejected and needs_reconcile(
                pod.get("status") or {}, cached, ready_to_start_condition=self._ready_to_start()):
            self.status_retry[uid] = (now + STATUS_SYNC_PERIOD_SECONDS, False)
        return False

    def _retry_status(self, pod: dict) -> bool:
        """A refused status write whose batch is due: write it again (True when it went in)."""
        uid = _md(pod).get("uid", "")
        retry = self.status_retry.get(uid)
        if retry is None or retry[0] > self.clock.now().timestamp():
            return False
        if uid in self.rejected:
            return self._write_rejection(pod, self.rejected[uid])
        return self._write_status(pod, running=retry[1])

    def _retry_later(self, uid: str, seconds: float = POD_WORKER_BACKOFF_SECONDS) -> None:
        self.sync_retry[uid] = self.clock.now().timestamp() + seconds

    def _cleanup(self, uid: str, *, strict: bool = False) -> bool:
        """Unprepare the pod's claims and release its plugin devices.

        ``strict`` (a pod the kubelet terminates: SyncTerminatingPod) lets a driver's
        unprepare error through, and then nothing is released: the pod stays until an
        unprepare succeeds. Otherwise (a pod already gone from the API server) the error is
        left to the next reconcile, which finds the claim still held (upstream's DRA
        reconcile loop)."""
        assert self.dra is not None and self.device_plugins is not None
        touched = False
        if self.dra_on and self.dra.has_pod(uid):
            try:
                self.dra.unprepare(uid)
            except PrepareError:
                if strict:
                    raise
            touched = True
        touched |= self.device_plugins.release(uid)
        was = uid in self.admitted or uid in self.started
        self.admitted.discard(uid)
        self.started.discard(uid)
        self.synced_generations.pop(uid, None)
        self.statuses.pop(uid, None)
        self.last_prepare_error.pop(uid, None)
        return touched or was

    def _terminate(self, pod: dict) -> bool:
        """A deleted pod: stopped, given its terminal phase, its claims unprepared, then
        deleted for good.

        Since kubernetes#115331 (1.27) SyncTerminatingPod hands the status manager the
        stopped pod's status with podIsTerminal, so a deleted pod reaches Succeeded or Failed
        (status.py ``_stopped``) before SyncTerminatedPod unprepares its claims, and the
        status manager deletes the pod (grace period 0) only after that status is written
        and the pod's resources are reclaimed (canBeDeleted). A finalizer that keeps the
        object therefore keeps it in its terminal phase, and the claim controller frees the
        claims it reserved as for a pod that finished."""
        uid = _md(pod).get("uid", "")
        due = self.delete_retry.get(uid)
        if due is not None and due > self.clock.now().timestamp():
            return False  # its refused write waits for the status manager's next batch
        wrote = False
        if (pod.get("status") or {}).get("phase") not in TERMINAL:
            try:
                # a kubelet that restarted finds the pod's containers still running in the
                # runtime (drakit's runtime state is the status it last wrote)
                ran = uid in self.started or any(
                    "running" in ((c or {}).get("state") or {})
                    for c in (pod.get("status") or {}).get("containerStatuses") or ())
                wrote = self._write_status(pod, running=ran, terminal=True)
            except E.StatusError:
                # refused: syncPod returns before its delete; the next batch writes again
                self.delete_retry[uid] = self.clock.now().timestamp() + STATUS_SYNC_PERIOD_SECONDS
                return False
        try:
            released = self._cleanup(uid, strict=True)
        except PrepareError:
            self._retry_later(uid)  # the pod stays, terminating, until its claims are released
            return wrote
        md = _md(pod)
        try:
            self.api.delete("Pod", md["name"], md.get("namespace"), grace_period_seconds=0,
                            preconditions_uid=uid)
        except (E.NotFound, E.Conflict):
            pass  # already gone, or replaced by a pod with the same name (the UID precondition)
        except E.StatusError:
            # refused (an admission policy): the status manager only logs it; its next batch
            # deletes again (status_manager.go syncPod, needsUpdate -> canBeDeleted)
            self.delete_retry[uid] = self.clock.now().timestamp() + STATUS_SYNC_PERIOD_SECONDS
            return released
        self.delete_retry.pop(uid, None)
        self.status_retry.pop(uid, None)  # a batch write still pending for it is moot
        self.pods.pop(uid, None)
        return True

    # ------------------------------------------------------------------ what the node shows
    def cdi_devices(self, pod: str, container: str, namespace: str = "default") -> list[str]:
        """The CDI devices the runtime got for one container (DRA ``GetResources``)."""
        assert self.dra is not None
        with self.lock:
            for p in self.pods.values():
                if _md(p).get("name") == pod and _md(p).get("namespace") == namespace:
                    spec = p.get("spec") or {}
                    for c in (spec.get("initContainers") or []) + (spec.get("containers") or []):
                        if c.get("name") == container:
                            if _md(p).get("uid") not in self.started or not self.dra_on:
                                return []
                            return self.dra.cdi_devices_for_container(p, c)
                    raise KeyError(f"pod {namespace}/{pod} has no container {container!r}")
        raise KeyError(f"pod {namespace}/{pod} is not on node {self.node_name}")

    def metrics_text(self) -> str:
        return self.server.metrics.text() if self.server is not None else ""

    # ------------------------------------------------------------------ PodResources provider
    def gate(self, name: str) -> bool:
        return self.gates.enabled(name)

    def release(self) -> str:
        return self.gates.version

    def fail_driver(self, driver: str, call: str, message: str | None) -> None:
        """Make this node's DRA driver ``driver`` fail ``call`` (None: heal it): the harness's
        driver faults (TestDriver.set_failure); KeyError for a driver the node does not run."""
        drv = self.drivers.get(driver)
        if drv is None:
            raise KeyError(f"node {self.node_name} runs no DRA driver {driver!r}")
        drv.set_failure(call, message)

    def active_pods(self) -> list[dict]:
        return sorted(self._active_pods(), key=lambda p: (_md(p).get("namespace", ""),
                                                          _md(p).get("name", "")))

    def pod_by_name(self, namespace: str, name: str) -> dict | None:
        for p in self.pods.values():
            if _md(p).get("name") == name and _md(p).get("namespace") == namespace:
                return p
        return None

    def plugin_devices(self, pod_uid: str, container: str) -> list[tuple[str, list[str]]]:
        assert self.device_plugins is not None
        return self.device_plugins.devices(pod_uid, container)

    def claim_infos(self, pod: Mapping[str, Any], container: Mapping[str, Any]) -> list:
        assert self.dra is not None
        return self.dra.container_claim_infos(pod, container)

    def allocatable_plugin_devices(self) -> dict[str, list[str]]:
        alloc = ((self.node or {}).get("status") or {}).get("allocatable") or {}
        return DevicePluginManager.plugin_devices(alloc)

    def state_generation(self) -> int:
        return self.generation

    def is_started(self, pod_uid: str) -> bool:
        return pod_uid in self.started

    def all_claim_infos(self) -> list:
        assert self.dra is not None
        with self.dra.lock:
            return list(self.dra.cache.values())


TEST_DRIVERS_ANNOTATION = "drakit.io/test-drivers"
"""``name=cdiClass,...`` on a Node: the node also runs these in-process test drivers (the
harness uses it on ``drakit serve`` for the per-scenario driver names, docs/live-cluster.md)."""


def _add_annotated_drivers(drivers: dict[str, TestDriver], node: Mapping[str, Any] | None
                           ) -> None:
    """Registers the test drivers the node's annotation names (drakit serve's harness: the
    cluster backend isolates each scenario's driver names); a real kubelet's drivers register
    over the plugin socket instead."""
    for name, cdi_class in _annotated_drivers(node):
        drivers.setdefault(name, TestDriver(name, cdi_class=cdi_class))


def _annotated_drivers(node: Mapping[str, Any] | None) -> list[tuple[str, str]]:
    text = ((_md(node or {}).get("annotations") or {}).get(TEST_DRIVERS_ANNOTATION) or "")
    out = []
    for part in str(text).split(",")[:32]:
        name, _, cdi_class = part.strip().partition("=")
        if name and cdi_class:  # no "=": no class either
            out.append((name, cdi_class))
    return out


class KubeletManager:
    """The cluster component: one Kubelet per Node, created as Nodes appear.

    It also plays the node lifecycle controller for nodes whose kubelet does not run: such a
    node gets Ready=Unknown and the ``node.kubernetes.io/unreachable:NoSchedule`` taint at once
    (upstream after the 40 s grace period), so the scheduler stops placing pods there with
    the usual "untolerated taint" message; a kubelet that starts again clears both.
    """

    name = "kubelet"

    def __init__(self, ctx: ComponentContext, base_dir: Path,
                 drivers: dict[str, dict[str, TestDriver]], servers: set | None = None) -> None:
        self.ctx = ctx
        self.api: APIServer = ctx.api
        self.base_dir = base_dir
        self.servers = servers if servers is not None else set()
        self.drivers = drivers
        """node -> driver name -> driver; survives kubelet restarts (drivers run apart)."""
        self.kubelets: dict[str, Kubelet] = {}
        self._rv = 0
        self.closed = False
        self.failures = FailureTracker("kubelet", self.api, ctx.clock, INITIAL_BACKOFF_SECONDS,
                                       MAX_BACKOFF_SECONDS, event_source=COMPONENT)
        self.health_retry: dict[str, float] = {}
        """node -> when its refused health write (Ready condition, taint) is tried again."""
        self.api.graceful_pod_deletion = self._graceful
        self._rv = self.api.resource_version
        for node in self.api.list("Node"):
            name = _md(node).get("name")
            if isinstance(name, str):
                self._ensure(name, quiet=True)

    def _graceful(self, pod: dict) -> bool:
        spec = pod.get("spec")
        node = spec.get("nodeName") if isinstance(spec, Mapping) else None
        k = self.kubelets.get(node) if isinstance(node, str) else None
        return bool(k and k.running)

    def node_dir(self, node: str) -> Path:
        return self.base_dir / node

    def _ensure(self, node: str, quiet: bool = False, serve: bool = False) -> Kubelet:
        """Start a kubelet for ``node``; every caller has checked that the node has none."""
        from drakit.kubelet.dra_manager import default_drivers
        drivers = self.drivers.setdefault(node, default_drivers())
        _add_annotated_drivers(drivers, self.ctx.api.try_get("Node", node))
        k = Kubelet(self.ctx.for_node(node), node, self.node_dir(node), drivers, self.servers)
        self.kubelets[node] = k
        try:
            k.start(serve=serve)
        except KubeletStartError as e:
            self._node_down(node, str(e))
            if not quiet:
                raise
        else:
            self._node_up(node)
        return k

    def kubelet(self, node: str) -> Kubelet:
        """The node's kubelet, its PodResources socket open (KeyError: no such kubelet)."""
        k = self.kubelets.get(node)
        if k is None:
            raise KeyError(f'node "{node}" has no kubelet (is there such a Node?)')
        k.ensure_serving()
        return k

    def restart(self, node: str) -> Kubelet:
        """Stop the node's kubelet and start a new one from its checkpoints.

        Raises KubeletStartError (naming the checkpoint file or socket) when it refuses to start.
        """
        if node not in self.kubelets and self.api.try_get("Node", node) is None:
            raise KeyError(f'node "{node}" has no kubelet (is there such a Node?)')
        old = self.kubelets.pop(node, None)
        if old is not None:
            old.stop()
        return self._ensure(node, serve=True)

    def stop_all(self) -> None:
        self.closed = True
        for k in self.kubelets.values():
            k.stop()

    # ------------------------------------------------------------------ node status
    def _node_down(self, node: str, error: str) -> None:
        """KubeletSetupFailed on the Node (upstream kubelet.Run), and the node lifecycle
        controller's verdict on a node whose kubelet posts nothing."""
        obj = self.api.try_get("Node", node)
        if obj is None:
            return
        self.api.record_event(obj, "Warning", "KubeletSetupFailed", error, COMPONENT)
        self._set_node_health(obj, ready=False)

    def _node_up(self, node: str) -> None:
        obj = self.api.try_get("Node", node)
        if obj is not None:
            self._set_node_health(obj, ready=True)

    def _set_node_health(self, node: dict, ready: bool) -> None:
        """Ready condition and unreachable taint; untouched when already so (and a node whose
        Ready condition nobody set stays as it is when the kubelet starts)."""
        try:
            status = node.get("status") if isinstance(node.get("status"), Mapping) else {}
            conds = [c for c in status.get("conditions") or () if isinstance(c, Mapping)]
            spec = node.get("spec") if isinstance(node.get("spec"), Mapping) else {}
            taints = [t for t in spec.get("taints") or () if isinstance(t, Mapping)]
            has_taint = any(t.get("key") == UNREACHABLE_TAINT for t in taints)
            cur = next((c for c in conds if c.get("type") == "Ready"), None)
            now = self.ctx.clock.timestamp()
            if ready:
                if has_taint:
                    self.api.patch("Node", node["metadata"]["name"], {"spec": {"taints": [
                        t for t in taints if t.get("key") != UNREACHABLE_TAINT] or None}})
                if cur is not None and cur.get("status") != "True":
                    new = {"type": "Ready", "status": "True", "reason": "KubeletReady",
                           "message": "kubelet is posting ready status",
                           "lastHeartbeatTime": now, "lastTransitionTime": now}
                    self._patch_conditions(node, conds, new)
                self.health_retry.pop(node["metadata"]["name"], None)
                return
            if not has_taint:
                self.api.patch("Node", node["metadata"]["name"], {"spec": {"taints": taints + [
                    {"key": UNREACHABLE_TAINT, "effect": "NoSchedule", "timeAdded": now}]}})
            if cur is None or cur.get("status") != "Unknown":
                # pkg/controller/nodelifecycle: every condition goes Unknown
                new = {"type": "Ready", "status": "Unknown", "reason": "NodeStatusUnknown",
                       "message": "Kubelet stopped posting node status.",
                       "lastHeartbeatTime": (cur or {}).get("lastHeartbeatTime") or now,
                       "lastTransitionTime": now}
                self._patch_conditions(node, conds, new)
        except E.StatusError:
            # refused (an admission policy) or the Node changed meanwhile: the node lifecycle
            # controller's next pass tries again
            self.health_retry[node["metadata"]["name"]] = (
                self.ctx.clock.now().timestamp() + NODE_MONITOR_PERIOD_SECONDS)
            return
        self.health_retry.pop(node["metadata"]["name"], None)

    def _patch_conditions(self, node: dict, conds: list, ready: dict) -> None:
        out = [c for c in conds if c.get("type") != "Ready"] + [ready]
        self.api.patch("Node", node["metadata"]["name"], {"status": {"conditions": out}},
                       subresource="status")

    # ------------------------------------------------------------------ the loop
    def cache_mismatches(self) -> list[str]:
        """The nodes that run a kubelet against the stored Nodes (one kubelet per Node, as a
        cluster has one per machine), once the manager has taken in every Node event; then
        every running kubelet's caches against the stored objects."""
        out: list[str] = []
        if not self.closed and not has_pending_events(self.api, self._rv, ("Node",)):
            nodes = {n for n in (_md(o).get("name") for o in self.api.list("Node", copy=False))
                     if isinstance(n, str) and n}
            note_cache_mismatch(out, "nodes with a kubelet", set(self.kubelets), nodes)
        for name in sorted(self.kubelets):
            out.extend(self.kubelets[name].cache_mismatches())
        return out

    def sync(self) -> bool:
        if self.closed:
            return False
        busy = False
        try:
            events = self.api.watch(self._rv, ("Node",))
        except E.Expired:
            events = []
            busy |= self._relist_nodes()
        self._rv = self.api.resource_version
        for ev in events:
            name = _md(ev.object).get("name", "")
            if not isinstance(name, str) or not name:
                continue
            if ev.type == "DELETED":
                k = self.kubelets.pop(name, None)
                if k is not None:
                    k.stop()
            elif name not in self.kubelets:
                self._ensure(name, quiet=True)
                busy = True
        if self.health_retry:
            busy |= self._retry_health()
        for k in list(self.kubelets.values()):
            try:
                busy |= k.sync()
            except Exception as e:  # noqa: BLE001 - one node's kubelet never stops the others
                self.failures.failed("Node", {"metadata": {"name": k.node_name}}, e,
                                     FAILED_SYNC, event=False)
                continue
            if self.failures:  # a sync that went through ends the node's record
                self.failures.ok("Node", {"metadata": {"name": k.node_name}})
        return busy

    def _retry_health(self) -> bool:
        """Write again the health of the nodes whose last health write was refused, once due."""
        now = self.ctx.clock.now().timestamp()
        done = False
        for name, due in sorted(self.health_retry.items()):
            if due > now:
                continue
            obj = self.api.try_get("Node", name)
            k = self.kubelets.get(name)
            if obj is None or k is None:
                del self.health_retry[name]
                continue
            self._set_node_health(obj, ready=k.running)
            done |= name not in self.health_retry
        return done

    def _relist_nodes(self) -> bool:
        """410 Expired on the Node watch: start kubelets for new Nodes, stop removed ones."""
        names = {n for n in (_md(o).get("name") for o in self.api.list("Node", copy=False))
                 if isinstance(n, str)}
        for name in sorted(set(self.kubelets) - names):
            self.kubelets.pop(name).stop()
        for name in sorted(names - set(self.kubelets)):
            self._ensure(name, quiet=True)
        return True

    def errors(self) -> list:
        out = self.failures.open()
        for k in self.kubelets.values():
            out += k.failures.open()
        return out

    def metrics_text(self) -> str:
        """The PodResources counters of all kubelets, summed (as ``sum without(instance)``)."""
        from drakit.kubelet.podresources.server import METRICS, Metrics
        total = Metrics()
        for k in self.kubelets.values():
            if k.server is not None:
                for name in METRICS:
                    n = k.server.metrics.get(name)
                    if n or name in k.server.metrics.values:
                        total.values[name] = total.values.get(name, 0) + n
        return total.text()
