"""Minimal Deployment and ReplicaSet controllers: enough for KEP manifests to run as written.

Why minimal: KEP-5729's example runs two Deployments whose pods share one claim per
PodGroup. drakit needs the ownership chain (Deployment -> ReplicaSet -> Pods, controller
ownerReferences with blockOwnerDeletion), the names (``<deployment>-<pod-template-hash>``,
``<replicaset>-<5 chars>``), the ``pod-template-hash`` label and scaling to
``spec.replicas``. Rolling updates, surge, revision history and most status fields are not
modelled; the template hash is a stable FNV-1a of the template (upstream hashes the Go
struct, so the value differs from a live cluster's — scenarios must not assert it).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from drakit.api import errors as E
from drakit.api.meta import deep_copy, labels_match, pod_deletion_cost, selector_from_dict
from drakit.apiserver import WatchEvent
from drakit.controllers.base import Controller

ALPHABET = "bcdfghjklmnpqrstvwxz2456789"


def template_hash(template: dict) -> str:
    """deployment/util ComputeHash in form: a 32-bit FNV-1a of the template, printed in decimal
    and each digit mapped through rand.SafeEncodeString's alphabet (so, as on a live cluster,
    at most 10 characters of "456789bcdf"); the hashed bytes are drakit's JSON, not Go's
    DeepHashObject, so the value differs."""
    h = 0x811C9DC5
    for b in json.dumps(template, sort_keys=True).encode():
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return "".join(ALPHABET[ord(ch) % len(ALPHABET)] for ch in str(h))


def _owner(obj: dict) -> dict:
    return {"apiVersion": obj["apiVersion"], "kind": obj["kind"], "name": obj["metadata"]["name"],
            "uid": obj["metadata"]["uid"], "controller": True, "blockOwnerDeletion": True}


def _owned_by(obj: dict, uid: str) -> bool:
    return any(r.get("controller") and r.get("uid") == uid
               for r in obj["metadata"].get("ownerReferences") or ())


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
        h = template_hash(template)
        name = f"{d['metadata']['name']}-{h}"
        rs = self.api.try_get("ReplicaSet", name, ns)
        replicas = int(spec.get("replicas", 1))
        did = False
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
                self.api.create(rs)
                did = True
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
                    return False
                return True
        elif int((rs.get("spec") or {}).get("replicas", 1)) != replicas:
            rs["spec"]["replicas"] = replicas
            try:
                self.api.update(rs)
                did = True
            except E.StatusError:
                pass
        # older ReplicaSets of this Deployment scale to zero
        for other in self.api.list("ReplicaSet", ns):
            if other["metadata"]["name"] != name and _owned_by(other, d["metadata"]["uid"]) and \
                    int((other.get("spec") or {}).get("replicas", 1)) != 0:
                other["spec"]["replicas"] = 0
                try:
                    self.api.update(other)
                    did = True
                except E.StatusError:
                    pass
        return did


class ReplicaSetController(Controller):
    name = "replicaset-controller"
    kinds = ("ReplicaSet", "Pod")

    def resync(self) -> bool:
        return self._all()

    def handle(self, events: Iterable[WatchEvent]) -> bool:
        # upstream's pod handlers (replica_set.go addPod/updatePod/deletePod) enqueue the
        # owning ReplicaSet on any change of a pod it controls, e.g. new labels that take the
        # pod out of its selector
        if not any(ev.kind == "ReplicaSet" or ev.type == "DELETED" or
                   ev.object["metadata"].get("ownerReferences")
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
        owned = [p for p in self.api.list("Pod", ns, copy=False)
                 if _owned_by(p, uid) and not p["metadata"].get("deletionTimestamp")
                 and (p.get("status") or {}).get("phase") not in ("Succeeded", "Failed")]
        pods = [p for p in owned if labels_match(p["metadata"].get("labels"), sel)]
        did = False
        # pkg/controller/controller_ref_manager.go ClaimPods: a pod the ReplicaSet controls
        # whose labels no longer match its selector is released (its controller reference
        # removed) and stops counting, so a replacement is made
        for p in owned:
            if p in pods:
                continue
            refs = [r for r in p["metadata"].get("ownerReferences") or () if r.get("uid") != uid]
            try:
                self.api.patch("Pod", p["metadata"]["name"],
                               {"metadata": {"ownerReferences": refs or None}}, ns)
                did = True
            except E.StatusError:
                pass
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
        status = {"replicas": len(pods) + max(0, want - len(pods)) if did else len(pods),
                  "observedGeneration": rs["metadata"].get("generation", 1),
                  "conditions": _failure_conditions(
                      rs, failed, self.clock.timestamp(),
                      "FailedCreate" if want > len(pods) else "FailedDelete")}
        if failed is not None:
            # the sync returns manageReplicas' error: retried with the workqueue's backoff
            self.retry_later("ReplicaSet", rs, failed)
        if {k: (rs.get("status") or {}).get(k) for k in status} != status:
            fresh = self.api.try_get("ReplicaSet", rs["metadata"]["name"], ns)
            if fresh is not None:
                merged = {**(fresh.get("status") or {}), **status}
                fresh["status"] = {k: v for k, v in merged.items() if v is not None}
                try:
                    self.api.update_status(fresh)
                    wrote = True
                except E.StatusError:
                    pass
        return did or wrote

    def _event(self, rs: dict, reason: str, message: str) -> bool:
        """True when the event was written."""
        try:
            self.api.record_event(rs, "Warning", reason, message, self.name)
            return True
        except E.StatusError:
            return False


def _namespace_terminating(e: E.StatusError) -> bool:
    """apierrors.HasStatusCause(err, v1.NamespaceTerminatingCause)."""
    return any(c.get("reason") == "NamespaceTerminating"
               for c in (e.details or {}).get("causes") or ())


def _failure_conditions(rs: dict, failed: str | None, now: str,
                        reason: str = "FailedCreate") -> list[dict] | None:
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
        return datetime.fromisoformat(str(stamp).replace("Z", "+00:00")).timestamp() if stamp else None
    except ValueError:
        return None
