"""Minimal Deployment and ReplicaSet controllers: enough for KEP manifests to run as written.

Why minimal: KEP-5729's example runs two Deployments whose pods share one claim per
PodGroup. drakit needs the ownership chain (Deployment -> ReplicaSet -> Pods, controller
ownerReferences with blockOwnerDeletion), the names (``<deployment>-<pod-template-hash>``,
``<replicaset>-<5 chars>``), the ``pod-template-hash`` label and scaling to
``spec.replicas``; both controllers claim what they own as upstream's ClaimObject does
(``claim_objects``: adopt orphans the selector matches, release what it stops matching), and a
Deployment takes the oldest ReplicaSet with its pod template as the new one and moves to the
next name on a collision. Rolling updates, surge, revision history and most status fields are
not modelled; the template hash is a stable FNV-1a of the template (upstream hashes the Go
struct, so the value differs from a live cluster's — scenarios must not assert it).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

from drakit.api import errors as E
from drakit.api.meta import (
    deep_copy,
    labels_match,
    parse_rfc3339,
    pod_deletion_cost,
    selector_from_dict,
)
from drakit.apiserver import WatchEvent
from drakit.controllers.base import Controller

ALPHABET = "bcdfghjklmnpqrstvwxz2456789"


def template_hash(template: dict, collision_count: int | None = None) -> str:
    """deployment/util ComputeHash in form: a 32-bit FNV-1a of the template, then of the
    Deployment's status.collisionCount when it has one, printed in decimal and each digit
    mapped through rand.SafeEncodeString's alphabet (so, as on a live cluster, at most 10
    characters of "456789bcdf"); the hashed bytes are drakit's JSON, not Go's DeepHashObject,
    so the value differs."""
    h = 0x811C9DC5
    data = json.dumps(template, sort_keys=True).encode()
    if collision_count is not None:
        data += int(collision_count).to_bytes(4, "little", signed=True)
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return "".join(ALPHABET[ord(ch) % len(ALPHABET)] for ch in str(h))


def _owner(obj: dict) -> dict:
    return {"apiVersion": obj["apiVersion"], "kind": obj["kind"], "name": obj["metadata"]["name"],
            "uid": obj["metadata"]["uid"], "controller": True, "blockOwnerDeletion": True}


def _has_controller(obj: dict) -> bool:
    return any(r.get("controller") for r in obj["metadata"].get("ownerReferences") or ())


def _owned_by(obj: dict, uid: str) -> bool:
    return any(r.get("controller") and r.get("uid") == uid
               for r in obj["metadata"].get("ownerReferences") or ())


def claim_objects(ctl: Controller, owner: dict, kind: str, objs: Iterable[dict],
                  sel: Any) -> tuple[list[dict] | None, bool]:
    """controller_ref_manager.go ClaimObject for each object (ClaimPods, ClaimReplicaSets): an
    object the owner controls and the selector matches is claimed; one it controls that the
    selector no longer matches is released (a patch that takes away the owner's reference,
    keeping the others); an orphan the selector matches is adopted (a patch that adds the
    owner's controller reference) unless the owner or the orphan is being deleted; an object
    another controller holds is left alone. A refused patch ends the owner's sync: retried
    with the work queue's backoff (None). Nothing is released while the owner is being
    deleted: the object keeps its controller reference and goes with the owner."""
    md_owner = owner["metadata"]
    uid = md_owner["uid"]
    deleting = bool(md_owner.get("deletionTimestamp"))
    claimed: list[dict] = []
    did = False
    for obj in objs:
        md = obj["metadata"]
        match = labels_match(md.get("labels"), sel)
        refs = md.get("ownerReferences") or []
        if _owned_by(obj, uid):
            if match:
                claimed.append(obj)
                continue
            if deleting:  # "Try to release, unless we're being deleted"
                continue
            verb, new_refs = "release", [r for r in refs if r.get("uid") != uid] or None
        elif _has_controller(obj) or deleting or not match or md.get("deletionTimestamp"):
            continue
        else:
            verb, new_refs = "adopt", [*refs, _owner(owner)]
        try:
            patched = ctl.api.patch(kind, md["name"], {"metadata": {"ownerReferences": new_refs}},
                                    md.get("namespace"))
            did = True
        except E.NotFound:
            continue
        except E.StatusError as e:
            ctl.retry_later(owner["kind"], owner, f"{verb} {_WORDS[kind]} {md['name']}: {e}")
            return None, did
        if verb == "adopt":
            claimed.append(patched)
    return claimed, did


_WORDS = {"Pod": "pod", "ReplicaSet": "replica set"}


class DeploymentController(Controller):
    name = "deployment-controller"
    kinds = ("Deployment", "ReplicaSet")

    def resync(self) -> bool:
        return self._all()

    def handle(self, events: Iterable[WatchEvent]) -> bool:
        return self._all()

    def _all(self) -> bool:
        did = False
        for d in self.api.list("Deployment"):
            did |= self.guarded("Deployment", d, self.sync_deployment)
        return did

    def sync_deployment(self, d: dict) -> bool:
        if d["metadata"].get("deletionTimestamp"):
            return False
        ns = d["metadata"].get("namespace")
        spec = d.get("spec") or {}
        template = deep_copy(spec.get("template") or {})
        collisions = (d.get("status") or {}).get("collisionCount")
        h = template_hash(template, collisions)
        name = f"{d['metadata']['name']}-{h}"
        replicas = int(spec.get("replicas", 1))
        owned, did = self._claim_replica_sets(d)
        if owned is None:
            return did
        # drakit's stand-in for a template the API server would serve defaulted (an object
        # stored past validation is not): the ReplicaSet made under this template's name
        rs = _find_new_replica_set(template, owned) or \
            next((r for r in owned if r["metadata"]["name"] == name), None)
        if rs is None:
            template.setdefault("metadata", {}).setdefault("labels", {})["pod-template-hash"] = h
            sel = deep_copy(spec.get("selector") or {})
            sel.setdefault("matchLabels", {})["pod-template-hash"] = h
            rs = {"apiVersion": "apps/v1", "kind": "ReplicaSet",
                  "metadata": {"name": name, "namespace": ns,
                               "labels": dict(template["metadata"]["labels"]),
                               "ownerReferences": [_owner(d)]},
                  "spec": {"replicas": replicas, "selector": sel, "template": template}}
            try:
                rs = self.api.create(rs)
                did = True
            except E.AlreadyExists:
                taken = self.api.try_get("ReplicaSet", name, ns)
                if taken is None or not _owned_by(taken, d["metadata"]["uid"]) or \
                        _without_hash((taken.get("spec") or {}).get("template") or {}) != \
                        _without_hash(template):
                    return self._bump_collision_count(d, collisions) or did
                rs = taken
            except E.StatusError as e:
                # sync.go getNewReplicaSet: a Warning event ReplicaSetCreateError on the
                # Deployment and the error back to the work queue (retried with backoff).
                # Not modelled: the Progressing condition (False, ReplicaSetCreateError) it
                # also writes, as drakit keeps no Deployment conditions at all.
                msg = f'Failed to create new replica set "{name}": {e}'
                self.retry_later("Deployment", d, msg)
                try:
                    self.api.record_event(d, "Warning", "ReplicaSetCreateError", msg, self.name)
                except E.StatusError:
                    return did
                return True
        elif int((rs.get("spec") or {}).get("replicas", 1)) != replicas:
            rs["spec"]["replicas"] = replicas
            try:
                self.api.update(rs)
                did = True
            except E.StatusError as e:
                # sync.go scaleReplicaSet: the error ends the sync and requeues the
                # Deployment with the work queue's backoff (no event)
                self.retry_later("Deployment", d, f"scale replica set {rs['metadata']['name']}: {e}")
                return did
        # older ReplicaSets of this Deployment scale to zero
        mine = [rs]
        for other in owned:
            if other["metadata"]["uid"] == rs["metadata"]["uid"]:
                continue
            mine.append(other)
            if int((other.get("spec") or {}).get("replicas", 1)) != 0:
                other["spec"]["replicas"] = 0
                try:
                    self.api.update(other)
                    did = True
                except E.StatusError as e:
                    self.retry_later("Deployment", d, f"scale replica set "
                                     f"{other['metadata']['name']}: {e}")
                    return did
        return self._write_status(d, rs, mine) or did

    def _bump_collision_count(self, d: dict, collisions: int | None) -> bool:
        """getNewReplicaSet: the name of the new ReplicaSet is another's (a hash collision, or
        the ReplicaSet of a Deployment deleted under the same name that the garbage collector
        has not removed yet): status.collisionCount goes up by one, which changes the hash, and
        the sync ends with the create's error (requeued; no event). drakit keeps no failure
        record for it: the status write is an event that syncs the Deployment again at once."""
        return self._put_status(d, lambda st: {**st, "collisionCount": int(collisions or 0) + 1})

    def _put_status(self, d: dict, new_status: Callable[[dict], dict]) -> bool:
        """Write the stored Deployment's status as ``new_status`` makes it from the stored one;
        a refused write is the sync's error (syncRolloutStatus / getNewReplicaSet: requeued
        with the work queue's backoff)."""
        fresh = self.api.try_get("Deployment", d["metadata"]["name"], d["metadata"].get("namespace"))
        if fresh is None:
            return False
        fresh["status"] = new_status(fresh.get("status") or {})
        try:
            self.api.update_status(fresh)
        except E.StatusError as e:
            self.retry_later("Deployment", d, f"update deployment status: {e}")
            return False
        return True

    def _claim_replica_sets(self, d: dict) -> tuple[list[dict] | None, bool]:
        """getReplicaSetsForDeployment: the namespace's ReplicaSets, claimed (ClaimReplicaSets)."""
        sel = selector_from_dict((d.get("spec") or {}).get("selector"))
        return claim_objects(self, d, "ReplicaSet", self.api.list("ReplicaSet", d["metadata"].get("namespace")), sel)

    def _write_status(self, d: dict, new_rs: dict, all_rs: list[dict]) -> bool:
        """deployment/sync.go calculateStatus, written whole (syncRolloutStatus /
        syncDeploymentStatus: only when it differs): replicas, readyReplicas,
        availableReplicas and terminatingReplicas summed over the Deployment's ReplicaSets'
        statuses, updatedReplicas the new ReplicaSet's status.replicas, unavailableReplicas
        the sum of their spec.replicas less the available ones (at least 0), observedGeneration,
        collisionCount kept, and the condition Available: True MinimumReplicasAvailable "Deployment
        has minimum availability." when availableReplicas reaches spec.replicas less
        maxUnavailable, else False MinimumReplicasUnavailable "Deployment does not have minimum
        availability." (SetDeploymentCondition: unchanged when status and reason are; the other
        conditions kept). Zero counts are left out (omitempty). Not modelled: the Progressing
        condition and its progressDeadlineSeconds."""
        def count(rs: dict, where: str, field: str) -> int:
            return int((rs.get(where) or {}).get(field) or 0)
        spec = d.get("spec") or {}
        available = sum(count(r, "status", "availableReplicas") for r in all_rs)
        total = sum(count(r, "spec", "replicas") for r in all_rs)
        status: dict[str, Any] = {"observedGeneration": d["metadata"].get("generation", 1)}
        for k, v in (("replicas", sum(count(r, "status", "replicas") for r in all_rs)),
                     ("updatedReplicas", count(new_rs, "status", "replicas")),
                     ("readyReplicas", sum(count(r, "status", "readyReplicas") for r in all_rs)),
                     ("availableReplicas", available),
                     ("unavailableReplicas", max(0, total - available))):
            if v:
                status[k] = v
        if self.gates.enabled("DeploymentReplicaSetTerminatingReplicas"):
            status["terminatingReplicas"] = sum(count(r, "status", "terminatingReplicas")
                                                for r in all_rs)
        old = d.get("status") or {}
        if old.get("collisionCount") is not None:
            status["collisionCount"] = old["collisionCount"]
        want = int(spec.get("replicas", 1))
        if available >= want - _max_unavailable(spec):
            cond = ("True", "MinimumReplicasAvailable", "Deployment has minimum availability.")
        else:
            cond = ("False", "MinimumReplicasUnavailable",
                    "Deployment does not have minimum availability.")
        conds = [dict(c) for c in old.get("conditions") or ()]
        cur = next((c for c in conds if c.get("type") == "Available"), None)
        if cur is None or (cur.get("status"), cur.get("reason")) != cond[:2]:
            now = self.clock.timestamp()
            new = {"type": "Available", "status": cond[0], "lastUpdateTime": now,
                   "lastTransitionTime": now, "reason": cond[1], "message": cond[2]}
            if cur is not None and cur.get("status") == cond[0]:
                new["lastTransitionTime"] = cur.get("lastTransitionTime")
            conds = [c for c in conds if c.get("type") != "Available"] + [new]
        status["conditions"] = conds
        if old == status:
            return False
        return self._put_status(d, lambda _stored: status)


class ReplicaSetController(Controller):
    name = "replicaset-controller"
    kinds = ("ReplicaSet", "Pod")

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.wake: dict[tuple[str, str], datetime] = {}
        """(namespace, name) of a ReplicaSet -> when a ready pod of it becomes available."""

    def resync(self) -> bool:
        return self._all()

    def sync(self) -> bool:
        did = super().sync()
        now = self.clock.now()
        due = [k for k, at in self.wake.items() if at < now]
        for ns, name in due:
            del self.wake[(ns, name)]
            rs = self.api.try_get("ReplicaSet", name, ns or None)
            if rs is not None:
                did |= self.guarded("ReplicaSet", rs, self.sync_rs)
        return did

    def handle(self, events: Iterable[WatchEvent]) -> bool:
        # upstream's pod handlers (replica_set.go addPod/updatePod/deletePod) enqueue the
        # owning ReplicaSet on any change of a pod it controls, e.g. new labels that take the
        # pod out of its selector, and the ReplicaSets whose selector matches an orphan
        # (getPodReplicaSets), which may adopt it
        if not any(ev.kind == "ReplicaSet" or ev.type == "DELETED" or
                   ev.object["metadata"].get("ownerReferences") or
                   (ev.kind == "Pod" and not _has_controller(ev.object))
                   for ev in events):
            return False
        return self._all()

    def _all(self) -> bool:
        did = False
        for rs in self.api.list("ReplicaSet"):
            did |= self.guarded("ReplicaSet", rs, self.sync_rs)
        return did

    def sync_rs(self, rs: dict) -> bool:
        # syncReplicaSet: a ReplicaSet being deleted still releases pods and has its status
        # written, but manageReplicas (create, delete) runs only while it has no deletionTimestamp
        deleting = bool(rs["metadata"].get("deletionTimestamp"))
        ns = rs["metadata"].get("namespace")
        uid = rs["metadata"]["uid"]
        sel = selector_from_dict((rs.get("spec") or {}).get("selector"))
        # replica_set.go syncReplicaSet: the namespace's active pods (FilterActivePods),
        # claimed (ClaimPods); a pod released no longer counts, so a replacement is made
        pods, did = claim_objects(self, rs, "Pod",
                                  [p for p in self.api.list("Pod", ns, copy=False) if _active(p)], sel)
        if pods is None:
            return did
        failed: str | None = None
        wrote = False  # events and the status: work, but not changes to the pods
        want = len(pods) if deleting else int((rs.get("spec") or {}).get("replicas", 1))
        template = (rs.get("spec") or {}).get("template") or {}
        for _ in range(want - len(pods)):
            pod = {"apiVersion": "v1", "kind": "Pod",
                   "metadata": {"generateName": f"{rs['metadata']['name']}-", "namespace": ns,
                                "labels": dict((template.get("metadata") or {}).get("labels") or {}),
                                "ownerReferences": [_owner(rs)]},
                   "spec": deep_copy(template.get("spec") or {})}
            ann = (template.get("metadata") or {}).get("annotations")
            if ann:
                pod["metadata"]["annotations"] = dict(ann)
            # controller_utils.go GetPodFromTemplate copies the template's finalizers too
            fin = (template.get("metadata") or {}).get("finalizers")
            if fin:
                pod["metadata"]["finalizers"] = list(fin)
            try:
                self.api.create(pod)
                did = True
            except E.StatusError as e:
                if _namespace_terminating(e):
                    # replica_set.go manageReplicas: the create closure turns this error into
                    # success ("any creation will fail"), and createPods records no event:
                    # no ReplicaFailure condition, no retry, the batch goes on
                    continue
                # controller_utils.go createPods: a Warning event "FailedCreate" on the
                # ReplicaSet, and slowStartBatch stops
                wrote |= self._event(rs, "FailedCreate", f"Error creating: {e}")
                failed = str(e)
                break
        if len(pods) > want:
            victims = sorted(pods, key=_deletion_rank(
                pods, self.gates.enabled("PodDeletionCost")))[: len(pods) - want]
            for p in victims:
                try:
                    self.api.delete("Pod", p["metadata"]["name"], ns)
                    did = True
                except E.NotFound:
                    pass  # manageReplicas: only the expectation is lowered
                except E.StatusError as e:
                    # controller_utils.go RealPodControl.DeletePod: a Warning event
                    # "FailedDelete" on the ReplicaSet; manageReplicas returns "unable to
                    # delete pods: <error>" (the first one)
                    wrote |= self._event(rs, "FailedDelete", f"Error deleting: {e}")
                    if failed is None:
                        failed = f"unable to delete pods: {e}"
        if failed is not None:
            # the sync returns manageReplicas' error: retried with the workqueue's backoff
            self.retry_later("ReplicaSet", rs, failed)
        reason = "FailedCreate" if want > len(pods) else "FailedDelete"
        # calculateStatus counts the pods as they are after this sync's creates and deletes
        # (upstream counts those it listed before, and the watch events of its own writes
        # sync it again: the status it rests at is the same). Terminating pods (a
        # deletionTimestamp, not Succeeded or Failed: FilterTerminatingPods) count only with
        # DeploymentReplicaSetTerminatingReplicas (beta and on since 1.35).
        mine = [p for p in self.api.list("Pod", ns, copy=False)
                if _owned_by(p, uid) and labels_match(p["metadata"].get("labels"), sel)]
        if did:
            pods = [p for p in mine if _active(p)]
        terminating = None
        if self.gates.enabled("DeploymentReplicaSetTerminatingReplicas"):
            terminating = sum(1 for p in mine if p["metadata"].get("deletionTimestamp")
                              and (p.get("status") or {}).get("phase") not in ("Succeeded", "Failed"))
        status = self._status(rs, pods, terminating, failed, reason)
        if (rs.get("status") or {}) != status:
            fresh = self.api.try_get("ReplicaSet", rs["metadata"]["name"], ns)
            if fresh is not None:
                # updateReplicaSetStatus: rs.Status = newStatus, the whole status
                fresh["status"] = status
                try:
                    self.api.update_status(fresh)
                    wrote = True
                except E.StatusError as e:
                    # syncReplicaSet returns the error: retried with the work queue's backoff
                    self.retry_later("ReplicaSet", rs, f"update replica set status: {e}")
        return did or wrote

    def _status(self, rs: dict, pods: list[dict], terminating: int | None, failed: str | None,
                reason: str) -> dict:
        """replica_set_utils.go calculateStatus as the API server serializes it: replicas
        always, fullyLabeledReplicas (pods carrying every label of the template),
        readyReplicas (Ready True) and availableReplicas (Ready for minReadySeconds:
        podutil.IsPodAvailable) only when not 0 (omitempty), terminatingReplicas when counted
        (a pointer: 0 is written), observedGeneration, conditions when any. When a ready pod
        is not yet available the ReplicaSet is synced again once it is (upstream's updatePod
        enqueues it minReadySeconds after the pod became ready)."""
        spec = rs.get("spec") or {}
        tlabels = ((spec.get("template") or {}).get("metadata") or {}).get("labels") or {}
        min_ready = int(spec.get("minReadySeconds") or 0)
        now = self.clock.now()
        labelled = ready = available = 0
        for p in pods:
            plabels = p["metadata"].get("labels") or {}
            if all(plabels.get(k) == v for k, v in tlabels.items()):
                labelled += 1
            since = _ready_since(p)
            if since is None:
                continue
            ready += 1
            if min_ready == 0:
                available += 1
            elif since is not False:
                at = since + timedelta(seconds=min_ready)
                if at < now:
                    available += 1
                else:
                    key = (rs["metadata"].get("namespace") or "", rs["metadata"]["name"])
                    self.wake[key] = min(self.wake.get(key, at), at)
        status: dict[str, Any] = {"replicas": len(pods)}
        for k, v in (("fullyLabeledReplicas", labelled), ("readyReplicas", ready),
                     ("availableReplicas", available)):
            if v:
                status[k] = v
        if terminating is not None:
            status["terminatingReplicas"] = terminating
        status["observedGeneration"] = rs["metadata"].get("generation", 1)
        conds = _failure_conditions(rs, failed, self.clock.timestamp(), reason)
        if conds:
            status["conditions"] = conds
        return status

    def _event(self, rs: dict, reason: str, message: str) -> bool:
        """True when the event was written."""
        try:
            self.api.record_event(rs, "Warning", reason, message, self.name)
            return True
        except E.StatusError:
            return False


def _find_new_replica_set(template: dict, owned: list[dict]) -> dict | None:
    """deploymentutil.FindNewReplicaSet: the oldest of the Deployment's ReplicaSets (by
    creationTimestamp, then name) whose pod template equals the Deployment's once the
    pod-template-hash label is left out of both (EqualIgnoreHash)."""
    want = _without_hash(template)
    for rs in sorted(owned, key=lambda r: (r["metadata"].get("creationTimestamp") or "",
                                           r["metadata"]["name"])):
        if _without_hash((rs.get("spec") or {}).get("template") or {}) == want:
            return rs
    return None


def _without_hash(template: dict) -> dict:
    t = deep_copy(template)
    labels = (t.get("metadata") or {}).get("labels")
    if isinstance(labels, dict):
        labels.pop("pod-template-hash", None)
        if not labels:
            del t["metadata"]["labels"]
    if t.get("metadata") == {}:
        del t["metadata"]
    return t


def _active(p: dict) -> bool:
    """controller.FilterActivePods: not Succeeded, not Failed, no deletionTimestamp."""
    return not p["metadata"].get("deletionTimestamp") and \
        (p.get("status") or {}).get("phase") not in ("Succeeded", "Failed")


def _ready_since(p: dict) -> datetime | bool | None:
    """None when the pod is not Ready (podutil.IsPodReady); else the lastTransitionTime of
    its Ready condition, False when it has none or an unreadable one (IsPodAvailable counts
    such a pod available only with minReadySeconds 0)."""
    cond = next((c for c in (p.get("status") or {}).get("conditions") or ()
                 if c.get("type") == "Ready"), None)
    if cond is None or cond.get("status") != "True":
        return None
    try:
        return parse_rfc3339(str(cond.get("lastTransitionTime")))
    except ValueError:
        return False


def _max_unavailable(spec: dict) -> int:
    """deployment/util MaxUnavailable: 0 unless RollingUpdate with replicas; else
    ResolveFenceposts' maxUnavailable (a percent of spec.replicas rounded down, 1 when it and
    maxSurge, rounded up, are both 0), at most spec.replicas."""
    strategy = spec.get("strategy") or {}
    replicas = int(spec.get("replicas", 1))
    if strategy.get("type", "RollingUpdate") != "RollingUpdate" or replicas == 0:
        return 0
    ru = strategy.get("rollingUpdate") or {}

    def scaled(v: Any, default: str, up: bool) -> int:
        v = default if v is None else v
        if isinstance(v, str) and v.endswith("%"):
            n = int(v[:-1]) * replicas
            return -(-n // 100) if up else n // 100
        return int(v)
    surge = scaled(ru.get("maxSurge"), "25%", True)
    unavailable = scaled(ru.get("maxUnavailable"), "25%", False)
    if surge == 0 and unavailable == 0:
        unavailable = 1
    return min(unavailable, replicas)


def _namespace_terminating(e: E.StatusError) -> bool:
    """apierrors.HasStatusCause(err, v1.NamespaceTerminatingCause)."""
    return any(c.get("reason") == "NamespaceTerminating"
               for c in (e.details or {}).get("causes") or ())


def _failure_conditions(rs: dict, failed: str | None, now: str,
                        reason: str) -> list[dict] | None:
    """replica_set_utils.go calculateStatus: a failed create or delete sets the condition
    ReplicaFailure (True, FailedCreate with too few pods, FailedDelete with too many, the
    error) unless one is set already; a sync without an error removes it. The other
    conditions are kept; None when none is left."""
    conds = [dict(c) for c in (rs.get("status") or {}).get("conditions") or ()]
    has = any(c.get("type") == "ReplicaFailure" for c in conds)
    if failed is not None and not has:
        conds.append({"type": "ReplicaFailure", "status": "True", "lastTransitionTime": now,
                      "reason": reason, "message": failed})
    elif failed is None and has:
        conds = [c for c in conds if c.get("type") != "ReplicaFailure"]
    return conds or None


_PHASE_RANK = {"Pending": 0, "Unknown": 1, "Running": 2}


def _deletion_rank(pods: list[dict], deletion_cost: bool) -> Callable[[dict], tuple]:
    """The order a ReplicaSet scales down in, first deleted first (pkg/controller
    controller_utils.go ActivePodsWithRanks.Less): unassigned before assigned, Pending before
    Unknown before Running, not ready before ready, with the PodDeletionCost gate a lower
    ``controller.kubernetes.io/pod-deletion-cost`` before a higher one (an unreadable value
    counts as 0), pods doubled up on a node before lone ones, the highest restart count of
    a container higher before lower, newer before older; the name last, so that the order is
    total (upstream leaves exact ties to the sort). Not modelled: how long a pod has been
    ready, and LogarithmicScaleDown's bucketing of ages by int64(log2(age in ns)), with the
    UID deciding within a bucket: pods scaled down soon after the newer ones were made, as in
    a scenario, fall in different buckets there too, but two pods whose ages share a
    power-of-two bucket go by UID there and by creation time here."""
    per_node: dict[str, int] = {}
    for p in pods:
        node = (p.get("spec") or {}).get("nodeName") or ""
        if node:
            per_node[node] = per_node.get(node, 0) + 1

    def ready(p: dict) -> bool:
        return any(c.get("type") == "Ready" and c.get("status") == "True"
                   for c in (p.get("status") or {}).get("conditions") or ())

    def restarts(p: dict) -> int:
        # maxContainerRestarts: the largest restartCount of the pod's containers
        return max((int(cs.get("restartCount") or 0)
                    for cs in (p.get("status") or {}).get("containerStatuses") or ()), default=0)

    def cost(p: dict) -> int:
        return (pod_deletion_cost(p["metadata"].get("annotations")) or 0) if deletion_cost else 0

    def key(p: dict) -> tuple:
        node = (p.get("spec") or {}).get("nodeName") or ""
        created = _epoch(p["metadata"].get("creationTimestamp"))
        return (bool(node), _PHASE_RANK.get((p.get("status") or {}).get("phase") or "", 0),
                ready(p), cost(p), -per_node.get(node, 0), -restarts(p),
                # newer first; a pod without a timestamp before any other
                created is not None, -(created or 0), p["metadata"]["name"])
    return key


def _epoch(stamp: Any) -> float | None:
    """An RFC 3339 creationTimestamp in seconds (None when absent or unreadable)."""
    try:
        # fromisoformat reads RFC 3339's "Z" from Python 3.11 on (requires-python)
        return datetime.fromisoformat(str(stamp)).timestamp() if stamp else None
    except ValueError:
        return None
