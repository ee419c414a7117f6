"""The garbage collector: background cascading deletion through ownerReferences.

Why: DRA objects die by ownership — a pod's template claims and its KEP-5004 special claim,
a PodGroup's claims (KEP-5729), a Deployment's ReplicaSets and pods. Upstream
(pkg/controller/garbagecollector) keeps a graph of owners and dependents from informers
and deletes a dependent once *none* of its owners exists any more (an owner is matched by
uid; a same-named object with another uid is not the owner). drakit does the same with an
index owner-uid -> dependents built from the watch; deletion is "background" (the
dependent is deleted with a normal DELETE, so its finalizers still run).

A namespaced owner counts only in its dependent's namespace: an ownerReference whose uid is
an object of a namespaced kind in another namespace is treated as absent, and reported once
as a Warning event OwnerRefInvalidNamespace on the dependent (graph_builder.go
addDependentToOwners / reportInvalidNamespaceOwnerRef, since 1.20).
"""

from __future__ import annotations

from collections.abc import Iterable

from drakit.api import errors as E
from drakit.apiserver import WatchEvent
from drakit.component import ComponentContext, note_cache_mismatch
from drakit.controllers.base import Controller
from drakit.kinds import KINDS

Ref = tuple[str, str, str]  # kind, namespace, name


class GarbageCollector(Controller):
    name = "garbage-collector"
    kinds = tuple(k for k in KINDS if k not in ("Event",))

    def __init__(self, ctx: ComponentContext) -> None:
        super().__init__(ctx)
        self.uids: dict[str, Ref] = {}
        self.dependents: dict[str, set[Ref]] = {}
        self.owners: dict[Ref, list[dict]] = {}
        # (dependent uid, owner uid) already reported as OwnerRefInvalidNamespace
        self.reported: set[tuple[str, str]] = set()

    def _ref(self, kind: str, obj: dict) -> Ref:
        md = obj["metadata"]
        return (kind, md.get("namespace") or "", md["name"])

    def _observe(self, kind: str, obj: dict, deleted: bool) -> None:
        ref = self._ref(kind, obj)
        uid = obj["metadata"].get("uid", "")
        for o in self.owners.pop(ref, []):
            self.dependents.get(o.get("uid", ""), set()).discard(ref)
        if deleted:
            if self.uids.get(uid) == ref:
                del self.uids[uid]
            return
        self.uids[uid] = ref
        owners = list(obj["metadata"].get("ownerReferences") or [])
        # read every owner's uid before caching any: ownerReferences the API server would
        # refuse (stored past validation) raise here and leave the graph as it was, so the
        # object's next version is observed cleanly instead of failing on the cached ones
        owner_uids = [o.get("uid", "") for o in owners]
        if owners:
            self.owners[ref] = owners
            for o_uid in owner_uids:
                self.dependents.setdefault(o_uid, set()).add(ref)

    def _in_other_namespace(self, dep: Ref, owner: dict) -> bool:
        """The owner's uid is an object of a namespaced kind outside the dependent's namespace."""
        ref = self.uids.get(owner.get("uid", ""))
        info = KINDS.get(owner.get("kind", ""))
        return ref is not None and info is not None and info.namespaced and ref[1] != dep[1]

    def _owner_exists(self, dep: Ref, owner: dict) -> bool:
        return owner.get("uid", "") in self.uids and not self._in_other_namespace(dep, owner)

    def _report_invalid_namespace(self, dep: Ref, obj: dict, owners: list[dict]) -> None:
        """reportInvalidNamespaceOwnerRef: "ownerRef [<apiVersion>/<kind>, namespace: <ns>,
        name: <name>, uid: <uid>] does not exist in namespace "<ns>"" (objectReference.String,
        with the dependent's namespace)."""
        uid = obj["metadata"].get("uid", "")
        for o in owners:
            key = (uid, o.get("uid", ""))
            if key in self.reported or not self._in_other_namespace(dep, o):
                continue
            self.reported.add(key)
            msg = (f"ownerRef [{o.get('apiVersion', '')}/{o.get('kind', '')}, namespace: {dep[1]}, "
                   f"name: {o.get('name', '')}, uid: {o.get('uid', '')}] does not exist in "
                   f'namespace "{dep[1]}"')
            try:
                self.api.record_event(obj, "Warning", "OwnerRefInvalidNamespace", msg,
                                      "garbage-collector-controller")
            except E.StatusError:
                pass

    def _collect(self, dep: Ref) -> bool:
        """attemptToDeleteItem: a dependent being deleted is left alone; with no owner left
        the dependent is deleted; with one left (solid) the references to owners that are
        gone (dangling: not found, another uid, or in another namespace) are removed from it
        with a patch."""
        owners = self.owners.get(dep)
        if not owners:
            return False
        invalid = any(self._in_other_namespace(dep, o) for o in owners)
        dangling = [o for o in owners if not self._owner_exists(dep, o)
                    and o.get("kind", "") in KINDS]
        if not dangling:
            return False
        kind, ns, name = dep
        obj = self.api.try_get(kind, name, ns or None)
        if obj is None:
            return False
        if invalid:
            self._report_invalid_namespace(dep, obj, owners)  # the graph builder's, whatever the state
        if obj["metadata"].get("deletionTimestamp"):
            # "being deleted" is a one-way trip: attemptToDeleteItem returns at once, before it
            # looks at the owners (no second DELETE, no patch of the references)
            return False
        if not ns and any(KINDS[o["kind"]].namespaced for o in owners if o.get("kind") in KINDS):
            # isDangling: a cluster-scoped item naming a namespaced owner is an error no retry
            # resolves (namespacedOwnerOfClusterScopedObjectErr): never collected, forgotten
            return False
        if len(dangling) < len(owners):
            gone = {o.get("uid", "") for o in dangling}
            refs = [r for r in obj["metadata"].get("ownerReferences") or ()
                    if r.get("uid", "") not in gone]
            try:
                self.api.patch(kind, name, {"metadata": {"ownerReferences": refs or None}},
                               ns or None)
                return True
            except E.NotFound:
                return False
            except E.StatusError as e:
                self._refused(dep, e)
                return False
        try:
            self.api.delete(kind, name, ns or None)
            return True
        except E.NotFound:
            return False
        except E.StatusError as e:
            self._refused(dep, e)
            return False

    def _refused(self, dep: Ref, err: E.StatusError) -> None:
        """attemptToDeleteWorker: an error other than NotFound is logged ("error syncing
        item") and the item requeued with the queue's backoff; no event."""
        kind, ns, name = dep
        self.retry_later(kind, {"metadata": {"name": name, "namespace": ns}},
                         f"error syncing item {kind} {ns}/{name}: {err}")

    def resync(self) -> bool:
        for kind in self.kinds:
            if not self.api.served(kind):
                continue
            for obj in self.api.list(kind, copy=False):
                self.guarded(kind, obj, self._observe_one, kind)
        did = False
        for dep in list(self.owners):
            did |= self._collect_guarded(dep)
        return did

    def compare_caches(self) -> list[str]:
        """The dependency graph (uidToNode, owners, dependents) against the stored objects."""
        uids: dict[str, Ref] = {}
        owners: dict[Ref, list[dict]] = {}
        dependents: dict[str, set[Ref]] = {}
        for kind in self.kinds:
            if not self.api.served(kind):
                continue
            for obj in self.api.list(kind, copy=False):
                ref = self._ref(kind, obj)
                uids[obj["metadata"].get("uid", "")] = ref
                refs = list(obj["metadata"].get("ownerReferences") or [])
                if refs:
                    owners[ref] = refs
                    for o in refs:
                        dependents.setdefault(o.get("uid", ""), set()).add(ref)
        out: list[str] = []
        note_cache_mismatch(out, "objects by uid", self.uids, uids)
        note_cache_mismatch(out, "owner references", self.owners, owners)
        note_cache_mismatch(out, "dependents by owner uid",
                            {u: d for u, d in self.dependents.items() if d}, dependents)
        return out

    def _observe_one(self, obj: dict, kind: str) -> bool:
        self._observe(kind, obj, False)
        return False

    def _collect_guarded(self, dep: Ref) -> bool:
        kind, ns, name = dep
        ref = {"metadata": {"name": name, "namespace": ns}}
        return self.guarded(kind, ref, lambda _ref: self._collect(dep))

    def handle(self, events: Iterable[WatchEvent]) -> bool:
        check: set[Ref] = set()
        for ev in events:
            self._observe(ev.kind, ev.object, ev.type == "DELETED")
            ref = self._ref(ev.kind, ev.object)
            if ev.type == "DELETED":
                check |= self.dependents.get(ev.object["metadata"].get("uid", ""), set())
            elif ref in self.owners:
                check.add(ref)
        did = False
        for dep in sorted(check):
            did |= self._collect_guarded(dep)
        return did
