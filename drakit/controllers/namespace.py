"""The namespace controller: empties a Terminating namespace through the API, then finalizes it.

Why a controller rather than a cascade inside the API server: on a real cluster deleting a
namespace is a conversation. The registry only marks the namespace (deletionTimestamp, phase
Terminating); kube-controller-manager's namespace controller then deletes every namespaced
object through the API (pods terminate gracefully via their kubelet, claims are deallocated
and lose their finalizers via the resourceclaim controller, every deletion is a watch event
other components react to), reports progress in the namespace's status conditions, and only
when nothing is left removes its ``kubernetes`` finalizer through namespaces/<name>/finalize,
at which point the registry removes the namespace. Modelling it the same way keeps every
component's view consistent: the old instant cascade removed allocated claims behind the
scheduler's back, so their devices stayed "allocated" for ever.

Modelled on k/k pkg/controller/namespace/namespace_controller.go and
deletion/namespaced_resources_deleter.go + status_condition_utils.go (unchanged in the
parts used here from 1.30 to 1.37):

- ``Delete``: phase Terminating if needed (UpdateStatus); nothing to do once
  ``spec.finalizers`` is empty; else delete all content, update the conditions, and when
  nothing remains finalize with the ``kubernetes`` token removed (the rest sorted).
- Content per served namespaced resource: delete every item (background propagation), list
  what remains. Pods get an estimate (the largest terminationGracePeriodSeconds of
  non-terminal pods while the namespace's deletion is younger than it); remaining items
  with finalizers get the 15 s default estimate; remaining items with neither are an error
  ("unexpected items still remain in namespace: <ns> for gvr: <gvr>").
- Conditions (all five types, the "ok" variant with status False when nothing is wrong):
  NamespaceDeletionDiscoveryFailure, NamespaceDeletionGroupVersionParsingFailure,
  NamespaceDeletionContentFailure, NamespaceContentRemaining, NamespaceFinalizersRemaining.

Timing: upstream requeues a namespace with content left after ``estimate/2 + 1`` seconds
(ResourcesRemainingError, workqueue AddAfter) and watches Namespaces only, not their
content. drakit does the same on the logical clock: a Terminating namespace is looked at
when it changes and when its requeue time comes, so content that goes in between (a
finalizer removed) is noticed at the next poll, as on a real cluster (until stop 34 drakit
also synced on every watch event inside the namespace, which finalized it at once).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable
from typing import Any

from drakit.api import errors as E
from drakit.api.meta import parse_rfc3339
from drakit.apiserver import WatchEvent
from drakit.component import ComponentContext, note_cache_mismatch
from drakit.controllers.base import Controller
from drakit.kinds import KINDS, KindInfo

FINALIZER_TOKEN = "kubernetes"
"""The spec finalizer this controller owns (v1.FinalizerKubernetes)."""
FINALIZER_ESTIMATE_SECONDS = 15
"""Default wait for content held by finalizers (finalizerEstimateSeconds)."""

CONDITION_TYPES = (
    "NamespaceDeletionDiscoveryFailure",
    "NamespaceDeletionGroupVersionParsingFailure",
    "NamespaceDeletionContentFailure",
    "NamespaceContentRemaining",
    "NamespaceFinalizersRemaining",
)
OK_MESSAGES = {
    "NamespaceDeletionDiscoveryFailure": "All resources successfully discovered",
    "NamespaceDeletionGroupVersionParsingFailure": "All legacy kube types successfully parsed",
    "NamespaceDeletionContentFailure": "All content successfully deleted, may be waiting on "
                                       "finalization",
    "NamespaceContentRemaining": "All content successfully removed",
    "NamespaceFinalizersRemaining": "All content successfully removed",
}
OK_REASONS = {
    "NamespaceDeletionDiscoveryFailure": "ResourcesDiscovered",
    "NamespaceDeletionGroupVersionParsingFailure": "ParsedGroupVersions",
    "NamespaceDeletionContentFailure": "ContentDeleted",
    "NamespaceContentRemaining": "ContentRemoved",
    "NamespaceFinalizersRemaining": "ContentRemoved",
}


def gvr_string(info: KindInfo, version: str) -> str:
    """schema.GroupVersionResource.String(): ``resource.k8s.io/v1, Resource=resourceclaims``."""
    return f"{info.group}/{version}, Resource={info.plural}"


class NamespaceController(Controller):
    name = "namespace-controller"

    _CONTENT = ("Namespace",) + tuple(k for k, i in KINDS.items() if i.namespaced)

    @property  # type: ignore[override]
    def kinds(self) -> tuple[str, ...]:
        """Content events matter only while some namespace terminates (a sync lists the
        content anyway), so an idle controller watches namespaces alone."""
        return self._CONTENT if self.terminating else ("Namespace",)

    def __init__(self, ctx: ComponentContext) -> None:
        super().__init__(ctx)
        self.terminating: set[str] = set()
        self.requeue_at: dict[str, Any] = {}
        """namespace -> logical time of the next poll (content left, estimate/2 + 1 s)."""

    # ------------------------------------------------------------------ informer
    def sync(self) -> bool:
        did = super().sync()
        now = self.clock.now()
        due = sorted(ns for ns, at in self.requeue_at.items() if at <= now)
        for ns in due:
            self.requeue_at.pop(ns, None)
            did |= self._sync_guarded(ns)
        return did

    def _sync_guarded(self, name: str) -> bool:
        return self.guarded("Namespace", {"metadata": {"name": name}},
                            lambda _ref: self.sync_namespace(name))

    def resync(self) -> bool:
        self.terminating = {ns["metadata"]["name"] for ns in self.api.list("Namespace", copy=False)
                            if ns["metadata"].get("deletionTimestamp")}
        did = False
        for ns in sorted(self.terminating):
            did |= self._sync_guarded(ns)
        return did

    def handle(self, events: Iterable[WatchEvent]) -> bool:
        dirty: set[str] = set()
        for ev in events:
            md = ev.object.get("metadata") or {}
            if ev.kind == "Namespace":
                name = md.get("name", "")
                if ev.type == "DELETED":
                    self.terminating.discard(name)
                    self.requeue_at.pop(name, None)
                    dirty.discard(name)
                elif md.get("deletionTimestamp"):
                    self.terminating.add(name)
                    dirty.add(name)
            # the content of a terminating namespace is not watched (namespace_controller.go
            # has a Namespace informer only): what is left is looked at again when the
            # deleter's estimate says (requeue_at), not when it changes
        did = False
        for ns in sorted(dirty):
            did |= self._sync_guarded(ns)
        return did

    def compare_caches(self) -> list[str]:
        """The terminating set against the stored namespaces being deleted; a poll is
        scheduled only for one of them."""
        terminating = {ns["metadata"]["name"] for ns in self.api.list("Namespace", copy=False)
                       if ns["metadata"].get("deletionTimestamp")}
        out: list[str] = []
        note_cache_mismatch(out, "terminating namespaces", self.terminating, terminating)
        note_cache_mismatch(out, "namespaces polled for their content",
                            set(self.requeue_at) - terminating, set())
        return out

    # ------------------------------------------------------------------ the deleter
    def sync_namespace(self, name: str) -> bool:
        """namespacedResourcesDeleter.Delete; True when it wrote anything."""
        ns = self.api.try_get("Namespace", name)
        if ns is None or not ns["metadata"].get("deletionTimestamp"):
            self.terminating.discard(name)
            return False
        # upstream's updateNamespaceStatusFunc first sets phase Terminating; here the phase is
        # always set already: the registry's Delete writes it with the deletionTimestamp, and
        # ValidateNamespaceStatusUpdate refuses any other phase while the timestamp is set
        did = False
        if not (ns.get("spec") or {}).get("finalizers"):
            return did  # finalized: the registry removes it once metadata.finalizers are gone
        estimate, totals, errors, wrote = self._delete_all_content(ns)
        did |= wrote
        did |= self._update_conditions(ns, totals, errors)
        if estimate > 0 or errors:  # ResourcesRemainingError / an error: poll again later
            self.requeue_at[name] = self.clock.now() + _dt.timedelta(
                seconds=estimate // 2 + 1)
            return did
        self.requeue_at.pop(name, None)
        latest = self.api.try_get("Namespace", name)
        if latest is None:
            return True
        fins = sorted({f for f in (latest.get("spec") or {}).get("finalizers") or ()
                       if f != FINALIZER_TOKEN})
        latest.setdefault("spec", {})["finalizers"] = fins
        self._write(lambda o: self.api.update(o, subresource="finalize"), latest)
        return True

    def _delete_all_content(self, ns: dict) -> tuple[int, dict, list[str], bool]:
        """deleteAllContent: (estimate, remaining totals, content errors, wrote anything)."""
        name = ns["metadata"]["name"]
        deleted_at = parse_rfc3339(ns["metadata"]["deletionTimestamp"])
        now = self.clock.now()
        ctx = self.api.context()
        wrote = False
        estimate = 0
        remaining: dict[str, int] = {}
        by_finalizer: dict[str, int] = {}
        errors: list[str] = []
        for kind, info in KINDS.items():
            versions = info.served_versions(ctx)
            if not info.namespaced or not versions:
                continue
            est = 0
            if kind == "Pod":  # estimateGracefulTerminationForPods
                for pod in self.api.list("Pod", name, copy=False):
                    if (pod.get("status") or {}).get("phase") in ("Succeeded", "Failed"):
                        continue
                    grace = (pod.get("spec") or {}).get("terminationGracePeriodSeconds")
                    if isinstance(grace, int) and grace > est:
                        est = grace
                if (now - deleted_at).total_seconds() >= est:
                    est = 0
            failed = False
            for obj in self.api.list(kind, name, copy=False):
                # DeleteCollection with PropagationPolicy Background: the store deletes item
                # by item and answers the first refusal (NotFound is skipped); the deleter
                # then gives up on this resource for this pass, without counting what is
                # left (deleteAllContentForGroupVersionResource returns the error)
                try:
                    out = self.api.delete(kind, obj["metadata"]["name"], name, collection=True)
                except E.NotFound:
                    continue
                except E.StatusError as e:
                    errors.append(str(e))
                    failed = True
                    break
                wrote |= out["metadata"].get("resourceVersion") != \
                    obj["metadata"].get("resourceVersion")
            if failed:  # the estimate still counts (gvrDeletionMetadata with the error)
                estimate = max(estimate, est)
                continue
            left = self.api.list(kind, name, copy=False)
            if not left:
                continue
            counts: dict[str, int] = {}
            for obj in left:
                for f in obj["metadata"].get("finalizers") or ():
                    counts[f] = counts.get(f, 0) + 1
            key = f"{info.plural}.{info.group}"
            if est:
                remaining[key] = len(left)
            elif counts:
                est = FINALIZER_ESTIMATE_SECONDS
                remaining[key] = len(left)
            else:
                remaining[key] = len(left)
                errors.append(f"unexpected items still remain in namespace: {name} for gvr: "
                              f"{gvr_string(info, versions[0])}")
            for f, n in counts.items():
                by_finalizer[f] = by_finalizer.get(f, 0) + n
            estimate = max(estimate, est)
        return estimate, {"resources": remaining, "finalizers": by_finalizer}, errors, wrote

    def _update_conditions(self, ns: dict, totals: dict, errors: list[str]) -> bool:
        """namespaceConditionUpdater.Update + UpdateStatus when anything changed."""
        wanted: dict[str, tuple[str, str, str]] = {}
        if totals["resources"]:
            parts = sorted(f"{k} has {n} resource instances" for k, n in totals["resources"].items())
            wanted["NamespaceContentRemaining"] = (
                "True", "SomeResourcesRemain", "Some resources are remaining: " + ", ".join(parts))
        if totals["finalizers"]:
            parts = sorted(f"{f} in {n} resource instances" for f, n in totals["finalizers"].items())
            wanted["NamespaceFinalizersRemaining"] = (
                "True", "SomeFinalizersRemain",
                "Some content in the namespace has finalizers remaining: " + ", ".join(parts))
        if errors:
            wanted["NamespaceDeletionContentFailure"] = (
                "True", "ContentDeletionFailed",
                f"Failed to delete all resource types, {len(errors)} remaining: "
                + ", ".join(sorted(errors)))
        now = self.clock.timestamp()
        status = ns.setdefault("status", {})
        conds = status.setdefault("conditions", [])
        changed = False
        for ctype in CONDITION_TYPES:
            st, reason, message = wanted.get(ctype, ("False", OK_REASONS[ctype], OK_MESSAGES[ctype]))
            old = next((c for c in conds if c.get("type") == ctype), None)
            if old is None:
                conds.append({"type": ctype, "status": st, "lastTransitionTime": now,
                              "reason": reason, "message": message})
                changed = True
            elif (old.get("status"), old.get("reason"), old.get("message")) != (st, reason, message):
                if old.get("status") != st:
                    old["lastTransitionTime"] = now
                old.update(status=st, reason=reason, message=message)
                changed = True
        if not changed:
            return False
        try:  # upstream logs a failed condition update and carries on
            self.api.update_status(ns)
        except E.StatusError:
            return False
        return True

    def _write(self, fn: Any, obj: dict) -> dict | None:
        """One write of the namespace this sync has just read; None when it is refused.

        Upstream wraps these writes in retryOnConflictError (re-read the namespace, apply the
        same change, write again). Here no conflict can happen: the caller reads the
        namespace and writes it in one uninterrupted step of the only thread (``drakit serve``
        holds its lock over a whole loop iteration), so no other writer comes in between and
        the resourceVersion sent is always the stored one."""
        try:
            return fn(obj)
        except E.StatusError:
            return None

