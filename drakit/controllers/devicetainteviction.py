"""The device-taint eviction controller (pkg/controller/devicetainteviction).

Why drakit has it: a NoExecute taint on an allocated device must take the pods that use the
device off the node (KEP-5055), and KEP-5729 changes how those pods are found: a claim
reserved for a PodGroup no longer lists its pods in ``status.reservedFor``, so "the
device_taint_eviction controller will use the list of Pods referencing the PodGroup to
determine the list of pods that needs to be evicted" (KEP-5729 "Finding Pods Using a
ResourceClaim"). The upstream copy read for this file (device_taint_eviction.go, newest
stored revision, resource.k8s.io/v1 with DeviceTaintRule status) does that: with
DRAWorkloadResourceClaims it indexes pods by ``spec.schedulingGroup.podGroupName``, walks the
pods of a PodGroup consumer in ``reservedFor`` (handlePods) and evaluates each through
``resourceclaim.IsReservedForPod``.

What is mirrored (device_taint_eviction.go):

* a claim's eviction time is the earliest ``timeAdded`` of a NoExecute taint on one of its
  allocated devices that the allocation result's tolerations do not tolerate forever, plus
  the smallest matching ``tolerationSeconds`` (negative counts as 0); the API server sets
  ``timeAdded`` on every write that leaves it out (SetDefaults_DeviceTaint), so a taint
  without a readable one is stored data the API server would not keep: it counts from when
  this controller first saw it (upstream would dereference nil);
* only devices of the newest pool generation count (``pool.getDevice``);
* a pod is evicted when it is scheduled (``spec.nodeName``) and one of its
  ``spec.resourceClaims`` resolves (``resourceclaim.Name``, owner check for template claims)
  to such a claim that is reserved for the pod or — DRAWorkloadResourceClaims on — for the
  pod's PodGroup (``IsReservedForPod``);
* eviction: a Normal event ``DeviceTaintManagerEviction`` "Marking for deletion", the pod
  condition ``DisruptionTarget`` (reason ``DeletionByDeviceTaintManager``, message "Device
  Taint manager: deleting due to NoExecute taint") patched into the status, then a DELETE;
  a pod already being deleted when its eviction falls due is left alone
  (addConditionAndDeletePod); a finished one is evicted like any other (neither
  podEvictionTime nor addConditionAndDeletePod looks at the phase; such a pod is met only
  while a claim is still reserved for it, e.g. through its PodGroup);
* a pod whose eviction was scheduled for later and is no longer needed (the taint went, a
  toleration now covers it, the pod lost its reservation) gets a Normal event
  ``DeviceTaintManagerEviction`` "Cancelling deletion" (cancelWorkWithEvent), also when it is
  being deleted or has finished (podEvictionTime looks at neither, and a pod update that only
  sets deletionTimestamp or the phase does not reach handlePod: the pending eviction stays
  until the taint or the reservation goes; the ResourceClaim controller drops a finished pod's
  reservation); a pod that went away gets none.

Not modelled: DeviceTaintRule (drakit does not serve the kind), the eviction rate limits and
DeviceTaintRule status, and pods that get their claim through
``status.extendedResourceClaimStatus`` (upstream skips them too: kubernetes/kubernetes#141290).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Mapping
from typing import Any

from drakit import claims as cu
from drakit.allocator.core import tolerates
from drakit.api import errors as E
from drakit.api.meta import parse_rfc3339
from drakit.apiserver import WatchEvent
from drakit.component import ComponentContext
from drakit.controllers.base import Controller

EVENT_REASON = "DeviceTaintManagerEviction"
CONDITION = {"type": "DisruptionTarget", "status": "True", "reason": "DeletionByDeviceTaintManager",
             "message": "Device Taint manager: deleting due to NoExecute taint"}
COMPONENT = "device-taint-eviction-controller"
RETRIES = 5
"""Attempts of one eviction up to 1.34: deletePodHandler tries addConditionAndDeletePod
``retries`` (5) times, 10 ms apart, and then gives up; the TimedWorkerQueue drops the work, so
only a later handlePod (the pod's resourceClaimStatuses change, its claim's or devices'
eviction time changes, or a controller restart) tries again. From 1.35 (kubernetes PR 134152,
the DeviceTaintRule status rewrite) maybeDeletePod returns the error to the worker, which
requeues the pod with the work queue's rate limiter (AddRateLimited), without a limit."""

DeviceKey = tuple[str, str, str]


def _int(v: Any) -> int:
    try:
        return int(v or 0)
    except (TypeError, ValueError):
        return 0


def _pool_of(s: Mapping[str, Any]) -> tuple[tuple[str, str], int]:
    pool = s["spec"].get("pool") or {}
    return (s["spec"].get("driver", ""), pool.get("name", "")), _int(pool.get("generation"))


def _minor(version: str) -> tuple[int, int]:
    major, minor = str(version).split(".")[:2]
    return int(major), int(minor)


def _gave_up_key(pod: Mapping[str, Any], when: _dt.datetime) -> tuple[str, _dt.datetime]:
    """What brings a given-up eviction back (up to 1.34): handlePodChange passes a pod on only
    when its status.resourceClaimStatuses changed; a claim or slice change, only when the
    eviction time changed."""
    return repr((pod.get("status") or {}).get("resourceClaimStatuses")), when


def _key(obj: Mapping[str, Any]) -> tuple[str, str]:
    md = obj.get("metadata") or {}
    return (md.get("namespace") or "", md.get("name") or "")


class DeviceTaintEvictionController(Controller):
    name = COMPONENT
    kinds = ("Pod", "ResourceClaim", "ResourceSlice")

    def __init__(self, ctx: ComponentContext) -> None:
        super().__init__(ctx)
        self.enabled = self.gates.enabled("DRADeviceTaints")
        self.podgroups_on = self.gates.enabled("DRAWorkloadResourceClaims")
        # (driver, pool, device, taint key, value, effect) -> when this controller first saw it
        self.first_seen: dict[tuple[str, ...], _dt.datetime] = {}
        # pod uid -> (namespace, name, eviction time): evictions not yet due
        self.pending: dict[str, tuple[str, str, _dt.datetime]] = {}
        # 1.35+: a refused eviction is retried with the work queue's backoff (retry_later);
        # up to 1.34: pod uid -> what the eviction that gave up saw (see RETRIES)
        self.retries_forever = _minor(self.gates.version) >= (1, 35)
        self.gave_up: dict[str, tuple[str, _dt.datetime]] = {}
        # uids of pods whose eviction fell due in the current round (no "Cancelling deletion")
        self.due: set[str] = set()
        self._dirty = True
        # whether any slice has a NoExecute taint (None: not known); without one, pod and
        # claim changes need no work, which keeps big scenarios cheap
        self.any_taints: bool | None = None

    # ------------------------------------------------------------------ loop
    def resync(self) -> bool:
        if not self.enabled:
            return False
        self._dirty = True
        return self._reconcile()

    def handle(self, events: Iterable[WatchEvent]) -> bool:
        if not self.enabled:
            return False
        for ev in events:
            if ev.kind == "ResourceSlice":
                self._dirty = True
                self.any_taints = None  # recomputed by the next reconcile
            elif ev.kind in self.kinds and self.any_taints is not False:
                self._dirty = True
        return self._reconcile()

    def sync(self) -> bool:
        did = super().sync()
        if self.enabled and not did and self.pending and \
                min(w for _, _, w in self.pending.values()) <= self.clock.now():
            self._dirty = True
            did = self.guarded("", None, lambda _obj: self._reconcile())
        return did

    # ------------------------------------------------------------------ taints
    def _taints_by_device(self) -> dict[DeviceKey, list[dict]]:
        """NoExecute taints of every device in the newest generation of its pool. Each slice is
        read under ``guarded``: a malformed one is reported against itself and skipped."""
        newest: dict[tuple[str, str], int] = {}
        slices = self.api.list("ResourceSlice", copy=False)

        def generation(s: dict) -> bool:
            k, gen = _pool_of(s)
            newest[k] = max(newest.get(k, gen), gen)
            return False

        out: dict[DeviceKey, list[dict]] = {}

        def taints_of(s: dict) -> bool:
            k, gen = _pool_of(s)
            if newest.get(k) != gen:
                return False
            for d in s["spec"].get("devices") or ():
                taints = [t for t in d.get("taints") or () if t.get("effect") == "NoExecute"]
                if taints:
                    out[(k[0], k[1], d.get("name", ""))] = taints
            return False

        for s in slices:
            self.guarded("ResourceSlice", s, generation)
        for s in slices:
            self.guarded("ResourceSlice", s, taints_of)
        return out

    def _taint_time(self, dev: DeviceKey, taint: Mapping[str, Any]) -> _dt.datetime:
        if taint.get("timeAdded"):
            try:
                return parse_rfc3339(taint["timeAdded"])
            except ValueError:
                pass
        k = (*dev, taint.get("key", ""), taint.get("value", ""), taint.get("effect", ""))
        return self.first_seen.setdefault(k, self.clock.now())

    def _claim_eviction(self, claim: Mapping[str, Any], taints: Mapping[DeviceKey, list[dict]]
                        ) -> _dt.datetime | None:
        """claimEvictionTime: None when no untolerated NoExecute taint affects the claim."""
        alloc = (claim.get("status") or {}).get("allocation") or {}
        when: _dt.datetime | None = None
        for r in (alloc.get("devices") or {}).get("results") or ():
            dev = (r.get("driver", ""), r.get("pool", ""), r.get("device", ""))
            for taint in taints.get(dev, ()):
                t = self._taint_time(dev, taint)
                seconds: int | None = None
                forever = False
                for tol in r.get("tolerations") or ():
                    # upstream counts only tolerations whose effect is NoExecute
                    if tol.get("effect") != "NoExecute" or not tolerates(tol, taint):
                        continue
                    if tol.get("tolerationSeconds") is None:
                        forever = True
                        break
                    s = max(int(tol["tolerationSeconds"]), 0)
                    seconds = s if seconds is None else min(seconds, s)
                if forever:
                    continue
                if seconds is not None:
                    t = t + _dt.timedelta(seconds=seconds)
                if when is None or t < when:
                    when = t
        return when

    # ------------------------------------------------------------------ pods
    def _pod_eviction(self, pod: Mapping[str, Any], claims: Mapping[tuple[str, str], dict],
                      evictions: Mapping[tuple[str, str], _dt.datetime]) -> _dt.datetime | None:
        """podEvictionTime."""
        if not (pod.get("spec") or {}).get("nodeName"):
            return None
        ns = (pod.get("metadata") or {}).get("namespace") or ""
        when: _dt.datetime | None = None
        for entry in (pod.get("spec") or {}).get("resourceClaims") or ():
            try:
                name, check_owner = cu.claim_name(pod, entry)
            except cu.ClaimError:
                continue
            if name is None or (ns, name) not in evictions:
                continue
            claim = claims[(ns, name)]
            if check_owner and cu.is_for_pod(pod, claim, self.podgroups_on):
                continue
            if not cu.is_reserved_for_pod(pod, claim, self.podgroups_on):
                continue
            t = evictions[(ns, name)]
            if when is None or t < when:
                when = t
        return when

    def _reconcile(self) -> bool:
        if not self._dirty:
            return False
        self._dirty = False
        before = dict(self.pending)
        self.due = set()
        did = self._evaluate()
        return self._cancelled(before) or did

    def _cancelled(self, before: Mapping[str, tuple[str, str, _dt.datetime]]) -> bool:
        """handlePod -> cancelWorkWithEvent: an eviction that was scheduled and is no longer
        needed is cancelled with a Normal event, for a pod that is still there. A pod whose
        eviction fell due in this round is no cancellation (maybeDeletePod dropped its entry);
        one that went away gets no event (handlePodChange: cancelEvict without one). Whether the
        pod is being deleted or has finished does not matter: upstream's podEvictionTime does
        not look at either, and a pod update that changes only those does not even reach
        handlePod; the entry goes when the pod's reservation or the taint does."""
        did = False
        for uid, (ns, name, _) in sorted(before.items(), key=lambda kv: kv[1][:2]):
            if uid in self.pending or uid in self.due:
                continue
            pod = self.api.try_get("Pod", name, ns or None)
            if pod is None or pod["metadata"].get("uid") != uid:
                continue
            try:
                self.api.record_event(pod, "Normal", EVENT_REASON, "Cancelling deletion", COMPONENT)
                did = True
            except E.StatusError:
                pass
        return did

    def _no_eviction_times(self) -> bool:
        """No pod has an eviction time: nothing is pending, and nothing stays given up (a
        taint that comes back, even unchanged, is a change handleSliceChange hands to
        handlePod)."""
        self.pending.clear()
        self.gave_up.clear()
        return False

    def _evaluate(self) -> bool:
        taints = self._taints_by_device()
        self.any_taints = bool(taints)
        if not taints:
            return self._no_eviction_times()
        claims: dict[tuple[str, str], dict] = {}
        evictions: dict[tuple[str, str], _dt.datetime] = {}

        def claim_eviction(c: dict) -> bool:
            if not (c.get("status") or {}).get("allocation"):
                return False
            when = self._claim_eviction(c, taints)
            if when is not None:
                claims[_key(c)] = c
                evictions[_key(c)] = when
            return False

        for c in self.api.list("ResourceClaim", copy=False):
            self.guarded("ResourceClaim", c, claim_eviction)
        if not evictions:
            return self._no_eviction_times()
        self.pending.clear()
        now = self.clock.now()

        def pod_eviction(pod: dict) -> bool:
            md = pod["metadata"]
            uid = md.get("uid", "")
            when = self._pod_eviction(pod, claims, evictions)
            if when is None:
                self.gave_up.pop(uid, None)
                return False
            if uid in self.gave_up:
                if self.gave_up[uid] == _gave_up_key(pod, when):
                    return False  # nothing handlePod would look at changed since
                del self.gave_up[uid]
            if when > now:
                # deletePodAt keeps a pod being deleted or finished too (podEvictionTime does
                # not look at either)
                self.pending[uid] = (md.get("namespace") or "", md.get("name", ""), when)
                return False
            self.due.add(uid)
            if md.get("deletionTimestamp"):
                return False
            return self._evict(pod, when)

        did = False
        for pod in self.api.list("Pod", copy=False):
            did |= self.guarded("Pod", pod, pod_eviction)
        return did

    def _evict(self, pod: Mapping[str, Any], when: _dt.datetime) -> bool:
        """addConditionAndDeletePod."""
        md = pod.get("metadata") or {}
        ns, name = md.get("namespace"), md.get("name", "")
        try:
            self.api.record_event(pod, "Normal", EVENT_REASON, "Marking for deletion", COMPONENT)
        except E.StatusError:
            pass
        wrote = False
        error: E.StatusError | None = None
        for _ in range(1 if self.retries_forever else RETRIES):
            try:
                wrote |= self._add_condition(pod)
                self.api.delete("Pod", name, ns)
            except E.NotFound:
                return True
            except E.StatusError as e:
                error = e
                continue
            self.gave_up.pop(md.get("uid", ""), None)
            return True
        assert error is not None
        if self.retries_forever:
            # maybeDeletePod's error: the worker logs it and requeues the pod rate-limited
            self.retry_later("Pod", pod, str(error))
        else:
            fresh = self.api.try_get("Pod", name, ns) or pod
            self.gave_up[md.get("uid", "")] = _gave_up_key(fresh, when)
        return wrote

    def _add_condition(self, pod: Mapping[str, Any]) -> bool:
        """DisruptionTarget into the pod's status, as pkg/api/v1/pod UpdatePodCondition: an
        existing condition of that type is replaced in place, keeping its lastTransitionTime
        while the status stays; nothing is written when nothing changes (a retry)."""
        md = pod.get("metadata") or {}
        fresh = self.api.try_get("Pod", md.get("name", ""), md.get("namespace"))
        conds = [dict(c) for c in ((fresh or pod).get("status") or {}).get("conditions") or ()]
        new = {**CONDITION, "lastTransitionTime": self.clock.timestamp()}
        for i, c in enumerate(conds):
            if c.get("type") != CONDITION["type"]:
                continue
            if c.get("status") == new["status"]:
                new["lastTransitionTime"] = c.get("lastTransitionTime")
            if all(c.get(k) == new.get(k) for k in ("status", "reason", "message",
                                                     "lastTransitionTime")) \
                    and not c.get("lastProbeTime"):
                return False
            conds[i] = new
            break
        else:
            conds.append(new)
        self.api.patch("Pod", md.get("name", ""), {"status": {"conditions": conds}},
                       md.get("namespace"), subresource="status")
        return True


__all__ = ["CONDITION", "EVENT_REASON", "DeviceTaintEvictionController"]
